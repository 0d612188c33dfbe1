"""More than two players: max^n, paranoid and best-reply search, as accumulators.

With two players one number values a position: what one player gains the other
loses. With more, the searches differ in what they assume of the others:

- :class:`MaxNAcc` (max^n, Luckhardt and Irani 1986): a position is valued by the
  vector of every player's payoff, and the player to move keeps the child whose vector
  is best for itself (the first of equals: ties to the left). Where the game declares
  bounds on each payoff and on their sum (:class:`~oogames.board.hints.PayoffBounds`),
  a position is left once its player is sure of so much that the player above can no
  longer gain by it (Korf's shallow pruning, 1991).
- paranoid (:class:`ParanoidFac`, Sturtevant and Korf 2000): the others are one
  coalition against the model player, who maximises its own payoff. It *is* the
  two-player alpha-beta search, unchanged: :class:`~oogames.AlphaAcc` and
  :class:`~oogames.BetaAcc` make each child by side (``make_child``), so two opponents
  in a row are the same side moving twice.
- best-reply search (:class:`BRSFac`, Schadd and Winands 2011): between two moves of
  the model player only one opponent moves, the one with the strongest reply; the
  others pass. The layer of the opponents maps every opponent's moves in turn (the
  board hands each the turn: :meth:`~oogames.board.model.ABoardModel.hand_turn`).

A depth counts plies (every position, chance positions too). To search ``R`` full
rounds of an ``n``-player game without chance, give ``R * n`` (:func:`rounds`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.hints import PayoffBounds, search_hints
from oogames.board.lambdas import FIND_A_MOVE, IBoardLambda, P
from oogames.errors import SearchError
from oogames.nextmove.accumulators import INF, AAccumulator, AlphaAcc, BetaAcc
from oogames.nextmove.evaluation import Evaluation, off_bounds
from oogames.nextmove.factories import AlphaBetaFac, IAccFactory

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move
    from oogames.board.undo import IUndoMove

__all__ = ["BRSFac", "BRSMaxAcc", "BRSMinAcc", "MaxNAcc", "MaxNFac", "ParanoidFac", "rounds"]


def rounds(board: IBoardModel, count: int) -> int:
    """The depth in plies of ``count`` full rounds of ``board``'s game: each player moves
    ``count`` times (Berkeley's depth). Chance positions, if the game has them, are
    plies of their own, so this is for games without chance."""
    return count * getattr(board, "players", 2)


class MaxNAcc(AAccumulator):
    """A position of a max^n search: its value is every player's payoff (see the module).

    Args:
        model_player: The player the search is for (the root's).
        player: The player to move here.
        depth: Plies from the root.
        bounds: The game's payoff bounds, for shallow pruning (None: no pruning).
        limit: Leave this position once its player's payoff reaches it (set by the parent).

    Attributes:
        vector: The payoffs of the best child so far, or None.
        val: The model player's payoff in :attr:`vector` (what the search reports).
    """

    __slots__ = ("bounds", "limit", "vector")

    by_vector = True
    table_sound = False

    def __init__(
        self,
        model_player: int,
        player: int,
        depth: int = 0,
        bounds: PayoffBounds | None = None,
        limit: float = INF,
    ) -> None:
        super().__init__(model_player, player, depth)
        self.bounds = bounds
        self.limit = limit
        self.val = -INF
        self.vector: tuple[float, ...] | None = None

    def start(self, board: IBoardModel) -> None:
        """Read the board's payoff bounds (shallow pruning where it gives a total)."""
        if self.bounds is None:
            bounds = search_hints(board).payoff_bounds()
            if bounds is not None and bounds.total is not None:
                self.bounds = bounds

    def make_child(self, player: int) -> AAccumulator:
        """The child position, where ``player`` moves: cut once it is sure of more than
        this position's player can leave it (shallow pruning)."""
        limit = INF
        bounds, vector = self.bounds, self.vector
        if (
            bounds is not None
            and bounds.total is not None
            and vector is not None
            and (player != self.player)
        ):
            others = (len(vector) - 2) * bounds.low
            limit = bounds.total - vector[self.player] - others
        return MaxNAcc(self.model_player, player, self.depth + 1, bounds, limit)

    def make_same(self) -> AAccumulator:
        """The same player's next position."""
        return self.make_child(self.player)

    def make_opposite(self) -> AAccumulator:
        """The other player's position, in a game of two that alternate."""
        return self.make_child(1 - self.player)

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep the child's payoffs if they are better for this position's player."""
        vector = None if child is None else child.payoffs()
        if vector is None:  # a two-player value, from the model player's view
            vector = (value, -value) if self.model_player == 0 else (-value, value)
        self._take(move, vector, child)

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """Keep a finished game's payoffs if they are better for this position's player."""
        self._take(move, payoffs, None)

    def _take(self, move: Move, vector: tuple[float, ...], child: AAccumulator | None) -> None:
        best = self.vector
        if best is None or vector[self.player] > best[self.player]:
            self.vector = vector
            self.val = vector[self.model_player]
            self.move = move
            self.best_child = child

    def is_not_done(self) -> bool:
        """False once this player is sure of the parent's limit (shallow pruning)."""
        return self.vector is None or self.vector[self.player] < self.limit

    def payoffs(self) -> tuple[float, ...] | None:
        """Every player's payoff here."""
        return self.vector

    def horizon_value(self, board: IBoardModel, evaluate: Evaluation) -> float:
        """Every player's evaluation, kept as this position's payoffs."""
        count = getattr(board, "players", 2)
        vector = tuple(evaluate(board, player) for player in range(count))
        bounds = self.bounds
        if bounds is not None and bounds.total is not None and not bounds.hold(vector):
            raise off_bounds(vector, board, bounds, "maxn's shallow pruning cuts")
        self.vector = vector
        self.val = self.vector[self.model_player]
        return self.val


class MaxNFac(IAccFactory):
    """max^n (see :class:`MaxNAcc`), with Korf's shallow pruning where the board gives
    bounds with a total.

    Args:
        prune: False to search every position whatever the bounds (to measure pruning).
    """

    __slots__ = ("prune",)
    name = "maxn"

    def __init__(self, prune: bool = True) -> None:
        self.prune = prune

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`MaxNAcc` for ``model_player`` (it reads the bounds at the root)."""
        if self.prune:
            return MaxNAcc(model_player, model_player)
        return MaxNAcc(model_player, model_player, bounds=_NO_PRUNING)

    def __repr__(self) -> str:
        return "MaxNFac()" if self.prune else "MaxNFac(prune=False)"


# Bounds without a total: start() does not read the board's, and nothing is pruned.
_NO_PRUNING = PayoffBounds(-1.0, 1.0)

BRS_NO_CHANCE = "best-reply search (brs) is for games without chance"
"""Why best-reply search refuses a chance position (in either of its layers)."""

_NO_HAND = "%s cannot hand the turn to a player (hand_turn): best-reply search needs it"


class ParanoidFac(AlphaBetaFac):
    """The paranoid search: two-player alpha-beta, the model player against all the others
    (see the module)."""

    __slots__ = ()
    name = "paranoid"
    more_players = True  # a table keeps each model player's values apart (+tt)


class BRSMaxAcc(AlphaAcc):
    """Best-reply search: a position of the model player's layer (see the module)."""

    __slots__ = ()

    probes = True  # the search has expand() map the moves
    table_sound = False  # a position's value depends on the layer it is met in

    def make_child(self, player: int) -> AAccumulator:
        """The opponents' layer, whoever the board says moves next."""
        val, alpha = self.val, self.alpha
        return BRSMinAcc(
            self.model_player, player, self.depth + 1, val if val > alpha else alpha, self.beta
        )

    def make_opposite(self) -> AAccumulator:
        """The opponents' layer."""
        return self.make_child(1 - self.player)

    def make_same(self) -> AAccumulator:
        """The opponents' layer (best-reply search alternates the two layers)."""
        return self.make_child(self.player)

    def make_chance(self) -> AAccumulator:
        """Refused: best-reply search is for games without chance."""
        raise SearchError(BRS_NO_CHANCE)

    def expand(self, board: IBoardModel, lam: IBoardLambda[P], param: P) -> None:
        """Map the model player's moves (the turn handed to it, whoever the board says)."""
        _map_as(board, self.model_player, lam, param)


class BRSMinAcc(BetaAcc):
    """Best-reply search: a position of the opponents' layer, which maps the moves of
    every opponent, each given the turn in its order round the table (see the module)."""

    __slots__ = ()

    probes = True
    table_sound = False

    def make_child(self, player: int) -> AAccumulator:
        """The model player's layer, whoever the board says moves next."""
        val, beta = self.val, self.beta
        return BRSMaxAcc(
            self.model_player,
            self.model_player,
            self.depth + 1,
            self.alpha,
            val if val < beta else beta,
        )

    def make_opposite(self) -> AAccumulator:
        """The model player's layer."""
        return self.make_child(self.model_player)

    def make_same(self) -> AAccumulator:
        """The model player's layer (best-reply search alternates the two layers)."""
        return self.make_child(self.model_player)

    def make_chance(self) -> AAccumulator:
        """Refused: best-reply search is for games without chance."""
        raise SearchError(BRS_NO_CHANCE)

    def expand(self, board: IBoardModel, lam: IBoardLambda[P], param: P) -> None:
        """Map every opponent's moves in turn until a cut-off; if none can move, the player
        to move passes."""
        count = getattr(board, "players", 2)
        moved = False
        for offset in range(1, count):
            opponent = (self.model_player + offset) % count
            if _map_as(board, opponent, lam, param, if_it_can=True):
                moved = True
                if not self.is_not_done():
                    return
        if not moved:
            board.map(board.to_move, lam, param)


class BRSFac(AlphaBetaFac):
    """Best-reply search (see the module): the board must let a search hand the turn to
    any player (:meth:`~oogames.board.model.ABoardModel.hand_turn`)."""

    __slots__ = ()
    name = "brs"

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`BRSMaxAcc` with an open window."""
        return BRSMaxAcc(model_player, model_player)

    @classmethod
    def refuses(cls, board: IBoardModel) -> str | None:
        """A game with chance, or a board that cannot hand the turn to a player."""
        if getattr(board, "has_chance", False):
            return BRS_NO_CHANCE
        return None if hasattr(board, "hand_turn") else _NO_HAND % type(board).__name__


def _map_as(
    board: IBoardModel, player: int, lam: IBoardLambda[P], param: P, if_it_can: bool = False
) -> bool:
    """Map ``player``'s moves, the turn handed to it for the while; with ``if_it_can``,
    only if it has one. Whether they were mapped."""
    undo = _hand(board, player)
    try:
        if if_it_can:
            found: list[Move] = []
            board.map(player, FIND_A_MOVE, found)
            if not found:
                return False
        board.map(player, lam, param)
        return True
    finally:
        undo()


def _hand(board: IBoardModel, player: int) -> IUndoMove:
    hand = getattr(board, "hand_turn", None)
    if hand is None:
        raise SearchError(_NO_HAND % type(board).__name__)
    undo: IUndoMove = hand(player)
    return undo


#: The searches for more than two players, for the strategy names.
PLAYER_SEARCHES: dict[str, type[IAccFactory]] = {
    "maxn": MaxNFac,
    "paranoid": ParanoidFac,
    "brs": BRSFac,
}
