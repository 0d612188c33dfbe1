"""``oogames serve``: the browser view, an ASGI app on Starlette (the optional extra ``web``).

The page is a view: it draws the state the server sends (the board's own SVG,
with its click targets) and sends back what the person does; no rule of any
game is in the page or in this module, which only routes requests to
:class:`~oogames.web.games.WebGame`.

Routes (JSON unless said):

- ``GET /``: the page.
- ``GET /api/meta``: the games and their default options, for the new-game form, and
  ``max_upload``, the largest save file an upload may send (bytes).
- ``POST /api/games``: a new game (``game``, ``options`` as ``name=value`` words,
  ``player0`` (human if not named), ``player1``, ``player2`` ... (a seat after the first
  not named is the game's computer), ``first``, ``hint_depth``: :data:`NEW_GAME_FIELDS`, no
  other); its state.
- ``GET /api/games``: the games this browser played recently (a cookie).
- ``GET /api/seats?game=NAME&options=TEXT``: how many players that game has with those
  options (the seats the form offers to start), or why the options do not read.
- ``GET /api/games/{id}``: a game's state.
- ``POST /api/games/{id}/action``: ``{"action": "move", "move": "b2"}``, or
  ``hint``, ``accept``, ``undo``, ``redo``, ``stop``, ``now``, ``go`` (no other field); the
  new state.
- ``GET /api/games/{id}/events``: server-sent events, one a change of state.
- ``GET /api/games/{id}/save``: the save file (a download).
- ``GET /api/games/{id}/tree``: the tree of the computer's last search, drawn
  (``image/svg+xml``; searched again, traced, at the depth it reached; of Monte Carlo
  tree search, the top of its own tree, kept as it moved).
- ``POST /api/upload``: a save file (the body, at most 256 KB) to go on with.

Bad input gets a status and one line: 404 for an unknown game, 400 for a
malformed request or a refused move, 413 for an upload that is too big.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from oogames import plugins
from oogames.errors import OogamesError, ServerLimitError, one_line, shown
from oogames.game.saving import data_folder
from oogames.game.settings import (
    MAX_SEATS,
    GameSettings,
    PlayerSpec,
    default_player,
    later_seats,
    seat_name,
)
from oogames.games import DEFAULT_GAME, GAMES, find_game, unknown_game
from oogames.nextmove.spec_help import PEOPLE_EXAMPLES
from oogames.parsing import check_whole, read_whole
from oogames.web.bodies import (  # noqa: F401 (MAX_BODY, MAX_DROPPED: read here before)
    MAX_BODY,
    MAX_DROPPED,
    MAX_OPTIONS,
    MAX_UPLOAD,
    BadRequest,
    TooBig,
    json_body,
    json_fields,
)
from oogames.web.games import GAME_ID, WebGame
from oogames.web.limits import DEFAULT_LIMITS, GameLimits, client_of
from oogames.web.page import PAGE
from oogames.web.registry import OpenGames

NEW_GAME_FIELDS: Final = (
    "game",
    "options",
    *(f"player{seat}" for seat in range(MAX_SEATS)),
    "first",
    "hint_depth",
)
"""The fields a new game's request may send, and no other, which are the settings a game's
state reports (:meth:`~oogames.web.games.WebGame.state`) and the page sends back to play
again."""

NEW_GAME_SHAPE: Final = (
    '{"game": "tictactoe", "options": "rows=3", "player0": "human", '
    f'"player1": "{PEOPLE_EXAMPLES[0][0]}", "player2" ... "player{MAX_SEATS - 1}", '
    f'"first": 0, "hint_depth": {GameSettings.HINT_DEPTH}}}'
)
"""What a refused new game's request is told to look like (each field may be left out)."""

ACTION_SHAPE: Final = '{"action": "move", "move": "b2"}'
"""What a refused action's request is told to look like."""

RECENT = "oogames_recent"
"""The cookie that lists the games this browser played (ids, newest first)."""

RECENT_GAMES = 10
"""The games :data:`RECENT` lists, and the most ``GET /api/games`` looks for: a cookie
the client wrote itself may list 600 (16 KB), each a file to open."""


def default_folder() -> Path:
    """Where ``oogames serve`` keeps its games: ``<data folder>/web`` (see ``--data``)."""
    return data_folder() / "web"


def playable_games() -> list[str]:
    """The games the page offers: the package's and those installed packages add (entry
    points); a request never names a module or a file to load."""
    return [*GAMES, *(name for name in plugins.entry_point_games() if name not in GAMES)]


def _error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": text}, status_code=status)


