"""The strategy spec ``NAME[+ENHANCEMENT...][:DEPTH][@SECONDS]``, read once into a value.

Every place that takes a strategy by name (the command line, the game
settings, saved games, the three views, tournaments, the factories) reads it
here, into a :class:`StrategySpec`, and passes the value on: one parser
(:meth:`StrategySpec.parse`), one printer (``str(spec)``), one set of rules
(the constructor checks every field, whoever builds the value), and the help
text made from the same tables (:mod:`oogames.nextmove.spec_help`). Which specs a
caller accepts is a property of where the text is read (:meth:`StrategySpec.parse`).

>>> from oogames.nextmove.grammar import StrategySpec
>>> spec = StrategySpec.parse("AlphaBeta+TT:4@0.5")
>>> spec.base, spec.enhancements, spec.depth, spec.seconds, spec.family
('alphabeta', ('tt',), 4, 0.5, 'search')
>>> str(spec), str(StrategySpec.parse("random")), str(StrategySpec.parse("mcts:500"))
('alphabeta+tt:4@0.5', 'random', 'mcts:500')
"""

from __future__ import annotations

from typing import Final, Literal, Self, TypeAlias

import attrs

from oogames import plugins
from oogames._moved import moved_names
from oogames.errors import StrategySpecError, shown, unknown
from oogames.nextmove.chance import CHANCE_SEARCHES
from oogames.nextmove.factories import MAX_DEPTH as MAX_DEPTH  # defined with DepthFac
from oogames.nextmove.factories import AlphaBetaFac, IAccFactory, MinMaxFac
from oogames.nextmove.mcts import ITERATIONS, PLAYOUT_PLIES
from oogames.nextmove.multiplayer import PLAYER_SEARCHES
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac
from oogames.nextmove.pvs import PVSFac
from oogames.nextmove.strategy import CLOCK_RANGE, MAX_SECONDS
from oogames.parsing import read_whole, whole_number

#: Searches by name; each becomes ``MinMax(factory)``, depth-limited with ``:DEPTH``.
SEARCHES: dict[str, type[IAccFactory]] = {
    "minimax": MinMaxFac,
    "alphabeta": AlphaBetaFac,
    "negamax": NegamaxFac,
    "negamax-ab": NegaAlphaBetaFac,
    "pvs": PVSFac,
    **PLAYER_SEARCHES,
    **CHANCE_SEARCHES,
}

#: What each search is, for the help texts.
SEARCH_HELP: dict[str, str] = {
    "minimax": "every move of every position (the Rice model's search)",
    "alphabeta": "alpha-beta: minimax's value and move, skipping what cannot matter",
    "negamax": "minimax with one rule for both players",
    "negamax-ab": "negamax with alpha-beta pruning",
    "pvs": "principal variation search (null windows after the first move)",
    "maxn": "max^n: every player's payoff, each player maximising its own (more than two players)",
    "paranoid": "alpha-beta of one player against all the others (more than two players)",
    "brs": "best-reply search: only the strongest reply of any one opponent "
    "(more than two players)",
    "expectimax": "minimax with chance positions valued by the mean of their outcomes",
    "star1": "expectimax with alpha-beta, cutting chance positions by the payoff bounds "
    "(Ballard's Star1)",
    "star2": "Star1 that probes one move after each outcome first (Ballard's Star2)",
}

#: Searches that drive several alpha-beta searches (always with a table) rather than one.
DRIVERS: dict[str, str] = {
    "mtdf": "MTD(f): null-window alpha-beta searches with a table until the bounds meet",
}

#: Strategies that sample the game rather than search it (``:N`` iterations, ``@S`` seconds).
SAMPLERS: dict[str, str] = {
    "mcts": "Monte Carlo tree search (UCT, random playouts, MCTS-Solver); "
    f":N iterations a move, @SECONDS a move (default {ITERATIONS:,} iterations)",
}

#: What ``mcts`` may add with ``+NAME``.
SAMPLER_ENHANCEMENTS: dict[str, str] = {
    "eval": f"mcts only: each playout stops after {PLAYOUT_PLIES} random moves and the game's "
    "evaluation decides it (a win for whoever it favours)",
}

