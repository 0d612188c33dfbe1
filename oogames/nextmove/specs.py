"""Strategies by name, as the command line writes them: ``"minimax"``, ``"alphabeta:4"``, ..."""

from __future__ import annotations

import inspect
from typing import Any

from oogames import plugins
from oogames.errors import OogamesError, PluginCodeError, PluginError, StrategySpecError, shown
from oogames.nextmove.accumulators import Evaluation
from oogames.nextmove.deepening import MAX_SECONDS, AspirationDeepening, IterativeDeepening
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory, MinMaxFac
from oogames.nextmove.mcts import MCTS, PLAYOUT_PLIES
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.mtdf import MTDF, MTDFDeepening
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac
from oogames.nextmove.ordering import GameOrderFac, HistoryFac, OrderingMemory
from oogames.nextmove.pvs import PVSFac
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.strategy import INextMoveStrategy
from oogames.nextmove.table import TranspositionTable, TTFac
from oogames.parsing import read_whole, whole_number

#: Searches by name; each becomes ``MinMax(factory)``, depth-limited with ``:DEPTH``.
SEARCHES: dict[str, type[IAccFactory]] = {
    "minimax": MinMaxFac,
    "alphabeta": AlphaBetaFac,
    "negamax": NegamaxFac,
    "negamax-ab": NegaAlphaBetaFac,
    "pvs": PVSFac,
}

#: Searches that drive several alpha-beta searches (always with a table) rather than one.
DRIVERS: dict[str, str] = {
    "mtdf": "MTD(f): null-window alpha-beta searches with a table until the bounds meet",
}


#: Strategies that sample the game rather than search it (``:N`` iterations, ``@S`` seconds).
SAMPLERS: dict[str, str] = {
    "mcts": "Monte Carlo tree search (UCT, random playouts, MCTS-Solver); "
    ":N iterations a move, @SECONDS a move (default 1,000 iterations)",
}

#: What ``mcts`` may add with ``+NAME``.
SAMPLER_ENHANCEMENTS: dict[str, str] = {
    "eval": f"mcts only: each playout stops after {PLAYOUT_PLIES} random moves and the game's "
    "evaluation decides it (a win for whoever it favours)",
}

MAX_ITERATIONS = 1_000_000_000
"""The most iterations ``mcts:N`` may ask for."""

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


def strategy_names() -> list[str]:
    """Every strategy name :func:`make_strategy` accepts (``random``, each search and driver,
    and the strategies installed packages add)."""
    return ["random", *SEARCHES, *DRIVERS, *SAMPLERS, *plugins.entry_point_strategies()]


def with_depth(spec: str, depth: int | None) -> str:
    """``spec`` with ``:depth`` added, unless it has a depth or a clock, is ``random``, or depth
    is None.

    >>> from oogames.nextmove.specs import with_depth
    >>> with_depth("alphabeta", 4), with_depth("minimax:2", 4), with_depth("random", 4)
    ('alphabeta:4', 'minimax:2', 'random')
    """
    bare = spec.strip()
    if depth is None or ":" in bare or "@" in bare or bare.lower() == "random":
        return bare
    return f"{bare}:{depth}"


MAX_DEPTH = 10_000
"""The deepest ``:DEPTH`` a strategy name may ask for."""


