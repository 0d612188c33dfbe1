"""A test kit for boards: :func:`check_board` runs the contract checks the project runs on its
own games on a board of yours, and says in plain words what holds and what does not.

From pytest, in your own repository::

    from oogames.testing import check_board
    from mygame import MyBoard

    def test_my_board_keeps_the_contract():
        check_board(MyBoard).assert_ok()

The checks, on positions drawn by playing random moves from the start (by Hypothesis when
it is installed, which then looks for the shortest moves that break a check; otherwise by
a seeded random walk):

- ``map``: ``map`` applies the lambda only to moves ``make_move`` accepts, calls
  ``no_apply`` once where the player to move must pass, and stops when the lambda says so;
- ``undo``: each move's undo puts back everything (the position, its key, the player to
  move, the state, the moves played, the legal moves, the drawing);
- ``undo once``: an undo called a second time is refused (an ``UndoError``) and changes
  nothing; the undos of a game taken back in turn lead back to the start;
- ``refusals``: a move that is no move of the game, or a move by the player not to move,
  is refused (``invalid_move_case``) and changes nothing;
- ``the end``: a finished game maps no move, its state, ``winner`` and ``payoffs``
  agree with the status the board reports, and the payoffs keep within the bounds
  ``payoff_bounds`` gives, if it gives any (the searches that prune by them rely on it);
- ``no dead end``: no position where the player to move has no move and must pass, and
  so must the next, while the game is not over;
- ``names and pieces``: each player has a name and a piece, which the views show
  (:func:`~oogames.board.faults.check_described`);
- ``notation``: each legal move's text reads back as the move, and ``from_moves`` of the
  moves played gives the same position;
- ``copy``: a copy is the same position, and a move made on it leaves the original alone;
- ``perft``: :func:`~oogames.board.perft.perft` agrees with a count made with
  ``legal_moves`` (and with the counts you give, from the start).

The board's code runs in this process: a board that loops forever is not stopped here
(``oogames grade`` runs students' code in a process of its own).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence

import attrs

from oogames.board.faults import check_described, check_not_stuck
from oogames.board.model import ABoardModel
from oogames.board.moves import PASS
from oogames.board.perft import perft
from oogames.errors import BoardContractError
from oogames.testing.checks import (
    Broken,
    check_copy,
    check_end,
    check_map,
    check_notation,
    check_refusals,
    check_undo,
    check_undo_once,
    differs,
    snapshot,
)

__all__ = ["BoardReport", "Check", "check_board"]

#: The checks made at each position of a playout, in order, each by its name.
POSITION_CHECKS: Mapping[str, Callable[[ABoardModel], object]] = {
    "map": check_map,
    "undo": check_undo,
    "undo once": check_undo_once,
    "refusals": check_refusals,
    "the end": check_end,
    "no dead end": check_not_stuck,
    "names and pieces": check_described,
    "notation": check_notation,
    "copy": check_copy,
}

CHECKS: tuple[str, ...] = (*POSITION_CHECKS, "perft")
"""The checks :func:`check_board` runs, in the order it reports them."""


@attrs.frozen
class Check:
    """One check of a board.

    Attributes:
        name: Its name (one of :data:`CHECKS`).
        cases: How many positions (or moves) it looked at.
        failure: What went wrong, in one line with the moves that lead there; None if it
            held.
    """

    name: str
    cases: int
    failure: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the check held."""
        return self.failure is None


@attrs.frozen
class BoardReport:
    """What :func:`check_board` found: each check with its cases, and the first failure
    of each that failed. True when every check held.

    Attributes:
        board: The board's name.
        checks: The checks, in the order of :data:`CHECKS`.
        drawn_by: How the positions were drawn (``"Hypothesis"`` or ``"a random walk"``).
    """

    board: str
    checks: tuple[Check, ...]
    drawn_by: str

    @property
    def ok(self) -> bool:
        """Whether every check held."""
        return all(check.ok for check in self.checks)

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        lines = [f"{self.board}: positions drawn by {self.drawn_by}"]
        width = max((len(check.name) for check in self.checks), default=0)
        for check in self.checks:
            verdict = "ok" if check.ok else f"FAILED: {check.failure}"
            lines.append(f"  {check.name:<{width}} {check.cases:>6} checked  {verdict}")
        failed = sum(not check.ok for check in self.checks)
        lines.append("every check holds" if not failed else f"{failed} check(s) failed")
        return "\n".join(lines)

    def assert_ok(self) -> None:
        """Raise AssertionError with the whole report unless every check held (for pytest)."""
        if not self.ok:
            raise AssertionError(str(self))


