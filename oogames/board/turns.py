"""Who moves: the turns of a game of two or more players, chance, and the payoffs.

What :class:`~oogames.board.model.ABoardModel` knows of turns, apart from the template
method: how many players there are and who follows whom, who moves after a move
(:meth:`ATurns._next_player`, a game's hook where turns go otherwise), the chance
positions and their outcomes, and handing the turn to a player for a search that lets
players move out of turn (best-reply search).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from oogames.board.moves import CHANCE, Move
from oogames.board.states import AT_CHANCE, EXTRA_TURN, NON_TERMINAL, ABoardState
from oogames.board.undo import IUndoMove
from oogames.errors import BoardContractError, SearchError, either

if TYPE_CHECKING:
    pass


class ATurns:
    """The turns of a board (a base of :class:`~oogames.board.model.ABoardModel`).

    Attributes kept by the board: ``_state`` (its state object) and ``_to_move``.
    """

    __slots__ = ()

    _state: ABoardState
    _to_move: int

    #: How many players the game has (their ids are ``0 .. players - 1``, player 0 first).
    #: A class attribute; a game whose number of players is an option (Rolit, the game
    #: trees) keeps it in a slot of the same name.
    players: int = 2
    #: Who moves after each player in turn, ``following[player]`` (made from
    #: :attr:`players`; a game whose turns go otherwise says so in :meth:`_next_player`).
    following: tuple[int, ...] = (1, 0)
    #: Whether two players alternate (an extra turn reported as ``EXTRA_TURN``) with no
    #: chance: then a search makes each child for the other player without asking the
    #: board. A game of more players, of chance, or of turns that repeat otherwise says
    #: False, and the searches ask the board who is to move at each position.
    alternates: bool = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game that declares :attr:`players` gets the turn order round the table and,
        for other than two, :attr:`alternates` False (a search asks it who moves); one
        that says its players alternate all the same is refused."""
        super().__init_subclass__(**kwargs)
        if not isinstance(cls.players, int):
            return  # a number of players that is an option: each board says it
        if len(cls.following) != cls.players:
            cls.following = tuple((player + 1) % cls.players for player in range(cls.players))
        if cls.players != 2 and cls.alternates:
            if "alternates" in vars(cls):
                raise BoardContractError(
                    f"{cls.__name__}: a game of {cls.players} players does not alternate"
                    " (alternates = True is for two players who take turns, with no chance)"
                )
            cls.alternates = False

    @property
    def payoffs(self) -> tuple[float, ...] | None:
        """What each player gets from the finished game (a two-player win is ``(1, -1)``),
        or None while the game goes on."""
        return self._state.payoffs

    @property
    def at_chance(self) -> bool:
        """Whether chance moves next, a die to roll, say (the player to move is
        :data:`~oogames.board.moves.CHANCE`)."""
        return self._state is AT_CHANCE

    def hand_turn(self, player: int) -> IUndoMove:
        """Give the turn to ``player`` in a game that goes on, and return the undo that gives
        it back: for a search that lets a player move out of turn (best-reply search). It
        is no move: the history does not record it.

        Raises:
            SearchError: The game is over, or chance is to move.
        """
        if self._state is not NON_TERMINAL and self._state is not EXTRA_TURN:
            raise SearchError(
                f"the turn is handed over only in a game that goes on, not at {self._state.name}"
            )
        return _TurnBack(self, player)

    @property
    def has_chance(self) -> bool:
        """Whether the game has chance positions, dice say. A game has them that lists
        chance's outcomes (:meth:`chance_outcomes`); a game tree, where its tree has any."""
        return type(self).chance_outcomes is not ATurns.chance_outcomes

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        """The outcomes of this chance position with their probabilities, in map order
        (a game of chance writes it; asked only at a chance position)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance positions")

    def _next_player(self, player: int, state: ABoardState) -> int:
        """Who moves after ``player`` made a move that left the board in ``state``: the
        same player after an extra turn, chance at a chance position, else the next
        round the table (:attr:`following`). A game whose turns go otherwise (after a
        roll of the die, whoever rolled) overrides it."""
        if state is EXTRA_TURN:
            return player
        return CHANCE if state is AT_CHANCE else self.following[player]

    def _restore_turn(self, player: int) -> None:
        """The end of an undo: ``player`` is to move again in a game that goes on (chance
        at a chance position, for the undo of an outcome).

        For a move record's :meth:`~oogames.board.undo.AMoveRecord._restore`, after
        it has put the position back.
        """
        self._set_turn(player, AT_CHANCE if player is CHANCE else NON_TERMINAL)

    def _set_turn(self, player: int, state: ABoardState) -> None:
        """Make ``player`` the one to move, in ``state`` (the board, which keeps both,
        writes it)."""
        raise NotImplementedError


def players_named(players: int) -> str:
    """``"0 or 1"``, ``"0, 1 or 2"``: the ids of ``players`` players, in words."""
    return either([str(player) for player in range(players)])


class _TurnBack(IUndoMove):
    """The undo of :meth:`ATurns.hand_turn`: the turn given back."""

    __slots__ = ("board", "player", "state")

    def __init__(self, board: ATurns, to: int) -> None:
        self.board, self.player, self.state = board, board._to_move, board._state
        board._set_turn(to, board._state)

    def __call__(self) -> None:
        """Give the turn back to the player who had it."""
        self.board._set_turn(self.player, self.state)
