"""The server's side of a game in the browser: a :class:`GameModel` and what the page sees.

A :class:`WebGame` is a third view on the same game model as the console and
the terminal board (through the same :class:`IModel2ViewAdapter`): the page
asks for the game's state (:meth:`WebGame.state`), sends actions, and is told
when the state changes. The computer thinks in a thread of its own, so a
request never waits for a search; ``stop`` cancels it and the game is as it
was. Every change is saved to the game's JSON file, so a reload, a closed tab
or a restarted server loses nothing.
"""

from __future__ import annotations

import re
import secrets
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from oogames import plugins
from oogames.board.moves import CHANCE, Move
from oogames.board.states import shared_first
from oogames.errors import OogamesError, SearchStopped, SettingsError, one_line, shown
from oogames.game.adapters import IModel2ViewAdapter
from oogames.game.commands import busy_text, commands_of, idle_text, no_move_now_text, usable
from oogames.game.model import GameModel
from oogames.game.saving import game_from_dict, game_text, load_game, save_game
from oogames.game.settings import GameSettings
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.results import SearchResult
from oogames.ui.console import describe
from oogames.web import trees

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel
    from oogames.trace.tracer import SearchTrace

#: The commands the page offers, by word (its actions besides ``move``).
_COMMANDS = {command.word: command for command in commands_of("web")}

SAVE_SECONDS: Final = 1.0
"""How often a game is saved while its computers play one move after another (the page
is shown each move; the file has every move once they stop). Saved at every move, a long
game of fast computers cost the square of its length: Nim to 4,000 took 2.4 s, to
16,000 half a minute."""

SHOWN_MOVES: Final = 400
"""The moves a state lists at most, the last ones (the save has them all). A state sent
every move with every move of a game of 50,000 took 90 ms of the board's lock to make and
600 KB to send, and the page two seconds to list."""

GAME_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
"""What a game id looks like (unguessable, URL-safe); nothing else reaches a file name."""


def expects(outcome: str) -> str:
    """A search's outcome in plain words, for the page (``"win in 5"``: ``"a win"``;
    ``"loss by 2"``: ``"a loss"``), or empty when the search saw no end of the game (a
    value at its horizon: the figures are details)."""
    kind = outcome.split(" ", 1)[0]
    return {"win": "a win", "loss": "a loss", "draw": "a draw"}.get(kind, "")


class _TurnAbout:
    """Whether the moves so far were made by two players turn about (the page then lists
    them two a line), read move by move: a state reads only the moves made since the last
    (a pass over every move of a game of 50,000 took 8 ms a state). What is known is one
    tuple, replaced whole, so that :meth:`forget` (when the game changes other than by a
    move: undo, redo, new, load) may come from any thread."""

    __slots__ = ("known",)

    def __init__(self) -> None:
        self.forget()

    def forget(self) -> None:
        """Read the moves again from the first."""
        self.known: tuple[ABoardModel, int, tuple[int, ...], bool] | None = None

    def read(self, board: ABoardModel) -> bool:
        """Whether ``board``'s moves so far were made turn about, by two players (read
        under its lock)."""
        known = self.known
        if known is None or known[0] is not board or known[1] > board.ply:
            known = (board, 0, (), True)
        _, count, movers, paired = known
        for player, _ in board.history_since(count):
            turn = count % 2
            if len(movers) == turn:  # the first or the second move: who makes each
                movers += (player,)
            if player == CHANCE or movers[turn] != player or (turn and movers[0] == player):
                paired = False
            count += 1
        self.known = (board, count, movers, paired)
        return paired and board.players == 2