def check_board(
    board: type[ABoardModel] | Callable[[], ABoardModel],
    *,
    positions: int = 100,
    seed: int = 0,
    max_plies: int = 200,
    perft_counts: Mapping[int, int] | None = None,
) -> BoardReport:
    """Run the contract checks (see the module) on the game ``board`` makes.

    Args:
        board: The board class (made with its defaults) or a function that makes a new
            board at the start of a game.
        positions: How many random playouts to check.
        seed: Seed of the random walk (with Hypothesis, its examples are derandomized).
        max_plies: The longest playout.
        perft_counts: Known perft counts from the start, by depth (``{1: 9, 2: 72}``).
    """
    make = board
    name = getattr(board, "__name__", type(board).__name__)
    cases = dict.fromkeys(CHECKS, 0)
    failures: dict[str, str] = {}
    checker = _Checker(make, cases, failures, max_plies)
    checker.start(perft_counts or {})
    drawn_by = checker.draw(positions, seed)
    checks = tuple(Check(check, cases[check], failures.get(check)) for check in CHECKS)
    return BoardReport(name, checks, drawn_by)


class _Checker:
    def __init__(
        self,
        make: Callable[[], ABoardModel],
        cases: dict[str, int],
        failures: dict[str, str],
        max_plies: int,
    ) -> None:
        self.make = make
        self.cases = cases
        self.failures = failures
        self.max_plies = max_plies

    def _run(self, check: str, where: Sequence[str], test: Callable[[], object]) -> None:
        """Run one check's test at a position; note its first failure or what it raised. A
        case is counted when the test checked something (it returns False when the position
        has nothing for it: no move to undo, say) or failed."""
        if check in self.failures:
            return
        at = f" after {' '.join(where)}" if where else " at the start"
        try:
            if test() is False:
                return
        except Broken as broken:
            self.failures.setdefault(broken.check or check, f"{broken.what}{at}")
        except BoardContractError as fault:  # check_not_stuck's own words
            self.failures[check] = f"{fault}{at}"
        except Exception as error:  # the board's own code raised: say what and where
            self.failures[check] = f"raised {type(error).__name__}: {error}{at}"
        self.cases[check] += 1

    def start(self, counts: Mapping[int, int]) -> None:
        """The checks made once, from the start: perft by hand and as given."""
        try:
            board = self.make()
        except Exception:  # named by the playouts' checks
            return

        def by_hand(depth: int) -> int:
            if depth == 0:
                return 1
            if board.is_over:
                return 0
            moves = board.moves_or_pass()
            total = 0
            for move in moves:
                undo = board.play(move)
                total += by_hand(depth - 1)
                undo()
            return total

        def test() -> None:
            for depth in range(1, 4):
                if by_hand(depth) != perft(board, board.to_move, depth):
                    raise Broken(f"perft({depth}) is not the count by legal_moves")
            for depth, expected in sorted(counts.items()):
                found = perft(board, board.to_move, depth)
                if found != expected:
                    raise Broken(f"perft({depth}) is {found:,}, not {expected:,}")

        self._run("perft", [], test)

    def draw(self, positions: int, seed: int) -> str:
        """Check the positions of ``positions`` playouts; how they were drawn."""
        try:
            from hypothesis import HealthCheck, given, settings
            from hypothesis import strategies as st
        except ImportError:
            rng = random.Random(seed)
            for _ in range(positions):
                self.playout([rng.randrange(1_000) for _ in range(self.max_plies)])
            return "a random walk"

        @settings(
            max_examples=positions,
            derandomize=True,
            database=None,
            deadline=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(st.lists(st.integers(0, 999), max_size=self.max_plies))
        def walk(choices: list[int]) -> None:
            self.playout(choices)

        walk()
        return "Hypothesis"

    def playout(self, choices: Sequence[int]) -> None:
        """Play one move a choice from the start, checking each position on the way."""
        try:
            board = self.make()
            start = snapshot(board)
        except Exception as error:  # the board's constructor raised: no position to check
            self.failures.setdefault("map", f"a new board raised {type(error).__name__}: {error}")
            return
        undos = []
        where: list[str] = []
        for choice in choices:
            self.position(board, where)
            if board.is_over or "map" in self.failures:
                break
            try:  # the board's own code: what it raises is the checks' to name
                moves = board.moves_or_pass()
                if not moves:
                    break
                move = moves[choice % len(moves)]
                text = "pass" if move is PASS else board.format_move(move)
                undos.append(board.play(move))
            except Exception:
                break
            where.append(text)

        def unwind() -> None:
            for undo in reversed(undos):
                undo()
            if snapshot(board) != start:
                raise Broken(
                    "taking the game back move by move did not lead "
                    f"back to the start: {differs(start, snapshot(board))}"
                )

        self._run("undo once", where, unwind)

    def position(self, board: ABoardModel, where: list[str]) -> None:
        """Every check made at one position (the board left as it was)."""
        for name, test in POSITION_CHECKS.items():
            self._run(name, where, functools.partial(test, board))
            if any(broken in self.failures for broken in ("map", "undo", "undo once")):
                return  # the board may now be in any state: check no more here
