"""Fuzz suites where the parts meet: damaged results databases, and a hostile web client.

The normal run checks a small slice of each; ``OOGAMES_FUZZ=full`` checks the issue's
sizes and prints the counts (``checked:`` lines at the end of the run):

    OOGAMES_FUZZ=full .venv/bin/python -m pytest tests/test_fuzz_parts.py -s

(The bad plug-ins of every kind, at every stage and in every command, are in
``tests/test_plugins.py``; the tournament's bad players in ``tests/test_tournament.py``;
signals in ``tests/test_signals.py``.)
"""

from __future__ import annotations

import io
import os
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from helpers import count

from oogames.cli import main

FULL = os.environ.get("OOGAMES_FUZZ") == "full"
DAMAGED_DATABASES = 600 if FULL else 40

TOURNAMENT = ["tournament", "nim", "--players", "random,alphabeta:2", "--games", "2"]
TOURNAMENT += ["--workers", "1", "--format", "json"]

#: Damages to the stored rows: SQL run on a good database (each its own case).
ROW_DAMAGES = [
    "UPDATE games SET moves = '[1, 2'",
    "UPDATE games SET moves = '{\"a\": 1}'",
    "UPDATE games SET opening = 'null'",
    "UPDATE games SET moves = x'00ff'",
    "UPDATE games SET result = '2-0'",
    "UPDATE games SET result = 7",
    "UPDATE games SET first_index = 9",
    "UPDATE games SET second_index = -1",
    "UPDATE games SET first_index = 'one'",
    "UPDATE games SET first = 'alphabeta:9'",
    "UPDATE games SET nodes_first = -5",
    "UPDATE games SET nodes_second = 1.5",
    "UPDATE games SET seconds_first = 'slow'",
    "UPDATE games SET seconds_second = -1",
    "UPDATE games SET reason = 3",
    "UPDATE games SET game_id = 42 WHERE rowid = 1",
    "UPDATE tournaments SET description = 'not json'",
    "DROP TABLE games",
    "DROP TABLE tournaments",
    "CREATE TABLE extra (x)",
    "ALTER TABLE games RENAME COLUMN moves TO steps",
]


@pytest.fixture(scope="module")
def good_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished tournament's database (closed: one file, no write-ahead log)."""
    path = tmp_path_factory.mktemp("db") / "good.sqlite"
    assert main([*TOURNAMENT, "--db", str(path)], out=io.StringIO()) == 0
    return path


