"""The terminal board's command buttons (:class:`CommandButtons`), made from the command
table (:data:`~oogames.game.commands.COMMANDS`) and enabled by it, as the page's are."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Button

from oogames.game.commands import commands_of, usable

if TYPE_CHECKING:
    from oogames.game.model import GameModel

_WORDS = ("hint", "undo", "redo", "go", "new", "save", "load", "help")
#: The commands with a button beside the board, in the table's order.
BUTTONS = tuple(command for command in commands_of("tui") if command.word in _WORDS)


class CommandButtons(Grid):
    """A button a command (``do-WORD``); a press runs the app's ``action_WORD``."""

    def compose(self) -> ComposeResult:
        """The buttons, labelled as the table says."""
        for command in BUTTONS:
            yield Button(command.label or command.word.capitalize(), id=f"do-{command.word}")

    def offer(self, model: GameModel, busy: bool) -> None:
        """Enable each button where its command has something to do now
        (:func:`~oogames.game.commands.usable`: Hint and Go not once the game is over,
        Undo only with a move to take back, none of them while a search runs)."""
        for command in BUTTONS:
            self.query_one(f"#do-{command.word}", Button).disabled = not usable(
                command, model, busy
            )
