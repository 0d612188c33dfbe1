"""An AND/OR strategy (:func:`oogames.nextmove.andor.winning_strategy`) drawn: as a
Graphviz DOT graph and as an SVG tree. The strategy's ``to_dot`` and ``to_svg`` are
display hooks that call these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.notation import notation_of
from oogames.nextmove.andor import AndNode, OrNode, Strategy, StrategyTree
from oogames.pictures.tree import STYLES, LegendEntry, PictureNode, tree_svg

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel


def strategy_dot(strategy: Strategy, board: ABoardModel | None = None) -> str:
    """The strategy as a Graphviz DOT graph: boxes are the player's moves, ellipses replies.

    Args:
        strategy: The strategy.
        board: A board of the game, for its move notation and player names.
    """
    format_move, names = notation_of(board)
    me, other = names[strategy.player], names[1 - strategy.player]
    replies = _esc(f"{other} to move")  # a name is the game's: a quote in it is escaped
    out = [
        "digraph strategy {",
        '  node [fontname="Helvetica", fontsize=11]; edge [fontname="Helvetica", fontsize=10];',
    ]
    counter = iter(range(1_000_000))

    def walk(node: StrategyTree | None) -> str:
        name = f"n{next(counter)}"
        if isinstance(node, OrNode):
            label = _esc(f"{me}: {format_move(node.move)}")
            fill = STYLES["max"][0]  # the player's moves, as in the picture
            out.append(f'  {name} [shape=box, style=filled, fillcolor="{fill}", label="{label}"];')
            if node.then is not None:
                out.append(f"  {name} -> {walk(node.then)};")
        elif isinstance(node, AndNode):
            out.append(f'  {name} [shape=ellipse, label="{replies}"];')
            for reply, after in node.replies:
                target = walk(after) if after is not None else _end(out, next(counter))
                out.append(f'  {name} -> {target} [label="{_esc(format_move(reply))}"];')
        return name

    walk(strategy.root)
    out.append("}")
    return "\n".join(out)


def strategy_svg(strategy: Strategy, board: ABoardModel | None = None, title: str = "") -> str:
    """The strategy as an SVG picture: blue boxes are the player's moves, orange boxes
    the opponent's turns with a branch for every reply, grey boxes ends of the game.

    Args:
        strategy: The strategy.
        board: A board of the game, for its move notation and player names.
        title: The picture's title (default: who wins or does not lose).
    """
    format_move, names = notation_of(board)
    me, other = names[strategy.player], names[1 - strategy.player]
    kind = "not lose" if strategy.not_losing else "win"

    def draw(node: StrategyTree | None, edge: str) -> PictureNode:
        if node is None:
            return PictureNode(["game over"], edge=edge, style="end")
        if isinstance(node, OrNode):
            box = PictureNode([f"{me} plays {format_move(node.move)}"], edge=edge)
            if node.then is not None:
                box.children.append(draw(node.then, ""))
            else:
                box.children.append(PictureNode(["game over"], style="end"))
            return box
        box = PictureNode([f"{other} to move"], edge=edge, style="min")
        box.children.extend(draw(after, format_move(reply)) for reply, after in node.replies)
        return box

    legend = [
        LegendEntry(f"{me}'s move", "max"),
        LegendEntry(f"{other}'s turn: every reply", "min"),
        LegendEntry("game over", "end"),
    ]
    heading = title or f"how {me} can {kind}: {strategy.size():,} moves"
    return tree_svg(draw(strategy.root, ""), heading, legend)


def _end(out: list[str], number: int) -> str:
    name = f"n{number}"
    out.append(f'  {name} [shape=doublecircle, label="end", width=0.3];')
    return name


def _esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
