"""The screens the interactive board (:mod:`oogames.ui.tui`) opens over the board: the
settings of a new game and the help."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Select, Static

from oogames.errors import OogamesError, SettingsError, one_line
from oogames.game.commands import command_rows
from oogames.game.settings import MAX_SEATS, GameSettings, PlayerSpec, default_player, seat_name
from oogames.games import GAMES, find_game
from oogames.nextmove.spec_help import MORE_PLAYERS_EXAMPLE, people_help
from oogames.parsing import read_whole


class SettingsScreen(ModalScreen[GameSettings | None]):
    """Choose the game, its options, the players, who starts and the hint depth.

    The options field follows the chosen game (its defaults, or the current
    game's own options); a bad value is refused in place with one line saying
    why; Enter in any field starts the game, Escape cancels.
    """

    DEFAULT_CSS = """
    SettingsScreen { align: center middle; }
    #settings { width: 76; max-width: 100%; height: 100%; max-height: 25;
                border: thick $accent; background: $panel; padding: 0 1; }
    #fields { height: 1fr; }
    #fields Horizontal { height: auto; margin-bottom: 1; }
    #fields Select { height: 1; }
    #fields Input:focus, #fields Select:focus > SelectCurrent { background-tint: $accent 25%; }
    #fields Label { width: 13; padding: 0 1 0 0; }
    #fields Input, #fields Select { width: 1fr; }
    #settings-error { color: $error; height: auto; }
    #settings-buttons { height: auto; align-horizontal: right; }
    #settings-buttons Button { margin-left: 1; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("q", "cancel", "Cancel", show=False),  # a field being typed in takes q first
    ]
    AUTO_FOCUS = "#game"

    def __init__(self, settings: GameSettings) -> None:
        super().__init__()
        self.settings = settings

    def compose(self) -> ComposeResult:
        """The form: a field a row, scrolling if the screen is short; the buttons below."""
        current = self.settings
        info = find_game(current.game)
        names = [*GAMES, *([current.game] if current.game not in GAMES else [])]
        with Vertical(id="settings"):
            with VerticalScroll(id="fields"):
                with Horizontal():
                    yield Label("Game")
                    yield Select(
                        [(name, name) for name in names],
                        value=current.game,
                        id="game",
                        allow_blank=False,
                    )
                with Horizontal():
                    yield Label("Options")
                    yield Input(info.options_text(current.options), id="options")
                with Horizontal():
                    yield Label("First player")
                    yield Input(current.players[0].label, id="player0")
                with Horizontal():
                    yield Label("Second")
                    yield Input(current.players[1].label, id="player1")
                with Horizontal():
                    yield Label("More players")
                    others = ", ".join(spec.label for spec in current.players[2:])
                    yield Input(
                        others, placeholder=f"3 or more: {MORE_PLAYERS_EXAMPLE}", id="others"
                    )
                with Horizontal():
                    yield Label("Who starts")
                    seats = _seats(current.game, info.options_text(current.options))
                    yield Select(
                        [(seat_name(seat), seat) for seat in range(max(seats, current.first + 1))],
                        value=current.first,
                        id="first",
                        allow_blank=False,
                    )
                with Horizontal():
                    yield Label("Hint depth")
                    yield Input(str(current.hint_depth), id="hint-depth")
                yield Static(
                    f"{people_help()} More players: the seats after the second, "
                    "comma-separated (empty: the game's own computer).",
                    id="settings-help",
                )
            yield Static("", id="settings-error")
            with Horizontal(id="settings-buttons"):
                yield Button("Start", variant="primary", id="start")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        """Each field one line high (no border), so that the form and its help fit 80x24."""
        for box in self.query("#fields Input").results(Input):
            box.compact = True
        for choice in self.query("#fields Select").results(Select):
            choice.compact = True

    def on_select_changed(self, event: Select.Changed) -> None:
        """A new game: its options field shows that game's options."""
        if event.select.id == "game" and isinstance(event.value, str):
            same = event.value == self.settings.game
            options = self.settings.options if same else {}
            info = find_game(event.value)
            self.query_one("#options", Input).value = info.options_text(options)
            for field in ("#player0", "#player1"):  # a computer: the new game's own default
                box = self.query_one(field, Input)
                if not same and box.value.strip().lower() != "human":
                    box.value = str(default_player(info))
            if not same:  # more seats: the new game's own computer
                self.query_one("#others", Input).value = ""
            self.query_one("#settings-error", Static).update("")
            self._offer_starters()

    def on_input_changed(self, event: Input.Changed) -> None:
        """New options (the number of players, say): who may start follows."""
        if event.input.id == "options":
            self._offer_starters()

    def _offer_starters(self) -> None:
        """Offer each seat of the game in the form, with its options as they stand, to start
        (the choice kept where that seat is still there)."""
        game = self.query_one("#game", Select).value
        if not isinstance(game, str):
            return
        seats = _seats(game, self.query_one("#options", Input).value)
        choice = self.query_one("#first", Select)
        kept = choice.value if isinstance(choice.value, int) and choice.value < seats else 0
        choice.set_options([(seat_name(seat), seat) for seat in range(seats)])
        choice.value = kept

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in a field starts the game (never a move in the game below)."""
        event.stop()
        self._start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Start with the settings, or cancel."""
        event.stop()
        if event.button.id == "cancel":
            self.dismiss(None)
        else:
            self._start()

    def action_cancel(self) -> None:
        """Close without changing the game (Escape)."""
        self.dismiss(None)

    def _start(self) -> None:
        try:
            self.dismiss(self._read())
        except OogamesError as error:
            self.query_one("#settings-error", Static).update(Content(one_line(error)))

    def _read(self) -> GameSettings:
        """The settings in the form.

        Raises:
            OogamesError: A field is bad (the message names it).
        """
        game = str(self.query_one("#game", Select).value)
        options = find_game(game).read_options(self.query_one("#options", Input).value)
        first = self.query_one("#first", Select).value
        if not isinstance(first, int):  # never blank (allow_blank=False): a guard for mypy
            raise SettingsError("choose who starts")
        hint = self.query_one("#hint-depth", Input).value
        depth = read_whole(hint, "the hint depth", 1, GameSettings.MAX_HINT_DEPTH)
        settings = GameSettings(
            game=game,
            options=options,
            players=(
                PlayerSpec.parse(self.query_one("#player0", Input).value),
                PlayerSpec.parse(self.query_one("#player1", Input).value),
                *(
                    PlayerSpec.parse(spec)
                    for spec in self.query_one("#others", Input).value.split(",")
                    if spec.strip()
                ),
            ),
            hint_depth=depth,
        )
        board = settings.make_board()  # refuse bad options here, not after the screen closes
        settings = settings.seated(board, first=first)  # more players than it seats
        for spec in settings.players:  # and a player that cannot play this board
            if not spec.is_human:
                spec.strategy(settings.info, board=board)
        return settings


