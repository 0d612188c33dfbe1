"""The terminal board's adapter to its game model (:class:`AppRelay`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from oogames.board.moves import Move
from oogames.game.adapters import IModel2ViewAdapter
from oogames.nextmove.results import SearchResult

if TYPE_CHECKING:
    from oogames.ui.tui import GameApp


class AppRelay(IModel2ViewAdapter):
    """Passes the model's news, told in the worker thread, to the app's own thread (a
    Textual app's widgets may be touched from its own thread only)."""

    commands = "tui"

    def __init__(self, app: GameApp) -> None:
        self.app = app

    def _post(self, method: Callable[..., object], *args: object) -> None:
        if self.app.in_worker():
            self.app.call_from_thread(method, *args)
        else:
            method(*args)

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        self._post(self.app.on_model_moved, player, move, result)

    def changed(self) -> None:
        self._post(self.app.on_model_changed)

    def thinking(self, player: int, started: bool) -> None:
        self._post(self.app.on_model_thinking, player, started)

    def hinted(self, result: SearchResult) -> None:
        self._post(self.app.on_model_hint, result)

    def game_over(self, text: str) -> None:
        self._post(self.app.show_status, f"Game over: {text}")

    def message(self, text: str) -> None:
        self._post(self.app.show_info, text)
