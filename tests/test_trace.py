"""The search tracer and its drawings, compare and match, and their commands."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest
from helpers import count, exits_with_message, mobility, run_cli, searchable, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from oogames import ABoardModel, AlphaBetaFac, DepthFac, MinMax, MinMaxFac, TicTacToeBoard
from oogames.games import open_lines
from oogames.nextmove.negamax import NegaAlphaBetaFac
from oogames.nextmove.specs import make_strategy
from oogames.trace import (
    RenderError,
    TraceLimitError,
    TraceNode,
    draw_svg,
    to_dot,
    to_svg,
    to_text,
    trace_search,
)
from oogames.trace.compare import compare, format_table
from oogames.trace.match import format_rows, run_match

choices = st.lists(st.integers(0, 1000), max_size=30)


def walk(node: TraceNode) -> list[TraceNode]:
    """Every node below ``node``, in pre-order."""
    found = []
    for child in node.children:
        found.append(child)
        found += walk(child)
    return found


@given(path=choices, depth=st.integers(1, 3), prune=st.booleans())
def test_trace_has_exactly_the_searched_nodes_and_changes_nothing(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int, prune: bool
) -> None:
    """The traced tree has stats.nodes nodes; the result equals the untraced search's."""
    board = searchable(make_board, path)  # never over: every draw is checked
    factory: Any = DepthFac(AlphaBetaFac() if prune else MinMaxFac(), depth, mobility)
    plain = MinMax(factory).analyze(board)
    before = snapshot(board)
    trace = trace_search(board, factory)
    assert snapshot(board) == before
    traced = trace.result
    assert (traced.move, traced.value, traced.pv) == (plain.move, plain.value, plain.pv)
    keys = ("nodes", "leaves", "evaluated", "cutoffs", "max_depth")
    assert [getattr(traced.stats, k) for k in keys] == [getattr(plain.stats, k) for k in keys]
    nodes = walk(trace.root)
    assert len(nodes) == trace.nodes() == traced.stats.nodes
    assert sum(node.kind == "horizon" for node in nodes) == traced.stats.evaluated
    assert sum(node.kind == "end" for node in nodes) == traced.stats.leaves - traced.stats.evaluated
    assert sum(node.cut for node in [trace.root, *nodes]) == traced.stats.cutoffs
    pv_moves = [node.move for node in nodes if node.on_pv]
    assert pv_moves == list(traced.pv)


def test_trace_records_windows_cuts_and_unvisited_moves() -> None:
    """Each node has the window it was searched with; a cut node lists the moves it skipped."""
    board = TicTacToeBoard.from_moves("b2 a1 c3")
    trace = trace_search(board, DepthFac(AlphaBetaFac(), 2, open_lines))
    root = trace.root
    assert (root.alpha, root.beta, root.kind) == (float("-inf"), float("inf"), "root")
    second = root.children[1]
    assert second.move == (0, 2) and (second.alpha, second.beta) == (-3, float("inf"))
    cut = root.children[2]
    assert cut.cut and [board.format_move(m) for m in cut.unvisited()] == ["c1", "c2", "a3", "b3"]
    assert all(child.kind == "horizon" for child in second.children)


@settings(max_examples=15)  # three traces a position; 20 games
@given(path=choices, depth=st.one_of(st.none(), st.integers(1, 3)))
def test_trace_of_negamax_alpha_beta_is_alpha_betas_window_for_window(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int | None
) -> None:
    """Negamax alpha-beta keeps its window in the view of each node's own player; its trace
    shows it from the model player's view, as it shows the values: alpha-beta's tree, node
    for node and window for window. (It showed the opponent's windows negated and
    swapped, beside values from the model player's view: "2 = win3 [-inf, win4]" where
    alpha-beta's reads "[loss4, +inf]".) A search that does not prune shows none."""
    board = searchable(make_board, path, 3_000 if depth is None else None)

    def shown(factory: Any) -> list[tuple[Any, ...]]:
        factory = factory if depth is None else DepthFac(factory, depth, mobility)
        trace = trace_search(board, factory)
        nodes = [trace.root, *walk(trace.root)]
        return [(node.move, node.value, node.alpha, node.beta, node.cut) for node in nodes]

    classic = shown(AlphaBetaFac())
    assert shown(NegaAlphaBetaFac()) == classic
    assert classic[0][2:4] == (float("-inf"), float("inf"))
    assert all(node[2:4] == (None, None) for node in shown(MinMaxFac()))
    count("negamax alpha-beta traces = alpha-beta's, window for window")