#: Enhancements a search name may add with ``+NAME``: what each one does.
ENHANCEMENTS: dict[str, str] = {
    "tt": "a transposition table (values of positions met again, by move order or depth)",
    "order": "the game's own move order (Connect Four: threats first; "
    "to the end, moves that lose at once skipped)",
    "history": "history heuristic: moves that caused cut-offs before, first",
    "killer": "killer moves: the last two moves that caused a cut-off at the depth, first",
    "aspiration": "with @SECONDS: each depth searched first in a window around the last "
    "depth's value",
}

#: The enhancements that only reorder the moves, learnt from the search's own cut-offs.
ORDERINGS: Final = ("history", "killer")

#: The enhancements each search of more players or of chance takes, the sound ones (paranoid:
#: its table keyed by player; expectimax files exact values); the others': see the docs.
EXTENDED_ENHANCEMENTS: Final = {"paranoid": ("tt", *ORDERINGS), "expectimax": ("tt",)}

#: The names that are no search (who plays a side without searching).
PLAIN: dict[str, str] = {
    "human": "a person plays this side (where a game is played)",
    "random": "a random valid move",
}

DEFAULT_COMPUTER: Final = "alphabeta+tt+order@1"
"""The computer player where none is named, on a board too big to solve."""

SOLVING_COMPUTER: Final = "alphabeta"
"""The computer player where none is named, on a board small enough to solve."""

NOT_A_STRATEGY: Final = ": a person plays no strategy"
"""What a refusal of ``human`` adds where a strategy is asked for (a search to compare)."""

END: Final = "end"
"""The depth a search is given to go to the end of the game on any board (``alphabeta:end``)."""

MAX_ITERATIONS: Final = 1_000_000_000
"""The most iterations ``mcts:N`` may ask for."""

Family: TypeAlias = Literal["human", "random", "search", "driver", "sampler", "installed", "plugin"]


def strategy_names() -> list[str]:
    """Every strategy name :func:`~oogames.nextmove.specs.make_strategy` accepts
    (``random``, each search, driver and sampler, and the strategies installed packages add)."""
    return ["random", *SEARCHES, *DRIVERS, *SAMPLERS, *plugins.entry_point_strategies()]


def unknown_strategy(
    text: str, why: str = "", person: bool = True, references: bool = True
) -> StrategySpecError:
    """The error for ``text``, no strategy: the names there are, and how to name one's own
    (but where none may be named, ``references`` False: a request to the web server)."""
    known = ["human", *strategy_names()][0 if person else 1 :]
    own = f", or name your own as {PLUGIN_FORM}" if references else ""
    return StrategySpecError(unknown("strategy", text, known, own, why))


def _family(base: str) -> Family | None:
    """What kind of strategy ``base`` names, or None if it names none."""
    if base in PLAIN:
        return "human" if base == "human" else "random"
    if base in SEARCHES:
        return "search"
    if base in DRIVERS:
        return "driver"
    if base in SAMPLERS:
        return "sampler"
    if plugins.is_ref(base):
        return "plugin"
    if base in plugins.entry_point_strategies():
        return "installed"
    return None


def enhancements_of(base: str, family: Family | None = None) -> dict[str, str]:
    """The ``+NAME`` enhancements the strategy ``base`` may add, with what each does."""
    family = family or _family(base)
    if base in EXTENDED_ENHANCEMENTS:
        return {name: ENHANCEMENTS[name] for name in EXTENDED_ENHANCEMENTS[base]}
    if base in PLAYER_SEARCHES or base in CHANCE_SEARCHES:
        return {}  # tables and orderings are not written for vectors and chance yet
    if family == "sampler":
        return SAMPLER_ENHANCEMENTS
    return ENHANCEMENTS if family in ("search", "driver") else {}


def _name(text: object) -> str:
    """A spec's name as the rules compare it: stripped, and lower case unless it names a
    plug-in by its module or file (whose case is the file system's)."""
    if not isinstance(text, str):
        raise StrategySpecError(f"a strategy is named by a text, not {shown(text)}")
    text = text.strip()
    return text if plugins.is_ref(text) else text.lower()


