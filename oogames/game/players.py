"""Players (Rice: ``APlayer``) and the facade through which they ask for moves (``IRequestor``)."""

from __future__ import annotations

import abc
import contextlib
import random
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from oogames.board.copies import SearchCopy
from oogames.board.faults import check_not_stuck
from oogames.board.lambdas import draw_outcome
from oogames.board.model import ABoardModel, IBoardModel
from oogames.board.moves import CHANCE, PASS, Move
from oogames.errors import SearchStopped
from oogames.nextmove.results import SearchResult
from oogames.nextmove.strategy import INextMoveStrategy, checked_result

if TYPE_CHECKING:
    from oogames.game.settings import GameSettings


class IRequestor(abc.ABC):
    """What a player uses to ask the game for a move (Rice role: ``IRequestor``, facade)."""

    __slots__ = ()

    @abc.abstractmethod
    def request_move(self, player: int, move: Move, result: SearchResult | None = None) -> None:
        """Make ``move`` for ``player``, or raise :class:`~oogames.IllegalMoveError`.

        Args:
            player: The board's player (0 or 1) asking.
            move: The move.
            result: The search that chose it, for a computer's move.
        """

    def stop_pending(self) -> bool:
        """Whether a stop came for the turn about to begin, before it began (a view's stop
        of the request that leads to it: :meth:`~oogames.game.GameModel.begin_request`);
        a computer's turn asks, once under way, and makes no move. By default none."""
        return False


class APlayer(abc.ABC):
    """A side of the game (Rice role: ``APlayer``).

    Args:
        player: The board's player this side plays (0 moves first).
        name: How the side is shown: ``"X (human)"``.
    """

    def __init__(self, player: int, name: str) -> None:
        self.player = player
        self.name = name

    @property
    @abc.abstractmethod
    def is_human(self) -> bool:
        """Whether a person plays this side (then the view supplies the moves)."""

    @abc.abstractmethod
    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """It is this side's turn: a computer moves now; a person is waited for."""

    def stop(self) -> bool:
        """Stop thinking, if this side is thinking (a computer's search): it makes no move.
        Returns whether a turn was under way to stop (by default none: a person's)."""
        return False

    def move_now(self) -> bool:
        """Ask this side, if it is thinking, to play its best move so far; whether it can."""
        return False

    @property
    def can_move_now(self) -> bool:
        """Whether this side can be asked to move now while it thinks (:meth:`move_now`)."""
        return False

    def taken_back(self) -> None:
        """Moves of the game were taken back (undo): forget what was kept of its past (by
        default nothing is)."""
        return None


class ChancePlayer(APlayer):
    """Chance as a side: at a chance position it draws the outcome with the board's
    probabilities (a die rolled), from its own random generator.

    Args:
        seed: Seed of the generator, for games that replay the same rolls (None: new rolls).
    """

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(CHANCE, "chance")
        self.random = random.Random(seed)

    @property
    def is_human(self) -> bool:
        """Chance is no person, so this is always false."""
        return False

    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """Draw an outcome and play it."""
        requestor.request_move(CHANCE, draw_outcome(board, self.random))


class _Gate:
    """At most ``count`` searches at once; the others wait, woken when one ends or a stop
    comes (no polling: a waiting thread takes no turn of Python's lock)."""

    def __init__(self, count: int) -> None:
        self.free = count
        self.changed = threading.Condition()

    @contextlib.contextmanager
    def slot(self, stopped: Callable[[], bool]) -> Iterator[None]:
        with self.changed:
            while self.free == 0:
                if stopped():
                    raise SearchStopped("stopped while it waited for its turn to search")
                self.changed.wait()
            self.free -= 1
        try:
            yield
        finally:
            with self.changed:
                self.free += 1
                self.changed.notify_all()

    def wake(self) -> None:
        with self.changed:
            self.changed.notify_all()


_gate: _Gate | None = None


def limit_searches(count: int | None) -> None:
    """Let at most ``count`` searches of the game model (computers' moves and hints) run at
    once in this process; the others wait their turn (None: no limit, the default)."""
    global _gate
    _gate = None if count is None else _Gate(count)


@contextlib.contextmanager
def search_slot(stopped: Callable[[], bool]) -> Iterator[None]:
    """Wait for a free search (see :func:`limit_searches`), then search inside this block.

    Raises:
        SearchStopped: ``stopped()`` became true while it waited.
    """
    gate = _gate
    if gate is None:
        yield
        return
    with gate.slot(stopped):
        yield


def wake_waiting() -> None:
    """Let searches waiting for their turn look whether they were stopped."""
    if _gate is not None:
        _gate.wake()


class HumanPlayer(APlayer):
    """A person: the view asks the model for the person's moves, so a turn does nothing."""

    @property
    def is_human(self) -> bool:
        """True."""
        return True

    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """Wait for the view: the person's move will come through the requestor."""


