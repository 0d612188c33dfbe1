"""The exceptions of oogames: one root, :class:`OogamesError`, and specific subclasses.

Every error a user can cause (an illegal move, a malformed move, a bad board
option, a stale undo) is a subclass of :class:`OogamesError`, so one
``except OogamesError`` catches them all. The move errors are also
:class:`ValueError`, as python-chess does, so code written against the
builtin exceptions keeps working.
"""

from __future__ import annotations

from collections.abc import Hashable


class OogamesError(Exception):
    """The root of every error oogames raises on purpose."""


class IllegalMoveError(OogamesError, ValueError):
    """A move that the rules do not allow in the current position.

    Args:
        move: The move that was refused.
        player: The player who tried it.
        reason: Why it was refused, in words.
        position: A drawing of the position it was tried in.
        index: Where the move stands in a list of moves being replayed
            (0-based), if it came from one.

    The message names the move, the player and the reason, and shows the
    position.
    """

    def __init__(
        self,
        move: Hashable,
        player: int,
        reason: str,
        position: str = "",
        index: int | None = None,
    ) -> None:
        self.move = move
        self.player = player
        self.reason = reason
        self.position = position
        self.index = index
        where = f"move {index + 1} ({move!r})" if index is not None else f"move {move!r}"
        message = f"illegal {where} by player {player}: {reason}"
        if position:
            message += "\n" + position
        super().__init__(message)

    def at_index(self, index: int) -> IllegalMoveError:
        """Return a copy of this error that says where in a move list it happened."""
        return type(self)(self.move, self.player, self.reason, self.position, index)


class MalformedMoveError(IllegalMoveError):
    """A move that is not of the game's form at all (off the board, wrong type, bad text)."""


class NotYourTurnError(IllegalMoveError):
    """A move (or a request for a move) by the player who is not to move."""


class GameOverError(IllegalMoveError):
    """A move, or a request for a move, in a position where the game is already over."""


class BoardOptionError(OogamesError, ValueError):
    """A board built with options the game does not support (a bad size, k, ...)."""


class UndoError(OogamesError, RuntimeError):
    """An undo command called out of order: not the latest move on its board, or twice."""


class SearchError(OogamesError, RuntimeError):
    """A search that could not produce a move (for example, a board whose map lied)."""
