"""One game of a tournament played to its end under a clock, for any number of players
and with chance: the loop that :func:`~oogames.tournament.games.play_game` (two players)
and :func:`~oogames.tournament.seated.play_seated` (any number) share."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from oogames import plugins
from oogames.board.copies import SearchCopy
from oogames.board.lambdas import draw_outcome
from oogames.board.model import ABoardModel
from oogames.board.moves import CHANCE, PASS, Move
from oogames.errors import IllegalMoveError, OogamesError, one_line
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.specs import check_ends, check_fits, make_strategy
from oogames.nextmove.strategy import INextMoveStrategy, checked_result
from oogames.tournament.isolated import IsolatedPlayer, PlayerFault

if TYPE_CHECKING:
    from oogames.games import GameInfo
    from oogames.tournament.games import GameTask
    from oogames.tournament.seated import SeatedTask


PLUGIN_MOVE_SECONDS = 600.0
"""How long a plug-in player may take over a move in an untimed game before its process
is stopped and it loses the game."""

TIME_MARGIN = 0.5
"""How far over its time a timed move may run unless told, as a share of the time (a move
over ``move_seconds * (1 + margin)`` loses the game)."""


class _Player:
    """A built-in player, searching in this process (it stops when told to)."""

    def __init__(self, strategy: INextMoveStrategy) -> None:
        self.strategy = strategy
        self._copies: SearchCopy[ABoardModel] = SearchCopy()  # what it searches, kept in step

    def move(
        self, board: ABoardModel, moves: list[str], limit: float | None, hard: float
    ) -> tuple[Move | str, int, int]:
        """Its move, the nodes searched and the positions evaluated.

        Raises:
            PlayerFault: It raised, answered wrongly or ran out of time.
        """
        strategy = self.strategy
        alarm = None
        if limit is not None:
            alarm = threading.Timer(limit + 0.5, strategy.cancel)
            alarm.daemon = True
            alarm.start()
        start = time.perf_counter()
        try:  # an illegal move is played by the caller, and loses as such
            position = self._copies.of(board)
            result = checked_result(strategy, strategy.analyze(position), board, legal=False)
        except OogamesError as error:
            over = limit is not None and time.perf_counter() - start > limit
            raise PlayerFault("time" if over else f"crash: {one_line(error)}") from None
        except (Exception, SystemExit) as error:  # a bug loses its game, the tournament goes on
            blamed = plugins.blame(error)
            detail = one_line(blamed) if blamed else f"{type(error).__name__}: {error}"
            raise PlayerFault(f"crash: {detail}") from None
        finally:
            if alarm is not None:
                alarm.cancel()
        return result.move, result.stats.nodes, result.stats.evaluated

    def close(self) -> None:
        """Nothing to end."""


class _IsolatedPlayer(_Player):
    """A plug-in player, in its process (see :mod:`oogames.tournament.isolated`)."""

    def __init__(self, process: IsolatedPlayer) -> None:
        self.process = process

    def move(
        self, board: ABoardModel, moves: list[str], limit: float | None, hard: float
    ) -> tuple[Move | str, int, int]:
        return self.process.move(moves, hard)

    def close(self) -> None:
        self.process.close()


def _player(task: GameTask | SeatedTask, info: GameInfo, spec: str, seed: int) -> _Player:
    """The player ``spec`` names: a plug-in in its own process, a built-in here."""
    if StrategySpec.parse(spec, people=False).loads_code:
        process = IsolatedPlayer(task.game, task.options, spec, seed, task.plugin_memory_mb)
        return _IsolatedPlayer(process)
    return _Player(make_strategy(spec, info.evaluate, seed))


def check_plan(
    game: str, options: dict[str, object], players: Sequence[str], openings: Sequence[Sequence[str]]
) -> None:
    """Refuse, before any game is played, what would spoil every game it is in: an unknown
    game or an option it does not take, a player that is no strategy spec (or a person),
    a search with neither depth nor clock on a board too big to solve (:func:`check_ends`),
    a search that cannot search the game at all (:func:`check_fits`: ``brs`` on Pig),
    an opening the game refuses (replayed as each game replays it). No player's code is
    loaded here: a plug-in player is loaded where it plays.

    Raises:
        SettingsError: An unknown game, or a player that is no strategy's spec (a
            :class:`~oogames.errors.StrategySpecError` for a search without end).
        BoardOptionError: An option the game does not take.
        IllegalMoveError: An opening with a move the game refuses (its message starts with
            the opening's number and moves; ``error.index`` says which move, 0-based).
    """
    from oogames.games import find_game

    info = find_game(game)
    start = info.make(**options)
    solvable = not info.too_big(start)
    for spec in players:
        value = StrategySpec.parse(spec, people=False)
        check_fits(value, start)
        if not solvable:
            check_ends(value)
    for number, opening in enumerate(openings, 1):
        try:
            _opened(info, options, opening)
        except IllegalMoveError as error:  # which of many: the opening's number and moves
            raise error.within(f"opening {number} ({_moves_shown(opening)})") from None


def _moves_shown(opening: Sequence[str], width: int = 60) -> str:
    """The moves of ``opening`` as an error quotes them: cut to ``width`` characters (an
    opening of 100,000 moves was quoted whole, in one line of 300,000 characters)."""
    moves = " ".join(opening)
    return moves if len(moves) <= width else f"{len(opening):,} moves: {moves[:width].rstrip()} ..."


def opened_board(task: GameTask | SeatedTask) -> tuple[ABoardModel, GameInfo]:
    """The task's board after its opening, and its game."""
    from oogames.games import find_game

    info = find_game(task.game)
    return _opened(info, task.options, task.opening), info


def _opened(info: GameInfo, options: dict[str, object], opening: Sequence[str]) -> ABoardModel:
    """A board of ``options`` after ``opening``, each move read from its text."""
    board = info.make(**options)
    for index, text in enumerate(opening):
        try:
            board.play(board.parse_move(text))
        except IllegalMoveError as error:
            raise error.at_index(index) from None
    return board


@attrs.frozen
class PlayedOut:
    """How a game went from its opening to its end (each list by the board's player).

    Attributes:
        moves: Every move of the game, the opening's included, in notation.
        loser: The player who lost by a fault (time, an illegal move, a crash), or None.
        reason: ``"rules"``, or the fault with its detail (see :class:`GameRecord`).
        seconds: Each player's thinking time.
        nodes: Each player's nodes.
        evaluated: Each player's positions scored by the evaluation.
    """

    moves: tuple[str, ...]
    loser: int | None
    reason: str
    seconds: list[float]
    nodes: list[int]
    evaluated: list[int]


def play_out(
    task: GameTask | SeatedTask,
    info: GameInfo,
    board: ABoardModel,
    specs: Sequence[tuple[str, int]],
) -> PlayedOut:
    """Play ``board`` to its end, the board's player ``i`` by ``specs[i]`` (spec, seed), and
    chance (a die) by a generator seeded with the task's seed; never raises for what a
    strategy does (see :func:`play_game`)."""
    size = len(specs)
    seconds, nodes, evaluated = [0.0] * size, [0] * size, [0] * size
    moves = list(task.opening)
    limit = None if task.move_seconds is None else task.move_seconds * (1 + task.margin)
    hard = task.plugin_seconds or (PLUGIN_MOVE_SECONDS if limit is None else limit + 1.0)
    dice = random.Random(task.seed)
    reason = "rules"
    loser: int | None = None
    players: list[_Player] = []
    try:
        for side, (spec, seed) in enumerate(specs):
            try:
                players.append(_player(task, info, spec, seed))
            except OogamesError as error:  # its process could not build it
                loser, reason = side, getattr(error, "reason", f"crash: {one_line(error)}")
                break
        while loser is None and not board.is_over:
            side = board.to_move
            if side == CHANCE:  # the die: drawn with its probabilities
                rolled = draw_outcome(board, dice)
                board.play(rolled, CHANCE)
                moves.append(board.format_move(rolled))
                continue
            start = time.perf_counter()
            try:
                move, searched, scored = players[side].move(board, moves, limit, hard)
            except PlayerFault as fault:
                seconds[side] += time.perf_counter() - start
                loser, reason = side, fault.reason
                break
            elapsed = time.perf_counter() - start
            seconds[side] += elapsed
            nodes[side] += searched
            evaluated[side] += scored
            if limit is not None and elapsed > limit:
                loser = side
                reason = f"time: {elapsed:.2f} s for a move of {task.move_seconds:g} s"
                break
            try:
                if isinstance(move, str):  # from a player's process: its text
                    move = PASS if move == "pass" else board.parse_move(move)
                board.play(move, side)
            except (OogamesError, TypeError) as error:
                detail = one_line(error) if isinstance(error, OogamesError) else str(error)
                loser, reason = side, f"illegal: {detail}"
                break
            moves.append("pass" if move is PASS else board.format_move(move))
    finally:
        for player in players:
            player.close()
    return PlayedOut(tuple(moves), loser, reason, seconds, nodes, evaluated)
