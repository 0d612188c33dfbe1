"""What each tree assignment grades on: its trees, the right searches and the buggy ones.

Besides the two-player trees of :mod:`oogames.grading.trees`, ``alphabeta-trees`` and
``minimax-trees`` grade on :data:`ROUND_TREES`: one maximiser (player 0) against several
minimisers, as Berkeley's multi-agent assignment has it, with the depth counted in full
rounds (each player moves once a round). On those the student's own search counts the
depth: the grader calls ``make_factory(rounds=R, players=N)``, and the search values a
position ``R * N`` plies down by the evaluation written on it
(:func:`~oogames.games.gametree.static_value`). The bugs of counting
(:data:`ROUND_BUGS`: plies for rounds, a round or a ply off, one minimising layer for
several opponents) are named when a student's trace matches theirs.

The trees are generated from fixed seeds, so they are the same on every machine: a
finished game or a position's evaluation is a number ``v`` for the maximiser, and each
minimiser's payoff is ``-v`` (so max^n, each minimiser maximising its own payoff, is the
same search as minimax).
"""

from __future__ import annotations

import importlib.util
import random

from oogames.errors import SettingsError
from oogames.games.gametree import Static
from oogames.grading.trees import (
    ALPHABETA,
    BUGS,
    CHANCE_TREES,
    EXPECTIMAX,
    EXPECTIMAX_BUGS,
    MINIMAX,
    MINIMAX_BUGS,
    RICE,
    TREES,
    Reference,
    TreeTest,
)

__all__ = ["ROUND_BUGS", "ROUND_TREES", "load_tests", "references", "round_bugs", "trees_of"]


def _payoffs(value: float, players: int) -> tuple[float, ...]:
    """``(v, -v, ..., -v)``: the maximiser's value ``v`` and each minimiser's."""
    return (value, *(-value for _ in range(players - 1)))


def _against_max(node: object, players: int) -> object:
    """``node`` with each number ``v`` made the payoffs ``(v, -v, ..., -v)``."""
    if isinstance(node, int | float):
        return _payoffs(node, players)
    if isinstance(node, Static):
        assert isinstance(node.value, int | float)
        return Static(_payoffs(node.value, players), _against_max(node.node, players))
    assert isinstance(node, dict)
    return {move: _against_max(child, players) for move, child in node.items()}


def _generated(seed: int, players: int, branching: int, plies: int) -> object:
    """A tree ``plies`` deep, each position ``branching`` moves (``a``, ``b``, ...), values
    drawn from ``seed`` between -9 and 9, an evaluation on every position below the root."""
    draw = random.Random(seed)

    def node(ply: int) -> object:
        value = draw.randint(-9, 9)
        if ply == plies:
            return value
        children = {chr(ord("a") + i): node(ply + 1) for i in range(branching)}
        return children if ply == 0 else Static(value, children)

    return _against_max(node(0), players)


ROUND_TREES: tuple[TreeTest, ...] = (
    TreeTest(
        "two minimisers",
        _generated(1, 3, 3, 3),
        2,
        about="MAX then two minimisers in a row, to the end: both minimise",
    ),
    TreeTest(
        "one round of three",
        _generated(2, 3, 2, 6),
        2,
        rounds=1,
        about="a depth of one full round of three players: three plies, then the evaluation",
    ),
    TreeTest(
        "two rounds of three",
        _generated(3, 3, 2, 7),
        2,
        rounds=2,
        about="a depth of two full rounds of three players: six plies",
    ),
    TreeTest(
        "one round of four",
        _generated(4, 4, 2, 5),
        2,
        rounds=1,
        about="three minimisers after MAX, one round deep: four plies",
    ),
    TreeTest(
        "tied root of three",
        _against_max(
            {"L": {"a": {"x": 4, "y": 6}, "b": {"x": 5}}, "R": {"a": {"x": 8}, "b": {"x": 4}}}, 3
        ),
        1,
        about="equal values at the root after two minimisers: the first best move is kept",
    ),
)
"""One maximiser against several minimisers (see the module)."""


def round_bugs(prune: bool) -> tuple[Reference, ...]:
    """The bugs of a depth in rounds, in a search that prunes (or not)."""
    return (
        Reference("depth counted in plies, not full rounds", False, prune, ply_rounds=True),
        Reference("search depth off by one: a round too many", False, prune, round_error=1),
        Reference("search depth off by one: a round too few", False, prune, round_error=-1),
        Reference("evaluated one ply too deep", False, prune, depth_error=1),
        Reference("evaluated one ply too shallow", False, prune, depth_error=-1),
        Reference(
            "one minimising layer for several opponents (the layers alternate MAX, MIN)",
            False,
            prune,
            alternating=True,
        ),
    )


ROUND_BUGS = round_bugs(prune=True)
"""The buggy alpha-beta searches of a depth in rounds (:func:`round_bugs`)."""


def trees_of(assignment: str, extra: str | None = None) -> tuple[TreeTest, ...]:
    """The trees ``assignment`` grades on, and an instructor's own from the file ``extra``
    (see :func:`load_tests`)."""
    if assignment == "expectimax-trees":
        shipped = CHANCE_TREES
    elif assignment == "rice-alphabeta":  # the Rice page's search is for two players
        shipped = TREES
    else:
        shipped = TREES + ROUND_TREES
    return shipped + (load_tests(extra) if extra else ())


def references(assignment: str) -> tuple[tuple[Reference, ...], tuple[Reference, ...]]:
    """The right searches and the buggy ones of ``assignment``."""
    if assignment == "expectimax-trees":
        return (EXPECTIMAX,), EXPECTIMAX_BUGS
    if assignment == "minimax-trees":
        return (MINIMAX,), MINIMAX_BUGS + round_bugs(prune=False)
    if assignment == "rice-alphabeta":
        return (ALPHABETA, RICE), BUGS
    return (ALPHABETA, RICE), BUGS + ROUND_BUGS


def load_tests(path: str) -> tuple[TreeTest, ...]:
    """An instructor's own tests (hidden ones, say): a Python file whose ``TESTS`` lists
    :class:`~oogames.grading.trees.TreeTest` objects, graded as the assignment's are.

    Raises:
        SettingsError: The file cannot be loaded, or its ``TESTS`` are not tree tests
            with names of their own.
    """
    try:
        spec = importlib.util.spec_from_file_location("oogames_instructor_tests", path)
        if spec is None or spec.loader is None:
            raise ImportError("not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except Exception as error:  # the instructor's file: said in one line
        raise SettingsError(f"--tests {path}: cannot be loaded: {error}") from None
    tests = getattr(module, "TESTS", None)
    if not isinstance(tests, list | tuple) or not all(isinstance(t, TreeTest) for t in tests):
        raise SettingsError(f"--tests {path}: TESTS must list TreeTest objects")
    names = [test.name for test in tests]
    taken = {test.name for test in (*TREES, *CHANCE_TREES, *ROUND_TREES)}
    if len(set(names)) != len(names) or taken & set(names):
        raise SettingsError(f"--tests {path}: each test needs a name of its own")
    return tuple(tests)