def _seats(game: str, options: str) -> int:
    """How many players ``game`` has with ``options`` (written as in the form); all the
    seats a game may have while the options do not read."""
    try:
        return find_game(game).seats(options)
    except OogamesError:
        return MAX_SEATS


class HelpScreen(ModalScreen[None]):
    """The keys and commands (Esc, F1 or the button close it)."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help { width: 84; max-width: 100%; height: 100%; max-height: 34;
            border: thick $accent; padding: 0 1; background: $panel; }
    #help-text { height: 1fr; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("escape", "close", "Close"),
        Binding("f1", "close", "Close"),
    ]
    AUTO_FOCUS = "#close"

    def compose(self) -> ComposeResult:
        """The help text and a close button."""
        how = (
            "Type a move (or a command's word) and press Enter: the box takes what you type "
            "wherever the focus is. Or click a cell (a column in Connect Four), or Tab to "
            "the board, move with the arrow keys and press Enter. The keys of the commands "
            "work whatever has the focus.\n"
        )
        rows = command_rows("tui")
        widest = max(len(key) + 1 for row in rows for key in row[1].split(", "))
        table = Table(box=None, padding=(0, 1), expand=True)  # wrapped in its own column
        table.add_column("command", no_wrap=True)
        table.add_column("key", style="bold", max_width=widest)  # a key a line, where two
        table.add_column("what it does", ratio=1)
        for row in rows:
            table.add_row(*row)
        with Vertical(id="help"):
            with VerticalScroll(id="help-text"):
                yield Static(how)
                yield Static(table)
            yield Button("Close", id="close")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Close."""
        event.stop()
        self.dismiss(None)

    def action_close(self) -> None:
        """Close (Esc or F1)."""
        self.dismiss(None)
