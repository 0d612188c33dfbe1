"""Accumulators on their own: folding, ties, windows, depth decoration, factories."""

from __future__ import annotations

import math
from typing import Any, cast

import attrs
import pytest

from oogames import (
    AlphaAcc,
    AlphaBetaFac,
    BetaAcc,
    DepthAcc,
    DepthFac,
    MaxAcc,
    MinAcc,
    MinMax,
    MinMaxFac,
    TicTacToeBoard,
)
from oogames.nextmove import AAccumulator, IAccFactory, LambdaEvaluation, as_evaluation, depth_limit


def test_max_and_min_keep_the_first_best() -> None:
    """MaxAcc keeps the largest value, MinAcc the smallest; the first of equals wins."""
    high, low = MaxAcc(0, 0), MinAcc(0, 1)
    for move, value in (("a", 1), ("b", 3), ("c", 3), ("d", -2)):
        high.update_best(move, value)
        low.update_best(move, value)
    assert (high.move, high.val) == ("b", 3)
    assert (low.move, low.val) == ("d", -2)
    assert high.is_not_done() and low.is_not_done()


def test_opposites_alternate_players_and_count_depth() -> None:
    """make_opposite switches Max/Min, the player to move, and adds a ply."""
    root = MaxAcc(model_player=1, player=1)
    child = root.make_opposite()
    grandchild = child.make_opposite()
    assert isinstance(child, MinAcc) and isinstance(grandchild, MaxAcc)
    assert (child.player, child.depth, child.model_player) == (0, 1, 1)
    assert (grandchild.player, grandchild.depth) == (1, 2)
    assert child.val == math.inf and grandchild.val == -math.inf and child.move is None


def test_alpha_beta_window_travels_down() -> None:
    """A child's window closes over its parent's best value: deep cut-offs are possible."""
    root = AlphaAcc(0, 0)
    root.update_best("a", 5)
    beta_child = root.make_opposite()
    assert isinstance(beta_child, BetaAcc)
    assert (beta_child.alpha, beta_child.beta) == (5, math.inf)
    beta_child.update_best("x", 9)
    alpha_grandchild = beta_child.make_opposite()
    assert isinstance(alpha_grandchild, AlphaAcc)
    assert (alpha_grandchild.alpha, alpha_grandchild.beta) == (5, 9)
    # The grandchild's own value reaching beta (9) ends it; so does the
    # great-grandchild falling to the root's alpha (5), two levels up.
    alpha_grandchild.update_best("y", 9)
    assert not alpha_grandchild.is_not_done()
    deep = AlphaAcc(0, 0, 2, 5, 9).make_opposite()
    deep.update_best("z", 6)
    assert deep.is_not_done()
    deep.update_best("w", 5)
    assert not deep.is_not_done()


def test_beta_cut_and_alpha_cut() -> None:
    """AlphaAcc stops at a value >= beta, BetaAcc at a value <= alpha."""
    alpha = AlphaAcc(0, 0, alpha=-math.inf, beta=4)
    alpha.update_best("a", 3)
    assert alpha.is_not_done()
    alpha.update_best("b", 4)
    assert not alpha.is_not_done()
    beta = BetaAcc(0, 1, alpha=2, beta=math.inf)
    beta.update_best("a", 3)
    assert beta.is_not_done()
    beta.update_best("b", 2)
    assert not beta.is_not_done()


def test_depth_acc_decorates_and_marks_the_horizon() -> None:
    """DepthAcc forwards to what it wraps, wraps its children, and flags the horizon."""

    def evaluate(board: object, player: int) -> float:
        return 7.0 if player == 0 else -7.0

    root = DepthAcc(AlphaAcc(0, 0), 2, evaluate)
    assert not root.horizon
    child = root.make_opposite()
    assert isinstance(child, DepthAcc) and isinstance(child.inner, BetaAcc)
    assert not child.horizon and child.depth == 1 and child.player == 1
    grandchild = child.make_opposite()
    assert grandchild.horizon and grandchild.depth == 2
    assert grandchild.evaluate(TicTacToeBoard()) == 7.0
    root.update_best("m", 3, child)
    assert (root.val, root.move, root.best_child) == (3, "m", child)
    assert root.inner.val == 3
    root.val = 4
    assert root.inner.val == 4