def _plugin_parts(text: str) -> tuple[str, str, str] | None:
    """:func:`~oogames.plugins.split_ref` of ``text`` if it names a plug-in: not when its
    module part is a built-in strategy (``alphabeta:end`` is alpha-beta to the end)."""
    parts = plugins.split_ref(text)
    if parts is None or _family(parts[0].lower().split("+")[0].strip()) is not None:
        return None
    return parts


@attrs.frozen
class StrategySpec:
    """A strategy spec, read: which strategy, its enhancements, its depth and its clock.

    Build one with :meth:`parse` from what a person wrote, or directly from its parts
    (``StrategySpec("alphabeta+tt", 4)``); either way the constructor checks it against
    the grammar's tables.

    Attributes:
        name: The strategy and its enhancements as written, ``"alphabeta+tt"``
            (lower case), or a plug-in's ``MODULE:CLASS`` / ``FILE.py:CLASS``, or
            ``"human"`` for a person.
        depth: ``:DEPTH``: plies to search (iterations for ``mcts``); None: none given.
        seconds: ``@SECONDS``: a clock a move; None: none given.
        to_end: ``:end``: a search told to go to the end of the game whatever the board
            (without it, one with neither depth nor clock is refused on a board too big
            to solve: see :func:`~oogames.nextmove.specs.make_strategy`).
        base: The strategy without its enhancements (``"alphabeta"``).
        enhancements: The ``+NAME`` enhancements, in the order written.
        family: ``"human"``, ``"random"``, ``"search"`` (:data:`SEARCHES`),
            ``"driver"`` (:data:`DRIVERS`), ``"sampler"`` (:data:`SAMPLERS`),
            ``"installed"`` (an installed package's) or ``"plugin"`` (code named by
            its module or file).

    Raises:
        StrategySpecError: A name the grammar does not know, an enhancement the
            strategy cannot take (or one given twice), a depth that is not a whole number from
            1 to :data:`~oogames.nextmove.factories.MAX_DEPTH` (:data:`MAX_ITERATIONS` for
            ``mcts``), a clock that is not seconds over 0 and at most a day, a depth or clock
            for ``human`` or ``random``, ``+aspiration`` without a clock, enhancements after
            the depth, or (the constructor) a whole spec's text as the name.
    """

    name: str = attrs.field(converter=_name)
    depth: int | None = None
    seconds: float | None = None
    to_end: bool = False
    base: str = attrs.field(init=False, eq=False, repr=False)
    enhancements: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)
    family: Family = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        ref = _plugin_parts(self.name)
        if ref[2] if ref is not None else any(mark in self.name for mark in ":@"):
            raise self._written_out()  # "alphabeta:4", "bots:Greedy:3": a spec's text
        plugin = ref is not None
        base, *enhancements = [self.name] if plugin else self.name.split("+")
        family = _family(base.strip())
        if family is None or (family == "installed" and enhancements):
            raise unknown_strategy(str(self))
        allowed = enhancements_of(base, family)
        for enhancement in enhancements:
            if enhancement not in allowed or enhancements.count(enhancement) > 1:
                offer = ", ".join("+" + each for each in allowed) or "nothing"
                raise StrategySpecError(
                    f"{shown(str(self))}: unknown or repeated enhancement "
                    f"{shown('+' + enhancement)}; {base} may add: {offer}"
                )
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "enhancements", tuple(enhancements))
        object.__setattr__(self, "family", family)
        self._check_numbers()

    def _written_out(self) -> StrategySpecError:
        """The error for a whole spec's text as the name (``"alphabeta:4"``): how to give
        it, or what is wrong with it as a spec."""
        kind = type(self).__name__
        try:
            spec = type(self).parse(self.name)  # only read: nothing is loaded
        except StrategySpecError as error:
            return error
        given = {"depth": spec.depth, "seconds": spec.seconds, "to_end": spec.to_end or None}
        parts = "".join(f", {key}={value!r}" for key, value in given.items() if value is not None)
        return StrategySpecError(
            f"{shown(self.name)} is a spec's text: read it with {kind}.parse({self.name!r}), "
            f"or give its parts ({kind}(name={spec.name!r}{parts}))"
        )

    def _check_numbers(self) -> None:
        """The depth and the clock: allowed for this strategy, and in range."""
        if (self.depth is not None or self.seconds is not None) and self.family in PLAIN:
            raise StrategySpecError(f"{shown(str(self))}: {self.base} takes no depth or clock")
        if self.to_end is not False:
            if self.to_end is not True or self.family not in ("search", "driver"):
                raise StrategySpecError(f"{shown(self.name)}: only a search goes :end")
            if self.depth is not None or self.seconds is not None:
                raise StrategySpecError(
                    f"{shown(self.name)}: :end is instead of a depth or a clock, not with one"
                )
        if self.depth is not None:
            what, most = _counted(self.family)
            depth = self.depth
            if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= most:
                raise StrategySpecError(
                    f"{what} in {shown(str(self))} must be a whole number from 1 to {most:,}, "
                    f"not {shown(depth)}"
                )
        seconds = self.seconds
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds <= MAX_SECONDS
        ):
            raise _bad_clock(self.name, seconds)
        if "aspiration" in self.enhancements:
            if self.family == "driver":
                raise StrategySpecError(
                    f"{shown(str(self))}: {self.base} searches with null windows already"
                )
            if self.seconds is None:
                raise StrategySpecError(f"{shown(str(self))}: +aspiration needs a clock (@SECONDS)")

    @classmethod
    def parse(cls, text: str, *, plugins_allowed: bool = True, people: bool = True) -> Self:
        """Read ``NAME[+ENHANCEMENT...][:DEPTH][@SECONDS]`` (case and spaces around it do
        not matter) or a plug-in's ``MODULE:CLASS[:DEPTH][@SECONDS]``.

        Args:
            text: What the user wrote, for example ``"alphabeta:4"`` or ``"alphabeta@0.5"``.
            plugins_allowed: Whether the spec may name code to load (``MODULE:CLASS``,
                ``FILE.py:CLASS``); False where it comes from someone who may not run
                code here (a request to the web server): only built-in names and
                installed packages' strategies are read, and nothing is imported.
            people: Whether ``human`` may be named (False where a strategy must play).

        Raises:
            StrategySpecError: See the class; also a plug-in where none is allowed.

        >>> StrategySpec.parse("negamax-ab:9@0.5")
        StrategySpec(name='negamax-ab', depth=9, seconds=0.5, to_end=False)
        """
        if not isinstance(text, str):
            raise StrategySpecError(f"a strategy is named by a text, not {shown(text)}")
        parts = _plugin_parts(text)
        if parts is not None:
            if not plugins_allowed:
                raise StrategySpecError(
                    f"{shown(text)} names code to load; only the built-in strategies and "
                    f"those of installed packages are accepted here: {', '.join(strategy_names())}"
                )
            module, name, rest = parts
            before, at, clock = rest.partition("@")
            _, colon, depth = before.partition(":")
            return cls(f"{module}:{name}", _depth(colon, depth, text), _clock(at, clock, text))
        rest, at, clock = text.strip().lower().partition("@")
        name, colon, depth = rest.partition(":")
        number, plus, more = depth.partition("+")
        if plus:  # "negamax:4+tt"
            fixed = f"{name}+{more}:{number}{at}{clock}".replace(" ", "")
            raise StrategySpecError(f"{shown(text)}: enhancements come before the depth: {fixed}")
        family = _family(name.split("+")[0].strip())
        if family is None or (family == "human" and not people):
            why = "" if family is None else NOT_A_STRATEGY
            raise unknown_strategy(text, why, person=people, references=plugins_allowed)
        if family in PLAIN and (colon or at):
            raise StrategySpecError(f"{shown(text)}: {name.strip()} takes no depth or clock")
        if depth.strip() == END:
            return cls(name, None, _clock(at, clock, text), to_end=True)
        return cls(name, _depth(colon, depth, text, family), _clock(at, clock, text))

    def __str__(self) -> str:
        """The spec as it is written: ``"alphabeta+tt:4@0.5"``."""
        depth = f":{END}" if self.to_end else "" if self.depth is None else f":{self.depth}"
        clock = "" if self.seconds is None else f"@{self.seconds:g}"
        return f"{self.name}{depth}{clock}"

    @property
    def is_human(self) -> bool:
        """Whether a person plays this side."""
        return self.family == "human"

    @property
    def loads_code(self) -> bool:
        """Whether the strategy is code to load (a plug-in, or an installed package's)."""
        return self.family in ("plugin", "installed")

    def has(self, enhancement: str) -> bool:
        """Whether ``+enhancement`` is written in the spec."""
        return enhancement in self.enhancements

    def with_depth(self, depth: int | None) -> Self:
        """This spec with ``:depth`` if it is a search (or a driver) with neither a depth nor
        a clock and ``depth`` is not None; otherwise this spec (a ``:N`` of ``mcts`` is its
        iterations, and a plug-in's depth is the plug-in's own business).

        >>> str(StrategySpec.parse("alphabeta").with_depth(4))
        'alphabeta:4'
        >>> str(StrategySpec.parse("minimax:2").with_depth(4))
        'minimax:2'
        """
        if depth is None or self.depth is not None or self.seconds is not None or self.to_end:
            return self
        if self.family not in ("search", "driver"):
            return self
        return attrs.evolve(self, depth=depth)

    def without(self, enhancement: str) -> Self:
        """This spec without ``+enhancement`` (and without a clock if it was the clock's)."""
        if enhancement not in self.enhancements:
            return self
        name = "+".join(each for each in (self.base, *self.enhancements) if each != enhancement)
        return attrs.evolve(self, name=name)


