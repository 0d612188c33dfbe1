"""Monte Carlo tree search: reproducible, tactically sound, its proofs equal alpha-beta's."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from typing import cast

import pytest
from helpers import count, searchable, snapshot

from oogames import AlphaBetaFac, DepthFac, MinMax, SearchStopped, SettingsError, StrategySpecError
from oogames.board.interface import IBoardModel
from oogames.board.model import ABoardModel
from oogames.board.moves import PASS
from oogames.games import (
    ConnectFourBoard,
    KalahBoard,
    NimBoard,
    OthelloBoard,
    TicTacToeBoard,
    connect_four_lines,
    nim_distance,
)
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.minmax import WIN_VALUE
from oogames.nextmove.specs import make_strategy, parse_spec

GAMES: dict[str, Callable[[], ABoardModel]] = {
    "tictactoe-3x3": TicTacToeBoard,
    "tictactoe-4x4-k3": lambda: TicTacToeBoard(4, 4, 3),
    "connectfour-7x6": ConnectFourBoard,
    "connectfour-5x4": lambda: ConnectFourBoard(5, 4),
    "othello-4": lambda: OthelloBoard(4),
    "kalah-4-3": lambda: KalahBoard(4, 3),
}


def zero(board: object, player: int) -> float:
    return 0.0


def test_a_seed_makes_a_search_reproducible() -> None:
    """Two searches with one seed and an iteration budget choose the same move after the
    same statistics; the board is unchanged."""
    board = ConnectFourBoard.from_moves("4 4 3")
    before = snapshot(board)
    one = MCTS(iterations=800, seed=5).analyze(board)
    two = MCTS(iterations=800, seed=5).analyze(board)
    assert (one.move, one.pv, one.win_rate, one.tree_size, one.stats.nodes) == (
        two.move,
        two.pv,
        two.win_rate,
        two.tree_size,
        two.stats.nodes,
    )
    assert one.iterations == 800 and snapshot(board) == before


@pytest.mark.parametrize("name", sorted(GAMES))
def test_takes_immediate_wins_and_blocks_immediate_losses(name: str) -> None:
    """On random positions of every game: where the player to move can win at once, MCTS
    plays a move that wins at once; where every other move lets the opponent win at once,
    it plays one that does not (decided by alpha-beta to 1 and 2 plies)."""
    rng = random.Random(sum(map(ord, name)))
    wins = blocks = 0
    for _ in range(200):
        board = searchable(GAMES[name], [rng.randrange(40) for _ in range(rng.randrange(1, 30))])
        player = board.to_move
        moves = board.legal_moves()
        if not moves:  # a forced pass (Othello): the pass is the only move MCTS may play
            assert MCTS(iterations=20, seed=1).analyze(board).move is PASS
            count("MCTS passes when it must")
            continue
        in_one = [m for m in moves if _outcome_after(board, m, 1) == WIN_VALUE - 1]
        safe = [m for m in moves if _outcome_after(board, m, 2) > -(WIN_VALUE - 2)]
        if in_one:
            chosen = MCTS(iterations=400, seed=1).analyze(board).move
            assert chosen in in_one, (name, board.moves)
            wins += 1
        elif 0 < len(safe) < len(moves):
            chosen = MCTS(iterations=3_000, seed=1).analyze(board).move
            assert chosen in safe, (name, board.moves, chosen, safe)
            blocks += 1
        assert board.to_move == player
    for _ in range(wins):
        count("MCTS takes an immediate win")
    for _ in range(blocks):
        count("MCTS blocks an immediate loss")
    assert wins + blocks > 0, name


def _outcome_after(board: ABoardModel, move: object, depth: int) -> float:
    """The value of ``move`` to the player to move, by alpha-beta to ``depth`` plies
    (the move included), with a zero evaluation."""
    player = board.to_move
    undo = board.play(move)
    try:
        if board.is_over:
            winner = board.winner
            return 0.0 if winner is None else (WIN_VALUE - 1 if winner == player else -WIN_VALUE)
        if depth == 1:
            return 0.0
        result = MinMax(DepthFac(AlphaBetaFac(), depth - 1, zero)).analyze(board)
        value = result.value if board.to_move == player else -result.value  # type: ignore[operator]
        # a win for the opponent in their first ply counts as a loss in 2 from here
        return -(WIN_VALUE - 2) if value <= -(WIN_VALUE - 1) else value
    finally:
        undo()


@pytest.mark.parametrize(
    ("make", "cap"),
    [
        (TicTacToeBoard, 3_000),
        (lambda: ConnectFourBoard(4, 4, 3), 3_000),
        (lambda: KalahBoard(3, 3), 3_000),
        (lambda: OthelloBoard(4), 3_000),
    ],
)
def test_proofs_agree_with_alpha_beta(make: Callable[[], ABoardModel], cap: int) -> None:
    """On small positions MCTS-Solver proves the root; the proven result is alpha-beta's
    (win, draw or loss), across extra turns (Kalah) and passes (Othello)."""
    rng = random.Random(7)
    for _ in range(15):
        board = searchable(make, [rng.randrange(40) for _ in range(rng.randrange(1, 8))], cap=cap)
        result = MCTS(iterations=200_000, seed=3).analyze(board)
        exact = MinMax(AlphaBetaFac()).analyze(board)
        assert result.proven, board.moves
        expected = "draw" if exact.value == 0 else "win" if exact.value > 0 else "loss"  # type: ignore[operator]
        assert result.outcome() == expected, (board.moves, result.outcome(), exact.outcome())
        count("MCTS-Solver proof = alpha-beta")


def test_finds_forced_wins_within_a_budget() -> None:
    """Forced wins a few plies deep (tic-tac-toe, Connect Four) are played within 3,000
    iterations: the move MCTS plays is one alpha-beta proves wins (to 7 plies, zero
    evaluation: a win found is a forced win)."""
    cases = [
        TicTacToeBoard.from_moves("a1 b2 c3 a3"),
        ConnectFourBoard.from_moves("4 4 3 3"),
        ConnectFourBoard.from_moves("4 4 5 5 1 1"),
    ]
    for board in cases:
        player = board.to_move
        winning = set()
        for move in board.legal_moves():
            undo = board.play(move)
            if board.winner == player:
                winning.add(move)
            elif not board.is_over:
                value = MinMax(DepthFac(AlphaBetaFac(), 7, zero)).analyze(board).value
                if value is not None and value <= -(WIN_VALUE - 10):
                    winning.add(move)
            undo()
        assert winning, board.moves
        result = MCTS(iterations=3_000, seed=11).analyze(board)
        assert result.move in winning, (board.moves, result.move, winning)
        count("MCTS plays a forced win")


def test_cancel_stops_it_and_leaves_the_board() -> None:
    """cancel() from another thread stops a long search with SearchStopped; the board is as
    it was, and the next search runs."""
    board = ConnectFourBoard.from_moves("4 4")
    before = snapshot(board)
    mcts = MCTS(seconds=60, seed=1)
    timer = threading.Timer(0.3, mcts.cancel)
    timer.start()
    with pytest.raises(SearchStopped):
        mcts.analyze(board)
    assert snapshot(board) == before
    assert MCTS(iterations=50, seed=1).analyze(board).move in board.legal_moves()


def test_an_exception_inside_leaves_the_board() -> None:
    """An exception in the middle of a playout (here from the random generator) leaves the
    board as it was."""
    board = KalahBoard()
    before = snapshot(board)
    mcts = MCTS(iterations=1_000, seed=1)
    calls = 0

    def failing() -> float:
        nonlocal calls
        calls += 1
        if calls == 500:
            raise RuntimeError("boom")
        return 0.5

    mcts._random.random = failing  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        mcts.analyze(board)
    assert snapshot(board) == before


@pytest.mark.parametrize("make", [KalahBoard, OthelloBoard, ConnectFourBoard])
def test_an_evaluation_that_raises_leaves_the_board(make: Callable[[], ABoardModel]) -> None:
    """mcts+eval whose evaluation raises at its first call, in the middle or at its last
    (counted in a dry run): the exception comes out and the board is as it was."""
    board = make()
    board.play(board.legal_moves()[0])
    before = snapshot(board)
    state = {"calls": 0, "raise_at": 0}

    def evaluate(position: object, player: int) -> float:
        state["calls"] += 1
        if state["calls"] == state["raise_at"]:
            raise RuntimeError("boom")
        return 0.0

    make_strategy("mcts+eval:300", evaluate, seed=2).analyze(board)
    total = state["calls"]
    assert total > 100
    for raise_at in (1, total // 2, total):
        state.update(calls=0, raise_at=raise_at)
        with pytest.raises(RuntimeError, match="boom"):
            make_strategy("mcts+eval:300", evaluate, seed=2).analyze(board)
        assert snapshot(board) == before
        count("an exception inside mcts+eval: board unchanged")


def test_the_tree_is_kept_along_the_game() -> None:
    """After the game goes on along the tree, the next search starts from the kept node."""
    board = ConnectFourBoard()
    mcts = MCTS(iterations=2_000, seed=2)
    first = mcts.analyze(board)
    board.play(first.move)
    reply = first.pv[1]
    board.play(reply)
    assert mcts.root is not None
    kept = next(c for c in mcts.root.children if c.move == first.move)
    kept = next(c for c in kept.children if c.move == reply)
    visits_before = kept.visits
    assert visits_before > 0
    mcts.analyze(board)
    assert mcts.root is kept and kept.visits == visits_before + 2_000
    other = MCTS(iterations=10, seed=2, keep_tree=False)
    other.analyze(board)
    assert other.root is not None and other.root.visits == 10


def test_budgets_and_the_grammar() -> None:
    """mcts, mcts:N (iterations) and mcts@S (seconds) are strategies; bad ones are refused."""
    assert parse_spec("mcts:5000") == ("mcts", 5000, None)
    assert make_strategy("mcts:300", zero).name == "mcts:300"
    timed = make_strategy("mcts@0.2", zero, seed=1)
    assert timed.name == "mcts@0.2"
    result = timed.analyze(ConnectFourBoard())
    assert result.iterations > 0 and result.stats.seconds < 5
    guided = make_strategy("mcts+eval:300", zero)
    assert isinstance(guided, MCTS) and guided.name == "mcts+eval:300"
    assert getattr(guided.evaluate, "__wrapped__", None) is zero  # read through the check
    assert make_strategy("mcts:300", zero).evaluate is None  # type: ignore[attr-defined]
    for bad in ("mcts+tt", "mcts+eval+eval", "alphabeta+eval", "mcts:0", "mcts:x", "mcts@-1"):
        with pytest.raises(StrategySpecError):
            parse_spec(bad)
    with pytest.raises(SettingsError):
        MCTS(iterations=0)
    with pytest.raises(SettingsError):
        MCTS(exploration=-1)
    for plies in (-1, 1.5, True, 10_001):
        with pytest.raises(SettingsError, match="playout plies"):
            MCTS(evaluate=zero, playout_plies=plies)  # type: ignore[arg-type]


def test_the_tracer_draws_the_top_of_its_tree() -> None:
    """The tree's top, through the tracer's text drawing: the most visited moves, the line
    by visits marked; asking before any search is one clear error."""
    from oogames.trace import mcts_trace, to_text

    board = ConnectFourBoard.from_moves("4 4 3")
    mcts = MCTS(iterations=1_500, seed=4)
    with pytest.raises(SettingsError, match="analyze first"):
        mcts_trace(mcts, board)
    result = mcts.analyze(board)
    trace = mcts_trace(mcts, board, depth=2, width=3)
    assert len(trace.root.children) == 3
    assert all(len(child.children) <= 3 for child in trace.root.children)
    best = next(child for child in trace.root.children if child.on_pv)
    assert best.move == result.move
    text = to_text(trace)
    assert (
        text.splitlines()[1].startswith("root") and f"best {board.format_move(result.move)}" in text
    )


def test_the_tracers_end_nodes_are_the_last_movers_and_a_bare_board_names_its_players() -> None:
    """A finished game in MCTS's drawn tree is its last mover's, as in a traced search; a
    board of the Rice contract alone is named as its ``players`` say (two by default)."""
    from oogames.trace import mcts_trace
    from oogames.trace.tracer import notation_of

    board = TicTacToeBoard.from_moves([(0, 0), (0, 1), (1, 0), (1, 1)])  # X: a1 a2, O: b1 b2
    mcts = MCTS(iterations=400, seed=2)
    mcts.analyze(board)
    trace = mcts_trace(mcts, board, depth=2, width=9)
    ends = [(parent, child) for parent in trace.root.children for child in parent.children]
    ends += [(trace.root, child) for child in trace.root.children]
    finished = [(parent, child) for parent, child in ends if child.kind == "end"]
    assert finished  # a3 wins for X at once; b3 at once for O after most X moves
    assert all(child.player == parent.player for parent, child in finished)

    class Bare:
        players = 3

    format_move, names = notation_of(cast(IBoardModel, Bare()))
    assert format_move(7) == "7" and names == ("player 0", "player 1", "player 2")
    assert notation_of(cast(IBoardModel, object()))[1] == ("player 0", "player 1")
    from oogames.board import notation
    from oogames.nextmove import andor

    assert andor.notation_of is notation_of is notation.notation_of  # one, where it was two
    assert andor.notation_of(None)[1] == ("player 0", "player 1")  # a strategy with no board


def test_the_old_trace_method_still_works_and_says_where_it_moved() -> None:
    """MCTS.trace (deprecated) warns and gives what oogames.trace.mcts_trace gives."""
    from oogames.trace import mcts_trace, to_text

    board = ConnectFourBoard.from_moves("4 4 3")
    mcts = MCTS(iterations=300, seed=4)
    mcts.analyze(board)
    with pytest.warns(DeprecationWarning, match="mcts_trace"):
        old = mcts.trace(board, depth=2, width=3)
    assert to_text(old) == to_text(mcts_trace(mcts, board, depth=2, width=3))


def test_an_evaluation_ends_each_playout_after_the_plies_asked() -> None:
    """mcts+eval: a playout makes ``playout_plies`` random moves past the node it expanded,
    then the evaluation decides it; it never sees a finished game, and it is asked at most
    once an iteration. The board is unchanged."""
    board = ConnectFourBoard.from_moves("4 4")
    before = snapshot(board)
    start = len(board.moves)
    seen: list[int] = []

    def spy(position: ConnectFourBoard, player: int) -> float:
        assert not position.is_over and player == 1
        seen.append(len(position.moves) - start)
        return connect_four_lines(position, player)

    mcts = MCTS(iterations=400, seed=3, evaluate=spy, playout_plies=3)
    mcts.analyze(board)
    assert snapshot(board) == before
    assert 0 < len(seen) <= 400 and min(seen) >= 1 + 3
    assert max(seen) <= _tree_depth(mcts) + 3
    assert "playout_plies=3" in repr(mcts)
    count("MCTS playouts cut by the evaluation")


def _tree_depth(mcts: MCTS) -> int:
    assert mcts.root is not None
    deepest, stack = 0, [(mcts.root, 0)]
    while stack:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children)
    return deepest


@pytest.mark.parametrize("total", [total for total in range(1, 97, 3) if (100 - total) % 4])
def test_an_exact_evaluation_makes_few_iterations_enough(total: int) -> None:
    """Nim to 100 (add 1 to 3) with its exact evaluation and no random moves: from
    positions that have a winning move, 60 iterations play it (the move that leaves a
    multiple of 4 to go); reproducible with a seed."""
    board = NimBoard(100, 3)
    while board.total < total:
        board.play(min(3, total - board.total))
    winning = (100 - board.total) % 4
    first = MCTS(iterations=60, seed=1, evaluate=nim_distance, playout_plies=0).analyze(board)
    again = MCTS(iterations=60, seed=1, evaluate=nim_distance, playout_plies=0).analyze(board)
    assert first.move == again.move and first.win_rate == again.win_rate
    assert first.move == winning, (board.total, first.move)
    count("MCTS with an exact evaluation plays the winning move")
