"""The adapters between the game model and its views (MVC, as in the Rice design).

:class:`IModel2ViewAdapter` is how the model tells a view what happened;
:class:`IView2ModelAdapter` is what a view may ask of the model. A view never
touches the board itself, and the model never draws.
"""

from __future__ import annotations

import abc
from collections.abc import Callable
from pathlib import Path

from oogames.board.moves import Move
from oogames.game.commands import View
from oogames.nextmove.results import SearchResult


class IModel2ViewAdapter:
    """What the model tells a view (Rice role: ``IModel2ViewAdapter``).

    Every method has a default that does nothing, so a view implements only
    what it shows.

    Attributes:
        commands: The view whose words the model uses to name a command to it
            (:func:`~oogames.game.commands.command_named`): the console's words by default.
    """

    commands: View = "console"

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        """``player`` made ``move``; ``result`` is the search that chose it (None for a person)."""

    def changed(self) -> None:
        """The position changed in another way (undo, redo, new game, load)."""

    def thinking(self, player: int, started: bool) -> None:
        """A computer player started (``started``) or finished searching."""

    def hinted(self, result: SearchResult) -> None:
        """A hint was computed for the player to move."""

    def game_over(self, text: str) -> None:
        """The game ended; ``text`` says how."""

    def message(self, text: str) -> None:
        """Something to tell the user (a forced pass, a saved file, ...)."""


class AllViews(IModel2ViewAdapter):
    """Tells every view in :attr:`views` (the game model's own adapter to its views)."""

    def __init__(self) -> None:
        self.views: list[IModel2ViewAdapter] = []

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        for view in self.views:
            view.moved(player, move, result)

    def changed(self) -> None:
        for view in self.views:
            view.changed()

    def thinking(self, player: int, started: bool) -> None:
        for view in self.views:
            view.thinking(player, started)

    def hinted(self, result: SearchResult) -> None:
        for view in self.views:
            view.hinted(result)

    def game_over(self, text: str) -> None:
        for view in self.views:
            view.game_over(text)

    def message(self, text: str) -> None:
        for view in self.views:
            view.message(text)

    def say(self, text_for: Callable[[View], str]) -> None:
        """Tell every view a message in its own words: ``text_for(view.commands)``."""
        for view in self.views:
            view.message(text_for(view.commands))


class IView2ModelAdapter(abc.ABC):
    """What a view may ask of the model (Rice role: ``IView2ModelAdapter``)."""

    __slots__ = ()

    @abc.abstractmethod
    def play(self, move: Move | str) -> None:
        """Make a person's move (a move, or its text in the game's notation)."""

    @abc.abstractmethod
    def undo(self) -> None:
        """Take back the last move of a person (and the computer replies after it)."""

    @abc.abstractmethod
    def redo(self) -> None:
        """Replay what the last undo took back."""

    @abc.abstractmethod
    def hint(self) -> SearchResult:
        """Suggest a move for the person to move."""

    @abc.abstractmethod
    def accept_hint(self) -> None:
        """Play the latest hint."""

    @abc.abstractmethod
    def new_game(self) -> None:
        """Start again with the same settings."""

    @abc.abstractmethod
    def save(self, path: str | Path) -> None:
        """Save the game."""

    @abc.abstractmethod
    def load(self, path: str | Path) -> None:
        """Replace the game with a saved one (unchanged if the file is bad)."""
