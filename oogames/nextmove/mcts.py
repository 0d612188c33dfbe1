"""Monte Carlo tree search: UCT with random playouts and MCTS-Solver, on the board contract.

The Rice roles, as the rest of the package uses them:

- **Strategy** (:class:`MCTS`, an :class:`~oogames.nextmove.strategy.INextMoveStrategy`):
  repeats *select, expand, play out, back up* until its budget (iterations,
  seconds, a cancel) runs out, then plays the most visited move.
- **Board model**: every move is made with ``make_move`` and taken back with
  the undo command it returns, in the one board the strategy was given (no
  copies); the status visitor reports how each move left the game, so the
  tree learns where games end and who moves next (extra turns included).
- **Lambda** (``_Pick``): a playout chooses its move through ``map``,
  keeping one of the moves uniformly at random as they stream past
  (reservoir sampling), so no list of moves is built in a playout.
- **Tree nodes** (:class:`~oogames.nextmove.mcts_tree.MCTSNode`, the search's own tree)
  hold the statistics and the only lists of moves MCTS keeps.
- **Evaluation** (optional, ``mcts+eval``): a playout may stop after a few
  random moves and let the game's evaluation function say who is ahead, a win
  for that player (early playout termination, as in Lorentz, 2016).

MCTS-Solver (Winands, Björnsson and Saito, 2008): a node whose game is over is
proven; a node where the player to move has a proven winning move is proven
won for that player; a node all of whose moves are proven is proven at the
best of them. Proven nodes are not played out again, a proven loss is never
chosen while another move exists, and a proven win is always chosen, so a
forced win the tree has seen is never missed.
"""

from __future__ import annotations

import math
import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeAlias

from oogames.board.faults import board_fault
from oogames.board.interface import IBoardModel
from oogames.board.lambdas import COLLECT_MOVES_OR_PASS, IBoardLambda
from oogames.board.moves import PASS, Move
from oogames.board.options import check_size, variant_of
from oogames.board.visitors import UNDO_AT_ONCE, IBoardStatusVisitor
from oogames.errors import SearchStopped, SettingsError
from oogames.nextmove.accumulators import Evaluation
from oogames.nextmove.evaluation import as_evaluation
from oogames.nextmove.mcts_tree import DRAW, LOSS, WIN, MCTSNode, MCTSResult
from oogames.nextmove.results import SearchStats
from oogames.nextmove.running import StopFlag, run_deep
from oogames.nextmove.strategy import INextMoveStrategy, check_can_move, check_clock
from oogames.nextmove.values import WIN_VALUE
from oogames.parsing import check_whole

if TYPE_CHECKING:
    from oogames.board.undo import IUndoMove
    from oogames.trace.tracer import SearchTrace

__all__ = ["DRAW", "ITERATIONS", "LOSS", "MCTS", "PLAYOUT_PLIES", "WIN", "MCTSNode", "MCTSResult"]

PLAYOUT_PLIES: Final = 8
"""Random moves a playout cut short by an evaluation makes (``mcts+eval``) unless told."""
ITERATIONS: Final = 1_000
"""The iterations of a move, given neither iterations nor seconds (``mcts``)."""

_Game: TypeAlias = "tuple[type, tuple[tuple[str, object], ...], tuple[tuple[int, Move], ...]]"
"""What identifies the game a board is in (:func:`_game_of`)."""
_GOES_ON: Final = -1.0  # the status visitor's answer: the game goes on


class _Status(IBoardStatusVisitor[None, object]):
    """The status visitor of MCTS: records in ``result`` how the move left the game (the
    winner, 0.0 or 1.0; :data:`DRAW`; or that it goes on), since make_move returns no value."""

    __slots__ = ("result",)

    def __init__(self) -> None:
        self.result = _GOES_ON

    def player0_won_case(self, host: IBoardModel, param: object) -> None:
        self.result = 0.0

    def player1_won_case(self, host: IBoardModel, param: object) -> None:
        self.result = 1.0

    def draw_case(self, host: IBoardModel, param: object) -> None:
        self.result = DRAW

    def no_winner_case(self, host: IBoardModel, param: object) -> None:
        self.result = _GOES_ON