def parse_spec(
    spec: str, kinds: tuple[str, ...] = (), *, plugins_allowed: bool = True
) -> tuple[str, int | None, float | None]:
    """Read a strategy name ``NAME[:DEPTH][@SECONDS]``: the name, the depth and the clock.

    The one reader of the grammar: the command line, the game settings and
    saved games all read names through it. ``:DEPTH`` alone is a
    depth-limited search (exactly the textbook nodes); ``@SECONDS`` is
    iterative deepening under that clock per move, with ``:DEPTH`` as a cap.

    Args:
        spec: What the user wrote, for example ``"alphabeta:4"`` or
            ``"alphabeta@0.5"`` (case and spaces around it do not matter).
        kinds: Names accepted besides ``random`` and the searches (the game
            settings add ``human``); these and ``random`` take no depth or clock.
        plugins_allowed: Whether the spec may name code to load (``MODULE:CLASS``,
            ``FILE.py:CLASS``); False where the spec comes from someone who may not run
            code here (a request to the web server): only built-in names and installed
            packages' strategies are read, and nothing is imported.

    Raises:
        StrategySpecError: An unknown name, a depth that is not a whole number
            from 1 to :data:`MAX_DEPTH`, or a clock that is not a number of
            seconds over 0 and at most a day.

    >>> from oogames.nextmove.specs import parse_spec
    >>> parse_spec("AlphaBeta:4"), parse_spec("random"), parse_spec("negamax-ab:9@0.5")
    (('alphabeta', 4, None), ('random', None, None), ('negamax-ab', 9, 0.5))
    """
    plugin = _plugin_spec(spec)
    if plugin is not None:
        if not plugins_allowed:
            raise StrategySpecError(
                f"{shown(spec)} names code to load; only the built-in strategies and those "
                f"of installed packages are accepted here: {', '.join(strategy_names())}"
            )
        return plugin
    rest, at, clock_text = spec.strip().lower().partition("@")
    name, colon, depth_text = rest.partition(":")
    name = name.strip()
    base, *enhancements = name.split("+")
    plain = ("random", *kinds)
    known_base = base in SEARCHES or base in DRIVERS or base in SAMPLERS
    if not known_base and name not in plain and name not in plugins.entry_point_strategies():
        known = ", ".join([*kinds, *strategy_names()])
        raise StrategySpecError(
            f"unknown strategy {shown(spec)}; choose one of: {known}, or name your own as "
            "MODULE:CLASS or FILE.py:CLASS"
        )
    if not known_base and name not in plain:  # an installed package's strategy
        return name, _depth_of(colon, depth_text, spec), _clock_of(at, clock_text, spec)
    allowed = SAMPLER_ENHANCEMENTS if base in SAMPLERS else ENHANCEMENTS
    for enhancement in enhancements:
        if enhancement not in allowed or enhancements.count(enhancement) > 1:
            raise StrategySpecError(
                f"{shown(spec)}: unknown or repeated enhancement {shown('+' + enhancement)}; "
                f"{base} may add: {', '.join('+' + name for name in allowed)}"
            )
    if (colon or at) and name in plain:
        raise StrategySpecError(f"{shown(spec)}: {name} takes no depth or clock")
    depth = None
    if colon and base in SAMPLERS:
        what = f"the iterations in {shown(spec)}"
        depth = read_whole(depth_text, what, 1, MAX_ITERATIONS, StrategySpecError)
    elif colon:
        what = f"the depth in {shown(spec)}"
        depth = read_whole(depth_text, what, 1, MAX_DEPTH, StrategySpecError)
    seconds = None
    if at:
        seconds = _seconds(clock_text.strip())
        if seconds is None:
            raise StrategySpecError(
                f"the clock in {shown(spec)} must be seconds over 0 and at most "
                f"{MAX_SECONDS:,.0f}, like @1 or @0.5, not {shown(clock_text)}"
            )
    return name, depth, seconds


def _depth_of(colon: str, text: str, spec: str) -> int | None:
    if not colon:
        return None
    return read_whole(text, f"the depth in {shown(spec)}", 1, MAX_DEPTH, StrategySpecError)


def _clock_of(at: str, text: str, spec: str) -> float | None:
    if not at:
        return None
    seconds = _seconds(text.strip())
    if seconds is None:
        raise StrategySpecError(
            f"the clock in {shown(spec)} must be seconds over 0 and at most "
            f"{MAX_SECONDS:,.0f}, like @1 or @0.5, not {shown(text)}"
        )
    return seconds


def _plugin_spec(spec: str) -> tuple[str, int | None, float | None] | None:
    """``MODULE:CLASS[:DEPTH][@SECONDS]`` read (case kept), or None for other names."""
    parts = plugins.split_ref(spec)
    if parts is None:
        return None
    module, name, rest = parts
    base = module.lower().split("+")[0]
    if base in SEARCHES or base in DRIVERS or base in SAMPLERS or base == "random":
        return None  # a built-in name with a bad depth (alphabeta:x), not a plug-in
    before, at, clock_text = rest.partition("@")
    _, colon, depth_text = before.partition(":")
    return f"{module}:{name}", _depth_of(colon, depth_text, spec), _clock_of(at, clock_text, spec)


