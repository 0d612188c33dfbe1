"""Strategies by name, as the command line writes them: ``"minimax"``, ``"alphabeta:4"``, ..."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NoReturn

from oogames import plugins
from oogames.board.hints import search_hints
from oogames.errors import OogamesError, PluginCodeError, PluginError, StrategySpecError, shown
from oogames.nextmove.accumulators import Evaluation
from oogames.nextmove.enhancements.deepening import AspirationDeepening, IterativeDeepening
from oogames.nextmove.enhancements.ordering import GameOrderFac, HistoryFac, OrderingMemory
from oogames.nextmove.enhancements.table import TranspositionTable, TTFac
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory
from oogames.nextmove.grammar import (
    DRIVERS,
    END,
    ENHANCEMENTS,
    MAX_DEPTH,
    MAX_ITERATIONS,
    NOT_A_STRATEGY,
    SAMPLER_ENHANCEMENTS,
    SAMPLERS,
    SEARCHES,
    StrategySpec,
    strategy_names,
    unknown_strategy,
)
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.mtdf import MTDF, MTDFDeepening
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.strategy import INextMoveStrategy

if TYPE_CHECKING:
    from oogames.board.interface import IBoardModel

__all__ = [  # the grammar's names are kept here too, where earlier versions had them
    "DRIVERS",
    "ENHANCEMENTS",
    "MAX_DEPTH",
    "MAX_ITERATIONS",
    "SAMPLERS",
    "SAMPLER_ENHANCEMENTS",
    "SEARCHES",
    "StrategySpec",
    "make_factory",
    "make_strategy",
    "parse_spec",
    "plugin_strategy",
    "strategy_names",
    "with_depth",
]


def with_depth(spec: str, depth: int | None) -> str:
    """``spec`` with ``:depth`` added, unless it has a depth or a clock, is ``random``, or depth
    is None (kept for callers of earlier versions: :meth:`StrategySpec.with_depth`).

    >>> from oogames.nextmove.specs import with_depth
    >>> with_depth("alphabeta", 4), with_depth("minimax:2", 4), with_depth("random", 4)
    ('alphabeta:4', 'minimax:2', 'random')
    """
    return str(StrategySpec.parse(spec, people=False).with_depth(depth))


def parse_spec(
    spec: str, kinds: tuple[str, ...] = (), *, plugins_allowed: bool = True
) -> tuple[str, int | None, float | None]:
    """Read a strategy name into ``(name, depth, seconds)`` (kept for callers of earlier
    versions: :meth:`StrategySpec.parse` reads it into a value).

    Args:
        spec: What the user wrote, for example ``"alphabeta:4"``.
        kinds: Names accepted besides the strategies: ``("human",)`` or none.
        plugins_allowed: Whether the spec may name code to load.

    Raises:
        StrategySpecError: See :class:`StrategySpec`.

    >>> from oogames.nextmove.specs import parse_spec
    >>> parse_spec("AlphaBeta:4"), parse_spec("random"), parse_spec("negamax-ab:9@0.5")
    (('alphabeta', 4, None), ('random', None, None), ('negamax-ab', 9, 0.5))
    """
    value = StrategySpec.parse(spec, plugins_allowed=plugins_allowed, people="human" in kinds)
    return value.name, value.depth, value.seconds


def _not_a_strategy(spec: StrategySpec) -> NoReturn:
    raise unknown_strategy(str(spec), NOT_A_STRATEGY, person=False)


def _read(spec: str | StrategySpec) -> StrategySpec:
    """``spec`` as a value: read if it is text (the one place the factories read text)."""
    value = spec if isinstance(spec, StrategySpec) else StrategySpec.parse(spec, people=False)
    if value.is_human:
        _not_a_strategy(value)
    return value


def check_ends(spec: StrategySpec) -> None:
    """Refuse ``spec`` for a board too big to solve in seconds if it is a search with neither
    a depth nor a clock (it would think for hours, or days), unless it says ``:end``.

    Raises:
        StrategySpecError: It would, in one line that says what to write instead.

    >>> from oogames.nextmove.grammar import StrategySpec
    >>> from oogames.nextmove.specs import check_ends
    >>> check_ends(StrategySpec.parse("alphabeta:end"))
    >>> check_ends(StrategySpec.parse("alphabeta"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oogames.errors.StrategySpecError: alphabeta has neither a depth nor a clock: ... anyway
    """
    if spec.family not in ("search", "driver") or spec.to_end:
        return
    if spec.depth is None and spec.seconds is None:
        raise StrategySpecError(
            f"{spec} has neither a depth nor a clock: on this board it would search to the "
            f"end of the game, which can take hours. Give it a depth ({spec}:6) or a clock "
            f"({spec}@2), or write {spec}:{END} to search to the end anyway"
        )


def check_fits(spec: StrategySpec, board: IBoardModel) -> None:
    """Refuse ``spec`` before a game of ``board``'s is played if its search cannot search
    that game at all (:meth:`IAccFactory.refuses <oogames.nextmove.factories.IAccFactory.refuses>`):
    ``brs`` a game with chance, ``star1`` a game without bounds on its payoffs. Such a
    search raised at its first move, in the middle of the game (a demo ended, and every
    game of a tournament was lost as a "crash"). A search with neither a depth nor a clock
    (``:end`` too) of a game that can go on for ever (:meth:`ISearchHints.endless
    <oogames.board.hints.ISearchHints.endless>`, Pig's) is refused too: it never ends.

    Raises:
        StrategySpecError: It cannot, in one line that says why.

    >>> from oogames.games import PigBoard
    >>> from oogames.nextmove.grammar import StrategySpec
    >>> from oogames.nextmove.specs import check_fits
    >>> check_fits(StrategySpec.parse("brs:2"), PigBoard())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oogames.errors.StrategySpecError: brs:2 cannot play this game: best-reply search ... chance
    """
    if spec.family not in ("search", "driver"):
        return
    if spec.depth is None and spec.seconds is None and search_hints(board).endless():
        raise StrategySpecError(
            f"{spec} cannot play this game: a game of it can go on for ever, so a search to "
            f"its end never ends. Give it a depth ({spec.base}:6) or a clock ({spec.base}@2)"
        )
    why = SEARCHES[spec.base].refuses(board) if spec.family == "search" else None
    if why is not None:
        raise StrategySpecError(f"{spec} cannot play this game: {why}")


def make_factory(spec: str | StrategySpec, evaluate: Evaluation) -> IAccFactory:
    """The accumulator factory ``spec`` names: one search, optionally ``:DEPTH``, or a
    plug-in's accumulator factory.

    Raises:
        StrategySpecError: The spec names no single search, or has a clock.

    >>> from oogames.nextmove.specs import make_factory
    >>> make_factory("negamax-ab:3", lambda board, player: 0).name
    'negamax-ab:3'
    """
    spec = _read(spec)
    if spec.loads_code:
        found = _load_strategy_object(spec.name)
        if isinstance(found, type) and issubclass(found, IAccFactory) and spec.seconds is None:
            factory = found()
            return factory if spec.depth is None else DepthFac(factory, spec.depth, evaluate)
        raise StrategySpecError(
            f"{shown(str(spec))} is not an accumulator factory (IAccFactory) without a clock: "
            "only those can be traced and compared node by node"
        )
    if spec.family != "search":
        raise StrategySpecError(
            f"{shown(str(spec))} is not one search; choose one of: {', '.join(SEARCHES)}"
        )
    if spec.seconds is not None:
        raise StrategySpecError(f"{shown(str(spec))}: a clock (@SECONDS) is for playing, not here")
    return _factory(spec, spec.depth, evaluate, None)


def _factory(
    spec: StrategySpec,
    depth: int | None,
    evaluate: Evaluation,
    table: TranspositionTable | None,
    memory: OrderingMemory | None = None,
) -> IAccFactory:
    """The factory of ``spec``'s search and enhancements limited to ``depth``; ``table`` for
    ``+tt`` (and ``mtdf``), ``memory`` for ``+history`` and ``+killer``."""
    driven = spec.family == "driver"
    factory: IAccFactory = AlphaBetaFac() if driven else SEARCHES[spec.base]()
    if depth is not None:
        factory = DepthFac(factory, depth, evaluate)
    if spec.has("order"):
        factory = GameOrderFac(factory)
    if spec.has("history") or spec.has("killer"):
        factory = HistoryFac(factory, spec.has("history"), spec.has("killer"), memory=memory)
    if spec.has("tt") or driven:
        factory = TTFac(factory, table)
    return factory


def make_strategy(
    spec: str | StrategySpec,
    evaluate: Evaluation,
    seed: int | None = None,
    solvable: bool = True,
) -> INextMoveStrategy:
    """Build the strategy ``spec`` names: ``NAME``, ``NAME:DEPTH`` or ``NAME[:DEPTH]@SECONDS``.

    Args:
        spec: A :class:`StrategySpec`, or its text (``"random"``, a search name from
            :data:`SEARCHES`, optionally followed by ``:DEPTH`` to search that many
            plies and score the horizon with ``evaluate``, ...).
        evaluate: The evaluation function for depth-limited searches.
        seed: Seed for ``random`` and ``mcts``.
        solvable: False where the board the strategy plays is known to be too big to
            solve in seconds (``GameInfo.too_big``): a search with neither depth nor
            clock is then refused (:func:`check_ends`).

    Raises:
        StrategySpecError: The spec breaks the grammar (see :class:`StrategySpec`), or
            would search without end.

    >>> from oogames.nextmove.specs import make_strategy
    >>> make_strategy("alphabeta:3", lambda board, player: 0).name
    'alphabeta:3'
    """
    spec = _read(spec)
    if not solvable:
        check_ends(spec)
    depth, seconds = spec.depth, spec.seconds
    if spec.family == "random":
        return RandomValidMove(seed)
    if spec.loads_code:
        return plugin_strategy(spec.name, depth, seconds, evaluate, seed)
    if spec.family == "sampler":
        guide = evaluate if spec.has("eval") else None
        return MCTS(iterations=depth, seconds=seconds, seed=seed, evaluate=guide, name=str(spec))
    if seconds is not None:
        # One table and one ordering memory for every depth.
        table = TranspositionTable() if spec.has("tt") or spec.family == "driver" else None
        memory = OrderingMemory()
        deepening: type[IterativeDeepening] = IterativeDeepening
        if spec.family == "driver":
            deepening = MTDFDeepening
        elif spec.has("aspiration"):
            deepening = AspirationDeepening
        return deepening(
            lambda plies: _factory(spec, plies, evaluate, table, memory),
            seconds,
            None,
            depth,
            str(spec),
        )
    if spec.family == "driver":
        return MTDF(_factory(spec, depth, evaluate, None), name=str(spec))
    return SpecSearch(make_factory(spec, evaluate), str(spec))


class SpecSearch(MinMax):
    """A :class:`~oogames.MinMax` named by the spec it was built from, as every strategy
    :func:`make_strategy` builds is: its factories would name it with the enhancements in
    the order they stack (``alphabeta+history+tt:5`` for ``alphabeta+tt+history:5``)."""

    __slots__ = ("_spec",)

    def __init__(self, factory: IAccFactory, spec: str) -> None:
        super().__init__(factory)
        self._spec = spec

    @property
    def name(self) -> str:
        """The spec's text, ``"alphabeta+tt+history:5"``."""
        return self._spec


def _load_strategy_object(name: str) -> object:
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
            raise _unwritten(name, found, IAccFactory)
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
            raise _unwritten(name, found, INextMoveStrategy)
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


def _unwritten(name: str, found: type, base: type) -> PluginError:
    """The refusal of a plug-in class that leaves methods of ``base`` unwritten: which,
    and what every such class writes."""
    missing = ", ".join(sorted(getattr(found, "__abstractmethods__", ())))
    needed = " and ".join(sorted(getattr(base, "__abstractmethods__", ())))
    return PluginError(
        f"{shown(name)} does not write {missing} (every {base.__name__} writes {needed})"
    )


def _call_with(target: Callable[..., object], name: str, given: Mapping[str, object]) -> object:
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
            plugins.user_traceback(error),
        ) from None
