"""The ``oogames`` command (also ``python -m oogames``).

``oogames demo`` plays a game computer against computer and prints every
move with the figures of the search that chose it; ``oogames list`` names
the games and strategies; ``oogames tree`` draws the tree a search explored;
``oogames compare`` tabulates several searches on the same positions;
``oogames match`` plays two searches against each other over N-in-a-row
boards of several sizes, k and depths.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TextIO

from oogames import plugins
from oogames.board.faults import check_not_stuck
from oogames.errors import (
    BoardOptionError,
    OogamesError,
    PluginCodeError,
    SettingsError,
    UsageError,
    one_line,
    shown,
)
from oogames.game.model import GameModel
from oogames.game.saving import load_game
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.games import GAMES, ConnectFourBoard, GameInfo, find_game
from oogames.nextmove.grammar import (
    DEFAULT_COMPUTER,
    SEARCHES,
    SOLVING_COMPUTER,
    StrategySpec,
    grammar_help,
    player_help,
)
from oogames.nextmove.results import SearchResult
from oogames.nextmove.solve import pons_score, solve
from oogames.nextmove.specs import make_factory, make_strategy
from oogames.nextmove.strategy import INextMoveStrategy, checked_result
from oogames.parsing import MAX_DIGITS, read_seconds, read_whole, user_path, whole_number
from oogames.pictures.svg import svg_to_png
from oogames.trace.compare import compare, format_table
from oogames.trace.match import format_rows, run_match
from oogames.trace.render import LEVEL_WIDTH, draw_svg, to_dot, to_text
from oogames.trace.tracer import trace_search
from oogames.ui.console import ConsoleView


def _printable(text: str) -> str:
    """``text`` with control characters escaped (``\\n``), so that a message stays one line."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block above them)."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (PROG --help)`` on standard error and exit with 2.

        Control characters the user typed are escaped, so the message stays one line.
        """
        self.exit(2, f"{self.prog}: error: {_printable(message)} (see {self.prog} --help)\n")


def _whole(text: str) -> int:
    """An argparse type: a whole number in ASCII digits (argparse names the flag)."""
    value = whole_number(text)
    if value is None:
        raise argparse.ArgumentTypeError(
            f"a whole number of at most {MAX_DIGITS} digits, not {shown(text)}"
        )
    return value


def _ranged(read: Callable[..., Any], *bounds: Any) -> Callable[[str], Any]:
    """An argparse type reading with ``read`` (a reader of :mod:`oogames.parsing`) within
    ``bounds``; its one-line error, with argparse naming the flag."""

    def typed(text: str) -> Any:
        try:
            return read(text, "the value", *bounds, UsageError)
        except UsageError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return typed


def _whole_from(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``."""
    return _ranged(read_whole, low, high)


