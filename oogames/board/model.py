"""``ABoardModel``, the behaviour boards share: the template method around a game's rules.

The contract it implements is :class:`~oogames.board.interface.IBoardModel` (also
importable from here) and the optional :class:`~oogames.board.hints.ISearchHints`.
"""

from __future__ import annotations

import abc
import inspect
from collections.abc import Iterable
from typing import Any, ClassVar, Self, TypeAlias, overload

from oogames.board.hints import ISearchHints
from oogames.board.interface import IBoardModel
from oogames.board.lambdas import COLLECT_MOVES, FIND_A_MOVE, IBoardLambda, P
from oogames.board.moves import CHANCE, PASS, Move
from oogames.board.notation import ABoardText
from oogames.board.options import Option, check_size
from oogames.board.order import MoveOrder
from oogames.board.states import AT_CHANCE, EXTRA_TURN, NON_TERMINAL, ABoardState
from oogames.board.turns import ATurns, players_named
from oogames.board.undo import NO_UNDO, AMoveRecord, IUndoMove, PassRecord
from oogames.board.visitors import (
    IGNORE_STATUS,
    RAISE_ON_INVALID,
    AnyCheck,
    AnyStatus,
    IBoardStatusVisitor,
    ICheckMoveVisitor,
    MoveStatus,
    R,
)
from oogames.errors import (
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    shown,
)

__all__ = ["ABoardModel", "IBoardModel", "ISearchHints", "Played", "check_size"]

Played: TypeAlias = tuple[AMoveRecord, ABoardState]  # a real type: `Played | None` works
"""What a game's :meth:`ABoardModel._play` returns for a move the rules accept: the
move's record (its undo) and the new state object."""


