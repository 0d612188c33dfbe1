"""The tree of a web game's last search, as the page shows it (``GET
/api/games/{id}/tree``): searched again, traced and drawn (:func:`draw`). A game draws
each tree once (:meth:`~oogames.web.games.WebGame.last_tree`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from oogames.errors import SettingsError

if TYPE_CHECKING:
    from oogames.web.games import WebGame


def draw(game: WebGame, limit: int) -> str:
    """The tree of ``game``'s computer's last search as SVG: the position before its move,
    searched again by the same search at the depth it reached, traced.

    Raises:
        SettingsError: No computer has moved, or its search is not one to trace (random,
            Monte Carlo tree search, a plug-in), or the tree is over ``limit`` nodes.
    """
    from oogames.nextmove.specs import make_factory
    from oogames.trace import draw_svg, trace_search

    if game.last_search is None:
        raise SettingsError("no computer has moved in this game yet")
    ply, played, depth = game.last_search
    if played.family != "search":
        raise SettingsError(f"{played} is not a search that can be drawn as a tree")
    board = game.model.board_copy()
    if ply > board.ply:
        raise SettingsError("the last search's position was taken back")
    while board.ply > ply:
        board.pop()
    spec = attrs.evolve(played.without("aspiration"), depth=depth, seconds=None)
    factory = make_factory(spec, game.model.settings.info.evaluate)
    trace = trace_search(board, factory, limit=limit)
    moves = board.format_moves(board.moves) or "the start"
    return draw_svg(trace, f"{spec} on {game.model.settings.game} after {moves}")
