"""MinMax driven by every factory: legal moves, unchanged boards, exact values and node counts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers import count, mobility, searchable, snapshot, textbook_alphabeta, tree_is_smaller_than
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from oogames import (
    PASS,
    WIN_VALUE,
    ABoardModel,
    AlphaBetaFac,
    DepthFac,
    GameOverError,
    IBoardLambda,
    IBoardModel,
    INextMoveStrategy,
    MinMax,
    MinMaxFac,
    NotYourTurnError,
    RandomValidMove,
    TicTacToeBoard,
)
from oogames.games import GameTreeBoard, Pass, Static, open_lines
from oogames.nextmove import Payoff

choices = st.lists(st.integers(0, 1000), max_size=30)
FULL_SEARCH_CAP = 1_500


def depth_limited() -> list[INextMoveStrategy]:
    """Strategies cheap enough for any position of any game."""
    return [
        MinMax(DepthFac(MinMaxFac(), 1, mobility)),
        MinMax(DepthFac(MinMaxFac(), 2, mobility)),
        MinMax(DepthFac(AlphaBetaFac(), 3, mobility)),
        RandomValidMove(seed=1),
    ]


@given(path=choices)
def test_every_strategy_returns_a_legal_move_and_leaves_the_board_unchanged(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """On random positions each strategy picks a legal move and the board is exactly as it was."""
    board = searchable(make_board, path)
    count("every strategy: a legal move, the board unchanged")
    strategies = depth_limited()
    if tree_is_smaller_than(board, FULL_SEARCH_CAP):
        strategies += [MinMax(MinMaxFac()), MinMax(AlphaBetaFac())]
    legal = board.legal_moves() or [PASS]
    for strategy in strategies:
        before = snapshot(board)
        result = strategy.analyze(board)
        assert snapshot(board) == before, strategy
        assert result.move in legal, strategy
        if not isinstance(strategy, RandomValidMove):
            assert strategy.get_next_move(board, board.to_move) == result.move
        assert result.pv[:1] == (result.move,)


@given(path=choices)
def test_alphabeta_agrees_with_minimax(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """Alpha-beta finds minimax's value and move (first best move), with no more nodes."""
    board = searchable(make_board, path, FULL_SEARCH_CAP)
    count("alpha-beta = minimax, full search")
    plain = MinMax(MinMaxFac()).analyze(board)
    pruned = MinMax(AlphaBetaFac()).analyze(board)
    assert (pruned.value, pruned.move) == (plain.value, plain.move)
    assert pruned.stats.nodes <= plain.stats.nodes


@given(path=choices, depth=st.integers(1, 4))
def test_depth_limited_alphabeta_agrees_with_depth_limited_minimax(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int
) -> None:
    """With the same depth and evaluation, alpha-beta and minimax choose the same value and move."""
    board = searchable(make_board, path)
    count("alpha-beta = minimax, depth-limited")
    plain = MinMax(DepthFac(MinMaxFac(), depth, mobility)).analyze(board)
    pruned = MinMax(DepthFac(AlphaBetaFac(), depth, mobility)).analyze(board)
    assert (pruned.value, pruned.move) == (plain.value, plain.move)
    assert plain.stats.max_depth <= depth


@given(path=choices, depth=st.one_of(st.none(), st.integers(1, 4)))
def test_alphabeta_visits_exactly_the_textbook_nodes(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int | None
) -> None:
    """Nodes, leaves, cut-offs, depth, value and move equal a textbook alpha-beta's."""
    board = searchable(make_board, path, FULL_SEARCH_CAP if depth is None else None)
    count("alpha-beta = textbook alpha-beta, node for node")
    factory: Any = AlphaBetaFac() if depth is None else DepthFac(AlphaBetaFac(), depth, mobility)
    result = MinMax(factory).analyze(board)
    value, move, counts = textbook_alphabeta(board, depth=depth, evaluate=mobility)
    assert (result.value, result.move) == (value, move)
    stats = result.stats
    assert (stats.nodes, stats.leaves, stats.cutoffs, stats.max_depth) == (
        counts.nodes,
        counts.leaves,
        counts.cutoffs,
        counts.max_depth,
    )


