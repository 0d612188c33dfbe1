"""The ``evaluation`` assignment: a student's evaluation function, searched by alpha-beta,
plays seeded games of Connect Four against fixed opponents, and scores a test's points
when it scores the test's share of the games.

*Handout*: "Define ``evaluate(board, player)``: how good a Connect Four position
(:class:`~oogames.games.connectfour.ConnectFourBoard`) is for ``player``, a number,
larger is better. Your evaluation is searched by alpha-beta three plies deep
(:data:`DEPTH`), which values finished games itself; it plays ten games against each
opponent, from five seeded openings of two random moves, each from both sides."

The games are a tournament's (:mod:`oogames.tournament.games`): the student's player is a
plug-in player (:func:`player_spec`) in a process of its own, with a memory limit and
a time limit a move; whatever its code does loses that game, with the reason in the
report. The same player plays the class leaderboard
(:mod:`oogames.grading.leaderboard`).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from pathlib import Path

import attrs

from oogames.errors import SettingsError
from oogames.games import find_game
from oogames.grading.games import GameTest
from oogames.nextmove.factories import AlphaBetaFac, DepthFac
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.strategy import INextMoveStrategy
from oogames.tournament.games import GameTask, play_game, random_openings, schedule

GAME = "connectfour"
"""The game the evaluations play."""

DEPTH = 3
"""How deep alpha-beta searches with the student's evaluation."""

GAMES = 10
"""How many games against each opponent (five openings, each from both sides)."""

SEED = 2026
"""The seed of the openings and of the random opponent."""


@attrs.frozen
class MatchTest(GameTest):
    """One test of ``evaluation``: a :class:`~oogames.grading.games.GameTest` (name,
    points, what it checks) played against an opponent.

    Attributes:
        opponent: The opponent's strategy spec (None: the test of the values alone).
        share: The share of the points (a win 1, a draw 1/2) the test asks for.
    """

    opponent: str | None
    share: float


EVALUATION_TESTS: tuple[MatchTest, ...] = (
    MatchTest(
        "a number for every position",
        1,
        "a finite number for both players in 100 positions of random games, the board "
        "left as it was",
        None,
        1.0,
    ),
    MatchTest("beats random", 2, "90% of the points against random moves", "random", 0.9),
    MatchTest(
        "beats a greedy player",
        3,
        "80% against one ply of alpha-beta with the game's own evaluation",
        "alphabeta:1",
        0.8,
    ),
    MatchTest(
        "holds the game's own evaluation",
        4,
        f"half the points against alpha-beta {DEPTH} plies deep with the game's own evaluation",
        f"alphabeta:{DEPTH}",
        0.5,
    ),
)
"""The tests of ``evaluation``, in the order the report lists them."""


def searcher(path: str) -> Callable[..., INextMoveStrategy]:
    """The plug-in player of the evaluation in the file ``path``: a function of the
    depth, returning alpha-beta with that evaluation (what :func:`player_spec` names).

    Raises:
        AttributeError: The file defines no ``evaluate``.
        TypeError: Its ``evaluate`` is not a function.
    """
    from oogames.grading.worker import load

    evaluate = load(path).evaluate
    if not callable(evaluate):
        raise TypeError("evaluate is not a function")

    def player(depth: int = DEPTH) -> INextMoveStrategy:
        return MinMax(DepthFac(AlphaBetaFac(), depth, evaluate))

    return player


def player_spec(submission: Path, folder: Path, index: int = 0) -> str:
    """A plug-in strategy spec for the evaluation in ``submission``: a file written in
    ``folder`` (``entrant_INDEX.py``) whose ``player`` is :func:`searcher`'s.

    Raises:
        SettingsError: ``folder``'s path cannot stand in a spec (``:``, ``@``, a space).
    """
    wrapper = folder / f"entrant_{index}.py"
    if any(mark in str(wrapper) for mark in ":@") or any(c.isspace() for c in str(wrapper)):
        raise SettingsError(
            f"the folder {str(folder)!r} cannot be named in a strategy spec (it has a ':', "
            "an '@' or a space): set TMPDIR to another"
        )
    wrapper.write_text(
        f'"""A player of oogames grade: alpha-beta with the evaluation of a submission."""\n\n'
        f"from oogames.grading.evaluation import searcher\n\n"
        f"player = searcher({json.dumps(str(submission.resolve()))})\n",
        encoding="utf-8",
    )
    return f"{wrapper}:player:{DEPTH}"