class _Relay(IModel2ViewAdapter):
    """Hears the model's news and keeps what the page shows."""

    commands = "web"

    def __init__(self, game: WebGame) -> None:
        self.game = game

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        board = self.game.model.board
        if result is not None:
            spec = self.game.model.settings.spec_of(player)
            depth = result.stats.depth_reached or spec.depth
            self.game.sampled = trees.sampled_top(self.game, player, board.ply - 1, result)
            self.game.last_search = (board.ply - 1, spec, depth)
            self.game.last_result = {
                "ply": board.ply - 1,  # forgotten once that move is undone
                "player": self.game.model.name_of(player),
                "move": board.format_move(move),
                "outcome": result.outcome(),
                "expects": expects(result.outcome()),
                "pv": [board.format_move(step) for step in result.pv],
                "figures": describe(result),
            }
        self.game.info = ""
        if self.game.thinking:  # a computer's move, in its thread: shown at once, and saved
            self.game._touch(saving=False)  # once a second (a request's move: as it ends)

    def changed(self) -> None:
        self.game.info = ""
        self.game._turns.forget()

    def thinking(self, player: int, started: bool) -> None:
        pass  # WebGame.thinking is the computers' thread's, from its start to its end

    def hinted(self, result: SearchResult) -> None:
        pass

    def game_over(self, text: str) -> None:
        self.game.info = f"game over: {text}"

    def message(self, text: str) -> None:
        self.game.info = text