@given(path=choices)
def test_minimax_visits_exactly_the_textbook_nodes(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """Plain minimax counts every node and leaf of the tree, with no cut-off."""
    board = searchable(make_board, path, FULL_SEARCH_CAP)
    count("minimax = textbook minimax, node for node")
    result = MinMax(MinMaxFac()).analyze(board)
    value, move, counts = textbook_alphabeta(board, prune=False)
    assert (result.value, result.move) == (value, move)
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (
        counts.nodes,
        counts.leaves,
        0,
    )


def test_tictactoe_is_a_draw_under_perfect_play() -> None:
    """From the empty board, minimax and alpha-beta both value tic-tac-toe as a draw."""
    board = TicTacToeBoard()
    pruned = MinMax(AlphaBetaFac()).analyze(board)
    assert pruned.value == 0 and pruned.outcome() == "draw" and pruned.exact
    assert pruned.stats.nodes == 20_865  # first-move order, row-major, deep cut-offs
    plain = MinMax(MinMaxFac()).analyze(board)
    assert plain.value == 0
    assert plain.stats.nodes == 549_945  # the whole game tree, root not counted
    assert plain.stats.leaves == 255_168  # the number of possible tic-tac-toe games
    assert board == TicTacToeBoard() and board.moves == ()


def test_playing_itself_perfectly_draws() -> None:
    """Alpha-beta against itself plays tic-tac-toe to a draw."""
    board = TicTacToeBoard()
    strategy = MinMax(AlphaBetaFac())
    while not board.is_over:
        board.play(strategy.get_next_move(board))
    assert board.is_over and board.winner is None


def immediate_wins(board: TicTacToeBoard, player: int) -> list[Any]:
    """The cells where ``player`` would win at once."""
    wins = []
    for move in board.legal_moves():
        board.play(move, player) if player == board.to_move else None
        if board.to_move != player:
            if board.winner == player:
                wins.append(move)
            board.pop()
    return wins


def threats(board: TicTacToeBoard) -> list[Any]:
    """The cells where the opponent of the player to move would win if it were their turn."""
    opponent = 1 - board.to_move
    mine = board.stones(opponent)
    theirs = board.stones(board.to_move)
    cells = []
    for move in board.legal_moves():
        bit = 1 << (move[0] * board.cols + move[1])
        if any((mine | bit) & line == line and not line & theirs for line in board.windows):
            cells.append(move)
    return cells


sizes = st.sampled_from([(3, 3, 3), (4, 4, 3), (3, 4, 3)])


depths = st.one_of(st.integers(2, 4), st.none())


def search_to(board: TicTacToeBoard, depth: int | None, prune: bool) -> MinMax | None:
    """A search to ``depth`` plies, or to the end of the game (None) if the tree is small."""
    inner: Any = AlphaBetaFac() if prune else MinMaxFac()
    if depth is None:
        return MinMax(inner) if tree_is_smaller_than(board, FULL_SEARCH_CAP) else None
    return MinMax(DepthFac(inner, depth, open_lines))


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(size=sizes, path=choices, depth=depths, prune=st.booleans())
def test_immediate_win_is_taken_at_every_depth(
    size: tuple[int, int, int], path: list[int], depth: int | None, prune: bool
) -> None:
    """When the player to move can win at once, a search of depth 2 or more wins at once."""
    board = searchable(lambda: TicTacToeBoard(*size), path)
    wins = immediate_wins(board, board.to_move)
    search = search_to(board, depth, prune)
    assume(wins and search is not None)
    assert search is not None
    count("an immediate win is taken")
    result = search.analyze(board)
    assert result.move in wins
    assert result.value == WIN_VALUE - 1


@settings(max_examples=150, suppress_health_check=[HealthCheck.filter_too_much])
@given(size=sizes, path=choices, depth=depths, prune=st.booleans())
def test_immediate_loss_is_blocked_at_every_depth(
    size: tuple[int, int, int], path: list[int], depth: int | None, prune: bool
) -> None:
    """With no win of its own and one opponent threat, a search of depth 2 or more blocks it."""
    board = searchable(lambda: TicTacToeBoard(*size), path)
    cells = threats(board)
    search = search_to(board, depth, prune)
    assume(not immediate_wins(board, board.to_move) and len(cells) == 1 and search is not None)
    assert search is not None
    count("a single threat is blocked")
    result = search.analyze(board)
    assert result.move == cells[0]


def test_quicker_win_is_preferred_unless_asked_otherwise() -> None:
    """With two wins, the quicker one is chosen; prefer_quick_wins=False scores both the same."""
    tree = {"slow": {"x": {"y": "X"}}, "fast": "X"}
    board = GameTreeBoard(tree)
    quick = MinMax(MinMaxFac()).analyze(board)
    assert quick.move == "fast" and quick.value == WIN_VALUE - 1
    assert quick.outcome() == "win in 1"
    plain = MinMax(MinMaxFac(), prefer_quick_wins=False).analyze(board)
    assert plain.move == "slow" and plain.value == WIN_VALUE
    assert plain.outcome() == "win"


def test_slower_loss_is_preferred() -> None:
    """When every move loses, the search chooses the one that loses latest."""
    tree = {"soon": {"a": "O"}, "late": {"b": {"c": {"d": "O"}}}}
    result = MinMax(AlphaBetaFac()).analyze(GameTreeBoard(tree))
    assert result.move == "late" and result.value == -(WIN_VALUE - 4)
    assert result.outcome() == "loss in 4"


def test_a_forced_pass_is_a_ply_of_the_search() -> None:
    """A player with no move passes (no_apply); the pass is a node and part of the line."""
    tree = {"a": Pass({"c": "X", "d": "draw"}), "b": {"e": "O"}}
    board = GameTreeBoard(tree)
    for factory in (MinMaxFac(), AlphaBetaFac()):
        result = MinMax(factory).analyze(board)
        assert result.move == "a" and result.pv == ("a", PASS, "c")
        assert result.value == WIN_VALUE - 3
    assert MinMax(MinMaxFac()).analyze(board).stats.nodes == 6
    board.play("a")
    before = snapshot(board)
    result = MinMax(AlphaBetaFac()).analyze(board)
    assert result.move is PASS and snapshot(board) == before
    assert RandomValidMove(seed=3).get_next_move(board) is PASS


def test_textbook_tree_from_the_slides() -> None:
    """The classic depth-2 example: MAX picks the branch whose worst reply is best (3)."""
    tree = {
        "a": {"a1": Static(3, "draw"), "a2": Static(12, "draw"), "a3": Static(8, "draw")},
        "b": {"b1": Static(2, "draw"), "b2": Static(4, "draw"), "b3": Static(6, "draw")},
        "c": {"c1": Static(14, "draw"), "c2": Static(5, "draw"), "c3": Static(2, "draw")},
    }
    tree = {
        move: {reply: Static(leaf.value, {"end": "draw"}) for reply, leaf in node.items()}
        for move, node in tree.items()
    }

    def static(board: IBoardModel, player: int) -> float:
        assert isinstance(board, GameTreeBoard)
        return board.static()

    plain = MinMax(DepthFac(MinMaxFac(), 2, static)).analyze(GameTreeBoard(tree))
    pruned = MinMax(DepthFac(AlphaBetaFac(), 2, static)).analyze(GameTreeBoard(tree))
    assert plain.move == pruned.move == "a" and plain.value == pruned.value == 3
    assert plain.pv == ("a", "a1")
    assert plain.stats.nodes == 12 and plain.stats.leaves == plain.stats.evaluated == 9
    assert not plain.exact and plain.outcome() == "3"
    # b stops after b1 (2 <= alpha 3). c visits c1, c2 and c3, and stops at c3
    # (2 <= 3) with nothing left to skip: like a textbook "break", that counts.
    assert pruned.stats.nodes == 3 + 3 + 1 + 3
    assert pruned.stats.cutoffs == 2


class MobilityPayoff(IBoardLambda):
    """A Rice-style payoff lambda: +1 for each move of the model player, -1 for the opponent's."""

    def apply(self, player: int, host: IBoardModel, move: Any, param: Payoff) -> bool:
        param.value += 1 if player == param.model_player else -1
        return True

    def no_apply(self, player: int, host: IBoardModel, param: Payoff) -> None:
        return None


@given(path=choices, depth=st.integers(1, 3))
def test_lambda_payoff_evaluates_like_the_same_callable(path: list[int], depth: int) -> None:
    """An IBoardLambda payoff mapped over the board gives the search the same values."""
    board = searchable(lambda: TicTacToeBoard(4, 4, 3), path)
    count("a lambda payoff = the same callable")
    with_lambda = MinMax(DepthFac(AlphaBetaFac(), depth, MobilityPayoff())).analyze(board)
    with_callable = MinMax(DepthFac(AlphaBetaFac(), depth, mobility)).analyze(board)
    assert (with_lambda.move, with_lambda.value) == (with_callable.move, with_callable.value)


def test_asking_for_a_move_in_a_finished_game_or_out_of_turn_is_an_error() -> None:
    """A strategy refuses a finished game and a player not to move; the board is unchanged."""
    won = TicTacToeBoard.from_moves("a1 a2 b1 b2 c1")
    for strategy in (MinMax(AlphaBetaFac()), RandomValidMove()):
        with pytest.raises(GameOverError):
            strategy.analyze(won)
        board = TicTacToeBoard.from_moves("b2")
        before = snapshot(board)
        with pytest.raises(NotYourTurnError):
            strategy.get_next_move(board, 0)
        assert snapshot(board) == before


def test_depth_factory_checks_its_arguments() -> None:
    """DepthFac wants a depth of at least 1 and an evaluation it can call."""
    with pytest.raises(ValueError):
        DepthFac(AlphaBetaFac(), 0, mobility)
    with pytest.raises(TypeError):
        DepthFac(AlphaBetaFac(), 2, 42)  # type: ignore[arg-type]
    assert DepthFac(AlphaBetaFac(), 3, mobility).name == "alphabeta:3"


def test_random_strategy_is_reproducible_with_a_seed() -> None:
    """Two random players with the same seed play the same game."""

    def game(seed: int) -> tuple[Any, ...]:
        board = TicTacToeBoard(4, 4, 3)
        player = RandomValidMove(seed)
        while not board.is_over:
            board.play(player.get_next_move(board))
        return board.moves

    assert game(5) == game(5)
    assert len({game(seed) for seed in range(6)}) > 1


def all_positions(board: TicTacToeBoard) -> list[TicTacToeBoard]:
    """Every position reachable in the game from ``board`` that is not over, each once."""
    seen: dict[int, TicTacToeBoard] = {}

    def walk() -> None:
        if board.is_over or board.key() in seen:
            return
        seen[board.key()] = board.copy()
        for move in board.legal_moves():
            undo = board.play(move)
            walk()
            undo()

    walk()
    return list(seen.values())


def test_every_3x3_position_wins_at_once_or_blocks() -> None:
    """In all 4,520 live positions of tic-tac-toe, depths 2, 3 and full take a win or block."""
    positions = all_positions(TicTacToeBoard())
    assert len(positions) == 4_520
    checked = {"win": 0, "block": 0}
    searches = [MinMax(DepthFac(AlphaBetaFac(), d, open_lines)) for d in (2, 3)]
    searches.append(MinMax(AlphaBetaFac()))
    for board in positions:
        wins = immediate_wins(board, board.to_move)
        cells = [] if wins else threats(board)
        if not wins and len(cells) != 1:
            continue
        checked["win" if wins else "block"] += 1
        for search in searches:
            move = search.get_next_move(board)
            assert move in wins if wins else move == cells[0], (board, search)
    assert checked["win"] > 1000 and checked["block"] > 500