def _seconds(text: str) -> float | None:
    """``text`` as a number of seconds (``"2"``, ``"0.25"``), or None if it is none."""
    whole, dot, fraction = text.partition(".")
    if not whole and not fraction:
        return None
    if (whole and whole_number(whole) is None) or (dot and whole_number(fraction) is None):
        return None
    if len(text) > 12:
        return None
    seconds = float(text)
    return seconds if 0 < seconds <= MAX_SECONDS else None


def make_factory(spec: str, evaluate: Evaluation) -> IAccFactory:
    """The accumulator factory ``spec`` names: a search name, optionally ``:DEPTH``.

    Raises:
        StrategySpecError: The name is unknown or the depth is not a whole number of at least 1.

    >>> from oogames.nextmove.specs import make_factory
    >>> make_factory("negamax-ab:3", lambda board, player: 0).name
    'negamax-ab:3'
    """
    name, depth, seconds = parse_spec(spec)
    if plugins.is_ref(name) or name in plugins.entry_point_strategies():
        found = _load_strategy_object(name)
        if isinstance(found, type) and issubclass(found, IAccFactory) and seconds is None:
            factory = found()
            return factory if depth is None else DepthFac(factory, depth, evaluate)
        raise StrategySpecError(
            f"{shown(spec)} is not an accumulator factory (IAccFactory) without a clock: "
            "only those can be traced and compared node by node"
        )
    if name.split("+")[0] not in SEARCHES:
        raise StrategySpecError(
            f"{shown(spec)} is not one search; choose one of: {', '.join(SEARCHES)}"
        )
    if seconds is not None:
        raise StrategySpecError(f"{shown(spec)}: a clock (@SECONDS) is for playing, not here")
    if "+aspiration" in name:
        raise StrategySpecError(f"{shown(spec)}: +aspiration needs a clock (@SECONDS)")
    return _factory(name, depth, evaluate, None)


def _factory(
    name: str,
    depth: int | None,
    evaluate: Evaluation,
    table: TranspositionTable | None,
    memory: OrderingMemory | None = None,
) -> IAccFactory:
    """The factory of ``NAME[+ENHANCEMENT...]`` limited to ``depth``; ``table`` for ``+tt``
    (and ``mtdf``), ``memory`` for ``+history`` and ``+killer``."""
    base, *enhancements = name.split("+")
    factory: IAccFactory = AlphaBetaFac() if base in DRIVERS else SEARCHES[base]()
    if depth is not None:
        factory = DepthFac(factory, depth, evaluate)
    if "order" in enhancements:
        factory = GameOrderFac(factory)
    if "history" in enhancements or "killer" in enhancements:
        factory = HistoryFac(
            factory, "history" in enhancements, "killer" in enhancements, memory=memory
        )
    if "tt" in enhancements or base in DRIVERS:
        factory = TTFac(factory, table)
    return factory


def make_strategy(spec: str, evaluate: Evaluation, seed: int | None = None) -> INextMoveStrategy:
    """Build the strategy ``spec`` names: ``NAME``, ``NAME:DEPTH`` or ``NAME[:DEPTH]@SECONDS``.

    Args:
        spec: ``"random"``, or a search name from :data:`SEARCHES`, optionally
            followed by ``:DEPTH`` to search that many plies and score the
            horizon with ``evaluate``.
        evaluate: The evaluation function for depth-limited searches.
        seed: Seed for ``random``.

    Raises:
        StrategySpecError: The name is unknown or the depth is not a whole number of at least 1.

    >>> from oogames.nextmove.specs import make_strategy
    >>> make_strategy("alphabeta:3", lambda board, player: 0).name
    'alphabeta:3'
    """
    name, depth, seconds = parse_spec(spec)
    if name == "random":
        return RandomValidMove(seed)
    if plugins.is_ref(name) or name in plugins.entry_point_strategies():
        return plugin_strategy(name, depth, seconds, evaluate, seed)
    base = name.split("+")[0]
    if base in SAMPLERS:
        label = name + ("" if depth is None else f":{depth}")
        label += "" if seconds is None else f"@{seconds:g}"
        guide = evaluate if "+eval" in name else None
        return MCTS(iterations=depth, seconds=seconds, seed=seed, evaluate=guide, name=label)
    if base in DRIVERS and "+aspiration" in name:
        raise StrategySpecError(f"{shown(spec)}: {base} searches with null windows already")
    if seconds is not None:
        label = f"{name}{'' if depth is None else f':{depth}'}@{seconds:g}"
        # One table and one ordering memory for every depth.
        table = TranspositionTable() if "+tt" in name or base in DRIVERS else None
        memory = OrderingMemory()
        deepening: type[IterativeDeepening] = IterativeDeepening
        if base == "mtdf":
            deepening = MTDFDeepening
        elif "+aspiration" in name:
            deepening = AspirationDeepening
        return deepening(
            lambda plies: _factory(name, plies, evaluate, table, memory),
            seconds,
            None,
            depth,
            label,
        )
    if "+aspiration" in name:
        raise StrategySpecError(f"{shown(spec)}: +aspiration needs a clock (@SECONDS)")
    if base == "mtdf":
        factory = _factory(name, depth, evaluate, None)
        return MTDF(factory, name=name + ("" if depth is None else f":{depth}"))
    return MinMax(make_factory(spec, evaluate))


