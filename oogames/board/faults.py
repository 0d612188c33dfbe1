"""What a board model does wrong, told in one line: the checks the searches, the
players and the game model make when a board breaks its contract.

A board written as a plug-in may forget that a game with no moves must end,
file positions under a key that cannot be hashed, or evaluate to text or NaN.
The search would then fail deep inside its accumulators with an error that
names none of this; instead, when a search finds no move or fails on a value
of the wrong type, it asks :func:`board_fault` what the board does wrong, and
raises that.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from numbers import Real

from oogames.board.model import ABoardModel, IBoardModel
from oogames.board.moves import PASS, Move
from oogames.board.states import ABoardState
from oogames.board.undo import AMoveRecord
from oogames.errors import BoardContractError, OogamesError


def check_not_stuck(board: IBoardModel) -> None:
    """Refuse a game in which the player to move must pass and the next must too, the game
    not over: the passes would go on forever. The board is left as it was.

    Raises:
        BoardContractError: No player can move and the game is not over.
    """
    if not isinstance(board, ABoardModel) or board.is_over or not board.can_pass():
        return
    undos = [board.play(PASS)]
    try:
        if not board.is_over and board.can_pass():
            undos.append(board.play(PASS))  # back to the first player, in the same position
        stuck = len(undos) == 2 and not board.is_over and board.can_pass()
    finally:  # the board as it was, whatever the board's own code raises
        for undo in reversed(undos):
            undo()
    if stuck:
        raise BoardContractError(
            f"{_name(board)}: no player can move, yet the game is not over; the "
            "board must end such a game (a draw, for example)"
        )


def check_described(board: IBoardModel) -> None:
    """Refuse a game whose players outnumber its names or its pieces, which every view
    shows (a game that declares ``players = 3`` as a class attribute is given plain ones;
    one whose number of players is an option says them itself).

    Raises:
        BoardContractError: A player has no name, or no piece.
    """
    if not isinstance(board, ABoardModel):
        return
    named, pieces = len(board.player_names), len(board.pieces.marks)
    if min(named, pieces) < board.players:
        raise BoardContractError(
            f"{_name(board)}: {board.players} players, but {named} player_names and the"
            f" pieces of {pieces}; the game must name each player and give each a piece"
        )


def check_playable(board: IBoardModel) -> None:
    """Refuse a game a game model cannot play: one that could never go on
    (:func:`check_not_stuck`), or whose players a view could not show
    (:func:`check_described`). The board is left as it was."""
    check_not_stuck(board)
    check_described(board)


def check_played(board: ABoardModel, played: object) -> None:
    """Raise what a game's :meth:`~oogames.board.model.ABoardModel._play` did wrong if it
    returned neither (the move's record, a state object) nor None: the template method
    :meth:`~oogames.board.model.ABoardModel.make_move` asks when a move fails. A move
    pushed with a wrong state is taken back first (its record can); what a ``_play`` that
    returned no record changed, no record can undo. Returns if ``_play`` kept its contract
    (the failure came from elsewhere).

    Raises:
        BoardContractError: ``played`` is no such pair.
    """
    if not isinstance(played, tuple) or len(played) != 2:
        said = f"{type(played).__name__} {played!r:.60}"
    elif not isinstance(played[0], AMoveRecord):
        said = f"{type(played[0]).__name__} {played[0]!r:.60} as the move's record"
    elif not isinstance(played[1], ABoardState):
        board.pop()  # the template pushed the move before the state failed it
        said = f"{type(played[1]).__name__} {played[1]!r:.60} as the new state"
    else:
        return
    raise BoardContractError(
        f"{_name(board)}: its _play returned {said}; it must return (the move's record, the"
        " new state: NON_TERMINAL, EXTRA_TURN, AT_CHANCE, WON[player], DRAW or"
        " game_over(payoffs)), or None for a move the rules refuse"
    )


def board_fault(board: IBoardModel, player: int) -> BoardContractError | None:
    """What ``board`` does wrong in its position, for ``player`` to move, if anything a
    search relies on: a game no one can move in that is not over, a table key that
    cannot be hashed, an evaluation that is not a finite number. None if all is well.
    The board is left as it was."""
    try:
        check_not_stuck(board)
    except BoardContractError as fault:
        return fault
    for method in ("key", "table_key"):
        key = getattr(board, method)()
        try:
            hash(key)
        except TypeError:
            return BoardContractError(
                f"{_name(board)}: its {method}() returned {type(key).__name__} {key!r:.40}, "
                "which cannot be hashed (a table files positions by it: make it a tuple "
                "of numbers or strings, an int or a str)"
            )
    evaluate = getattr(board, "evaluate", None)
    if evaluate is not None:
        value = evaluate(player)
        if not isinstance(value, Real) or not math.isfinite(value):
            return BoardContractError(
                f"{_name(board)}: its evaluate returned {type(value).__name__} {value!r:.40}, "
                "not a finite number"
            )
    return None


def line_fault(
    board: IBoardModel, line: Iterable[Move], budget: int = 10_000
) -> BoardContractError | None:
    """The fault of :func:`board_fault` in a position down ``line`` (a search's principal
    variation, which leads towards where an impossible value came from) or, past its end,
    in the tree below (looked at depth first, at most ``budget`` positions): the first one
    met, or None. For an error message only. The board is left as it was."""
    if not isinstance(board, ABoardModel):
        return None
    undos = []
    left = [budget]

    def below() -> BoardContractError | None:
        if board.is_over or left[0] <= 0:
            return None
        left[0] -= 1
        fault = board_fault(board, board.to_move)
        if fault is not None:
            return fault
        for move in board.moves_or_pass():
            undo = board.play(move)
            try:
                fault = below()
            finally:
                undo()
            if fault is not None:
                return fault
        return None

    try:
        for move in line:
            undos.append(board.play(move))
        return below()
    except (OogamesError, RecursionError):  # the line does not replay, or the tree is too
        return None  # deep to look through: nothing more to say
    finally:  # the board as it was, whatever the board's own code raises
        for undo in reversed(undos):
            undo()


def _name(board: IBoardModel) -> str:
    from oogames.plugins import ref_of  # plug-ins know where a board's class came from

    return ref_of(board) or type(board).__name__
