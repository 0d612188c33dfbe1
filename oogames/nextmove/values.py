"""How a search values a finished game: the one place that says what a win is worth.

A win at the root is worth ``win_value``; with quick wins (the default) a win
``p`` plies away is worth ``win_value - p`` and a loss ``-(win_value - p)``, so a
quicker win and a slower loss are preferred. Every value further from 0 than
:func:`win_threshold` is a proven win or loss; every value closer is a draw
(0) or an evaluation's guess. The searches, the transposition table, the
results and the pictures all read values through this module.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Final

from oogames.errors import SettingsError
from oogames.nextmove.factories import factory_stack

if TYPE_CHECKING:
    from oogames.nextmove.factories import IAccFactory

WIN_VALUE: Final = 1_000_000
"""The value of a win at the root; a quicker win scores ``WIN_VALUE - plies``.

Evaluation functions must stay strictly inside ``±win_threshold(WIN_VALUE)``
(``±990,000``).
"""

WIN_MARGIN: Final = 10_000
"""The most plies a distance to a win may count (fewer for a small ``win_value``)."""

SMALLEST_WIN_VALUE: Final = 100
"""The smallest ``win_value`` a search accepts: a win 49 plies away is still a win."""


def win_threshold(win_value: float) -> float:
    """The value beyond which a value is a proven win (and below whose negative, a loss).

    ``win_value - 10,000``, or half of ``win_value`` when that is smaller: wins
    are told apart from an evaluation's guesses at any ``win_value`` a search
    accepts, as long as the evaluation stays inside the threshold.

    >>> from oogames.nextmove.values import win_threshold
    >>> win_threshold(1_000_000), win_threshold(5_000)
    (990000, 2500.0)
    """
    return win_value - min(WIN_MARGIN, win_value / 2)


def is_proven(value: float, win_value: float) -> bool:
    """Whether ``value`` is a proven win or loss (not a draw, not an evaluation's guess)."""
    return bool(win_value) and abs(value) > win_threshold(win_value)


def plies_to_end(value: float, win_value: float) -> int:
    """How many plies away the win or loss ``value`` is (0: not counted, as without
    quick wins); ``value`` must be proven (:func:`is_proven`)."""
    return int(win_value - abs(value))


def check_win_value(win_value: float) -> float:
    """``win_value`` if a search can use it.

    Raises:
        SettingsError: It is not a finite number of at least :data:`SMALLEST_WIN_VALUE`.
    """
    if (
        isinstance(win_value, bool)
        or not isinstance(win_value, int | float)
        or not math.isfinite(win_value)
        or win_value < SMALLEST_WIN_VALUE
    ):
        raise SettingsError(
            f"win_value must be a finite number of at least {SMALLEST_WIN_VALUE}, "
            f"not {win_value!r} (evaluations stay within half of it)"
        )
    return win_value


def check_values_agree(
    factory: IAccFactory, win_value: float, quick: bool, by_margin: bool = False
) -> None:
    """Refuse a factory stack in which a table or an ordering values finished games
    otherwise than the search: its stored distances and bounds would be read wrongly.

    A search by margin values no win, so only its ``by_margin`` must agree.

    Raises:
        SettingsError: A factory's ``by_margin``, or (not by margin) its ``win_value`` or
            ``quick_wins``, differs from the search's.
    """
    for stack in factory_stack(factory):
        if getattr(stack, "by_margin", by_margin) != by_margin:
            raise SettingsError(
                f"{type(stack).__name__} has by_margin={not by_margin} and the search "
                f"by_margin={by_margin}: its bounds would be read wrongly; give both the same"
            )
        if by_margin:
            continue
        theirs = getattr(stack, "win_value", win_value), getattr(stack, "quick_wins", quick)
        if theirs != (win_value, quick):
            raise SettingsError(
                f"{type(stack).__name__} values a win at {theirs[0]:g} (quick wins "
                f"{theirs[1]}) and the search at {win_value:g} (quick wins {quick}): "
                "give both the same win_value and quick wins"
            )