def _seconds_from(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a finite number from ``low`` to ``high`` (no ``inf``, no ``nan``)."""
    return _ranged(read_seconds, low, high)


def _whole_list(text: str, what: str) -> list[int]:
    """Whole numbers separated by commas, like ``3,4,5`` (an empty one is refused)."""
    values = [whole_number(part) for part in text.split(",")]
    if not values or any(value is None for value in values):
        raise UsageError(f"{what} are whole numbers separated by commas, not {shown(text)}")
    return [value for value in values if value is not None]


def _heaps(text: str) -> tuple[int, ...]:
    try:
        return tuple(_whole_list(text, "heaps"))
    except UsageError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


#: The board options the command line takes: flag name -> (type, help).
_GAME_OPTIONS: dict[str, tuple[Any, str]] = {
    "rows": (_whole, "tictactoe: rows (default 3)"),
    "cols": (_whole, "tictactoe: columns (default 3)"),
    "k": (_whole, "tictactoe, connectfour: how many in a row win (default 3; 4)"),
    "width": (_whole, "connectfour: columns (default 7)"),
    "height": (_whole, "connectfour: rows (default 6)"),
    "size": (_whole, "othello: squares on a side, even, 4 to 16 (default 8)"),
    "target": (_whole, "nim: the total that wins (default 21)"),
    "max_add": (_whole, "nim: the most a move adds (default 3)"),
    "heaps": (None, "grundy: the starting heaps, for example 7 or 3,4,5 (default 7)"),
    "pits": (_whole, "kalah: pits in each row, 1 to 8 (default 6)"),
    "seeds": (_whole, "kalah: seeds in each pit at the start, 1 to 8 (default 4)"),
    "empty_capture": (
        bool,
        "kalah: capture the last seed sown into an empty pit of your own even when the "
        "opposite pit is empty",
    ),
}


_GAME_HELP = (
    f"the game: {', '.join(GAMES)}; a board class of your own as MODULE:CLASS or "
    "FILE.py:CLASS; or a game an installed package adds (oogames list)"
)


def _add_game_options(parser: argparse.ArgumentParser, positional: bool = False) -> None:
    if positional:
        parser.add_argument("game", metavar="GAME", help=_GAME_HELP)
    else:
        parser.add_argument("--game", default="tictactoe", metavar="GAME", help=_GAME_HELP)
    parser.add_argument(
        "--opt",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="an option of a plug-in game's constructor (typed from its annotations); repeat",
    )
    for name, (kind, text) in _GAME_OPTIONS.items():
        flag = "--" + name.replace("_", "-")
        if kind is bool:  # a switch: absent (None, the board's default) or on
            parser.add_argument(flag, dest=name, action="store_const", const=True, help=text)
        else:
            parser.add_argument(
                flag, dest=name, type=kind or _heaps, metavar=name.upper(), help=text
            )


def _game_options(args: argparse.Namespace) -> tuple[GameInfo, dict[str, Any]]:
    """The game chosen by ``args`` and the options given for it (the flags of the built-in
    games, ``--opt NAME=VALUE`` for any); refuses options the game does not take."""
    info = find_game(args.game)
    given = {name: getattr(args, name) for name in _GAME_OPTIONS if getattr(args, name) is not None}
    foreign = sorted(set(given) - set(info.options))
    if foreign:
        flags = ", ".join("--" + name.replace("_", "-") for name in foreign)
        takes = ", ".join("--" + name.replace("_", "-") for name in info.options) or "no options"
        raise BoardOptionError(f"{info.name} does not take {flags}; it takes {takes}")
    given.update(info.read_option_words(list(getattr(args, "opt", []) or [])))
    return info, given


def _make_board(args: argparse.Namespace) -> tuple[GameInfo, Any]:
    """The game chosen by ``args`` and its starting board."""
    info, given = _game_options(args)
    return info, info.make(**given)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``oogames`` command."""
    parser = _Parser(
        prog="oogames",
        description="Two-player games and game search after Rice's Design Patterns for Games.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    demo = commands.add_parser(
        "demo",
        help="watch a game computer against computer, with each move's search figures",
        description="Play a game computer against computer and print each move with the "
        "figures of the search that chose it (nodes, leaves, cut-offs, depth, time).",
    )
    _add_game_options(demo)
    demo.add_argument(
        "--player0", metavar="STRATEGY", help="player 0 (moves first): " + player_help()
    )
    demo.add_argument("--player1", metavar="STRATEGY", help="player 1: " + player_help())
    demo.add_argument("--seed", type=_whole, help="seed for random players")
    commands.add_parser(
        "list", help="list the games and strategies", description="List the games and strategies."
    )

    play = commands.add_parser(
        "play",
        help="play a game: people and computers, in the console or the interactive view",
        description="Play a game. Each side is human, random, or a strategy (see "
        "`oogames list`). In the console, type moves in the game's notation, or help to see "
        "the commands.",
    )
    _add_game_options(play, positional=True)
    play.add_argument("--player0", default="human", help="the first side: " + player_help("human"))
    play.add_argument("--player1", help="the second side: " + player_help())
    play.add_argument("--first", type=_whole, default=0, help="which side moves first (0 or 1)")
    play.add_argument("--hint-depth", type=_whole, default=3, help="how deep hints search (3)")
    play.add_argument("--seed", type=_whole, help="seed for random players")
    _add_view_choice(play)

    load = commands.add_parser(
        "load", help="go on with a saved game", description="Load a saved game (JSON) and play on."
    )
    load.add_argument("file", help="the saved game")
    load.add_argument(
        "--trust",
        action="append",
        default=[],
        metavar="REF",
        help="let the file name this plug-in (MODULE:CLASS or FILE.py:CLASS; its code runs)",
    )
    _add_view_choice(load)

    tree = commands.add_parser(
        "tree",
        help="draw the tree a search explored (text, an SVG or PNG picture, or DOT)",
        description="Search a position and draw the tree the search explored: values, "
        "alpha-beta windows, cut-offs (listed in grey), horizons, the principal variation.",
    )
    _add_game_options(tree, positional=True)
    tree.add_argument("--moves", default="", help="the position: moves from the start, in notation")
    tree.add_argument(
        "--strategy",
        default="alphabeta",
        help=f"one search: {', '.join(SEARCHES)}, with its enhancements (default: alphabeta)",
    )
    tree.add_argument(
        "--depth", type=_whole, help="plies to search (default: to the end of the game)"
    )
    tree.add_argument(
        "--out",
        help="write here: .svg (a picture), .png (needs cairosvg), .dot (Graphviz) or .txt; "
        "default: text on the screen",
    )
    tree.add_argument(
        "--fold",
        type=_whole_from(1, 1_000),
        default=LEVEL_WIDTH,
        help=f"a picture shows at most this many boxes a level (1 to 1,000), folding the rest "
        f"(default {LEVEL_WIDTH})",
    )
    tree.add_argument(
        "--max-nodes",
        type=_whole_from(1, 100_000),
        default=300,
        help="draw at most this many nodes, 1 to 100,000 (default 300)",
    )
    tree.add_argument(
        "--max-depth", type=_whole, help="draw no deeper than this many plies (summarise below)"
    )
    tree.add_argument(
        "--limit",
        type=_whole_from(1, 100_000_000),
        default=100_000,
        help="stop a search past this many nodes, up to 100,000,000 (default 100,000)",
    )

    compare = commands.add_parser(
        "compare",
        help="run several strategies on the same positions and tabulate their work",
        description="Run several strategies on the same positions and print nodes, leaves, "
        "evaluated leaves, cut-offs, seconds, the move and its value.",
    )
    _add_game_options(compare, positional=True)
    compare.add_argument(
        "--moves", action="append", help="a position (moves in notation); repeat for more"
    )
    compare.add_argument(
        "--strategies",
        default="minimax,alphabeta,negamax,negamax-ab",
        help="comma-separated strategies (default: minimax,alphabeta,negamax,negamax-ab)",
    )
    compare.add_argument(
        "--depth", type=_whole, default=3, help="depth for strategies given without one (default 3)"
    )

    solve = commands.add_parser(
        "solve",
        help="the exact value of a position for the side to move (no evaluation function)",
        description="Solve a position by exact search (alpha-beta with a transposition table, "
        "to the end of the game): win, draw or loss for the side to move, in how many plies, "
        "the best move and line, nodes and time. --batch reads positions from standard input, "
        "one per line, and writes '<position> <score> <nodes> <microseconds>' per line, the "
        "score as in Pascal Pons' benchmark for Connect Four (else 1, 0 or -1).",
    )
    _add_game_options(solve, positional=True)
    solve.add_argument("--moves", default="", help="the position: moves from the start")
    solve.add_argument("--weak", action="store_true", help="settle only win, draw or loss")
    solve.add_argument(
        "--margin",
        action="store_true",
        help="by how much the side to move wins or loses (games scored by a margin: "
        "Kalah's stores, Othello's discs); --batch then writes the margin as the score",
    )
    solve.add_argument("--format", choices=("text", "json"), default="text", help="text or json")
    solve.add_argument(
        "--batch", action="store_true", help="solve each line of standard input (see above)"
    )

    serve = commands.add_parser(
        "serve",
        help="play in the browser: a web server for the games (oogames[web])",
        description="Start a web server and print its address; the page plays every game "
        "against people or computers, with hints, undo, a stop button, downloads and "
        "uploads of save files. Every game is saved after every move (--data).",
    )
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=_whole, default=8000, help="the port (8000)")
    serve.add_argument("--data", help="where the games are kept (default: the data folder)")

    tournament = commands.add_parser(
        "tournament",
        help="strategies play each other (round robin or gauntlet): standings, Elo, crosstable",
        description="Every pair of strategies plays --games games from the same openings with "
        "both colours; each finished game is stored in SQLite (--db) as it ends, and a run "
        "with the same db plays only what is missing. --workers N plays on a local Dask "
        "cluster (oogames[scale]); --scheduler uses a running one. Prints the standings with "
        "Elo ratings (maximum likelihood, 95% intervals) and the crosstable.",
    )
    _add_game_options(tournament, positional=True)
    tournament.add_argument(
        "--players",
        required=True,
        metavar="A,B,...",
        help="the strategies, comma-separated: built-in specs (alphabeta+tt@0.2, mcts:500, "
        "random) or plug-ins (mybot.py:Bot:4)",
    )
    tournament.add_argument(
        "--games",
        type=_whole_from(1, 10_000),
        default=2,
        help="games per pairing, 1 to 10,000 (default 2: both colours)",
    )
    tournament.add_argument(
        "--openings",
        type=_whole_from(1, 10_000),
        default=1,
        help="random openings to play from, 1 to 10,000 (default 1)",
    )
    tournament.add_argument(
        "--opening-plies",
        type=_whole_from(0, 1_000),
        default=2,
        help="plies of each random opening, 0 to 1,000 (default 2)",
    )
    tournament.add_argument(
        "--openings-file", help="openings to play from: one a line, moves by spaces"
    )
    tournament.add_argument("--seed", type=int, default=1, help="seed of openings and players")
    tournament.add_argument(
        "--gauntlet", action="store_true", help="the first player against each other only"
    )
    tournament.add_argument(
        "--move-seconds",
        type=_seconds_from(0.001, 86_400),
        help="time a move may take, up to a day (over it by the margin loses)",
    )
    tournament.add_argument(
        "--time-margin",
        type=_seconds_from(0, 10),
        default=0.5,
        help="how far over a move may run, 0 to 10 (0.5 = 50%%)",
    )
    tournament.add_argument(
        "--plugin-seconds",
        type=_seconds_from(0.001, 86_400),
        help="a plug-in player's move is stopped (its process killed) after this long "
        "(default: the move's time and a second; 600 in an untimed game)",
    )
    tournament.add_argument(
        "--db", default="tournament.sqlite", help="the results database (default tournament.sqlite)"
    )
    tournament.add_argument(
        "--workers",
        type=_whole_from(1, 1_024),
        help="worker processes on a local Dask cluster (default: the machine's cores when "
        "Dask is installed, else 1); 1 plays here without Dask",
    )
    tournament.add_argument("--scheduler", help="a running Dask scheduler: tcp://HOST:PORT")
    tournament.add_argument("--report", help="write an HTML report here")
    tournament.add_argument("--format", choices=("text", "json"), default="text")

    match = commands.add_parser(
        "match",
        help="two searches play N-in-a-row over sizes, k and depths (the Radboud table)",
        description="Play one game of N-in-a-row per k, board size and depth between two "
        "searches of that depth, and print each side's evaluations, nodes, the number of moves "
        "and the result.",
    )
    match.add_argument("--first", default="minimax", help="the first player's search (minimax)")
    match.add_argument("--second", default="alphabeta", help="the second player's search")
    match.add_argument("--sizes", default="7x6", help="board sizes WIDTHxHEIGHT, comma-separated")
    match.add_argument("--k", default="4", help="numbers in a row to win, comma-separated")
    match.add_argument("--depths", default="2,3", help="search depths, comma-separated")
    match.add_argument("--seed", type=_whole, help="seed for a random player")
    match.add_argument(
        "--db", default=":memory:", help="store the games here (SQLite) to resume a long match"
    )
    match.add_argument(
        "--workers",
        type=_whole_from(1, 1_024),
        default=1,
        help="worker processes on a local Dask cluster",
    )
    match.add_argument("--scheduler", help="a running Dask scheduler: tcp://HOST:PORT")
    return parser


