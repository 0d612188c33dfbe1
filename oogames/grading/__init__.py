"""Assignments graded by the framework itself: ``oogames grade ASSIGNMENT SUBMISSION``.

Each test runs the student's search in a process of its own (:mod:`oogames.grading.worker`)
with a time and a memory limit; whatever the code does there (a syntax error, an
exception, an endless loop, ``sys.exit``, ``os._exit``, a crash, memory without end)
scores that test 0 with one line saying so, and the other tests go on. The grader then
compares what the search did with the right searches of :mod:`oogames.grading.trees`, at
the strictness the instructor chooses:

- ``value``: the value and the move;
- ``own-order``: and the set of positions the search generated is what a right search
  generates when it tries each position's moves in the order the student's search tried
  them (a search that orders its moves its own way, with its cut-offs right);
- ``positions``: and the set of positions the search generated is a right search's
  (a missed cut-off, or a search one ply too deep, fails);
- ``order``: and they were generated in the same order.

When a test fails, the trace is compared with the buggy references to name the bug
("search depth off by one", "no cut-off on equality", ...), and the report lists the
positions that differ from the nearest right search.

The shipped assignments:

- ``rice-alphabeta``: the submission defines ``AlphaAcc`` (on the package's ``MaxAcc``)
  and ``BetaAcc`` (on ``MinAcc``), as the Rice page's course asks, and may define its own
  ``AlphaBetaFac``. The Rice page's shallow cut-offs and the textbook's deep ones are both
  right; a search that prunes nothing, or values wrongly, is not.
- ``alphabeta-trees``, ``minimax-trees`` and ``expectimax-trees`` (two players and
  chance): the submission defines ``make_factory()``, returning its search's
  :class:`~oogames.nextmove.factories.IAccFactory` (``make_factory(rounds=R, players=N)``
  for a search ``R`` full rounds deep: :mod:`oogames.grading.catalogue`).
- ``write-a-game``: a board class, graded by the board test kit, perft and the rules
  (:mod:`oogames.grading.games`).
- ``evaluation``: an evaluation function, graded by seeded games against fixed
  opponents (:mod:`oogames.grading.evaluation`); a class's submissions also play a
  leaderboard (:mod:`oogames.grading.leaderboard`).
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Sequence
from pathlib import Path

import attrs

from oogames import plugins
from oogames.errors import SettingsError, unknown
from oogames.games import find_game
from oogames.grading.catalogue import references, trees_of
from oogames.grading.evaluation import EVALUATION_TESTS, match_output, play_match, player_spec
from oogames.grading.games import DEFAULT_REFERENCE, GAME_TESTS, GameTest
from oogames.grading.pictures import file_name, marked_tree_svg
from oogames.grading.process import TEST_MEMORY_MB, TEST_SECONDS, in_process, run_in_process
from oogames.grading.trees import Reference, Trace, TreeTest, student_order
from oogames.tournament.isolated import late_to_start

ASSIGNMENTS: tuple[str, ...] = (
    "rice-alphabeta",
    "alphabeta-trees",
    "minimax-trees",
    "expectimax-trees",
    "write-a-game",
    "evaluation",
)
"""The assignments shipped in the package."""

STRICTNESS_HELP: dict[str, str] = {
    "value": "the move and value",
    "own-order": "and the positions a right search generates in the student's own move order",
    "positions": "and the set of positions generated",
    "order": "and their order",
}
"""What each strictness compares, from the least to the most (see the module)."""

STRICTNESS: tuple[str, ...] = tuple(STRICTNESS_HELP)
"""The strictness levels, from the least to the most."""


@attrs.frozen
class TestResult:
    """One graded test.

    Attributes:
        name: The test's name.
        score: The points it scored.
        max_score: What it is worth.
        output: What was found, in a few lines for the student.
        bug: The buggy reference the trace matches, if one does.
    """

    __test__ = False  # not a pytest test class

    name: str
    score: float
    max_score: float
    output: str
    bug: str | None = None


@attrs.frozen
class GradeReport:
    """A submission's grade: each test and the total."""

    assignment: str
    submission: str
    strictness: str
    tests: tuple[TestResult, ...]

    @property
    def score(self) -> float:
        """The points scored."""
        return float(sum(test.score for test in self.tests))

    @property
    def max_score(self) -> float:
        """The points there are."""
        return float(sum(test.max_score for test in self.tests))

    def to_text(self) -> str:
        """The report for the student: each test, its points and what differed."""
        graded_on = f" ({self.strictness})" if self.assignment.endswith("-trees") else ""
        lines = [f"{self.assignment}{graded_on}: {self.submission}"]
        for test in self.tests:
            mark = "PASS" if test.score == test.max_score else "FAIL"
            lines.append(f"{mark} {test.name}: {test.score:g}/{test.max_score:g}")
            lines += [f"    {line}" for line in test.output.splitlines()]
        lines.append(f"score: {self.score:g}/{self.max_score:g}")
        return "\n".join(lines)

    def to_gradescope(self) -> str:
        """Gradescope's ``results.json``: the score, and each test with its output."""
        tests = [
            {"name": t.name, "score": t.score, "max_score": t.max_score, "output": t.output}
            for t in self.tests
        ]
        return json.dumps({"score": self.score, "max_score": self.max_score, "tests": tests})

    def to_json(self) -> str:
        """Everything, for scripts."""
        return json.dumps(attrs.asdict(self) | {"score": self.score, "max_score": self.max_score})