def test_trace_limit_stops_the_search_and_restores_the_board() -> None:
    """Past its node limit a traced search stops with a clear error; the board is as it was."""
    board = TicTacToeBoard.from_moves("b2")
    before = snapshot(board)
    with pytest.raises(TraceLimitError, match="more than 500 nodes"):
        trace_search(board, MinMaxFac(), limit=500)
    assert snapshot(board) == before


def test_text_drawing_marks_the_line_cuts_and_summaries() -> None:
    """The text shows the header, '*' on the principal variation, cut lists, and summaries."""
    trace = trace_search(TicTacToeBoard.from_moves("a1 b1 a2 b2"), AlphaBetaFac())
    text = to_text(trace, max_nodes=10)
    lines = text.splitlines()
    assert lines[0] == "X to move; 62 nodes, 19 cut-offs; best a3 = win1"
    assert lines[1] == "root = win1 [-inf, +inf] *"
    assert "more nodes" in text and "cut: " in text
    full = to_text(trace, max_nodes=10_000)
    assert "more nodes" not in full
    cut_lines = sum(1 for n in walk(trace.root) if n.cut and n.unvisited())
    assert len(full.splitlines()) == 2 + 62 + cut_lines  # header, root, nodes, cut lists
    shallow = to_text(trace, max_nodes=10_000, max_depth=1)
    assert "more nodes" in shallow


def test_dot_drawing_is_valid_graphviz() -> None:
    """The DOT text is a digraph with the line in red, cut notes and horizons; dot renders it."""
    trace = trace_search(
        TicTacToeBoard.from_moves("b2 a1 c3"), DepthFac(AlphaBetaFac(), 2, open_lines)
    )
    dot = to_dot(trace)
    assert dot.startswith("digraph search {") and dot.rstrip().endswith("}")
    assert 'color="#c00000"' in dot and "shape=note" in dot and "dashed" in dot
    notes = sum(1 for n in [trace.root, *walk(trace.root)] if n.cut and n.unvisited())
    assert notes == 4
    assert dot.count(" -> ") == trace.nodes() + notes  # an edge per node and per cut note
    try:
        svg = to_svg(dot)
    except RenderError:
        pytest.skip("Graphviz's dot is not installed")
    assert svg.lstrip().startswith(b"<?xml") and b"<svg" in svg


def test_svg_without_graphviz_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the dot program, to_svg says so instead of failing obscurely."""
    monkeypatch.setattr("shutil.which", lambda name: None)
    with pytest.raises(RenderError, match="not installed"):
        to_svg("digraph { a }")


def test_compare_rows_and_table() -> None:
    """compare runs each strategy on each position; negamax does exactly minimax's work."""
    boards = [
        ("start", TicTacToeBoard.from_moves("b2")),
        ("threat", TicTacToeBoard.from_moves("a1 b1 a2 b2")),
    ]
    strategies = [
        make_strategy(spec, open_lines) for spec in ("minimax:3", "negamax:3", "alphabeta:3")
    ]
    rows = compare(boards, strategies)
    assert len(rows) == 6
    assert rows[0].nodes == rows[1].nodes and rows[2].nodes < rows[0].nodes
    assert rows[3].move == "a3" and rows[3].value == "win in 1"
    table = format_table(rows)
    assert table.startswith("position: start") and "position: threat" in table
    assert "alphabeta:3" in table and "cut-offs" in table
    assert "tt-hits" not in table  # no strategy had a table
    assert max(len(line) for line in table.splitlines()) <= 80
    header, *figures = table.splitlines()[1:5]
    assert all(len(line) == len(header) for line in figures)  # the seconds under "seconds"