class ABoardModel(ATurns, MoveOrder, ABoardText, ISearchHints):
    """What every board shares (Rice role: ``ABoardModel``): the Rice protocol around a
    game's rules, with what people see (:class:`~oogames.board.notation.ABoardText`), the
    move order (:class:`~oogames.board.order.MoveOrder`) and the search hints
    (:class:`~oogames.board.hints.ISearchHints`) from its bases.

    A new game subclasses it and writes its rules, nothing of the protocol:

    - :meth:`_play`: make a move of the player to move, in a game that goes on,
      and return its record (an :class:`AMoveRecord` subclass whose
      ``_restore`` undoes the change and calls :meth:`_restore_turn`) and the
      new state object; or None, changing nothing, for a move the rules refuse.
      :meth:`make_move` is the template method around it: it checks the
      player and the state, and does the rest of the Rice protocol (history,
      turn, state, the visitors, passes, and the explanation of a refusal);
    - :meth:`_map_moves`: apply the lambda to the moves of the player to move;
    - :meth:`~IBoardModel.key` and :meth:`~oogames.board.notation.ABoardText._draw`;
    - optionally :meth:`~IBoardModel.reset` (by default every move is undone),
      :meth:`options` (by default the constructor's parameters kept as attributes),
      :meth:`evaluate` (for depth-limited searches of a plug-in game), and what its
      bases offer: a notation, a picture, an explanation of refusals, a move order.

    A game whose whole position is one immutable value (or is cheap to copy into one)
    needs no record class: :class:`~oogames.board.undo.SnapshotRecord` keeps the value
    from before the move and gives it back through :meth:`_set_snapshot`.

    Nim, Grundy's game, Kalah and the game trees are written this way (the tutorial
    writes one, step by step). Tic-tac-toe, Connect Four and Othello override
    :meth:`make_move` whole, the template's steps written out on the searches' hot
    path (measured: ``benchmarks/framework_cost.py``); a new game has no need to.

    Attributes kept for subclasses: ``_state`` (the state object), ``_to_move`` (the
    player to move; a fast path tests ``player is not self._to_move``, so a look-alike
    such as ``0.0`` or ``True`` falls to the slow path, which refuses it) and
    ``_history`` (the stack of move records, each an undo command).
    """

    __slots__ = ("_history", "_state", "_to_move")

    #: The options of the constructor, declared once with their defaults, help and ranges.
    #: The board checks its arguments with them, the command line makes its flags from
    #: them and the settings screens read them (see :mod:`oogames.board.options`). A board
    #: that declares none has them read from its constructor's signature.
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    def __init__(self) -> None:
        self._state: ABoardState = NON_TERMINAL
        self._to_move = 0
        self._history: list[AMoveRecord] = []
        MoveOrder.__init__(self)

    # -- the Rice contract -------------------------------------------------

    @overload
    def map(self, player: int, lam: IBoardLambda[None]) -> None: ...
    @overload
    def map(self, player: int, lam: IBoardLambda[P], param: P) -> None: ...
    def map(self, player: int, lam: IBoardLambda[Any], param: Any = None) -> None:
        """Apply ``lam`` to every valid move of ``player`` (see :meth:`IBoardModel.map`).

        The current state object decides: a game that goes on maps the
        moves of the player to move; a finished game calls ``no_apply``.
        (The common case, a game that goes on and its player to move, goes
        straight to the moves: this runs at every inner node of a search.)
        """
        if self._state is NON_TERMINAL and player is self._to_move:
            self._map_moves(player, lam, param)
        else:
            self._state.map(self, player, lam, param)

    @overload
    def make_move(
        self, player: int, move: Move, check: ICheckMoveVisitor[None], status: MoveStatus[None]
    ) -> IUndoMove: ...
    @overload
    def make_move(
        self, player: int, move: Move, check: ICheckMoveVisitor[P], status: MoveStatus[P], param: P
    ) -> IUndoMove: ...
    def make_move(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object = None
    ) -> IUndoMove:
        """Make ``move`` for ``player`` and report through the visitors (see
        :meth:`IBoardModel.make_move`): the Rice protocol, written once (template method).

        The game's own rule is one hook, :meth:`_play`; this method asks it only for
        the player to move in a game that goes on, then finishes the move
        (:meth:`_finish_move`), or hands what it did not accept to
        :meth:`_make_move_slow` (a pass, or the explanation of a refusal).
        """
        if self._can_move(player):
            played = self._play(player, move)
            if played is not None:
                try:  # free while _play keeps its contract
                    record, state = played
                    return self._finish_move(record, state, check, status, param)
                except (TypeError, ValueError, AttributeError):
                    from oogames.board.faults import check_played

                    check_played(self, played)  # raises if _play broke its contract
                    raise
        return self._make_move_slow(player, move, check, status, param)

    @classmethod
    def unwritten_rules(cls) -> list[str]:
        """The methods a game must write that ``cls`` does not, sorted (empty: none): the
        abstract ones, and :meth:`_play` unless it overrides :meth:`make_move` whole."""
        missing = set(getattr(cls, "__abstractmethods__", ()))
        if cls._play is ABoardModel._play and cls.make_move is ABoardModel.make_move:
            missing.add("_play")
        return sorted(missing)

    def _play(self, player: int, move: Move) -> Played | None:
        """The game's rule for one move (the hook of the template method :meth:`make_move`).

        Called for the player to move, in a game that goes on. If the rules accept
        ``move``, change the position and return the move's record (its undo) and the
        new state object: :data:`~oogames.board.states.NON_TERMINAL`,
        :data:`~oogames.board.states.EXTRA_TURN` (the same player moves again),
        ``WON[player]`` or :data:`~oogames.board.states.DRAW`. Otherwise return None
        and change nothing: the template then explains the refusal.
        """
        raise NotImplementedError(f"{type(self).__name__} implements neither _play nor make_move")

    @overload
    def execute(self, visitor: IBoardStatusVisitor[R, None]) -> R: ...
    @overload
    def execute(self, visitor: IBoardStatusVisitor[R, P], param: P) -> R: ...
    def execute(self, visitor: IBoardStatusVisitor[Any, Any], param: Any = None) -> Any:
        """Dispatch the current status to ``visitor`` (see :meth:`IBoardModel.execute`)."""
        return self._state.execute(self, visitor, param)

    @abc.abstractmethod
    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        """Apply ``lam`` to the moves of ``player``, who is to move in a game that goes on.

        Must call ``lam.no_apply`` once if there is no move (a forced pass).
        """

    # -- what a Python user expects -----------------------------------------

    @property
    def to_move(self) -> int:
        """The player whose turn it is."""
        return self._to_move

    @property
    def state(self) -> ABoardState:
        """The state object of the current status (see :mod:`oogames.board.states`)."""
        return self._state

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._state.is_over

    @property
    def winner(self) -> int | None:
        """The player who has won, or None (a draw, or the game goes on)."""
        return self._state.winner

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves played from the start, oldest first (passes included)."""
        return tuple(record.move for record in self._history)

    @property
    def history(self) -> tuple[tuple[int, Move], ...]:
        """``(player, move)`` for each move played from the start, oldest first (who made a
        move is kept with it: passes break the alternation of the players)."""
        return tuple((record.player, record.move) for record in self._history)

    def last_played(self) -> tuple[int, Move] | None:
        """``(player, move)`` of the latest move (not a tuple of all), or None at the start."""
        return (self._history[-1].player, self._history[-1].move) if self._history else None

    def history_since(self, ply: int) -> tuple[tuple[int, Move], ...]:
        """The end of :attr:`history`: ``(player, move)`` of each move after the first ``ply``."""
        return tuple((record.player, record.move) for record in self._history[ply:])

    @property
    def ply(self) -> int:
        """How many moves (passes included) have been played from the start."""
        return len(self._history)

    def legal_moves(self, player: int | None = None) -> list[Move]:
        """The valid moves of ``player`` (default: the player to move), in map order.

        Empty when the game is over or it is not ``player``'s turn; a forced
        pass is not listed (it is ``[PASS]`` only through :meth:`can_pass`).
        """
        found: list[Move] = []
        self.map(self._to_move if player is None else player, COLLECT_MOVES, found)
        return found

    def moves_or_pass(self, player: int | None = None) -> list[Move]:
        """What ``player`` (default: the player to move) chooses from: its valid moves, or
        ``[PASS]`` when passing is its only move (empty when it has neither)."""
        moves = self.legal_moves(player)
        return moves or ([PASS] if self.can_pass(player) else [])

    def can_pass(self, player: int | None = None) -> bool:
        """Whether :data:`~oogames.board.moves.PASS` is a valid move for ``player`` now."""
        player = self._to_move if player is None else player
        if self._state.is_over or player != self._to_move:
            return False
        found: list[Move] = []
        self.map(player, FIND_A_MOVE, found)
        return not found

    def play(self, move: Move, player: int | None = None) -> IUndoMove:
        """Make ``move`` for ``player`` (default: the player to move), raising if it is illegal.

        Returns:
            The undo command of the move.

        Raises:
            IllegalMoveError: The move is not valid here (the board is unchanged).
        """
        return self.make_move(
            self._to_move if player is None else player, move, RAISE_ON_INVALID, IGNORE_STATUS
        )

    def pop(self) -> Move:
        """Take back the latest move and return it.

        Raises:
            IndexError: No move has been played.
        """
        if not self._history:
            raise IndexError("pop from a board with no moves played")
        record = self._history[-1]
        record()
        return record.move

    @classmethod
    def from_moves(cls, moves: Iterable[Move] | str, **options: object) -> Self:
        """Build a board with ``options`` and play ``moves`` from the start.

        Raises:
            IllegalMoveError: A move is illegal; ``error.index`` says which (0-based).
            BoardOptionError: The options are not valid for this game.
        """
        board = cls(**options)
        text = isinstance(moves, str)
        items: Iterable[Any] = board._split_moves(moves) if isinstance(moves, str) else moves
        for index, item in enumerate(items):
            try:
                board.play(board.parse_move(item) if text else item)
            except IllegalMoveError as error:
                raise error.at_index(index) from None
        return board

    def copy(self) -> Self:
        """An independent board in the same position, with the same history and move order."""
        twin = type(self)(**self.options())
        if self._custom_order is not None:
            twin.set_move_order(self._custom_order)
        for record in self._history:
            twin.play(record.move, record.player)
        return twin

    def __eq__(self, other: object) -> bool:
        """Boards are equal when they are the same game, options and position."""
        if not isinstance(other, ABoardModel) or type(other) is not type(self):
            return NotImplemented
        return (
            self.options() == other.options()
            and self._to_move == other._to_move
            and self._state is other._state
            and self.key() == other.key()
        )

    __hash__ = None  # type: ignore[assignment]  # boards change; hash their key()

    def __repr__(self) -> str:
        options = ", ".join(f"{name}={value!r}" for name, value in self.options().items())
        moves = list(self.moves)
        return f"{type(self).__name__}.from_moves({moves!r}{', ' if options else ''}{options})"

    def evaluate(self, player: int) -> float:
        """How good the position is for ``player``, for depth-limited searches of a game that
        comes as a plug-in (``MODULE:CLASS``); the games of the package have theirs in
        :data:`oogames.games.GAMES`. By default 0: the search then knows only wins, draws
        and losses it sees. Positive is good for ``player``; stay well inside
        ``±WIN_VALUE``."""
        return 0.0

    def options(self) -> dict[str, object]:
        """The keyword arguments that build this game's empty board (its size, k, ...).

        By default, each parameter of the constructor that the board keeps as an
        attribute of the same name (``def __init__(self, target=21)`` with
        ``self.target = target``); a board whose options are kept otherwise
        writes its own.
        """
        names = inspect.signature(type(self)).parameters
        return {name: getattr(self, name) for name in names if hasattr(self, name)}

    def reset(self) -> None:
        """Back to the starting position: every move undone (a board may do it faster)."""
        while self.ply:
            self.pop()

    # -- for subclass authors: the documented steps of a move ----------------

    def _can_move(self, player: int) -> bool:
        """Whether the game goes on and ``player`` (exactly the int player id) is to move,
        or ``player`` is :data:`~oogames.board.moves.CHANCE` at a chance position.

        The first test of :meth:`make_move`: when it is false, the move goes to
        :meth:`_make_move_slow`.
        """
        state = self._state
        if (state is NON_TERMINAL or state is EXTRA_TURN) and player is self._to_move:
            return True
        return state is AT_CHANCE and player is CHANCE

    def _finish_move(
        self,
        record: AMoveRecord,
        state: ABoardState,
        check: ICheckMoveVisitor[P],
        status: MoveStatus[P],
        param: P,
    ) -> AMoveRecord:
        """The end of a valid move, after the position has changed: the Rice protocol.

        Pushes ``record`` on the history, gives the turn to the other player
        (to the same player with :data:`~oogames.board.states.EXTRA_TURN`),
        installs ``state`` (:data:`~oogames.board.states.NON_TERMINAL`,
        :data:`~oogames.board.states.EXTRA_TURN`, ``WON[player]`` or
        :data:`~oogames.board.states.DRAW`), tells ``check`` the move was valid, lets
        the state object call ``status``'s case, and returns ``record``, the
        undo command that ``make_move`` returns. The template method
        :meth:`make_move` calls it; the games that override ``make_move`` whole write
        these lines out on their hot paths.
        """
        self._history.append(record)
        self._to_move = self._next_player(record.player, state)
        self._state = state
        check.valid_move_case(self, record.player, record.move, param)
        state.execute(self, status, param)
        return record

    def _map_outcomes(self, lam: IBoardLambda[P], param: P) -> None:
        """Apply ``lam`` to each chance outcome with its probability (``map(CHANCE, ...)`` at
        a chance position), until ``apply_chance`` returns false."""
        for outcome, probability in self.chance_outcomes():
            if not lam.apply_chance(self, outcome, probability, param):
                return

    def _set_turn(self, player: int, state: ABoardState) -> None:
        self._to_move = player
        self._state = state

    # -- the slow path of make_move: passes and refusals ---------------------

    def _make_move_slow(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object
    ) -> IUndoMove:
        """Handle what :meth:`_play` (or a game's own fast path) did not: a pass, or a refusal."""
        if move is PASS and self.can_pass(player):
            record = PassRecord(self, player, PASS)
            self._to_move = self.following[player]
            self._history.append(record)
            check.valid_move_case(self, player, move, param)
            self._state.execute(self, status, param)
            return record
        check.invalid_move_case(self, player, move, self._refusal(player, move), param)
        return NO_UNDO

    def _refusal(self, player: int, move: Move) -> IllegalMoveError:
        """The error that explains why ``move`` by ``player`` is refused."""
        if type(player) is not int or not (player == CHANCE or 0 <= player < self.players):
            return MalformedMoveError(
                move,
                -1,
                f"the player must be {players_named(self.players)}, not {shown(player)}",
                str(self),
                shown=shown(move),
                who=shown(player),
            )
        form = None if move is PASS else self._move_form_error(move)
        if form is not None:
            return self._not_of_the_form(move, form, player)
        if self._state.is_over:
            return self._illegal(move, player, "the game is over", GameOverError)
        if player != self._to_move:
            who = self.player_names[self._to_move]
            return self._illegal(move, player, f"it is {who}'s turn", NotYourTurnError)
        if move is PASS:
            return self._illegal(move, player, "a player with a valid move cannot pass")
        return self._why_illegal(player, move)

    def _set_snapshot(self, snapshot: object) -> None:
        """Put back the position a :class:`~oogames.board.undo.SnapshotRecord` kept.

        Only boards that use snapshot records implement it.
        """
        raise NotImplementedError(f"{type(self).__name__} does not keep snapshots")
