"""Elo ratings by maximum likelihood over all games, with 95 % intervals.

As Ordo and BayesElo do, and unlike a running Elo update, the ratings are the
values that make the results of *all* the games most likely under the Elo
model: player i scores against player j with probability
``1 / (1 + 10 ** ((r_j - r_i) / 400))``, a draw counting half a win and half
a loss. The fit is Hunter's minorization-maximization for the Bradley-Terry
model (each step raises the likelihood; it converges to the maximum). The
ratings average 0. A player who won or lost every game would have an
infinite rating; ``prior_draws`` virtual draws between every pair of players
who met keep every rating finite (BayesElo's prior does the same), and 0
gives the plain maximum likelihood. The intervals come from the curvature of
the log-likelihood at its maximum (the inverse of the Fisher information),
under the constraint that the ratings average 0.

>>> from oogames.tournament.ratings import fit_ratings
>>> ratings = fit_ratings(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)], prior_draws=0)
>>> round(ratings[0].elo - ratings[1].elo, 1)  # 3 of 4: 400 log10(3)
190.8
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

ELO = 400 / math.log(10)
"""Elo points per unit of natural log-strength."""


@attrs.frozen
class Rating:
    """A player's fitted rating.

    Attributes:
        elo: The rating (the players' ratings average 0).
        low: The lower end of its 95 % interval.
        high: The upper end.
        games: Games played.
        score: Points scored.
    """

    elo: float
    low: float
    high: float
    games: int
    score: float


def fit_ratings(
    players: int,
    games: Sequence[tuple[int, int, float]],
    prior_draws: float = 1.0,
    iterations: int = 10_000,
    weights: Sequence[float] | None = None,
) -> list[Rating]:
    """Fit Elo ratings to ``games``, each ``(i, j, score of i)`` with a score of 1, 0.5 or 0.

    Args:
        players: How many players (0 to players - 1).
        games: The results.
        prior_draws: Virtual draws added between every pair that played.
        iterations: The most MM steps (it stops when the ratings move less than 1e-9).
        weights: What each result counts for (None: 1 each): a game of more players
            gives a result for each pair at the table, each weighing a share of a game
            (see :mod:`oogames.tournament.seated`).
    """
    wins = [[0.0] * players for _ in range(players)]  # wins[i][j]: points of i against j
    count = [[0.0] * players for _ in range(players)]
    played = [0] * players
    scored = [0.0] * players
    for (i, j, score), weight in zip(games, weights or [1.0] * len(games), strict=True):
        wins[i][j] += weight * score
        wins[j][i] += weight * (1 - score)
        count[i][j] += weight
        count[j][i] += weight
        played[i] += 1
        played[j] += 1
        scored[i] += score
        scored[j] += 1 - score
    for i in range(players):
        for j in range(players):
            if i != j and count[i][j]:
                wins[i][j] += prior_draws / 2
                count[i][j] += prior_draws
    strength = [1.0] * players
    for _ in range(iterations):
        moved = 0.0
        for i in range(players):
            total = sum(wins[i])
            denominator = sum(
                count[i][j] / (strength[i] + strength[j])
                for j in range(players)
                if j != i and count[i][j]
            )
            if denominator == 0:
                continue
            new = max(total / denominator, 1e-300)
            moved = max(moved, abs(math.log(new) - math.log(strength[i])))
            strength[i] = new
        mean = sum(math.log(s) for s in strength) / players
        strength = [math.exp(math.log(s) - mean) for s in strength]
        if moved < 1e-9:
            break
    theta = [math.log(s) for s in strength]
    spread = _standard_errors(theta, count)
    return [
        Rating(
            ELO * theta[i],
            ELO * (theta[i] - 1.96 * spread[i]),
            ELO * (theta[i] + 1.96 * spread[i]),
            played[i],
            scored[i],
        )
        for i in range(players)
    ]


def _standard_errors(theta: list[float], count: list[list[float]]) -> list[float]:
    """Standard errors of the log-strengths (mean fixed at 0) from the Fisher information."""
    size = len(theta)
    if size < 2:
        return [0.0] * size
    info = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i != j and count[i][j]:
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                weight = count[i][j] * p * (1 - p)
                info[i][i] += weight
                info[i][j] -= weight
    # Fix player 0 at 0, invert the rest, then move to the mean-zero parametrization.
    reduced = [row[1:] for row in info[1:]]
    inverse = _invert(reduced)
    if inverse is None:
        return [math.inf] * size
    full = [[0.0] * size for _ in range(size)]
    for i in range(1, size):
        for j in range(1, size):
            full[i][j] = inverse[i - 1][j - 1]
    # theta' = (I - J/n) theta: cov' = A cov A^T
    row_mean = [sum(full[i]) / size for i in range(size)]
    total_mean = sum(row_mean) / size
    return [math.sqrt(max(full[i][i] - 2 * row_mean[i] + total_mean, 0.0)) for i in range(size)]


def _invert(matrix: list[list[float]]) -> list[list[float]] | None:
    """The inverse by Gauss-Jordan elimination with partial pivoting, or None if singular."""
    size = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(size)] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        if abs(work[pivot][column]) < 1e-12:
            return None
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        work[column] = [value / lead for value in work[column]]
        for row in range(size):
            if row != column and work[row][column]:
                factor = work[row][column]
                work[row] = [a - factor * b for a, b in zip(work[row], work[column], strict=True)]
    return [row[size:] for row in work]
