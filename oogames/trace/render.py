"""Draw a :class:`~oogames.trace.tracer.SearchTrace`: indented text, Graphviz DOT, SVG.

Each drawing shows the move into every position, the value it gave its
parent, the (alpha, beta) window it was searched with, horizons (scored by
the evaluation) and ends of the game; the principal variation is marked
(``*`` in text, bold red in DOT) and the moves a cut-off skipped are listed
under the position that was cut. Big trees are summarised: past
``max_nodes`` (or below ``max_depth``) a subtree is drawn as one
"... N more nodes" line.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator

from oogames.errors import RenderError
from oogames.trace.tracer import SearchTrace, TraceNode


def _number(value: float | None, trace: SearchTrace) -> str:
    if value is None:
        return "?"
    if value in (float("inf"), float("-inf")):
        return "+inf" if value > 0 else "-inf"
    if abs(value) > trace.win_value - 10_000:
        plies = int(trace.win_value - abs(value))
        return f"{'win' if value > 0 else 'loss'}{plies or ''}"  # no plies: MCTS's proofs
    return f"{value:g}"


def _window(node: TraceNode, trace: SearchTrace) -> str:
    if node.alpha is None and node.beta is None:
        return ""
    return f"[{_number(node.alpha, trace)}, {_number(node.beta, trace)}]"


def _move(node: TraceNode, trace: SearchTrace) -> str:
    return "root" if node.move is None else trace.format_move(node.move)


def _budgeted(root: TraceNode, max_nodes: int, max_depth: int | None) -> set[int]:
    """The ids of the nodes to draw: pre-order, at most ``max_nodes``, not below ``max_depth``."""
    shown: set[int] = set()

    def walk(node: TraceNode) -> Iterator[TraceNode]:
        yield node
        if max_depth is None or node.depth < max_depth:
            for child in node.children:
                yield from walk(child)

    for node in walk(root):
        if len(shown) > max_nodes:
            break
        shown.add(id(node))
    return shown


def to_text(trace: SearchTrace, max_nodes: int = 300, max_depth: int | None = None) -> str:
    """The searched tree as indented text, one position a line.

    A line reads ``move = value [alpha, beta]``, then ``*`` on the principal
    variation, ``(horizon)`` or ``(end)``; ``cut: ...`` lists the moves a
    cut-off skipped.
    """
    shown = _budgeted(trace.root, max_nodes, max_depth)
    result = trace.result
    head = (
        f"{trace.player_names[trace.model_player]} to move; "
        f"{result.stats.nodes:,} nodes, {result.stats.cutoffs:,} cut-offs; "
        f"best {trace.format_move(result.move)} = {_number(result.value, trace)}"
    )
    lines = [head]

    def describe(node: TraceNode) -> str:
        parts = [f"{_move(node, trace)} = {_number(node.value, trace)}"]
        window = _window(node, trace)
        if window:
            parts.append(window)
        if node.on_pv:
            parts.append("*")
        if node.kind in ("horizon", "end"):
            parts.append(f"({node.kind})")
        return " ".join(parts)

    def walk(node: TraceNode, prefix: str, last: bool, top: bool) -> None:
        branch = "" if top else ("└── " if last else "├── ")
        lines.append(prefix + branch + describe(node))
        inner = prefix if top else prefix + ("    " if last else "│   ")
        visible = [child for child in node.children if id(child) in shown]
        hidden = node.size() - sum(1 + child.size() for child in visible)
        skipped = node.unvisited() if node.cut else []
        extras = bool(hidden) + bool(skipped)
        for index, child in enumerate(visible):
            walk(child, inner, index == len(visible) - 1 and not extras, False)
        if hidden:
            extras -= 1
            lines.append(inner + ("└── " if not extras else "├── ") + f"... {hidden} more nodes")
        if skipped:
            names = " ".join(trace.format_move(move) for move in skipped)
            lines.append(inner + f"└── cut: {names}")

    walk(trace.root, "", True, True)
    return "\n".join(lines)


def _quote(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def to_dot(trace: SearchTrace, max_nodes: int = 300, max_depth: int | None = None) -> str:
    """The searched tree as a Graphviz DOT graph.

    Positions where the searching player moves are blue, the opponent's
    orange; horizons are dashed boxes, ends of the game filled boxes; the
    principal variation is bold and red; a grey note under a cut position
    lists the moves the cut-off skipped.
    """
    shown = _budgeted(trace.root, max_nodes, max_depth)
    out = [
        "digraph search {",
        '  graph [rankdir=TB, nodesep=0.15, ranksep=0.35, fontname="Helvetica"];',
        '  node [fontname="Helvetica", fontsize=10, style=filled, shape=box, margin="0.06,0.03"];',
        '  edge [fontname="Helvetica", fontsize=9, arrowsize=0.5];',
    ]
    counter = iter(range(10_000_000))

    def walk(node: TraceNode) -> str:
        name = f"n{next(counter)}"
        mover = node.player == trace.model_player
        color = "#d8eefe" if mover else "#fde5cc"
        label = _quote(_number(node.value, trace))
        window = _window(node, trace)
        if window:
            label += "\\n" + _quote(window)  # DOT's line break
        shape = "box"
        style = "filled"
        if node.kind == "horizon":
            style = "filled,dashed"
        elif node.kind == "end":
            color = "#e8e8e8"
            style = "filled,bold"
        elif node.kind == "root":
            shape = "doubleoctagon"
        pen = ', penwidth=2, color="#c00000"' if node.on_pv else ""
        out.append(
            f'  {name} [label="{label}", shape={shape}, style="{style}", fillcolor="{color}"{pen}];'
        )
        visible = [child for child in node.children if id(child) in shown]
        for child in visible:
            target = walk(child)
            edge = ', penwidth=2.5, color="#c00000"' if child.on_pv and node.on_pv else ""
            out.append(f'  {name} -> {target} [label="{_quote(_move(child, trace))}"{edge}];')
        hidden = node.size() - sum(1 + child.size() for child in visible)
        if hidden:
            more = f"n{next(counter)}"
            out.append(f'  {more} [label="... {hidden} more", shape=plaintext, style=""];')
            out.append(f"  {name} -> {more} [style=dotted];")
        skipped = node.unvisited() if node.cut else []
        if skipped:
            cut = f"n{next(counter)}"
            names = " ".join(trace.format_move(move) for move in skipped)
            out.append(
                f'  {cut} [label="cut: {_quote(names)}", shape=note, style="filled,dashed", '
                f'fillcolor="#f4f4f4", color="#888888", fontcolor="#666666"];'
            )
            out.append(f'  {name} -> {cut} [style=dashed, color="#888888", arrowhead=tee];')
        return name

    walk(trace.root)
    out.append("}")
    return "\n".join(out)


def to_svg(dot: str, timeout: float = 60) -> bytes:
    """Render DOT text as SVG with Graphviz's ``dot`` program.

    Raises:
        RenderError: ``dot`` is not installed, failed, or took longer than ``timeout`` seconds.
    """
    program = shutil.which("dot")
    if program is None:
        raise RenderError("Graphviz's dot program is not installed: write a .dot or .txt file")
    try:
        done = subprocess.run(
            [program, "-Tsvg"],
            input=dot.encode(),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise RenderError(f"dot took longer than {timeout:g} s; draw fewer nodes") from None
    if done.returncode != 0:
        raise RenderError(f"dot failed: {done.stderr.decode(errors='replace').strip()}")
    return done.stdout