def _load_strategy_object(name: str) -> Any:
    if plugins.is_ref(name):
        return plugins.load_object(name)
    return plugins.load_entry_point(plugins.entry_point_strategies()[name])


def plugin_strategy(
    name: str,
    depth: int | None,
    seconds: float | None,
    evaluate: Evaluation,
    seed: int | None = None,
) -> INextMoveStrategy:
    """The strategy a plug-in names: an :class:`INextMoveStrategy` subclass (built with
    whichever of ``depth``, ``seconds``, ``evaluate`` and ``seed`` its constructor takes),
    an instance of one, an accumulator factory class (searched by :class:`MinMax`, limited
    to ``depth`` or deepened under ``seconds``), or a function returning a strategy.

    Raises:
        PluginError: It is none of these, or it takes no depth or clock and one was given.
        PluginCodeError: The plug-in's own code raised while it loaded.
    """
    found = _load_strategy_object(name)
    label = (
        name + ("" if depth is None else f":{depth}") + ("" if seconds is None else f"@{seconds:g}")
    )
    given = {"depth": depth, "seconds": seconds, "evaluate": evaluate, "seed": seed}
    if isinstance(found, type) and issubclass(found, IAccFactory):
        if inspect.isabstract(found):
            raise PluginError(f"{shown(name)} does not write {_missing(found)}")
        factory_class = found
        if seconds is not None:
            return IterativeDeepening(
                lambda plies: DepthFac(factory_class(), plies, evaluate),
                seconds,
                None,
                depth,
                label,
            )
        factory = factory_class()
        return MinMax(factory if depth is None else DepthFac(factory, depth, evaluate))
    if isinstance(found, INextMoveStrategy):
        if depth is not None or seconds is not None:
            raise PluginError(
                f"{shown(name)} is one strategy object: it takes no :DEPTH or @SECONDS"
            )
        return found
    if isinstance(found, type) and issubclass(found, INextMoveStrategy):
        if inspect.isabstract(found):
            raise PluginError(f"{shown(name)} does not write {_missing(found)}")
        built = _call_with(found, name, given)
    elif callable(found) and not isinstance(found, type):
        built = _call_with(found, name, given)
    else:
        raise PluginError(
            f"{shown(name)} is not a strategy: name an INextMoveStrategy subclass, an "
            "accumulator factory (IAccFactory), or a function that returns a strategy"
        )
    if not isinstance(built, INextMoveStrategy):
        raise PluginError(f"{shown(name)} returned {shown(built)}, not a strategy")
    return built


def _missing(found: type) -> str:
    return ", ".join(sorted(getattr(found, "__abstractmethods__", ())))


def _call_with(target: Any, name: str, given: dict[str, Any]) -> Any:
    """Call a plug-in's constructor or function with the arguments it takes; refuse a depth
    or clock it does not take."""
    takes = plugins.accepted_keywords(target)
    for option, flag in (("depth", ":DEPTH"), ("seconds", "@SECONDS")):
        if given[option] is not None and option not in takes and "*" not in takes:
            raise PluginError(f"{shown(name)} takes no {flag} (its constructor has no {option})")
    arguments = {
        option: value
        for option, value in given.items()
        if (option in takes or "*" in takes) and (value is not None or option == "seed")
    }
    try:
        return target(**arguments)
    except OogamesError:
        raise
    except (Exception, SystemExit) as error:  # sys.exit() in its constructor is its own
        raise PluginCodeError(
            f"{shown(name)} raised {type(error).__name__} when built: {error}",
            plugins._user_traceback(error),
        ) from None