def test_match_plays_one_game_per_configuration() -> None:
    """run_match plays one game per k, size and depth, counting each side's evaluations."""
    seen = []
    rows = run_match(
        "minimax", "alphabeta", sizes=[(5, 4), (4, 4)], ks=[3], depths=[1, 2], progress=seen.append
    )
    assert len(rows) == len(seen) == 4
    assert [(r.width, r.height, r.depth) for r in rows] == [
        (5, 4, 1),
        (5, 4, 2),
        (4, 4, 1),
        (4, 4, 2),
    ]
    for row in rows:
        assert row.first.startswith("minimax:") and row.second.startswith("alphabeta:")
        assert row.moves > 0 and row.evaluations[0] > 0 and row.nodes[0] >= row.evaluations[0]
    assert format_rows(rows).startswith("minimax (X, first) against alphabeta (O)")


def test_tree_command_writes_text_dot_and_svg(tmp_path: Path) -> None:
    """oogames tree prints text, or writes .txt, .dot or .svg by the file's ending."""
    text = run_cli("tree", "tictactoe", "--moves", "b2 a1 c3", "--depth", "2")
    assert text.startswith("O to move; 20 nodes, 4 cut-offs; best c1 = -2")
    for ending in ("txt", "dot", "svg"):
        target = tmp_path / f"tree.{ending}"
        try:
            said = run_cli(
                "tree", "connectfour", "--moves", "4433", "--depth", "3", "--out", str(target)
            )
        except SystemExit:
            assert ending == "svg"  # only when Graphviz is missing
            continue
        assert said.startswith(f"wrote {target}: 158 nodes searched, 158 traced")
        assert target.stat().st_size > 100


def test_tree_command_draws_mctss_own_tree(capsys: pytest.CaptureFixture[str]) -> None:
    """``oogames tree GAME --strategy mcts:N`` draws MCTS's own tree (it was refused as
    "not one search"): the root's five most visited moves, most visited first, each
    with its win rate for the player to move as a score (or its proof) and its visits,
    the line by visits marked; seeded, the same tree each run; ``--depth`` (plies)
    refused in one line."""
    from oogames.nextmove.mcts import MCTS
    from oogames.nextmove.mcts_tree import LOSS, WIN

    argv = ("tree", "tictactoe", "--moves", "b2", "--strategy", "mcts:500", "--seed", "4")
    text = run_cli(*argv)
    assert text == run_cli(*argv)
    search = make_strategy("mcts:500", open_lines, seed=4)
    assert isinstance(search, MCTS)
    board = TicTacToeBoard.from_moves("b2")
    search.analyze(board)
    assert search.root is not None
    ranked = sorted(search.root.children, key=lambda child: -child.visits)[:5]
    best = search.root.best_child()

    def shown(child: Any) -> str:  # the root's children are the player to move's moves
        if child.proven is not None:
            return {WIN: "win", LOSS: "loss"}.get(child.proven, "0")
        return f"{round(200 * child.reward / child.visits - 100, 1):g}"

    assert search.last_result is not None  # its header: iterations, not cut-offs
    made = search.last_result.stats.nodes
    assert text.startswith(f"O to move; 500 iterations, {made:,} moves made; best ")
    top = [line[4:] for line in text.splitlines()[2:] if line[:4] in ("├── ", "└── ")]
    assert top == [
        f"{board.format_move(c.move)} = {shown(c)}"
        + (" *" if c is best else "")
        + f" ({c.visits:,} visits)"
        for c in ranked
    ]
    count("mcts trees drawn by the command checked against the search's own")
    pig = run_cli("tree", "pig", "--target", "20", "--moves", "roll 5", "--strategy", "mcts:300")
    assert "├── roll = " in pig and re.search(r"│   ├── [1-6] = -?\d", pig)
    exits_with_message(
        [*argv, "--depth", "3"],
        "--depth: mcts searches by iterations or time, not plies",
        lambda: capsys.readouterr().err,
    )


