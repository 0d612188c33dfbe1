"""The ``write-a-game`` assignment: a student's board graded by the board test kit
(:func:`oogames.testing.check_board`), by perft against the rules' counts, and move by move
against a reference board of the same game.

*Handout*: "Write the 21 game as a subclass of ``oogames.ABoardModel`` (the players add 1,
2 or 3 to a total that starts at 0, in turn; whoever makes it 21 wins), with moves that
are the numbers added and written as such (``"2"``)." The tutorial of the documentation
writes this very game: an instructor sets another by giving its reference board.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from oogames.board.model import ABoardModel
from oogames.board.moves import PASS
from oogames.board.perft import perft
from oogames.games.nim import NimBoard
from oogames.testing import CHECKS, check_board


@attrs.frozen
class GameTest:
    """One test of a student's board.

    Attributes:
        name: The test's name.
        points: What it is worth.
        about: What it checks, for the report.
    """

    name: str
    points: float
    about: str


GAME_TESTS: tuple[GameTest, ...] = (
    *(
        GameTest(f"contract: {check}", 1, f"the board test kit's check {check!r}")
        for check in CHECKS
        if check != "perft"
    ),
    GameTest("perft", 2, "perft from the start equals the rules' counts, 1 to 6 plies"),
    GameTest("rules", 3, "in 40 random games, the same moves and the same end as the rules"),
)
"""The tests of ``write-a-game``."""


def reference() -> ABoardModel:
    """The rules the student's board must follow: the 21 game."""
    return NimBoard(target=21, max_add=3)


def run_game_test(name: str, make: Callable[[], ABoardModel]) -> tuple[bool, str]:
    """Run the test ``name`` on the boards ``make`` makes: whether it passed, and what
    was found (in the student's process)."""
    if name.startswith("contract: "):
        check = name.removeprefix("contract: ")
        report = check_board(make, positions=60)
        found = next(each for each in report.checks if each.name == check)
        return found.ok, found.failure or f"holds ({found.cases} cases)"
    if name == "perft":
        board, rules = make(), reference()
        for depth in range(1, 7):
            theirs, ours = perft(board, board.to_move, depth), perft(rules, rules.to_move, depth)
            if theirs != ours:
                return False, f"perft({depth}) is {theirs:,}, and the rules make it {ours:,}"
        return True, "perft 1 to 6 plies as the rules count"
    return _same_games(make)


def _moves(board: ABoardModel) -> list[str]:
    moves = board.legal_moves() or ([PASS] if board.can_pass() else [])
    return sorted("pass" if move is PASS else board.format_move(move) for move in moves)


def _same_games(make: Callable[[], ABoardModel]) -> tuple[bool, str]:
    rng = random.Random(21)
    for game in range(40):
        board, rules = make(), reference()
        played: list[str] = []
        while True:
            theirs, ours = _moves(board), _moves(rules)
            at = f"game {game + 1}, after {' '.join(played) or 'no move'}"
            if theirs != ours:
                return False, f"{at}: the moves are {' '.join(theirs)}, not {' '.join(ours)}"
            if board.is_over != rules.is_over or board.winner != rules.winner:
                said, right = board.status_text(), rules.status_text()
                return False, f"{at}: the game says {said!r}, the rules {right!r}"
            if rules.is_over or not ours:
                break
            text = rng.choice(ours)
            board.play(board.parse_move(text))
            rules.play(rules.parse_move(text))
            played.append(text)
    return True, "40 games move by move as the rules play them"
