"""The board test kit (oogames.testing): every built-in game passes it, and each board broken
in one way fails the check that names that way, and only that check."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oogames import ABoardModel, IBoardLambda
from oogames.board.hints import PayoffBounds
from oogames.board.lambdas import P
from oogames.board.model import Played
from oogames.board.moves import Move
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.board.undo import AMoveRecord
from oogames.games import GAMES, NimBoard
from oogames.testing import CHECKS, check_board

SMALL = {"othello": {"size": 4}, "rolit": {"size": 4}, "connectfour": {"width": 5, "height": 4}}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_built_in_game_keeps_the_contract(name: str) -> None:
    info = GAMES[name]
    report = check_board(lambda: info.make(**SMALL.get(name, {})), positions=40)
    print(f"checked: {name}: {sum(check.cases for check in report.checks)} cases")
    report.assert_ok()
    assert all(check.cases > 0 for check in report.checks)


def test_the_tic_tac_toe_counts_are_checked_and_a_wrong_count_is_named() -> None:
    from oogames import TicTacToeBoard

    assert check_board(TicTacToeBoard, perft_counts={1: 9, 2: 72, 3: 504}, positions=10)
    report = check_board(TicTacToeBoard, perft_counts={2: 71}, positions=10)
    assert _failed(report) == {"perft": "perft(2) is 72, not 71 at the start"}


class _ForgetsTheTurn(AMoveRecord):
    """Takes the total back, but not the turn."""

    __slots__ = ()
    move: int

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, NimBoard)
        board._total -= self.move
        board._state = NON_TERMINAL


class UndoForgetsTheTurn(NimBoard):
    __slots__ = ()

    def _play(self, player: int, move: Move) -> Played | None:
        played = super()._play(player, move)
        if played is None:
            return None
        record, state = played
        return _ForgetsTheTurn(self, player, record.move), state


class MapsTooFar(NimBoard):
    """Offers a step past the target (which the rules then refuse)."""

    __slots__ = ()

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        for step in self._order:
            if not lam.apply(player, self, step, param):
                return


class MapsOnAfterStop(NimBoard):
    """Ignores the lambda's False."""

    __slots__ = ()

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        room = self.target - self.total
        for step in self._order:
            if step <= room:
                lam.apply(player, self, step, param)


class _Twice(AMoveRecord):
    """An undo with no check that it is the latest move."""

    __slots__ = ()
    move: int

    def __call__(self) -> None:
        board = self.board
        assert isinstance(board, NimBoard)
        if board._history and board._history[-1] is self:
            del board._history[-1]
        board._total -= self.move
        board._to_move = self.player
        board._state = NON_TERMINAL


class UndoWorksTwice(NimBoard):
    __slots__ = ()

    def _play(self, player: int, move: Move) -> Played | None:
        played = super()._play(player, move)
        return None if played is None else (_Twice(self, player, played[0].move), played[1])


class TakesAnyTurn(NimBoard):
    """Lets either player add."""

    __slots__ = ()

    def _can_move(self, player: int) -> bool:
        return self._state is NON_TERMINAL


class NeverEnds(NimBoard):
    """At the target nobody can add, and the game is not over: a dead end."""

    __slots__ = ()

    def _play(self, player: int, move: Move) -> Played | None:
        played = super()._play(player, move)
        return None if played is None else (played[0], NON_TERMINAL)


class NamesOnePlayer(NimBoard):
    """Names one of its two players: a view has nothing to call the other."""

    __slots__ = ()
    player_names = ("A",)


class WritesMovesWrong(NimBoard):
    __slots__ = ()

    def format_move(self, move: Move) -> str:
        return "1" if move == 2 else super().format_move(move)


class EndsWithMoves(NimBoard):
    """Ends the game after the first move, and still maps moves when it is over."""

    __slots__ = ()

    def _play(self, player: int, move: Move) -> Played | None:
        played = super()._play(player, move)
        state: ABoardState = DRAW
        return None if played is None else (played[0], state)

    def map(self, player: int, lam: IBoardLambda[P], param: P) -> None:  # type: ignore[override]
        self._map_moves(player, lam, param)


class BoundsTooNarrow(NimBoard):
    """Declares payoffs of 0 to 1, and ends with a loss of -1."""

    __slots__ = ()

    def payoff_bounds(self, player: int | None = None) -> PayoffBounds:
        return PayoffBounds(0.0, 1.0, 1.0)


class RaisesInMap(NimBoard):
    __slots__ = ()

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        if self.total > 3:
            raise ValueError("no room")
        super()._map_moves(player, lam, param)


def _failed(report: object) -> dict[str, str]:
    return {check.name: check.failure for check in report.checks if check.failure}  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("board", "check", "words"),
    [
        (UndoForgetsTheTurn, "undo", "left the player to move"),
        (MapsTooFar, "map", "which make_move refused"),
        (MapsOnAfterStop, "map", "went on after apply returned False"),
        (UndoWorksTwice, "undo once", "worked a second time"),
        (TakesAnyTurn, "refusals", "a move by the player not to move"),
        (NeverEnds, "no dead end", "no player can move, yet the game is not over"),
        (NamesOnePlayer, "names and pieces", "2 players, but 1 player_names"),
        (WritesMovesWrong, "notation", "is written '1', which reads as 1"),
        (EndsWithMoves, "the end", "a finished game maps"),
        (RaisesInMap, "map", "raised ValueError: no room"),
        (BoundsTooNarrow, "the end", "break the bounds its payoff_bounds gives"),
    ],
)
def test_a_broken_board_fails_the_check_that_names_what_is_broken(
    board: Callable[[], ABoardModel], check: str, words: str
) -> None:
    report = check_board(board, positions=60)
    failed = _failed(report)
    assert check in failed and words in failed[check], str(report)
    assert not report and "FAILED" in str(report)
    with pytest.raises(AssertionError, match=check):
        report.assert_ok()
    print(f"checked: broken board named by its check: {board.__name__}: {sorted(failed)}")


def test_the_checks_are_reported_in_order_with_their_counts() -> None:
    report = check_board(NimBoard, positions=5)
    assert [check.name for check in report.checks] == list(CHECKS)
    assert str(report).splitlines()[-1] == "every check holds"
    rows = str(report).splitlines()[1:-1]  # one a check, their counts in one column
    assert len(rows) == len(CHECKS) and len({row.index(" checked") for row in rows}) == 1
    assert WON and report.drawn_by in ("Hypothesis", "a random walk")


def test_a_board_that_cannot_be_made_is_one_failure_not_a_crash() -> None:
    def broken() -> NimBoard:
        raise RuntimeError("no board today")

    report = check_board(broken, positions=3)
    assert _failed(report) == {"map": "a new board raised RuntimeError: no board today"}