@attrs.frozen
class MatchResult:
    """What a player scored against one opponent.

    Attributes:
        points: The points it scored (a win 1, a draw 1/2).
        games: The games of the match.
        played: The games played (fewer than :attr:`games` when the match stopped early).
        forfeits: Why the games it lost other than by the rules were lost.
    """

    points: float
    games: int
    played: int
    forfeits: tuple[str, ...]

    @property
    def share(self) -> float:
        """The share of the points it scored (a game not played counts as lost)."""
        return self.points / self.games


def match_tasks(
    players: list[str], games: int, seconds: float, memory_mb: int, gauntlet: bool = False
) -> list[GameTask]:
    """The games of ``players`` on :data:`GAME`: ``games`` a pairing (the first player
    against each other with ``gauntlet``), from seeded openings each played from both
    sides, a plug-in's move within ``seconds`` and its process within ``memory_mb`` MiB."""
    openings = random_openings(GAME, {}, max(1, games // 2), 2, SEED)
    return [
        attrs.evolve(task, plugin_seconds=seconds, plugin_memory_mb=memory_mb)
        for task in schedule(GAME, {}, players, games, openings, seed=SEED, gauntlet=gauntlet)
    ]


def play_match(
    spec: str, opponent: str, seconds: float, memory_mb: int, share: float = 0.0
) -> MatchResult:
    """``spec`` against ``opponent``: :data:`GAMES` games (see :func:`match_tasks`).

    The match stops early once ``spec`` can no longer score ``share`` of the points, or
    when it lost a game on time (a search that hangs would hang every game): the games
    not played count as lost.
    """
    tasks = match_tasks([spec, opponent], GAMES, seconds, memory_mb, gauntlet=True)
    points, played, forfeits = 0.0, 0, []
    for task in tasks:
        record = play_game(task)
        scored = record.score_of(0)
        points, played = points + scored, played + 1
        if record.reason != "rules" and scored == 0:
            forfeits.append(record.reason)
        hopeless = points + len(tasks) - played < share * len(tasks)
        if hopeless or (scored == 0 and record.reason.startswith("time")):
            break
    return MatchResult(points, len(tasks), played, tuple(forfeits))


def match_output(test: MatchTest, result: MatchResult) -> tuple[bool, str]:
    """Whether ``result`` passes ``test``, and what the report says."""
    passed = result.share >= test.share
    line = (
        f"{result.points:g} of {result.games} points against {test.opponent} "
        f"({result.share:.0%}; the test asks {test.share:.0%})"
    )
    if result.played < result.games:
        line += f"\nstopped after {result.played} games: the rest cannot change the result"
    if result.forfeits:
        line += f"\nlost {len(result.forfeits)} by a fault, the first: {result.forfeits[0]}"
    return passed, line


def check_values(submission: str) -> tuple[bool, str]:
    """Run in the grader's worker: the submission's ``evaluate`` on 100 positions of
    seeded random games, for both players; each value must be a finite number and the
    board must be as it was."""
    from oogames.grading.worker import load

    evaluate = load(submission).evaluate
    info = find_game(GAME)
    draw = random.Random(SEED)
    checked = 0
    while checked < 200:
        board = info.make()
        while not board.is_over and checked < 200:
            for player in (0, 1):
                before = (board.key(), board.to_move)
                value = evaluate(board, player)
                if (board.key(), board.to_move) != before:
                    return False, f"the board changed after evaluate(board, {player})"
                if isinstance(value, bool) or not isinstance(value, int | float):
                    return False, f"evaluate returned {type(value).__name__}, not a number"
                if not math.isfinite(value):
                    return False, f"evaluate returned {value}, not a finite number"
                checked += 1
            board.play(draw.choice(board.legal_moves()))
    return True, f"a finite number for each of {checked} evaluations"