def create_app(folder: Path | None = None, limits: GameLimits = DEFAULT_LIMITS) -> Starlette:
    """The ASGI app, keeping its games in ``folder`` (default :func:`default_folder`),
    within ``limits`` (the games it keeps, how fast a client starts them, the pages it
    keeps up to date)."""
    games = OpenGames(folder or default_folder(), limits)
    # What the page offers is read once, when the server starts: scanning the installed
    # packages' entry points takes milliseconds, which a request must not pay (above all
    # while computers think in other threads).
    offered = playable_games()
    described: list[dict[str, str]] = []

    async def page(request: Request) -> HTMLResponse:
        games.loop = asyncio.get_running_loop()
        return HTMLResponse(PAGE)

    async def meta(request: Request) -> JSONResponse:
        if not described:
            for name in offered:
                try:
                    info = find_game(name)
                    described.append(
                        {
                            "name": name,
                            "summary": info.summary,
                            "options": info.options_text(),
                            "player": str(default_player(info)),
                        }
                    )
                except OogamesError:  # an installed game that cannot be loaded is left out
                    continue
        return JSONResponse({"games": described, "max_upload": MAX_UPLOAD})

    async def seats(request: Request) -> JSONResponse:
        name = request.query_params.get("game", "")
        if name not in offered:  # never a plug-in reference from a request
            raise unknown_game(name, offered, references=False)
        options = request.query_params.get("options", "")
        if len(options) > MAX_OPTIONS:
            raise BadRequest(f"the options are longer than {MAX_OPTIONS} characters")
        return JSONResponse({"seats": find_game(name).seats(options)})

    def with_cookie(response: Response, request: Request, game_id: str) -> Response:
        recent = [game_id] + [
            known
            for known in request.cookies.get(RECENT, "").split(".")
            if GAME_ID.match(known) and known != game_id
        ]
        listed = ".".join(recent[:RECENT_GAMES])
        response.set_cookie(RECENT, listed, max_age=90 * 86400, samesite="strict")
        return response

    async def new_game(request: Request) -> Response:
        games.loop = asyncio.get_running_loop()
        data = await json_fields(request, NEW_GAME_FIELDS, NEW_GAME_SHAPE)
        name = str(data.get("game", DEFAULT_GAME))
        if name not in offered:  # never a plug-in reference from a request
            raise unknown_game(name, offered, references=False)
        info = find_game(name)
        written = data.get("options", "")
        if not isinstance(written, str):
            raise BadRequest(f"the options are a text of name=value words, not {shown(written)}")
        options = info.read_options(written)
        board = info.make(**options)
        computer = default_player(info, board)  # a seat after the first not named
        given = {
            seat: _player(data, f"player{seat}", "")
            for seat in range(2, MAX_SEATS)
            if data.get(f"player{seat}")
        }
        settings = GameSettings(
            game=name,
            options=options,
            players=(
                _player(data, "player0", "human"),
                _player(data, "player1", str(computer)),
                *later_seats(given, computer, info, board, seat_name),
            ),
            hint_depth=_small_int(
                data.get("hint_depth", GameSettings.HINT_DEPTH),
                "the hint depth",
                1,
                GameSettings.MAX_HINT_DEPTH,
            ),
        )
        settings = settings.seated(
            board, first=_small_int(data.get("first", 0), "who starts", 0, MAX_SEATS - 1)
        )
        games.make_room(_client(request))
        game = games.add(WebGame.new(settings, games.folder, lambda: None))
        return with_cookie(JSONResponse(game.state()), request, game.id)

    async def recent(request: Request) -> JSONResponse:
        found = []
        for game_id in request.cookies.get(RECENT, "").split(".")[:RECENT_GAMES]:
            game = games.get(game_id) if GAME_ID.match(game_id) else None
            if game is not None:
                found.append({"id": game.id, "game": game.model.settings.game,
                              "status": game.model.board.status_text(),
                              "moves": game.model.board.ply})  # fmt: skip
        return JSONResponse({"games": found})

    def find(request: Request) -> WebGame:
        game = games.get(request.path_params["game_id"])
        if game is None:
            raise _NotFound
        return game

    async def state(request: Request) -> JSONResponse:
        games.loop = asyncio.get_running_loop()
        return JSONResponse(find(request).state())

    async def action(request: Request) -> JSONResponse:
        games.loop = asyncio.get_running_loop()
        game = find(request)
        data = await json_fields(request, ("action", "move"), ACTION_SHAPE)
        what = data.get("action")
        if not isinstance(what, str):
            raise BadRequest(f"send {ACTION_SHAPE}")
        move = data.get("move")
        if move is not None and not isinstance(move, str):
            raise BadRequest("a move is sent as its text")
        # Off the event loop: a hint searches, and other requests must not wait for it.
        await asyncio.to_thread(game.act, what, move)
        return JSONResponse(game.state())

    async def events(request: Request) -> StreamingResponse:
        games.loop = asyncio.get_running_loop()
        game = find(request)
        client = _client(request)
        event = games.listen(game.id, client)  # counted now: see _PageStream

        async def stream() -> AsyncIterator[str]:
            yield f"data: {json.dumps(game.state())}\n\n"
            while not games.closing and not await request.is_disconnected():
                try:
                    await asyncio.wait_for(event.wait(), timeout=15)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                event.clear()
                yield f"data: {json.dumps(game.state())}\n\n"

        return _PageStream(stream(), lambda: games.stop_listening(game.id, event, client))

    async def download(request: Request) -> Response:
        game = find(request)
        name = f"{game.model.settings.game if GAMES.get(game.model.settings.game) else 'game'}"
        return Response(
            game.save_text(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}.json"'},
        )

    async def tree(request: Request) -> Response:
        game = find(request)
        svg = await asyncio.to_thread(game.last_tree)
        return Response(svg, media_type="image/svg+xml")

    async def upload(request: Request) -> Response:
        games.loop = asyncio.get_running_loop()
        data = await json_body(request, MAX_UPLOAD, "that file")  # the page sends a file
        games.make_room(_client(request))  # a file refused still counts as a start tried
        game = games.add(WebGame.from_save(data, games.folder, lambda: None))
        return with_cookie(JSONResponse(game.state()), request, game.id)

    def guarded(endpoint: Any) -> Any:
        async def run(request: Request) -> Response:
            try:
                response: Response = await endpoint(request)
                return response
            except _NotFound:
                return _error(404, "no such game")
            except TooBig as big:
                refused = _error(413, str(big))
                if big.cut:  # the rest of the body is not read: no next request on it
                    refused.headers["Connection"] = "close"
                return refused
            except BadRequest as bad:
                return _error(400, str(bad))
            except ServerLimitError as limit:
                refused = _error(limit.status, str(limit))
                if limit.retry_after is not None:
                    refused.headers["Retry-After"] = str(limit.retry_after)
                return refused
            except OogamesError as error:
                return _error(400, one_line(error))

        return run

    routes = [
        Route("/", page),
        Route("/api/meta", guarded(meta)),
        Route("/api/seats", guarded(seats)),
        Route("/api/games", guarded(new_game), methods=["POST"]),
        Route("/api/games", guarded(recent), methods=["GET"]),
        Route("/api/games/{game_id}", guarded(state)),
        Route("/api/games/{game_id}/action", guarded(action), methods=["POST"]),
        Route("/api/games/{game_id}/events", guarded(events)),
        Route("/api/games/{game_id}/save", guarded(download)),
        Route("/api/games/{game_id}/tree", guarded(tree)),
        Route("/api/upload", guarded(upload), methods=["POST"]),
    ]

    async def not_found(request: Request, error: Exception) -> Response:
        return _error(404, "no such game or page")

    async def not_allowed(request: Request, error: Exception) -> Response:
        return _error(405, f"{request.method} is not how this address is used")

    app = Starlette(
        routes=routes,
        exception_handlers={404: not_found, 405: not_allowed},
        middleware=[Middleware(_KeptPrivate)],
    )
    app.state.games = games
    return app


