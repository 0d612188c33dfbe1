"""The ``oogames`` command's parser: its errors are one line, and a flag mistyped is named."""

from __future__ import annotations

import argparse
import difflib
from collections.abc import Mapping, Sequence
from typing import NoReturn


def printable(text: str) -> str:
    """``text`` with control characters escaped (``\\n``), so that a message stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block above them).

    Attributes:
        subcommands: The top parser's: each subcommand's parser, by name.
    """

    subcommands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (PROG --help)`` on standard error and exit with 2.

        Control characters the user typed are escaped, so the message stays one line.
        """
        self.exit(2, f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")

    def refuse_unknown(
        self, extra: Sequence[str], others: Mapping[str, argparse.ArgumentParser] | None = None
    ) -> NoReturn:
        """Refuse the arguments ``extra`` this (sub)command does not take, naming the flag
        of its own closest to a flag mistyped (``--output``: did you mean ``--out``?), or
        else the subcommands of ``others`` that take it (``--first``: oogames match's)."""
        flags = _flags(self)
        guesses: list[str] = []
        owners: list[str] = []
        for word in extra:
            name = word.split("=")[0]
            if not name.startswith("--"):
                continue
            close = difflib.get_close_matches(name, flags, n=1, cutoff=0.7)
            if close:
                guesses += close
                continue
            places = [other.prog for other in (others or {}).values() if name in _flags(other)]
            if places:
                owners.append(f"{name} is a flag of {' and '.join(places)}")
        hint = f"; did you mean {', '.join(dict.fromkeys(guesses))}?" if guesses else ""
        hint += "".join(f"; {owner}" for owner in dict.fromkeys(owners))
        self.error(f"unrecognized arguments: {' '.join(extra)}{hint}")


def _flags(parser: argparse.ArgumentParser) -> list[str]:
    """The flags ``parser`` takes (``--out``, ``-h``)."""
    return [name for action in parser._actions for name in action.option_strings]