class _Pick(IBoardLambda[object]):
    """Keeps one of the moves ``map`` offers, each with the same chance (reservoir sampling)."""

    __slots__ = ("chosen", "random", "seen")

    def __init__(self, rng: random.Random) -> None:
        self.random = rng.random
        self.seen = 0
        self.chosen: Move = PASS

    def apply(self, player: int, host: IBoardModel, move: Move, param: object) -> bool:
        self.seen += 1
        if self.random() * self.seen < 1.0:
            self.chosen = move
        return True

    def no_apply(self, player: int, host: IBoardModel, param: object) -> None:
        self.chosen = PASS  # a finished game never reaches here; a forced pass does


class MCTS(INextMoveStrategy):
    """Monte Carlo tree search with UCT, random playouts and MCTS-Solver (``mcts``).

    Args:
        iterations: Iterations a move (``mcts:5000``); None to go by time only.
        seconds: Seconds a move (``mcts@1``); None to go by iterations only.
            With both, whichever runs out first; with neither, :data:`ITERATIONS`.
        exploration: UCT's exploration constant ``c`` in
            ``reward/visits + c * sqrt(ln(parent visits) / visits)``.
        seed: Seed of the random generator, for reproducible searches.
        keep_tree: Start the next search from the part of the tree the game went
            on along (the same game, a few moves later), if it has one.
        evaluate: An evaluation ``evaluate(board, player)`` (positive: good for
            ``player``) to end playouts early with; None plays every playout to
            the end of the game.
        playout_plies: With ``evaluate``: random moves a playout makes before
            the evaluation decides it (a win for whoever it favours, a draw at 0).
        name: The name shown in games and tables.

    Raises:
        SettingsError: A budget or the constant is out of range.

    >>> from oogames.games import TicTacToeBoard
    >>> from oogames.nextmove.mcts import MCTS
    >>> board = TicTacToeBoard.from_moves("a1 b1 a2 b2")
    >>> result = MCTS(iterations=300, seed=1).analyze(board)
    >>> board.format_move(result.move), result.outcome()
    ('a3', 'win')
    """

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        *,
        exploration: float = math.sqrt(2),
        seed: int | None = None,
        keep_tree: bool = True,
        evaluate: Evaluation | None = None,
        playout_plies: int = PLAYOUT_PLIES,
        name: str = "mcts",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = ITERATIONS
        if iterations is not None:
            check_whole("MCTS iterations", iterations, 1)
        check_clock(seconds, "MCTS's clock")
        if not isinstance(exploration, int | float) or not 0 <= exploration < 100:
            raise SettingsError(
                f"the exploration constant must be from 0 to 100, not {exploration!r}"
            )
        check_size("the playout plies", playout_plies, 0, 10_000, SettingsError)
        self.iterations = iterations
        self.seconds = seconds
        self.evaluate = None if evaluate is None else as_evaluation(evaluate)
        self.playout_plies = playout_plies
        self.exploration = float(exploration)
        self.seed = seed
        self.keep_tree = keep_tree
        self._name = name
        self._random = random.Random(seed)
        self._stop = StopFlag()
        self._hurry = False
        self._root: MCTSNode | None = None
        self._root_game: _Game | None = None
        self._status = _Status()
        self._last: MCTSResult | None = None
        self._step: Callable[[IBoardModel, MCTSNode, list[int]], None] = self._iterate

    @property
    def name(self) -> str:
        """``"mcts"``, ``"mcts:5000"``, ``"mcts@1"``."""
        return self._name

    def cancel(self) -> None:
        """Stop the search under way, or the next to start, with no move (from another
        thread or a signal handler)."""
        self._stop.set()

    def clear_cancel(self) -> None:
        """Withdraw a :meth:`cancel` no search has taken yet."""
        self._stop.clear()

    def move_now(self) -> bool:
        """Move now: the search under way ends after its current iteration (at least one)
        and plays its best move so far."""
        self._hurry = True
        return True

    def clear_move_now(self) -> None:
        """Withdraw a :meth:`move_now` no search has taken yet."""
        self._hurry = False

    # -- the search ------------------------------------------------------------------------

    def analyze(self, board: IBoardModel, player: int | None = None) -> MCTSResult:
        """Search the position; the most visited move (or a proven win) and its figures.

        The board is left exactly as it was, whatever happens.

        Raises:
            GameOverError: The game is over.
            NotYourTurnError: ``player`` is not the player to move.
            SearchStopped: :meth:`cancel` was called during the search.
        """
        player = check_can_move(board, player)
        try:
            return self._search(board, player)
        finally:
            self._stop.clear()
            self._hurry = False

    def _search(self, board: IBoardModel, player: int) -> MCTSResult:
        """Search from the kept tree or a new root (what :meth:`analyze` does after its checks)."""
        alternates = getattr(board, "alternates", True)  # else n players, chance: no solver
        root = self._reuse(board, player, alternates)
        if not alternates:
            from oogames.nextmove import mcts_general

            self._step = lambda board, root, counts: mcts_general.iterate(self, board, root, counts)
        else:
            self._step = self._iterate
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        counts = [0, 0]  # iterations, moves made

        def work() -> None:
            self._run(board, root, deadline, counts)

        try:
            run_deep(board, work, self._stop, "MCTS")
        except (IndexError, TypeError, ValueError) as error:  # no move to choose, a value
            raise board_fault(board, player) or error from error  # not a number: the board's?
        seconds = time.perf_counter() - start
        self._root = root
        self._root_game = _game_of(board)
        self._last = self._result(root, player, counts, seconds)
        return self._last

    def _reuse(self, board: IBoardModel, player: int, alternates: bool) -> MCTSNode:
        """The kept tree's node for this position, or a new root: moved into by the other
        player where two alternate, else by no one known (-2: a root's reward counts for
        no player of :mod:`~oogames.nextmove.mcts_general`)."""
        old, game = self._root, self._root_game
        if self.keep_tree and old is not None and game is not None:
            now = _game_of(board)
            if now[:2] == game[:2] and now[2][: len(game[2])] == game[2]:
                node: MCTSNode | None = old
                for _, move in now[2][len(game[2]) :]:
                    children = node.children if node is not None else []
                    node = next((c for c in children if c.move == move), None)
                if node is not None and node.to_move == player and node.proven is None:
                    return node
        return MCTSNode(None, 1 - player if alternates else -2, player)

    def _run(
        self, board: IBoardModel, root: MCTSNode, deadline: float | None, counts: list[int]
    ) -> None:
        limit = self.iterations
        stop = self._stop
        perf = time.perf_counter
        while root.proven is None:
            if limit is not None and counts[0] >= limit:
                return
            if stop.is_set:
                raise SearchStopped(f"MCTS was stopped after {counts[0]:,} iterations")
            if deadline is not None and counts[0] % 16 == 0 and perf() >= deadline and counts[0]:
                return
            if self._hurry and counts[0]:
                return
            self._step(board, root, counts)
            counts[0] += 1

    def _iterate(self, board: IBoardModel, root: MCTSNode, counts: list[int]) -> None:
        """One iteration: select, expand, play out, back up; the board is put back."""
        status = self._status
        path = [root]
        undos = []
        node = root
        result = _GOES_ON
        try:
            # Selection: down the tree while every move of the node is expanded.
            while node.proven is None and node.untried is not None and not node.untried:
                node = self._select(node)
                undos.append(board.make_move(node.mover, node.move, UNDO_AT_ONCE, status, None))
                path.append(node)
            if node.proven is not None:
                result = node.proven if node.mover == 1 else 1.0 - node.proven
            else:
                if node.untried is None:  # first visit: list its moves once
                    moves: list[Move] = []
                    board.map(node.to_move, COLLECT_MOVES_OR_PASS, moves)
                    self._random.shuffle(moves)
                    node.untried = moves
                # Expansion: one new child, joined to the tree only once its playout is
                # done (an evaluation that raises leaves no unvisited child behind).
                move = node.untried[-1]
                mover = node.to_move
                undos.append(board.make_move(mover, move, UNDO_AT_ONCE, status, None))
                child = MCTSNode(move, mover, board.to_move)
                result = status.result
                if result != _GOES_ON:
                    child.proven = result if mover == 1 else 1.0 - result
                else:
                    result = self._playout(board, undos, counts)
                node.untried.pop()
                node.children.append(child)
                path.append(child)
            counts[1] += len(undos)
        finally:
            for undo in reversed(undos):
                undo()
        self._back_up(path, result)

    def _select(self, node: MCTSNode) -> MCTSNode:
        """UCT among the children, proven wins first, proven losses last."""
        log_n = math.log(node.visits) if node.visits > 1 else 0.0
        c = self.exploration
        best, best_score = node.children[0], -math.inf
        for child in node.children:
            proven = child.proven
            if proven is not None:
                if proven == WIN:
                    return child
                score = -1.0 if proven == LOSS else 0.5
            else:
                visits = child.visits
                score = child.reward / visits + c * math.sqrt(log_n / visits)
            if score > best_score:
                best, best_score = child, score
        return best

    def _playout(self, board: IBoardModel, undos: list[IUndoMove], counts: list[int]) -> float:
        """Random moves to the end of the game (chosen through ``map``), or with an
        evaluation until ``playout_plies`` are made and then its verdict; the result for
        player 1 (1 a win, 0.5 a draw, 0 a loss). The moves stay on ``undos``."""
        pick = _Pick(self._random)
        status = self._status
        evaluate = self.evaluate
        for _ in range(sys.maxsize if evaluate is None else self.playout_plies):
            player = board.to_move
            pick.seen = 0
            board.map(player, pick, None)
            undos.append(board.make_move(player, pick.chosen, UNDO_AT_ONCE, status, None))
            if status.result != _GOES_ON:
                return status.result
        assert evaluate is not None  # only a playout cut short gets here
        value = evaluate(board, 1)  # a number: as_evaluation refuses anything else
        return 1.0 if value > 0 else 0.0 if value < 0 else DRAW

    @staticmethod
    def _back_up(path: list[MCTSNode], result: float) -> None:
        """Add the result to every node of the path, and prove what the proofs allow."""
        for node in reversed(path):
            node.visits += 1
            node.reward += result if node.mover == 1 else 1.0 - result
        for node in reversed(path[:-1]):
            if node.proven is not None or node.untried is None:
                continue
            proofs = [child.proven for child in node.children]  # each for node.to_move
            if WIN in proofs:
                best = WIN
            elif node.untried or None in proofs:
                break  # not proven: neither is anything above
            else:
                best = max(proof for proof in proofs if proof is not None)
            node.proven = best if node.mover == node.to_move else 1.0 - best

    def _result(self, root: MCTSNode, player: int, counts: list[int], seconds: float) -> MCTSResult:
        chosen = root.best_child()
        if (chosen is None or chosen.proven == LOSS) and root.untried:
            # Every move tried so far is a proven loss: a move not tried yet may not be.
            chosen = MCTSNode(root.untried[-1], player, root.to_move)
        assert chosen is not None and chosen.move is not None  # a search ran an iteration
        pv: list[Move] = []
        node: MCTSNode | None = chosen
        while node is not None and node.move is not None:
            pv.append(node.move)
            node = node.best_child()
        rate = chosen.reward / chosen.visits if chosen.visits else DRAW
        if chosen.proven is not None:
            value = {WIN: WIN_VALUE, LOSS: -WIN_VALUE, DRAW: 0.0}[chosen.proven]
        else:
            value = round(200 * rate - 100, 1)
        iterations, moves = counts
        stats = SearchStats(
            nodes=moves,
            leaves=iterations,
            evaluated=0 if chosen.proven is not None else iterations,
            max_depth=len(pv),
            seconds=seconds,
        )
        return MCTSResult(
            chosen.move,
            value,
            tuple(pv),
            stats,
            player,
            WIN_VALUE,
            visit_share=chosen.visits / max(1, root.visits),
            win_rate=rate,
            iterations=iterations,
            tree_size=root.size(),
            playouts_per_second=iterations / seconds if seconds else 0.0,
            proven=chosen.proven is not None,
        )

    def trace(self, board: IBoardModel, depth: int = 2, width: int = 5) -> SearchTrace:
        """Deprecated alias of :func:`oogames.trace.mcts_trace` (which reads :attr:`root`)."""
        warnings.warn("MCTS.trace is oogames.trace.mcts_trace(mcts, board)", DeprecationWarning, 2)
        from oogames.trace.mcts_tree import mcts_trace

        return mcts_trace(self, board, depth, width)

    @property
    def last_result(self) -> MCTSResult | None:
        """The result of the last search, or None before the first."""
        return self._last

    @property
    def root(self) -> MCTSNode | None:
        """The tree of the last search (its root is the position searched)."""
        return self._root

    def __repr__(self) -> str:
        return (
            f"MCTS(iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration:g}, seed={self.seed}"
            + ("" if self.evaluate is None else f", playout_plies={self.playout_plies}")
            + ")"
        )


def _game_of(board: IBoardModel) -> _Game:
    """What identifies the game a board is in: its variant (class, options) and moves so far."""
    history = board.history if hasattr(board, "history") else ()
    return (*variant_of(board), tuple(history))
