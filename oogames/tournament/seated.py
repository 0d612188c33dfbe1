"""Tournaments of games for more than two players, or with chance: seats, placings and a
rating made for them.

**Tables and seats.** A game of ``n`` seats is played by ``n`` of the tournament's players,
a table: every ``n`` of the players meet (with a gauntlet, only the tables with the first
player), and each table plays ``games`` games. Game ``r`` of a table seats its players
rotated ``r`` times, so that each takes each seat in turn (the first seat moves first), from
opening ``r // n``: a table of deterministic players replays no game while there are
openings left.

**Placings.** A finished game places its players by their payoffs (the board's
``payoffs``, Rolit's discs, who reached Pig's target): place 1 for the highest, and players
who tie share the mean of their places. A player who loses by a fault (time, an illegal
move, a crash) is placed last, and the others share the places above: the game stopped,
and no payoff tells them apart.

**Standings.** Each player's placing score is the mean over its games of
``(n - place) / (n - 1)``: 1 for first, 0 for last, and for two players the usual 1, 1/2
and 0. It is shown with its 95 % interval (the normal one, from the games' spread). The
rating is Elo by maximum likelihood (the Bradley-Terry model of
:mod:`oogames.tournament.ratings`), fitted to the pairs each game implies: a player placed
above another beat it, equal places are a draw. That is the pairwise decomposition of
multi-player Elo systems; each of a game's pairs weighs ``1 / (n - 1)`` of a game, so that
a game counts once for each player and the intervals are not narrowed by the ``n - 1``
results a player gets from one game (which are not independent). A Plackett-Luce fit
would model a placing as a whole; the pairwise fit is its usual approximation, reuses
the two-player ratings unchanged, and with two seats it is the two-player rating.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import cast

import attrs

from oogames.errors import SettingsError, shown
from oogames.tournament.games import rounds, tables
from oogames.tournament.playing import TIME_MARGIN, check_plan, opened_board, play_out
from oogames.tournament.ratings import Rating, fit_ratings


@attrs.frozen
class SeatedTask:
    """One game of a seated tournament (plain values, for a Dask worker).

    Attributes:
        game_id: Its id (``"0.1.2-4"``: the table of players 0, 1 and 2, game 4).
        game: The game's name.
        options: The board's options.
        seats: The strategy spec of each seat (seat ``i`` is the board's player ``i``).
        indexes: Each seat's player, as a place in the tournament's list of players.
        opening: Moves played before the strategies take over, in notation.
        seed: Seed of the strategies (seat ``i`` gets ``seed + i``) and of the dice.
        move_seconds: The time a move may take (None: no limit).
        margin: How far over ``move_seconds`` a move may run before it loses.
        plugin_seconds: How long a plug-in player's move may run (see
            :class:`~oogames.tournament.games.GameTask`).
        plugin_memory_mb: The memory a plug-in player's process may take (the same).
    """

    game_id: str
    game: str
    options: dict[str, object]
    seats: tuple[str, ...]
    indexes: tuple[int, ...]
    opening: tuple[str, ...] = ()
    seed: int = 0
    move_seconds: float | None = None
    margin: float = TIME_MARGIN
    plugin_seconds: float | None = None
    plugin_memory_mb: int | None = None


@attrs.frozen
class SeatedRecord:
    """A finished game of a seated tournament (each tuple by seat).

    Attributes:
        game_id: The task's id.
        indexes: Each seat's player (a place in the tournament's list).
        seats: Each seat's strategy spec.
        opening: The opening's moves.
        moves: Every move of the game (the opening's and the dice's included).
        places: Each seat's place (1 first; players who tie share the mean of their places).
        reason: How it ended, as in :class:`~oogames.tournament.games.GameRecord`.
        payoffs: Each seat's payoff from the finished game (empty after a fault).
        seconds: Each seat's thinking time.
        nodes: Each seat's nodes searched.
        evaluated: Each seat's positions scored by the evaluation.
    """

    game_id: str
    indexes: tuple[int, ...]
    seats: tuple[str, ...]
    opening: tuple[str, ...]
    moves: tuple[str, ...]
    places: tuple[float, ...]
    reason: str
    payoffs: tuple[float, ...]
    seconds: tuple[float, ...]
    nodes: tuple[int, ...]
    evaluated: tuple[int, ...]

    def score_of(self, seat: int) -> float:
        """Seat ``seat``'s placing score: ``(n - place) / (n - 1)``, 1 first, 0 last."""
        size = len(self.places)
        return (size - self.places[seat]) / (size - 1)

    def as_dict(self) -> dict[str, object]:
        """Plain values (for JSON and the database)."""
        return {
            name: list(value) if isinstance(value, tuple) else value
            for name, value in attrs.asdict(self, recurse=False).items()
        }

    @classmethod
    def from_dict(cls, data: object) -> SeatedRecord:
        """The record ``data`` (from :meth:`as_dict`) holds.

        Raises:
            ValueError: A field is missing or of the wrong kind.
        """
        if not isinstance(data, Mapping):
            raise ValueError(f"{shown(data)} is not a game's record")
        values: dict[str, object] = {}
        for field in attrs.fields(SeatedRecord):
            value = data.get(field.name)
            if field.name in ("game_id", "reason"):
                ok = isinstance(value, str)
            else:
                kind = _KINDS.get(field.name, float)
                ok = isinstance(value, list) and all(_is(item, kind) for item in value)
                value = tuple(value) if isinstance(value, list) else value
            if not ok:
                raise ValueError(f"its {field.name} is {shown(value)}")
            values[field.name] = value
        record = cast("Callable[..., SeatedRecord]", cls)(**values)  # each value checked above
        size = len(record.seats)
        sizes = {len(getattr(record, name)) for name in ("indexes", "places", "seconds", "nodes")}
        if size < 2 or sizes != {size} or len(record.payoffs) not in (0, size):
            raise ValueError("its seats do not agree")
        return record


