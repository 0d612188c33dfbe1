"""How a board is written for people: its players' names, its move notation, its drawing and
status line, and the explanation of a refused move (:class:`ABoardText`, a base of
:class:`~oogames.board.model.ABoardModel`).

Nothing here is part of the Rice protocol: a search never asks for it. It is written
through the contract alone (``legal_moves``, ``to_move``, ``execute``).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, cast

from oogames.board.interface import IBoardModel
from oogames.board.layout import PLAIN_PIECES, Layout, Pieces, plain_pieces
from oogames.board.moves import CHANCE, PASS, Move
from oogames.board.states import leaders, shared_first
from oogames.board.visitors import IBoardStatusVisitor
from oogames.errors import IllegalMoveError, MalformedMoveError, shown


class _Told(IBoardStatusVisitor[str | None, object]):
    """How a game ended, in words (None while it goes on), for
    :meth:`ABoardText.status_text`: a game of more players that some of them (not all)
    lead together ended in no draw for the others."""

    __slots__ = ()

    def player0_won_case(self, host: IBoardModel, param: object) -> str:
        return f"{cast(ABoardText, host).player_names[0]} has won"

    def player1_won_case(self, host: IBoardModel, param: object) -> str:
        return f"{cast(ABoardText, host).player_names[1]} has won"

    def draw_case(self, host: IBoardModel, param: object) -> str:
        return "draw"

    def no_winner_case(self, host: IBoardModel, param: object) -> None:
        return None

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: object) -> str:
        """``"Red has won"``, ``"draw"``, or ``"Red and Yellow share first place"``."""
        names = cast(ABoardText, host).player_names
        shared = [names[player] for player in shared_first(payoffs)]
        if shared:
            return f"{', '.join(shared[:-1])} and {shared[-1]} share first place"
        best = leaders(payoffs)
        return f"{names[best[0]]} has won" if len(best) == 1 else "draw"


_TOLD: Final = _Told()


def plain_names(players: int, names: tuple[str, ...] = ()) -> tuple[str, ...]:
    """``names``, then ``player N`` for each later player: ``players`` names in all.

    >>> from oogames.board.notation import plain_names
    >>> plain_names(3, ("North", "South"))
    ('North', 'South', 'player 2')
    """
    return (*names, *(f"player {n}" for n in range(len(names), players)))


class ABoardText(IBoardModel):
    """What a board says to people (a base of :class:`~oogames.board.model.ABoardModel`).

    A game writes :meth:`_draw`; it may write its own notation (:meth:`parse_move`,
    :meth:`format_move`), picture (:meth:`to_svg`) and explanation of a refused move
    (:meth:`_why_illegal`; the form of its moves is stated apart and checked first:
    :meth:`~oogames.board.order.MoveOrder._move_rule`).
    """

    __slots__ = ()

    #: The name of the game, as the command line knows it.
    game_name: ClassVar[str] = ""
    #: How the players are shown in drawings and messages, one name a player.
    player_names: tuple[str, ...] = plain_names(2)
    #: How a move is written in messages, for example "a column letter and a row number, like b2".
    notation: ClassVar[str] = "the game's notation"
    #: What the views call chance when it moves, ``"the die"`` in a game of dice.
    chance_name: ClassVar[str] = "chance"
    #: How the players' pieces look in every view and picture (marks, colours, their names).
    pieces: ClassVar[Pieces] = PLAIN_PIECES

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game that declares more :attr:`players` than the names and pieces it inherits
        gets plain ones, as it gets the turn order round the table: the names it inherits
        and ``player 2`` on, and :func:`~oogames.board.layout.plain_pieces` for all. What
        it declares itself is its own (:func:`~oogames.board.faults.check_described`
        refuses too few)."""
        super().__init_subclass__(**kwargs)
        players = getattr(cls, "players", 2)
        if not isinstance(players, int):
            return  # a number of players that is an option: each board says it
        names = cls.player_names
        if "player_names" not in vars(cls) and len(names) < players:
            cls.player_names = plain_names(players, names)
        if "pieces" not in vars(cls) and len(cls.pieces.marks) < players:
            cls.pieces = plain_pieces(players)

    @abc.abstractmethod
    def _draw(self) -> str:
        """A drawing of the position, with coordinates in the game's notation."""

    def __str__(self) -> str:
        """A drawing of the position, then a line saying whose turn it is or how it ended."""
        return f"{self.drawing()}\n{self.status_text()}"

    def drawing(self) -> str:
        """The drawing of the position alone (``str(board)`` adds :meth:`status_text`)."""
        return self._draw()

    def status_text(self) -> str:
        """One line: whose turn it is, or how the game ended."""
        told = self.execute(_TOLD, None)
        if told is not None:
            return told
        if self.to_move == CHANCE:
            return f"{self.chance_name} moves next"
        return f"{self.player_names[self.to_move]} to move"

    def moves_in_board_order(self) -> list[Move]:
        """The legal moves in the order a person reads the board (a1 b1 c1 ..., Connect
        Four's columns 1 to 7), for lists and buttons;
        :meth:`~oogames.board.interface.IBoardModel.legal_moves` keeps the search's
        order. Moves that cannot be compared keep that order (a cell ``(row, col)``
        sorts row by row)."""
        moves = self.legal_moves()
        try:
            return sorted(cast("list[Any]", moves))  # moves of any kind: see the except
        except TypeError:
            return moves

    def layout(self) -> Layout | None:
        """The board as a grid of squares for the views that draw one (the terminal
        board), or None for a game played by choosing among its moves (Nim, Grundy),
        which the views show as a button a move beside :meth:`drawing`."""
        return None

    def score_text(self) -> str:
        """A line of the score so far where the game keeps one (Othello's discs), else
        empty."""
        return ""

    def to_svg(self) -> str:
        """The position as an SVG picture (text): the board, the last move marked, the
        status line. This default draws the text drawing; the games of the package
        draw their boards (see :mod:`oogames.pictures.boards`)."""
        from oogames.pictures.svg import text_picture

        return text_picture(str(self), title=f"{self.game_name}: {self.status_text()}")

    def _repr_svg_(self) -> str:
        """Jupyter shows a board as its picture."""
        return self.to_svg()

    # -- move notation -------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """Read a move written in the game's notation (``"pass"`` is :data:`PASS`).

        Raises:
            MalformedMoveError: The text is not a move of this game.
        """
        if text.strip().lower() == "pass":
            return PASS
        wanted = text.strip()  # a game with no notation of its own: as moves are written
        for move in self.legal_moves():
            if self.format_move(move) == wanted:
                return move
        raise self._malformed(text, f"write a move as {self.notation}")

    def format_move(self, move: Move) -> str:
        """Write ``move`` in the game's notation (here: as Python writes it, cut short if long)."""
        if move is PASS:
            return "pass"
        return move if isinstance(move, str) else shown(move)

    def format_moves(self, moves: Iterable[Move]) -> str:
        """Write ``moves`` in the game's notation, a space between them, as
        :meth:`~oogames.board.model.ABoardModel.from_moves` reads them back (``"b2 a1"``)."""
        return " ".join(self.format_move(move) for move in moves)

    def _malformed(self, move: Move, reason: str, player: int | None = None) -> MalformedMoveError:
        """The error for ``move`` by ``player`` (default: the player to move, who types), which
        is not of this game's form: shown as typed or passed."""
        text = shown(move.strip() if isinstance(move, str) else move)
        player = self.to_move if player is None else player
        return MalformedMoveError(
            move, player, reason, str(self), shown=text, who=self._who(player)
        )

    def _not_of_the_form(self, move: Move, rule: str, player: int) -> MalformedMoveError:
        """The error for ``move``, given to ``make_move`` or ``play`` but of no form of the
        game's moves (``rule`` says the form); a text that :meth:`parse_move` reads is
        shown as the move it reads as (``board.play("b2")`` for ``(1, 1)``)."""
        if isinstance(move, str):
            try:  # a plug-in game's parse_move may raise anything: then no hint
                read = self.parse_move(move)
                other = bool(read != move)
            except Exception:
                other = False
            if other:
                rule += (
                    f"; the text {shown(move)} is the move {read!r}: board.parse_move reads text"
                )
        return self._malformed(move, rule, player)

    def _illegal(
        self,
        move: Move,
        player: int,
        reason: str,
        kind: type[IllegalMoveError] = IllegalMoveError,
    ) -> IllegalMoveError:
        """The error for ``move``, a move of this game's form that the rules refuse now.

        The message writes the move in the game's notation and the player by
        name, as a person sees them: ``illegal move b2 by O: b2 is taken``.
        """
        return kind(
            move, player, reason, str(self), shown=self.format_move(move), who=self._who(player)
        )

    def _who(self, player: int) -> str:
        """The player's name, as drawings show it (or the value given, if it is no player)."""
        if type(player) is int and 0 <= player < len(self.player_names):
            return self.player_names[player]
        return "chance" if player == CHANCE and type(player) is int else shown(player)

    def _split_moves(self, text: str) -> list[str]:
        """Split a string of moves into the words of the moves (here: at whitespace)."""
        return text.split()

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        """The error for a move by the player to move, in a game that goes on, that is refused
        (by default: it is none of the legal moves, which are listed)."""
        legal = self.format_moves(self.legal_moves(player))
        return self._illegal(move, player, f"the legal moves are {legal or 'none'}")


def notation_of(board: object) -> tuple[Callable[[Move], str], tuple[str, ...]]:
    """How a drawing of a search or a strategy on ``board`` writes its moves and names its
    players: as the board does (an :class:`ABoardText`, as every
    :class:`~oogames.board.model.ABoardModel` is), else ``str`` and ``player 0``,
    ``player 1``, ... (as many as the board's ``players``; two where it has none, or where
    there is no board)."""
    if isinstance(board, ABoardText):
        return board.format_move, board.player_names
    return str, plain_names(getattr(board, "players", 2))


def chance_name_of(board: object) -> str:
    """How a drawing of a search on ``board`` names chance: as the board does (Pig: ``"the
    die"``), else ``"chance"``."""
    return board.chance_name if isinstance(board, ABoardText) else ABoardText.chance_name
