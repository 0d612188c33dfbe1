"""The browser view under load: 20 games at once against one ``oogames serve``.

Each of ``--games`` threads plays a whole game through the HTTP API, as the
page does: a new game (two people, so no computer's thinking is timed), then
a move at a time, chosen at random from the legal moves the server sends. For
every move it times the request, from sending the click to having the new
state (board picture included) back: the server's work plus the loopback.
At the end each game's moves, read back from the server, must be exactly the
moves sent.

Then ``--games`` games of two computers (``--thinker``, by default ``alphabeta:10``) think
at once on the same server, and another client asks for the games list and a
game's state every ``--probe-every`` seconds: what a person opening the page
waits while the server's computers think. Figures are printed, never asserted
(but a lost move or an error is reported and exits 1).

    python benchmarks/web_load.py [--games 20] [--game connectfour] [--probes 100]
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from typing import Any

from oogames.errors import counted


def call(address: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(address + path, data=data, method="POST" if data else "GET")
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def play(address: str, game: str, seed: int, times: list[float], problems: list[str]) -> int:
    """One whole game; its number of moves."""
    rng = random.Random(seed)
    state = call(address, "/api/games", {"game": game, "player0": "human", "player1": "human"})
    sent = []
    while not state["over"]:
        move = rng.choice(state["legal"])
        start = time.perf_counter()
        state = call(address, f"/api/games/{state['id']}/action", {"action": "move", "move": move})
        times.append(time.perf_counter() - start)
        sent.append(move)
    stored = call(address, f"/api/games/{state['id']}")["moves"]
    if stored != sent:
        problems.append(f"game {state['id']}: sent {sent}, stored {stored}")
    return len(sent)


def probe_while_thinking(
    address: str, args: argparse.Namespace, problems: list[str]
) -> tuple[list[float], list[int]]:
    """Start ``args.games`` games of two computers, then time another client's requests
    while they think; the times, and how many games were thinking at each probe."""
    ids = []
    for _ in range(args.games):
        state = call(
            address,
            "/api/games",
            {"game": args.game, "player0": args.thinker, "player1": args.thinker},
        )
        ids.append(state["id"])
    waits: list[float] = []
    thinking: list[int] = []
    for probe in range(args.probes):
        time.sleep(args.probe_every)
        start = time.perf_counter()
        call(address, "/api/meta")
        state = call(address, f"/api/games/{ids[probe % len(ids)]}")
        waits.append(time.perf_counter() - start)
        sample = ids[:5]  # how many think now, estimated from five games
        busy = sum(call(address, f"/api/games/{game_id}")["thinking"] for game_id in sample)
        thinking.append(busy * len(ids) // len(sample))
    for game_id in ids:  # stop them: the server's work ends with the benchmark
        call(address, f"/api/games/{game_id}/action", {"action": "stop"})
    if not waits:
        problems.append("no probe was answered")
    return waits, thinking


def main() -> None:
    """Start a server, play the games at once, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games played at once")
    parser.add_argument("--game", default="connectfour", help="which game")
    parser.add_argument(
        "--thinker", default="alphabeta:10", help="the thinking computers (alphabeta:10)"
    )
    parser.add_argument("--probes", type=int, default=100, help="requests timed while they think")
    parser.add_argument("--probe-every", type=float, default=0.05, help="seconds between them")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    data = tempfile.mkdtemp(prefix="oogames-web-load-")
    server = subprocess.Popen(
        [sys.executable, "-m", "oogames", "serve", "--port", str(port), "--data", data],
        stdout=subprocess.DEVNULL,
    )
    address = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                call(address, "/api/meta")
                break
            except OSError:
                time.sleep(0.1)
        times: list[float] = []
        problems: list[str] = []
        moves: list[int] = []

        def one(seed: int) -> None:
            try:
                moves.append(play(address, args.game, seed, times, problems))
            except Exception as error:  # a failed request is a finding, reported below
                problems.append(f"game {seed}: {type(error).__name__}: {error}")

        threads = [threading.Thread(target=one, args=(seed,)) for seed in range(args.games)]
        start = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        seconds = time.perf_counter() - start
        waits, thinking = probe_while_thinking(address, args, problems)
    finally:
        server.terminate()
        server.wait(10)
    ordered = sorted(times)
    print(f"{args.games} {args.game} games at once, {sum(moves)} moves in {seconds:.1f} s")
    if ordered:
        print(
            f"a move, click to new state: median {statistics.median(ordered) * 1000:.1f} ms, "
            f"95th percentile {ordered[int(len(ordered) * 0.95)] * 1000:.1f} ms, "
            f"worst {ordered[-1] * 1000:.1f} ms"
        )
    if waits:
        print(
            f"another client while {counted(args.games, 'game')} of two computers "
            f"({args.thinker}) think "
            f"(on average {statistics.mean(thinking):.1f} thinking): median "
            f"{statistics.median(waits) * 1000:.1f} ms, 95th percentile "
            f"{sorted(waits)[int(len(waits) * 0.95)] * 1000:.1f} ms over {len(waits)} requests"
        )
    print(f"errors and lost moves: {len(problems)}")
    for problem in problems[:10]:
        print("  " + problem)
    if problems:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
