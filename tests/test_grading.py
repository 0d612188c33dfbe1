"""oogames grade: right answers score full marks, each buggy reference loses the tests it
should fail and is named, and broken submissions of every kind give one line a test."""

from __future__ import annotations

import io
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import running_with

from oogames.cli import main
from oogames.errors import SettingsError
from oogames.grading import STRICTNESS, grade, judge, run_in_process
from oogames.grading.catalogue import ROUND_BUGS, ROUND_TREES, references, round_bugs, trees_of
from oogames.grading.trees import (
    ALPHABETA,
    BUGS,
    EXPECTIMAX_BUGS,
    MINIMAX,
    MINIMAX_BUGS,
    RICE,
    TREES,
    Reference,
    Trace,
    student_order,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits")
SLOW = pytest.mark.slow

SUBMISSIONS = Path(__file__).parent / "submissions"
#: Each buggy submission, and the reference it should match.
BUGGY = {
    "rice_no_pruning.py": BUGS[0],
    "rice_no_tie_cut.py": BUGS[1],
    "rice_last_of_ties.py": BUGS[2],
}


def test_the_two_right_answers_differ_where_the_deep_cut_off_matters() -> None:
    deep = next(test for test in TREES if test.name == "deep cut-off")
    assert set(ALPHABETA.run(deep).positions) < set(RICE.run(deep).positions)


def _agree(found: Trace, expected: Trace, strictness: str) -> bool:
    """The comparison the grader makes, written again here."""
    if (found.move, found.value) != (expected.move, expected.value):
        return False
    if strictness in ("positions", "own-order"):  # a reference's order is the tree's
        return set(found.positions) == set(expected.positions)
    return strictness == "value" or found.positions == expected.positions


def test_a_wrong_search_scores_nothing_and_names_no_bug() -> None:
    report = grade("rice-alphabeta", SUBMISSIONS / "rice_wrong_value.py")
    assert report.score == 0 and all(test.bug is None for test in report.tests)
    assert "alpha-beta finds L worth 4" in report.tests[0].output


FACTORY = """\
from oogames import {search}, DepthFac
from oogames.games.gametree import static_value


def make_factory(rounds=None, players=2):
    if rounds is None:
        return {search}()
    return DepthFac({search}(), {depth}, static_value)
"""
RIGHT_DEPTH = "rounds * players"


def test_a_factory_without_rounds_is_told_so_in_one_line(tmp_path: Path) -> None:
    old = tmp_path / "old.py"
    old.write_text(
        "from oogames import AlphaBetaFac\ndef make_factory():\n    return AlphaBetaFac()\n"
    )
    report = grade("alphabeta-trees", old)
    for test in report.tests:
        if any(test.name == tree.name and tree.rounds for tree in ROUND_TREES):
            assert test.score == 0 and "unexpected keyword argument 'rounds'" in test.output
        else:
            assert test.score == test.max_score, report.to_text()


#: A student's depth for each bug of counting rounds (the depth bugs of ROUND_BUGS).
DEPTHS = {
    "depth counted in plies, not full rounds": "rounds",
    "search depth off by one: a round too many": "(rounds + 1) * players",
    "search depth off by one: a round too few": "max(1, (rounds - 1) * players)",
    "evaluated one ply too deep": "rounds * players + 1",
    "evaluated one ply too shallow": "rounds * players - 1",
}


def _factory_file(search: str, depth: str) -> Path:
    """A submission of the tree assignments: ``search``, ``depth`` plies for rounds."""
    folder = Path(tempfile.mkdtemp(prefix="oogames-grading-"))
    path = folder / "student.py"
    path.write_text(FACTORY.format(search=search, depth=depth))
    return path


def _right(search: str) -> Callable[[], Path]:
    return lambda: _factory_file(search, RIGHT_DEPTH)


def _depth_bug(search: str, name: str) -> Callable[[], Path]:
    return lambda: _factory_file(search, DEPTHS[name])


def _shipped(name: str) -> Callable[[], Path]:
    return lambda: SUBMISSIONS / name


#: Every assignment of trees: each right submission (no bug) and each submission of a
#: buggy reference, with that reference. Files are made when the case runs.
CASES: list[tuple[str, str, Callable[[], Path], Reference | None]] = [
    ("rice-alphabeta", "rice_shallow", _shipped("rice_shallow.py"), None),
    ("rice-alphabeta", "rice_deep", _shipped("rice_deep.py"), None),
    *(("rice-alphabeta", name, _shipped(name), bug) for name, bug in BUGGY.items()),
    ("alphabeta-trees", "right", _shipped("trees_alphabeta.py"), None),
    ("alphabeta-trees", "alternating", _shipped("trees_alternating.py"), ROUND_BUGS[-1]),
    *(
        ("alphabeta-trees", bug.name, _depth_bug("AlphaBetaFac", bug.name), bug)
        for bug in ROUND_BUGS
        if bug.name in DEPTHS
    ),
    ("minimax-trees", "right", _right("MinMaxFac"), None),
    ("minimax-trees", "alpha-beta", _shipped("trees_alphabeta.py"), MINIMAX_BUGS[-1]),
    *(
        ("minimax-trees", bug.name, _depth_bug("MinMaxFac", bug.name), bug)
        for bug in round_bugs(prune=False)
        if bug.name in DEPTHS
    ),
    ("expectimax-trees", "right", _shipped("expectimax_right.py"), None),
    ("expectimax-trees", "uniform", _shipped("expectimax_uniform.py"), EXPECTIMAX_BUGS[0]),
    ("expectimax-trees", "minimum", _shipped("expectimax_minimum.py"), EXPECTIMAX_BUGS[1]),
]

#: The cases of the quick run: each assignment's right answers and one bug of each kind
#: (the others run in CI's slow pass).
QUICK = {
    "rice_shallow", "rice_deep", "rice_no_tie_cut.py", "right", "alternating",
    "depth counted in plies, not full rounds", "alpha-beta", "uniform",
}  # fmt: skip


@pytest.mark.parametrize(
    ("assignment", "make", "bug"),
    [
        pytest.param(a, make, bug, id=f"{a}-{name}", marks=[] if name in QUICK else [SLOW])
        for a, name, make, bug in CASES
    ],
)
def test_every_assignment_and_strictness_right_scores_full_and_each_bug_is_named(
    assignment: str, make: Callable[[], Path], bug: Reference | None
) -> None:
    """Each test of the submission runs once (its trace); then it is judged at every
    strictness: a right submission scores full marks, and a buggy reference's loses the
    tests where that reference differs from every right search, named."""
    path = make()
    rights = references(assignment)[0]
    failed = 0
    for test in trees_of(assignment):
        trace, failure = run_in_process(assignment, test.name, path, 10.0, 512, None)
        assert trace is not None, failure
        for strictness in STRICTNESS:
            result = judge(assignment, test, trace, strictness)
            if bug is None:
                assert result.score == test.points, (strictness, result)
                continue
            found = bug.run(test)
            right = any(_agree(found, ref.run(test), strictness) for ref in rights)
            assert result.score == (test.points if right else 0), (strictness, result)
            if not right:
                assert result.bug is not None and bug.name in result.bug, (strictness, result)
                failed += 1
    if bug is not None:
        assert failed, f"{bug.name} fails no test"
    print(f"checked: {assignment}: tests judged at {len(STRICTNESS)} strictness levels")


#: Thirty broken submissions: each fault at import, when the search starts, and inside it.
FAULTS = {
    "a syntax error": ("def (:", "it raised"),
    "an exception": ("raise ValueError('boom')", "ValueError: boom"),
    "an unknown name": ("undefined_name()", "NameError"),
    "an endless loop": ("while True: pass", "no answer in"),
    "sys.exit": ("import sys; sys.exit(3)", "exited with status 3"),
    "os._exit": ("import os; os._exit(4)", "exited with status 4"),
    "huge memory": ("x = bytearray(64 << 30)", "memory"),
    "a crash": ("import ctypes; ctypes.string_at(0)", "killed by signal"),
    "keyboard interrupt": ("raise KeyboardInterrupt", "KeyboardInterrupt"),
    "recursion": ("def f(): return f()\nf()", "it raised"),
}
PLACES = {
    "at import": "{fault}\n" + (SUBMISSIONS / "rice_deep.py").read_text(),
    "when made": (SUBMISSIONS / "rice_deep.py").read_text().replace(
        "        super().__init__(model_player, player, depth)\n",
        "        super().__init__(model_player, player, depth)\n        if depth == 0:\n"
        "            {indented}\n", 1),
    "in the search": (SUBMISSIONS / "rice_deep.py").read_text().replace(
        "    def is_not_done(self):\n",
        "    def is_not_done(self):\n        if self.depth > 0:\n            {indented}\n"),
}  # fmt: skip


@pytest.mark.parametrize(
    "place",  # each fault at import in the quick run; everywhere in CI's slow pass
    [pytest.param(place, marks=[] if place == "at import" else [SLOW]) for place in sorted(PLACES)],
)
@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_broken_submission_scores_zero_in_one_line_and_the_grader_goes_on(
    tmp_path: Path, fault: str, place: str
) -> None:
    code, words = FAULTS[fault]
    if place != "at import" and fault == "a syntax error":
        words = "it raised"
    indented = code.replace("\n", "\n            ")
    source = PLACES[place].replace("{fault}", code).replace("{indented}", indented)
    path = tmp_path / "broken.py"
    path.write_text(source)
    results = tmp_path / "results.json"
    out = io.StringIO()
    # a million frames take a while; an endless loop is stopped at once; the others end by
    # themselves, so their limit only has to outlast a loaded machine's slow start
    seconds = "30" if fault == "recursion" else "1" if fault == "an endless loop" else "10"
    argv = ["grade", "rice-alphabeta", str(path), "--format", "gradescope", "--seconds", seconds]
    assert main([*argv, "--output", str(results)], out=out) == 0
    data = json.loads(results.read_text())
    assert data["score"] == 0 and data["max_score"] == sum(test.points for test in TREES)
    for test in data["tests"]:
        assert test["score"] == 0 and "\n" not in test["output"], test
        assert words in test["output"], (fault, place, test["output"])
    print(f"checked: broken submission graded 0 in one line a test: {fault} {place}")


def test_a_right_submission_that_leaves_a_thread_running_scores_full(tmp_path: Path) -> None:
    """A right search whose module starts a thread (not a daemon) and never ends it: each
    test's process wrote its answer and then waited for the thread, and the grader, its
    time up, scored it 0 ("no answer in 10 s (an endless loop?)"). Now full marks."""
    path = tmp_path / "threaded.py"
    path.write_text(
        (SUBMISSIONS / "rice_deep.py").read_text() + "\nimport threading, time\n"
        "threading.Thread(target=lambda: time.sleep(3600), name='left running').start()\n"
    )
    report = grade("rice-alphabeta", path, seconds=5)
    assert report.score == report.max_score, report.to_text()
    print(f"checked: a right submission leaving a thread, full marks: {len(report.tests)} tests")


def test_an_instructors_hidden_tests_are_graded_the_same_way(tmp_path: Path) -> None:
    hidden = tmp_path / "hidden.py"
    hidden.write_text(
        "from oogames.grading.trees import TreeTest\n"
        'TESTS = [TreeTest("hidden: two by two",\n'
        '                  {"L": {"a": 3, "b": 5}, "R": {"a": 2, "b": 9}}, 3)]\n'
    )
    right = grade("rice-alphabeta", SUBMISSIONS / "rice_deep.py", tests=hidden)
    assert right.score == right.max_score == 11 and right.tests[-1].name == "hidden: two by two"
    wrong = grade("rice-alphabeta", SUBMISSIONS / "rice_no_pruning.py", tests=hidden)
    assert wrong.tests[-1].score == 0 and "no pruning" in (wrong.tests[-1].bug or "")
    for text, words in (
        ("TESTS = 3", "must list TreeTest objects"),
        ("raise OSError('no')", "cannot be loaded: no"),
        (hidden.read_text().replace("hidden: two by two", "tied root"), "a name of its own"),
    ):
        hidden.write_text(text)
        with pytest.raises(SettingsError, match=words):
            grade("rice-alphabeta", SUBMISSIONS / "rice_deep.py", tests=hidden)


@pytest.mark.parametrize(
    ("name", "failed"),
    [
        ("../../demos/twenty_one.py", set()),
        pytest.param("game_misere.py", {"rules"}, marks=SLOW),
        pytest.param("game_adds_four.py", {"perft", "rules"}, marks=SLOW),
        ("game_forgets_undo.py", {"contract: undo", "contract: undo once", "perft"}),
        pytest.param("game_maps_too_far.py", {"contract: map", "rules"}, marks=SLOW),
    ],
)
def test_write_a_game_grades_a_board_by_the_kit_perft_and_the_rules(
    name: str, failed: set[str]
) -> None:
    report = grade("write-a-game", SUBMISSIONS / name)
    assert {test.name for test in report.tests if test.score == 0} == failed, report.to_text()
    assert report.score == report.max_score - sum(
        test.max_score for test in report.tests if test.name in failed
    )


def test_a_results_file_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = ["grade", "rice-alphabeta", str(SUBMISSIONS / "rice_deep.py")]
    with pytest.raises(SystemExit) as stopped:
        main([*words, "--output", str(tmp_path / "no" / "such" / "results.json")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--output: cannot write" in err and "Traceback" not in err and err.count("\n") == 1


def test_a_failed_tree_is_drawn_with_the_differing_positions_marked(tmp_path: Path) -> None:
    report = grade(
        "rice-alphabeta",
        SUBMISSIONS / "rice_no_pruning.py",
        pictures=tmp_path,
        only=["three by three", "deep cut-off"],
    )
    failed = [test for test in report.tests if test.score == 0]
    assert failed and all("the positions that differ marked" in t.output for t in failed)
    drawn = sorted(path.name for path in tmp_path.iterdir())
    assert drawn == ["deep-cut-off.svg", "three-by-three.svg"]
    picture = (tmp_path / "deep-cut-off.svg").read_text()
    found = set(BUGS[0].run(TREES[1]).positions)
    nearest = min(
        (set(ref.run(TREES[1]).positions) for ref in (ALPHABETA, RICE)),
        key=lambda right: len(found ^ right),
    )  # the report compares with the right search nearest the student's
    extra = found - nearest
    assert extra
    for label in extra:  # each position the right search cuts off, marked as the student's
        assert f"<title>{label}: generated by your search only</title>" in picture
    assert picture.count("generated by your search only</title>") == len(extra)
    print(f"checked: {len(extra)} positions marked")


def test_a_search_that_orders_its_own_moves_is_right_in_its_own_order() -> None:
    path = SUBMISSIONS / "trees_history.py"
    own = grade("alphabeta-trees", path, strictness="own-order")
    assert own.score == own.max_score, own.to_text()
    fixed = grade("alphabeta-trees", path, strictness="positions")
    failed = [test.name for test in fixed.tests if test.score == 0]
    assert failed and "tied root" in failed, fixed.to_text()
    print(f"checked: {len(own.tests)} tests right in its order, {len(failed)} not in the tree's")


def test_the_student_order_is_read_from_the_positions_generated() -> None:
    order = student_order(["b", "b/x", "a", "b/y", "a/x", "b/x/1"])
    assert order == {"": ["b", "a"], "b": ["x", "y"], "a": ["x"], "b/x": ["1"]}
    deep = TREES[1]
    reversed_order = {
        label: list(reversed(moves))
        for label, moves in student_order(MINIMAX.run(deep).positions).items()
    }
    found = ALPHABETA.run(deep, reversed_order)
    assert found.value == ALPHABETA.run(deep).value
    assert found.positions[0] == "R"  # the root's last move tried first


@SLOW
def test_write_a_game_takes_the_game_the_instructor_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    student = tmp_path / "student.py"
    student.write_text("from oogames.games.tictactoe import TicTacToeBoard as BOARD\n")
    right = grade("write-a-game", student, reference="tictactoe")
    assert right.score == right.max_score, right.to_text()
    wrong = grade("write-a-game", student, reference="connectfour")
    assert {test.name for test in wrong.tests if test.score == 0} == {"perft", "rules"}
    # the instructor's own board, named by a path relative to where the grader runs
    monkeypatch.chdir(Path(__file__).parents[1] / "demos")
    misere = grade(
        "write-a-game", SUBMISSIONS / "game_misere.py", reference="twenty_one.py:TwentyOne"
    )
    assert {test.name for test in misere.tests if test.score == 0} == {"rules"}


def test_a_reference_game_that_does_not_exist_is_one_line() -> None:
    with pytest.raises(SettingsError, match="unknown game 'nosuch'"):
        grade("write-a-game", SUBMISSIONS / "game_misere.py", reference="nosuch")


def test_a_move_not_undone_is_named() -> None:
    report = grade("alphabeta-trees", SUBMISSIONS / "trees_forgets_undo.py")
    failed = [test for test in report.tests if test.score == 0]
    depth_tests = {tree.name for tree in ROUND_TREES if tree.rounds}
    assert failed and {test.name for test in failed} <= depth_tests, report.to_text()
    assert all("a move not undone" in test.output for test in failed)


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads /proc")
@pytest.mark.parametrize(("ending", "words"), [("", "right"), ("while True: pass", "no answer in")])
def test_a_process_the_submission_starts_is_ended_with_its_test(
    tmp_path: Path, ending: str, words: str
) -> None:
    """Each test's process is started in a process group of its own, and the group is
    ended with it: a submission that starts a process (here a sleeping Python, whether the
    search then answers or loops) leaves none running. Before, each of the 17 tests of a
    submission that started ``sleep 537`` left one behind, for good."""
    marker = f"left-by-{tmp_path.name}"
    start = (
        "import subprocess, sys\n"
        f"subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(600)', {marker!r}])\n"
        f"{ending}\n"
    )
    path = tmp_path / "starts.py"
    path.write_text(start + (SUBMISSIONS / "rice_deep.py").read_text())
    results = tmp_path / "results.json"
    argv = ["grade", "rice-alphabeta", str(path), "--format", "gradescope", "--seconds", "3"]
    assert main([*argv, "--output", str(results)], out=io.StringIO()) == 0
    tests = json.loads(results.read_text())["tests"]
    assert all(words in test["output"] for test in tests), tests
    deadline = time.monotonic() + 5
    while running_with(marker) and time.monotonic() < deadline:  # SIGKILL is sent, not awaited
        time.sleep(0.05)
    assert running_with(marker) == [], f"left running after {len(tests)} tests"