def _given(spec: str | None, flag: str) -> str | None:
    """A player given on the command line (None: not given), refusing an empty one."""
    if spec is not None and not spec.strip():
        raise UsageError(f"{flag} is empty: name a player (human, random, alphabeta:4, ...)")
    return spec


def _describe(board: Any, strategy: INextMoveStrategy, result: SearchResult) -> str:
    """One line: the move, its value, and the search figures."""
    stats = result.stats
    move = board.format_move(result.move)
    name = board.player_names[result.player]
    if result.value is None:
        return f"{name} ({strategy.name}) plays {move}"
    line = " ".join(board.format_move(m) for m in result.pv)
    return (
        f"{name} ({strategy.name}) plays {move}: value {result.outcome()}, line {line}\n"
        f"    nodes {stats.nodes:,}  leaves {stats.leaves:,}  cut-offs {stats.cutoffs:,}  "
        f"depth {stats.max_depth}  {stats.seconds:.3f} s  "
        f"({stats.microseconds_per_node:.1f} us/node)"
    )


def _default_spec(info: GameInfo, board: Any) -> str:
    return SOLVING_COMPUTER if info.solvable(board) else DEFAULT_COMPUTER


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play the demo game and print it to ``out``; returns the exit status."""
    info, board = _make_board(args)
    specs = [
        _given(args.player0, "--player0") or _default_spec(info, board),
        _given(args.player1, "--player1") or _default_spec(info, board),
    ]
    seed = args.seed
    players = [
        make_strategy(spec, info.evaluate, None if seed is None else seed + number)
        for number, spec in enumerate(specs)
    ]
    options = ", ".join(f"{key}={value}" for key, value in board.options().items())
    print(f"oogames demo: {info.name} ({options})", file=out)
    for number, player in enumerate(players):
        print(f"  {board.player_names[number]}: {player.name}", file=out)
    print(f"\n{board}\n", file=out)
    totals = [0, 0]
    while not board.is_over:
        strategy = players[board.to_move]
        result = checked_result(strategy, strategy.analyze(board.copy()), board)
        totals[board.to_move] += result.stats.nodes
        print(f"{board.ply + 1}. {_describe(board, strategy, result)}", file=out)
        board.play(result.move)
        print(f"\n{board}\n", file=out)
    print(f"result: {board.status_text()} after {board.ply} moves", file=out)
    print(
        f"nodes searched: {board.player_names[0]} {totals[0]:,}, "
        f"{board.player_names[1]} {totals[1]:,}",
        file=out,
    )
    return 0


def _add_view_choice(parser: argparse.ArgumentParser) -> None:
    views = parser.add_mutually_exclusive_group()
    views.add_argument("--console", action="store_true", help="plain text (the default)")
    views.add_argument("--tui", action="store_true", help="the interactive board (oogames[tui])")


def run_play(args: argparse.Namespace, out: TextIO) -> int:
    """Start the game the arguments describe, in the chosen view; returns the exit status."""
    info, given = _game_options(args)
    board = info.make(**given)
    second = _given(args.player1, "--player1") or _default_spec(info, board)
    settings = GameSettings(
        game=info.name,
        options={**given, **board.options()},
        players=(
            PlayerSpec.parse(_given(args.player0, "--player0") or "human"),
            PlayerSpec.parse(second),
        ),
        first=args.first,
        hint_depth=args.hint_depth,
        seed=args.seed,
    )
    return _open(settings, None, args, out)


def run_load(args: argparse.Namespace, out: TextIO) -> int:
    """Open a saved game in the chosen view; returns the exit status."""
    settings, board = load_game(args.file, args.trust)
    return _open(settings, board, args, out)


def _open(settings: GameSettings, board: Any, args: argparse.Namespace, out: TextIO) -> int:
    if args.tui:
        try:
            from oogames.ui.tui import run_tui
        except ImportError:
            raise SettingsError(
                "the interactive view needs Textual: pip install 'oogames[tui]'"
            ) from None
        return run_tui(settings, board)
    model = GameModel(settings, start=False, board=board)
    view = ConsoleView(model, sys.stdin, out)
    return view.run()


def _position(info: GameInfo, args: argparse.Namespace, moves: str) -> Any:
    """The board of ``info`` with the options of ``args`` after ``moves`` (notation)."""
    _, given = _game_options(args)
    return info.board.from_moves(moves, **given) if moves.strip() else info.make(**given)


def run_tree(args: argparse.Namespace, out: TextIO) -> int:
    """Search the position, draw the tree, write or print it; returns the exit status."""
    info = find_game(args.game)
    board = _position(info, args, args.moves)
    factory = make_factory(StrategySpec.parse(args.strategy).with_depth(args.depth), info.evaluate)
    trace = trace_search(board, factory, limit=args.limit)
    target = args.out or ""
    caps = (args.max_nodes, args.max_depth)
    if not target:
        print(to_text(trace, *caps), file=out)
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
    try:
        user_path(target, "--out").write_bytes(data)
    except ValueError:  # a NUL character in the name
        raise UsageError(f"--out: {shown(target)} is not a file name") from None
    except OSError as error:
        raise UsageError(
            f"--out: cannot write {shown(target)}: {error.strerror or error}"
        ) from None
    stats = trace.result.stats
    print(f"wrote {target}: {stats.nodes:,} nodes searched, {trace.nodes():,} traced", file=out)
    return 0


SOLVE_NOTICE_SECONDS = 3.0
"""How long ``oogames solve`` searches one position before it says it is still at it."""


def run_solve(args: argparse.Namespace, out: TextIO) -> int:
    """Solve one position, or each line of standard input with --batch."""
    info = find_game(args.game)
    if args.batch:
        return _solve_batch(args, info, sys.stdin, out)
    board = _position(info, args, args.moves)
    notice = threading.Timer(
        SOLVE_NOTICE_SECONDS,
        lambda: print(
            f"oogames solve: still searching after {SOLVE_NOTICE_SECONDS:g} s "
            "(an early position can take hours; Ctrl-C stops)",
            file=sys.stderr,
            flush=True,
        ),
    )
    notice.daemon = True
    notice.start()
    try:
        solution = solve(board, weak=args.weak, full_pv=True, margin=args.margin)
    finally:
        notice.cancel()
    if args.format == "json":
        fields = {"position": args.moves.strip(), **solution.as_dict(board.format_move)}
        print(json.dumps(fields), file=out)
        return 0
    who = board.player_names[board.to_move]
    plies = "" if solution.plies is None else f" in {solution.plies} plies"
    if solution.margin:
        plies = f" by {abs(solution.margin)}"
    print(f"position: {args.moves.strip() or 'start'} ({board.status_text()})", file=out)
    print(f"outcome: {solution.outcome}{plies} for {who}", file=out)
    if solution.move is not None:
        line = " ".join(board.format_move(move) for move in solution.pv)
        print(f"best move: {board.format_move(solution.move)}; line: {line}", file=out)
    print(
        f"nodes: {solution.nodes:,}, table hits {solution.table_hits:,}, {solution.seconds:.3f} s",
        file=out,
    )
    return 0


def _solve_batch(args: argparse.Namespace, info: GameInfo, lines: TextIO, out: TextIO) -> int:
    """Solve each line's position; a bad line is reported on stderr and skipped."""
    _, empty = _make_board(args)
    bad = 0
    last_report = time.perf_counter()
    for number, line in enumerate(lines, 1):
        words = line.split()
        moves = words[0] if words else ""
        try:
            board = type(empty).from_moves(moves, **empty.options())
        except OogamesError as error:
            print(f"oogames solve: line {number}: {one_line(error)}", file=sys.stderr)
            bad += 1
            continue
        solution = solve(board, weak=args.weak, margin=args.margin)
        if solution.margin is not None:
            score = solution.margin
        elif isinstance(board, ConnectFourBoard) and not args.weak:
            score = pons_score(board, solution)
        else:
            score = {"win": 1, "draw": 0, "loss": -1}[solution.outcome]
        micro = round(solution.seconds * 1e6)
        print(f"{moves} {score} {solution.nodes} {micro}", file=out, flush=True)
        if time.perf_counter() - last_report > 5:
            print(f"oogames solve: {number} lines done", file=sys.stderr, flush=True)
            last_report = time.perf_counter()
    return 2 if bad else 0


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run the strategies on the positions and print the table; returns the exit status."""
    info = find_game(args.game)
    boards = []
    for moves in args.moves or [""]:
        board = _position(info, args, moves)
        label = f"{moves.strip() or 'start'} ({board.status_text()})"
        boards.append((label, board))
    strategies = [
        make_strategy(StrategySpec.parse(spec).with_depth(args.depth), info.evaluate)
        for spec in args.strategies.split(",")
        if spec.strip()
    ]
    print(format_table(compare(boards, strategies)), file=out)
    return 0


def _sizes(text: str) -> list[tuple[int, int]]:
    sizes = []
    for part in text.split(","):
        width_text, _, height_text = part.strip().lower().partition("x")
        width, height = whole_number(width_text), whole_number(height_text)
        if width is None or height is None:
            raise UsageError(f"--sizes: a size is WIDTHxHEIGHT, like 7x6, not {shown(part)}")
        sizes.append((width, height))
    return sizes


def run_serve(args: argparse.Namespace, out: TextIO) -> int:
    """Run the web server until Ctrl-C; returns the exit status."""
    try:
        from oogames.web.app import serve
    except ImportError:
        raise SettingsError(
            "the browser view needs Starlette: pip install 'oogames[web]'"
        ) from None
    if not 1 <= args.port <= 65_535:
        raise UsageError(f"--port must be from 1 to 65535, not {args.port}")
    folder = user_path(args.data, "--data") if args.data else None
    return serve(args.host, args.port, folder, out)


def run_tournament_command(args: argparse.Namespace, out: TextIO) -> int:
    """Play (or resume) the tournament and print its standings; returns the exit status."""
    from oogames.tournament import ResultStore, run_games, schedule, standings
    from oogames.tournament.games import random_openings, read_openings, tournament_key
    from oogames.tournament.report import print_rich, to_html, to_json, to_text

    info, given = _game_options(args)
    start = info.make(**given)
    check_not_stuck(start)  # a game no one can move in is refused before any is played
    options = {**given, **start.options()}
    players = [spec.strip() for spec in args.players.split(",") if spec.strip()]
    for spec in players:  # every player must be buildable before a game is played
        make_strategy(spec, info.evaluate, 0)
    if args.openings_file:
        try:
            text = user_path(args.openings_file, "--openings-file").read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError) as error:
            raise UsageError(
                f"--openings-file: cannot read {args.openings_file}: {error}"
            ) from None
        openings = read_openings(text, args.openings)
        for opening in openings:  # every opening must be legal
            info.board.from_moves(" ".join(opening), **given)
    else:
        openings = random_openings(info.name, given, args.openings, args.opening_plies, args.seed)
    tasks = schedule(
        info.name,
        options,
        players,
        args.games,
        openings,
        args.seed,
        args.gauntlet,
        args.move_seconds,
        args.time_margin,
        args.plugin_seconds,
    )
    key = tournament_key(tasks)
    store = ResultStore(args.db)
    store.register(key, {"game": info.name, "options": options, "players": players})
    workers = args.workers or _default_workers()
    with _tournament_progress() as progress:
        played = run_games(
            tasks, store, key, workers=workers, scheduler=args.scheduler, progress=progress
        )
    records = store.records(key, players)
    store.close()
    result = standings(players, records)
    if args.report:
        title = f"{info.name} tournament: {len(players)} players, {len(records)} games"
        try:
            user_path(args.report, "--report").write_text(to_html(result, title))
        except OSError as error:
            raise UsageError(f"--report: cannot write {args.report}: {error}") from None
    if args.format == "json":
        print(to_json(result), file=out)
        return 0
    resumed = len(records) - played
    print(
        f"{info.name}: {len(tasks)} games, {played} played now"
        + (f", {resumed} found in {args.db}" if resumed else ""),
        file=out,
    )
    if not (out is sys.stdout and print_rich(result, out)):
        print(to_text(result), file=out)
    return 0


def _default_workers() -> int:
    """The machine's cores when Dask is installed, else 1 (play here)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return 1
    return max(1, os.cpu_count() or 1)


