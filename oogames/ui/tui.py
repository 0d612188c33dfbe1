"""The interactive board view (Textual): ``oogames play GAME --tui``, the optional extra ``tui``.

Its settings and help screens are in :mod:`oogames.ui.screens`.

The board is a grid of clickable cells (any cell of a column plays that column in Connect
Four; the 21 game and Grundy's game show a button per move); moves can also be typed. Keys
and buttons give the commands of :data:`~oogames.game.commands.COMMANDS`. The last move and
a winning line are highlighted. The model runs in a worker thread, so the view stays
responsive while the computer thinks; after each computer move it shows the search's figures.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import ClassVar

from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Footer, Header, Input, Static

from oogames import plugins
from oogames.board.model import ABoardModel
from oogames.board.moves import CHANCE, Move
from oogames.errors import OogamesError, SearchStopped, one_line
from oogames.game.commands import (
    COMMANDS,
    busy_text,
    commands_of,
    idle_text,
    key_name,
    moves_text,
    no_move_now_text,
    read_command,
    thinking_text,
    tui_keys,
)
from oogames.game.model import GameModel
from oogames.game.settings import GameSettings
from oogames.nextmove.results import SearchResult
from oogames.ui.board_grid import BoardGrid, BoardRoom
from oogames.ui.buttons import CommandButtons
from oogames.ui.cells import Cells, board_cells
from oogames.ui.cells import winning_cells as winning_cells  # where it was
from oogames.ui.console import describe
from oogames.ui.leaving import SignalWatch
from oogames.ui.relay import AppRelay
from oogames.ui.screens import HelpScreen, SettingsScreen
from oogames.ui.terminal import outliving_its_terminal
from oogames.ui.texts import literal, status_content

#: The actions of the commands whose action has another name than the command.
_ACTIONS = {"now": "move_now"}
#: The commands the footer shows (:mod:`~oogames.ui.buttons` has those beside the board).
_FOOTER = frozenset({"hint", "undo", "new", "save", "stop", "now", "help", "quit"})
#: Each command's key as the status lines name it (``Esc``, ``Ctrl+P``).
_KEY = {command.word: key_name(command.key) for command in commands_of("tui") if command.key}
#: What quitting during a search says before where the game is kept.
_QUIT_BUSY = "quit during a search"
#: The actions the commands' keys run (none of them over a dialog).
_COMMAND_ACTIONS = frozenset(
    _ACTIONS.get(command.word, command.word) for command in commands_of("tui") if command.key
)
#: The actions that have something to do only while a computer thinks (Stop, Move now).
_THINKING_ACTIONS = frozenset(_ACTIONS.get(c.word, c.word) for c in COMMANDS if c.while_thinking)


class GameApp(App[int]):
    """The interactive board view of a :class:`~oogames.game.GameModel`.

    Args:
        settings: The game to start.
        board: A position to start from instead (a loaded game's).
    """

    TITLE = "oogames"
    CSS_PATH = "tui.tcss"
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # The commands' keys are control and function keys, bound at the top with
        # priority: they work whatever has focus, and the box keeps every letter typed. The
        # console's keys while a computer thinks work too (idle, Ctrl+C is Textual's).
        *(
            Binding(
                key,
                _ACTIONS.get(command.word, command.word),
                command.label or command.word.capitalize(),
                show=index == 0 and command.word in _FOOTER,
                priority=True,
            )
            for command in commands_of("tui")
            for index, key in enumerate(tui_keys(command))
        ),
        Binding("left", "step(-1, 0)", "Left", show=False),
        Binding("right", "step(1, 0)", "Right", show=False),
        Binding("up", "step(0, -1)", "Up", show=False),
        Binding("down", "step(0, 1)", "Down", show=False),
    ]
    #: Typing goes to the move box from the start (Tab and the arrows reach the cells).
    AUTO_FOCUS = "#command"
    #: Ctrl+P is the hint's key here, not Textual's command palette.
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, settings: GameSettings | None = None, board: ABoardModel | None = None):
        super().__init__(driver_class=outliving_its_terminal(self.get_driver_class()))
        self.model = GameModel(settings or GameSettings(), start=False, board=board)
        self.model.add_view(AppRelay(self))
        self.busy = False
        self._thread_ids: set[int] = set()
        self._grid = False  # whether the board shown is a grid of squares (not move buttons)
        self.signals = SignalWatch(self._signalled)  # kill, a terminal closing: game kept

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Header, board, side panel (status, figures, buttons, move input), footer."""
        yield Header()
        with Horizontal(id="main"):
            # The board scrolls where it cannot fit (a plain container with overflow: the
            # arrow keys stay the board's, not the scrollbars'); the side panel keeps its width.
            with BoardRoom(id="left"):
                yield Static("", id="columns")
                yield BoardGrid(id="board")
            with VerticalScroll(id="side"):
                yield Static("", id="status")
                yield Static("", id="info")
                yield CommandButtons(id="buttons")
                yield Input(placeholder="a move or a command (help)", id="command")
                yield Static("", id="moves")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the board, then let a computer that moves first move; from here a signal
        from outside keeps the game (:class:`~oogames.ui.leaving.SignalWatch`)."""
        self.refresh_board()
        self.signals.start()
        self._call_model(self.model.start)

    def on_unmount(self) -> None:
        """Give the signals back."""
        self.signals.stop()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys while the game is shown; over a dialog, the dialog's own keys
        (Esc closes it). Stop and Move now only while a computer thinks."""
        if action in _COMMAND_ACTIONS and len(self.screen_stack) > 1:
            return False
        return self.busy or action not in _THINKING_ACTIONS

    def on_key(self, event: events.Key) -> None:
        """A letter, digit or sign typed while a cell or a button has focus goes to the move
        box, which takes the focus: a move is typed wherever the focus was."""
        box = self.query_one("#command", Input)
        if (
            event.is_printable
            and event.character
            and len(self.screen_stack) == 1
            and self.focused is not box
        ):
            event.stop()
            box.focus()
            box.insert_text_at_cursor(event.character)

    def _keep_focus(self) -> None:
        """The move box takes the focus when nothing has it (a cell that had it was redrawn
        away, as a Nim or Kalah move's button is once played)."""
        if self.focused is None and len(self.screen_stack) == 1:
            self.query_one("#command", Input).focus()

    # -- the board ---------------------------------------------------------------------------

    def refresh_board(self) -> None:
        """Redraw the cells, the status and the legal moves (of one position: a computer's
        thread may be playing on)."""
        with self.model.board_lock:
            board = self.model.board
            hint = self.model.last_hint.move if self.model.last_hint is not None else None
            grid = self.query_one("#board", BoardGrid)
            shown = board_cells(board, hint, plain=self.no_color, wide=grid.wide)
            if not grid.show(shown):
                self.call_next(self._rebuild, shown)
            # A game of move buttons shows its own drawing above them.
            drawing = "" if shown.grid else board.drawing()
            self.query_one("#columns", Static).update(literal(drawing))
            self._grid = shown.grid
            self._refresh_status()
            self.query_one("#moves", Static).update(literal(moves_text(board)))

    async def _rebuild(self, shown: Cells) -> None:
        """Replace every cell (the board's shape or its moves changed), then size them."""
        await self.query_one("#board", BoardGrid).rebuild(shown, self.model.board.pieces.board)
        self._size_board()
        self._keep_focus()

    def _refresh_status(self) -> None:
        """Whose turn it is (or the result), and the score: where the score is wider than
        the panel, a player a line (not a name on one line and its count on the next)."""
        with self.model.board_lock:
            self._show_status(self.model.board)

    def _show_status(self, board: ABoardModel) -> None:
        width = self.query_one("#status", Static).size.width
        mover = self.model.current.name
        self.show_status(status_content(board, mover, self.no_color, self._grid, width))
        self._offer_buttons()

    def _offer_buttons(self) -> None:
        self.query_one("#buttons", CommandButtons).offer(self.model, self.busy)

    def on_board_room_resized(self, message: BoardRoom.Resized) -> None:
        """The board's cells grow and shrink with the terminal; the status is laid out again."""
        self._size_board()
        self._refresh_status()

    def _size_board(self) -> None:
        if self.query_one("#board", BoardGrid).fit(self.query_one("#left").size):
            self.refresh_board()  # a piece's chip fits the squares now, or no longer does

    def show_status(self, text: str | Content) -> None:
        """The status line: a text is shown as it is (:func:`~oogames.ui.texts.literal`)."""
        self.query_one("#status", Static).update(literal(text))

    def show_info(self, text: str | Content) -> None:
        """The figures / message panel: a text is shown as it is (see :mod:`~oogames.ui.texts`)."""
        self.query_one("#info", Static).update(literal(text))

    # -- the model's news ----------------------------------------------------------------------

    def on_model_changed(self) -> None:
        """The game changed other than by a move (undo, redo, new, load): redraw, and clear
        what the panel said of the position before."""
        self.show_info("")
        self.refresh_board()

    def on_model_moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        """Redraw; after a computer's move show its search figures (a person's move clears
        the panel, a hint's text with it)."""
        self.refresh_board()
        if player == CHANCE:
            board = self.model.board
            self.show_info(f"{board.chance_name}: {board.format_move(move)}")
        elif result is None:
            self.show_info("")
        else:
            board = self.model.board
            self.show_info(
                f"{self.model.name_of(player)} played {board.format_move(move)}: {describe(result)}"
            )

    def on_model_thinking(self, player: int, started: bool) -> None:
        """Say that the computer is thinking (the board is not clickable meanwhile)."""
        if started:
            now = self.model.turns.side(player).can_move_now
            self.show_status(thinking_text("tui", self.model.name_of(player), now))
        else:
            self.show_status(self.model.board.status_text())

    def on_model_hint(self, result: SearchResult) -> None:
        """Show the hint and its line, and mark its cell (a plays it)."""
        self.refresh_board()
        board = self.model.board
        line = board.format_moves(result.pv)
        self.show_info(
            f"Hint: {board.format_move(result.move)} ({describe(result)}); line {line}. "
            f"Press {_KEY['accept']} to play it."
        )

    # -- requests to the model (in a worker thread) -------------------------------------------

    def in_worker(self) -> bool:
        """Whether the calling thread is one of this app's model workers."""
        return threading.get_ident() in self._thread_ids

    def _call_model(self, request: Callable[..., object], *args: object) -> None:
        if self.busy:
            self.show_info(busy_text("tui"))
            return
        self.busy = True
        self.refresh_bindings()  # Stop and Move now enter the footer
        self._offer_buttons()
        self.model.begin_request()  # a stop from now on stops the search it makes
        self._model_worker(request, *args)

    @work(thread=True, exclusive=True, group="model")
    def _model_worker(self, request: Callable[..., object], *args: object) -> None:
        self._thread_ids.add(threading.get_ident())
        try:
            request(*args)
        except SearchStopped:
            self.call_from_thread(self.show_info, self.model.stopped_text("tui"))
        except OogamesError as error:
            self.call_from_thread(self.show_info, Content.styled(one_line(error), "red"))
        except (Exception, SystemExit) as error:  # a plug-in's own code: named, game kept
            blamed = plugins.blame(error)
            if blamed is None:
                raise
            said = Content.styled(f"error in your plug-in: {one_line(blamed)}", "red")
            self.call_from_thread(self.show_info, said)
        finally:
            self.model.end_request()
            self._thread_ids.discard(threading.get_ident())
            self.call_from_thread(self._idle)

    def _idle(self) -> None:
        self.busy = False
        self.refresh_bindings()  # Stop and Move now leave the footer
        self._offer_buttons()
        self._keep_focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A cell plays its move; the side buttons run their actions."""
        button_id = event.button.id or ""
        if button_id.startswith("do-"):
            getattr(self, f"action_{button_id[3:]}")()
        elif button_id in (moves := self.query_one("#board", BoardGrid).moves):
            self._call_model(self.model.play, moves[button_id])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move or command (from the box below the board only)."""
        if event.input.id != "command":
            return
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        try:
            read = read_command(text, "tui")
        except OogamesError as error:
            self.show_info(one_line(error))
            return
        if read is None:  # a move
            self._call_model(self.model.play, text)
            return
        command, word, argument = read
        if command.word == "quit":
            self.action_quit_now()
            return
        if command.argument:  # save FILE, load FILE
            if command.word == "load":
                self._call_model(self.model.load, argument)
            else:
                self._call_model(self.model.save, argument, word == "save!")
            return
        getattr(self, f"action_{_ACTIONS.get(command.word, command.word)}")()

    # -- actions -------------------------------------------------------------------------------

    def action_stop(self) -> None:
        """Stop the computer's search (or a hint's); the game stays as it was before it."""
        if self.busy:
            self.model.stop()  # the request's search, even one its worker has not reached
        else:
            self.show_info(idle_text("stop"))

    def action_move_now(self) -> None:
        """Have a timed computer (or MCTS) that is thinking play its best move so far."""
        if not self.busy:
            self.show_info(idle_text("now"))
        elif not self.model.move_now():
            self.show_info(no_move_now_text("tui"))

    def action_quit_now(self) -> None:
        """Quit at once; during a search, stop it and save the game to a recovery file first."""
        if not self.busy:
            self.exit(0)
            return
        self.model.stop()
        self.exit(0, message=self.model.recovery_text(_QUIT_BUSY))

    def _signalled(self, number: int) -> None:
        """A signal from outside (``kill``, a terminal closing) leaves as Ctrl+Q does during a
        search, whatever runs: the game is saved to a recovery file."""
        self.model.stop()
        self.exit(128 + number, message=self.model.recovery_text())

    async def action_quit(self) -> None:
        """Quit (the q key): see :meth:`action_quit_now`."""
        self.action_quit_now()

    def action_go(self) -> None:
        """Let a computer that is to move play on (after undo paused it, or a stop)."""
        self._call_model(self.model.go)

    def action_hint(self) -> None:
        """Suggest a move."""
        self._call_model(self.model.hint)

    def action_accept(self) -> None:
        """Play the hint shown."""
        self._call_model(self.model.accept_hint)

    def action_undo(self) -> None:
        """Take back your last move."""
        self._call_model(self.model.undo)

    def action_redo(self) -> None:
        """Replay what undo took back."""
        self._call_model(self.model.redo)

    def action_new(self) -> None:
        """Open the settings screen for a new game."""

        def start(settings: GameSettings | None) -> None:
            if settings is not None:
                self._call_model(self.model.new_game, settings)

        self.push_screen(SettingsScreen(self.model.settings), start)

    def action_save(self) -> None:
        """Put a save command in the input, for a file name."""
        self._prefill(f"save {self.model.settings.game}.json")

    def action_load(self) -> None:
        """Put a load command in the input, for a file name."""
        self._prefill(f"load {self.model.settings.game}.json")

    def _prefill(self, text: str) -> None:
        box = self.query_one("#command", Input)
        box.value = text
        box.focus()

    def action_step(self, dx: int, dy: int) -> None:
        """Move the focus to the neighbouring cell of the board (arrow keys)."""
        self.query_one("#board", BoardGrid).step(self.focused, dx, dy)

    def action_moves(self) -> None:
        """List the legal moves."""
        self.show_info(moves_text(self.model.board))

    def action_help(self) -> None:
        """Show the keys and commands."""
        self.push_screen(HelpScreen())


def run_tui(settings: GameSettings, board: ABoardModel | None = None) -> int:
    """Run the interactive view until the user quits; returns the exit status (after a
    signal, the process ends here: :meth:`~oogames.ui.leaving.SignalWatch.run`)."""
    app = GameApp(settings, board)
    return app.signals.run(app.run)
