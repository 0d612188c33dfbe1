"""The browser view's server, in-process with Starlette's test client: every action, bad
requests, uploads of damaged files, and games that outlive the server."""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import time
import urllib.request
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import SHARED_ROLIT, count, start_server

pytest.importorskip("starlette", reason="the browser view needs the extra oogames[web]")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

from starlette.testclient import TestClient

from oogames.game.commands import idle_text
from oogames.game.saving import load_game
from oogames.game.settings import GameSettings, default_player
from oogames.games import find_game
from oogames.web.app import create_app
from oogames.web.games import WebGame


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path))


def new(client: TestClient, **fields: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=fields)
    assert response.status_code == 200, response.text
    return response.json()


def settle(client: TestClient, game_id: str) -> dict[str, Any]:
    """The state once the computer has stopped thinking."""
    client.app.state.games.games[game_id].wait()  # type: ignore[attr-defined]
    return client.get(f"/api/games/{game_id}").json()


def act(client: TestClient, game_id: str, action: str, move: str | None = None) -> Any:
    return client.post(f"/api/games/{game_id}/action", json={"action": action, "move": move})


def start_game(address: str, game: dict[str, object]) -> str:
    """Start ``game`` (the fields of a new game) on the server at ``address``: its id."""
    created = urllib.request.Request(
        f"{address}/api/games", json.dumps(game).encode(), method="POST"
    )
    created.add_header("Content-Type", "application/json")
    return str(json.loads(urllib.request.urlopen(created, timeout=5).read())["id"])


def test_the_page_and_the_games_list(client: TestClient) -> None:
    from oogames.nextmove.spec_help import MORE_PLAYERS_EXAMPLE, people_help

    page = client.get("/")
    assert page.status_code == 200 and "EventSource" in page.text
    assert people_help(lambda name: f"<b>{name}</b>") in page.text  # as the terminal's
    assert f'placeholder="a game of 3 or more: {MORE_PLAYERS_EXAMPLE}"' in page.text
    names = [game["name"] for game in client.get("/api/meta").json()["games"]]
    assert names[:2] == ["tictactoe", "connectfour"] and "kalah" in names


def test_a_seat_not_named_is_the_games_own_computer_as_on_the_command_line(
    client: TestClient,
) -> None:
    """A new game's request that names no second player took alphabeta:4 whatever the game
    (the page sends one; a client of the API need not): it now takes the game's computer,
    as the command line and the dialogs do (default_player), in every game."""
    from helpers import count

    from oogames.game.settings import default_player
    from oogames.games import GAMES

    for name, info in GAMES.items():
        state = new(client, game=name, player0="human")
        assert state["settings"]["player1"] == str(default_player(info)), name
        count("games whose unnamed second seat is their computer")


def test_two_people_play_tictactoe_to_the_end(client: TestClient) -> None:
    state = new(client, game="tictactoe", player0="human", player1="human")
    game_id = state["id"]
    assert state["legal"] == ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
    assert state["svg"].count('class="move"') == 9
    buttons = {"hint", "accept", "undo", "redo", "go", "stop", "now"}  # the page's
    assert state["usable"] == {word: word == "hint" for word in buttons}
    for move in ("b2", "a1", "a2", "c2", "c1", "b1", "a3"):
        state = act(client, game_id, "move", move).json()
    assert state["over"] and state["status"] == "X has won" and state["legal"] == []
    # The buttons the page enables (commands.usable): what a finished game still does.
    assert state["usable"] == {word: word == "undo" for word in buttons}
    refused = act(client, game_id, "move", "b3")
    assert refused.status_code == 400 and "game is over" in refused.json()["error"]


def test_against_the_computer_with_hint_accept_and_undo(client: TestClient) -> None:
    state = new(client, game="connectfour", player1="alphabeta:2", hint_depth=2)
    game_id = state["id"]
    act(client, game_id, "move", "4")
    state = settle(client, game_id)
    assert len(state["moves"]) == 2 and state["last"]["player"] == "O (alphabeta:2)"
    state = act(client, game_id, "hint").json()
    assert state["hint"] is not None and len(state["moves"]) == 2
    act(client, game_id, "accept")
    state = settle(client, game_id)
    assert len(state["moves"]) == 4
    state = act(client, game_id, "undo").json()
    assert len(state["moves"]) == 2 and state["can_redo"]
    illegal = act(client, game_id, "move", "9")
    assert illegal.status_code == 400 and "a number from 1 to 7" in illegal.json()["error"]


def test_stop_cancels_a_long_search_and_go_searches_again(client: TestClient) -> None:
    state = new(client, game="connectfour", player1="alphabeta:16")
    game_id = state["id"]
    act(client, game_id, "move", "4")
    time.sleep(0.3)
    assert client.get(f"/api/games/{game_id}").json()["thinking"]
    busy = act(client, game_id, "hint")
    assert busy.status_code == 400 and "thinking" in busy.json()["error"]
    act(client, game_id, "stop")
    state = settle(client, game_id)
    assert not state["thinking"] and state["moves"] == ["4"] and "stopped" in state["info"]
    assert state["human_to_move"] is False


