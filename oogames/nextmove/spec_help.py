"""The help of the strategy spec, made from the tables :mod:`oogames.nextmove.grammar`
reads specs with: ``oogames list`` prints :func:`grammar_help`, the flags that name
who plays a side give :func:`player_help`, and the new-game dialogs of the terminal
view and the page give :func:`people_help` (its examples: :data:`PEOPLE_EXAMPLES`).

>>> from oogames.nextmove.spec_help import player_help
>>> player_help(None).startswith("who plays it: human, random or a strategy, NAME")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from oogames import plugins
from oogames.nextmove.chance import CHANCE_SEARCHES
from oogames.nextmove.grammar import (
    DEFAULT_COMPUTER,
    DRIVERS,
    END,
    ENHANCEMENTS,
    GRAMMAR,
    PLAIN,
    PLUGIN_FORM,
    SAMPLER_ENHANCEMENTS,
    SAMPLERS,
    SEARCH_HELP,
    SEARCHES,
    SOLVING_COMPUTER,
    enhancements_of,
    strategy_names,
)
from oogames.nextmove.multiplayer import PLAYER_SEARCHES

DEFAULT_CHOICE: Final = (
    f"the game's computer: {SOLVING_COMPUTER} where the board is small enough to solve, "
    f"else {DEFAULT_COMPUTER}, unless the game names its own"
)
"""What the help texts say of the default computer player
(:func:`~oogames.game.settings.default_player`; it was in :mod:`~oogames.nextmove.grammar`)."""


def grammar_help() -> list[str]:
    """The help of the strategy grammar, a line each (``oogames list`` wraps them), made
    from the tables above (what it prints under "strategies" and "enhancements")."""
    lines = [f"strategies ({GRAMMAR}):", f"  {', '.join(strategy_names())}"]
    for name, text in {**PLAIN, **SEARCH_HELP, **DRIVERS, **SAMPLERS}.items():
        lines.append(f"  {name}: {text}")
    lines += [
        "  :DEPTH searches DEPTH plies, scoring the horizon with the game's evaluation;",
        "  @SECONDS deepens 1, 2, 3, ... plies until SECONDS per move run out;",
        "  a search with neither goes to the end of the game where the board is small enough "
        f"to solve in seconds; :{END} sends it to the end on any board (it may take hours)",
    ]
    for name, point in plugins.entry_point_strategies().items():
        lines.append(f"  {name}: from {plugins.origin_of(point)}")
    lines.append(f"  or a strategy of your own: {PLUGIN_FORM}[:DEPTH][@SECONDS]")
    lines.append("enhancements:")
    for name, text in {**ENHANCEMENTS, **SAMPLER_ENHANCEMENTS}.items():
        lines.append(f"  +{name:<11} {text}")
    groups: dict[str, list[str]] = {}  # the searches of more players and chance: what each adds
    for base in (*PLAYER_SEARCHES, *CHANCE_SEARCHES):
        allowed = " ".join(f"+{name}" for name in enhancements_of(base)) or "none of these"
        groups.setdefault(allowed, []).append(base)
    for allowed, bases in groups.items():  # "paranoid takes +tt ...": a sentence, not a pair
        lines.append(f"  {', '.join(bases)} {'take' if len(bases) > 1 else 'takes'} {allowed}")
    return lines


def player_help(default: str | None = DEFAULT_CHOICE) -> str:
    """The one-line help of an option that names who plays a side (``--player1``); with
    ``default`` None, it leaves the default to the option (the command line's flags say
    their defaults themselves)."""
    return (
        f"who plays it: {', '.join(PLAIN)} or a strategy, {GRAMMAR}: a search "
        f"({', '.join(SEARCHES)}, {', '.join(DRIVERS)}) to the end of a game small enough to "
        f"solve (:{END} on any), :DEPTH plies with the game's evaluation at the horizon, "
        "@SECONDS a move deepening under a clock; "
        f"{', '.join(SAMPLERS)}; see `oogames list`"
    ) + ("" if default is None else f" (default: {default})")


PEOPLE_EXAMPLES: Final = (
    ("alphabeta:4", "looks 4 moves ahead"),
    ("alphabeta+tt@1", "thinks a second a move"),
    ("mcts@1", "plays out random games for a second"),
)
"""The computers the new-game dialogs give as examples, with what each does, for a person
choosing an opponent (a test parses each and plays it)."""

MORE_PLAYERS_EXAMPLE: Final = "maxn@1, random"
"""What the dialogs show, greyed, in the field of the seats after the second."""


def people_help(bold: Callable[[str], str] = str) -> str:
    """The dialogs' line on who may play a side, each name through ``bold`` (the page's
    ``<b>``).

    >>> from oogames.nextmove.spec_help import people_help
    >>> print(people_help())  # doctest: +NORMALIZE_WHITESPACE
    A player is human or a computer: alphabeta:4 looks 4 moves ahead,
    alphabeta+tt@1 thinks a second a move, mcts@1 plays out random games for a second.
    """
    examples = ", ".join(f"{bold(spec)} {what}" for spec, what in PEOPLE_EXAMPLES)
    return f"A player is {bold('human')} or a computer: {examples}."
