"""The exceptions of oogames: one root, :class:`OogamesError`, and specific subclasses.

Every error a user can cause (an illegal or malformed move, a bad board
option, a bad strategy name or setting, a stale undo, a damaged save file, a
search stopped or too deep) is a subclass of :class:`OogamesError` defined
here, so one ``except OogamesError`` catches them all, and its message is one
line that a program can show as it is. The errors of values a user gives are
also :class:`ValueError`, as python-chess does, so code written against the
builtin exceptions keeps working. An exception that is not an
:class:`OogamesError` is a bug in oogames or in user code, never a user's
mistake.

The tree of them, with what each means, is the page *Errors* of the documentation
(``docs/errors.rst``); a test checks that it names every class defined here.
"""

from __future__ import annotations

import difflib
from collections.abc import Hashable, Iterable, Sequence
from typing import Final


class OogamesError(Exception):
    """The root of every error oogames raises on purpose: a one-line message for the user."""


class IllegalMoveError(OogamesError, ValueError):
    """A move that the rules do not allow in the current position.

    Args:
        move: The move that was refused (as the program passed it).
        player: The player who tried it.
        reason: Why it was refused, in words.
        position: A drawing of the position it was tried in (kept for views
            that want to show it; it is not part of the message).
        index: Where the move stands in a list of moves being replayed
            (0-based), if it came from one.
        shown: The move as the user writes it (the game's notation, or the
            text the user typed); defaults to ``repr(move)``.
        who: The name of the player, as the game shows it; defaults to
            ``"player N"``.

    The message is one line: the move as written, who tried it and why it was
    refused, for example ``illegal move b2 by O: b2 is taken`` (and in a list of moves
    ``illegal move b2 by O at move 4: b2 is taken``).
    """

    def __init__(
        self,
        move: Hashable,
        player: int,
        reason: str,
        position: str = "",
        index: int | None = None,
        shown: str | None = None,
        who: str | None = None,
    ) -> None:
        self.move = move
        self.player = player
        self.reason = reason
        self.position = position
        self.index = index
        self.shown = _quote(move) if shown is None else shown
        self.who = f"player {player}" if who is None else who
        if move is None and shown is None:
            message = reason  # a request for a move, not a move
        else:
            # Where in a list, after the move: "illegal move 7 4" read as two moves.
            at = f" at move {index + 1}" if index is not None else ""
            message = f"illegal move {self.shown} by {self.who}{at}: {reason}"
        super().__init__(message)

    def at_index(self, index: int | None) -> IllegalMoveError:
        """Return a copy of this error that says where in a move list it happened."""
        return type(self)(
            self.move, self.player, self.reason, self.position, index, self.shown, self.who
        )

    def within(self, where: str) -> IllegalMoveError:
        """Return a copy of this error whose message starts with ``where``, the list of
        moves it is in (``"opening 2 (b2 zz)"``)."""
        error = self.at_index(self.index)
        error.args = (f"{where}: {self}",)  # the message: the rest is this error's
        return error


class MalformedMoveError(IllegalMoveError):
    """A move that is not of the game's form at all (off the board, wrong type, bad text)."""


class NotYourTurnError(IllegalMoveError):
    """A move (or a request for a move) by the player who is not to move."""

    @classmethod
    def asked_by(cls, player: int, to_move: int) -> NotYourTurnError:
        """A search (or a count of moves) asked for ``player`` where ``to_move`` is to move."""
        return cls(None, player, f"it is player {to_move}'s turn, not player {player}'s")


class GameOverError(IllegalMoveError):
    """A move, or a request for a move, in a position where the game is already over."""


class BoardOptionError(OogamesError, ValueError):
    """A board built with options the game does not support (a bad size, k, ...).

    Args:
        message: What is wrong. With ``option``, what is wrong with that option
            (``"must be a whole number from 1 to 26, not 30"``): the message then
            starts with the option's name.
        option: The option's name (``max_add``), when one option is at fault.

    Attributes:
        option: The option at fault, or None.
        problem: What is wrong with it (the message without the option's name).
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message if option is None else f"{option} {message}")
        self.option = option
        self.problem = message

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt with its option, when a worker process sends it back.
        return (_board_option_error, (self.problem, self.option))

    def naming(self, label: str) -> BoardOptionError:
        """The same error with its option called ``label`` (a command-line flag)."""
        if self.option is None:
            return self
        error = BoardOptionError(self.problem, option=self.option)
        error.args = (f"{label} {self.problem}",)
        return error


def _board_option_error(problem: str, option: str | None) -> BoardOptionError:
    return BoardOptionError(problem, option=option)


class SettingsError(OogamesError, ValueError):
    """Settings of a game or a search that cannot be used: an unknown game, a bad depth."""


class StrategySpecError(SettingsError):
    """A strategy name that oogames does not know, or a bad depth in it (``alphabeta:x``)."""


class PluginError(SettingsError):
    """A plug-in (``MODULE:CLASS``, ``FILE.py:CLASS`` or an entry point) that cannot be used:
    not found, or not a board or a strategy; the message names what is missing."""


class PluginCodeError(PluginError):
    """The user's own plug-in code raised while it was loaded (an import or syntax error,
    or any exception at the top of the module). ``details`` is its traceback, which the
    command prints: it is the user's code, not oogames'."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(message)
        self.details = details


class SaveFileError(OogamesError, ValueError):
    """A saved game that cannot be read: damaged, truncated, edited wrongly, or not one."""


class UsageError(OogamesError, ValueError):
    """A command line, console command or file name that cannot be used as given."""


class UndoError(OogamesError, RuntimeError):
    """An undo command called out of order: not the latest move on its board, or twice."""


