"""The interactive board view (Textual): ``oogames play GAME --tui``, the optional extra ``tui``.

The board is a grid of clickable cells (any cell of a column plays that
column in Connect Four; the 21 game and Grundy's game show a button per
move); moves can also be typed. Keys and buttons give hint, undo, redo, a new
game (with a settings screen), save, load and help. The last move and a
winning line are highlighted. The model runs in a worker thread, so the view
stays responsive while the computer thinks and says so; after each computer
move it shows that search's figures.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, ClassVar

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.board.states import EXTRA_TURN
from oogames.errors import OogamesError, SearchStopped, one_line
from oogames.game.adapters import IModel2ViewAdapter
from oogames.game.model import GameModel
from oogames.game.saving import save_recovery
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.games import GAMES, ConnectFourBoard, TicTacToeBoard
from oogames.games.grid import AGridBoard
from oogames.nextmove.results import SearchResult
from oogames.ui.console import HELP, describe


def winning_cells(board: ABoardModel) -> set[int]:
    """The bit indexes of a completed line (tic-tac-toe and Connect Four), else empty."""
    winner = board.winner
    if winner is None or not isinstance(board, (TicTacToeBoard, ConnectFourBoard)):
        return set()
    stones = board.stones(winner)
    cells: set[int] = set()
    for line in board.windows:
        if stones & line == line:
            cells |= {index for index in range(line.bit_length()) if line >> index & 1}
    return cells


class SettingsScreen(ModalScreen[GameSettings | None]):
    """Choose the game, its size, the players, who starts and the hint depth."""

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    #settings { width: 70; height: auto; border: thick $accent; padding: 1 2; background: $panel; }
    #settings Input, #settings Select { margin-bottom: 1; }
    """

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        """The form."""
        current = self.settings
        options = " ".join(f"{key}={value}" for key, value in current.options.items())
        with Vertical(id="settings"):
            yield Label("Game")
            yield Select(
                [(name, name) for name in GAMES], value=current.game, id="game", allow_blank=False
            )
            yield Label(
                "Options (for example rows=4 cols=4 k=3, width=7 height=6, size=6, heaps=3,4,5)"
            )
            yield Input(options, id="options")
            yield Label("First player: human, random, or minimax/alphabeta/negamax[:DEPTH]")
            yield Input(current.players[0].label, id="player0")
            yield Label("Second player")
            yield Input(current.players[1].label, id="player1")
            yield Label("Who moves first (0 = the first player)")
            yield Input(str(current.first), id="first")
            yield Label("Hint depth")
            yield Input(str(current.hint_depth), id="hint-depth")
            yield Label("", id="settings-error")
            with Horizontal():
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start with the settings, or cancel."""
        if event.button.id == "cancel":
            self.dismiss(None)
            return
        try:
            self.dismiss(self._read())
        except (OogamesError, ValueError) as error:
            self.query_one("#settings-error", Label).update(f"[red]{error}[/red]")

    def _read(self) -> GameSettings:
        game = str(self.query_one("#game", Select).value)
        options: dict[str, Any] = {}
        for word in self.query_one("#options", Input).value.split():
            name, _, value = word.partition("=")
            if name == "heaps":
                options[name] = tuple(int(part) for part in value.split(",") if part)
            elif name == "position":
                options[name] = value
            else:
                options[name] = int(value)
        settings = GameSettings(
            game=game,
            options=options,
            players=(
                PlayerSpec.parse(self.query_one("#player0", Input).value),
                PlayerSpec.parse(self.query_one("#player1", Input).value),
            ),
            first=int(self.query_one("#first", Input).value),
            hint_depth=int(self.query_one("#hint-depth", Input).value),
        )
        settings.make_board()  # refuse bad options here, not after the screen closes
        return settings


class HelpScreen(ModalScreen[None]):
    """The keys and commands."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 76; height: auto; border: thick $accent; padding: 1 2; background: $panel; }
    """

    def compose(self) -> ComposeResult:
        """The help text and a close button."""
        keys = (
            "Click a cell to play there (a column in Connect Four), or Tab to it and press Enter;\n"
            "m types a move or command in the box below, Escape goes back to the board.\n"
            "Keys: h hint, a play the hint, u undo, r redo, n new game, s save, l load,\n"
            "? help, q quit; the arrow keys move between the cells.\n\n"
        )
        with Vertical(id="help"):
            yield Static(keys + HELP)
            yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        self.dismiss(None)


class _Relay(IModel2ViewAdapter):
    """Passes the model's news, told in the worker thread, to the app's own thread."""

    def __init__(self, app: GameApp) -> None:
        self.app = app

    def _post(self, method: Any, *args: Any) -> None:
        if self.app.in_worker():
            self.app.call_from_thread(method, *args)
        else:
            method(*args)

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        self._post(self.app.on_model_moved, player, move, result)

    def changed(self) -> None:
        self._post(self.app.refresh_board)

    def thinking(self, player: int, started: bool) -> None:
        self._post(self.app.on_model_thinking, player, started)

    def hinted(self, result: SearchResult) -> None:
        self._post(self.app.on_model_hint, result)

    def game_over(self, text: str) -> None:
        self._post(self.app.show_status, f"Game over: {text}")

    def message(self, text: str) -> None:
        self._post(self.app.show_info, text)


class GameApp(App[int]):
    """The interactive board view of a :class:`~oogames.game.GameModel`.

    Args:
        settings: The game to start.
        board: A position to start from instead (a loaded game's).
    """

    TITLE = "oogames"
    CSS = """
    #main { height: 1fr; }
    #board { grid-columns: 5; grid-rows: 3; grid-gutter: 0 1; margin: 1 2; }
    #board Button { min-width: 5; width: 5; height: 3; }
    #board Button.mover-0 { color: $success; text-style: bold; }
    #board Button.mover-1 { color: $warning; text-style: bold; }
    #board Button.last { background: $accent-darken-1; }
    #board Button.empty { color: $text-disabled; }
    #board Button.hint { background: $primary-darken-2; color: $text; }
    #columns { margin: 0 2; width: auto; color: $text-muted; }
    #board Button.win { background: $success-darken-2; }
    #left { width: auto; }
    #side { width: 1fr; padding: 1 1; }
    #status { text-style: bold; margin-bottom: 1; }
    #info { height: auto; margin-bottom: 1; }
    #buttons Button { min-width: 8; margin-right: 1; }
    #buttons { height: auto; }
    #moves { height: auto; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("h", "hint", "Hint"),
        Binding("a", "accept", "Play hint"),
        Binding("u", "undo", "Undo"),
        Binding("r", "redo", "Redo"),
        Binding("n", "new", "New game"),
        Binding("s", "save", "Save"),
        Binding("l", "load", "Load"),
        Binding("m", "type_move", "Type a move"),
        Binding("x", "stop", "Stop thinking"),
        Binding("left", "step(-1, 0)", "Left", show=False),
        Binding("right", "step(1, 0)", "Right", show=False),
        Binding("up", "step(0, -1)", "Up", show=False),
        Binding("down", "step(0, 1)", "Down", show=False),
        Binding("escape", "focus_board", "Board", show=False),
        Binding("question_mark", "help", "Help"),
        Binding("q", "quit", "Quit"),
    ]
    #: Start with the board focused, so that the one-key commands work at once.
    AUTO_FOCUS = "#board Button"

    def __init__(self, settings: GameSettings | None = None, board: ABoardModel | None = None):
        super().__init__()
        self.model = GameModel(settings or GameSettings(), start=False, board=board)
        self.model.add_view(_Relay(self))
        self.busy = False
        self._thread_ids: set[int] = set()

    # -- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Header, board, side panel (status, figures, buttons, move input), footer."""
        yield Header()
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Grid(id="board")
                yield Static("", id="columns")
            with Vertical(id="side"):
                yield Static("", id="status")
                yield Static("", id="info")
                with Horizontal(id="buttons"):
                    for name in ("Hint", "Undo", "Redo", "New", "Save", "Load", "Help"):
                        yield Button(name, id=f"do-{name.lower()}")
                yield Input(
                    placeholder="a move, or: hint, undo, redo, save FILE, load FILE", id="command"
                )
                yield Static("", id="moves")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the board, then let a computer that moves first move."""
        self.refresh_board()
        self._call_model(self.model.start)

    # -- the board ---------------------------------------------------------------------------

    def _cells(self) -> tuple[int, list[tuple[str, str, Move, set[str]]]]:
        """The board's columns and cells: (id, label, move, css classes)."""
        board = self.model.board
        last = board.moves[-1] if board.moves else None
        won = winning_cells(board)
        hint = self.model.last_hint.move if self.model.last_hint is not None else None
        cells: list[tuple[str, str, Move, set[str]]] = []
        if isinstance(board, AGridBoard):
            rows, cols = board.shape
            for row in range(rows):
                for col in range(cols):
                    index = row * cols + col
                    owner = board.piece_at(row, col)
                    # An empty cell shows the move it plays: the board's coordinates.
                    label = board.format_move((row, col)) if owner is None else board.marks[owner]
                    classes = {"empty"} if owner is None else {f"mover-{owner}"}
                    if (row, col) == last:
                        classes.add("last")
                    if (row, col) == hint:
                        classes.add("hint")
                    if index in won:
                        classes.add("win")
                    cells.append((f"cell-{row}-{col}", label, (row, col), classes))
            return cols, cells
        if isinstance(board, ConnectFourBoard):
            stride = board.height + 1
            top = board.column_height(last) - 1 if isinstance(last, int) else -1
            for row in reversed(range(board.height)):
                for col in range(board.width):
                    owner = board.token_at(row, col)
                    label = "·" if owner is None else board.player_names[owner]
                    classes = set() if owner is None else {f"mover-{owner}"}
                    if col == last and row == top:
                        classes.add("last")
                    if col * stride + row in won:
                        classes.add("win")
                    cells.append((f"cell-{row}-{col}", label, col, classes))
            return board.width, cells
        moves = board.legal_moves()
        for number, move in enumerate(moves):
            cells.append((f"move-{number}", board.format_move(move), move, set()))
        return max(1, min(len(moves), 4)), cells

    def refresh_board(self) -> None:
        """Redraw the cells, the status and the legal moves."""
        grid = self.query_one("#board", Grid)
        columns, cells = self._cells()
        self._moves_of_cells = {cell_id: move for cell_id, _, move, _ in cells}
        buttons = list(grid.query(Button))
        if [button.id for button in buttons] == [cell[0] for cell in cells]:
            # The same cells: update them in place (no flicker, ids stay for the pilot).
            for button, (_, label, _, classes) in zip(buttons, cells, strict=True):
                button.label = label
                button.set_classes(" ".join(sorted(classes)))
        else:
            self.call_next(self._rebuild, columns, cells)
        board = self.model.board
        columns_text = ""
        if isinstance(board, ConnectFourBoard):
            columns_text = "".join(f"{board.format_move(col):^6}" for col in range(board.width))
        elif not isinstance(board, AGridBoard):
            # Games whose moves are buttons (Nim, Grundy, Kalah): the board's own drawing.
            columns_text = str(board).rsplit("\n", 1)[0]
        self.query_one("#columns", Static).update(columns_text)
        again = " again" if board.state is EXTRA_TURN else ""
        self.show_status(
            f"Game over: {board.status_text()}"
            if board.is_over
            else f"{self.model.current.name} to move{again}"
        )
        names = " ".join(board.format_move(move) for move in board.legal_moves())
        self.query_one("#moves", Static).update(f"legal moves: {names or 'none'}")

    async def _rebuild(self, columns: int, cells: list[tuple[str, str, Move, set[str]]]) -> None:
        """Replace every cell (the board's shape or its moves changed)."""
        grid = self.query_one("#board", Grid)
        await grid.remove_children()
        rows = -(-len(cells) // columns) if cells else 1
        grid.styles.grid_size_columns = columns
        grid.styles.width = columns * 6
        grid.styles.height = rows * 3
        await grid.mount_all(
            [
                Button(label, id=cell_id, classes=" ".join(sorted(classes)))
                for cell_id, label, _, classes in cells
            ]
        )

    def show_status(self, text: str) -> None:
        """The status line."""
        self.query_one("#status", Static).update(text)

    def show_info(self, text: str) -> None:
        """The figures / message panel."""
        self.query_one("#info", Static).update(text)

    # -- the model's news ----------------------------------------------------------------------

    def on_model_moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        """Redraw; after a computer's move show its search figures."""
        self.refresh_board()
        if result is not None:
            board = self.model.board
            self.show_info(
                f"{self.model.name_of(player)} played {board.format_move(move)}: {describe(result)}"
            )

    def on_model_thinking(self, player: int, started: bool) -> None:
        """Say that the computer is thinking (the board is not clickable meanwhile)."""
        if started:
            self.show_status(f"{self.model.name_of(player)} is thinking... (x stops it)")
        else:
            self.show_status(self.model.board.status_text())

    def on_model_hint(self, result: SearchResult) -> None:
        """Show the hint and its line, and mark its cell (a plays it)."""
        self.refresh_board()
        board = self.model.board
        line = " ".join(board.format_move(move) for move in result.pv)
        self.show_info(
            f"Hint: {board.format_move(result.move)} ({describe(result)}); line {line}. "
            "Press a to play it."
        )

    # -- requests to the model (in a worker thread) -------------------------------------------

    def in_worker(self) -> bool:
        """Whether the calling thread is one of this app's model workers."""
        return threading.get_ident() in self._thread_ids

    def _call_model(self, request: Any, *args: Any) -> None:
        if self.busy:
            self.show_info("wait: the computer is thinking (x stops it)")
            return
        self.busy = True
        self._model_worker(request, *args)

    @work(thread=True, exclusive=True, group="model")
    def _model_worker(self, request: Any, *args: Any) -> None:
        self._thread_ids.add(threading.get_ident())
        try:
            request(*args)
        except SearchStopped:
            turn = "" if self.model.board.is_over else f"; {self.model.current.name} to move"
            self.call_from_thread(
                self.show_info, f"stopped: the game is as it was{turn} (type go to search again)"
            )
        except OogamesError as error:
            self.call_from_thread(self.show_info, f"[red]{one_line(error)}[/red]")
        finally:
            self._thread_ids.discard(threading.get_ident())
            self.call_from_thread(self._idle)

    def _idle(self) -> None:
        self.busy = False

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A cell plays its move; the side buttons run their actions."""
        button_id = event.button.id or ""
        if button_id.startswith("do-"):
            getattr(self, f"action_{button_id[3:]}")()
        elif button_id in self._moves_of_cells:
            self._call_model(self.model.play, self._moves_of_cells[button_id])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """A typed move or command."""
        text = event.value.strip()
        event.input.value = ""
        if not text:
            return
        word, _, rest = text.partition(" ")
        word = word.lower()
        if word in ("hint", "accept", "undo", "redo", "new", "help"):
            getattr(self, f"action_{word}")()
        elif word in ("save", "load"):
            if not rest.strip():
                self.show_info(f"{word} needs a file name: {word} FILE")
            elif word == "save":
                self._call_model(self.model.save, Path(rest.strip()))
            else:
                self._call_model(self.model.load, Path(rest.strip()))
        elif word == "go":
            self._call_model(self.model.start)
        elif word in ("quit", "exit"):
            self.action_quit_now()
        else:
            self._call_model(self.model.play, text)

    # -- actions -------------------------------------------------------------------------------

    def action_stop(self) -> None:
        """Stop the computer's search (or a hint's); the game stays as it was before it."""
        if self.busy:
            self.model.stop()
        else:
            self.show_info("nothing to stop: no search is running")

    def action_quit_now(self) -> None:
        """Quit at once; during a search, stop it and save the game to a recovery file first."""
        if not self.busy:
            self.exit(0)
            return
        self.model.stop()
        try:
            path = save_recovery(self.model.settings, self.model.board)
        except OogamesError as error:
            self.exit(0, message=f"quit during a search; the game could not be saved: {error}")
            return
        self.exit(0, message=f"quit during a search: the game is saved in {path}")

    async def action_quit(self) -> None:
        """Quit (the q key): see :meth:`action_quit_now`."""
        self.action_quit_now()

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
        cells = list(self.query("#board Button"))
        focused = self.focused
        if focused not in cells:
            return
        columns = self.query_one("#board", Grid).styles.grid_size_columns or 1
        index = cells.index(focused)
        row, col = divmod(index, columns)
        row = min(max(row + dy, 0), (len(cells) - 1) // columns)
        col = min(max(col + dx, 0), columns - 1)
        target = min(row * columns + col, len(cells) - 1)
        cells[target].focus()

    def action_type_move(self) -> None:
        """Focus the box for typing moves and commands."""
        self.query_one("#command", Input).focus()

    def action_focus_board(self) -> None:
        """Back from the box to the board (Tab and Enter play a cell)."""
        cells = list(self.query("#board Button"))
        if cells:
            cells[0].focus()

    def action_help(self) -> None:
        """Show the keys and commands."""
        self.push_screen(HelpScreen())


def run_tui(settings: GameSettings, board: ABoardModel | None = None) -> int:
    """Run the interactive view until the user quits; returns the exit status."""
    return GameApp(settings, board).run() or 0
