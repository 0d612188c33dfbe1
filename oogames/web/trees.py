"""The tree of a web game's last search, as the page shows it (``GET
/api/games/{id}/tree``): searched again, traced and drawn (:func:`draw`). A game draws
each tree once (:meth:`~oogames.web.games.WebGame.last_tree`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from oogames.errors import SettingsError

if TYPE_CHECKING:
    from oogames.nextmove.results import SearchResult
    from oogames.trace.tracer import SearchTrace
    from oogames.web.games import WebGame


def draw(game: WebGame, limit: int) -> str:
    """The tree of ``game``'s computer's last search as SVG: the position before its move,
    searched again by the same search at the depth it reached, traced; of Monte Carlo tree
    search, the top of its own tree, kept as it moved (:func:`sampled_top`).

    Raises:
        SettingsError: No computer has moved, or its search is not one to trace (random,
            a plug-in), or the tree is over ``limit`` nodes.
    """
    from oogames.nextmove.specs import make_factory
    from oogames.trace import draw_svg, trace_search

    if game.last_search is None:
        raise SettingsError("no computer has moved in this game yet")
    ply, played, depth = game.last_search
    sampled = game.sampled if played.family == "sampler" else None
    if sampled is not None and sampled[0] != ply:
        sampled = None  # of another search (a move told as this was read): refused as one
    if played.family != "search" and sampled is None:
        raise SettingsError(f"{played} is not a search that can be drawn as a tree")
    board = game.model.board_copy()
    if ply > board.ply:
        raise SettingsError("the last search's position was taken back")
    while board.ply > ply:
        board.pop()
    moves = board.format_moves(board.moves) or "the start"
    if sampled is not None:
        return draw_svg(sampled[1], f"{played} on {game.model.settings.game} after {moves}")
    spec = attrs.evolve(played.without("aspiration"), depth=depth, seconds=None)
    factory = make_factory(spec, game.model.settings.info.evaluate)
    trace = trace_search(board, factory, limit=limit)
    return draw_svg(trace, f"{spec} on {game.model.settings.game} after {moves}")


def sampled_top(
    game: WebGame, player: int, ply: int, result: SearchResult
) -> tuple[int, SearchTrace] | None:
    """The top of the tree of the Monte Carlo tree search that chose ``result`` at ``ply``,
    read as its move is told, before that side searches again (None for any other
    search): the tree is the search's own, not one searched again (its playouts were
    random). The board gives only the notation and the names, the same at any ply."""
    from oogames.nextmove.mcts import MCTS, MCTSResult
    from oogames.trace import mcts_trace

    strategy = getattr(game.model.turns.side(player), "strategy", None)
    if not isinstance(result, MCTSResult) or not isinstance(strategy, MCTS):
        return None
    return ply, mcts_trace(strategy, game.model.board)