def test_tree_command_caps_depth_and_nodes() -> None:
    """--max-depth and --max-nodes summarise a big tree instead of drawing all of it."""
    text = run_cli("tree", "tictactoe", "--moves", "b2", "--depth", "3", "--max-depth", "1")
    deeper = [
        line.lstrip("│ ├└─") for line in text.splitlines()[2:] if line.startswith(("│ ", "  "))
    ]
    assert deeper and all(line.startswith(("... ", "cut: ")) for line in deeper)
    text = run_cli("tree", "othello", "--depth", "3", "--max-nodes", "5")
    assert "more nodes" in text


def test_compare_and_match_commands() -> None:
    """oogames compare and match print their tables."""
    text = run_cli(
        "compare", "grundy", "--heaps", "9", "--strategies", "minimax,alphabeta", "--depth", "20"
    )
    assert "minimax:20" in text and "9=2+7" in text and "win in 5" in text
    text = run_cli("match", "--sizes", "5x4", "--k", "3", "--depths", "1")
    assert "minimax (X, first) against alphabeta (O)" in text and " 5x4 " in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["tree", "tictactoe", "--strategy", "minimax", "--limit", "1000"],
            "more than 1,000 nodes",
        ),
        (["tree", "tictactoe", "--strategy", "foo"], "unknown strategy"),
        (["tree", "tictactoe", "--moves", "b2 b2"], "move 2"),
        (["compare", "othello", "--moves", "z9"], "no cell"),
        (["match", "--sizes", "7by6"], "WIDTHxHEIGHT"),
        (["match", "--depths", "two"], "whole numbers"),
        # The board's own option is no flag of match: the size and k are named instead.
        (["match", "--sizes", "3x3"], "the size 3x3 with k 4: k must be a whole number"),
        (["match", "--sizes", "0x4", "--k", "1"], "the size 0x4 with k 1: width must be"),
    ],
)
def test_teaching_commands_explain_bad_input(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad request prints a reason and exits 2, never a traceback."""
    exits_with_message(argv, message, lambda: capsys.readouterr().err)


class _Terminal(io.StringIO):
    """A standard error that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_match_shows_a_progress_bar_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """With rich installed and a terminal, match draws progress on standard error only."""
    pytest.importorskip("rich")
    err = _Terminal()
    monkeypatch.setattr("sys.stderr", err)
    text = run_cli("match", "--sizes", "5x4,4x4", "--k", "3", "--depths", "1")
    assert text.startswith("minimax (X, first) against alphabeta (O)")
    assert "games" in err.getvalue()


def test_a_compare_table_with_a_transposition_table_fits_the_width_it_is_given() -> None:
    """With a table the strategies' figures add a column: the columns then stand one space
    apart where two would pass the width (the command line's 79), and line up still."""
    from oogames.cli.common import WIDTH
    from oogames.games import ConnectFourBoard, connect_four_lines

    specs = ("alphabeta+tt:6", "pvs+tt+order:6", "mtdf+tt:6")
    strategies = [make_strategy(spec, connect_four_lines) for spec in specs]
    rows = compare([("start", ConnectFourBoard(width=4, height=4))], strategies)
    wide = format_table(rows)
    assert "  tt-hits  " in wide and max(map(len, wide.splitlines())) > WIDTH
    narrow = format_table(rows, WIDTH)
    header, *figures = narrow.splitlines()[1:]
    assert " tt-hits " in header and len(header) <= WIDTH
    assert all(len(line) == len(header) for line in figures)
    assert narrow.split() == wide.split()  # the same cells


def test_a_compare_table_of_long_names_stands_each_name_above_its_figures() -> None:
    """Four enhanced searches made the command's table 94 columns wide at one space apart,
    so a terminal 80 wide wrapped every row. Where the figures and the names cannot share
    a line of the width, each name stands whole on a line of its own and its figures under
    the header's, every line within the width; where they can, the table is as before."""
    from oogames.cli.common import WIDTH
    from oogames.games import ConnectFourBoard, connect_four_lines

    specs = ("alphabeta+tt+history+killer:4", "pvs+tt+history+killer:4", "mtdf+tt+history:4")
    strategies = [make_strategy(spec, connect_four_lines) for spec in specs]
    rows = compare([("start", ConnectFourBoard(width=5, height=4))], strategies)
    assert len(format_table(rows).splitlines()[2]) > WIDTH  # too wide, unless stacked
    lines = format_table(rows, WIDTH).splitlines()
    assert all(len(line) <= WIDTH for line in lines)
    position, strategy, header, *body = lines
    assert (position, strategy) == ("position: start", "strategy")
    names, figures = body[0::2], body[1::2]
    assert names == [row.strategy for row in rows]
    for row, line in zip(rows, figures, strict=True):
        assert line.split() == [row.move, row.value, f"{row.nodes:,}", f"{row.leaves:,}",
                                f"{row.evaluated:,}", f"{row.cutoffs:,}", f"{row.table_hits:,}",
                                row.depth, f"{row.seconds:.3f}"]  # fmt: skip
        assert len(line) == len(header)  # the figures stand under their heads
    short = format_table([attrs.evolve(row, strategy="ab") for row in rows], WIDTH)
    assert short.splitlines()[1].startswith("strategy move")  # names that fit share the line


#: Searches of games of more than two players, and of chance, each as a spec for the game.
MOVER_CASES = [
    ("rolit", {"size": 4, "players": 3}, ("maxn:2", "paranoid:2", "brs:2")),
    ("rolit", {"size": 4, "players": 4}, ("maxn:2", "paranoid:2")),
    ("pig", {"target": 6}, ("expectimax:3", "star2:3")),
    ("pig", {"target": 6, "players": 3}, ("maxn:3",)),
    ("tictactoe", {}, ("alphabeta:2",)),
]


@pytest.mark.parametrize(("game", "options", "specs"), MOVER_CASES)
def test_every_drawing_says_who_moves_in_a_game_of_more_players_or_chance(
    game: str, options: dict[str, object], specs: tuple[str, ...]
) -> None:
    """Who moves at each traced position is drawn alike in the picture, the DOT graph, the
    steps and the legend: a chance position is chance's, as the game names it (the steps
    named a player, the last, for it; and all said "chance" where Pig says "the die"),
    and in a game of more than two players every player is named. In a search by vectors
    (max^n) each player's positions have a colour of their own; in any other, the
    searching player's are max and all the others' min (the legend named one opponent,
    and max^n coloured the third player as the second)."""
    import random

    from oogames.board.moves import CHANCE
    from oogames.games import find_game
    from oogames.nextmove.specs import make_factory
    from oogames.pictures.tree import STYLES, PictureNode
    from oogames.trace.movers import player_legend
    from oogames.trace.render import picture_tree
    from oogames.trace.steps import SearchSteps

    info = find_game(game)
    rng = random.Random(game + str(options))
    for spec in specs:
        checked = 0
        for _ in range(3):
            board = info.make(**options)
            for _ in range(rng.randrange(4)):
                if not board.is_over:
                    board.play(rng.choice(board.moves_or_pass()))
            while board.at_chance:  # the die is rolled: a player's position is searched
                board.play(rng.choice(board.moves_or_pass()))
            if board.is_over:
                continue
            trace = trace_search(board, make_factory(spec, info.evaluate))
            nodes = [trace.root, *walk(trace.root)]
            boxes: list[PictureNode] = []
            waiting = [picture_tree(trace, level_width=10**6, max_nodes=10**6)]
            while waiting:  # the picture's boxes in pre-order, as the trace's nodes
                box = waiting.pop()
                if box.style not in ("more", "cut"):
                    boxes.append(box)
                waiting.extend(reversed(box.children))
            assert len(boxes) == len(nodes)
            for parent in nodes:  # a finished game's node is its last mover's
                for child in parent.children:
                    if child.kind == "end":
                        assert child.player == parent.player, (spec, child)
                        count("finished games checked to name who moved last")
            styles: dict[int, set[str]] = {}
            for node, box in zip(nodes, boxes, strict=True):
                if node.kind == "end":
                    assert box.style == "end"
                elif node.player == CHANCE:  # named as the game names it: Pig's die
                    assert box.style == "chance" and f"{board.chance_name} to move" in box.tooltip
                else:
                    styles.setdefault(node.player, set()).add(box.style)
                    assert f"{trace.player_names[node.player]} to move" in box.tooltip
                count("positions whose mover each drawing was checked to name or colour")
            assert all(len(seen) == 1 for seen in styles.values()), styles  # one per player
            by_player = {player: seen.pop() for player, seen in styles.items()}
            vectors = trace.root.payoffs is not None
            if vectors:  # max^n: a colour each
                assert len(set(by_player.values())) == len(by_player), (spec, by_player)
            else:
                assert all(
                    style == ("max" if player == trace.model_player else "min")
                    for player, style in by_player.items()
                ), (spec, by_player)
            legend = player_legend(trace)
            for player, style in by_player.items():  # each style's line names its players
                name = trace.player_names[player]
                assert any(e.style == style and name in e.label for e in legend), (spec, name)
            assert len(legend) == (board.players if vectors else 2)
            drawn = draw_svg(trace, level_width=10**6, max_nodes=10**6)
            for entry in legend:  # the picture's legend: the lines of the colours it drew
                assert (entry.label in drawn) == (entry.style in by_player.values()), entry
            chance_line = f"{board.chance_name}: the mean of its outcomes"
            assert (chance_line in drawn) == any(box.style == "chance" for box in boxes)
            position = r'shape=(?:box|doubleoctagon), style="[^"]*", fillcolor="(#\w+)"'
            fills = re.findall(position, to_dot(trace, 10**6))  # not the notes of cut-offs
            assert fills == [STYLES[box.style][0] for box in boxes]
            steps = SearchSteps(trace)
            for number, step in enumerate(steps.steps):
                said = steps.describe(number)
                if step.reached and step.node.player == CHANCE and step.node.kind != "end":
                    assert f"({board.chance_name} to move)" in said, said
                elif step.reached and step.node.kind != "end":
                    assert f"({trace.player_names[step.node.player]} to move)" in said, said
            count(f"traces whose drawings say who moves ({'max^n' if vectors else 'max/min'})")
            checked += 1
        assert checked, f"{spec}: every drawn position was over, none checked"


@pytest.mark.parametrize(
    ("spec", "last"),
    [
        ("maxn", {"b": 0, "x": 1, "p": 2, "q": 2}),
        ("paranoid", {"b": 0, "x": 1, "p": 2, "q": 2}),
        # best-reply search hands the turn back to player 0 after one opponent's move
        # (hand_turn): there p and q are player 0's moves
        ("brs", {"b": 0, "x": 1, "p": 0, "q": 0}),
    ],
)
def test_a_finished_game_of_three_is_its_last_movers_in_the_trace(
    spec: str, last: dict[str, int]
) -> None:
    """In a game of three, each finished game's node is the player whose move ended it
    (the tracer gave ``1 - player``: the second player for the first one's last move)."""
    from oogames.games import GameTreeBoard
    from oogames.nextmove.specs import make_factory

    tree = {  # player 0, then 1, then 2 moves; a game may end after any of them
        "a": {"x": (1, 0, 0), "y": {"p": (0, 1, 0), "q": (0, 0, 1)}},
        "b": (2, 0, 0),
    }
    board = GameTreeBoard(tree)
    trace = trace_search(board, make_factory(spec, lambda board, player: 0.0))
    ends: dict[object, int] = {}
    for parent in [trace.root, *walk(trace.root)]:
        for child in parent.children:
            if child.kind == "end":
                ends[child.move] = child.player
    assert ends == last, (spec, ends)
    assert trace.player_names == ("player 0", "player 1", "player 2")
