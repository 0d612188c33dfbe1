"""Reading what people type: whole numbers in ASCII digits, bounded, with one-line errors.

Python's ``int()`` accepts far more than a person means by a number: other
scripts' digits (``"٣"``), and numbers of any length, up to the point where
it raises a :class:`ValueError` of its own (over 4,300 digits). ``str.isdigit``
is true for superscripts (``"²"``) that ``int()`` then refuses. Everything
that reads a number typed by a user (moves, options, depths, sizes) reads
it here instead.

The files a user names are read and written here too (:func:`user_path`,
:func:`read_user_file`, :func:`write_user_file`): one line naming the flag and
the file for whatever goes wrong, and no file read past a limit. So is the
check that a JSON object a user sends or saves has no field its reader does
not know (:func:`unknown_field`).
"""

from __future__ import annotations

import math
import os
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Final, TextIO

from oogames.errors import OogamesError, SettingsError, UsageError, shown

MAX_DIGITS: Final = 18
"""The longest number a user may type (no option or move of any game needs more)."""

_DIGITS: Final = frozenset("0123456789")


def whole_number(text: str) -> int | None:
    """The whole number ``text`` writes in ASCII digits (spaces around allowed), or None.

    >>> from oogames.parsing import whole_number
    >>> whole_number(" 42 "), whole_number("²"), whole_number("-1"), whole_number("4" * 40)
    (42, None, None, None)
    """
    word = text.strip()
    if not word or len(word) > MAX_DIGITS or not _DIGITS.issuperset(word):
        return None
    return int(word)


def read_whole(
    text: str,
    what: str,
    low: int,
    high: int | None = None,
    error: type[OogamesError] = SettingsError,
) -> int:
    """Read a whole number from ``low`` to ``high`` that a user typed for ``what``.

    Args:
        text: What the user typed.
        what: How the user knows the value, for the message (a flag, ``"the depth in 'x:y'"``).
        low: The least value allowed.
        high: The greatest value allowed (None: no bound but :data:`MAX_DIGITS`).
        error: The error to raise.

    Raises:
        SettingsError: ``text`` is not such a number (or ``error``).

    >>> from oogames.parsing import read_whole
    >>> read_whole("3", "--depth", 1)
    3
    >>> read_whole("x", "--depth", 1)
    Traceback (most recent call last):
    ...
    oogames.errors.SettingsError: --depth must be a whole number from 1 up, not 'x'
    """
    value = whole_number(text)
    if value is None and high is None and text.strip() and _DIGITS.issuperset(text.strip()):
        raise error(
            f"{what} must be a whole number of at most {MAX_DIGITS} digits, not {shown(text)}"
        )
    if value is None or value < low or (high is not None and value > high):
        raise error(not_whole(what, low, high, text))
    return value


def whole_range(low: int, high: int | None) -> str:
    """``"a whole number from 1 to 26"``, or ``"a whole number from 1 up"`` with no ``high``:
    how every message and help of oogames says such a range."""
    return (
        f"a whole number from {low} up"
        if high is None
        else f"a whole number from {low} to {high:,}"
    )


def not_whole(what: str, low: int, high: int | None, given: object) -> str:
    """The one line that refuses ``given`` for ``what``, a whole number from ``low`` to
    ``high`` (typed, sent by the page, or passed to a constructor).

    >>> from oogames.parsing import not_whole
    >>> not_whole("--games", 1, 10_000, "0")
    "--games must be a whole number from 1 to 10,000, not '0'"
    """
    return f"{what} must be {whole_range(low, high)}, not {shown(given)}"


