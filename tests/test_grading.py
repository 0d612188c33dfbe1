"""oogames grade: right answers score full marks, each buggy reference loses the tests it
should fail and is named, and broken submissions of every kind give one line a test."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from oogames.cli import main
from oogames.errors import SettingsError
from oogames.grading import STRICTNESS, grade
from oogames.grading.catalogue import ROUND_BUGS, ROUND_TREES, round_bugs
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
    Trace,
    student_order,
)

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits")

SUBMISSIONS = Path(__file__).parent / "submissions"
#: Each buggy submission, and the reference it should match.
BUGGY = {
    "rice_no_pruning.py": BUGS[0],
    "rice_no_tie_cut.py": BUGS[1],
    "rice_last_of_ties.py": BUGS[2],
}


@pytest.mark.parametrize("strictness", STRICTNESS)
@pytest.mark.parametrize("name", ["rice_shallow.py", "rice_deep.py"])
def test_the_rice_page_and_the_textbook_both_score_full_marks(name: str, strictness: str) -> None:
    report = grade("rice-alphabeta", SUBMISSIONS / name, strictness=strictness)
    assert report.score == report.max_score == sum(test.points for test in TREES), report.to_text()


def test_the_two_right_answers_differ_where_the_deep_cut_off_matters() -> None:
    deep = next(test for test in TREES if test.name == "deep cut-off")
    assert set(ALPHABETA.run(deep).positions) < set(RICE.run(deep).positions)


@pytest.mark.parametrize("strictness", STRICTNESS)
@pytest.mark.parametrize("name", sorted(BUGGY))
def test_a_buggy_reference_loses_what_it_should_and_is_named(name: str, strictness: str) -> None:
    bug = BUGGY[name]
    report = grade("rice-alphabeta", SUBMISSIONS / name, strictness=strictness)
    checked = 0
    for test, result in zip(TREES, report.tests, strict=True):
        found = bug.run(test)
        right = any(_agree(found, ref.run(test), strictness) for ref in (ALPHABETA, RICE))
        assert result.score == (test.points if right else 0), (test.name, report.to_text())
        if not right:
            assert result.bug is not None and bug.name in result.bug, report.to_text()
            checked += 1
    if strictness != "value" or bug.last_of_ties:  # the others differ in positions only
        assert checked, f"{name} fails no test at {strictness}"
    print(f"checked: buggy tests named: {checked}")


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


def test_the_tree_assignments_take_a_factory(tmp_path: Path) -> None:
    alphabeta = tmp_path / "ab.py"
    alphabeta.write_text(FACTORY.format(search="AlphaBetaFac", depth=RIGHT_DEPTH))
    minimax = tmp_path / "mm.py"
    minimax.write_text(FACTORY.format(search="MinMaxFac", depth=RIGHT_DEPTH))
    every = sum(test.points for test in (*TREES, *ROUND_TREES))
    assert grade("alphabeta-trees", alphabeta).score == every
    assert grade("minimax-trees", minimax).score == every
    report = grade("minimax-trees", alphabeta)
    named = [test for test in report.tests if test.bug]
    assert named and all(MINIMAX_BUGS[-1].name in (test.bug or "") for test in named)
    assert MINIMAX.prune is False


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


@pytest.mark.parametrize(
    ("assignment", "bug_name"),
    [(assignment, name) for assignment in ("alphabeta-trees", "minimax-trees") for name in DEPTHS]
    + [("alphabeta-trees", ROUND_BUGS[-1].name)],  # tests/submissions/trees_alternating.py
)
def test_each_bug_of_several_minimisers_and_rounds_is_named(
    tmp_path: Path, assignment: str, bug_name: str
) -> None:
    prune = assignment == "alphabeta-trees"
    search = "AlphaBetaFac" if prune else "MinMaxFac"
    bug = next(ref for ref in round_bugs(prune) if ref.name == bug_name)
    if bug.alternating:
        path = SUBMISSIONS / "trees_alternating.py"
    else:
        path = tmp_path / "student.py"
        path.write_text(FACTORY.format(search=search, depth=DEPTHS[bug_name]))
    report = grade(assignment, path, only=[test.name for test in ROUND_TREES])
    rights = (ALPHABETA, RICE) if prune else (MINIMAX,)
    failed = 0
    for test, result in zip(ROUND_TREES, report.tests, strict=True):
        found = bug.run(test)
        right = any(_agree(found, ref.run(test), "positions") for ref in rights)
        assert result.score == (test.points if right else 0), (test.name, report.to_text())
        if not right:
            assert result.bug is not None and bug.name in result.bug, report.to_text()
            failed += 1
    assert failed, f"{bug_name} fails no test"
    print(f"checked: {failed} tests failed and named {bug_name!r}")


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


@pytest.mark.parametrize("place", sorted(PLACES))
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
    seconds = "30" if fault == "recursion" else "3"  # a million frames take a while
    argv = ["grade", "rice-alphabeta", str(path), "--format", "gradescope", "--seconds", seconds]
    assert main([*argv, "--output", str(results)], out=out) == 0
    data = json.loads(results.read_text())
    assert data["score"] == 0 and data["max_score"] == sum(test.points for test in TREES)
    for test in data["tests"]:
        assert test["score"] == 0 and "\n" not in test["output"], test
        assert words in test["output"], (fault, place, test["output"])
    print(f"checked: broken submission graded 0 in one line a test: {fault} {place}")


@pytest.mark.parametrize(
    ("name", "bug"),
    [
        ("expectimax_right.py", None),
        ("expectimax_uniform.py", EXPECTIMAX_BUGS[0]),
        ("expectimax_minimum.py", EXPECTIMAX_BUGS[1]),
    ],
)
def test_expectimax_trees_weigh_the_outcomes_and_name_the_bugs(
    name: str, bug: Reference | None
) -> None:
    report = grade("expectimax-trees", SUBMISSIONS / name)
    for test, result in zip(CHANCE_TREES, report.tests, strict=True):
        right = bug is None or _agree(bug.run(test), EXPECTIMAX.run(test), "positions")
        assert result.score == (test.points if right else 0), report.to_text()
        if not right:
            assert bug is not None and bug.name in (result.bug or ""), report.to_text()
    if bug is not None:
        assert report.score < report.max_score


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
        ("game_misere.py", {"rules"}),
        ("game_adds_four.py", {"perft", "rules"}),
        ("game_forgets_undo.py", {"contract: undo", "contract: undo once", "perft"}),
        ("game_maps_too_far.py", {"contract: map", "rules"}),
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
    with pytest.raises(SettingsError, match="unknown game 'nosuch'"):
        grade("write-a-game", student, reference="nosuch")


def test_a_move_not_undone_is_named() -> None:
    report = grade("alphabeta-trees", SUBMISSIONS / "trees_forgets_undo.py")
    failed = [test for test in report.tests if test.score == 0]
    depth_tests = {tree.name for tree in ROUND_TREES if tree.rounds}
    assert failed and {test.name for test in failed} <= depth_tests, report.to_text()
    assert all("a move not undone" in test.output for test in failed)
