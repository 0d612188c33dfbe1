"""The checks :func:`oogames.testing.check_board` makes at each position of a board, each a
function that raises :class:`Broken` with what it saw (the board left as it was)."""

from __future__ import annotations

from oogames.board.interface import IBoardModel
from oogames.board.lambdas import IBoardLambda
from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.board.undo import IUndoMove
from oogames.board.visitors import ICheckMoveVisitor, OutcomeVisitor
from oogames.errors import IllegalMoveError, OogamesError, UndoError


class Broken(Exception):
    """A check that does not hold, with what was seen."""

    def __init__(self, what: str, check: str | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.check = check  # another check's failure, found by this one


class _Collect(IBoardLambda[None]):
    """Records what ``map`` does: the moves applied, the ``no_apply`` calls."""

    def __init__(self, stop_after: int | None = None) -> None:
        self.moves: list[Move] = []
        self.passes = 0
        self.stop_after = stop_after

    def apply(self, player: int, host: IBoardModel, move: Move, param: None) -> bool:
        self.moves.append(move)
        return self.stop_after is None or len(self.moves) < self.stop_after

    def no_apply(self, player: int, host: IBoardModel, param: None) -> None:
        self.passes += 1


class _Verdict(ICheckMoveVisitor[None]):
    """Records whether ``make_move`` took a move."""

    def __init__(self) -> None:
        self.valid = 0
        self.invalid = 0

    def valid_move_case(self, host: IBoardModel, player: int, move: Move, param: None) -> None:
        self.valid += 1

    def invalid_move_case(
        self, host: IBoardModel, player: int, move: Move, error: IllegalMoveError, param: None
    ) -> None:
        self.invalid += 1


def snapshot(board: ABoardModel) -> tuple[object, ...]:
    """Everything a user sees of a board."""
    return (
        board.to_move,
        board.state,
        tuple(board.moves),
        board.key(),
        tuple(board.legal_moves()),
        str(board),
    )


def differs(before: tuple[object, ...], after: tuple[object, ...]) -> str:
    names = ("the player to move", "its state", "the moves played", "its key", "the legal moves")
    for name, old, new in zip((*names, "its drawing"), before, after, strict=True):
        if old != new:
            return f"{name} {new!r:.60}, not {old!r:.60}"
    return "nothing"


def check_map(board: ABoardModel) -> bool:
    player = board.to_move
    seen = _Collect()
    board.map(player, seen, None)
    if board.is_over:
        return False  # the end check's: a finished game maps nothing
    if seen.passes > 1 or (seen.passes and seen.moves):
        raise Broken(
            f"map called no_apply {seen.passes} time(s) and apply on {len(seen.moves)} move(s)"
        )
    for move in seen.moves:
        verdict = _Verdict()
        before = snapshot(board)
        undo = board.make_move(player, move, verdict, OutcomeVisitor(), None)
        undo()
        if verdict.valid != 1:
            raise Broken(f"map gave the move {move!r}, which make_move refused")
        if snapshot(board) != before:
            what = f"the undo of {move!r} left {differs(before, snapshot(board))}"
            raise Broken(what, check="undo")
    if len(seen.moves) > 1:
        first = _Collect(stop_after=1)
        board.map(player, first, None)
        if len(first.moves) != 1:
            raise Broken(f"map went on after apply returned False ({len(first.moves)} moves)")
    return True


def _made(board: ABoardModel, move: Move) -> IUndoMove | None:
    verdict = _Verdict()
    undo = board.make_move(board.to_move, move, verdict, OutcomeVisitor(), None)
    if verdict.valid:
        return undo
    return None


def check_undo(board: ABoardModel) -> bool:
    before = snapshot(board)
    moves = board.moves_or_pass()
    for move in moves:
        undo = _made(board, move)
        if undo is None:
            continue
        undo()
        if snapshot(board) != before:
            raise Broken(f"the undo of {move!r} left {differs(before, snapshot(board))}")
    return bool(moves)


def check_undo_once(board: ABoardModel) -> bool:
    before = snapshot(board)
    moves = board.moves_or_pass()
    undo = _made(board, moves[0]) if moves else None
    if undo is None:
        return False  # no move here to undo
    undo()
    try:
        undo()
    except UndoError:
        pass
    else:
        raise Broken(f"the undo of {moves[0]!r} worked a second time")
    if snapshot(board) != before:
        raise Broken(f"an undo called twice changed {differs(before, snapshot(board))}")
    return True


class _NoMove:
    """A move no game has."""

    def __repr__(self) -> str:
        return "<no move>"


def check_refusals(board: ABoardModel) -> None:
    before = snapshot(board)
    player = board.to_move
    others = [other for other in range(board.players) if other != player]
    tries: list[tuple[int, Move, str]] = [(player, _NoMove(), "a move that is no move")]
    moves = board.legal_moves()
    if moves and others and not board.is_over:
        tries.append((others[0], moves[0], "a move by the player not to move"))
    for who, move, what in tries:
        verdict = _Verdict()
        try:
            undo = board.make_move(who, move, verdict, OutcomeVisitor(), None)
        except OogamesError:
            verdict.invalid += 1  # refused by raising: allowed, if nothing changed
        else:
            if verdict.invalid != 1:
                undo()
                raise Broken(f"{what} ({move!r}) was taken")
        if snapshot(board) != before:
            raise Broken(f"{what} changed {differs(before, snapshot(board))}")


def check_end(board: ABoardModel) -> None:
    said = board.execute(OutcomeVisitor(), None)
    if not board.is_over:
        if said is not None:
            raise Broken(f"the game goes on but its status says {said!r}")
        return
    seen = _Collect()
    board.map(board.to_move, seen, None)
    if seen.moves:
        raise Broken(f"a finished game maps {len(seen.moves)} move(s)")
    payoffs = board.payoffs
    winner = board.winner
    if payoffs is not None and winner is not None and max(payoffs) != payoffs[winner]:
        raise Broken(f"the winner {winner} has not the best payoff of {payoffs}")
    bounds = board.payoff_bounds()
    if payoffs is not None and bounds is not None and not bounds.hold(tuple(payoffs)):
        raise Broken(f"the payoffs {payoffs} break the bounds its payoff_bounds gives, {bounds}")


def check_notation(board: ABoardModel) -> None:
    """Each legal move's text reads back as the move, and ``from_moves`` of the moves
    played gives the same position."""
    for move in board.legal_moves():
        text = board.format_move(move)
        if board.parse_move(text) != move:
            read = board.parse_move(text)
            raise Broken(f"the move {move!r} is written {text!r}, which reads as {read!r}")
    again = type(board).from_moves(board.moves, **board.options())
    if again.key() != board.key():
        raise Broken("from_moves of the moves played gives another position")


def check_copy(board: ABoardModel) -> None:
    twin = board.copy()
    if twin.key() != board.key() or twin.to_move != board.to_move:
        raise Broken("a copy is another position")
    moves = twin.moves_or_pass()
    if moves and not twin.is_over:
        before = snapshot(board)
        _made(twin, moves[0])
        if snapshot(board) != before:
            raise Broken("a move on a copy changed the original")
