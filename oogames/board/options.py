"""A game's options, declared once beside its board.

Each board class lists its constructor's options in ``OPTIONS``: name, default,
help and range. The board checks what it is given with them, the command line
makes its flags from them (``--max-add``), and the settings screens of the
terminal board and the page read and write ``name=value`` with them. A plug-in
board may declare its options the same way; one that does not has them read
from its constructor's signature (:meth:`Option.from_parameter`).

>>> from oogames.board.options import Option
>>> rows = Option("rows", 3, "rows of the board", low=1, high=26)
>>> rows.read("5"), rows.write(5), rows.flag
(5, '5', '--rows')
>>> rows.check(30)
Traceback (most recent call last):
...
oogames.errors.BoardOptionError: rows must be a whole number from 1 to 26, not 30
"""

from __future__ import annotations

import abc
import inspect
from collections.abc import Hashable
from typing import Any, Literal, TypeAlias, TypeVar, cast

import attrs

from oogames.errors import BoardOptionError, OogamesError, SettingsError, shown
from oogames.parsing import check_whole, option_flag, whole_number, whole_range

_T = TypeVar("_T")

Kind: TypeAlias = Literal["whole", "switch", "number", "text", "wholes"]
"""The kind of value an option holds, one of a whole number, true or false, any number,
text, or whole numbers separated by commas (a tuple of ints)."""

_DESCRIBED: dict[Kind, str] = {
    "whole": "a whole number",
    "switch": "true or false",
    "number": "a number",
    "text": "text",
    "wholes": "whole numbers separated by commas",
}


def _kind_of(value: Any) -> Kind:
    """The kind of an option whose default is ``value``."""
    if isinstance(value, bool):
        return "switch"
    if isinstance(value, int):
        return "whole"
    if isinstance(value, float):
        return "number"
    if isinstance(value, tuple | list):
        return "wholes"
    return "text"


@attrs.frozen
class Option:
    """One option of a board's constructor.

    Args:
        name: The constructor's keyword (``max_add``); the flag is made from it.
        default: The default board's value; its type is the option's kind
            (an int, a bool, a float, a str, or a tuple of ints).
        help: What it means, in a few words.
        low: The least value of a whole number (of each part, for whole numbers).
        high: The greatest value, if there is one the declaration can state
            (a bound that depends on other options is the board's to check).
        kind: What it holds; by default, the kind of ``default``.
    """

    name: str
    default: Any
    help: str
    low: int | None = None
    high: int | None = None
    kind: Kind = attrs.field()

    @kind.default
    def _default_kind(self) -> Kind:
        return _kind_of(self.default)

    @classmethod
    def from_parameter(cls, parameter: inspect.Parameter, annotation: Any = None) -> Option:
        """The option of a constructor parameter of a board that declares none: its kind
        from its default, or else from its annotation (``int``, ``tuple[int, ...]`` ...)."""
        default = parameter.default
        if default is inspect.Parameter.empty or default is None:
            text = annotation.__name__ if isinstance(annotation, type) else str(annotation)
            written = text.replace("typing.", "").replace(" ", "")
            kinds: dict[str, Kind] = {"bool": "switch", "int": "whole", "float": "number"}
            kind = kinds.get(written, "wholes" if written.startswith(("tuple", "list")) else "text")
            return cls(parameter.name, None, "", kind=kind)
        return cls(parameter.name, default, "")

    @property
    def flag(self) -> str:
        """The command-line flag, like ``--max-add``."""
        return option_flag(self.name)

    def _refuse(self, value: object, what: str | None = None) -> BoardOptionError:
        return BoardOptionError(
            f"must be {what or _DESCRIBED[self.kind]}, not {shown(value)}", option=self.name
        )

    def _range(self, high: int | None) -> str:
        return whole_range(self.low or 0, high)

    def check(self, value: _T, high: int | None = None) -> _T:
        """``value`` if the option may hold it (a list of whole numbers as a tuple).

        Args:
            value: What the board was given.
            high: A greatest value that depends on the other options (a whole number's).

        Raises:
            BoardOptionError: A value of the wrong kind or out of range; its
                :attr:`~oogames.errors.BoardOptionError.option` is this option's name.
        """
        high = self.high if high is None else high if self.high is None else min(high, self.high)
        if self.kind == "switch":
            if not isinstance(value, bool):
                raise self._refuse(value)
            return value
        if self.kind == "whole":
            if not _whole_in(value, self.low, high):
                raise self._refuse(value, self._range(high) if self.low is not None else None)
            return value
        if self.kind == "wholes":
            parts = tuple(value) if isinstance(value, tuple | list) else ()
            if not parts or not all(_whole_in(part, self.low, high) for part in parts):
                least = "" if self.low is None else f" of at least {self.low}"
                shown_value = self.write(value) if isinstance(value, tuple | list) else value
                raise self._refuse(shown_value, f"one or more whole numbers{least}")
            return cast(_T, parts)
        if self.kind == "number":
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._refuse(value)
            return value
        return value

    def read(self, text: str) -> Any:
        """The value ``text`` stands for (as :meth:`write` writes it), of this option's kind.

        Raises:
            BoardOptionError: ``text`` is not a value of this kind.
        """
        if self.kind == "switch":
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
        elif self.kind in ("whole", "wholes"):
            parts = [whole_number(part) for part in text.split(",")]
            if parts and None not in parts and (self.kind == "wholes" or len(parts) == 1):
                return tuple(parts) if self.kind == "wholes" else parts[0]
        elif self.kind == "number":
            try:
                return float(text)
            except ValueError:
                pass
        else:
            return text
        raise self._refuse(text)

    def write(self, value: Any) -> str:
        """``value`` as :meth:`read` reads it: ``3,4,5`` for whole numbers, ``true``/``false``."""
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, tuple | list):
            return ",".join(str(part) for part in value)
        return str(value)

    def describe(self) -> str:
        """The help, the range and the default: ``rows, 1 to 26 (default 3)``."""
        return f"{self.meaning()}{self.default_text()}"

    def meaning(self) -> str:
        """The help and the range: ``rows, 1 to 26``."""
        each = "each " if self.kind == "wholes" else ""
        if self.low is None:
            bounds = ""
        elif self.high is None:
            bounds = f", {each}at least {self.low}"
        else:
            bounds = f", {each}{self.low} to {self.high:,}"
        return f"{self.help or self.name}{bounds}"

    def default_text(self) -> str:
        """`` (default 3)``, or nothing for an option with no default."""
        return "" if self.default is None else f" (default {self.write(self.default)})"


