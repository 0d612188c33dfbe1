"""``oogames solve``: the exact value of a position."""

from __future__ import annotations

import argparse
import functools
import json
import sys
import threading
import time
from typing import Final, TextIO

from oogames.cli.common import (
    POSITION_FLAG,
    Subcommand,
    flag,
    make_board,
    position_of,
    two_who_alternate,
)
from oogames.cli.status import StatusLine
from oogames.errors import OogamesError, SearchStopped, counted, one_line
from oogames.games import ConnectFourBoard, GameInfo, find_game
from oogames.nextmove.solve import SolveWatch, pons_score, solve
from oogames.parsing import read_line

SOLVE_NOTICE_SECONDS = 3.0
"""How long ``oogames solve`` searches one position before it says it is still at it."""


def run_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve one position, or each line of standard input with --batch."""
    info = find_game(args.game)
    two_who_alternate(info, make_board(args)[1], "the solver proves the games of")
    if args.batch:
        return _solve_batch(args, info, sys.stdin, out)
    board = position_of(info, args, args.moves)
    watch = SolveWatch()
    done = threading.Event()
    status = StatusLine(sys.stderr)  # in place at a terminal, a line each time in a log

    def report() -> None:  # every few seconds while the solve goes on, on standard error
        while not done.wait(SOLVE_NOTICE_SECONDS):
            try:
                status.show(f"oogames solve: {watch.report()} (Ctrl-C stops)")
            except BrokenPipeError:  # its reader went away (``2>&1 | head``): stop, as Ctrl-C
                watch.stop()
                return
            except OSError:  # progress no one can be shown (a full disk): the answer still can
                return

    threading.Thread(target=report, daemon=True, name="oogames-solve-progress").start()
    try:
        solution = solve(board, weak=args.weak, full_pv=True, margin=args.margin, watch=watch)
    except (KeyboardInterrupt, SearchStopped):
        done.set()
        status.end(f"oogames solve: stopped; {watch.report()}")
        return 130
    finally:
        done.set()
        status.end()
    if args.format == "json":
        fields = {"position": args.moves.strip(), **solution.as_dict(board.format_move)}
        print(json.dumps(fields), file=out)
        return 0
    who = board.player_names[board.to_move]
    plies = "" if solution.plies is None else f" in {counted(solution.plies, 'ply')}"
    if solution.margin:
        plies = f" by {abs(solution.margin)}"
    print(f"position: {args.moves.strip() or 'start'} ({board.status_text()})", file=out)
    print(f"outcome: {solution.outcome}{plies} for {who}", file=out)
    if solution.move is not None:
        line = board.format_moves(solution.pv)
        print(f"best move: {board.format_move(solution.move)}; line: {line}", file=out)
    print(
        f"nodes: {solution.nodes:,}, table hits {solution.table_hits:,}, {solution.seconds:.3f} s",
        file=out,
    )
    return 0


def _solve_batch(args: argparse.Namespace, info: GameInfo, lines: TextIO, out: TextIO) -> int:
    """Solve each line's position; a bad line is reported on stderr and skipped."""
    _, empty, _ = make_board(args)
    bad = 0
    last_report = time.perf_counter()
    read = functools.partial(read_line, lines, "standard input (--batch)")
    for number, line in enumerate(iter(read, ""), 1):
        words = line.split()
        moves = words[0] if words else ""
        try:
            board = type(empty).from_moves(moves, **empty.options())
        except OogamesError as error:
            print(f"oogames solve: line {number}: {one_line(error)}", file=sys.stderr)
            bad += 1
            continue
        solution = solve(board, weak=args.weak, margin=args.margin)
        if solution.margin is not None:
            score = solution.margin
        elif isinstance(board, ConnectFourBoard) and not args.weak:
            score = pons_score(board, solution)
        else:
            score = {"win": 1, "draw": 0, "loss": -1}[solution.outcome]
        micro = round(solution.seconds * 1e6)
        print(f"{moves} {score} {solution.nodes} {micro}", file=out, flush=True)
        if time.perf_counter() - last_report > 5:
            print(f"oogames solve: {number} lines done", file=sys.stderr, flush=True)
            last_report = time.perf_counter()
    return 2 if bad else 0


COMMANDS: Final = (
    Subcommand(
        "solve",
        help="the exact value of a position for the side to move (no evaluation function)",
        description="Solve a position by exact search (alpha-beta with a transposition table, "
        "to the end of the game): win, draw or loss for the side to move, in how many plies, "
        "the best move and line, nodes and time. --batch reads positions from standard input, "
        "one per line, and writes '<position> <score> <nodes> <microseconds>' per line, the "
        "score as in Pascal Pons' benchmark for Connect Four (else 1, 0 or -1).",
        run=run_solve,
        game="positional",
        flags=(
            POSITION_FLAG,
            flag("--weak", action="store_true", help="settle only win, draw or loss"),
            flag(
                "--margin",
                action="store_true",
                help="by how much the side to move wins or loses (games scored by a margin: "
                "Kalah's stores, Othello's discs); --batch then writes the margin as the score",
            ),
            flag("--format", choices=("text", "json"), default="text", help="text or json"),
            flag(
                "--batch", action="store_true", help="solve each line of standard input (see above)"
            ),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