PRIVATE_HEADERS: Final = (
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-content-type-options", b"nosniff"),
)
"""The headers added to every answer of the app (not to the server's own refusals of a
connection or of malformed HTTP, which hold no page). A game's address holds its key (its
id), so no request from the page names it to another site (``Referer``), no other site's
page may frame it (to have its buttons clicked unseen), and a browser takes each answer as
the type it is said to be."""


class _KeptPrivate:
    """Adds :data:`PRIVATE_HEADERS` to every answer of ``app`` (an ASGI middleware)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *PRIVATE_HEADERS]
            await send(message)

        await self.app(scope, receive, sending if scope["type"] == "http" else send)


class _PageStream(StreamingResponse):
    """A page's stream of news, whose place among the pages kept up to date was counted
    when it was asked for (so that pages asking together cannot pass the limits) and is
    given back when the response ends, however it ends: sent, cut off, or never begun."""

    def __init__(self, content: AsyncIterator[str], release: Callable[[], None]) -> None:
        super().__init__(
            content, media_type="text/event-stream", headers={"Cache-Control": "no-cache"}
        )
        self.release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.release()


class _NotFound(Exception):
    pass


def _player(data: dict[str, object], field: str, default: str) -> PlayerSpec:
    """A side named in a request: a built-in strategy or an installed package's, never code
    to load (a path or a module)."""
    value = data.get(field, default)
    if not isinstance(value, str):
        side = seat_name(int(field.removeprefix("player")))
        raise BadRequest(f"{side} is human or a computer such as {PEOPLE_EXAMPLES[0][0]}")
    return PlayerSpec.parse(value, plugins_allowed=False)


def _client(request: Request) -> str:
    """The client a request comes from, as the limits count clients (:func:`client_of`)."""
    return client_of(request.client.host if request.client is not None else None)


def _small_int(value: object, name: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` sent for ``name``, as JSON's number or as text
    (read as the command line reads one: ASCII digits only, :func:`oogames.parsing.read_whole`)."""
    if isinstance(value, str):
        return read_whole(value, name, low, high)
    return check_whole(name, value, low, high)  # what JSON sent, shown as it sent it


def __getattr__(name: str) -> Any:
    """``serve`` and its settings, moved to :mod:`oogames.web.server` (still importable)."""
    if name in ("serve", "SWITCH_SECONDS", "SEARCHES_AT_ONCE"):
        from oogames.web import server

        return getattr(server, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