#: The kind of the items of each list of a record (the others are numbers).
_KINDS: dict[str, type] = dict.fromkeys(("indexes", "nodes", "evaluated"), int) | dict.fromkeys(
    ("seats", "opening", "moves"), str
)


def _is(value: object, kind: type) -> bool:
    if kind is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, kind) and not isinstance(value, bool)


def places_of(payoffs: Sequence[float]) -> tuple[float, ...]:
    """Each player's place by ``payoffs``: 1 for the highest; a tie shares its places' mean.

    >>> from oogames.tournament.seated import places_of
    >>> places_of([10, 30, 10, 20])
    (3.5, 1.0, 3.5, 2.0)
    """
    return tuple(
        1
        + sum(other > mine for other in payoffs)
        + (sum(other == mine for other in payoffs) - 1) / 2
        for mine in payoffs
    )


def seated_schedule(
    game: str,
    options: dict[str, object],
    players: Sequence[str],
    seats: int,
    games: int,
    openings: Sequence[tuple[str, ...]],
    seed: int = 0,
    gauntlet: bool = False,
    move_seconds: float | None = None,
    margin: float = TIME_MARGIN,
    plugin_seconds: float | None = None,
) -> list[SeatedTask]:
    """Every game of a tournament of a ``seats``-player game, in order (see the module).

    Raises:
        SettingsError: Fewer players than seats, no game to play, or more than
            :data:`~oogames.tournament.games.MAX_GAMES`; or what
            :func:`~oogames.tournament.playing.check_plan` refuses.
    """
    if len(players) < seats:
        raise SettingsError(
            f"this game seats {seats} players and the tournament has {len(players)}: "
            f"name at least {seats} (--players)"
        )
    made = tables(len(players), seats, games, gauntlet)  # counted first
    check_plan(game, options, players, openings)
    tasks: list[SeatedTask] = []
    for table in made:
        for round_number, order, opening in rounds(table, games, openings):
            tasks.append(
                SeatedTask(
                    f"{'.'.join(map(str, table))}-{round_number}",
                    game,
                    dict(options),
                    tuple(players[index] for index in order),
                    order,
                    opening,
                    seed * 1_000_003 + len(tasks) * seats,
                    move_seconds,
                    margin,
                    plugin_seconds,
                )
            )
    return tasks