def grade(
    assignment: str,
    submission: str | Path,
    *,
    strictness: str = "positions",
    seconds: float = TEST_SECONDS,
    memory_mb: int = TEST_MEMORY_MB,
    only: Sequence[str] | None = None,
    tests: str | Path | None = None,
    pictures: str | Path | None = None,
    reference: str = DEFAULT_REFERENCE,
) -> GradeReport:
    """Grade ``submission`` (a Python file) on ``assignment``; never raises for what the
    submission's code does. ``only`` names the tests to run (all by default); each runs
    at most ``seconds`` with ``memory_mb`` MiB of memory. ``tests`` is an instructor's
    file of more tests (hidden ones, say: see :func:`~oogames.grading.catalogue.load_tests`),
    run after the assignment's. ``pictures`` is a folder where each failed tree test's
    tree is drawn (SVG), the positions that differ from the nearest right search marked
    (:mod:`oogames.grading.pictures`). ``reference`` is the game ``write-a-game`` asks
    for (see :mod:`oogames.grading.games`).

    Raises:
        SettingsError: An unknown assignment or strictness, or no such file.
    """
    if assignment not in ASSIGNMENTS:
        raise SettingsError(unknown("assignment", assignment, ASSIGNMENTS))
    if strictness not in STRICTNESS:
        raise SettingsError(unknown("strictness", strictness, STRICTNESS))
    path = Path(submission)
    if not path.is_file():
        raise SettingsError(f"no submission file {str(path)!r}")
    if assignment == "write-a-game":
        game = _reference(reference)
        played = _grade_game(path, seconds, memory_mb, game, only)
        return GradeReport(assignment, str(path), strictness, played)
    if assignment == "evaluation":
        played = _grade_evaluation(path, seconds, memory_mb, only)
        return GradeReport(assignment, str(path), strictness, played)
    extra = None if tests is None else str(Path(tests).resolve())
    folder = None if pictures is None else _folder(Path(pictures))
    limits = (strictness, seconds, memory_mb, extra, folder)
    results = tuple(
        _grade_one(assignment, test, path, *limits)
        for test in trees_of(assignment, extra)
        if only is None or test.name in only
    )
    return GradeReport(assignment, str(path), strictness, results)


def _reference(game: str) -> str:
    """The reference game's name as the worker (in a folder of its own) finds it: an
    instructor's ``FILE.py:CLASS`` with the file's whole path.

    Raises:
        SettingsError: No such game (or the instructor's class does not load).
    """
    split = plugins.split_ref(game)
    if split is not None and split[0].endswith(".py"):
        game = f"{Path(split[0]).resolve()}:{split[1]}{split[2]}"
    find_game(game).make()  # a bad name, a class that does not load: one line, here
    return game


def _grade_game(
    path: Path, seconds: float, memory: int, game: str, only: Sequence[str] | None
) -> tuple[TestResult, ...]:
    """A student's board on each test of ``write-a-game``, each in a process of its own."""
    return tuple(
        _checked("write-a-game", test, path, seconds, memory, game)
        for test in GAME_TESTS
        if only is None or test.name in only
    )


def _checked(
    assignment: str, test: GameTest, path: Path, seconds: float, memory: int, extra: str | None
) -> TestResult:
    """A test the worker passes or fails itself: what it said, or why it said nothing
    (a result it cannot have written, ``{}`` say, is no result)."""
    data, failure = in_process(assignment, test.name, path, seconds, memory, extra)
    said = None if data is None else data.get("output")
    if not isinstance(said, str):
        return TestResult(test.name, 0.0, test.points, failure or "no result")
    assert data is not None
    score = test.points if data.get("passed") is True else 0.0
    return TestResult(test.name, score, test.points, said)


