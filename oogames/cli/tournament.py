"""``oogames tournament``: strategies play each other; standings, ratings, crosstable."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Final, TextIO

from oogames.board.faults import check_not_stuck
from oogames.cli.common import (
    SCHEDULER_FLAG,
    Subcommand,
    flag,
    make_board,
    rich_classes,
    seconds_from,
    whole_arg,
    whole_from,
    workers_flag,
)
from oogames.errors import counted
from oogames.nextmove.grammar import EXAMPLES, GRAMMAR, PLUGIN_FORM
from oogames.nextmove.specs import make_strategy
from oogames.nextmove.strategy import MAX_SECONDS
from oogames.parsing import read_user_file, write_user_file
from oogames.tournament.playing import PLUGIN_MOVE_SECONDS, TIME_MARGIN
from oogames.ui.leaving import Leave, leaving_on_signals, unheard

if TYPE_CHECKING:
    from oogames.tournament.games import GameTask
    from oogames.tournament.report import Standings
    from oogames.tournament.seated import SeatedStandings, SeatedTask


def run_tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    """Play (or resume) the tournament and print its standings; returns the exit status."""
    from oogames.tournament import ResultStore, run_games, schedule, seated_standings, standings
    from oogames.tournament.games import random_openings, read_openings, tournament_key
    from oogames.tournament.report import print_rich, to_html, to_json, to_text
    from oogames.tournament.seated import seated_schedule

    info, start, options = make_board(args)
    check_not_stuck(start)  # a game no one can move in is refused before any is played
    seats = start.players
    seated = seats != 2 or not start.alternates  # more players, or chance: by placings
    players = [spec.strip() for spec in args.players.split(",") if spec.strip()]
    for spec in players:  # every player must be buildable before a game is played
        make_strategy(spec, info.evaluate, 0, not info.too_big(start))
    if args.openings_file:
        text = read_user_file(args.openings_file, "--openings-file")
        openings = read_openings(text, args.openings)  # each checked by the schedule
    else:
        count = args.openings or -(-args.games // seats)  # each opening from every seat
        openings = random_openings(info.name, options, count, args.opening_plies, args.seed)
    timing = (args.move_seconds, args.time_margin, args.plugin_seconds)
    tasks: list[GameTask] | list[SeatedTask]
    if seated:
        tasks = seated_schedule(
            info.name, options, players, seats, args.games, openings, args.seed, args.gauntlet,
            *timing,
        )  # fmt: skip
    else:
        tasks = schedule(
            info.name, options, players, args.games, openings, args.seed, args.gauntlet, *timing
        )
    key = tournament_key(tasks)
    store = ResultStore(args.db)
    store.register(key, {"game": info.name, "options": options, "players": players})
    workers = args.workers or _default_workers()
    try:
        with leaving_on_signals(), _tournament_progress() as progress:  # kill: as Ctrl-C
            played = run_games(
                tasks, store, key, workers=workers, scheduler=args.scheduler, progress=progress
            )
    except (KeyboardInterrupt, Leave) as stop:
        kept = len(store.finished_ids(key))
        store.close()
        where = (
            "nothing is kept (--db :memory:)"
            if args.db == ":memory:"
            else f"{kept} of {len(tasks)} games are kept in {args.db}: "
            "the same command goes on from there"
        )
        with unheard(sys.stderr):  # a terminal that closed (SIGHUP) takes no words
            print(f"interrupted: {where}", file=sys.stderr)
        return 128 + stop.number if isinstance(stop, Leave) else 130
    result: Standings | SeatedStandings
    if seated:
        result = seated_standings(players, store.seated_records(key, players))
    else:
        result = standings(players, store.records(key, players))
    store.close()
    stored = result.games
    if args.report:
        title = f"{info.name} tournament: {len(players)} players, {counted(stored, 'game')}"
        write_user_file(args.report, to_html(result, title), "--report")
    if args.format == "json":
        print(to_json(result), file=out)
        return 0
    resumed = stored - played
    print(
        f"{info.name}: {counted(len(tasks), 'game')}, {played} played now"
        + (f", {resumed} found in {args.db}" if resumed else ""),
        file=out,
    )
    if not (out is sys.stdout and print_rich(result, out)):
        print(to_text(result), file=out)
    return 0


def _default_workers() -> int:
    """The machine's cores when Dask is installed, else 1 (play here)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return 1
    return max(1, os.cpu_count() or 1)


@contextlib.contextmanager
def _tournament_progress() -> Iterator[Callable[[int, int, int], None]]:
    """A progress bar of games done, running and left (rich, at a terminal)."""
    rich = rich_classes()
    if rich is None or not sys.stderr.isatty():
        yield lambda done, running, total: None
        return
    console, progress = rich
    with progress(console=console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task("games", total=None)

        def show(done: int, running: int, total: int) -> None:
            bar.update(
                task,
                completed=done,
                total=total,
                description=f"games: {done} done, {running} running, {total - done} left",
            )

        yield show


COMMANDS: Final = (
    Subcommand(
        "tournament",
        help="strategies play each other (round robin or gauntlet): standings, Elo, crosstable",
        description="Every pair of strategies plays --games games from the same openings with "
        "both colours; each finished game is stored in SQLite (--db) as it ends, and a run "
        "with the same db plays only what is missing. --workers N plays on a local Dask "
        "cluster (oogames[scale]); --scheduler uses a running one. Prints the standings with "
        "Elo ratings (maximum likelihood, 95% intervals) and the crosstable.",
        run=run_tournament_command,
        game="positional",
        flags=(
            flag(
                "--players",
                required=True,
                items="A,B",
                help=f"the strategies, each {GRAMMAR} ({', '.join(EXAMPLES)}) "
                f"or a plug-in, {PLUGIN_FORM} (mybot.py:Bot:4)",
            ),
            flag(
                "--games",
                type=whole_from(1, 10_000),
                default=2,
                help="games per pairing",
                note="both colours",
            ),
            flag(
                "--openings",
                type=whole_from(1, 10_000),
                help="random openings to play from",
                note="one for each two games of a pairing, so deterministic players play no "
                "game twice",
            ),
            flag(
                "--opening-plies",
                type=whole_from(0, 1_000),
                default=2,
                help="plies of each random opening",
            ),
            flag("--openings-file", help="openings to play from: one a line, moves by spaces"),
            flag("--seed", type=whole_arg, default=1, help="seed of openings and players"),
            flag(
                "--gauntlet", action="store_true", help="the first player against each other only"
            ),
            flag(
                "--move-seconds",
                type=seconds_from(0.001, MAX_SECONDS),
                help="seconds a move may take (over them by the margin loses)",
                note="no clock",
            ),
            flag(
                "--time-margin",
                type=seconds_from(0, 10),
                default=TIME_MARGIN,
                help="how far over its time a move may run, as a share of the time",
                note=f"{TIME_MARGIN:.0%}%",  # argparse reads % as a format's
            ),
            flag(
                "--plugin-seconds",
                type=seconds_from(0.001, MAX_SECONDS),
                help="seconds after which a plug-in player's move is stopped (its process killed)",
                note=f"the move's time and a second; {PLUGIN_MOVE_SECONDS:g} in an untimed game",
            ),
            flag(
                "--db",
                default="tournament.sqlite",
                help="the results database",
            ),
            workers_flag(
                note="the machine's cores when Dask is installed, else 1, which plays here "
                "without Dask",
                default=None,
            ),
            SCHEDULER_FLAG,
            flag("--report", help="write an HTML report here"),
            flag("--format", choices=("text", "json"), default="text"),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
