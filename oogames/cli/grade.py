"""``oogames grade``: a student's submission graded on an assignment (:mod:`oogames.grading`)."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.cli.common import Subcommand, flag, seconds_from, whole_from
from oogames.errors import UsageError
from oogames.grading import ASSIGNMENTS, STRICTNESS, grade
from oogames.parsing import user_path


def run_grade(args: argparse.Namespace, out: TextIO) -> int:
    """Grade the submission and print (or write) the report; 0 whatever the score."""
    report = grade(
        args.assignment,
        user_path(args.submission, "SUBMISSION"),
        strictness=args.strictness,
        seconds=args.seconds,
        memory_mb=args.memory,
        tests=None if args.tests is None else user_path(args.tests, "--tests"),
    )
    text = {"text": report.to_text, "json": report.to_json, "gradescope": report.to_gradescope}
    written = text[args.format]()
    if args.output:
        try:
            user_path(args.output, "--output").write_text(written + "\n", encoding="utf-8")
        except OSError as error:
            raise UsageError(f"--output: cannot write {args.output}: {error}") from None
        print(f"score {report.score:g}/{report.max_score:g}: written to {args.output}", file=out)
    else:
        print(written, file=out)
    return 0


SECONDS: Final = "the time a test may take, 0.1 to 3,600 (default 10)"
MEMORY: Final = "the memory a test may use, in MiB, 64 to 65,536 (default 512)"

COMMANDS: Final = (
    Subcommand(
        "grade",
        help="grade a student's search on an assignment (each test in a process of its own)",
        description="Run a submission (a Python file) on the assignment's textbook trees, each "
        "test in a process of its own with a time and a memory limit, and compare the move, "
        "the value and the positions it generated with the right searches; a failed test "
        "names the known bug it matches. Assignments: " + ", ".join(ASSIGNMENTS) + ".",
        run=run_grade,
        flags=(
            flag("assignment", choices=ASSIGNMENTS, help="the assignment"),
            flag("submission", help="the student's Python file"),
            flag(
                "--strictness",
                choices=STRICTNESS,
                default="positions",
                help="what a test compares: value (the move and value), positions (and the "
                "set of positions generated), order (and their order); default positions",
            ),
            flag("--format", choices=("text", "json", "gradescope"), default="text"),
            flag("--output", help="write the report here (Gradescope: results.json)"),
            flag("--tests", help="an instructor's file of more (hidden) tests: TESTS = [...]"),
            flag("--seconds", type=seconds_from(0.1, 3_600), default=10.0, help=SECONDS),
            flag("--memory", type=whole_from(64, 65_536), default=512, help=MEMORY),
        ),
    ),
)
"""The subcommands of this module, declared once."""