def _folder(path: Path) -> Path:
    """The folder the pictures go in, made if need be.

    Raises:
        SettingsError: It cannot be made.
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SettingsError(f"--svg: cannot make the folder {path}: {error.strerror}") from None
    return path


def _grade_evaluation(
    path: Path, seconds: float, memory: int, only: Sequence[str] | None
) -> tuple[TestResult, ...]:
    """A student's evaluation on each test of ``evaluation``: the values in the worker, the
    games as a tournament's, its player a plug-in in a process of its own."""
    results = []
    hung: str | None = None  # why its player did not start, once it has not
    with tempfile.TemporaryDirectory() as folder:
        spec = player_spec(path, Path(folder))
        for test in EVALUATION_TESTS:
            if only is not None and test.name not in only:
                continue
            if test.opponent is None:
                results.append(_checked("evaluation", test, path, seconds, memory, None))
                continue
            if hung is not None:  # it would hang START_SECONDS again, to the same end
                message = f"not played: its player did not start in the match before ({hung})"
                results.append(TestResult(test.name, 0.0, test.points, message))
                continue
            found = play_match(spec, test.opponent, seconds, memory, test.share)
            hung = next((why for why in found.forfeits if late_to_start(why)), None)
            passed, output = match_output(test, found)
            wrapper = spec.rsplit(":", 2)[0]  # the player's file: named as the student's
            output = output.replace(repr(spec), path.name).replace(wrapper, path.name)
            score = test.points if passed else 0.0
            results.append(TestResult(test.name, score, test.points, output))
    return tuple(results)


def _grade_one(
    assignment: str,
    test: TreeTest,
    path: Path,
    strictness: str,
    seconds: float,
    memory: int,
    extra: str | None,
    pictures: Path | None,
) -> TestResult:
    trace, failure = run_in_process(assignment, test.name, path, seconds, memory, extra)
    if trace is None:
        return TestResult(test.name, 0.0, test.points, failure)
    return judge(assignment, test, trace, strictness, pictures)


def judge(
    assignment: str,
    test: TreeTest,
    trace: Trace,
    strictness: str = "positions",
    pictures: Path | None = None,
) -> TestResult:
    """Grade what a search did on ``test`` (its ``trace``, from :func:`run_in_process`)
    at ``strictness``: the right searches of ``assignment`` first, then, if none agrees,
    the buggy ones, to name the bug; a picture of the tree goes in ``pictures``."""
    right, bugs = references(assignment)
    order = student_order(trace.positions) if strictness == "own-order" else None
    expected = [(reference, reference.run(test, order)) for reference in right]
    if trace.changed:
        return TestResult(test.name, 0.0, test.points, "the board changed: a move not undone")
    for _, found in expected:
        if _agrees(trace, found, strictness):
            said = f"right ({test.about})" if test.about else "right"
            return TestResult(test.name, test.points, test.points, said)
    named = [ref.name for ref in bugs if _agrees(trace, ref.run(test, order), strictness)]
    bug = "; or ".join(named) if named else None
    nearest = min(expected, key=lambda pair: _distance(trace, pair[1]))
    lines = [_differences(trace, nearest[1], nearest[0])]
    if bug is not None:
        lines.insert(0, f"the search matches a known bug: {bug}")
    if pictures is not None:
        drawn = pictures / file_name(test.name)
        picture = marked_tree_svg(test, trace, nearest[1], nearest[0].name)
        try:
            drawn.write_text(picture, encoding="utf-8")
            lines.append(f"the tree, the positions that differ marked: {drawn}")
        except OSError as error:
            lines.append(f"the tree could not be drawn in {drawn}: {error.strerror}")
    return TestResult(test.name, 0.0, test.points, "\n".join(lines), bug)


def _agrees(trace: Trace, expected: Trace, strictness: str) -> bool:
    if trace.move != expected.move or not math.isclose(trace.value, expected.value):
        return False
    if strictness in ("positions", "own-order"):  # own-order: ``expected`` in its order
        return set(trace.positions) == set(expected.positions)
    if strictness == "order":
        return trace.positions == expected.positions
    return True


def _distance(trace: Trace, expected: Trace) -> int:
    return len(set(trace.positions) ^ set(expected.positions))


def _differences(trace: Trace, expected: Trace, reference: Reference) -> str:
    lines = []
    if trace.move != expected.move or not math.isclose(trace.value, expected.value):
        lines.append(
            f"move {trace.move} worth {trace.value:g}; {reference.name} finds "
            f"{expected.move} worth {expected.value:g}"
        )
    extra = [p for p in trace.positions if p not in expected.positions]
    missing = [p for p in expected.positions if p not in trace.positions]
    if extra:
        lines.append(f"generated, though {reference.name} cuts them off: {_listed(extra)}")
    if missing:
        lines.append(f"not generated, though {reference.name} does: {_listed(missing)}")
    if not extra and not missing and trace.positions != expected.positions:
        lines.append("the right positions in another order")
    return "\n".join(lines) or "the positions differ"


def _listed(positions: list[str], shown: int = 12) -> str:
    """The first ``shown`` of ``positions``, and how many more there are."""
    more = len(positions) - shown
    return " ".join(positions[:shown]) + (f" (and {more} more)" if more > 0 else "")


__all__ = [
    "ASSIGNMENTS",
    "STRICTNESS",
    "STRICTNESS_HELP",
    "GradeReport",
    "TestResult",
    "grade",
    "judge",
    "run_in_process",
]
