"""Tournament throughput, the cost of the Dask path, and a killed tournament resumed.

1. Throughput: a CPU-bound Connect Four tournament played with ``--workers 1``
   (in this process, no Dask) and ``--workers 2`` (a local Dask cluster of two
   worker processes): games per second and their ratio.
2. The Dask path's overhead per game: a tournament of games that take almost
   no time (random players on tic-tac-toe), serial against one Dask worker.
3. Kill and resume: a 4-player Connect Four tournament run as ``oogames
   tournament`` on a local cluster, killed (SIGKILL) in the middle and run
   again with the same database, against an uninterrupted run with the same
   seed: the standings must be the same.
4. What a plug-in player's own process costs: random tic-tac-toe games, one
   side a built-in ``random`` and then the same player as a plug-in (which
   plays from a process of its own, killed at a hard deadline), serially.

Figures are printed, never asserted (except that the resumed standings equal
the uninterrupted ones, which is exact).

    python benchmarks/tournament.py [--games 200] [--quick]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from oogames.tournament import ResultStore, run_games, schedule
from oogames.tournament.games import random_openings, tournament_key

PLAYERS = ["alphabeta:3", "pvs+tt:3", "mcts:200", "alphabeta+order:2"]
"""The kill-and-resume tournament's players (deterministic: seeded, no clocks)."""

HEAVY = ["alphabeta:6", "pvs+tt:6", "mcts:3000", "alphabeta+order:6"]
"""The throughput tournament's players: about a second a game or more, CPU-bound."""


def timed_run(tasks: list, workers: int, folder: Path, name: str) -> float:  # type: ignore[type-arg]
    """Seconds to play ``tasks`` into a new database with ``workers``."""
    store = ResultStore(folder / f"{name}.sqlite")
    start = time.perf_counter()
    run_games(tasks, store, tournament_key(tasks), workers=workers)
    seconds = time.perf_counter() - start
    store.close()
    return seconds


def command(db: Path, games: int, workers: int) -> list[str]:
    per_pairing = max(2, -(-games // 6))  # six pairings: at least ``games`` games in all
    return [
        sys.executable, "-m", "oogames", "tournament", "connectfour",
        "--players", ",".join(PLAYERS), "--games", str(per_pairing), "--openings", "4",
        "--seed", "5", "--db", str(db), "--workers", str(workers), "--format", "json",
    ]  # fmt: skip


def main() -> None:
    """Print the three measurements."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--games", type=int, default=200,
        help="games of the kill-and-resume run, at least (rounded up to six pairings)",
    )  # fmt: skip
    parser.add_argument("--quick", action="store_true", help="small runs (for CI)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="oogames-bench-"))
    per_pairing = 2 if args.quick else 12
    openings = random_openings("connectfour", {}, 4, 2, 3)
    tasks = schedule("connectfour", {}, HEAVY, per_pairing, openings, 3)
    serial = timed_run(tasks, 1, folder, "serial")
    parallel = timed_run(tasks, 2, folder, "parallel")
    print(f"1. throughput, Connect Four, {len(tasks)} games of {', '.join(HEAVY)}:")
    print(f"   --workers 1: {serial:7.2f} s, {len(tasks) / serial:6.2f} games/s")
    print(f"   --workers 2: {parallel:7.2f} s, {len(tasks) / parallel:6.2f} games/s")
    print(f"   speed-up: {serial / parallel:.2f}x on {os.cpu_count()} cores")

    quick = schedule("tictactoe", {}, ["random", "random"], 100 if args.quick else 400, [()], 1)
    bare = timed_run(quick, 1, folder, "bare")
    dask = timed_run(quick, 2, folder, "dask")
    per_game = (dask - bare) / len(quick) * 1000
    print(f"2. overhead, {len(quick)} random tic-tac-toe games:")
    print(f"   serial {bare:.2f} s, Dask (2 workers, cluster start included) {dask:.2f} s")
    print(f"   the Dask path costs {per_game:.1f} ms more a game (against a game of ~1 s)")

    games = 24 if args.quick else args.games
    whole = folder / "whole.sqlite"
    done = subprocess.run(command(whole, games, 2), capture_output=True, text=True, check=True)
    expected = json.loads(done.stdout)
    killed = folder / "killed.sqlite"
    process = subprocess.Popen(command(killed, games, 2), stdout=subprocess.DEVNULL)
    stored = 0
    started = time.perf_counter()
    while time.perf_counter() - started < 600:
        time.sleep(0.2)
        if killed.exists():
            store = ResultStore(killed)
            stored = sum(len(store.finished_ids(key)) for key in _keys(killed))
            store.close()
            if stored >= expected["games"] // 2:
                break
    process.send_signal(signal.SIGKILL)
    process.wait()
    resumed = subprocess.run(command(killed, games, 2), capture_output=True, text=True, check=True)
    again = json.loads(resumed.stdout)
    same = again == expected
    print(f"3. kill and resume, {expected['games']} Connect Four games on 2 workers:")
    print(f"   killed with {stored} games stored; the resumed run played the rest")
    print(f"   standings equal to an uninterrupted run with the same seed: {same}")
    if not same:
        raise SystemExit("the resumed standings differ")

    plugin = folder / "plug.py"
    plugin.write_text("from oogames.nextmove.random_move import RandomValidMove as Bot\n")
    count = 10 if args.quick else 50
    built_in = schedule("tictactoe", {}, ["random", "random"], count, [()], 1)
    plugged = schedule("tictactoe", {}, [f"{plugin}:Bot", "random"], count, [()], 1)
    here = timed_run(built_in, 1, folder, "built-in")
    apart = timed_run(plugged, 1, folder, "plug-in")
    print(f"4. a plug-in player in its own process, {count} random tic-tac-toe games:")
    print(f"   built-in {here:.2f} s, plug-in {apart:.2f} s: ", end="")
    print(f"{(apart - here) / count * 1000:.0f} ms more a game (its process started once a game)")


def _keys(db: Path) -> list[str]:
    import sqlite3

    with sqlite3.connect(db) as connection:
        return [row[0] for row in connection.execute("SELECT key FROM tournaments")]


if __name__ == "__main__":
    main()
