"""Who moves at each position of a traced search, as every drawing of it says so: the
mover's name, the style of its box, and the legend's lines for the players.

The SVG picture, the DOT graph and the step-through all read these, so that a chance
position is chance's and a game of more than two players is drawn as one:

- a search of one player against the others (alpha-beta, paranoid, best-reply search):
  the searching player's positions are "max", every other player's "min";
- a search by vectors (max^n), where each player maximises its own value: each player
  has a colour of its own, the searching player's first;
- chance positions are "chance", finished games "end", whoever moved last.
"""

from __future__ import annotations

from typing import Final

from oogames.board.moves import CHANCE
from oogames.board.notation import ABoardText
from oogames.errors import either
from oogames.pictures.tree import LegendEntry
from oogames.trace.tracer import SearchTrace, TraceNode

CHANCE_NAME: Final = ABoardText.chance_name
"""A board's default name for chance; a drawing names it as its trace's game does
(:attr:`~oogames.trace.tracer.SearchTrace.chance_name`: Pig's "the die")."""

PLAYER_STYLES: Final = ("max", "min", "seat2", "seat3", "seat4", "seat5")
"""The box style of each player in a search by vectors, from the searching player on
(:data:`~oogames.pictures.tree.STYLES` has their colours; a game of more players takes
them round again)."""


def mover_name(node: TraceNode, trace: SearchTrace) -> str:
    """The name of who moves at ``node``: a player's, or the game's name for chance."""
    return trace.chance_name if node.player == CHANCE else trace.player_names[node.player]


def by_vector(trace: SearchTrace) -> bool:
    """Whether ``trace`` is of a search by vectors (max^n): it found every player's value."""
    return trace.root.payoffs is not None


def box_style(node: TraceNode, trace: SearchTrace) -> str:
    """The style of ``node``'s box (a key of :data:`~oogames.pictures.tree.STYLES`)."""
    if node.kind == "end":
        return "end"
    if node.player == CHANCE:
        return "chance"
    if by_vector(trace):
        return _seat_style((node.player - trace.model_player) % len(trace.player_names))
    return "max" if node.player == trace.model_player else "min"


def _seat_style(seat: int) -> str:
    """The style of the player ``seat`` places after the searching one, in max^n."""
    return PLAYER_STYLES[seat % len(PLAYER_STYLES)]


def player_legend(trace: SearchTrace) -> list[LegendEntry]:
    """The legend's lines for the players: who moves in each style of box.

    >>> from oogames import AlphaBetaFac, DepthFac
    >>> from oogames.games import RolitBoard, TicTacToeBoard
    >>> from oogames.nextmove.multiplayer import MaxNFac, ParanoidFac
    >>> from oogames.trace import trace_search
    >>> from oogames.trace.movers import player_legend
    >>> def said(board, factory):
    ...     trace = trace_search(board, DepthFac(factory, 1, lambda board, player: 0.0))
    ...     return [entry.label for entry in player_legend(trace)]
    >>> said(TicTacToeBoard(), AlphaBetaFac())
    ['X to move (max)', 'O to move (min)']
    >>> said(RolitBoard(size=4, players=3), ParanoidFac())
    ['Red to move (max)', 'Green or Yellow to move (min)']
    >>> said(RolitBoard(size=4, players=3), MaxNFac())
    ['Red to move (its own max)', 'Green to move (its own max)', 'Yellow to move (its own max)']
    """
    names, me = trace.player_names, trace.model_player
    if by_vector(trace):
        seats = [(me + seat) % len(names) for seat in range(len(names))]  # from the searcher
        return [
            LegendEntry(f"{names[player]} to move (its own max)", _seat_style(seat))
            for seat, player in enumerate(seats)
        ]
    others = either([name for player, name in enumerate(names) if player != me])
    return [
        LegendEntry(f"{names[me]} to move (max)", "max"),
        LegendEntry(f"{others} to move (min)", "min"),
    ]
