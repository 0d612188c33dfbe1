"""``oogames grade``: a student's submission graded on an assignment (:mod:`oogames.grading`)."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.cli.common import Subcommand, flag, seconds_from, whole_from, workers_flag
from oogames.errors import UsageError
from oogames.grading import ASSIGNMENTS, STRICTNESS, STRICTNESS_HELP, grade
from oogames.grading.games import DEFAULT_REFERENCE
from oogames.grading.process import TEST_MEMORY_MB, TEST_SECONDS
from oogames.parsing import user_path, write_user_file


def run_grade(args: argparse.Namespace, out: TextIO) -> int:
    """Grade the submission and print (or write) the report; 0 whatever the score."""
    if args.tournament:
        return run_leaderboard(args, out)
    if len(args.submission) != 1:
        raise UsageError("grade one submission at a time (or a class's with --tournament)")
    report = grade(
        args.assignment,
        user_path(args.submission[0], "SUBMISSION"),
        strictness=args.strictness,
        seconds=args.seconds,
        memory_mb=args.memory,
        tests=None if args.tests is None else user_path(args.tests, "--tests"),
        pictures=None if args.svg is None else user_path(args.svg, "--svg"),
        reference=args.reference,
    )
    text = {"text": report.to_text, "json": report.to_json, "gradescope": report.to_gradescope}
    written = text[args.format]()
    if args.output:
        write_user_file(args.output, written + "\n", "--output")
        print(f"score {report.score:g}/{report.max_score:g}: written to {args.output}", file=out)
    else:
        print(written, file=out)
    return 0


def run_leaderboard(args: argparse.Namespace, out: TextIO) -> int:
    """A class's evaluations: qualification, round robin, standings (``--output``: the page
    to publish)."""
    from oogames.grading.leaderboard import leaderboard, read_names

    if args.assignment != "evaluation":
        raise UsageError("--tournament plays the submissions of the evaluation assignment")
    names = None if args.names is None else read_names(user_path(args.names, "--names"))
    board = leaderboard(
        [user_path(path, "SUBMISSION") for path in args.submission],
        names,
        games=args.games,
        seconds=args.seconds,
        memory_mb=args.memory,
        workers=args.workers,
    )
    print(board.to_text(), file=out)
    if args.output:
        write_user_file(args.output, board.to_html() + "\n", "--output")
        print(f"the standings page: written to {args.output}", file=out)
    return 0


SECONDS: Final = "the seconds a test (in evaluation's games: a move) may take"
MEMORY: Final = "the memory a test may use, in MiB"

COMMANDS: Final = (
    Subcommand(
        "grade",
        help="grade a student's search on an assignment (each test in a process of its own)",
        description="Run a submission (a Python file) on an assignment, each test in a "
        "process of its own with a time and a memory limit: a search on textbook trees (the "
        "move, the value and the positions it generated, compared with the right searches; a "
        "failed test names the known bug it matches), a board by the contract, perft and the "
        "rules, or an evaluation by seeded games. Assignments: " + ", ".join(ASSIGNMENTS) + ".",
        run=run_grade,
        flags=(
            flag(
                "assignment",
                choices=ASSIGNMENTS,
                metavar="ASSIGNMENT",  # the choices, in the help: the usage fits 80 columns
                help="the assignment: " + ", ".join(ASSIGNMENTS),
            ),
            flag(
                "submission",
                nargs="+",
                help="the student's Python file (with --tournament: every student's)",
            ),
            flag(
                "--strictness",
                choices=STRICTNESS,
                default="positions",
                help="what a test compares: "
                + ", ".join(f"{level} ({text})" for level, text in STRICTNESS_HELP.items()),
            ),
            flag("--format", choices=("text", "json", "gradescope"), default="text"),
            flag("--output", help="write the report here (Gradescope: results.json)"),
            flag("--tests", help="an instructor's file of more (hidden) tests: TESTS = [...]"),
            flag(
                "--reference",
                metavar="GAME",
                default=DEFAULT_REFERENCE,
                help="write-a-game: the game the student writes, as oogames names it "
                "(tictactoe) or the instructor's board as FILE.py:CLASS",
                note="the 21 game",
            ),
            flag(
                "--svg",
                metavar="FOLDER",
                help="draw each failed tree test's tree here, the positions that differ marked",
            ),
            flag("--seconds", type=seconds_from(0.1, 3_600), default=TEST_SECONDS, help=SECONDS),
            flag("--memory", type=whole_from(64, 65_536), default=TEST_MEMORY_MB, help=MEMORY),
            flag(
                "--tournament",
                action="store_true",
                help="a class leaderboard of evaluation submissions: qualification against "
                "random and a greedy player, then a round robin (--output: the HTML page)",
            ),
            flag("--names", help="with --tournament: a JSON object of file names to names shown"),
            flag(
                "--games",
                type=whole_from(1, 100),
                default=4,
                help="with --tournament: games a pairing",
            ),
            workers_flag("with --tournament"),
        ),
    ),
)
"""The subcommands of this module, declared once."""