def test_limit_built_in_is_the_decorator_node_for_node() -> None:
    """limit_depth on the plain accumulators (the limit built in) and the DepthAcc
    decorator search the same nodes to the same values, moves and lines."""

    class Decorated(IAccFactory):
        """A depth limit always as the decorator."""

        def __init__(self, inner: IAccFactory, depth: int) -> None:
            self.inner, self.depth = inner, depth

        def make_acc(self, model_player: int) -> AAccumulator:
            return DepthAcc(self.inner.make_acc(model_player), self.depth, evaluate)

        @property
        def name(self) -> str:
            return "decorated"

    def evaluate(board: Any, player: int) -> float:
        return float(hash(board.key()) % 7 - 3) * (1 if player == 0 else -1)

    checked = 0
    for inner in (MinMaxFac(), AlphaBetaFac()):
        for moves in ("", "b2", "a1 c3", "b2 a1 c3"):
            for depth in (1, 2, 3, 4):
                board = TicTacToeBoard.from_moves(moves)
                built_in = MinMax(DepthFac(inner, depth, evaluate)).analyze(board)
                decorated = MinMax(Decorated(inner, depth)).analyze(board)
                assert (built_in.move, built_in.value, built_in.pv) == (
                    decorated.move,
                    decorated.value,
                    decorated.pv,
                )
                assert built_in.stats == attrs.evolve(
                    decorated.stats, seconds=built_in.stats.seconds
                )
                checked += 1
    assert checked == 32


def test_principal_variation_follows_best_children() -> None:
    """pv lists the best move, then the best child's best move, and so on."""
    root = MaxAcc(0, 0)
    child = root.make_opposite()
    child.update_best("y", 1)
    root.update_best("x", 1, child)
    assert root.pv == ("x", "y")
    assert MaxAcc(0, 0).pv == ()


def test_plain_accumulators_have_no_evaluation() -> None:
    """Only a horizon accumulator may be asked to evaluate."""
    with pytest.raises(NotImplementedError):
        MaxAcc(0, 0).evaluate(TicTacToeBoard())


def test_factories_make_the_right_root() -> None:
    """Each factory makes its root accumulator for the model player."""
    assert type(MinMaxFac().make_acc(1)) is MaxAcc
    root = AlphaBetaFac().make_acc(1)
    assert type(root) is AlphaAcc and (root.alpha, root.beta) == (-math.inf, math.inf)
    limited = DepthFac(AlphaBetaFac(), 3, lambda board, player: 0.0).make_acc(1)
    # the limit built into the alpha-beta accumulators themselves (see limit_depth)
    assert isinstance(limited, AlphaAcc) and not isinstance(limited, DepthAcc)
    assert depth_limit(limited) == 3 and limited.model_player == 1
    assert "DepthFac(AlphaBetaFac(), 3" in repr(
        DepthFac(AlphaBetaFac(), 3, lambda board, player: 0.0)
    )


def test_as_evaluation_accepts_callables_and_lambdas() -> None:
    """A callable is wrapped in the check of what it returns (once: a checked one is used as
    it is); an IBoardLambda is made a :class:`LambdaEvaluation` first; anything else is
    refused."""

    def evaluate(board: object, player: int) -> float:
        return 0.0

    checked: Any = as_evaluation(evaluate)
    assert checked.__wrapped__ is evaluate and checked.__name__ == "evaluate"
    assert as_evaluation(checked) is checked
    from oogames.board.lambdas import COLLECT_MOVES

    assert isinstance(cast(Any, as_evaluation(COLLECT_MOVES)).__wrapped__, LambdaEvaluation)
    with pytest.raises(TypeError, match="evaluation"):
        as_evaluation("open lines")  # type: ignore[arg-type]
