"""``oogames tree``: draw the tree a search explored."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Final, TextIO, cast

from oogames.board.model import ABoardModel
from oogames.cli.common import POSITION_FLAG, Subcommand, flag, position_of, whole_arg, whole_from
from oogames.errors import UsageError, shown
from oogames.games import find_game
from oogames.games.declaration import GameInfo
from oogames.nextmove.grammar import SAMPLERS, SEARCHES, StrategySpec
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.specs import make_factory, make_strategy
from oogames.parsing import write_user_file
from oogames.pictures.svg import svg_to_png
from oogames.trace.mcts_tree import mcts_trace
from oogames.trace.render import ASCII_LINES, LEVEL_WIDTH, MAX_NODES, draw_svg, to_dot, to_text
from oogames.trace.tracer import TRACE_LIMIT, SearchTrace, trace_search

MCTS_PLIES: Final = 2
"""The plies of MCTS's tree drawn where ``--max-depth`` does not say."""
MCTS_WIDTH: Final = 5
"""The most visited moves of each position drawn of MCTS's tree."""


def run_tree(args: argparse.Namespace, out: TextIO) -> int:
    """Search the position, draw the tree, write or print it; returns the exit status."""
    info = find_game(args.game)
    board = position_of(info, args, args.moves)
    spec = StrategySpec.parse(args.strategy, people=False)
    if spec.family == "sampler":
        trace = _sampled(spec, info, board, args)
    else:
        trace = trace_search(
            board, make_factory(spec.with_depth(args.depth), info.evaluate), limit=args.limit
        )
    target = args.out or ""
    caps = (args.max_nodes, args.max_depth)
    if not target:
        text = to_text(trace, *caps)
        try:  # an output that cannot write the tree's lines gets them in ASCII
            text.encode(getattr(out, "encoding", None) or "utf-8")
        except (UnicodeEncodeError, LookupError):
            text = text.translate(ASCII_LINES)
        print(text, file=out)
        return 0
    suffix = Path(target).suffix.lower()
    if suffix not in (".svg", ".png", ".dot", ".txt"):
        raise UsageError(f"--out: write .svg, .png, .dot or .txt, not {shown(target)}")
    if suffix in (".svg", ".png"):
        title = f"{args.strategy} on {args.game} after {args.moves.strip() or 'the start'}"
        if args.depth is not None and ":" not in args.strategy:
            title = f"{args.strategy}:{args.depth}{title[len(args.strategy) :]}"
        picture = draw_svg(trace, title, args.fold, args.max_depth, args.max_nodes)
        data = picture.encode() if suffix == ".svg" else svg_to_png(picture)
    else:
        data = ((to_dot if suffix == ".dot" else to_text)(trace, *caps) + "\n").encode()
    write_user_file(target, data, "--out")
    stats = trace.result.stats
    print(f"wrote {target}: {stats.nodes:,} nodes searched, {trace.nodes():,} traced", file=out)
    return 0


def _sampled(
    spec: StrategySpec, info: GameInfo, board: ABoardModel, args: argparse.Namespace
) -> SearchTrace:
    """MCTS's own tree after its search (:func:`~oogames.trace.mcts_trace`): the
    :data:`MCTS_WIDTH` most visited moves of each position, ``--max-depth`` plies deep
    (:data:`MCTS_PLIES` unless told)."""
    if args.depth is not None:
        raise UsageError(
            f"--depth: {spec.base} searches by iterations or time, not plies: "
            f"write {spec.base}:ITERATIONS or {spec.base}@SECONDS ({spec.base}:2000)"
        )
    search = cast(MCTS, make_strategy(spec, info.evaluate, seed=args.seed))
    search.analyze(board)
    plies = MCTS_PLIES if args.max_depth is None else args.max_depth
    return mcts_trace(search, board, depth=plies, width=MCTS_WIDTH)


COMMANDS: Final = (
    Subcommand(
        "tree",
        help="draw the tree a search explored (text, an SVG or PNG picture, or DOT)",
        description="Search a position and draw the tree the search explored: values, "
        "alpha-beta windows, cut-offs (listed in grey), horizons, the principal variation.",
        run=run_tree,
        game="positional",
        flags=(
            POSITION_FLAG,
            flag(
                "--strategy",
                default="alphabeta",
                help=f"one search: {', '.join(SEARCHES)}, with its enhancements; or "
                f"{', '.join(SAMPLERS)}, whose own tree is drawn, the {MCTS_WIDTH} most visited "
                "moves of each position (mcts:ITERATIONS or mcts@SECONDS)",
            ),
            flag("--seed", type=whole_arg, default=1, help="seed of mcts's random playouts"),
            flag(
                "--depth",
                type=whole_from(1),
                help="plies to search",
                note="to the end of the game",
            ),
            flag(
                "--out",
                help="write here: .svg (a picture), .png (needs cairosvg), .dot (Graphviz) "
                "or .txt; default: text on the screen",
            ),
            flag(
                "--fold",
                type=whole_from(1, 1_000),
                default=LEVEL_WIDTH,
                help="boxes a picture shows a level at most, folding the rest",
            ),
            flag(
                "--max-nodes",
                type=whole_from(1, 100_000),
                default=MAX_NODES,
                help="draw at most this many nodes",
            ),
            flag(
                "--max-depth",
                type=whole_arg,
                help="draw no deeper than this many plies (summarise below)",
            ),
            flag(
                "--limit",
                type=whole_from(1, 100_000_000),
                default=TRACE_LIMIT,
                help="stop a search past this many nodes",
            ),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