class WebGame:
    """One game played in the browser.

    Args:
        game_id: Its id (see :data:`GAME_ID`).
        model: The game model.
        folder: Where its save file goes (``<folder>/<id>.json``).
        changed: Called (from any thread) after every change of its state.
    """

    def __init__(
        self,
        game_id: str,
        model: GameModel,
        folder: Path,
        changed: Callable[[], None] = lambda: None,
    ) -> None:
        self.id = game_id
        self.model = model
        self.folder = folder
        self.changed = changed
        self.thinking = False  # the computers' thread runs: every move of theirs, and between
        self.hinting = False  # a hint's search runs (in a request's worker thread)
        self.info = ""
        self.last_result: dict[str, object] | None = None
        self.last_search: tuple[int, StrategySpec, int | None] | None = None  # ply, spec, depth
        self.sampled: tuple[int, SearchTrace] | None = None  # MCTS's own tree: ply, top
        self.version = 0
        self.lock = threading.Lock()
        self._tree: tuple[object, str, str] = (None, "", "")  # of what, the picture, or why not
        self._drawing = threading.Lock()
        self._saved_at = time.monotonic()
        self._worker: threading.Thread | None = None
        self._turns = _TurnAbout()
        model.add_view(_Relay(self))

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new(cls, settings: GameSettings, folder: Path, changed: Callable[[], None]) -> WebGame:
        """A new game with an unguessable id; a computer that moves first starts thinking."""
        game = cls(secrets.token_urlsafe(18), GameModel(settings, start=False), folder, changed)
        game.save()
        game.run_computer()
        return game

    @classmethod
    def from_save(cls, data: Any, folder: Path, changed: Callable[[], None]) -> WebGame:
        """A new game from a save file's JSON (checked as ``oogames load`` checks it; no
        plug-in a file names is run).

        Raises:
            SaveFileError: The data is not a good save.
        """
        settings, board = game_from_dict(data)
        game = cls(secrets.token_urlsafe(18), GameModel(settings, start=False, board=board), folder)
        game.changed = changed
        game.save()
        game.run_computer()
        return game

    @classmethod
    def open(cls, game_id: str, folder: Path, changed: Callable[[], None]) -> WebGame | None:
        """The game saved under ``game_id``, or None (a bad id never reaches the disk)."""
        if not GAME_ID.match(game_id):
            return None
        path = folder / f"{game_id}.json"
        if not path.is_file():
            return None
        settings, board = load_game(path)
        game = cls(game_id, GameModel(settings, start=False, board=board), folder, changed)
        game.run_computer()
        return game

    # -- what the page sees --------------------------------------------------------------

    def state(self) -> dict[str, object]:
        """Everything the page draws, as JSON values (of one position, though a computer's
        thread plays on: read under the model's :attr:`~GameModel.board_lock`)."""
        with self.model.board_lock:
            return self._state()

    def _state(self) -> dict[str, object]:
        model = self.model
        board = model.board
        hint = model.last_hint
        over = board.is_over
        settings = model.settings
        pieces = board.pieces
        last = self.last_result
        if last is not None:  # a move undone is no longer described
            ply = last["ply"]
            if not isinstance(ply, int) or ply >= board.ply:
                last = None
        return {
            "id": self.id,
            "version": self.version,
            "game": settings.game,
            "summary": settings.info.summary,
            "settings": {
                "game": settings.game,
                "options": settings.info.options_text(settings.options),
                **{f"player{seat}": str(spec) for seat, spec in enumerate(settings.players)},
                "first": settings.first,
                "hint_depth": settings.hint_depth,
            },
            "players": [model.name_of(player) for player in range(board.players)],
            "sides": [
                {
                    "name": board.player_names[player],
                    "human": model.turns.side(player).is_human,
                    "colour": pieces.names[player],
                    "hex": pieces.colours[player],
                }
                for player in range(board.players)
            ],
            "to_move": None if over else board.to_move,
            "winner": board.winner,
            "shared_first": shared_first(board.payoffs),
            "svg": board.to_svg(),
            "status": board.status_text(),
            "score": board.score_text(),
            "over": over,
            "human_to_move": not over and model.current.is_human and not self.thinking,
            "thinking": self.thinking,
            **self._listed_moves(),
            "legal": [] if over else [board.format_move(m) for m in board.moves_in_board_order()],
            "can_pass": (not over) and board.can_pass(),
            "can_undo": model.can_undo,
            "can_redo": model.can_redo,
            "usable": {
                each.word: usable(each, model, self.thinking) for each in commands_of("web")
            },
            "info": self.info,
            "last": last,
            "hint": None
            if hint is None
            else {
                "move": board.format_move(hint.move),
                "outcome": hint.outcome(),
                "expects": expects(hint.outcome()),
                "line": [board.format_move(step) for step in hint.pv],
            },
        }

    def _listed_moves(self) -> dict[str, object]:
        """The last :data:`SHOWN_MOVES` moves and who made each (``moves``, ``movers``),
        the ply of the first (``moves_from``), all the moves (``ply``), and whether two
        players made them turn about (``paired``: the page lists them two a line)."""
        board = self.model.board
        paired = self._turns.read(board)
        start = max(0, board.ply - SHOWN_MOVES)
        start += start % 2 if paired else 0  # a pair is never cut
        shown = board.history_since(start)
        names = board.player_names
        return {
            "ply": board.ply,
            "moves_from": start,
            "moves": [board.format_move(move) for _, move in shown],
            "movers": [board.chance_name if p == CHANCE else names[p] for p, _ in shown],
            "paired": paired,
        }

    # -- actions ----------------------------------------------------------------------------

    def act(self, action: str, move: str | None = None) -> None:
        """Do what the page asks: ``move`` (with its text), or a command the page offers
        (:func:`~oogames.game.commands.commands_of` ``("web")``: ``hint``, ``accept``,
        ``undo``, ``redo``, ``go``, ``stop``, the search ends, no move is played, the
        computer stays to move; ``now``, a timed computer or MCTS plays its best move so far).

        Raises:
            OogamesError: The action is refused (an illegal move, nothing to undo, a
                computer thinking); the game is unchanged.
        """
        if action != "move" and action not in _COMMANDS:
            offered = ", ".join(["move", *_COMMANDS])
            raise SettingsError(f"unknown action {shown(action)}; the actions are: {offered}")
        if action == "stop":  # even a search whose thread has not reached it yet
            if not self.model.stop():
                raise SettingsError(idle_text("stop"))
            return
        if self.hinting:
            raise SettingsError(busy_text("web", hinting=True))
        if action == "now":
            if not self.thinking:
                raise SettingsError(idle_text("now"))
            if not self.model.move_now():
                raise SettingsError(no_move_now_text("web"))
            return
        with self.lock:
            if self.thinking:
                raise SettingsError(busy_text("web"))
            model = self.model  # the computers answer in their thread (run_computer)
            if action == "move":
                if not move:
                    raise SettingsError("a move needs its text")
                model.play(move, then_start=False)
            elif action == "hint":
                self._hint()
            elif action == "accept":
                model.accept_hint(then_start=False)
            elif action == "go":
                model.go(then_start=False)
            elif action == "undo":
                model.undo()
            elif action == "redo":  # as undo, it pauses where a computer is to move
                model.redo()
            self._touch()
        if action in ("move", "accept", "go"):
            self.run_computer()

    def _hint(self) -> None:
        """Search a hint (the caller's thread: never the server's event loop); Stop ends it."""
        self.hinting = True
        self.model.begin_request()  # a stop from now on stops the hint
        try:
            self.model.hint()
        except SearchStopped:
            self.info = self.model.stopped_text("web")
        finally:
            self.model.end_request()
            self.hinting = False

    def run_computer(self) -> None:
        """Let a computer that is to move think, in a thread; the request does not wait."""
        model = self.model
        with self.lock:  # two requests at once (a move, go) start one thread
            if not model.computer_waiting or self.thinking:
                return
            model.begin_request()  # a stop from now on stops the search, begun or not
            self.thinking = True  # (after: a stop the page sends while thinking is never idle)
        self._touch()

        def think() -> None:
            try:
                model.start()
            except SearchStopped:
                self.info = model.stopped_text("web")
            except OogamesError as error:
                self.info = one_line(error)
            except (Exception, SystemExit) as error:  # an installed player's own bug: told
                blamed = plugins.blame(error)  # on the page, the game kept as it was
                self.info = one_line(blamed) if blamed else f"{type(error).__name__}: {error}"
            finally:
                model.end_request()
                self.thinking = False
                self._touch()

        self._worker = threading.Thread(target=think, daemon=True, name=f"oogames-{self.id[:6]}")
        self._worker.start()

    def last_tree(self, limit: int = 20_000) -> str:
        """The tree of the computer's last search as SVG (:func:`~oogames.web.trees.draw`),
        drawn once: asked for again, the same tree (or refusal) is not searched again
        (twenty requests at once for a tree of minimax:5 took 8.8 s of the server's time).

        Raises:
            SettingsError: No computer has moved, or its search is not one to trace (random,
                a plug-in), or the tree is over ``limit`` nodes.
        """
        with self._drawing:  # one drawing at a time: those asked meanwhile wait for it
            with self.model.board_lock:
                drawn = (self.last_search, tuple(self.model.board.moves), limit)
            if self._tree[0] != drawn:
                try:
                    self._tree = (drawn, trees.draw(self, limit), "")
                except SettingsError as refused:
                    self._tree = (drawn, "", str(refused))
            _, picture, refused_as = self._tree
            if refused_as:
                raise SettingsError(refused_as)
            return picture

    def wait(self, seconds: float = 30) -> None:
        """Wait for the computer's search to end (tests, shutdown)."""
        worker = self._worker
        if worker is not None:
            worker.join(seconds)

    def save(self) -> None:
        """Write the game's file (atomically; the position as it is when the file's turn
        to be written comes, read under the model's lock)."""
        model = self.model
        path = self.folder / f"{self.id}.json"
        save_game(path, model.settings, model.board, reading=model.board_lock)

    def save_text(self) -> str:
        """The game as its save file's JSON text."""
        with self.model.board_lock:
            return game_text(self.model.settings, self.model.board)

    def _touch(self, saving: bool = True) -> None:
        """A change: the page is told, and the game saved (``saving=False``: if its last
        save is :data:`SAVE_SECONDS` old)."""
        self.version += 1
        now = time.monotonic()
        if saving or now - self._saved_at >= SAVE_SECONDS:
            self._saved_at = now
            try:
                self.save()
            except OogamesError as error:
                self.info = f"not saved: {one_line(error)}"
        self.changed()
