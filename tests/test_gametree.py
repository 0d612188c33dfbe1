"""GameTreeBoard: a game given by its tree, checked when it is built."""

from __future__ import annotations

from typing import Any

import pytest

from oogames import PASS, BoardOptionError, IllegalMoveError, MinMax, MinMaxFac
from oogames.games import GameTreeBoard, Pass, Static, static_value


@pytest.mark.parametrize("tree", ["win", {}, {1: "X"}, {"a": {}}, {"a": True}, Pass("nobody")])
def test_malformed_trees_are_refused(tree: Any) -> None:
    """Leaves are X, O or draw; positions have string moves; an empty position is a Pass."""
    with pytest.raises(BoardOptionError):
        GameTreeBoard(tree)


def test_moves_passes_and_static_values() -> None:
    """Branches are moves, a Pass node is passed, Static values are read from both views."""
    board = GameTreeBoard({"a": Pass(Static(5, {"b": "X"})), "c": "draw"})
    assert board.legal_moves() == ["a", "c"] and board.to_move == 0
    board.play("a")
    assert board.legal_moves() == [] and board.can_pass()
    board.play(PASS)
    assert board.to_move == 0 and static_value(board, 0) == 5 and static_value(board, 1) == -5
    with pytest.raises(IllegalMoveError, match="no such branch"):
        board.play("z")
    assert str(board) == "at a pass\nMAX to move"
    board.play(board.parse_move("b"))
    assert board.winner == 0


def test_a_finished_root_and_search() -> None:
    """A leaf as the root is a finished game; a search of a tree finds the minimax value."""
    assert GameTreeBoard("draw").is_over
    result = MinMax(MinMaxFac()).analyze(GameTreeBoard({"a": {"x": "O"}, "b": {"y": "X"}}))
    assert result.move == "b" and result.pv == ("b", "y")


def test_one_table_serves_two_trees_of_the_same_shape_without_mixing_them() -> None:
    """A position's key names its tree: one strategy with a table, reused on two trees whose
    paths are the same and whose leaves differ, gives each its own value (the key was the
    path alone, and the second tree got the first one's value)."""
    from oogames.nextmove.specs import make_strategy

    searcher = make_strategy("alphabeta+tt", lambda board, player: 0.0)
    first = GameTreeBoard({"L": {"a": 3, "b": 5}, "R": {"a": 2, "b": 9}})
    second = GameTreeBoard({"L": {"a": -3, "b": -5}, "R": {"a": -2, "b": -9}})
    assert searcher.analyze(first).value == 3
    assert searcher.analyze(second).value == -5
    assert searcher.analyze(second).value == -5  # the table's own entries, read back


@pytest.mark.parametrize(
    ("tree", "outcome"),
    [
        ({"a": {"x": (0.0, 1.0)}, "b": (0.0, 1.0)}, "0"),  # shares, as Pig's: 0 is a loss
        ({"a": (0.5, 0.5), "b": (0.0, 1.0)}, "0.5"),
        ({"a": 0, "b": -1}, "draw"),  # zero-sum numbers
        ({"a": (0.0, 0.0), "b": (-1.0, 1.0)}, "draw"),  # zero-sum payoffs
        ({"a": (0.0, 1.0), "b": {"x": (1.0, 0.0), "y": (0.0, 1.0)}}, "0"),  # player 1 takes y
    ],
)
def test_an_exact_0_is_a_draw_only_in_a_zero_sum_game(tree: Any, outcome: str) -> None:
    """Every strategy the grammar makes of its searches and drivers (each base with every
    set of the enhancements it takes, to the end, at depth 5 and on a clock) tells the
    value of two players' game by its kind: 0 is a draw where the payoffs add up to 0, and
    a payoff (a loss) where they are shares (a two-player game of shares had its 0 told as
    a draw). Each strategy fresh and reused, the board as it was after each search."""
    import itertools

    from oogames.errors import StrategySpecError
    from oogames.nextmove.grammar import DRIVERS, SEARCHES, enhancements_of
    from oogames.nextmove.specs import make_strategy

    checked = refused = 0
    for base in (*SEARCHES, *DRIVERS):
        names = list(enhancements_of(base))
        for chosen in itertools.chain.from_iterable(
            itertools.combinations(names, size) for size in range(len(names) + 1)
        ):
            for tail in ("", ":5", "@5"):
                spec = base + "".join(f"+{name}" for name in chosen) + tail
                try:
                    searcher = make_strategy(spec, static_value)
                except StrategySpecError as error:  # +aspiration without a clock, or on mtdf
                    why = ("+aspiration needs a clock", "mtdf searches with null windows")
                    assert "aspiration" in spec and any(w in str(error) for w in why), spec
                    refused += 1
                    continue
                for _ in range(2):
                    board = GameTreeBoard(tree)
                    result = searcher.analyze(board)
                    assert result.exact and result.outcome() == outcome, spec
                    assert board.ply == 0 and board.key() == GameTreeBoard(tree).key(), spec
                    checked += 1
    assert (checked, refused) == (2 * 410, 208)
