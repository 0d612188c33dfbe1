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
from typing import Final

import attrs

from oogames.errors import SettingsError
from oogames.nextmove.factories import IAccFactory, factory_stack

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


@attrs.frozen
class Scoring:
    """How one search values a finished game. The search owns it (``MinMax``'s
    ``win_value``, ``prefer_quick_wins`` and ``by_margin``); a table or an ordering in its
    factory stack takes it from the search (:class:`AScoredFac`).

    Attributes:
        win_value: The value of a win at the root.
        quick_wins: A win ``p`` plies away is worth ``win_value - p``.
        by_margin: A finished game is valued by how much it was won or lost: then
            ``win_value`` and ``quick_wins`` play no part.
    """

    win_value: float = WIN_VALUE
    quick_wins: bool = True
    by_margin: bool = False

    @property
    def counts_plies(self) -> bool:
        """Whether a win's value counts its plies (quick wins, and not by margin, since a
        margin is no win's distance)."""
        return self.quick_wins and not self.by_margin

    def agrees(self, other: Scoring) -> bool:
        """Whether values scored one way read the same the other way."""
        if self.by_margin or other.by_margin:
            return self.by_margin == other.by_margin
        return (self.win_value, self.quick_wins) == (other.win_value, other.quick_wins)

    def __str__(self) -> str:
        if self.by_margin:
            return "margins"
        if self.quick_wins:
            return f"wins at {self.win_value:,.10g} less their plies"
        return f"every win at {self.win_value:,.10g}"


DEFAULT_SCORING: Final = Scoring()
"""How a search scores by default (a win at :data:`WIN_VALUE`, quick wins)."""


class AScoredFac(IAccFactory):
    """A factory whose accumulators read values as the search scores them (a table files
    wins by their distance, an ordering turns the rules' bounds into values).

    What is given here must agree with the search; what is not given is taken from the
    first search the factory serves (``MinMax`` calls :meth:`serve`), so the scoring is
    stated once, on the search. A factory serves searches that score alike only.

    Args:
        win_value: As the search's (None: the search's).
        quick_wins: As the search's ``prefer_quick_wins`` (None: the search's).
        by_margin: As the search's (None: the search's).

    Attributes:
        scoring: The search's scoring once served; before, what was given (or the
            default). :attr:`win_value`, :attr:`quick_wins` and :attr:`by_margin` are
            read from it.
    """

    __slots__ = ("_given", "_served", "scoring")

    def __init__(
        self,
        win_value: float | None = None,
        quick_wins: bool | None = None,
        by_margin: bool | None = None,
    ) -> None:
        if win_value is not None:
            check_win_value(win_value)
        self._given = (win_value, quick_wins, by_margin)
        self._served: Scoring | None = None
        default = DEFAULT_SCORING
        self.scoring = Scoring(
            default.win_value if win_value is None else win_value,
            default.quick_wins if quick_wins is None else quick_wins,
            default.by_margin if by_margin is None else by_margin,
        )

    @property
    def win_value(self) -> float:
        """The value of a win the accumulators use (the scoring's)."""
        return self.scoring.win_value

    @property
    def quick_wins(self) -> bool:
        """Whether the accumulators count a win's distance (the scoring's ``counts_plies``)."""
        return self.scoring.counts_plies

    @property
    def by_margin(self) -> bool:
        """Whether values are margins (the scoring's)."""
        return self.scoring.by_margin

    def serve(self, scoring: Scoring) -> None:
        """Take the search's scoring.

        Raises:
            SettingsError: What was given here, or the scoring of a search served
                before, disagrees: values would be read wrongly.
        """
        self.check(scoring)
        self.take(scoring)

    def check(self, scoring: Scoring) -> None:
        """Refuse ``scoring`` as :meth:`serve` does, taking nothing."""
        name = type(self).__name__
        served = self._served
        if served is not None and not served.agrees(scoring):
            raise SettingsError(
                f"this {name} serves a search that values {served}; a search that values "
                f"{scoring} needs a {name} of its own"
            )
        win_value, quick_wins, by_margin = self._given
        if by_margin is not None and by_margin != scoring.by_margin:
            raise SettingsError(
                f"{name} has by_margin={by_margin} and the search by_margin="
                f"{scoring.by_margin}: its bounds would be read wrongly; give one of them"
            )
        given = Scoring(
            scoring.win_value if win_value is None else win_value,
            scoring.quick_wins if quick_wins is None else quick_wins,
            scoring.by_margin,
        )
        if not given.agrees(scoring):
            raise SettingsError(
                f"{name} was given {given} and the search values {scoring}: give "
                "win_value and quick wins once, to the search"
            )

    def take(self, scoring: Scoring) -> None:
        """Take ``scoring``, checked (:meth:`check`)."""
        self._served = self.scoring = scoring


def serve_scoring(factory: IAccFactory, scoring: Scoring) -> None:
    """Give the search's scoring to each factory of the stack that reads values
    (:meth:`AScoredFac.serve`); ``MinMax`` calls it when it is made.

    Raises:
        SettingsError: A factory disagrees (see :meth:`AScoredFac.serve`).
    """
    scored = [stack for stack in factory_stack(factory) if isinstance(stack, AScoredFac)]
    for stack in scored:
        stack.check(scoring)
    for stack in scored:  # all or none: a refused search leaves every factory as it was
        stack.take(scoring)


def check_values_agree(
    factory: IAccFactory, win_value: float, quick: bool, by_margin: bool = False
) -> None:
    """Deprecated name of :func:`serve_scoring` (refuses a disagreeing table or ordering
    and gives the others the search's scoring)."""
    serve_scoring(factory, Scoring(win_value, quick, by_margin))