def play_seated(task: SeatedTask) -> SeatedRecord:
    """Play one game to its end and place its players; never raises for what a strategy
    does (a fault loses, as in :func:`~oogames.tournament.games.play_game`).

    Raises:
        SettingsError: The game does not seat as many players as the task.
    """
    board, info = opened_board(task)
    size = len(task.seats)
    if board.players != size:
        raise SettingsError(f"{task.game} seats {board.players} players, not {size}")
    played = play_out(
        task, info, board, [(spec, task.seed + i) for i, spec in enumerate(task.seats)]
    )
    if played.loser is not None:
        payoffs: tuple[float, ...] = ()
        places = tuple(float(size) if seat == played.loser else size / 2 for seat in range(size))
    else:
        payoffs = board.payoffs or ()
        places = places_of(payoffs)
    return SeatedRecord(
        task.game_id,
        task.indexes,
        task.seats,
        task.opening,
        played.moves,
        places,
        played.reason,
        payoffs,
        tuple(played.seconds),
        tuple(played.nodes),
        tuple(played.evaluated),
    )


@attrs.frozen
class SeatedStandings:
    """What a seated tournament's games say of its players.

    Attributes:
        players: The players' specs, in the tournament's order.
        seats: How many players a game seats.
        ratings: Each player's Elo :class:`~oogames.tournament.ratings.Rating` (its
            ``score`` the sum of its placing scores).
        intervals: Each player's placing score: (mean, half the 95 % interval).
        places: Each player's mean place.
        firsts: How many games each player won outright (place 1, alone).
        games: How many games were counted.
        forfeits: Games lost on time, by an illegal move or a crash: (game id, reason).
    """

    players: tuple[str, ...]
    seats: int
    ratings: tuple[Rating, ...]
    intervals: tuple[tuple[float, float], ...]
    places: tuple[float, ...]
    firsts: tuple[int, ...]
    games: int
    forfeits: tuple[tuple[str, str], ...]

    def order(self) -> list[int]:
        """The players, best placing score first (then best rating)."""
        return sorted(
            range(len(self.players)), key=lambda i: (-self.intervals[i][0], -self.ratings[i].elo)
        )


def seated_standings(players: Sequence[str], records: Sequence[SeatedRecord]) -> SeatedStandings:
    """The standings of ``players`` after ``records`` (see the module for the rating)."""
    size = len(players)
    scores: list[list[float]] = [[] for _ in range(size)]
    places: list[list[float]] = [[] for _ in range(size)]
    firsts = [0] * size
    pairs: list[tuple[int, int, float]] = []
    weights: list[float] = []
    forfeits = []
    seats = 2
    for record in records:
        seats = len(record.seats)
        for seat, index in enumerate(record.indexes):
            scores[index].append(record.score_of(seat))
            places[index].append(record.places[seat])
            firsts[index] += record.places[seat] == 1
        for a, b in itertools.combinations(range(seats), 2):
            mine, theirs = record.places[a], record.places[b]
            score = 1.0 if mine < theirs else 0.0 if mine > theirs else 0.5
            pairs.append((record.indexes[a], record.indexes[b], score))
            weights.append(1 / (seats - 1))
        if record.reason != "rules":
            forfeits.append((record.game_id, record.reason))
    fitted = fit_ratings(size, pairs, weights=weights)
    ratings = tuple(
        attrs.evolve(rating, games=len(scores[i]), score=sum(scores[i]))
        for i, rating in enumerate(fitted)
    )
    return SeatedStandings(
        tuple(players),
        seats,
        ratings,
        tuple(_mean_and_half(values) for values in scores),
        tuple(sum(values) / len(values) if values else math.nan for values in places),
        tuple(firsts),
        len(records),
        tuple(forfeits),
    )


def _mean_and_half(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and half its normal 95 % interval (inf with fewer than two)."""
    if not values:
        return (math.nan, math.inf)
    mean = sum(values) / len(values)
    if len(values) < 2:
        return (mean, math.inf)
    spread = math.sqrt(sum((value - mean) ** 2 for value in values) / (len(values) - 1))
    return (mean, 1.96 * spread / math.sqrt(len(values)))
