"""Iterative deepening under budgets, and the NAME[:DEPTH][@SECONDS] grammar (no clock asserted)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import count, mobility, searchable, snapshot

from conftest import BOARD_FACTORIES
from oogames import AlphaBetaFac, DepthFac, MinMax, MinMaxFac, SearchStopped, StrategySpecError
from oogames.game import GameModel, GameSettings, PlayerSpec, load_game, save_game
from oogames.games import ConnectFourBoard, TicTacToeBoard
from oogames.nextmove import IterativeDeepening
from oogames.nextmove.enhancements.deepening import _RootRecord
from oogames.nextmove.specs import make_factory, make_strategy, parse_spec, with_depth


def deepening(**budget: Any) -> IterativeDeepening:
    """Alpha-beta deepened with the generic mobility evaluation."""
    return IterativeDeepening(lambda depth: DepthFac(AlphaBetaFac(), depth, mobility), **budget)


def test_deepening_to_a_depth_plays_the_depth_limited_move() -> None:
    """Capped at depth d, the move and value are those of alpha-beta:d, on random positions."""
    rng = random.Random(4)
    names = sorted(BOARD_FACTORIES)
    for case in range(60):
        board = searchable(
            BOARD_FACTORIES[names[case % len(names)]], [rng.randrange(50) for _ in range(6)]
        )
        depth = rng.randint(1, 3)
        before = snapshot(board)
        deep = deepening(max_depth=depth).analyze(board)
        plain = MinMax(DepthFac(AlphaBetaFac(), depth, mobility)).analyze(board)
        assert snapshot(board) == before
        assert (deep.move, deep.value) == (plain.move, plain.value), f"case {case}"
        assert deep.stats.depth_reached is not None and deep.stats.depth_reached <= depth
        count("deepening to d = alpha-beta:d")


def test_a_node_budget_is_kept_and_the_last_completed_depth_is_played() -> None:
    """With N nodes, no depth past the budget counts, and the move is that of the depth reached."""
    board = ConnectFourBoard.from_moves("4433")
    for budget in (1, 50, 500, 5_000):
        result = deepening(nodes=budget).analyze(board)
        reached = result.stats.depth_reached
        assert reached is not None
        plain = MinMax(DepthFac(AlphaBetaFac(), reached, mobility)).analyze(board)
        assert result.move == plain.move
        below = sum(
            MinMax(DepthFac(AlphaBetaFac(), d, mobility)).analyze(board).stats.nodes
            for d in range(1, reached + 1)
        )
        assert result.stats.nodes == below
        assert reached == 1 or below <= budget  # depth 1 is always finished
    assert deepening(nodes=5_000).analyze(board).stats.depth_reached > 2  # type: ignore[operator]


def test_move_now_returns_the_move_of_the_last_completed_depth() -> None:
    """move_now() during depth 3: no deeper depth starts; the move of the last depth completed."""
    board = ConnectFourBoard.from_moves("44")
    root = board.ply
    calls = 0
    strategy: IterativeDeepening

    def evaluate(position: Any, player: int) -> float:
        nonlocal calls
        calls += 1
        if position.ply == root + 3 and calls > 60:
            strategy.move_now()
        return float(len(position.legal_moves()))

    strategy = IterativeDeepening(lambda d: DepthFac(AlphaBetaFac(), d, evaluate), max_depth=6)
    before = snapshot(board)
    result = strategy.analyze(board)
    reached = result.stats.depth_reached
    assert snapshot(board) == before and reached in (2, 3)  # 3 if it ended before the next poll
    assert result.move == MinMax(DepthFac(AlphaBetaFac(), reached, evaluate)).analyze(board).move


def test_a_solved_position_stops_deepening() -> None:
    """A tree searched to its end (or a proven win) ends the deepening at once."""
    result = deepening(seconds=60).analyze(TicTacToeBoard.from_moves("b2 a1 c3 a3"))
    assert result.outcome().startswith(("win", "loss", "draw"))
    assert result.stats.seconds < 60


def test_the_grammar_reads_names_depths_and_clocks() -> None:
    """NAME, NAME:DEPTH, NAME@SECONDS and NAME:DEPTH@SECONDS, any case, spaces around."""
    assert parse_spec(" AlphaBeta ") == ("alphabeta", None, None)
    assert parse_spec("minimax:3") == ("minimax", 3, None)
    assert parse_spec("alphabeta@2") == ("alphabeta", None, 2.0)
    assert parse_spec("negamax-ab:7@0.25") == ("negamax-ab", 7, 0.25)
    assert make_strategy("alphabeta:5@0.5", mobility).name == "alphabeta:5@0.5"
    assert with_depth("alphabeta@1", 3) == "alphabeta@1"  # a clock takes no default depth


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphabeta@", "the clock in 'alphabeta@'"),
        ("alphabeta@0", "must be seconds over 0"),
        ("alphabeta@-1", "must be seconds over 0"),
        ("alphabeta@1e3", "must be seconds over 0"),
        ("alphabeta@²", "must be seconds over 0"),
        ("alphabeta@99999999", "at most 86,400"),
        ("alphabeta:0@1", "from 1 to 10,000"),
        ("random@1", "random takes no depth or clock"),
        ("human:2", "human takes no depth or clock"),
        ("wizard@1", "unknown strategy"),
    ],
)
def test_the_grammar_refuses_in_one_line(spec: str, message: str) -> None:
    """Each bad spec is one StrategySpecError line naming what is wrong."""
    with pytest.raises(StrategySpecError, match=message) as refused:
        PlayerSpec.parse(spec)
    assert "\n" not in str(refused.value)


def test_a_clock_is_refused_where_a_factory_is_needed() -> None:
    """tree and the factories take depths only: a clock there is a clear error."""
    with pytest.raises(StrategySpecError, match="a clock"):
        make_factory("alphabeta@1", mobility)


def test_timed_players_are_saved_and_loaded(tmp_path: Any) -> None:
    """A player with a clock goes to the save file and comes back the same."""
    settings = GameSettings(
        "connectfour", players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta:6@0.05"))
    )
    model = GameModel(settings)
    model.play("4")
    assert model.results[2].stats.depth_reached is not None
    save_game(tmp_path / "g.json", model.settings, model.board)
    loaded, board = load_game(tmp_path / "g.json")
    assert (
        loaded.players[1] == PlayerSpec("alphabeta", 6, 0.05) and board.moves == model.board.moves
    )


def test_move_now_makes_a_timed_computer_move_and_stop_stops_every_search() -> None:
    """move_now() has a timed player play its best move so far; cancel() (stop) makes every
    search raise, a cancel before the search starts included, and the search ends it."""
    fixed = MinMax(DepthFac(AlphaBetaFac(), 9, mobility))
    assert not fixed.move_now()  # a fixed depth has no move before it ends
    fixed.cancel()  # before the search: not lost
    with pytest.raises(SearchStopped):
        fixed.analyze(TicTacToeBoard.from_moves("b2"))
    assert fixed.analyze(TicTacToeBoard.from_moves("b2")).move is not None  # it was taken
    timed = deepening(seconds=30)
    timed.cancel()
    with pytest.raises(SearchStopped):
        timed.analyze(ConnectFourBoard())
    strategy = deepening(seconds=30)
    board = ConnectFourBoard()

    def evaluate(position: Any, player: int) -> float:
        if position.ply == 4:
            strategy.move_now()
        return 0.0

    strategy.make_factory = lambda d: DepthFac(AlphaBetaFac(), d, evaluate)
    result = strategy.analyze(board)
    assert result.stats.depth_reached in (3, 4) and board.ply == 0  # 4 if done before a poll
    with pytest.raises(SearchStopped):
        stopper = MinMax(DepthFac(AlphaBetaFac(), 6, lambda b, p: stopper.cancel() or 0.0))
        stopper.analyze(ConnectFourBoard())


def test_a_stopped_depth_plays_a_move_it_already_proved_better() -> None:
    """Stopped in the middle of a depth, the search plays that depth's best move when it has
    valued the last depth's move and found a better one (values checked against a full
    minimax to the deeper depth); otherwise the last completed depth's move."""
    board = ConnectFourBoard.from_moves("44")
    before = snapshot(board)
    switched = 0
    for stop_at in range(40, 4_000, 53):
        calls = 0
        holder: list[IterativeDeepening] = []

        def evaluate(
            position: Any,
            player: int,
            stop_at: int = stop_at,
            holder: list[IterativeDeepening] = holder,
        ) -> float:
            nonlocal calls
            calls += 1
            if calls == stop_at:
                holder[0].move_now()
            return mobility(position, player)

        strategy = IterativeDeepening(
            lambda d, evaluate=evaluate: DepthFac(AlphaBetaFac(), d, evaluate), max_depth=7
        )
        holder.append(strategy)
        result = strategy.analyze(board)
        assert snapshot(board) == before
        reached = result.stats.depth_reached
        assert reached is not None
        last = MinMax(DepthFac(AlphaBetaFac(), reached, mobility)).analyze(board)
        if result.move != last.move:
            root = _RootRecord(DepthFac(MinMaxFac(), reached + 1, mobility).make_acc(0))
            MinMax(MinMaxFac()).search(board, root)
            assert root.values[result.move] > root.values[last.move]
            assert result.value == root.values[result.move]
            switched += 1
            count("  of which the stopped depth's better move was played")
        count("a stopped depth's move")
    assert switched > 0


@pytest.mark.parametrize("seconds", [0, -1, 86_400.5, 1e9, True, "1", float("nan")])
def test_a_clock_is_checked_alike_by_deepening_and_mcts(seconds: object) -> None:
    """One check of a clock (strategy.check_clock): a deepening search compared a text
    with a number (a TypeError), and MCTS wrote its own limit."""
    from oogames.errors import SettingsError
    from oogames.nextmove.enhancements.deepening import IterativeDeepening
    from oogames.nextmove.mcts import MCTS

    with pytest.raises(SettingsError, match=r"must be seconds over 0 and at most 86,400, not"):
        IterativeDeepening(lambda depth: AlphaBetaFac(), seconds)  # type: ignore[arg-type]
    with pytest.raises(
        SettingsError, match=r"^MCTS's clock must be seconds over 0 and at most 86,400"
    ):
        MCTS(seconds=seconds)  # type: ignore[arg-type]
