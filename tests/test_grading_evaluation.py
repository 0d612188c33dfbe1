"""oogames grade evaluation: a student's evaluation plays seeded Connect Four games against
fixed opponents; the points follow the share scored, and a broken evaluation loses its
games in one line each, the grader going on."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from oogames.grading import grade
from oogames.grading.evaluation import EVALUATION_TESTS, GAMES

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX limits")

SUBMISSIONS = Path(__file__).parent / "submissions"


def test_a_good_evaluation_scores_full_marks() -> None:
    report = grade("evaluation", SUBMISSIONS / "evaluation_windows.py")
    assert report.score == report.max_score == sum(t.points for t in EVALUATION_TESTS), (
        report.to_text()
    )
    assert f"of {GAMES} points against random" in report.tests[1].output


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
    "a list for a number": ("def evaluate(board, player):\n    return [1]\n", "TypeError"),
    "an error at import": ("raise ValueError('boom')\n", "ValueError: boom"),
    "no evaluate": ("def evaluation(board, player):\n    return 0\n", "evaluate"),
}


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