def _counted(family: Family) -> tuple[str, int]:
    """What ``:N`` counts for ``family``, and its most (``mcts``: iterations; else plies)."""
    return ("the iterations", MAX_ITERATIONS) if family == "sampler" else ("the depth", MAX_DEPTH)


def _depth(colon: str, text: str, spec: str, family: Family = "plugin") -> int | None:
    """The number after ``:``, read as a whole number in its range, or None without one."""
    if not colon:
        return None
    what, most = _counted(family)
    return read_whole(text, f"{what} in {shown(spec)}", 1, most, StrategySpecError)


def _clock(at: str, text: str, spec: str) -> float | None:
    """The number after ``@``, read as seconds over 0 and at most a day, or None without one."""
    if not at:
        return None
    seconds = _seconds(text.strip())
    if seconds is None:
        raise _bad_clock(spec, text)
    return seconds


def _bad_clock(spec: str, given: object) -> StrategySpecError:
    """The refusal of a clock (``@SECONDS``), read from text or given to a spec."""
    return StrategySpecError(
        f"the clock in {shown(spec)} must be {CLOCK_RANGE}, like @1 or @0.5, not {shown(given)}"
    )


def _seconds(text: str) -> float | None:
    """``text`` as a number of seconds (``"2"``, ``"0.25"``), or None if it is none."""
    whole, dot, fraction = text.partition(".")
    if (not whole and not fraction) or len(text) > 12:
        return None
    if (whole and whole_number(whole) is None) or (dot and whole_number(fraction) is None):
        return None
    seconds = float(text)
    return seconds if 0 < seconds <= MAX_SECONDS else None


GRAMMAR: Final = "NAME[+ENHANCEMENT...][:DEPTH][@SECONDS]"
"""The grammar of a strategy spec, as the help texts write it."""
PLUGIN_FORM: Final = "MODULE:CLASS or FILE.py:CLASS"
"""How a plug-in strategy is named, as the help texts write it (then ``[:DEPTH][@SECONDS]``)."""
EXAMPLES: Final = ("alphabeta+tt@0.2", "mcts:500", "random")
"""Specs the help texts give as examples (a test parses each)."""

_moved = moved_names(
    __name__,
    dict.fromkeys(("DEFAULT_CHOICE", "grammar_help", "player_help"), "oogames.nextmove.spec_help"),
)


def __getattr__(name: str) -> object:
    """A name that moved (see ``oogames._moved``), from its new module."""
    return _moved(name)
