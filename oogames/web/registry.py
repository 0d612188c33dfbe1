"""The games a server holds in memory (:class:`OpenGames`): opened from their files on
first use, and put back to their files when idle, so that the memory a server uses is
bounded however many games are played on it."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Final

from oogames.errors import OogamesError, ServerLimitError, counted, one_line
from oogames.web.games import GAME_ID, WebGame
from oogames.web.limits import CLIENTS_REMEMBERED, DEFAULT_LIMITS, GameLimits

MAX_OPEN_GAMES: Final = 1_000
"""The games kept in memory at most. Past it, the least recently used game that is idle
(see :data:`IDLE_SECONDS`) is saved and let go; it is opened again from its file when
asked for. Every game was kept for the server's life: a client that created games without
end would have run the server out of memory."""

_MINUTE: Final = 60.0
"""The window in which a client's starts are counted (``per_minute`` of the limits)."""

IDLE_SECONDS: Final = 60.0
"""How long a game must go unasked for, besides no computer thinking or waiting to move,
no hint searching and no page listening, before it may be let go."""


class OpenGames:
    """The games in memory, opened from their files on first use, at most about
    :data:`MAX_OPEN_GAMES` of them (idle ones are let go past it).

    Attributes:
        games: The games held, by id, the least recently used first.
    """

    def __init__(self, folder: Path, limits: GameLimits = DEFAULT_LIMITS) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.limits = limits
        self.files = self._count_files()
        self.started: dict[str, tuple[float, int]] = {}  # a client's minute: start, games
        self.games: dict[str, WebGame] = {}
        self.used: dict[str, float] = {}  # when each was last asked for (monotonic)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiters: dict[str, list[asyncio.Event]] = {}  # the pages listening, by game
        self.pages_of: dict[str, int] = {}  # the pages listening, by client (none: absent)
        self.closing = False

    def close(self) -> None:
        """The server stops: every page's stream of news ends now (from any thread)."""
        self.closing = True
        for game_id in list(self.waiters):
            self.notify(game_id)

    def keep(self, patience: float) -> list[str]:
        """The server has stopped: every computer still playing stops (no move is played;
        it plays on when the game is opened again; waited for ``patience`` seconds), and
        every game is saved as it stands (a game of computers is saved only once a second
        while they play). Returns what could not be saved: ``"ID: why"`` a game."""
        games = list(self.games.values())
        for game in games:
            game.model.stop()
        lost = []
        for game in games:
            game.wait(patience)
            try:
                game.save()
            except OogamesError as error:  # a file that cannot be written: said, not raised
                lost.append(f"{game.id}: {one_line(error)}")
        return lost

    def notify(self, game_id: str) -> None:
        """Wake the event streams of ``game_id`` (from any thread)."""
        loop = self.loop
        if loop is None:
            return
        for event in list(self.waiters.get(game_id, [])):
            loop.call_soon_threadsafe(event.set)

    @property
    def listening(self) -> int:
        """The pages listening, in all (at most about the limit's few hundred)."""
        return sum(self.pages_of.values())

    def listen(self, game_id: str, client: str) -> asyncio.Event:
        """A page of ``client`` listens to ``game_id``'s news: the event :meth:`notify`
        sets. Checked and counted at once (nothing between them awaits), so pages that
        start together cannot pass the limits.

        Raises:
            ServerLimitError: As many pages listen as the limits allow, in all or from
                ``client`` (503).
        """
        if self.listening >= self.limits.pages:
            raise ServerLimitError(
                f"this server keeps {counted(self.limits.pages, 'page')} up to date at once, "
                "all it may; reload the page later",
                503,
                10,
            )
        if self.pages_of.get(client, 0) >= self.limits.pages_per_client:
            raise ServerLimitError(
                f"this address has {counted(self.limits.pages_per_client, 'page')} kept up to "
                "date, all one address may; close one, or reload this page later",
                503,
                10,
            )
        event = asyncio.Event()
        self.waiters.setdefault(game_id, []).append(event)
        self.pages_of[client] = self.pages_of.get(client, 0) + 1
        return event

    def stop_listening(self, game_id: str, event: asyncio.Event, client: str) -> None:
        """The page of ``event`` is gone (its game's list and its client's count too, once
        none is left)."""
        waiting = self.waiters[game_id]
        waiting.remove(event)
        if not waiting:
            del self.waiters[game_id]
        self.pages_of[client] -= 1
        if not self.pages_of[client]:
            del self.pages_of[client]

    def add(self, game: WebGame) -> WebGame:
        """Hold ``game`` (the most recently used), and let idle ones go past the bound."""
        self.games[game.id] = game
        self.used[game.id] = time.monotonic()
        game.changed = lambda: self.notify(game.id)
        self.notify(game.id)
        self._let_go()
        return game

    def make_room(self, client: str) -> None:
        """Count one more game that ``client`` (its address) starts, or refuse it.

        Raises:
            ServerLimitError: The client started its most games this minute (429), or
                the folder holds the most game files (503); nothing is counted.
        """
        now = time.monotonic()
        since, count = self.started.pop(client, (now, 0))
        if now - since >= _MINUTE:
            since, count = now, 0
        self.started[client] = (since, count)  # the most recent last
        if count >= self.limits.per_minute:
            wait = max(1, round(_MINUTE - (now - since)))
            raise ServerLimitError(
                f"this address may start {counted(self.limits.per_minute, 'game')} a minute; "
                f"try again in {wait} s",
                429,
                wait,
            )
        if self.files >= self.limits.files:
            self.files = self._count_files()  # files the person who runs it removed
            if self.files >= self.limits.files:
                raise ServerLimitError(
                    f"this server keeps its most games ({self.limits.files:,}); "
                    "ask the person who runs it to make room",
                    503,
                )
        self.started[client] = (since, count + 1)
        while len(self.started) > CLIENTS_REMEMBERED:
            del self.started[next(iter(self.started))]
        self.files += 1

    def _count_files(self) -> int:
        """The games saved in the folder."""
        return sum(1 for path in self.folder.glob("*.json") if GAME_ID.match(path.stem))

    def get(self, game_id: str) -> WebGame | None:
        """The game ``game_id``, from memory or from its file; None if there is none."""
        if game_id in self.games:
            self.used[game_id] = time.monotonic()
            self.games[game_id] = self.games.pop(game_id)  # the most recently used last
            return self.games[game_id]
        if not GAME_ID.match(game_id):
            return None
        try:
            game = WebGame.open(game_id, self.folder, lambda: None)
        except OogamesError:
            return None
        return None if game is None else self.add(game)

    def _let_go(self) -> None:
        """While more than :data:`MAX_OPEN_GAMES` are held, save the least recently used
        idle game and let it go (none, while every game is busy or was asked for lately)."""
        while len(self.games) > MAX_OPEN_GAMES:
            now = time.monotonic()
            idle = next((game for game in self.games.values() if self._idle(game, now)), None)
            if idle is None:
                return
            try:
                idle.save()
            except OogamesError:  # kept in memory: its file cannot be written
                self.used[idle.id] = now
                continue
            del self.games[idle.id]
            del self.used[idle.id]

    def _idle(self, game: WebGame, now: float) -> bool:
        """Whether ``game`` may be let go: unasked for :data:`IDLE_SECONDS`, no computer
        thinking or waiting to move (opened again, it would start), no hint searching, no
        page listening to it."""
        return (
            now - self.used[game.id] >= IDLE_SECONDS
            and not (game.thinking or game.hinting or game.model.computer_waiting)
            and not self.waiters.get(game.id)
        )