class ComputerPlayer(APlayer):
    """A computer opponent: its strategy chooses the move at once.

    Args:
        player: The board's player this side plays.
        name: How the side is shown.
        strategy: The strategy that chooses its moves.
        thinking: Called with ``(player, True)`` before the search and
            ``(player, False)`` after it (a view shows "thinking...").
    """

    def __init__(
        self,
        player: int,
        name: str,
        strategy: INextMoveStrategy,
        thinking: Callable[[int, bool], None] | None = None,
    ) -> None:
        super().__init__(player, name)
        self.strategy = strategy
        self.thinking = thinking
        self._copies: SearchCopy[IBoardModel] = SearchCopy()  # what it searches, kept in step
        # A stop is for this side's turn only: one that arrives while no turn is under
        # way is dropped, one that arrives during a turn is never lost.
        self._lock = threading.RLock()  # re-entrant: a signal handler may stop the turn
        self._turn = False
        self._stopped = False

    @property
    def is_human(self) -> bool:
        """False."""
        return False

    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """Search a copy of the position and ask for the move found.

        The search works on a copy, so a view may draw the live board while
        the computer thinks, and a search that is stopped (:meth:`stop`,
        Ctrl-C) or fails leaves the game exactly as it was, this side still
        to move.

        Raises:
            SearchStopped: :meth:`stop` was called during the turn (even if the search
                ended before it noticed: the move is not played), or a stop was pending
                as it began (:meth:`IRequestor.stop_pending`).
        """
        with self._lock:  # a stop from now on is this turn's (one before it began: pending)
            self._turn, self._stopped = True, requestor.stop_pending()
        try:
            result = None if self._stopped else self._search(board)
        finally:
            with self._lock:
                self._turn, stopped = False, self._stopped
                if stopped:
                    self.strategy.clear_cancel()  # a stop the search did not take
                # A move now that came as the search ended is for this turn, not the next
                # (which would otherwise move after its first depth).
                self.strategy.clear_move_now()
        if stopped or result is None:
            raise SearchStopped(f"{self.name} was stopped")
        requestor.request_move(self.player, result.move, result)

    def taken_back(self) -> None:
        """Forget the copy of the board kept in step: moves played again after an undo can
        reach the copy's position by another way (with two people, or chance), and the
        copy would then keep a history the game no longer has."""
        self._copies = SearchCopy()

    def _search(self, board: IBoardModel) -> SearchResult:
        """The strategy's search of a copy of ``board``, told to :attr:`thinking` (that it
        ended too, whatever comes: Ctrl-C as it is told that it begins, say)."""
        try:
            if self.thinking is not None:
                self.thinking(self.player, True)
            with search_slot(lambda: self._stopped):  # its turn among the process's
                position = self._copies.of(board)
                return checked_result(self.strategy, self.strategy.analyze(position), board)
        finally:
            if self.thinking is not None:
                self.thinking(self.player, False)

    def stop(self) -> bool:
        """Stop the turn under way, if any: the search ends with no move (from another
        thread or a signal handler). Returns whether a turn was under way."""
        with self._lock:
            turn = self._turn
            if turn:
                self._stopped = True
                self.strategy.cancel()
        wake_waiting()  # a turn still waiting for its search ends at once
        return turn

    def move_now(self) -> bool:
        """Ask the search under way to play its best move so far (a timed search or MCTS);
        False if this side is not thinking or its strategy cannot."""
        with self._lock:
            return self._turn and self.strategy.move_now()

    @property
    def can_move_now(self) -> bool:
        """Whether the strategy has a move in hand while it thinks (a timed search, MCTS)."""
        return type(self.strategy).move_now is not INextMoveStrategy.move_now


class TurnControl:
    """Whose turn it is, and what that side does with it (Rice role: ``TurnControl``).

    Args:
        players: The sides, indexed by the board's player number.
    """

    def __init__(self, players: tuple[APlayer, ...], chance: APlayer | None = None) -> None:
        self.players = players
        self.chance = chance or ChancePlayer()

    @classmethod
    def seated(
        cls, settings: GameSettings, board: ABoardModel, thinking: Callable[[int, bool], None]
    ) -> TurnControl:
        """The sides ``settings`` seat at ``board``, each computer telling ``thinking`` when
        it starts and ends a search (a seed each, from the settings' seed)."""
        sides: list[APlayer] = []
        for player in range(board.players):
            spec = settings.spec_of(player)
            name = f"{board.player_names[player]} ({spec.label})"
            if spec.is_human:
                sides.append(HumanPlayer(player, name))
            else:
                seed = None if settings.seed is None else settings.seed + player
                strategy = spec.strategy(settings.info, seed, board)
                sides.append(ComputerPlayer(player, name, strategy, thinking))
        chance_seed = None if settings.seed is None else settings.seed + board.players
        return cls(tuple(sides), ChancePlayer(chance_seed))

    def side(self, player: int) -> APlayer:
        """The side that plays the board's ``player`` (chance's own side for
        :data:`~oogames.board.moves.CHANCE`)."""
        return self.chance if player == CHANCE else self.players[player]

    def current(self, board: ABoardModel) -> APlayer:
        """The side to move."""
        return self.side(board.to_move)

    def undo_count(self, board: ABoardModel) -> int:
        """How many moves one undo takes back on ``board``: back to before the last
        person's move (the last move, when no side is a person)."""
        if all(not side.is_human for side in self.players):
            return min(1, board.ply)
        start, size = board.ply, 8  # ever longer ends: a whole long game cost 30 ms a move
        while start:
            end, start, size = start, max(0, start - size), size * 8
            moves = board.history_since(start)[: end - start]
            for back, (player, move) in enumerate(reversed(moves), board.ply - end + 1):
                if self.side(player).is_human and move is not PASS:
                    return back
        return 0

    def run(self, board: ABoardModel, requestor: IRequestor) -> None:
        """Let the sides move until a person is to move or the game is over.

        A forced pass is played for whoever must pass, person or computer.
        """
        while not board.is_over:
            if board.can_pass():
                check_not_stuck(board)
                requestor.request_move(board.to_move, PASS)
                continue
            side = self.current(board)
            if side.is_human:
                side.take_turn(board, requestor)
                return
            side.take_turn(board, requestor)