def _run_on(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The tournament command on ``path``: its status and what it wrote on stderr."""
    try:
        status = main([*TOURNAMENT, "--db", str(path)], out=io.StringIO())
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    return status, capsys.readouterr().err


def _check(path: Path, before: bytes, capsys: pytest.CaptureFixture[str], case: str) -> None:
    """Exit 0 (the damage missed what the run reads) or one line and exit 2, the database
    untouched (nothing stored lost); never a traceback."""
    status, err = _run_on(path, capsys)
    assert "Traceback" not in err, (case, err)
    assert status in (0, 2), (case, status, err)
    if status == 2:
        lines = err.strip().splitlines()
        said = lines[0].startswith("oogames tournament: error: --db")
        assert len(lines) == 1 and said, (case, err)
        assert lines[0].count(str(path)) == 1, (case, err)  # named once, not twice
        assert path.read_bytes() == before, case  # nothing stored is lost
    count("damaged results databases: one line or a good run")


@pytest.mark.parametrize("damage", ROW_DAMAGES)
def test_a_damaged_row_is_one_line_and_the_database_is_kept(
    good_database: Path, tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "damaged.sqlite"
    shutil.copy(good_database, path)
    with sqlite3.connect(path) as db:
        db.execute(damage)
    db.close()
    _check(path, path.read_bytes(), capsys, damage)


def test_damaged_pages_and_truncations_are_one_line_or_a_good_run(
    good_database: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Bytes overwritten at random places, or the file cut short: never a traceback."""
    good = good_database.read_bytes()
    rng = random.Random(11)
    for case in range(DAMAGED_DATABASES):
        data = bytearray(good)
        if case % 4 == 3:
            data = data[: rng.randrange(1, len(data))]
        else:
            for _ in range(rng.randrange(1, 20)):
                at = rng.randrange(len(data))
                data[at : at + 8] = rng.randbytes(8)[: len(data) - at]
        path = tmp_path / f"damaged-{case}.sqlite"
        path.write_bytes(bytes(data))
        _check(path, bytes(data), capsys, f"case {case}")


# -- a hostile web client -------------------------------------------------------------------

BAD_REQUESTS = 2_000 if FULL else 200
RACE_REQUESTS = 40 if FULL else 6  # per client, 20 clients on one game


def _web_client(folder: Path) -> object:
    pytest.importorskip("starlette", reason="the browser view needs the extra oogames[web]")
    pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
    from starlette.testclient import TestClient

    from oogames.web.app import create_app
    from oogames.web.limits import GameLimits

    # Games started without bound: the fuzz starts thousands of them from one address, to
    # send each route every kind of request (the bounds are tested in test_web.py).
    return TestClient(create_app(folder, GameLimits(files=10**9, per_minute=10**9)))


def _hostile_values(rng: random.Random, marker_refs: list[str]) -> object:
    """A value a hostile client might put in any field."""
    choices: list[object] = [
        *marker_refs,
        "alphabeta:4",
        "mcts@0.1",
        "human",
        "random",
        "alphabeta:" + "9" * rng.randrange(1, 60),
        "x" * rng.randrange(0, 5000),
        "\x00\x1b[31m\n\r",
        "../../etc/passwd",
        "nim",
        "connectfour",
        "width=9999999 height=2",
        "target=" + "9" * 30,
        rng.randrange(-(10**30), 10**30),
        10 ** rng.randrange(1, 4000),
        rng.random() * 1e308,
        -1,
        0,
        True,
        None,
        [],
        {},
        ["alphabeta"],
        {"game": "nim"},
    ]
    return rng.choice(choices)


FIELDS = ["game", "options", "player0", "player1", "first", "hint_depth", "action", "move"]
FIELDS += ["format", "version", "moves", "settings", "players"]
ACTIONS = ["move", "hint", "accept", "undo", "redo", "stop", "go", "now", "", "quit", "x" * 99]


def _bad_request(rng: random.Random, ids: list[str], save: str, refs: list[str]) -> tuple:
    """(method, url, body bytes or None): one hostile request."""
    game_id = rng.choice([*ids, "nope", "0" * 32, "../x", "%00", "a" * 300])
    routes = ["/api/games", f"/api/games/{game_id}/action", "/api/upload"]
    routes += [f"/api/games/{game_id}", f"/api/games/{game_id}/save"]
    query = urlencode(  # who may start: a game and its options, as hostile as the rest
        {"game": str(rng.choice([*refs, "rolit", "nim", _hostile_values(rng, refs)])),
         "options": str(_hostile_values(rng, refs))}
    )  # fmt: skip
    url = rng.choice([*routes, f"/api/games/{game_id}/tree", "/api/meta", f"/api/seats?{query}"])
    asks = url.endswith(("save", "tree", "meta")) or url.startswith("/api/seats")
    method = "get" if asks or rng.random() < 0.1 else "post"
    kind = rng.randrange(6)
    if kind == 0:  # an object of hostile fields
        fields = rng.sample(FIELDS, rng.randrange(0, len(FIELDS)))
        body = json_bytes({f: _hostile_values(rng, refs) for f in fields})
    elif kind == 1:  # an action with a hostile move
        body = json_bytes({"action": rng.choice(ACTIONS), "move": _hostile_values(rng, refs)})
    elif kind == 2:  # deep nesting
        depth = rng.choice([33, 100, 2_000, 131_072])
        body = b"[" * depth + b"]" * depth
    elif kind == 3:  # a damaged save
        data = bytearray(save.encode())
        for _ in range(rng.randrange(1, 6)):
            at = rng.randrange(len(data))
            data[at : at + 3] = rng.choice([b"", rng.randbytes(3), b'":9', b"[[["])
        body = bytes(data)
    elif kind == 4:  # a save that names code to load
        body = save.replace('"nim"', json_text(rng.choice(refs))).encode()
    else:  # bytes
        body = rng.randbytes(rng.randrange(0, 300))
    return method, url, body


def json_text(value: object) -> str:
    import json

    return json.dumps(value)


def json_bytes(value: object) -> bytes:
    return json_text(value).encode()


def test_a_hostile_client_gets_no_500_loads_no_code_and_loses_no_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bad requests on every route (hostile fields, deep nesting, damaged saves, plug-in
    references in every field, bytes): never a 500, every refusal one line, no code
    loaded, and every game kept replays after a restart."""
    marker = tmp_path / "ran"
    (tmp_path / "evil.py").write_text(f"open({str(marker)!r}, 'w').write('ran')\nclass Bot: pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    refs = [f"{tmp_path / 'evil.py'}:Bot", "evil:Bot", "evil:Bot:3", "os:system", "evil.py:Bot"]
    folder = tmp_path / "games"
    client: Any = _web_client(folder)
    ids = []
    for game in ("nim", "tictactoe", "connectfour"):
        made = client.post("/api/games", json={"game": game, "player1": "random"})
        assert made.status_code == 200
        ids.append(made.json()["id"])
    save = client.get(f"/api/games/{ids[0]}/save").text
    rng = random.Random(5)
    statuses: dict[int, int] = {}
    for case in range(BAD_REQUESTS):
        method, url, body = _bad_request(rng, ids, save, refs)
        if method == "get":
            response = client.get(url)
        else:
            response = client.post(url, content=body, headers={"Content-Type": "application/json"})
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code in (200, 400, 404, 405, 413), (case, url, body[:80])
        if response.status_code != 200 and url.startswith("/api"):
            assert response.headers["content-type"] == "application/json", (case, url, response)
            error = response.json()["error"]
            assert error and "\n" not in error, (case, error)
        if (
            response.status_code == 200
            and method == "post"
            and url in ("/api/games", "/api/upload")
        ):
            ids.append(response.json()["id"])
        count("hostile web requests: no 500, one line")
    assert not marker.exists(), "a request loaded code"
    assert statuses.get(400, 0) > BAD_REQUESTS // 4  # most were refused, as they should be
    _every_game_replays(client, folder, ids)


def _every_game_replays(client: Any, folder: Path, ids: list[str]) -> None:
    """Every game the server answered for is there after a restart, move for move."""
    before = {}
    for game_id in ids:
        game = client.app.state.games.games.get(game_id)
        if game is not None:
            game.wait()
        before[game_id] = client.get(f"/api/games/{game_id}").json()["moves"]
    restarted: Any = _web_client(folder)
    for game_id, moves in before.items():
        after = restarted.get(f"/api/games/{game_id}")
        assert after.status_code == 200 and after.json()["moves"] == moves, game_id
        count("web games replayed after a restart")


def test_twenty_clients_racing_on_one_game_keep_it_whole(tmp_path: Path) -> None:
    """20 clients send moves, undos, hints, stops, gos and move-nows to one game at once:
    no 500, and the game is a legal game that replays after a restart."""
    import threading

    from oogames.games import ConnectFourBoard

    folder = tmp_path / "games"
    client: Any = _web_client(folder)
    made = client.post(
        "/api/games",
        json={"game": "connectfour", "player0": "human", "player1": "alphabeta+tt@0.05"},
    )
    game_id = made.json()["id"]
    problems: list[str] = []

    def race(seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(RACE_REQUESTS):
            action = rng.choice(["move", "move", "move", "undo", "redo", "stop", "go", "now"])
            response = client.post(
                f"/api/games/{game_id}/action",
                json={"action": action, "move": str(rng.randrange(0, 9))},
            )
            if response.status_code not in (200, 400):
                problems.append(f"{action}: {response.status_code} {response.text[:80]}")
            count("racing web requests: no 500")

    threads = [threading.Thread(target=race, args=(seed,)) for seed in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not any(thread.is_alive() for thread in threads), "a client hung"
    assert not problems, problems[:5]
    client.app.state.games.games[game_id].wait()
    moves = client.get(f"/api/games/{game_id}").json()["moves"]
    ConnectFourBoard.from_moves(" ".join(moves))  # a legal game
    _every_game_replays(client, folder, [game_id])
