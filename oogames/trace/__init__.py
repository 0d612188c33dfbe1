"""Teaching tools: record the tree a search explored and draw it (text, Graphviz DOT, SVG)."""

from oogames.errors import RenderError, TraceLimitError
from oogames.trace.render import to_dot, to_svg, to_text
from oogames.trace.tracer import SearchTrace, TraceAcc, TraceNode, trace_search

__all__ = [
    "RenderError",
    "SearchTrace",
    "TraceAcc",
    "TraceLimitError",
    "TraceNode",
    "to_dot",
    "to_svg",
    "to_text",
    "trace_search",
]
