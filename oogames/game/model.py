"""``GameModel``: one game, its players (in a :class:`~oogames.game.players.TurnControl`),
its history, its views.

The model is event-driven: a view asks it for something (a person's move,
undo, redo, a hint, a new game, save, load) and it answers by changing the
game and telling every view through its :class:`IModel2ViewAdapter`. After a
person's move it lets the computer players move, and plays forced passes,
until a person is to move or the game is over. There is no input loop in
the model, so a console view and an interactive view drive the same model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from oogames.board.faults import check_playable
from oogames.board.model import ABoardModel
from oogames.board.moves import PASS, Move
from oogames.errors import (
    GameOverError,
    NoComputerToMoveError,
    NoHintError,
    NothingToUndoError,
    NotYourTurnError,
    OogamesError,
    SaveFileError,
    SearchStopped,
    one_line,
)
from oogames.game.adapters import AllViews, IModel2ViewAdapter, IView2ModelAdapter
from oogames.game.changes import BoardLock
from oogames.game.commands import View, paused_text, stopped_text
from oogames.game.players import APlayer, IRequestor, search_slot, wake_waiting
from oogames.game.players import ChancePlayer as ChancePlayer  # their names here before
from oogames.game.players import ComputerPlayer as ComputerPlayer
from oogames.game.players import HumanPlayer as HumanPlayer
from oogames.game.players import TurnControl as TurnControl
from oogames.game.saving import load_game, recovery_text, save_game
from oogames.game.settings import GameSettings
from oogames.nextmove.factories import AlphaBetaFac, DepthFac
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchResult
from oogames.parsing import user_path


class GameModel(IView2ModelAdapter, IRequestor):
    """A game being played (Rice role: ``GameModel``).

    Args:
        settings: The game, its options and its players.
        view: A first view to tell (more with :meth:`add_view`).
        start: Whether to start at once (a computer moving first moves now).
        board: A position of that game to go on from (a loaded game's);
            default: the start.

    Attributes:
        board: The position. Views read it; only the model changes it.
        board_lock: Held while the model changes :attr:`board` (or replaces it); a view
            that reads the board from another thread holds it while it reads
            (:class:`~oogames.game.changes.BoardLock`).
        settings: The current settings.
        results: The search behind each computer move, by ply.
        last_hint: The latest hint, or None.
    """

    def __init__(
        self,
        settings: GameSettings | None = None,
        view: IModel2ViewAdapter | None = None,
        start: bool = True,
        board: ABoardModel | None = None,
    ) -> None:
        self._views = AllViews()
        if view is not None:
            self._views.views.append(view)
        self._redo: list[Move] = []
        self.results: dict[int, SearchResult] = {}
        self.last_hint: SearchResult | None = None
        self._requests = 0  # the views' requests under way (begin_request)
        self._stop_pending = False  # a stop came for them
        self._request_lock = threading.RLock()  # re-entrant: a signal handler may stop
        self.board_lock = BoardLock()
        self._install(settings or GameSettings(), board)
        if start:
            self.start()

    def _install(self, settings: GameSettings, board: ABoardModel | None = None) -> None:
        """Make ``settings``' game (at ``board``, or its start) the current one, history cleared.

        Everything is built before anything is replaced, so settings that
        cannot be played (a bad option, a player that cannot be made, a board
        no one can move on that is not over) raise and leave the current game
        as it was.
        """
        board = settings.make_board() if board is None else board
        check_playable(board)  # a game that could never go on, or be shown, is refused at once
        settings = settings.seated(board)
        turns = TurnControl.seated(settings, board, self._views.thinking)
        with self.board_lock.changing():
            self.settings = settings
            self.board = board
            self.turns = turns
            self._redo.clear()
            self.results.clear()
            self.last_hint = None
            self._saved_moves = board.moves  # a loaded game is saved as it is; a new one empty
        self._hint_strategy: MinMax | None = None

    def add_view(self, view: IModel2ViewAdapter) -> None:
        """Tell ``view`` too from now on."""
        self._views.views.append(view)

    # -- the game going on ------------------------------------------------------------

    def start(self) -> None:
        """Let the computers move (and passes be played) until a person is to move."""
        self.turns.run(self.board, self)
        self._announce_end()

    @property
    def computer_waiting(self) -> bool:
        """Whether a computer is to move, and :meth:`go` would let it."""
        return not self.board.is_over and not self.current.is_human

    def go(self, then_start: bool = True) -> None:
        """Go: let the computer that is to move play (after undo paused it, or a stop), and the
        computers after it, until a person is to move. ``then_start=False`` only checks
        that one is waiting: a view that runs :meth:`start` in a thread of its own.

        Raises:
            NoComputerToMoveError: A person is to move, or the game is over.
        """
        if not self.computer_waiting:
            raise NoComputerToMoveError("go: no computer is waiting to move")
        if then_start:
            self.start()

    @property
    def current(self) -> APlayer:
        """The side to move."""
        return self.turns.current(self.board)

    def name_of(self, player: int) -> str:
        """How ``player`` (a player id, or chance) is shown: ``"X (human)"``, ``"chance"``."""
        return self.turns.side(player).name

    def request_move(self, player: int, move: Move, result: SearchResult | None = None) -> None:
        """Make ``move`` for ``player`` (the :class:`IRequestor` facade players use).

        Raises:
            IllegalMoveError: The move is not legal here; nothing changes.
        """
        with self.board_lock.changing():
            self.board.play(move, player)
            self._redo.clear()
            self.last_hint = None
            if result is not None:
                self.results[self.board.ply] = result
        if move is PASS:
            self._views.message(f"{self.name_of(player)} has no move and passes")
        self._views.moved(player, move, result)

    def play(self, move: Move | str, then_start: bool = True) -> None:
        """A person's move, or its text in the game's notation; then the computers answer
        (``then_start=False``: the caller lets them, with :meth:`start`).

        Raises:
            NotYourTurnError: It is a computer's turn.
            GameOverError: The game is over.
            IllegalMoveError: The move is not legal (nothing changes).
        """
        board = self.board
        if self.computer_waiting:
            raise NotYourTurnError(
                None, board.to_move, f"it is {self.current.name}'s turn (go lets it move)"
            )
        if board.is_over:  # before its text is read: no text is a move now
            raise GameOverError(
                None, board.to_move, f"the game is over ({board.status_text()}): no move is played"
            )
        if isinstance(move, str):
            move = board.parse_move(move)
        self.request_move(board.to_move, move)
        if then_start:
            self.start()

    def _announce_end(self) -> None:
        if self.board.is_over:
            self._views.game_over(self.board.status_text())

    # -- history ----------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Whether a person's move can be taken back."""
        return self._undo_count() > 0

    @property
    def can_redo(self) -> bool:
        """Whether an undone move can be replayed."""
        return bool(self._redo)

    def _undo_count(self) -> int:
        """How many moves one undo takes back (:meth:`TurnControl.undo_count`)."""
        return self.turns.undo_count(self.board)

    def undo(self) -> None:
        """Take back the last person's move, and the computer's replies after it.

        Raises:
            NothingToUndoError: No person's move to take back.
        """
        count = self._undo_count()
        if not count:
            raise NothingToUndoError("there is no move of yours to take back")
        with self.board_lock.changing():
            for _ in range(count):
                ply = self.board.ply
                self._redo.append(self.board.pop())
                self.results.pop(ply, None)
            for side in self.turns.players:  # what they kept of the game may be gone
                side.taken_back()
            self.last_hint = None
        self._views.changed()
        self._say_if_paused()

    def _say_if_paused(self) -> None:
        """After undo or redo, a computer may be to move: the game waits for ``go`` (or an
        accepted hint) rather than replaying at once; say so."""
        if self.computer_waiting:
            self._views.say(self.paused_text)

    def paused_text(self, view: View) -> str:
        """What ``view`` says while a computer waits for go (:func:`commands.paused_text
        <oogames.game.commands.paused_text>`)."""
        return paused_text(view, self.current.name)

    def redo(self) -> None:
        """Replay what undo took back, up to the next person's turn.

        Raises:
            NothingToUndoError: Nothing to replay.
        """
        if not self._redo:
            raise NothingToUndoError("there is nothing to redo")
        with self.board_lock.changing():
            self.board.play(self._redo.pop())
            # Replay the computers' replies and forced passes, up to a person's turn.
            while (
                self._redo
                and not self.board.is_over
                and (not self.current.is_human or self.board.can_pass())
            ):
                self.board.play(self._redo.pop())
            self.last_hint = None
        self._views.changed()
        self._announce_end()
        self._say_if_paused()

    # -- help -----------------------------------------------------------------------------

    def hint(self) -> SearchResult:
        """Suggest a move for the player to move, searched ``settings.hint_depth`` plies deep.

        The hint is shown to the views and kept in :attr:`last_hint`; it is
        not played. The search works on a copy of the board, and :meth:`stop`
        stops it.

        Raises:
            NoHintError: The game is over.
            SearchStopped: :meth:`stop` was called during the search.
        """
        if self.board.is_over:
            raise NoHintError("the game is over: there is no move to hint")
        info = self.settings.info
        strategy = MinMax(DepthFac(AlphaBetaFac(), self.settings.hint_depth, info.evaluate))
        self._hint_strategy = strategy  # a stop from now on is this hint's
        try:
            if self.stop_pending():  # asked as a computer's turn asks it
                raise SearchStopped("the hint was stopped")
            position = self.board_copy()
            with search_slot(lambda: self._hint_strategy is not strategy):
                result = strategy.analyze(position)
        finally:
            self._hint_strategy = None
        self.last_hint = result
        self._views.hinted(result)
        return result

    def stop(self) -> bool:
        """Stop: end the search under way, a computer's move or a hint (from any thread).

        Whatever the strategy (timed or not), the search ends soon with
        :class:`~oogames.errors.SearchStopped` where it was called, no move is
        played, and the game is exactly as it was before it (the computer still
        to move); :meth:`start` lets it search again. During a view's request
        (:meth:`begin_request`) it stops the search the request makes, even one
        that has not begun yet. With nothing searching and no request, it does
        nothing. To have a timed computer play now, see :meth:`move_now`.
        Returns whether a search was under way or to come to stop.
        """
        with self._request_lock:
            pending = self._stop_pending = self._requests > 0  # before the sides are asked
        stopped = False
        for side in self.turns.players:
            stopped = side.stop() or stopped
        hinting = self._hint_strategy
        if hinting is not None:
            hinting.cancel()
            self._hint_strategy = None  # a hint waiting for its turn to search ends too
            wake_waiting()
            stopped = True
        return stopped or pending

    def begin_request(self) -> None:
        """A view begins a request that may search (a move the computers answer, go, a hint,
        a load), to be carried out in a thread of its own: until :meth:`end_request`,
        :meth:`stop` stops the search the request makes, also before the thread reaches
        it (a stop is never lost between the click and the search, nor kept after)."""
        with self._request_lock:
            self._requests += 1

    def end_request(self) -> None:
        """The request :meth:`begin_request` began is over: a stop no search took is dropped."""
        with self._request_lock:
            self._requests = max(0, self._requests - 1)
            if not self._requests:
                self._stop_pending = False

    def stop_pending(self) -> bool:
        """Whether a stop came for the requests under way (:class:`IRequestor`)."""
        return self._stop_pending

    def stopped_text(self, view: View) -> str:
        """What ``view`` says when a search was stopped (:func:`commands.stopped_text
        <oogames.game.commands.stopped_text>`)."""
        to_move = None if self.board.is_over else self.current.name
        return stopped_text(view, to_move, self.computer_waiting)

    def stop_begun(self, begun: Callable[[], bool], patience: float = 10.0) -> None:
        """:meth:`stop` until a search takes it, while ``begun()`` (at most ``patience`` s):
        for a view that does not :meth:`begin_request` (the views now do)."""
        end = time.monotonic() + patience
        while not self.stop() and begun() and time.monotonic() < end:
            time.sleep(0.002)

    def move_now(self) -> bool:
        """Move now: ask the computer that is thinking to play its best move so far (from any
        thread).

        Only a computer that always has a move in hand can: a timed search
        (``NAME@SECONDS``: the move of its last completed depth) or MCTS.
        Returns whether one was asked; False when no computer is thinking or
        its search cannot move before it ends (a fixed depth: :meth:`stop` it).
        """
        return any(side.move_now() for side in self.turns.players)

    def accept_hint(self, then_start: bool = True) -> None:
        """Play the latest hint for the side to move, then the computers answer (as
        :meth:`play`: ``then_start=False`` leaves that to the caller).

        The side to move is usually a person; when a computer's game is paused
        (after undo), accepting a hint plays it for the computer, and the game
        goes on from there.

        Raises:
            NoHintError: No hint is standing (none asked, or the position changed).
        """
        if self.last_hint is None:
            raise NoHintError("there is no hint to play: ask for one first")
        if not self.computer_waiting:
            self.play(self.last_hint.move, then_start)
            return
        self.request_move(self.board.to_move, self.last_hint.move)
        if then_start:
            self.start()

    def new_game(self, settings: GameSettings | None = None) -> None:
        """Start a new game, with new settings or the same ones.

        Raises:
            BoardOptionError: The settings' board options are bad (the game is unchanged).
        """
        settings = settings or self.settings
        self._install(settings, settings.make_board())
        self._views.changed()
        self.start()

    def save(self, path: str | Path, overwrite: bool = True) -> None:
        """Save the game to ``path`` as JSON (atomically).

        Args:
            path: The file (``~`` is the home folder).
            overwrite: Replace an existing file; with False, an existing file
                is refused (the views' ``save`` asks for ``save!`` to replace it).

        Raises:
            SaveFileError: The file cannot be written, or it exists and
                ``overwrite`` is False.
        """
        if not overwrite and user_path(path, "save", SaveFileError).exists():
            raise SaveFileError(f"{path} exists: save! {path} replaces it")
        board = self.board_copy()
        save_game(path, self.settings, board)
        self._saved_moves = board.moves
        self._views.message(f"saved to {path}")

    def board_copy(self) -> ABoardModel:
        """An independent copy of the board as it stands, read under :attr:`board_lock`
        (one position, though a computer's thread plays on)."""
        with self.board_lock:
            return self.board.copy()

    def recovery_text(self, why: str = "interrupted") -> str:
        """Save the game to a new recovery file and say where in one line, after ``why`` the
        game is left (:func:`~oogames.game.saving.recovery_text`: the position as it is
        though a computer plays on); never raises."""
        return recovery_text(self.settings, self.board, why, reading=self.board_lock)

    @property
    def unsaved(self) -> bool:
        """Whether moves were played (or taken back) since the game was started, saved or
        loaded: what leaving would lose."""
        return self.board.moves != self._saved_moves

    def load(self, path: str | Path) -> None:
        """Replace the game with the one saved in ``path``.

        Raises:
            SaveFileError: The file is bad, or its settings cannot be played;
                the current game is unchanged.
        """
        current = self.settings
        trusted = {current.game, *(spec.kind for spec in current.players)}
        settings, board = load_game(path, trusted)  # the plug-ins already running may load
        try:
            self._install(settings, board)
        except OogamesError as error:
            raise SaveFileError(f"{path}: {one_line(error)}") from None
        self._views.changed()
        self._views.message(f"loaded {path}")
        self.start()