def test_stop_at_once_after_a_move_stops_the_reply_whose_thread_has_not_begun(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stop sent the moment the move's answer comes back, before the computer's thread has
    reached its turn (held back here by 0.3 s): the stop is not lost. It was: no turn was
    under way, the player dropped it and alphabeta:16 searched on (the page's Stop in CI)."""
    state = new(client, game="connectfour", player1="alphabeta:16")
    game = client.app.state.games.games[state["id"]]  # type: ignore[attr-defined]
    start = game.model.start

    def late_start() -> None:
        time.sleep(0.3)
        start()

    monkeypatch.setattr(game.model, "start", late_start)
    act(client, state["id"], "move", "4")
    stopped = time.monotonic()
    act(client, state["id"], "stop")
    state = settle(client, state["id"])
    assert time.monotonic() - stopped < 10
    assert not state["thinking"] and state["moves"] == ["4"] and "stopped" in state["info"]


@pytest.mark.parametrize("player1", ["alphabeta+tt+order@30", "mcts@30", "alphabeta:16"])
def test_stop_keeps_every_computer_to_move_and_move_now_plays_a_timed_one(
    client: TestClient, player1: str
) -> None:
    """Stop: no move for any strategy, the computer still to move; Move now: a timed
    computer or MCTS plays at once, a fixed depth refuses in one line."""
    state = new(client, game="connectfour", player1=player1)
    game_id = state["id"]
    act(client, game_id, "move", "4")
    time.sleep(0.3)
    act(client, game_id, "stop")
    state = settle(client, game_id)
    assert state["moves"] == ["4"] and not state["human_to_move"] and "stopped" in state["info"]
    act(client, game_id, "go")
    time.sleep(0.3)
    now = act(client, game_id, "now")
    if "@" in player1:
        assert now.status_code == 200
        state = settle(client, game_id)
        assert len(state["moves"]) == 2 and state["human_to_move"]
    else:
        assert now.status_code == 400 and "(Stop stops it)" in now.json()["error"]
        act(client, game_id, "stop")
        assert settle(client, game_id)["moves"] == ["4"]


def test_stop_and_move_now_with_nothing_thinking_say_so_as_the_terminal_board_does(
    client: TestClient,
) -> None:
    """A Stop or Move now that comes when no search runs (the page greys the buttons; a
    click can cross the computer's move) is told in the words every view uses."""
    state = new(client, game="tictactoe", player1="human")
    for action in ("stop", "now"):
        answer = act(client, state["id"], action)
        assert answer.status_code == 400 and answer.json()["error"] == idle_text(action)
    assert settle(client, state["id"])["moves"] == []


def test_the_state_names_who_made_each_move_for_the_list_of_moves(client: TestClient) -> None:
    """Kalah's extra turn: South moves twice running, which the page's list of moves shows
    one a line after the mover's name (pairs only where two players alternate)."""
    state = new(client, game="kalah", player1="human")
    act(client, state["id"], "move", "3")  # the last seed in South's store: South again
    act(client, state["id"], "move", "1")
    state = settle(client, state["id"])
    assert state["moves"] == ["3", "1"] and state["movers"] == ["South", "South"]


def test_the_recent_games_are_looked_for_in_the_cookies_first_ten_ids_only(
    tmp_path: Path,
) -> None:
    """The cookie lists a browser's ten latest games, and ``GET /api/games`` looks for no
    more than ten of what a cookie lists: one the client wrote itself listed 600 ids
    (16 KB), each a file the server opened while every other request waited."""
    from oogames.web.app import RECENT, RECENT_GAMES

    client = TestClient(create_app(tmp_path))
    made = [new(client, game="nim", player1="human")["id"] for _ in range(12)]
    listed = client.cookies[RECENT].split(".")
    assert listed == made[::-1][:RECENT_GAMES] and RECENT_GAMES == 10
    again = TestClient(create_app(tmp_path))  # a restarted server: every game is a file
    again.cookies[RECENT] = ".".join(made)
    found = [game["id"] for game in again.get("/api/games").json()["games"]]
    assert found == made[:RECENT_GAMES]
    count("a cookie's ids looked for, ten at most")


def test_every_answer_keeps_a_games_address_private(client: TestClient) -> None:
    """A game's address holds its key: every answer (the page, the API, a refusal, the
    stream of news) tells the browser to send no ``Referer`` elsewhere, to let no other
    site frame it, and to take it as the type it says. No answer said so."""
    from oogames.web.app import PRIVATE_HEADERS

    game_id = new(client, game="nim", player1="human")["id"]
    answers = [
        client.get("/"),
        client.get("/api/meta"),
        client.get(f"/api/games/{game_id}"),
        client.get("/api/games/abc"),  # 404
        client.post("/api/games", content=b"[[["),  # 400
    ]
    with client.stream("GET", f"/api/games/{game_id}/events") as stream:
        answers.append(stream)
    for answer in answers:
        for name, value in PRIVATE_HEADERS:
            assert answer.headers[name.decode()] == value.decode(), (answer.url, name)
        count("answers with the headers that keep a game's address private")


def test_games_outlive_the_server_and_the_cookie_lists_them(tmp_path: Path) -> None:
    first = TestClient(create_app(tmp_path))
    state = new(first, game="kalah", options="pits=3 seeds=2", player1="human")
    game_id = state["id"]
    act(first, game_id, "move", "2")
    act(first, game_id, "move", "3")
    recent = first.get("/api/games").json()["games"]
    assert [game["id"] for game in recent] == [game_id]
    again = TestClient(create_app(tmp_path))  # a restarted server
    state = again.get(f"/api/games/{game_id}").json()
    assert state["moves"] == ["2", "3"] and state["game"] == "kalah"
    saved = again.get(f"/api/games/{game_id}/save")
    assert saved.headers["content-disposition"].startswith("attachment")
    assert json.loads(saved.text)["moves"] == ["2", "3"]


@pytest.mark.parametrize(
    ("method", "url", "body", "status", "message"),
    [
        ("get", "/api/games/aaaaaaaaaaaaaaaaaaaaaaaa", None, 404, "no such game"),
        ("get", "/api/games/..%2F..%2Fetc%2Fpasswd", None, 404, "no such game"),
        ("get", "/api/games/../../etc/passwd", None, 404, "no such"),
        ("get", "/nothing/here", None, 404, "no such"),
        ("post", "/api/games", "{not json", 400, "not JSON"),
        ("post", "/api/games", {"game": "chess"}, 400, "unknown game"),
        ("post", "/api/games", {"game": "x.py:Board"}, 400, "unknown game 'x.py:Board'; choose"),
        ("post", "/api/games", {"options": "rows=x"}, 400, "rows must be a whole number"),
        ("post", "/api/games", {"player1": "wizard"}, 400, "unknown strategy"),
        ("post", "/api/games", {"first": "two"}, 400, "whole number"),
        ("post", "/api/games", [1, 2], 400, "JSON object"),
        (
            "post",
            "/api/games",
            {"players": ["human", "mcts"]},
            400,
            "unknown field 'players'; send {",
        ),
        ("post", "/api/games", {"player1": "mcts", "hint": 2}, 400, "unknown field 'hint'"),
        ("post", "/api/games", {"player16": "mcts"}, 400, "unknown field 'player16'"),
        ("post", "/api/games", "[" * 40 + "]" * 40, 400, "nests more than 32 deep"),
        ("post", "/api/upload", "{}", 400, "not an oogames saved game"),
        ("post", "/api/upload", "[", 400, "not JSON"),
        ("post", "/api/upload", "x" * 300_000, 413, "too big"),
        ("post", "/api/games", {"game": "tictactoe", "first": 2}, 400, "third player cannot"),
        ("get", "/api/seats?game=chess", None, 400, "unknown game"),
        ("get", "/api/seats?game=demos%2Ftwenty_one.py%3ATwentyOne", None, 400, "unknown game"),
        ("get", "/api/seats?game=rolit&options=players%3D9", None, 400, "players"),
        ("get", "/api/seats?game=rolit&options=" + "x" * 2000, None, 400, "longer than"),
    ],
)
def test_bad_requests_get_a_status_and_one_line(
    client: TestClient, method: str, url: str, body: Any, status: int, message: str
) -> None:
    if isinstance(body, str):
        response = getattr(client, method)(url, content=body)
    elif body is None:
        response = getattr(client, method)(url)
    else:
        response = getattr(client, method)(url, json=body)
    assert response.status_code == status
    assert message in response.json()["error"]
    assert "\n" not in response.json()["error"]
    assert "MODULE:CLASS" not in response.json()["error"]  # the page names no code


def test_a_misspelt_field_is_refused_and_a_states_settings_make_the_same_game(
    client: TestClient,
) -> None:
    """A new game's request takes the fields a state's settings report, and no other: the
    page sends them back to play again, and each game, with every seat named, is made
    again as it was; an action's request takes its action and move alone (a field left
    out, as a misspelt one was, started a game no one asked for)."""
    from oogames.web.app import NEW_GAME_FIELDS

    asked: list[dict[str, object]] = [
        {"game": "tictactoe", "options": "rows=4 cols=4 k=3", "player1": "mcts@0.1", "first": 1},
        {"game": "rolit", "options": "players=4", "player2": "maxn:2", "player3": "brs:2"},
        {"game": "pig", "options": "players=3 target=20", "hint_depth": 2},
    ]
    for fields in asked:
        settings = client.post("/api/games", json=fields).json()["settings"]
        assert set(settings) <= set(NEW_GAME_FIELDS)
        asked_options = set(str(fields.pop("options")).split())
        assert fields.items() <= settings.items() and asked_options <= set(
            settings["options"].split()
        )
        again = client.post("/api/games", json=settings).json()["settings"]
        assert again == settings
    game = client.post("/api/games", json={"player1": "human"}).json()["id"]
    sent = client.post(f"/api/games/{game}/action", json={"action": "move", "mvoe": "b2"})
    assert sent.status_code == 400 and "unknown field 'mvoe'" in sent.json()["error"]
    assert client.get(f"/api/games/{game}").json()["version"] == 0  # nothing was done


def test_a_search_to_the_end_of_a_game_that_can_go_on_for_ever_is_refused_before_a_game(
    client: TestClient,
) -> None:
    """Pig can go on for ever: a side that would search to its end (``star1:end``) is a 400
    with the line ``check_fits`` says (tests/test_pig.py checks every spec), and no game is
    made or kept."""
    answer = client.post("/api/games", json={"game": "pig", "player1": "star1:end"})
    assert answer.status_code == 400
    assert answer.json()["error"] == (
        "star1:end cannot play this game: a game of it can go on for ever, so a search to its "
        "end never ends. Give it a depth (star1:6) or a clock (star1@2)"
    )
    assert not client.app.state.games.games  # type: ignore[attr-defined]


def test_the_form_gets_each_games_default_player_and_an_endless_one_is_refused(
    client: TestClient,
) -> None:
    """The new-game form is told each game's default computer (the page puts it in a
    computer's field when the game changes); a search with neither depth nor clock on a
    board too big to solve is a 400 with one line, and nothing searches."""
    from oogames.game.settings import default_player
    from oogames.games import GAMES

    games = client.get("/api/meta").json()["games"]
    for game in games:
        assert game["player"] == str(default_player(GAMES[game["name"]]))
    response = client.post("/api/games", json={"game": "connectfour", "player1": "alphabeta"})
    assert response.status_code == 400
    assert "has neither a depth nor a clock" in response.json()["error"]
    assert not client.app.state.games.games  # type: ignore[attr-defined]


def test_uploads_are_checked_like_oogames_load(client: TestClient, tmp_path: Path) -> None:
    state = new(client, game="tictactoe", player1="human")
    act(client, state["id"], "move", "b2")
    saved = client.get(f"/api/games/{state['id']}/save").text
    restored = client.post("/api/upload", content=saved).json()
    assert restored["moves"] == ["b2"] and restored["id"] != state["id"]
    data = json.loads(saved)
    data["moves"] = ["b2", "b2"]
    bad = client.post("/api/upload", content=json.dumps(data))
    assert bad.status_code == 400 and "move 2 ('b2') is illegal" in bad.json()["error"]
    data = json.loads(saved)
    data["game"] = str(tmp_path / "evil.py") + ":Board"
    plugin = client.post("/api/upload", content=json.dumps(data))
    assert plugin.status_code == 400 and "--trust" in plugin.json()["error"]


def test_events_push_the_state(client: TestClient) -> None:
    state = new(client, game="nim", player1="human")
    with client.stream("GET", f"/api/games/{state['id']}/events") as stream:
        for line in stream.iter_lines():
            if line.startswith("data: "):
                pushed = json.loads(line[6:])
                break
    assert pushed["id"] == state["id"] and pushed["legal"] == ["1", "2", "3"]


def test_the_tree_of_the_computers_last_search(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tree of the last search, drawn once: asked for again (or refused again), it is
    not searched again until the computer has moved again (twenty requests at once for a
    tree of minimax:5 searched it twenty times)."""
    from oogames.web import trees

    drawn: list[str] = []

    def counted_draw(game: Any, limit: int) -> str:
        drawn.append(game.id)
        return draw(game, limit)

    draw = trees.draw
    monkeypatch.setattr(trees, "draw", counted_draw)
    state = new(client, game="tictactoe", player1="alphabeta:2")
    game_id = state["id"]
    none_yet = client.get(f"/api/games/{game_id}/tree")
    assert none_yet.status_code == 400 and "no computer has moved" in none_yet.json()["error"]
    act(client, game_id, "move", "b2")
    settle(client, game_id)
    tree = client.get(f"/api/games/{game_id}/tree")
    assert tree.status_code == 200 and tree.headers["content-type"].startswith("image/svg+xml")
    assert "alphabeta:2 on tictactoe after b2" in tree.text
    assert client.get(f"/api/games/{game_id}/tree").text == tree.text
    assert drawn == [game_id, game_id]  # none yet, then the tree: each drawn once
    act(client, game_id, "move", "c3")
    settle(client, game_id)
    again = client.get(f"/api/games/{game_id}/tree")
    assert "after b2 " in again.text and again.text != tree.text and len(drawn) == 3
    # Monte Carlo tree search: its own tree, kept as it moved (it was refused), drawn once.
    mcts = new(client, game="tictactoe", player1="mcts:50")
    act(client, mcts["id"], "move", "b2")
    settle(client, mcts["id"])
    pictures = [client.get(f"/api/games/{mcts['id']}/tree") for _ in range(2)]
    assert all(picture.status_code == 200 for picture in pictures)
    assert pictures[0].text == pictures[1].text and drawn[3:] == [mcts["id"]]
    assert "mcts:50 on tictactoe after b2" in pictures[0].text
    reply = client.get(f"/api/games/{mcts['id']}").json()["moves"][-1]
    assert f">{reply}<" in pictures[0].text  # the move it played, a move of its tree
    refused = new(client, game="tictactoe", player1="random")
    act(client, refused["id"], "move", "b2")
    settle(client, refused["id"])
    random_tree = client.get(f"/api/games/{refused['id']}/tree")
    assert random_tree.status_code == 400
    assert "can be drawn as a tree" in random_tree.json()["error"]
    count("trees of a last search, drawn once")


def test_redo_and_go(client: TestClient) -> None:
    """Redo replays what undo took back; go lets a computer paused by undo play on."""
    state = new(client, game="nim", player0="alphabeta", player1="random")
    game_id = state["id"]
    state = settle(client, game_id)
    assert state["over"]
    played = state["moves"]
    state = act(client, game_id, "undo").json()
    assert state["moves"] == played[:-1] and "paused" in state["info"]
    state = act(client, game_id, "redo").json()
    settle(client, game_id)
    assert client.get(f"/api/games/{game_id}").json()["moves"] == played
    act(client, game_id, "undo")
    act(client, game_id, "go")
    state = settle(client, game_id)
    assert state["over"] and len(state["moves"]) == len(played)
    nothing = act(client, game_id, "redo")
    assert nothing.status_code == 400 and "nothing to redo" in nothing.json()["error"]


# -- what a request may not do (see the threat model in docs/web.rst) ---------------------


@pytest.mark.parametrize("field", ["player0", "player1"])
def test_a_request_never_names_code_to_load(
    client: TestClient, tmp_path: Path, field: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A path or a module in a player field: 400 in one line, and nothing is imported."""
    marker = tmp_path / "ran"
    evil = tmp_path / "evil.py"
    evil.write_text(f"open({str(marker)!r}, 'w').write('ran')\nclass Bot: pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for spec in (f"{evil}:Bot", "evil:Bot", "evil:Bot:3", f"{evil}:Bot@1", "os.path:join"):
        refused = client.post("/api/games", json={"game": "nim", field: spec})
        assert refused.status_code == 400, (spec, refused.text)
        assert "names code to load" in refused.json()["error"]
    assert not marker.exists()
    refused = client.post("/api/games", json={"game": "nim", field: ["alphabeta"]})
    assert refused.status_code == 400


@pytest.mark.parametrize(
    "body",
    [
        b'{"game": ' + b"9" * 5000 + b"}",
        b'{"first": ' + b"9" * 5000 + b"}",
        b"[" * 2000 + b"]" * 2000,
        b'{"a": ' + b"[" * 40 + b"]" * 40 + b"}",
        b'{"hint_depth": 1e999}',
        b'{"game": "nim", "first": -1}',
        b"\xff\xfe",
    ],
)
def test_numbers_nesting_and_bytes_that_once_gave_500_get_400(
    client: TestClient, body: bytes
) -> None:
    """A 5,000-digit number, JSON nested 2,000 deep, bad bytes: 400 with one line."""
    for url in ("/api/games", "/api/upload"):
        response = client.post(url, content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, (url, body[:40], response.text)
        assert "error" in response.json()


def test_a_deep_upload_while_a_search_runs_is_refused_and_the_server_lives(
    client: TestClient,
) -> None:
    """The upload that once killed the server (262,144 bytes of brackets, a deep search
    under way): 400, and the search goes on and can be stopped."""
    state = new(client, game="connectfour", player0="alphabeta:14", player1="human")
    time.sleep(0.2)
    body = b"[" * 131072 + b"]" * 131072
    response = client.post("/api/upload", content=body)
    assert response.status_code == 400 and "nests" in response.json()["error"]
    assert client.get(f"/api/games/{state['id']}").json()["thinking"]
    act(client, state["id"], "stop")
    assert settle(client, state["id"])["moves"] == []


def test_a_hint_runs_off_the_event_loop_and_stop_ends_it(client: TestClient) -> None:
    """A deep hint in one request: another client's request answers meanwhile, and Stop ends
    the hint (the game unchanged)."""
    import threading

    state = new(client, game="connectfour", player0="human", player1="human", hint_depth=40)
    answers: list[Any] = []
    hinting = threading.Thread(target=lambda: answers.append(act(client, state["id"], "hint")))
    hinting.start()
    time.sleep(0.3)
    assert client.get("/api/meta").status_code == 200
    assert hinting.is_alive()  # the other request was answered while the hint searched
    act(client, state["id"], "stop")
    hinting.join(10)
    assert not hinting.is_alive()
    assert answers[0].status_code == 200 and answers[0].json()["info"].startswith(
        "stopped: the game"
    )


def test_an_installed_player_that_raises_or_exits_is_named_and_the_game_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An installed package's strategy whose code raises or calls sys.exit() while it plays:
    the page says so in one line naming it, the game stays as it was, the server goes on."""
    from importlib.metadata import EntryPoint

    from oogames import plugins

    (tmp_path / "faultybots.py").write_text(
        "import sys\nfrom oogames.nextmove.random_move import RandomValidMove\n\n\n"
        "class Raises(RandomValidMove):\n"
        "    def analyze(self, board, player=None):\n        raise ValueError('my bug')\n\n\n"
        "class Exits(RandomValidMove):\n"
        "    def analyze(self, board, player=None):\n        sys.exit(3)\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    points = [
        EntryPoint("raises", "faultybots:Raises", plugins.STRATEGY_GROUP),
        EntryPoint("exits", "faultybots:Exits", plugins.STRATEGY_GROUP),
    ]
    monkeypatch.setattr(
        plugins, "entry_points", lambda group: [p for p in points if p.group == group]
    )
    client = TestClient(create_app(tmp_path / "games"))
    for name, said in (("raises", "its analyze raised ValueError: my bug"),
                       ("exits", "its analyze called sys.exit(3)")):  # fmt: skip
        state = new(client, game="nim", player0=name, player1="human")
        after = settle(client, state["id"])
        assert after["moves"] == [] and not after["thinking"], after
        assert said in after["info"] and name.title() in after["info"], after["info"]
    assert client.get("/api/meta").status_code == 200


def test_searches_take_turns_and_a_waiting_one_stops_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With one search at a time (the server allows SEARCHES_AT_ONCE), a second game's
    computer waits its turn, thinking; Stop ends its wait at once with the game as it was,
    and a hint that waits stops the same way; the first game's search goes on."""
    from oogames.game import players

    monkeypatch.setattr(players, "_gate", None)
    players.limit_searches(1)
    try:
        client = TestClient(create_app(tmp_path))
        busy = new(client, game="connectfour", player0="alphabeta:14", player1="human")
        waiting = new(client, game="connectfour", player0="alphabeta:2", player1="human")
        time.sleep(0.3)
        assert client.get(f"/api/games/{waiting['id']}").json()["thinking"]  # waits its turn
        start = time.perf_counter()
        act(client, waiting["id"], "stop")
        after = settle(client, waiting["id"])
        assert time.perf_counter() - start < 2 and after["moves"] == [] and not after["thinking"]
        hint = new(client, game="connectfour", player0="human", player1="human", hint_depth=2)
        import threading

        answers: list[Any] = []
        asking = threading.Thread(target=lambda: answers.append(act(client, hint["id"], "hint")))
        asking.start()
        time.sleep(0.3)
        assert asking.is_alive()  # the hint waits for the busy search
        act(client, hint["id"], "stop")
        asking.join(2)
        assert not asking.is_alive() and answers[0].status_code == 200
        assert client.get(f"/api/games/{busy['id']}").json()["thinking"]  # still searching
        act(client, busy["id"], "stop")
        assert settle(client, busy["id"])["moves"] == []
    finally:
        players.limit_searches(None)


def test_the_form_is_told_the_seats_a_game_has_with_its_options(client: TestClient) -> None:
    """Who may start follows the game and its options: the page asks ``/api/seats``,
    which counts the players of the board those options make (the same count the game
    will have)."""
    for game, options, seats in (
        ("tictactoe", "", 2),
        ("rolit", "players=3 size=6", 3),
        ("rolit", "", 4),
        ("pig", "players=5", 5),
    ):
        response = client.get("/api/seats", params={"game": game, "options": options})
        assert response.status_code == 200 and response.json() == {"seats": seats}
    state = new(client, game="rolit", options="players=3 size=6", first=2, player0="random")
    assert state["settings"]["first"] == 2 and len(state["players"]) == 3


def test_each_later_seat_is_played_where_it_is_named_and_one_the_game_has_not_is_refused(
    client: TestClient,
) -> None:
    """``player3`` alone, in a game of four: the third seat is the game's computer and the
    fourth is ``player3``'s. The seats were packed: ``player3``'s spec played the third
    seat, and ``player5`` in a game of three played its third seat, without a word. A seat
    the game has not is refused, named as the page names it (the rule is the command
    line's, :func:`~oogames.game.settings.later_seats`); options that are not a text are
    refused as such (a list was read as its repr)."""
    state = new(client, game="rolit", options="players=4 size=6", player3="random")
    default = str(default_player(find_game("rolit"), find_game("rolit").make(players=4, size=6)))
    assert (state["settings"]["player2"], state["settings"]["player3"]) == (default, "random")
    for seat, players, said in ((5, 3, "the sixth player"), (2, 2, "the third player")):
        game = "rolit" if players == 3 else "tictactoe"
        options = "players=3" if players == 3 else ""
        answer = client.post(
            "/api/games", json={"game": game, "options": options, f"player{seat}": "random"}
        )
        assert answer.status_code == 400
        assert answer.json()["error"] == (
            f"{said}: {game} has {players} players here (seats 0 to {players - 1})"
        )
    answer = client.post("/api/games", json={"game": "tictactoe", "options": ["rows=4"]})
    assert answer.json()["error"] == "the options are a text of name=value words, not ['rows=4']"


def test_the_numbers_of_a_new_game_are_read_as_the_command_line_reads_them(
    client: TestClient,
) -> None:
    """The hint depth and who starts, sent as text, are ASCII digits (parsing.read_whole):
    the page took '٣' and '3_0' (a hint depth of 30), and answered a depth of 0 with the
    command line's flag, --hint-depth."""
    for sent in ("٣", "3_0", 0, -1, 10_001, "x", 3.5, True):
        answer = client.post(
            "/api/games", json={"game": "tictactoe", "player1": "human", "hint_depth": sent}
        )
        error = answer.json()["error"]
        assert answer.status_code == 400, error
        most = f"{GameSettings.MAX_HINT_DEPTH:,}"
        given = repr(sent) if isinstance(sent, str) else str(sent)  # whatever its JSON type
        assert error == f"the hint depth must be a whole number from 1 to {most}, not {given}"
    for sent in ("٢", "1_0"):
        answer = client.post("/api/games", json={"game": "tictactoe", "first": sent})
        assert answer.status_code == 400 and "who starts must be a whole number" in answer.text
    assert new(client, game="tictactoe", hint_depth="4", first="1")["id"]


@pytest.mark.parametrize("second", ["human", "alphabeta+tt@30"])
def test_ctrl_c_stops_the_server_with_a_page_open_and_a_computer_thinking(
    tmp_path: Path, second: str
) -> None:
    """``oogames serve`` and Ctrl-C (SIGINT) while a page holds its stream of news open (and
    a computer thinks for 30 s): the server says it stopped and exits, no traceback; the
    page's stream had kept uvicorn waiting for it until a second Ctrl-C."""
    server, address = start_server(tmp_path)
    try:
        game_id = start_game(address, {"game": "connectfour", "player1": second})
        stream = urllib.request.urlopen(f"{address}/api/games/{game_id}/events", timeout=5)
        assert stream.readline().startswith(b"data: ")  # the page's stream is open
        move = urllib.request.Request(
            f"{address}/api/games/{game_id}/action", b'{"action": "move", "move": "4"}'
        )
        move.add_header("Content-Type", "application/json")
        urllib.request.urlopen(move, timeout=5).read()
        server.send_signal(signal.SIGINT)
        said, _ = server.communicate(timeout=20)  # it stopped (a second Ctrl-C was needed)
    finally:
        server.kill()
    assert server.returncode == 0 and "Traceback" not in said, said
    assert said.splitlines()[-1] == "oogames: stopped; the games are kept"
    stream.close()


@pytest.mark.parametrize(
    ("number", "status"), [(signal.SIGINT, 0), (signal.SIGTERM, 143), (signal.SIGHUP, 129)]
)
def test_a_server_stopped_while_computers_play_keeps_every_move_the_page_showed(
    tmp_path: Path, number: int, status: int
) -> None:
    """While computers play one after another their game is saved once a second; Ctrl-C
    stops them (no move is played) and saves the game as it stands: every move a page
    was shown is in the file, and the game goes on when it is opened again. ``kill``
    (SIGTERM) and a terminal closing (SIGHUP) do the same, with the status 128 + the
    signal's number: uvicorn raised SIGTERM again before the games were kept, and took
    no SIGHUP (the process ended at once)."""
    server, address = start_server(tmp_path)
    try:
        # A game of some twenty seconds (on 7x6 alphabeta:5 plays a whole game in 0.2 s,
        # and a server slow to take the signal sometimes saw it end first).
        game = {"game": "connectfour", "options": "width=12 height=10"}
        game_id = start_game(address, {**game, "player0": "alphabeta:6", "player1": "alphabeta:6"})
        shown: list[str] = []
        for _ in range(100):  # until the page shows a few of their moves
            with urllib.request.urlopen(f"{address}/api/games/{game_id}", timeout=5) as got:
                shown = json.loads(got.read())["moves"]
            if len(shown) >= 3:
                break
            time.sleep(0.02)
        server.send_signal(number)
        said, _ = server.communicate(timeout=20)
    finally:
        server.kill()
    assert said.splitlines()[-1] == "oogames: stopped; the games are kept", said
    assert server.returncode == status
    _, board = load_game(tmp_path / f"{game_id}.json")
    kept = [board.format_move(move) for move in board.moves]
    assert len(shown) >= 3 and kept[: len(shown)] == shown, (shown, kept)
    assert not board.is_over and board.format_move(11) == "12"  # the board asked for
    reopened = WebGame.open(game_id, tmp_path, lambda: None)  # as a restarted server does
    assert reopened is not None and reopened.thinking  # the computer to move plays on
    reopened.model.stop()
    reopened.wait()


def test_a_game_the_stopped_server_cannot_save_is_named_not_said_kept(tmp_path: Path) -> None:
    """Stopping, the server saves every game; one whose file cannot be written is told
    with its reason (the stop said "the games are kept" before, whatever happened)."""
    from oogames.game.settings import GameSettings, PlayerSpec
    from oogames.web.registry import OpenGames

    games = OpenGames(tmp_path)
    human = PlayerSpec.parse("human")
    for _ in range(2):
        game = WebGame.new(GameSettings(players=(human, human)), tmp_path, lambda: None)
        games.games[game.id] = game
    blocked, fine = games.games
    (tmp_path / f"{blocked}.json").unlink()
    (tmp_path / f"{blocked}.json").mkdir()  # where its file goes, a folder
    lost = games.keep(1.0)
    assert len(lost) == 1 and lost[0].startswith(f"{blocked}: "), lost
    assert (tmp_path / f"{fine}.json").is_file()


@pytest.mark.parametrize(
    ("game", "options", "paired"),
    [
        ("nim", {"target": 3000}, True),  # two players, turn about: two a line
        ("kalah", {}, False),  # extra turns
        ("pig", {}, False),  # the die moves too
        ("rolit", {"players": 3}, False),
    ],
)
def test_a_state_lists_the_last_moves_and_counts_them_all(
    tmp_path: Path, game: str, options: dict[str, int], paired: bool
) -> None:
    """A state carries the last SHOWN_MOVES moves with who made them, where they start and
    how many there are in all; a pair of moves is never cut. With every move, a state of a
    game of 50,000 took 90 ms to make and was 600 KB, and the picture's title had them all."""
    import itertools
    import random

    from oogames.board.moves import CHANCE
    from oogames.game.model import GameModel
    from oogames.game.settings import GameSettings, PlayerSpec
    from oogames.pictures.drawing import TITLED_MOVES
    from oogames.web.games import SHOWN_MOVES

    board = GameSettings(game=game, options=options).info.make(**options)
    people = (PlayerSpec("human"),) * board.players
    rng, checked, paired_at_end = random.Random(3), 0, None
    while not board.is_over:
        board.play(rng.choice(board.legal_moves()))
        if board.ply % 97 and board.ply not in (1, 2, 40, 41) and not board.is_over:
            continue
        model = GameModel(GameSettings(game, options, people), start=False, board=board.copy())
        state = WebGame("x" * 24, model, tmp_path, lambda: None).state()
        start = state["moves_from"]
        history = board.history
        movers = [who for who, _ in history]
        alternate = all(one != two for one, two in itertools.pairwise(movers))
        turn_about = board.players == 2 and CHANCE not in movers and alternate
        assert state["ply"] == board.ply and state["paired"] is turn_about
        paired_at_end = turn_about
        assert state["moves"] == [board.format_move(move) for _, move in history[start:]]
        names = [board.chance_name if who == CHANCE else board.player_names[who] for who in movers]
        assert state["movers"] == names[start:] and len(state["moves"]) <= SHOWN_MOVES
        least = max(0, board.ply - SHOWN_MOVES)
        assert start == (least + least % 2 if turn_about else least)  # a pair is never cut
        title = state["svg"].split("<title>")[1].split("</title>")[0]
        shown = board.format_moves(move for _, move in history[-TITLED_MOVES:])
        earlier = f"{board.ply - TITLED_MOVES:,} moves, then " if board.ply > TITLED_MOVES else ""
        status = board.status_text()  # a game drawn as text is titled by its status
        assert title in (f"{board.game_name}: {earlier}{shown} ({status})", f"pig: {status}")
        checked += 1
    assert checked >= 3 and paired_at_end is paired
    assert game != "nim" or board.ply > 2 * SHOWN_MOVES


def test_a_lead_some_players_share_is_said_as_such_not_a_draw(client: TestClient) -> None:
    """The state names the players who share first place (``shared_first``), and its status
    says so; the page's banner reads them (it said "A draw." for Red 6 - Green 4 - Yellow
    6)."""
    seats = {f"player{seat}": "human" for seat in range(3)}
    state = new(client, game="rolit", options="size=4 players=3", **seats)
    for move in SHARED_ROLIT:
        assert act(client, state["id"], "move", move).status_code == 200, move
    state = client.get(f"/api/games/{state['id']}").json()
    assert state["over"] and state["winner"] is None
    assert state["shared_first"] == [0, 2]
    assert state["status"].startswith("Red and Yellow share first place (Red 6 - ")


@pytest.mark.parametrize(
    ("game", "options"),
    [("tictactoe", {}), ("kalah", {"pits": 3, "seeds": 2}), ("othello", {"size": 4}),
     ("pig", {"players": 2, "target": 8}), ("rolit", {"size": 4, "players": 3}), ("nim", {})],
)  # fmt: skip
def test_a_state_knows_whether_the_moves_went_turn_about_through_undo_redo_new_and_load(
    tmp_path: Path, game: str, options: dict[str, int]
) -> None:
    """Whether two players made the moves turn about is read move by move, not from every
    move at each state (a pass over a game of 50,000 moves took 8 ms a state); through 300
    random moves, undos, redos, new games and loads of one game on the page, each state
    says what a pass over all its moves says."""
    import random

    from oogames.board.moves import CHANCE, PASS
    from oogames.game.model import GameModel
    from oogames.game.settings import PlayerSpec

    people = (PlayerSpec("human"),) * GameSettings(game=game, options=options).make_board().players
    settings = GameSettings(game, options, people)
    web = WebGame("x" * 24, GameModel(settings, start=False), tmp_path, lambda: None)
    rng = random.Random(5)
    saved = tmp_path / "kept.json"
    for step in range(300):
        model = web.model
        action = rng.choice(["move"] * 6 + ["undo", "undo", "redo", "new", "save", "load"])
        if action == "move" and model.board.at_chance:
            model.go(then_start=False)  # the die rolls
        elif action == "move" and not model.board.is_over:
            model.play(rng.choice(model.board.legal_moves() or [PASS]), then_start=False)
        elif action == "undo" and model.can_undo:
            model.undo()
        elif action == "redo" and model.can_redo:
            model.redo()
        elif action == "new":
            model.new_game()
        elif action == "save":
            model.save(saved)
        elif action == "load" and saved.exists():
            model.load(saved)
        movers = [player for player, _ in model.board.history]
        first, second = set(movers[0::2]), set(movers[1::2])
        reference = (
            len(first) <= 1 and len(second) <= 1 and not first & second
            and model.board.players == 2 and CHANCE not in first | second
        )  # fmt: skip
        assert web.state()["paired"] is reference, (step, action, movers)
        count(f"states of {game} whose turn about was read move by move")


def test_the_games_held_in_memory_are_bounded_and_one_let_go_comes_back_whole(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game created or opened stayed in the server's memory for its life: a client
    that created games without end ran it out of memory. Past ``MAX_OPEN_GAMES`` (3 here)
    the least recently used idle game is saved and let go, and opened from its file when
    asked for, with its moves; a game whose computer waits to move (after Stop: opened
    again it would start thinking) is kept."""
    from oogames.web import registry

    monkeypatch.setattr(registry, "MAX_OPEN_GAMES", 3)
    monkeypatch.setattr(registry, "IDLE_SECONDS", 0.0)
    games = client.app.state.games  # type: ignore[attr-defined]
    paused = new(client, game="nim", options="target=500", player1="alphabeta:40")["id"]
    act(client, paused, "move", "1")
    act(client, paused, "stop")
    games.games[paused].wait()
    assert client.get(f"/api/games/{paused}").json()["human_to_move"] is False  # it waits
    first = new(client, game="tictactoe", player1="human")["id"]
    assert act(client, first, "move", "b2").status_code == 200
    made = [new(client, game="tictactoe", player1="human")["id"] for _ in range(6)]
    assert len(games.games) == 3 and paused in games.games and first not in games.games
    back = client.get(f"/api/games/{first}").json()
    assert back["moves"] == ["b2"] and first in games.games and len(games.games) == 3
    for game_id in made:  # each comes back, played by nobody meanwhile
        assert client.get(f"/api/games/{game_id}").json()["moves"] == []
    assert len(games.games) == 3 and paused in games.games
    count("games let go past the bound and opened again whole")


def test_a_client_starts_games_only_so_fast_and_the_server_keeps_only_so_many(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files were not bounded: a client that created games without end filled the
    disk. One address starts at most ``per_minute`` games (new or uploaded) a minute, then
    gets 429 with when to ask again; the folder holds at most ``files`` games, then every
    start gets 503 until the person who runs the server removes some. A refusal is one
    line and creates no file."""
    from oogames.web import registry
    from oogames.web.limits import GameLimits

    now = [1000.0]
    monkeypatch.setattr(registry.time, "monotonic", lambda: now[0])
    client = TestClient(create_app(tmp_path, GameLimits(files=4, per_minute=2)))
    saved = new(client, game="nim", player1="human")
    new(client, game="nim", player1="human")
    files = sorted(tmp_path.glob("*.json"))
    for refused in (
        client.post("/api/games", json={"game": "nim"}),
        client.post("/api/upload", content=client.get(f"/api/games/{saved['id']}/save").text),
    ):
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == (
            "this address may start 2 games a minute; try again in 60 s"
        )
        assert refused.headers["Retry-After"] == "60"
        count("starts refused past the minute's bound")
    assert sorted(tmp_path.glob("*.json")) == files  # nothing written for them
    now[0] += 45
    assert client.post("/api/games", json={"game": "nim"}).headers["Retry-After"] == "15"
    now[0] += 15  # a new minute: two more, then the folder is full
    new(client, game="nim", player1="human")
    new(client, game="nim", player1="human")
    now[0] += 60
    full = client.post("/api/games", json={"game": "nim"})
    assert full.status_code == 503 and "Retry-After" not in full.headers
    assert full.json()["error"] == (
        "this server keeps its most games (4); ask the person who runs it to make room"
    )
    assert len(list(tmp_path.glob("*.json"))) == 4
    files[0].unlink()  # the person who runs the server makes room
    new(client, game="nim", player1="human")  # the first of this minute
    assert len(list(tmp_path.glob("*.json"))) == 4
    assert client.post("/api/games", json={"game": "nim"}).status_code == 503
    files[1].unlink()  # room again: the refusal neither counted nor forgot the first
    new(client, game="nim", player1="human")
    assert client.post("/api/games", json={"game": "nim"}).status_code == 429
    count("starts refused while the folder is full, then let in")


def test_the_addresses_counted_are_bounded_and_each_counts_apart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each address has its own minute (an IPv6 one's /64 network counts as one); the
    addresses remembered are bounded (the oldest forgotten first), however many ask."""
    from oogames.errors import ServerLimitError
    from oogames.web import registry
    from oogames.web.limits import GameLimits, client_of

    monkeypatch.setattr(registry, "CLIENTS_REMEMBERED", 5)
    games = registry.OpenGames(tmp_path, GameLimits(per_minute=1))
    games.make_room("10.0.0.1")
    with pytest.raises(ServerLimitError) as refused:
        games.make_room("10.0.0.1")
    assert refused.value.status == 429
    for host in range(2, 40):
        games.make_room(f"10.0.0.{host}")  # each address its own first game
        assert len(games.started) <= 5
        count("addresses counted apart, within the bound")
    games.make_room("10.0.0.1")  # forgotten: counted afresh
    assert games.files == 40  # counted, though no file was written here
    games.make_room(client_of("2001:db8::1"))  # a machine's /64 is one client
    with pytest.raises(ServerLimitError):
        games.make_room(client_of("2001:db8::ffff"))
    games.make_room(client_of("2001:db8:0:1::1"))  # another /64, another client


def test_the_pages_kept_up_to_date_are_bounded(tmp_path: Path) -> None:
    """Every page's stream of news was kept: a client that opened pages without end held
    the server's memory and connections. Past ``--max-pages`` streams a page gets 503 in
    one line; a page that goes makes room."""
    server, address = start_server(tmp_path, "--max-pages", "2")
    pages = []
    try:
        game_id = start_game(address, {"game": "nim", "player1": "human"})
        url = f"{address}/api/games/{game_id}/events"
        for _ in range(2):
            pages.append(urllib.request.urlopen(url, timeout=5))
            assert pages[-1].readline().startswith(b"data: ")  # listening
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url, timeout=5)
        assert refused.value.code == 503 and refused.value.headers["Retry-After"] == "10"
        assert json.loads(refused.value.read())["error"] == (
            "this server keeps 2 pages up to date at once, all it may; reload the page later"
        )
        count("pages refused past the bound")
        pages.pop().close()  # a page goes: its stream ends when the server next looks
        for _ in range(100):
            try:
                pages.append(urllib.request.urlopen(url, timeout=5))
                break
            except urllib.error.HTTPError:
                time.sleep(0.2)
        assert pages[-1].readline().startswith(b"data: ")
        count("pages let in again once another went")
    finally:
        for page in pages:
            page.close()
        server.kill()
        server.communicate()


def test_pages_that_ask_at_once_do_not_pass_the_bound_of_pages(tmp_path: Path) -> None:
    """A page was checked when it asked and counted when its stream began: pages asking at
    the same moment all passed the check, and together passed ``--max-pages``. Now each is
    counted as it is checked; of many asking at once, at most the bound are kept, and with
    a bound of one the refusal says "1 page"."""
    server, address = start_server(tmp_path, "--max-pages", "1")
    host, port = address.removeprefix("http://").split(":")
    sockets = []
    try:
        game_id = start_game(address, {"game": "nim", "player1": "human"})
        asking = f"GET /api/games/{game_id}/events HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        for _ in range(20):
            sockets.append(socket.create_connection((host, int(port)), timeout=10))
        for page in sockets:  # all asked before any is answered
            page.sendall(asking)
        answers = []
        for page in sockets:
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += page.recv(4096)
            answers.append(answer)
        statuses = [answer.split(b" ", 2)[1] for answer in answers]
        assert statuses.count(b"200") == 1 and statuses.count(b"503") == 19, statuses
        refused = next(answer for answer in answers if b" 503 " in answer.split(b"\r\n")[0])
        while not refused.endswith(b"}"):
            refused += sockets[answers.index(refused)].recv(4096)
        assert b"this server keeps 1 page up to date at once" in refused
        for _ in statuses:
            count("pages asking at once, within the bound")
    finally:
        for page in sockets:
            page.close()
        server.kill()
        server.communicate()


def test_one_client_cannot_take_every_page_the_server_keeps_up_to_date(tmp_path: Path) -> None:
    """One address alone held every page the server kept up to date, and the others' pages
    got none: each client keeps at most ``pages_per_client``; a page that goes gives its
    place back (and the address is forgotten once it has none)."""
    from oogames.errors import ServerLimitError
    from oogames.web import registry
    from oogames.web.limits import GameLimits

    games = registry.OpenGames(tmp_path, GameLimits(pages=5, pages_per_client=2))
    first, second = games.listen("g", "10.0.0.1"), games.listen("h", "10.0.0.1")
    with pytest.raises(ServerLimitError) as refused:
        games.listen("g", "10.0.0.1")
    assert refused.value.status == 503 and str(refused.value) == (
        "this address has 2 pages kept up to date, all one address may; close one, or "
        "reload this page later"
    )
    assert games.listening == 2  # a refused page is not counted
    other = games.listen("g", "10.0.0.2")  # another client has its own places
    games.stop_listening("g", first, "10.0.0.1")
    third = games.listen("g", "10.0.0.1")  # a place given back
    for event, client in ((second, "10.0.0.1"), (third, "10.0.0.1"), (other, "10.0.0.2")):
        games.stop_listening("h" if event is second else "g", event, client)
    assert games.pages_of == {} and games.waiters == {} and games.listening == 0
    count("pages bounded by client")


def test_each_limit_flag_of_serve_sets_its_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``oogames serve``'s limit flags are declared once, beside the limits
    (``LIMIT_FLAGS``): each sets its own field, and a server started without them keeps
    the defaults."""
    import io

    from oogames.cli import main
    from oogames.web import server
    from oogames.web.limits import DEFAULT_LIMITS, LIMIT_FLAGS, GameLimits

    given: list[GameLimits] = []
    monkeypatch.setattr(server, "serve", lambda *args: given.append(args[-1]) or 0)
    main(["serve", "--data", str(tmp_path)], out=io.StringIO())
    assert given.pop() == DEFAULT_LIMITS
    for name, field, _ in LIMIT_FLAGS:  # each one less than its default: the others allow it
        value = getattr(DEFAULT_LIMITS, field) - 1
        main(["serve", "--data", str(tmp_path), name, str(value)], out=io.StringIO())
        assert given.pop() == attrs.evolve(DEFAULT_LIMITS, **{field: value}), name
        count("limit flags that set their own limit")
    assert {field for _, field, _ in LIMIT_FLAGS} == set(attrs.fields_dict(GameLimits))
    for flags in (
        ["--max-pages", "1001"],
        ["--pages-per-address", "9", "--connections-per-address", "8"],
    ):
        said = io.StringIO()
        with contextlib.redirect_stderr(said), pytest.raises(SystemExit) as ended:
            main(["serve", "--data", str(tmp_path), *flags], out=io.StringIO())
        assert ended.value.code == 2 and not given, flags
        assert said.getvalue().count("\n") == 1 and "holds a connection open" in said.getvalue()
        count("more pages than connections refused in one line")