class NothingToUndoError(UndoError, LookupError):
    """Undo or redo in a game with nothing to take back or replay."""


class NoHintError(OogamesError, LookupError):
    """A hint asked for, or accepted, when there is none (the game is over, or none was given)."""


class NoComputerToMoveError(OogamesError, LookupError):
    """Go asked of a game where no computer is waiting to move (a person is to move, or the
    game is over)."""


class SearchError(OogamesError, RuntimeError):
    """A search that could not produce a move (for example, a board whose map lied)."""


class SearchDepthError(SearchError):
    """A search that went deeper than the frame limit allows; the board is unchanged."""


class SearchStopped(SearchError):
    """A search stopped before it had a move: cancelled, or out of time or nodes at once.

    The board is left exactly as it was before the search.
    """

    @classmethod
    def out_of_nodes(cls, limit: int) -> SearchStopped:
        """The stop of a search (or of searches together) that reached ``limit`` nodes."""
        return cls(f"the search reached its limit of {limit:,} nodes")


class TraceLimitError(SearchError):
    """A traced search generated more nodes than its limit allows (the board is restored)."""


class BoardContractError(OogamesError, RuntimeError):
    """A board that breaks the contract in play: for example, a game in which no player
    can move and that is not over (the board must end it, in a draw if nothing else)."""


class ServerLimitError(OogamesError, RuntimeError):
    """A web server refuses to start one more game now: it keeps its most games on disk,
    or the client has started its most games this minute (see
    :class:`~oogames.web.registry.GameLimits`).

    Attributes:
        status: The HTTP status the refusal is sent with: 503 (full) or 429 (too fast).
        retry_after: Seconds after which asking again may succeed (None: not by waiting).
    """

    def __init__(self, message: str, status: int, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class RenderError(OogamesError, RuntimeError):
    """A drawing that could not be made (an unknown format, or a missing drawing program)."""


def shown(value: object, width: int = 40) -> str:
    """``value`` as a one-line message quotes it: ``repr``, cut to ``width`` characters.

    A huge number is described rather than written (its ``repr`` may not
    even be allowed: over 4,300 digits).

    >>> from oogames.errors import shown
    >>> shown("b2"), shown("x" * 100)[-6:], shown(10**5000)
    ("'b2'", 'xxx...', 'a number of about 5,001 digits')
    """
    if isinstance(value, int) and value.bit_length() > 200:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        quoted = repr(value)
    except ValueError:  # a container holding a huge number
        return f"a {type(value).__name__} holding a huge number"
    return cut(quoted, width)


def either(words: Sequence[str]) -> str:
    """``words`` as one choice: ``"a"``, ``"a or b"``, ``"a, b or c"``.

    >>> from oogames.errors import either
    >>> either(["Green"]), either(["0", "1", "2"])
    ('Green', '0, 1 or 2')
    """
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def counted(number: int, noun: str) -> str:
    """``number`` of ``noun`` as a message says it: one of them, or many (English's rule
    for the plural: a ply, plies; a search, searches; a game, games).

    >>> from oogames.errors import counted
    >>> counted(1, "page"), counted(10_000, "game"), counted(0, "ply"), counted(2, "search")
    ('1 page', '10,000 games', '0 plies', '2 searches')
    """
    if number == 1:
        return f"1 {noun}"
    if noun.endswith("y") and noun[-2:-1] not in tuple("aeiou"):
        return f"{number:,} {noun[:-1]}ies"
    return f"{number:,} {noun}{'es' if noun.endswith(('s', 'x', 'ch', 'sh')) else 's'}"


NEAR: Final = 0.7
"""How alike (``difflib``'s ratio) a word must be to a name, a flag or a choice to be
offered as what was meant."""


def unknown(what: str, name: object, known: Iterable[str], also: str = "", why: str = "") -> str:
    """The one line that refuses ``name``, no ``what`` of those ``known`` (a game, a
    strategy, an assignment, a command line's choice); ``why`` follows the name, ``also``
    the list, and last the known name nearest ``name``, if one is near (:data:`NEAR`).

    >>> from oogames.errors import unknown
    >>> unknown("game", "chess", ["nim", "kalah"])
    "unknown game 'chess'; choose one of: nim, kalah"
    >>> unknown("game", "kalha", ["nim", "kalah"])
    "unknown game 'kalha'; choose one of: nim, kalah; did you mean kalah?"
    """
    known = list(known)
    close = difflib.get_close_matches(str(name), known, n=1, cutoff=NEAR)
    hint = f"; did you mean {close[0]}?" if close else ""
    return f"unknown {what} {shown(name)}{why}; choose one of: {', '.join(known)}{also}{hint}"


_quote = shown  # for IllegalMoveError, whose ``shown`` argument hides the function


MESSAGE_WIDTH: Final = 500
"""The most characters of a message shown as one line (:func:`one_line`, the command
line's errors): a value the user gave is quoted cut (:func:`shown`), and what another
library says of it, which may quote it whole (a host name of 60,000 characters), is cut
here."""


def cut(text: str, width: int = MESSAGE_WIDTH) -> str:
    """``text``, cut to ``width`` characters (its end ``...``) if it is longer.

    >>> from oogames.errors import cut
    >>> cut("short"), cut("x" * 600)[-6:], len(cut("x" * 600))
    ('short', 'xxx...', 500)
    """
    return text if len(text) <= width else text[: width - 3] + "..."


def one_line(error: BaseException) -> str:
    """The message of ``error`` as one line (later lines of a message are dropped), of at
    most :data:`MESSAGE_WIDTH` characters."""
    text = str(error).strip()
    return cut(text.splitlines()[0]) if text else type(error).__name__