def check_whole(what: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high``: a number a program
    passed (a depth, a budget), refused in the words of :func:`not_whole`.

    Raises:
        SettingsError: It is not.

    >>> from oogames.parsing import check_whole
    >>> check_whole("a depth", True, 1)
    Traceback (most recent call last):
    ...
    oogames.errors.SettingsError: a depth must be a whole number from 1 up, not True
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        raise SettingsError(not_whole(what, low, high, value))
    return value


def read_seconds(
    text: str, what: str, low: float, high: float, error: type[OogamesError] = SettingsError
) -> float:
    """Read a finite number of seconds over ``low`` (or ``low`` itself when it is 0) and
    at most ``high`` that a user typed for ``what``.

    Raises:
        SettingsError: ``text`` is not such a number (or ``error``): words, ``inf``,
            ``nan``, a negative or a huge number.

    >>> from oogames.parsing import read_seconds
    >>> read_seconds("0.5", "--move-seconds", 0, 86_400)
    0.5
    >>> read_seconds("nan", "--time-margin", 0, 10)
    Traceback (most recent call last):
    ...
    oogames.errors.SettingsError: --time-margin must be a number from 0 to 10, not 'nan'
    """
    try:
        value = float(text) if len(text) <= 40 else math.nan
    except ValueError:
        value = math.nan
    if not (low <= value <= high):  # NaN fails every comparison
        raise error(f"{what} must be a number from {low:g} to {high:,g}, not {shown(text)}")
    return value


def user_path(
    text: str | os.PathLike[str], what: str, error: type[OogamesError] = UsageError
) -> Path:
    """The file ``text`` names, ``~`` expanded, or one line saying it names no file (a NUL
    byte, or ``~name`` of a user name that cannot be).

    >>> from oogames.parsing import user_path
    >>> user_path("~/game.json", "save").name
    'game.json'
    >>> user_path("~x\\x00y", "--db")
    Traceback (most recent call last):
    ...
    oogames.errors.UsageError: --db: '~x\\x00y' is not a file name
    """
    try:
        path = Path(os.path.expanduser(text))
        if "\0" in str(path):
            raise ValueError("a NUL byte")
    except (ValueError, TypeError, UnicodeError, KeyError):
        raise error(f"{what}: {shown(str(text))} is not a file name") from None
    return path


MAX_FILE_BYTES: Final = 16 << 20
"""How many bytes of a file a user names are read at most, 16 MiB; a larger file is refused."""


def read_user_file(
    text: str | os.PathLike[str],
    what: str,
    limit: int = MAX_FILE_BYTES,
    error: type[OogamesError] = UsageError,
) -> str:
    """The text (UTF-8) of the file ``text`` names for ``what`` (a flag, such as
    ``--openings-file``), read up to ``limit`` bytes: a larger file (``/dev/zero``) is
    refused, not read on.

    Raises:
        UsageError: (or ``error``) The text names no file, the file cannot be read, is
            over ``limit`` bytes or is not UTF-8 text: one line, why.

    >>> from oogames.parsing import read_user_file
    >>> read_user_file("/dev/zero", "--names", limit=1_000)
    Traceback (most recent call last):
    ...
    oogames.errors.UsageError: --names: '/dev/zero' is over 1,000 bytes
    """
    path = user_path(text, what, error)
    named = shown(str(text))
    try:
        with path.open("rb") as handle:
            raw = handle.read(limit + 1)
    except OSError as failure:
        raise error(f"{what}: cannot read {named}: {failure.strerror or failure}") from None
    except ValueError:  # a name the file system cannot take (user_path refuses most)
        raise error(f"{what}: {named} is not a file name") from None
    if len(raw) > limit:
        raise error(f"{what}: {named} is over {limit:,} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what}: {named} is not UTF-8 text") from None


MAX_LINE_CHARS: Final = 1 << 16
"""The longest line read from a script or a batch on standard input, 65,536 characters."""


def read_line(stream: TextIO, what: str, limit: int = MAX_LINE_CHARS) -> str:
    """One line of ``stream`` (``""`` at its end), read up to ``limit`` characters: input
    that is no text of lines (``< /dev/zero``) is refused, not read on until memory runs out.

    Raises:
        UsageError: The line is longer; the caller reads no more of ``stream``.

    >>> import io
    >>> from oogames.parsing import read_line
    >>> read_line(io.StringIO("b2\\nc3\\n"), "standard input")
    'b2\\n'
    >>> read_line(io.StringIO("x" * 100), "standard input", limit=10)
    Traceback (most recent call last):
    ...
    oogames.errors.UsageError: standard input: a line is over 10 characters; read no further
    """
    line = stream.readline(limit + 1)
    if len(line) > limit:
        raise UsageError(f"{what}: a line is over {limit:,} characters; read no further")
    return line


def write_user_file(text: str | os.PathLike[str], data: str | bytes, what: str) -> Path:
    """Write ``data`` (text in UTF-8) to the file ``text`` names for ``what`` (a flag, such
    as ``--out``); the file written.

    Raises:
        UsageError: The text names no file, or the file cannot be written: one line, why.

    >>> from oogames.parsing import write_user_file
    >>> write_user_file("/", "x", "--report")
    Traceback (most recent call last):
    ...
    oogames.errors.UsageError: --report: cannot write '/': Is a directory
    """
    path = user_path(text, what)
    raw = data.encode("utf-8", "replace") if isinstance(data, str) else data
    try:
        path.write_bytes(raw)
    except OSError as error:
        reason = error.strerror or str(error)
        raise UsageError(f"{what}: cannot write {shown(str(text))}: {reason}") from None
    except ValueError:  # a name the file system cannot take (user_path refuses most)
        raise UsageError(f"{what}: {shown(str(text))} is not a file name") from None
    return path


def option_flag(name: str) -> str:
    """The command-line flag of a board or game option: ``max_add`` is ``--max-add``.

    >>> from oogames.parsing import option_flag
    >>> option_flag("max_add")
    '--max-add'
    """
    return "--" + name.replace("_", "-")


def unknown_field(keys: Iterable[str], fields: Collection[str]) -> str | None:
    """The first of ``keys`` (of a JSON object a user sent or saved) not in ``fields``, or None.

    A misspelt field that a reader passed over would change what is read without
    a word (a save's ``"depht": 6`` read as no depth), so each boundary that reads
    such an object refuses the key this names, with an error of its own.

    >>> from oogames.parsing import unknown_field
    >>> unknown_field({"kind": "minimax", "depht": 6}, ("kind", "depth"))
    'depht'
    >>> unknown_field({"kind": "minimax"}, ("kind", "depth")) is None
    True
    """
    return next((key for key in keys if key not in fields), None)