def _whole_in(value: object, low: int | None, high: int | None) -> bool:
    """Whether ``value`` is an int (not a bool) within the bounds given."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (low is None or value >= low) and (high is None or value <= high)


def check_size(
    name: str,
    value: object,
    low: int,
    high: int,
    error: type[OogamesError] = BoardOptionError,
) -> int:
    """Check that an option is an int in ``[low, high]`` and return it.

    Args:
        name: The option as the user knows it (a flag or a parameter name).
        value: What was given.
        low: The least value allowed.
        high: The greatest value allowed.
        error: What to raise: :class:`BoardOptionError` for a board's options,
            :class:`~oogames.errors.SettingsError` for a search's.

    Raises:
        BoardOptionError: It is not (or ``error``).
    """
    try:
        return check_whole(name, value, low, high)
    except SettingsError as refused:
        raise error(str(refused)) from None


Variant: TypeAlias = "tuple[type, tuple[tuple[str, object], ...]]"
"""Which game a board plays (:func:`variant_of`): its class, and its options by name."""


def variant_of(board: object) -> Variant:
    """Which game ``board`` plays: its class and its options (``board.options()``, where it
    has them). Two boards of one variant give their positions the same keys and moves; a
    table, or a tree kept between moves, is not carried from one variant to another.

    >>> from oogames.board.options import variant_of
    >>> from oogames.games import TicTacToeBoard
    >>> variant_of(TicTacToeBoard(3, 4)) == variant_of(TicTacToeBoard(3, 4).copy())
    True
    >>> variant_of(TicTacToeBoard(3, 4)) == variant_of(TicTacToeBoard(4, 3))
    False
    """
    options = getattr(board, "options", None)
    given: dict[str, object] = options() if callable(options) else {}
    return (type(board), tuple(sorted(given.items(), key=str)))


class AGameMemory(abc.ABC):
    """What a search learns and keeps between searches, good for one game at a time.

    A transposition table and the history heuristic's memory are each shared by
    the searches of a strategy, which a program may reuse across games. What
    was learnt in another game (another board class, or the same with other
    options: :func:`variant_of`) is wrong here: its keys may be other positions'
    keys, its moves no moves of this game. A search therefore calls
    :meth:`hold` first, and the memory forgets what it holds of another game,
    or of the same game under other terms (a table's scoring).

    >>> from oogames.board.options import AGameMemory
    >>> from oogames.games import NimBoard, TicTacToeBoard
    >>> class Seen(AGameMemory):
    ...     def __init__(self) -> None:
    ...         super().__init__()
    ...         self.boards = 0
    ...     def forget(self) -> None:
    ...         self.boards = 0
    >>> seen = Seen()
    >>> for board in (TicTacToeBoard(), TicTacToeBoard(), NimBoard()):
    ...     seen.hold(board)
    ...     seen.boards += 1
    >>> seen.boards  # the tic-tac-toe boards are forgotten at Nim
    1
    """

    __slots__ = ("held",)

    def __init__(self) -> None:
        self.held: tuple[Variant, Hashable] | None = None  # the game and terms of what is kept

    def hold(self, board: object, terms: Hashable = None) -> None:
        """Keep this for ``board``'s game under ``terms``: forget what was learnt otherwise."""
        held = (variant_of(board), terms)
        if held != self.held:
            self.forget()
            self.held = held

    @abc.abstractmethod
    def forget(self) -> None:
        """Forget everything learnt."""
