"""The ``write-a-game`` assignment: a student's board graded by the board test kit
(:func:`oogames.testing.check_board`), by perft against the rules' counts, and move by move
against a reference board of the same game.

*Handout*: "Write the 21 game as a subclass of ``oogames.ABoardModel`` (the players add 1,
2 or 3 to a total that starts at 0, in turn; whoever makes it 21 wins), with moves that
are the numbers added and written as such (``"2"``)." The tutorial of the documentation
writes this very game. An instructor sets another by naming its reference board
(``--reference``): a game of the package (``tictactoe``: the student's board is graded
against the package's, with its default options), or the instructor's own board class
as ``FILE.py:CLASS``; the student's board is made with no arguments and must write its
moves as the reference does.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import attrs

from oogames.board.model import ABoardModel
from oogames.board.moves import PASS
from oogames.board.perft import perft
from oogames.games import find_game
from oogames.testing import CHECKS, check_board

DEFAULT_REFERENCE = "nim"
"""The game ``write-a-game`` asks for unless the instructor names another: Nim's default
options are the 21 game."""

PERFT_NODES = 200_000
"""perft goes one ply deeper (up to 6) while the rules' count stays under this."""


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
    GameTest("perft", 2, "perft from the start equals the rules' counts, up to 6 plies"),
    GameTest("rules", 3, "in 40 random games, the same moves and the same end as the rules"),
)
"""The tests of ``write-a-game``."""


def reference(game: str = DEFAULT_REFERENCE) -> ABoardModel:
    """The rules the student's board must follow: ``game``'s board with its default
    options (the 21 game unless the instructor names another).

    Raises:
        SettingsError: No such game.
    """
    return find_game(game).make()


def run_game_test(
    name: str, make: Callable[[], ABoardModel], game: str = DEFAULT_REFERENCE
) -> tuple[bool, str]:
    """Run the test ``name`` on the boards ``make`` makes, against the rules of ``game``:
    whether it passed, and what was found (in the student's process)."""
    if name.startswith("contract: "):
        check = name.removeprefix("contract: ")
        report = check_board(make, positions=60)
        found = next(each for each in report.checks if each.name == check)
        return found.ok, found.failure or f"holds ({found.cases} cases)"
    if name == "perft":
        board, rules = make(), reference(game)
        depth = 0
        while depth < 6:
            depth += 1
            ours = perft(rules, rules.to_move, depth)
            theirs = perft(board, board.to_move, depth)
            if theirs != ours:
                return False, f"perft({depth}) is {theirs:,}, and the rules make it {ours:,}"
            if ours > PERFT_NODES:
                break
        return True, f"perft 1 to {depth} plies as the rules count"
    return _same_games(make, game)


def _moves(board: ABoardModel) -> list[str]:
    moves = board.moves_or_pass()
    return sorted("pass" if move is PASS else board.format_move(move) for move in moves)


def _same_games(make: Callable[[], ABoardModel], name: str) -> tuple[bool, str]:
    rng = random.Random(21)
    for game in range(40):
        board, rules = make(), reference(name)
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