def _rich() -> tuple[Any, Any] | None:
    """rich's Console and Progress classes (the optional extra "teach"), or None."""
    try:
        from rich.console import Console
        from rich.progress import Progress
    except ImportError:
        return None
    return Console, Progress


@contextlib.contextmanager
def _tournament_progress() -> Iterator[Callable[[int, int, int], None]]:
    """A progress bar of games done, running and left (rich, at a terminal)."""
    rich = _rich()
    if rich is None or not sys.stderr.isatty():
        yield lambda done, running, total: None
        return
    console, progress = rich
    with progress(console=console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task("games", total=None)

        def show(done: int, running: int, total: int) -> None:
            bar.update(
                task,
                completed=done,
                total=total,
                description=f"games: {done} done, {running} running, {total - done} left",
            )

        yield show


def run_match_command(args: argparse.Namespace, out: TextIO) -> int:
    """Play the match, with a progress bar when rich is installed; returns the exit status."""
    sizes, ks = _sizes(args.sizes), _whole_list(args.k, "--k values")
    depths = _whole_list(args.depths, "--depths")
    total = len(sizes) * len(ks) * len(depths)
    with _progress(total) as advance:
        rows = run_match(
            args.first,
            args.second,
            sizes=sizes,
            ks=ks,
            depths=depths,
            seed=args.seed,
            progress=advance,
            db=args.db,
            workers=args.workers,
            scheduler=args.scheduler,
        )
    print(format_rows(rows), file=out)
    return 0


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[Any], None]]:
    """A progress bar on standard error (rich, when installed and a terminal is there)."""
    rich = _rich()
    if rich is None or not sys.stderr.isatty():
        yield lambda row: None
        return
    console, progress = rich
    with progress(console=console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda row: bar.advance(task)


def run_list(out: TextIO) -> int:
    """Print the games and strategies to ``out``; returns the exit status."""
    print("games (oogames demo --game NAME [options]):", file=out)
    for info in GAMES.values():
        flags = " ".join("--" + name.replace("_", "-") for name in info.options)
        print(f"  {info.name:<12} {info.summary}", file=out)
        print(f"  {'':<12} options: {flags}", file=out)
    installed = plugins.entry_point_games()
    for name, point in installed.items():
        try:
            info = find_game(name)
            summary = info.summary
            flags = " ".join(f"--opt {option}=..." for option in info.options) or "none"
        except OogamesError as error:
            summary, flags = f"(cannot be loaded: {one_line(error)})", "-"
        print(f"  {name:<12} {summary}", file=out)
        print(f"  {'':<12} from {plugins.origin_of(point)}; options: {flags}", file=out)
    print(
        "  or a board class of your own: MODULE:CLASS or FILE.py:CLASS (--opt NAME=VALUE)",
        file=out,
    )
    for line in grammar_help():
        print(line, file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``oogames`` command with ``argv``; returns the exit status.

    A bad argument prints a message and returns 2, never a traceback.
    """
    out = sys.stdout if out is None else out
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            return run_demo(args, out)
        if args.command == "tree":
            return run_tree(args, out)
        if args.command == "compare":
            return run_compare(args, out)
        if args.command == "solve":
            return run_solve(args, out)
        if args.command == "serve":
            return run_serve(args, out)
        if args.command == "tournament":
            return run_tournament_command(args, out)
        if args.command == "match":
            return run_match_command(args, out)
        if args.command == "play":
            return run_play(args, out)
        if args.command == "load":
            return run_load(args, out)
        return run_list(out)
    except PluginCodeError as error:  # the user's own code raised: show its traceback
        sys.stderr.write(error.details)
        parser.exit(2, f"oogames: error in your plug-in: {_printable(str(error))}\n")
    except OogamesError as error:
        parser.exit(2, f"oogames: error: {_printable(str(error))}\n")
    except KeyboardInterrupt:
        print("oogames: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (``oogames demo | head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except (Exception, SystemExit) as error:  # a plug-in's code raised, or called sys.exit()
        blamed = plugins.blame(error)
        if blamed is None:
            raise
        sys.stderr.write(blamed.details)
        parser.exit(2, f"oogames: error in your plug-in: {_printable(str(blamed))}\n")
