"""The textbook trees the tree assignments grade on, and the searches they are graded
against: the right ones and the deliberately buggy ones that name a student's bug.

Every tree is the project's own (two players, MAX moves first; a number is a finished
game's value for MAX; ``Static`` gives a position's evaluation for a depth-limited
search). A position is labelled by the moves that reach it (``"b/b2"``), the label the
reports print and the pictures mark.

The references walk the tree with the board's public calls (``legal_moves``, ``play``
and the undo), sharing nothing with the accumulators, and return the value, the move
(the first of equal values) and every position they generated, in order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import attrs

from oogames.board.model import Played
from oogames.board.moves import CHANCE, Move
from oogames.games.gametree import Chance, GameTreeBoard, Static, static_value


@attrs.frozen
class TreeTest:
    """One tree to grade a search on.

    Attributes:
        name: The test's name.
        tree: The game tree.
        points: What it is worth.
        depth: The search's depth in plies, which the grader adds (None: to the end of
            the tree, unless ``rounds``).
        about: What it checks, for the report.
        rounds: The search's depth in full rounds, which the student's search counts
            itself (``make_factory(rounds=..., players=...)``); each player moves once a
            round.
    """

    name: str
    tree: object
    points: float
    depth: int | None = None
    about: str = ""
    rounds: int | None = None


def _leaves(*values: float) -> dict[str, object]:
    return {chr(ord("a") + i): value for i, value in enumerate(values)}


def _static(value: float, node: object) -> Static:
    return Static(value, node)


TREES: tuple[TreeTest, ...] = (
    TreeTest(
        "three by three",
        {"L": _leaves(4, 9, 6), "M": _leaves(2, 11, 7), "R": _leaves(13, 3, 10)},
        2,
        about="MAX then MIN, three moves each: the right move and value",
    ),
    TreeTest(
        "deep cut-off",
        {
            "L": {"a": {"x": _leaves(5, 6)}},
            "R": {
                "a": {"x": _leaves(3, 9), "y": _leaves(4, 8)},
                "b": {"x": _leaves(7)},
            },
        },
        2,
        about="four plies: cut-offs that need the bound from the root, three plies up",
    ),
    TreeTest(
        "tied root",
        {"L": _leaves(5, 6), "M": _leaves(7, 5), "R": _leaves(5, 9)},
        1,
        about="equal values at the root: the first best move is kept",
    ),
    TreeTest(
        "ties below",
        {"L": _leaves(3, 3, 8), "R": _leaves(3, 2, 6), "S": _leaves(4, 3)},
        1,
        about="a value equal to the bound: a cut-off on equality",
    ),
    TreeTest(
        "depth two of four",
        {
            "L": _static(
                0,
                {
                    "a": _static(6, {"x": _leaves(1, 2), "y": _leaves(3, 4)}),
                    "b": _static(2, {"x": _leaves(9, 9)}),
                },
            ),
            "R": _static(
                0,
                {
                    "a": _static(5, {"x": _leaves(0, 0)}),
                    "b": _static(8, {"x": _leaves(7, 7), "y": _leaves(1, 1)}),
                    "c": _static(1, {"x": _leaves(5, 5)}),
                },
            ),
        },
        2,
        depth=2,
        about="a depth limit of 2 with the evaluation written on the positions",
    ),
)
"""The trees of the tree assignments, in the order the report lists them."""


def _dice(*pairs: tuple[float, object]) -> Chance:
    return Chance({str(i + 1): pair for i, pair in enumerate(pairs)})


def _even(*nodes: object) -> Chance:
    return _dice(*((1 / len(nodes), node) for node in nodes))


CHANCE_TREES: tuple[TreeTest, ...] = (
    TreeTest(
        "three dice",
        {"L": _even(6, 9, 3), "M": _even(1, 12, 2), "R": _even(8, 4, 7)},
        2,
        about="MAX then chance, three equal outcomes each: the mean, not the minimum",
    ),
    TreeTest(
        "loaded dice",
        {"L": _dice((0.75, 2), (0.25, 20)), "R": _dice((0.1, 0), (0.9, 6))},
        2,
        about="outcomes of unequal chance: each weighed by its probability",
    ),
    TreeTest(
        "max, chance, min",
        {
            "L": _even({"a": 4, "b": 10}, {"a": 6, "b": 2}),
            "R": _even({"a": 8, "b": 3}, {"a": 5, "b": 9}),
        },
        2,
        about="an opponent after the die: it minimises",
    ),
    TreeTest(
        "tied root",
        {"L": _even(2, 8), "M": _even(6, 4), "R": _dice((0.5, 1), (0.5, 9))},
        1,
        about="equal expected values at the root: the first best move is kept",
    ),
    TreeTest(
        "depth one of three",
        {
            "L": _static(5, _even({"a": 1}, {"a": 2})),
            "R": _static(7, _even({"a": 0}, {"a": 0})),
        },
        1,
        depth=1,
        about="a depth limit of 1 with the evaluation written on the positions",
    ),
)
"""The trees of ``expectimax-trees``: two players and chance."""


@attrs.frozen
class Trace:
    """What a search did on a tree: its value, its move and the positions it generated."""

    value: float
    move: Move | None
    positions: tuple[str, ...]
    changed: bool = False


class RecordingTree(GameTreeBoard):
    """A game tree that records each position a move generates, by its label."""

    __slots__ = ("generated", "order")

    def __init__(self, tree: object, order: Mapping[str, Sequence[str]] | None = None) -> None:
        super().__init__(tree)
        self.generated: list[str] = []
        self.order = order or {}

    def _play(self, player: int, move: Move) -> Played | None:
        played = super()._play(player, move)
        if played is not None:
            self.generated.append("/".join(map(str, (*self.moves, move))))
        return played

    def ordered(self, moves: list[Move]) -> list[Move]:
        """``moves`` of the current position in the order ``self.order`` gives it (its
        label's moves first, as listed; the others after, in the tree's order)."""
        if not self.order:  # the tree's own order
            return moves
        first = self.order.get("/".join(map(str, self.moves)), ())
        rank = {move: place for place, move in enumerate(first)}
        return sorted(moves, key=lambda move: rank.get(str(move), len(rank)))


def student_order(positions: Sequence[str]) -> dict[str, list[str]]:
    """The order a search tried the moves of each position in, from the positions it
    generated (a position's label is its parent's, a slash and the move)."""
    order: dict[str, list[str]] = {}
    for label in positions:
        parent, _, move = label.rpartition("/")
        tried = order.setdefault(parent, [])
        if move not in tried:
            tried.append(move)
    return order


@attrs.frozen
class Reference:
    """A search to compare with: right, or buggy in a named way.

    Attributes:
        name: What it is (``"alpha-beta"``) or the bug it has.
        right: Whether it is a right answer.
        prune: Whether it cuts off at all.
        deep: Whether a cut-off uses the window from every ancestor (else the parent's
            value only, as the Rice page's accumulators).
        tie_cut: Whether a value equal to the bound cuts off (the right searches do).
        depth_error: Plies added to a depth in rounds.
        last_of_ties: Whether the last of equal values is kept (the right searches keep
            the first).
        uniform: Whether chance's outcomes are averaged as if equally likely.
        chance_minimises: Whether chance is taken for an opponent (the minimum).
        round_error: Full rounds added to the depth asked for.
        ply_rounds: Whether a depth in rounds is taken for plies.
        alternating: Whether the layers alternate MAX, MIN whoever moves (one minimising
            layer for several opponents).
    """

    name: str
    right: bool
    prune: bool = True
    deep: bool = True
    tie_cut: bool = True
    depth_error: int = 0
    last_of_ties: bool = False
    uniform: bool = False
    chance_minimises: bool = False
    round_error: int = 0
    ply_rounds: bool = False
    alternating: bool = False

    def run(self, test: TreeTest, order: Mapping[str, Sequence[str]] | None = None) -> Trace:
        """Search ``test``'s tree as this reference does, trying each position's moves in
        the tree's order or the one ``order`` gives (see
        :func:`~oogames.grading.trees.student_order`)."""
        board = RecordingTree(test.tree, order)
        depth = test.depth  # added by the grader: the student's search cannot miscount it
        if test.rounds is not None:  # counted by the student's search: its bugs of counting
            plies = (test.rounds + self.round_error) * (1 if self.ply_rounds else board.players)
            depth = max(1, plies + self.depth_error)  # at least one ply (DepthFac's least)
        value, move = self._value(board, 0, depth, -math.inf, math.inf, math.inf)
        return Trace(value, move, tuple(board.generated))

    def _value(
        self, board: RecordingTree, ply: int, depth: int | None, alpha: float, beta: float,
        parent: float,
    ) -> tuple[float, Move | None]:  # fmt: skip
        if board.to_move == CHANCE:
            return self._expected(board, ply, depth), None
        maximizing = self._maximizes(board, ply)
        best = -math.inf if maximizing else math.inf
        best_move: Move | None = None
        for move in board.ordered(board.legal_moves()):
            undo = board.play(move)
            # The Rice page's bound is the value so far of the nearest position above of
            # the other side (two minimisers in a row: the maximiser's above them).
            same_side = self._maximizes(board, ply + 1) is maximizing
            bound = math.nan if self.deep else parent if same_side else best
            value = self._child(board, ply, depth, alpha, beta, bound)
            undo()
            better = value > best if maximizing else value < best
            if better or (self.last_of_ties and value == best):
                best, best_move = value, move
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            if self.prune and self._cut(maximizing, best, alpha, beta, parent):
                break
        return best, best_move

    def _maximizes(self, board: RecordingTree, ply: int) -> bool:
        """Whether the position ``ply`` plies from the root is MAX's, as this search sees it."""
        return ply % 2 == 0 if self.alternating else board.to_move == 0

    def _child(
        self, board: RecordingTree, ply: int, depth: int | None, alpha: float, beta: float,
        bound: float,
    ) -> float:  # fmt: skip
        """The value of the position a move (or an outcome) at ``ply`` reached."""
        if board.is_over:
            return (board.payoffs or (0.0,))[0]
        if depth is not None and ply + 1 >= depth:
            return static_value(board, 0)
        return self._value(board, ply + 1, depth, alpha, beta, bound)[0]

    def _expected(self, board: RecordingTree, ply: int, depth: int | None) -> float:
        """A chance position: its outcomes weighed by their probabilities (or as the bug
        weighs them)."""
        chances = dict(board.chance_outcomes())
        outcomes = [(outcome, chances[outcome]) for outcome in board.ordered(list(chances))]
        total = 0.0
        values = []
        for outcome, probability in outcomes:
            undo = board.play(outcome, CHANCE)
            value = self._child(board, ply, depth, -math.inf, math.inf, math.nan)
            undo()
            values.append(value)
            total += (1 / len(outcomes) if self.uniform else probability) * value
        return min(values) if self.chance_minimises else total

    def _cut(self, maximizing: bool, best: float, alpha: float, beta: float, parent: float) -> bool:
        if not self.deep:  # the Rice page: the parent's value so far is the bound
            if math.isnan(parent):
                return False
            return best >= parent if maximizing else best <= parent
        low, high = (beta, best) if maximizing else (best, alpha)
        return low <= high if self.tie_cut else low < high


MINIMAX = Reference("minimax", True, prune=False)
ALPHABETA = Reference("alpha-beta", True)
RICE = Reference("alpha-beta with the Rice page's shallow cut-offs", True, deep=False)
BUGS: tuple[Reference, ...] = (
    Reference("no pruning at all: it searches what minimax searches", False, prune=False),
    Reference("no cut-off on equality (a value equal to the bound goes on)", False, tie_cut=False),
    Reference("ties go to the last move, not the first", False, last_of_ties=True),
)
"""The buggy searches a student's trace is compared with, to name the bug."""

MINIMAX_BUGS: tuple[Reference, ...] = (
    Reference("ties go to the last move, not the first", False, prune=False, last_of_ties=True),
    Reference("it prunes: the assignment asks for plain minimax", False),
)


EXPECTIMAX = Reference("expectimax", True, prune=False)
EXPECTIMAX_BUGS: tuple[Reference, ...] = (
    Reference("outcomes averaged as if equally likely", False, prune=False, uniform=True),
    Reference(
        "chance taken for an opponent (the minimum)", False, prune=False, chance_minimises=True
    ),
    Reference("ties go to the last move, not the first", False, prune=False, last_of_ties=True),
)
