"""The ``oogames`` command's parser: its errors are one line, and a flag mistyped is named."""

from __future__ import annotations

import argparse
import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Final, NoReturn

from oogames.errors import NEAR as NEAR  # the likeness the names' refusals use
from oogames.errors import cut, unknown

HINTED: Final = 20
"""How many of the words a subcommand refuses its message shows and looks at for a hint."""


_LIST_MARK: Final = ",..."
_WORDS_MARK: Final = ' ..."'


def list_metavar(items: str, spaced: bool = False) -> str:
    """How a list's flag shows its value: ``D,...``, or ``"M ..."`` for a list ``spaced``
    (its items joined by spaces, in quotes: the moves of a position), which
    :meth:`Parser.refuse_unknown` reads as a list's flag (to show words given apart
    joined)."""
    return f'"{items}{_WORDS_MARK}' if spaced else items + _LIST_MARK


def _joiner(metavar: object) -> str | None:
    """What joins the items of a list whose flag shows ``metavar`` (``,`` or a space), or
    None for a flag that takes no list."""
    shown = str(metavar or "")
    return "," if shown.endswith(_LIST_MARK) else " " if shown.endswith(_WORDS_MARK) else None


def printable(text: str) -> str:
    """``text`` with control characters escaped (``\\n``), so that a message stays one line,
    of at most :data:`~oogames.errors.MESSAGE_WIDTH` characters."""
    return cut("".join(c if c.isprintable() else repr(c)[1:-1] for c in text))


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block above them).

    Attributes:
        subcommands: The top parser's: each subcommand's parser, by name.
        siblings: A subcommand's: the top parser's ``subcommands``, itself among them.
    """

    subcommands: dict[str, argparse.ArgumentParser]
    siblings: Mapping[str, argparse.ArgumentParser] = {}

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (PROG --help)`` on standard error and exit with 2.

        Control characters the user typed are escaped, so the message stays one line. A
        flag whose value is refused here, and which another subcommand of
        ``siblings`` takes as a list, is named as that one's (``--players``, a
        number here, is oogames tournament's list of strategies).
        """
        message += self._list_elsewhere(message)
        self.exit(2, f"{self.prog}: error: {printable(message)} (see {self.prog} --help)\n")

    def _check_value(self, action: argparse.Action, value: object) -> None:
        """Refuse a word not among ``action``'s choices (a subcommand, ``--format``) in the
        words of every refusal of a name (:func:`~oogames.errors.unknown`), with the choice
        nearest it, where argparse wrote "argument --format: invalid choice: ..."."""
        choices = action.choices
        if choices is None or value in choices:
            return
        if isinstance(action, argparse._SubParsersAction):
            what = "command"
        else:
            what = (action.option_strings or [action.dest])[0].lstrip("-")
        known = [str(choice) for choice in choices]
        raise argparse.ArgumentError(None, unknown(what, value, known))

    def _list_elsewhere(self, message: str) -> str:
        """``"; --players A,B,... is oogames tournament's: the strategies"`` where the
        flag of ``message`` (``--players must be ...``) takes one value here and a list
        in another subcommand, else ``""``."""
        flag = re.match(r"(?:argument )?(--[\w-]+)", message)
        if flag is None or _takes_list(self, flag[1]):
            return ""
        return "".join(
            f"; {flag[1]} {action.metavar} is {other.prog}'s: {str(action.help).split(',')[0]}"
            for other in self.siblings.values()
            for action in other._actions
            if flag[1] in action.option_strings and _joiner(action.metavar) is not None
        )

    def unknown_flags(self, words: Sequence[str]) -> list[str]:
        """The flags among ``words`` this parser does not take, whole or abbreviated as
        argparse reads them (``--vers`` is ``--version``)."""
        flags = _flags(self)
        return [
            word
            for word in words
            if word.startswith("-") and not any(f.startswith(word.split("=")[0]) for f in flags)
        ]

    def refuse_unknown(
        self,
        extra: Sequence[str],
        others: Mapping[str, argparse.ArgumentParser] | None = None,
        argv: Sequence[str] = (),
    ) -> NoReturn:
        """Refuse the arguments ``extra`` this (sub)command does not take, naming the flag
        of its own closest to a flag mistyped (``--output``: did you mean ``--out``?), or
        else the subcommands of ``others`` that take it (``--first``: oogames match's);
        words that follow a list's flag in ``argv`` (the command line) are shown joined
        to its list (``--players random alphabeta``: ``--players random,alphabeta``)."""
        flags = _flags(self)
        guesses: list[str] = []
        owners: list[str] = []
        for word in extra[:HINTED]:
            name = word.split("=")[0]
            if not name.startswith("--"):
                continue
            close = difflib.get_close_matches(name, flags, n=1, cutoff=NEAR)
            if close:
                guesses += close
                continue
            places = [other.prog for other in (others or {}).values() if name in _flags(other)]
            if places:
                owners.append(f"{name} is a flag of {' and '.join(places)}")
        hint = f"; did you mean {', '.join(dict.fromkeys(guesses))}?" if guesses else ""
        hint += "".join(f"; {owner}" for owner in dict.fromkeys(owners))
        hint += self._list_hint(extra, list(argv))
        more = f" ... ({len(extra) - HINTED:,} more)" if len(extra) > HINTED else ""
        self.error(f"unrecognized arguments: {' '.join(extra[:HINTED])}{more}{hint}")

    def _list_hint(self, extra: Sequence[str], argv: list[str]) -> str:
        """How the words of ``extra`` that follow a list's flag (its metavar ``A,B,...``
        or ``"M ..."``) and its first item in ``argv`` join its list, or ``""``."""
        lists = {
            name: joiner
            for action in self._actions
            if (joiner := _joiner(action.metavar)) is not None
            for name in action.option_strings
        }
        loose = {word for word in extra if not word.startswith("-")}
        for at, word in enumerate(argv):
            given, equals, first = word.partition("=")
            if given not in lists:
                continue
            if equals:  # --players=random alphabeta
                items, after = [first], at + 1
            elif at + 1 < len(argv):  # --players random alphabeta
                items, after = [argv[at + 1]], at + 2
            else:
                continue
            end = after
            while end < len(argv) and argv[end] in loose:
                end += 1
            if end > after:
                joiner = lists[given]
                joined = joiner.join(items + argv[after : min(end, after + HINTED)])
                if joiner == ",":
                    return f"; a list is one word, its items joined by commas: {given} {joined}"
                return f'; a list is one word, its items in quotes: {given} "{joined}"'
        return ""


def _takes_list(parser: argparse.ArgumentParser, flag: str) -> bool:
    """Whether ``parser``'s ``flag`` takes a list (its metavar ``A,B,...`` or ``"M ..."``)."""
    return any(
        flag in action.option_strings and _joiner(action.metavar) is not None
        for action in parser._actions
    )


def _flags(parser: argparse.ArgumentParser) -> list[str]:
    """The flags ``parser`` takes (``--out``, ``-h``)."""
    return [name for action in parser._actions for name in action.option_strings]
