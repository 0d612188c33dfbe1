"""The scripts in demos/ run to the end and print what they promise."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

DEMOS = Path(__file__).resolve().parent.parent / "demos"


def run(name: str, *args: str) -> str:
    """Run one demo script and return its output."""
    done = subprocess.run(
        [sys.executable, str(DEMOS / name), *args], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_custom_game_demo_plays_the_21_game_to_a_first_player_win() -> None:
    """The 21 game tutorial game: A opens with 1 (the only winning move) and wins."""
    text = run("custom_game.py")
    assert "A adds 1 (win in 11" in text
    assert text.rstrip().endswith("A has won")


def test_custom_strategy_demo_never_loses_to_random() -> None:
    """Win-or-block beats the random players it meets and draws with alpha-beta moving second."""
    text = run("custom_strategy.py")
    assert "win-or-block vs alphabeta: draw" in text
    assert text.count("vs random") == 3 and "O has won" not in text.split("vs alphabeta")[0]


def test_strategy_match_demo_prints_a_row_per_board() -> None:
    """The match demo prints a table with one row per board size."""
    text = run("strategy_match.py", "alphabeta:1", "random")
    assert "3x3 k=3" in text and "4x4 k=3" in text and "5x5 k=4" in text


def test_teaching_tools_demo_draws_compares_and_finds_a_strategy(tmp_path: Path) -> None:
    """The teaching demo prints a traced tree, a comparison and B's winning strategy."""
    text = run("teaching_tools.py", str(tmp_path))
    assert "O to move; 20 nodes, 4 cut-offs; best c1 = -2" in text
    assert "negamax-ab:3" in text and "B can win this way:" in text
    assert "A (moving first): no" in text
    assert any(tmp_path.glob("alphabeta.*"))


def test_custom_accumulator_keeps_minimax_values_and_nodes_and_prefers_on_ties() -> None:
    """The tutorial's accumulator: minimax's value and node count on random positions; the
    move it keeps is a best move that the preference likes at least as much as minimax's."""
    import random

    sys.path.insert(0, str(DEMOS))
    from custom_accumulator import PreferringFac, centre_first
    from helpers import count, searchable

    from oogames import MinMax, TicTacToeBoard
    from oogames.nextmove import MinMaxFac

    rng = random.Random(5)
    for _ in range(40):
        board = searchable(TicTacToeBoard, [rng.randrange(9) for _ in range(rng.randrange(1, 7))])
        plain = MinMax(MinMaxFac()).analyze(board)
        preferring = MinMax(PreferringFac(centre_first)).analyze(board)
        assert (preferring.value, preferring.stats.nodes) == (plain.value, plain.stats.nodes)
        assert centre_first(preferring.move) >= centre_first(plain.move)
        count("the tutorial's accumulator = minimax, preferring on ties")
    assert "preferring  plays b2" in run("custom_accumulator.py")
