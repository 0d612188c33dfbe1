"""oogames grade evaluation: a student's evaluation plays seeded Connect Four games against
fixed opponents; the points follow the share scored, and a broken evaluation loses its
games in one line each, the grader going on."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from oogames.cli import main
from oogames.errors import SettingsError
from oogames.grading import grade
from oogames.grading.evaluation import EVALUATION_TESTS, GAMES
from oogames.grading.leaderboard import leaderboard, published_names, read_names

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits")

SUBMISSIONS = Path(__file__).parent / "submissions"


@pytest.mark.slow
def test_a_good_evaluation_scores_full_marks() -> None:
    report = grade("evaluation", SUBMISSIONS / "evaluation_windows.py")
    assert report.score == report.max_score == sum(t.points for t in EVALUATION_TESTS), (
        report.to_text()
    )
    assert f"of {GAMES} points against random" in report.tests[1].output


@pytest.mark.slow
def test_a_flat_evaluation_beats_random_only() -> None:
    report = grade("evaluation", SUBMISSIONS / "evaluation_flat.py")
    scored = {test.name: test.score for test in report.tests}
    assert scored == {
        "a number for every position": 1,
        "beats random": 2,
        "beats a greedy player": 0,
        "holds the game's own evaluation": 0,
    }, report.to_text()


BROKEN = {
    "an endless loop": (
        "def evaluate(board, player):\n    while board.column_height(3) > 1:\n        pass\n"
        "    return 0\n",
        "time: no answer for a move",
    ),
    "a list for a number": (
        "def evaluate(board, player):\n    return [1]\n",
        "an evaluation returned [1], not a number",  # it was a TypeError from the search
    ),
    "no return": (  # it searched to the end of the game: no answer for a move in time
        "def evaluate(board, player):\n    score = board.column_height(3)\n",
        "an evaluation returned None, not a number",
    ),
    "an error at import": ("raise ValueError('boom')\n", "ValueError: boom"),
    "no evaluate": ("def evaluation(board, player):\n    return 0\n", "evaluate"),
}


@pytest.mark.slow
@pytest.mark.parametrize("fault", sorted(BROKEN))
def test_a_broken_evaluation_loses_its_games_in_one_line_each(tmp_path: Path, fault: str) -> None:
    code, said = BROKEN[fault]
    path = tmp_path / "student.py"
    path.write_text(code)
    report = grade("evaluation", path, seconds=1)
    assert report.score <= EVALUATION_TESTS[0].points, report.to_text()
    for test in report.tests[1:]:
        assert test.score == 0 and said in test.output, report.to_text()
        assert "stopped after" in test.output  # the match gave up early
        assert str(tmp_path) not in test.output  # the player's own file named as such
    print(f"checked: {fault}: {len(report.tests) - 1} matches lost with the reason")


@pytest.mark.slow
def test_a_player_whose_import_hangs_is_waited_for_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its process does not start (its code hangs as it loads): the first match waits the
    start limit, and the matches after it are not played (each would wait again)."""
    from oogames.tournament import isolated

    monkeypatch.setattr(isolated, "START_SECONDS", 3.0)
    path = tmp_path / "student.py"
    path.write_text("import time\ntime.sleep(10_000)\n")
    report = grade("evaluation", path, seconds=1)
    values, first, *rest = report.tests
    assert report.score == 0 and "no answer in 1 s" in values.output, report.to_text()
    assert "no answer for to start in 3 s" in first.output, report.to_text()
    assert rest and all("did not start in the match before" in test.output for test in rest)


@pytest.mark.slow
def test_a_class_leaderboard_qualifies_plays_and_publishes_only_names(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    folder.mkdir()
    for student, source in (("s1001", "evaluation_windows.py"), ("s1002", "evaluation_flat.py")):
        (folder / f"{student}.py").write_text((SUBMISSIONS / source).read_text())
    (folder / "s1003.py").write_text("raise SystemExit(1)\n")
    names = tmp_path / "names.json"
    names.write_text(json.dumps({"s1001.py": "Ada <b>&</b>", "s1003": "Grace"}))
    students = [folder / f"s100{n}.py" for n in (1, 2, 3)]
    board = leaderboard(students, read_names(names), games=2)
    assert [entrant.qualified for entrant in board.entrants] == [True, True, False]
    assert board.standings is not None
    assert board.standings.players == ("Ada <b>&</b>", "entrant 2")
    assert board.standings.games == 2
    text, published = board.to_text(), board.to_html()
    assert "Ada <b>&</b>" in text and "Grace" in text
    assert "Ada &lt;b&gt;&amp;&lt;/b&gt;" in published and "<b>" not in published
    assert "s100" not in published and str(tmp_path) not in published  # no file, no path


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["rice-alphabeta", "a.py", "--tournament"], "plays the submissions of the evaluation"),
        (["evaluation", "a.py", "b.py"], "grade one submission at a time"),
    ],
)
def test_the_leaderboards_command_line_refuses_in_one_line(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["grade", *words])
    err = capsys.readouterr().err
    assert stopped.value.code == 2 and said in err and err.count("\n") == 1


def test_the_names_map_is_checked() -> None:
    with pytest.raises(SettingsError, match="two submissions are named"):
        published_names([Path("a.py"), Path("b.py")], {"a.py": "X", "b": "X"})
    assert published_names([Path("a.py"), Path("b.py")], {"b": "Bea"}) == ["entrant 1", "Bea"]


def test_a_submission_that_writes_over_its_result_scores_nothing_in_one_line(
    tmp_path: Path,
) -> None:
    """The worker's result file is the student's process's to write: an empty object
    written over it is no result (it raised KeyError in the grader)."""
    path = tmp_path / "student.py"
    path.write_text(
        "import atexit, json, sys\n"
        "atexit.register(lambda: json.dump({}, open(sys.argv[4], 'w')))\n"
        "def evaluate(board, player):\n    return 0\n"
    )
    report = grade("evaluation", path, only=["a number for every position"])
    assert [(test.score, test.output) for test in report.tests] == [(0.0, "no result")]


def test_a_submission_that_prints_without_end_is_stopped_in_one_line(tmp_path: Path) -> None:
    """What a submission prints goes to a file of a limited size, never into the grader's
    memory (it was captured whole)."""
    path = tmp_path / "student.py"
    path.write_text(
        "import sys\ndef evaluate(board, player):\n    return 0\n"
        "while True:\n    print('x' * 100_000)\n    sys.stderr.write('y' * 100_000)\n"
    )
    report = grade("evaluation", path, only=["a number for every position"])
    assert [test.output for test in report.tests] == [
        "it printed 64 MiB, all a test may write: stopped"
    ]
