"""What a tournament plays: the schedule of games and one game played under a clock.

A :class:`GameTask` is everything needed to play one game, in plain values
(so that it can travel to a Dask worker): the game and its options, the two
strategy specs (the first moves first), the opening and the time control.
:func:`play_game` plays it and returns a :class:`GameRecord`; a strategy that
raises, plays an illegal move or overruns its time loses the game, with the
reason recorded, and nothing escapes.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

import attrs

from oogames.board.moves import PASS
from oogames.errors import SettingsError, counted
from oogames.tournament.playing import PLUGIN_MOVE_SECONDS as PLUGIN_MOVE_SECONDS
from oogames.tournament.playing import TIME_MARGIN, check_plan, opened_board, play_out

if TYPE_CHECKING:
    from oogames.tournament.seated import SeatedTask

#: How a finished game ended, from the first player's side.
RESULTS = ("1-0", "0-1", "1/2-1/2")


@attrs.frozen
class GameTask:
    """One game to play.

    Attributes:
        game_id: Its id within the tournament (``"0-1-3"``: players 0 and 1, round 3).
        game: The game's name (a built-in name, a plug-in reference or an installed name).
        options: The board's options.
        first: The spec of the strategy that moves first.
        second: The spec of the strategy that moves second.
        first_index: The first player's place in the tournament's list of players.
        second_index: The second player's place.
        opening: Moves played before the strategies take over, in notation.
        seed: Seed for strategies that draw at random.
        move_seconds: The time a move may take (None: no limit).
        margin: How far over ``move_seconds`` a move may run before it loses the
            game on time (0.5: 50 % over).
        plugin_seconds: How long a plug-in player's move may run before its process is
            stopped and it loses (None: the time limit and a second, or
            :data:`PLUGIN_MOVE_SECONDS` in an untimed game).
        plugin_memory_mb: The memory a plug-in player's process may take, in MiB (None:
            no limit; see :func:`~oogames.tournament.isolated.limit_memory`).
    """

    game_id: str
    game: str
    options: dict[str, object]
    first: str
    second: str
    first_index: int
    second_index: int
    opening: tuple[str, ...] = ()
    seed: int = 0
    move_seconds: float | None = None
    margin: float = TIME_MARGIN
    plugin_seconds: float | None = None
    plugin_memory_mb: int | None = None


#: Fields added after tournaments were first stored: a task's key leaves them out while
#: they hold their default, so that a database made before them still resumes.
_LATER_FIELDS = frozenset({"plugin_seconds", "plugin_memory_mb"})


@attrs.frozen
class GameRecord:
    """A finished game.

    Attributes:
        game_id: The task's id.
        first_index: The first player's place in the list of players.
        second_index: The second player's place.
        first: The first player's spec.
        second: The second player's spec.
        opening: The opening's moves.
        moves: Every move of the game (the opening's included), in notation.
        result: ``"1-0"`` (the first player won), ``"0-1"`` or ``"1/2-1/2"``.
        reason: How it ended: ``"rules"`` (the game's own end), ``"time"`` (a
            player overran its time), ``"illegal"`` (an illegal move) or
            ``"crash"`` (a strategy raised), with a detail after a colon.
        seconds: Thinking time of each side.
        nodes: Nodes searched by each side.
        evaluated: Horizon positions each side scored with the evaluation.
    """

    game_id: str
    first_index: int
    second_index: int
    first: str
    second: str
    opening: tuple[str, ...]
    moves: tuple[str, ...]
    result: str
    reason: str
    seconds: tuple[float, float]
    nodes: tuple[int, int]
    evaluated: tuple[int, int] = (0, 0)

    def score_of(self, index: int) -> float:
        """The points player ``index`` (a place in the list of players) took from it."""
        first = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[self.result]
        return first if index == self.first_index else 1.0 - first

    def as_dict(self) -> dict[str, object]:
        """Plain values (for JSON and the database)."""
        return attrs.asdict(self, recurse=False, value_serializer=_plain)


def _plain(_: object, __: object, value: object) -> object:
    return list(value) if isinstance(value, tuple) else value


def random_openings(
    game: str, options: dict[str, object], count: int, plies: int, seed: int
) -> list[tuple[str, ...]]:
    """``count`` different openings of ``plies`` random moves (fewer if the game has fewer),
    none of which ends the game, drawn with ``seed``."""
    from oogames.games import find_game

    info = find_game(game)
    rng = random.Random(seed)
    found: dict[tuple[str, ...], None] = {}  # in the order drawn
    misses = 0  # draws in a row that found nothing new: the game has no more openings
    while len(found) < count and misses < 1_000:
        misses += 1
        board = info.make(**options)
        line: list[str] = []
        for _ in range(plies):
            moves = board.moves_or_pass()
            if not moves:
                break
            move = rng.choice(moves)
            board.play(move)
            line.append(board.format_move(move) if move is not PASS else "pass")
            if board.is_over:
                break
        if board.is_over:
            continue
        if tuple(line) not in found:
            found[tuple(line)] = None
            misses = 0
    return list(found) or [()]


def read_openings(text: str, count: int | None = None) -> list[tuple[str, ...]]:
    """Openings from a file's text: one a line, moves separated by spaces; ``#`` comments."""
    openings = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            openings.append(tuple(line.split()))
    if not openings:
        raise SettingsError("the openings file has no opening (one a line, moves by spaces)")
    return openings[:count] if count else openings


MAX_GAMES = 100_000
"""The most games one tournament plays."""


def check_games(groups: int, group: str, games: int) -> None:
    """Refuse ``groups`` pairings or tables (``group``) of ``games`` games each when that is
    no game, or more than :data:`MAX_GAMES`.

    Raises:
        SettingsError: No game to play, or too many.
    """
    if games < 1:
        raise SettingsError(f"each {group} plays at least one game (--games)")
    if groups * games > MAX_GAMES:
        raise SettingsError(
            f"{counted(groups, group)} of {counted(games, 'game')} is "
            f"{groups * games:,} games; "
            f"a tournament plays at most {MAX_GAMES:,}"
        )


def tables(players: int, seats: int, games: int, gauntlet: bool = False) -> list[tuple[int, ...]]:
    """The tables of a tournament of ``players`` that plays ``games`` games at each: every
    ``seats`` of them, in order (a pairing is a table of two); with a ``gauntlet``, only
    those with the first player.

    Raises:
        SettingsError: No game to play, or more than :data:`MAX_GAMES` (counted before
            any table is made).

    >>> from oogames.tournament.games import tables
    >>> tables(4, 2, games=2), tables(4, 2, games=2, gauntlet=True)
    ([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)], [(0, 1), (0, 2), (0, 3)])
    """
    count = math.comb(players - 1, seats - 1) if gauntlet else math.comb(players, seats)
    check_games(count, "pairing" if seats == 2 else "table", games)
    return [
        table
        for table in itertools.combinations(range(players), seats)
        if not gauntlet or 0 in table
    ]


def rounds(
    table: tuple[int, ...], games: int, openings: Sequence[tuple[str, ...]]
) -> Iterator[tuple[int, tuple[int, ...], tuple[str, ...]]]:
    """The ``games`` games of a table: ``(round, seating, opening)``. Round ``r`` seats the
    table rotated ``r`` times, so that each player takes each seat in turn (for two, the
    colours alternate), from opening ``r // seats`` (cycling): each opening is played from
    every seat.

    >>> from oogames.tournament.games import rounds
    >>> list(rounds((0, 2), 3, [("a",), ("b",)]))
    [(0, (0, 2), ('a',)), (1, (2, 0), ('a',)), (2, (0, 2), ('b',))]
    """
    seats = len(table)
    for round_number in range(games):
        turn = round_number % seats
        opening = openings[(round_number // seats) % len(openings)]
        yield round_number, table[turn:] + table[:turn], tuple(opening)


def schedule(
    game: str,
    options: dict[str, object],
    players: Sequence[str],
    games: int,
    openings: Sequence[tuple[str, ...]],
    seed: int = 0,
    gauntlet: bool = False,
    move_seconds: float | None = None,
    margin: float = TIME_MARGIN,
    plugin_seconds: float | None = None,
) -> list[GameTask]:
    """Every game of the tournament, in order.

    Round robin: every pair of players; gauntlet: the first player against each
    other. Each pairing plays ``games`` games: round ``r`` uses opening
    ``r // 2`` (cycling) and the colours alternate, so each opening is played
    from both sides; with at least ``games / 2`` openings, two deterministic
    strategies do not replay one game (fewer openings cycle, and
    :func:`~oogames.tournament.report.standings` counts a replay once).

    Raises:
        SettingsError: Fewer than two players, no game to play, or more than
            :data:`MAX_GAMES`; or what :func:`~oogames.tournament.playing.check_plan`
            refuses (a player that is no strategy spec, an opening the game refuses, ...).
    """
    if len(players) < 2:
        raise SettingsError("a tournament needs at least two players")
    pairings = tables(len(players), 2, games, gauntlet)  # counted first
    check_plan(game, options, players, openings)
    tasks: list[GameTask] = []
    for i, j in pairings:
        for round_number, (a, b), opening in rounds((i, j), games, openings):
            tasks.append(
                GameTask(
                    f"{i}-{j}-{round_number}",
                    game,
                    dict(options),
                    players[a],
                    players[b],
                    a,
                    b,
                    opening,
                    seed * 1_000_003 + len(tasks),
                    move_seconds,
                    margin,
                    plugin_seconds,
                )
            )
    return tasks


def tournament_key(tasks: Sequence[GameTask] | Sequence[SeatedTask]) -> str:
    """A fingerprint of the tournament's games (what a resumed run must match)."""
    text = json.dumps(
        [attrs.asdict(task, filter=_keyed) for task in tasks], sort_keys=True, default=list
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _keyed(field: attrs.Attribute[object], value: object) -> bool:
    return field.name not in _LATER_FIELDS or value != field.default


def play_game(task: GameTask) -> GameRecord:
    """Play one game to its end; never raises for what a strategy does.

    Each strategy is given a copy of the board, so a strategy that changes the
    board cannot change the game. A move that takes longer than
    ``move_seconds * (1 + margin)`` loses on time; at that point built-in searches
    are also told to stop. A plug-in player plays from a process of its own
    (:mod:`oogames.tournament.isolated`), killed if it has not answered a second
    after that (or after ``PLUGIN_MOVE_SECONDS`` in an untimed game): whatever it
    does (hang, exit, crash) loses its game, with the reason recorded.
    """
    board, info = opened_board(task)
    first_side = board.to_move  # the task's first player moves first after the opening
    specs = [(task.first, task.seed), (task.second, task.seed + 1)]
    if first_side == 1:
        specs.reverse()  # players[side] plays the board's player ``side``
    played = play_out(task, info, board, specs)
    loser = played.loser
    if loser is not None:
        result_text = "0-1" if loser == first_side else "1-0"
    elif board.winner is None:
        result_text = "1/2-1/2"
    else:
        result_text = "1-0" if board.winner == first_side else "0-1"
    seconds, nodes, evaluated = played.seconds, played.nodes, played.evaluated
    return GameRecord(
        task.game_id,
        task.first_index,
        task.second_index,
        task.first,
        task.second,
        task.opening,
        played.moves,
        result_text,
        played.reason,
        (seconds[first_side], seconds[1 - first_side]),
        (nodes[first_side], nodes[1 - first_side]),
        (evaluated[first_side], evaluated[1 - first_side]),
    )
