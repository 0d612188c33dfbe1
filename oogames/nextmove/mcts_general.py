"""MCTS on boards that do not alternate: more than two players, and chance.

:class:`~oogames.nextmove.mcts.MCTS` runs these iterations instead of its two-player
ones on a board whose ``alternates`` is False. The tree is the same
(:class:`~oogames.nextmove.mcts_tree.MCTSNode`); what changes:

- a result is a vector of rewards, one a player: 1 for the winner of a finished game
  (the highest payoff; equal winners share it), 0 for the others (a playout cut short
  by the evaluation: the player it rates highest wins);
- each node keeps the reward of the player who moved into it, so each node chooses by
  UCT for its own player (max^n's rule, sampled), and every player's
  (:attr:`~oogames.nextmove.mcts_tree.MCTSNode.totals`, which a trace reads);
- at a chance position the outcome is drawn with the board's probabilities, in the
  tree and in the playouts, and the tree keeps one child per outcome drawn;
- nothing is proven (MCTS-Solver needs two players who alternate).
"""

from __future__ import annotations

import math
import operator
import sys
from typing import TYPE_CHECKING

from oogames.board.interface import IBoardModel
from oogames.board.lambdas import COLLECT_MOVES_OR_PASS
from oogames.board.lambdas import draw_outcome as draw_outcome
from oogames.board.moves import CHANCE, Move
from oogames.board.states import leaders
from oogames.board.visitors import UNDO_AT_ONCE, IBoardStatusVisitor
from oogames.nextmove.mcts_tree import MCTSNode

if TYPE_CHECKING:
    from oogames.board.undo import IUndoMove
    from oogames.nextmove.mcts import MCTS


class RewardStatus(IBoardStatusVisitor[None, object]):
    """Records how a move left the game: the rewards of a finished game, or None."""

    __slots__ = ("players", "rewards")

    def __init__(self, players: int) -> None:
        self.players = players
        self.rewards: tuple[float, ...] | None = None

    def player0_won_case(self, host: IBoardModel, param: object) -> None:
        self.rewards = (1.0, 0.0)

    def player1_won_case(self, host: IBoardModel, param: object) -> None:
        self.rewards = (0.0, 1.0)

    def draw_case(self, host: IBoardModel, param: object) -> None:
        self.rewards = (0.5, 0.5)

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: object) -> None:
        self.rewards = winners(payoffs)

    def no_winner_case(self, host: IBoardModel, param: object) -> None:
        self.rewards = None


def winners(scores: tuple[float, ...]) -> tuple[float, ...]:
    """1 shared among the players with the highest score, 0 for the others."""
    best = leaders(scores)
    return tuple(1.0 / len(best) if player in best else 0.0 for player in range(len(scores)))


def iterate(mcts: MCTS, board: IBoardModel, root: MCTSNode, counts: list[int]) -> None:
    """One iteration (select, expand, play out, back up); the board is put back."""
    players = getattr(board, "players", 2)
    status = RewardStatus(players)
    rng = mcts._random
    path = [root]
    undos: list[IUndoMove] = []
    node = root
    rewards: tuple[float, ...] | None = None
    try:
        while True:
            if node.to_move == CHANCE:  # draw the outcome; follow or add its child
                outcome = draw_outcome(board, rng)
                undos.append(board.make_move(CHANCE, outcome, UNDO_AT_ONCE, status, None))
                child = next((c for c in node.children if c.move == outcome), None)
                if child is None:
                    child = MCTSNode(outcome, CHANCE, board.to_move)
                    node.children.append(child)
                    path.append(child)
                    break
                node = child
                path.append(node)
                if status.rewards is not None:
                    rewards = status.rewards
                    break
                continue
            if node.untried is None:
                moves: list[Move] = []
                board.map(node.to_move, COLLECT_MOVES_OR_PASS, moves)
                rng.shuffle(moves)
                node.untried = moves
            if node.untried or not node.children:  # expansion: one new child
                move = node.untried.pop()
                mover = node.to_move
                undos.append(board.make_move(mover, move, UNDO_AT_ONCE, status, None))
                child = MCTSNode(move, mover, board.to_move)
                node.children.append(child)
                path.append(child)
                break
            node = _select(node, mcts.exploration)
            undos.append(board.make_move(node.mover, node.move, UNDO_AT_ONCE, status, None))
            path.append(node)
            if status.rewards is not None:
                rewards = status.rewards
                break
        if rewards is None:
            rewards = status.rewards if status.rewards is not None else playout(mcts, board, undos)
        counts[1] += len(undos)
    finally:
        for undo in reversed(undos):
            undo()
    for each in path:
        each.visits += 1
        if each.mover >= 0:
            each.reward += rewards[each.mover]
        totals = each.totals
        each.totals = rewards if totals is None else tuple(map(operator.add, totals, rewards))


def _select(node: MCTSNode, c: float) -> MCTSNode:
    """UCT among the children, for the player to move here."""
    log_n = math.log(node.visits) if node.visits > 1 else 0.0
    return max(
        node.children,
        key=lambda child: child.reward / child.visits + c * math.sqrt(log_n / child.visits),
    )


def playout(mcts: MCTS, board: IBoardModel, undos: list[IUndoMove]) -> tuple[float, ...]:
    """Random moves (chance's drawn with their probabilities) to the end of the game, or
    with an evaluation for ``playout_plies`` moves and then its verdict."""
    rng = mcts._random
    status = RewardStatus(getattr(board, "players", 2))
    evaluate = mcts.evaluate
    for _ in range(sys.maxsize if evaluate is None else mcts.playout_plies):
        player = board.to_move
        if player == CHANCE:
            move = draw_outcome(board, rng)
        else:
            moves: list[Move] = []
            board.map(player, COLLECT_MOVES_OR_PASS, moves)
            move = rng.choice(moves)
        undos.append(board.make_move(player, move, UNDO_AT_ONCE, status, None))
        if status.rewards is not None:
            return status.rewards
    assert evaluate is not None  # only a playout cut short gets here
    scores = tuple(evaluate(board, p) for p in range(getattr(board, "players", 2)))
    return winners(scores)
