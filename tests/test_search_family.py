"""Negamax, (m,n)-average, selective and variable-depth search, and AND/OR strategies."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from helpers import count, mobility, searchable, snapshot
from hypothesis import given
from hypothesis import strategies as st

from oogames import (
    PASS,
    ABoardModel,
    AlphaBetaFac,
    DepthFac,
    IBoardModel,
    MinMax,
    MinMaxFac,
    TicTacToeBoard,
)
from oogames.games import GameTreeBoard, GrundyBoard, NimBoard, Static
from oogames.nextmove.andor import AndNode, OrNode, Strategy, winning_strategy
from oogames.nextmove.enhancements.average import AverageFac
from oogames.nextmove.enhancements.selective import SelectiveFac, best_by_evaluation
from oogames.nextmove.enhancements.variable_depth import VariableDepthFac
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac

choices = st.lists(st.integers(0, 1000), max_size=30)


def static(board: IBoardModel, player: int) -> float:
    """The value written on a GameTreeBoard node (player 0's view), from ``player``'s view."""
    assert isinstance(board, GameTreeBoard)
    return board.static() if player == 0 else -board.static()


def leaf(value: float) -> Static:
    """A non-terminal position with a static value (the search's horizon reads it)."""
    return Static(value, {"end": "draw"})


# -- negamax -------------------------------------------------------------------------


@given(path=choices, depth=st.one_of(st.none(), st.integers(1, 3)))
def test_negamax_is_minimax_node_for_node(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int | None
) -> None:
    """Negamax (plain and alpha-beta) gives minimax's value, move, line and node counts."""
    board = searchable(make_board, path, 3_000 if depth is None else None)
    count("negamax = minimax, node for node")
    pairs = [(MinMaxFac(), NegamaxFac()), (AlphaBetaFac(), NegaAlphaBetaFac())]
    for classic, nega in pairs:
        one: Any = classic if depth is None else DepthFac(classic, depth, mobility)
        two: Any = nega if depth is None else DepthFac(nega, depth, mobility)
        a, b = MinMax(one).analyze(board), MinMax(two).analyze(board)
        assert (a.value, a.move, a.pv) == (b.value, b.move, b.pv)
        assert (a.stats.nodes, a.stats.leaves, a.stats.cutoffs) == (
            b.stats.nodes,
            b.stats.leaves,
            b.stats.cutoffs,
        )


def test_negamax_scores_from_its_own_players_view() -> None:
    """One class serves both sides: a node's score is the negation of its best child's."""
    tree = {"a": {"x": leaf(3), "y": leaf(7)}, "b": {"z": leaf(5)}}
    result = MinMax(DepthFac(NegamaxFac(), 2, static)).analyze(GameTreeBoard(tree))
    assert result.move == "b" and result.value == 5  # min(3, 7) = 3 < min(5) = 5


# -- (m,n)-average ---------------------------------------------------------------------


AVERAGE_TREE = {
    "a": {"a1": leaf(3), "a2": leaf(5), "a3": leaf(9)},
    "b": {"b1": leaf(1), "b2": leaf(8), "b3": leaf(10)},
}


def test_average_changes_the_choice_where_minimax_is_pessimistic() -> None:
    """(2,2): a = avg(3, 5) = 4, b = avg(1, 8) = 4.5, root = avg(4, 4.5); minimax picks a."""
    plain = MinMax(DepthFac(MinMaxFac(), 2, static)).analyze(GameTreeBoard(AVERAGE_TREE))
    assert (plain.move, plain.value) == ("a", 3)
    averaged = MinMax(DepthFac(AverageFac(2, 2), 2, static)).analyze(GameTreeBoard(AVERAGE_TREE))
    assert (averaged.move, averaged.value) == ("b", 4.25)
    assert averaged.stats.nodes == 8 and averaged.stats.cutoffs == 0


def test_average_of_one_is_minimax() -> None:
    """(1,1)-average is plain minimax."""
    one = MinMax(DepthFac(AverageFac(1, 1), 2, static)).analyze(GameTreeBoard(AVERAGE_TREE))
    assert (one.move, one.value) == ("a", 3)
    with pytest.raises(ValueError):
        AverageFac(0, 2)


# -- selective search --------------------------------------------------------------------

SELECT_TREE = {
    "a": Static(1, {"a1": leaf(1), "a2": leaf(-4)}),
    "b": Static(6, {"b1": leaf(6), "b2": leaf(0)}),
    "c": Static(4, {"c1": leaf(4), "c2": leaf(5)}),
}


def test_selective_search_only_searches_the_chosen_moves() -> None:
    """With the 2 best moves by static value, a is never searched: 2 x 3 = 6 nodes, not 9."""
    full = MinMax(DepthFac(MinMaxFac(), 2, static)).analyze(GameTreeBoard(SELECT_TREE))
    assert (full.move, full.value, full.stats.nodes) == ("c", 4, 9)
    two = SelectiveFac(DepthFac(MinMaxFac(), 2, static), best_by_evaluation(2, static))
    result = MinMax(two).analyze(GameTreeBoard(SELECT_TREE))
    # At the root b (6) and c (4) are chosen; at depth 1 the opponent keeps 2 of 2 replies.
    assert (result.move, result.value, result.stats.nodes) == ("c", 4, 6)
    assert "a" not in [move for move in result.pv]


def test_selection_can_start_below_the_root() -> None:
    """from_depth=1: every root move is searched, each reply position keeps its best reply."""
    one = SelectiveFac(DepthFac(MinMaxFac(), 2, static), best_by_evaluation(1, static), 1)
    result = MinMax(one).analyze(GameTreeBoard(SELECT_TREE))
    # B's best reply by static value (B's view): a2 (-4), b2 (0), c1 (4): 3 + 3 nodes.
    assert (result.move, result.value, result.stats.nodes) == ("c", 4, 6)


@given(path=choices, k=st.integers(1, 3))
def test_selective_search_returns_a_legal_move_and_leaves_the_board(
    make_board: Callable[[], ABoardModel], path: list[int], k: int
) -> None:
    """On every game, selective search picks one of the legal moves and changes nothing."""
    board = searchable(make_board, path)
    count("selective search: a legal move, the board unchanged")
    before = snapshot(board)
    search = MinMax(
        SelectiveFac(DepthFac(AlphaBetaFac(), 2, mobility), best_by_evaluation(k, mobility))
    )
    result = search.analyze(board)
    assert result.move in (board.legal_moves() or [PASS])
    assert snapshot(board) == before


# -- variable depth ----------------------------------------------------------------------

VARIABLE_TREE = Static(
    0,
    {
        "a": Static(1, {"a1": leaf(-50)}),  # quiet (|1 - 0| <= 5): scored 1, not expanded
        "b": Static(
            10,  # not quiet: expanded
            {
                "b1": Static(9, {"x": leaf(-100)}),  # quiet: scored 9
                "b2": Static(-20, {"y": leaf(30), "z": leaf(40)}),  # not quiet: expanded
            },
        ),
    },
)


def test_variable_depth_expands_only_unquiet_positions() -> None:
    """min 1, max 3, K 5: a is scored as it is, b and b2 are expanded, b1 is scored."""
    search = MinMax(VariableDepthFac(MinMaxFac(), 1, 3, static, 5))
    result = search.analyze(GameTreeBoard(VARIABLE_TREE))
    # A moves at the root, B at a and b, A at b1 and b2; y and z (depth 3) are scored
    # 30 and 40. So b2 = max(30, 40) = 40, b = min(b1 = 9, 40) = 9, root = max(a = 1, 9).
    assert (result.move, result.value) == ("b", 9)
    assert result.stats.nodes == 2 + 2 + 2  # a, b; b1, b2; y, z
    assert result.stats.max_depth == 3
    fixed = MinMax(DepthFac(MinMaxFac(), 1, static)).analyze(GameTreeBoard(VARIABLE_TREE))
    assert (fixed.move, fixed.value) == ("b", 10)


def test_variable_depth_factory_checks_depths() -> None:
    """min_depth is at least 1 and max_depth at least min_depth."""
    with pytest.raises(ValueError):
        VariableDepthFac(MinMaxFac(), 0, 3, static, 1)
    with pytest.raises(ValueError):
        VariableDepthFac(MinMaxFac(), 3, 2, static, 1)
    assert VariableDepthFac(AlphaBetaFac(), 2, 5, static, 1).name == "alphabeta:2-5"


# -- AND/OR strategies -------------------------------------------------------------------


def follow(board: ABoardModel, node: OrNode | AndNode | None, strategy: Strategy) -> None:
    """Play the strategy against every reply; every line must end in a success."""
    player = strategy.player
    if node is None:
        assert board.is_over
        assert board.winner == player or (strategy.not_losing and board.winner is None)
        return
    if isinstance(node, OrNode):
        assert board.to_move == player and node.move in (board.legal_moves() or [PASS])
        undo = board.play(node.move)
        follow(board, node.then, strategy)
        undo()
        return
    assert board.to_move == 1 - player and not board.is_over
    replies = [move for move, _ in node.replies]
    assert sorted(map(repr, replies)) == sorted(map(repr, board.legal_moves() or [PASS]))
    for reply, after in node.replies:
        undo = board.play(reply)
        follow(board, after, strategy)
        undo()


@functools.cache
def grundy_number(heap: int) -> int:
    """The Sprague-Grundy value of one heap, from the definition."""
    options = {grundy_number(a) ^ grundy_number(heap - a) for a in range(1, (heap + 1) // 2)}
    return min(set(range(len(options) + 1)) - options)


@pytest.mark.parametrize("heap", range(3, 13))
def test_grundy_strategies_win_against_every_reply(heap: int) -> None:
    """The player the theory names has a winning strategy, which wins against every reply."""
    board = GrundyBoard((heap,))
    winner = 0 if grundy_number(heap) else 1
    strategy = winning_strategy(board, winner)
    assert strategy is not None and strategy.player == winner
    follow(board, strategy.root, strategy)
    assert winning_strategy(board, 1 - winner) is None
    assert board.moves == ()


def test_the_21_game_strategy_and_its_text() -> None:
    """The first player's winning strategy in the 21 game opens with 1 and covers every reply."""
    board = NimBoard()
    strategy = winning_strategy(board)
    assert strategy is not None and isinstance(strategy.root, OrNode)
    assert strategy.root.move == 1
    follow(board, strategy.root, strategy)
    text = strategy.to_text(board)
    assert text.startswith("A can win this way:\n  A plays 1\n    if B plays 1:\n      A plays 3")
    assert winning_strategy(board, 1) is None


def test_tictactoe_has_non_losing_strategies_but_no_winning_one() -> None:
    """From the start both players can avoid losing; neither can force a win."""
    board = TicTacToeBoard()
    for player in (0, 1):
        assert winning_strategy(board, player) is None
        safe = winning_strategy(board, player, not_losing=True)
        assert safe is not None
        follow(board, safe.root, safe)
    assert board == TicTacToeBoard()


def test_strategy_renders_as_dot() -> None:
    """The DOT rendering has a box per move of the player and an edge per reply."""
    board = GrundyBoard((7,))
    strategy = winning_strategy(board, 1)
    assert strategy is not None
    dot = strategy.to_dot(board)
    assert dot.startswith("digraph strategy {") and dot.rstrip().endswith("}")
    assert dot.count("shape=box") == 3 + 3  # B answers each of A's first 3 moves, then again
    assert '[label="7=1+6"]' in dot
    assert strategy.size() == 12


def test_a_strategys_dot_escapes_the_games_names() -> None:
    """The players' names are the game's own: a quote and a backslash in them are escaped
    in every label, and Graphviz reads the graph (the name of the side that replies stood
    in its ellipses as written, and a quote in it ended the label)."""
    from oogames.errors import RenderError
    from oogames.trace import to_svg

    class Quoted(GrundyBoard):
        player_names = ('say "A"', "B\\")

    board = Quoted((7,))
    strategy = winning_strategy(board, 1)
    assert strategy is not None
    dot = strategy.to_dot(board)
    assert 'label="say \\"A\\" to move"' in dot and 'label="B\\\\: ' in dot
    try:
        assert b"<svg" in to_svg(dot)
    except RenderError:
        pytest.skip("Graphviz's dot is not installed")
