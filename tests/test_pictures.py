"""Pictures drawn by the package: boards, search trees and strategies as SVG, notebook views.

SVG is checked structurally (parsed as XML): the boxes, the principal
variation, the folded counts, the legend, the sizes, the marks on boards.
"""

from __future__ import annotations

import itertools
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from helpers import count, exits_with_message, play_choices, run_cli, snapshot
from hypothesis import given
from hypothesis import strategies as st

from conftest import BOARD_FACTORIES
from oogames import CHANCE, ABoardModel, AlphaBetaFac, DepthFac, MinMax, MinMaxFac
from oogames.errors import RenderError
from oogames.games import (
    ConnectFourBoard,
    GrundyBoard,
    KalahBoard,
    NimBoard,
    OthelloBoard,
    PigBoard,
    RolitBoard,
    TicTacToeBoard,
)
from oogames.games.tictactoe import open_lines
from oogames.nextmove import winning_strategy
from oogames.nextmove.andor import AndNode, OrNode, StrategyTree
from oogames.nextmove.specs import make_strategy
from oogames.pictures import Shown, Svg, show_result, svg_to_png
from oogames.pictures.boards import LAST
from oogames.pictures.tree import GAP, PictureNode, layout
from oogames.trace import draw_svg, trace_search
from oogames.trace.compare import compare
from oogames.trace.tracer import SearchTrace, TraceNode

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    """The picture parsed as XML (fails on anything not well-formed); its root is <svg>."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert float(root.attrib["width"]) > 0 and float(root.attrib["height"]) > 0
    return root


def texts(root: ET.Element) -> list[str]:
    return [element.text or "" for element in root.iter(f"{SVG}text")]


def groups(root: ET.Element, kind: str) -> list[ET.Element]:
    """The <g> elements whose class list holds ``kind``."""
    return [g for g in root.iter(f"{SVG}g") if kind in g.attrib.get("class", "").split()]


# -- boards ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(BOARD_FACTORIES))
def test_every_board_draws_itself_along_random_games(name: str) -> None:
    """Every game of the contract tests draws well-formed SVG at every position of random
    games, with its status line, and drawing changes nothing."""
    rng = random.Random(name)
    for _ in range(4):
        board = BOARD_FACTORIES[name]()
        while True:
            before = snapshot(board)
            root = parse(board.to_svg())
            assert board.status_text() in texts(root) or board.status_text() in board.to_svg()
            assert board._repr_svg_() == board.to_svg()
            assert snapshot(board) == before
            count("a board drawn as SVG")
            moves = board.legal_moves() or ([] if board.is_over else ["pass"])
            if board.is_over or not moves:
                break
            move = rng.choice(moves)
            board.play(board.parse_move(move) if isinstance(move, str) else move)


def test_tictactoe_marks_the_last_move_and_the_winning_line() -> None:
    board = TicTacToeBoard.from_moves("a1 b1 a2 b2 a3")
    root = parse(board.to_svg())
    marked = [r for r in root.iter(f"{SVG}rect") if r.attrib.get("stroke") == LAST]
    assert len(marked) == 1  # the last move's cell
    lines = [line for line in root.iter(f"{SVG}line") if line.attrib.get("stroke") == LAST]
    assert len(lines) == 1  # the winning line, a1 to a3: one column, three rows
    line = lines[0]
    assert line.attrib["x1"] == line.attrib["x2"] and line.attrib["y1"] != line.attrib["y2"]
    assert "X has won" in texts(root)
    no_winner = parse(TicTacToeBoard.from_moves("a1 b1").to_svg())
    assert not [x for x in no_winner.iter(f"{SVG}line") if x.attrib.get("stroke") == LAST]


def test_connect_four_draws_every_cell_and_the_winning_four() -> None:
    board = ConnectFourBoard.from_moves("1 2 1 2 1 2 1")
    root = parse(board.to_svg())
    assert len(list(root.iter(f"{SVG}circle"))) == 7 * 6 + 1  # the holes and the last-move ring
    red = [c for c in root.iter(f"{SVG}circle") if c.attrib.get("fill") == "#d62728"]
    assert len(red) == 4
    assert len([line for line in root.iter(f"{SVG}line")]) == 1
    labels = texts(root)
    assert [str(col) for col in range(1, 8)] == labels[:7]


def test_othello_dots_exactly_the_legal_moves() -> None:
    rng = random.Random(3)
    for _ in range(20):
        board = OthelloBoard(6)
        play_choices(board, [rng.randrange(40) for _ in range(rng.randrange(12))])
        root = parse(board.to_svg())
        dots = [c for c in root.iter(f"{SVG}circle") if c.attrib.get("opacity") == "0.35"]
        assert len(dots) == (0 if board.is_over else len(board.legal_moves()))
        discs = [
            c for c in root.iter(f"{SVG}circle") if c.attrib.get("fill") in ("#111111", "#f5f5f5")
        ]
        assert len(discs) == board.count(0) + board.count(1)
        count("Othello picture: dots = legal moves, discs = discs")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rolits_discs_carry_their_letters_and_othellos_do_not(players: int) -> None:
    """Rolit's red, green and blue discs are near in lightness: told apart by hue alone,
    which a colour-blind player or a grey print does not see. Each disc carries its
    player's letter, in an ink that reads on it; Othello's black and white discs do not."""
    rng = random.Random(players)
    looked = 0
    for _ in range(10):
        board = RolitBoard(6, players)
        play_choices(board, [rng.randrange(40) for _ in range(rng.randrange(16))])
        root = parse(board.to_svg())
        letters = sorted(
            text.text or ""
            for text in root.iter(f"{SVG}text")
            if text.attrib.get("class") == "letter"
        )
        on_board = [
            board.piece_at(row, col) for row in range(6) for col in range(6)
        ]  # fmt: skip
        expected = sorted("RGYB"[owner] for owner in on_board if owner is not None)
        assert letters == expected and len(expected) >= 4
        looked += len(expected)
    othello = OthelloBoard(6)
    assert not [
        t for t in parse(othello.to_svg()).iter(f"{SVG}text") if t.attrib.get("class") == "letter"
    ]
    print(f"checked: rolit with {players}: discs with their letters: {looked}")


def test_counters_of_nim_grundy_and_kalah() -> None:
    nim = parse(NimBoard.from_moves([3, 1]).to_svg())
    filled = [c for c in nim.iter(f"{SVG}circle") if c.attrib["fill"] != "#eeeeee"]
    assert len(filled) == 4 and "total 4 of 21" in texts(nim)
    for target, each in ((61, "1.02"), (150, "2.5"), (100_000, "1,667")):  # not 1.67e+03
        assert f"(one dot for {each})" in texts(parse(NimBoard(target).to_svg()))
    grundy = GrundyBoard((7, 5))
    grundy.play((7, 1))
    heaps = parse(grundy.to_svg())
    assert len(list(heaps.iter(f"{SVG}circle"))) == 12 and {"6", "5", "1"} <= set(texts(heaps))
    kalah = KalahBoard(3, 2)
    kalah.play(2)
    drawn = parse(kalah.to_svg())
    numbers = texts(drawn)
    for seeds in (*kalah.row(0), *kalah.row(1), kalah.store(0), kalah.store(1)):
        assert str(seeds) in numbers
    assert "South to move again" in numbers


def pig_game(players: int, target: int) -> Iterator[PigBoard]:
    """The board at each position of a random game of Pig (seeded with ``players``), to its
    end: a player holds at a turn total of 4, 8 or 12, drawn at each decision."""
    rng = random.Random(players)
    board = PigBoard(players, target=target)
    yield board
    while not board.is_over:
        if board.to_move == CHANCE:
            board.play(rng.choice(board.legal_moves()))
        else:
            board.play("hold" if board.turn_total >= rng.choice((4, 8, 12)) else "roll")
        yield board


@pytest.mark.parametrize("players", [2, 3, 6])
def test_pig_draws_the_points_the_turn_and_the_die(players: int) -> None:
    """Along random games of Pig: each player's track is filled to its banked points over
    the target, the roller's row is marked with its turn's total after it, and the die
    shows as many pips as the face it last showed (none after a roll or a hold)."""
    for board in pig_game(players, target=25):
        root = parse(board.to_svg())
        kinds = {k: [e for e in root.iter() if e.attrib.get("class") == k] for k in (
            "track", "banked", "turn", "turn-total", "points", "pip", "die")}  # fmt: skip
        assert len(kinds["track"]) == players
        track = float(kinds["track"][0].attrib["width"])
        said = [e.text for e in kinds["points"]]
        roller, turn = board.roller, board.turn_total
        assert said == [
            f"{points}" + (f" +{turn}" if who == roller and turn else "")
            for who, points in enumerate(board.banked)
        ]
        banked = [float(e.attrib["width"]) for e in kinds["banked"]]
        full = [min(p, board.target) / board.target * track for p in board.banked if p]
        assert banked == pytest.approx(full, abs=0.01)
        assert len(kinds["turn"]) == (0 if board.is_over else 1)
        assert len(kinds["turn-total"]) == (1 if turn and not board.is_over else 0)
        last = board.last_played()
        face = last[1] if last is not None and last[0] == CHANCE else 0
        assert len(kinds["pip"]) == face and len(kinds["die"]) == 1
        assert (kinds["die"][0].attrib["stroke"] == LAST) == bool(face)
        count("pig pictures checked")
    assert max(board.banked) >= board.target and max(banked) == pytest.approx(track)


@pytest.mark.parametrize("players", [2, 4])
def test_pigs_text_drawing_has_the_bars_of_its_picture(players: int) -> None:
    """Along random games, the text drawing (the console's and the terminal board's) has a
    bar a player: the banked points in full cells out of 20 for the target (a winner's bar
    full, not longer), the roller's turn total after them in half-tone, the rest light."""
    for board in pig_game(players, target=30):
        lines = str(board).splitlines()
        assert lines[0] == "banked (target 30):"
        assert lines[players + 1] == f"turn total: {board.turn_total}"
        for who, line in enumerate(lines[1 : players + 1]):
            name, bar, points, *plus = line.split()
            turn = board.turn_total if who == board.roller else 0
            assert name == board.player_names[who] and int(points) == board.banked[who]
            assert plus == ([f"+{turn}"] if turn else [])
            banked = min(20, board.banked[who] * 20 // 30)
            assert len(bar) == 20 and bar.count("█") == banked
            assert bar.count("▒") == min(20, (board.banked[who] + turn) * 20 // 30) - banked
            assert bar == "".join(sorted(bar, key="█▒░".index))  # banked, turn, to go
            count("pig rows drawn as text checked")
    assert "█" * 20 in str(board)


def test_a_board_without_a_drawing_shows_its_text() -> None:
    """A game of a user's that draws nothing gets its text drawing as a picture."""
    from oogames.games import GameTreeBoard

    board = GameTreeBoard({"a": "X", "b": "draw"})
    root = parse(board.to_svg())
    assert board.status_text() in texts(root)


def test_svg_text_is_escaped() -> None:
    picture = Svg(10, 10, title="<&>")
    picture.text(0, 0, 'a < b & c > "d"', class_="x")
    root = parse(picture.render())
    assert texts(root) == ['a < b & c > "d"']


# -- the tree layout ---------------------------------------------------------------------


def random_tree(rng: random.Random, depth: int) -> PictureNode:
    node = PictureNode(["x" * rng.randint(1, 12)] * rng.randint(1, 2))
    if depth:
        node.children = [random_tree(rng, depth - 1) for _ in range(rng.choice([0, 1, 2, 3, 5]))]
    return node


@given(st.integers(0, 10_000), st.integers(0, 5))
def test_the_layout_never_overlaps_and_centres_parents(seed: int, depth: int) -> None:
    """Reingold-Tilford: boxes of a level keep at least the gap between them, in the order of
    the tree, and each parent is centred over its first and last child."""
    root = random_tree(random.Random(seed), depth)
    xs = layout(root)
    levels: list[list[PictureNode]] = []

    def walk(node: PictureNode, level: int) -> None:
        if level == len(levels):
            levels.append([])
        levels[level].append(node)
        if node.children:
            middle = (xs[id(node.children[0])] + xs[id(node.children[-1])]) / 2
            assert abs(xs[id(node)] - middle) < 1e-6
        for child in node.children:
            walk(child, level + 1)

    walk(root, 0)
    for row in levels:
        for left, right in itertools.pairwise(row):
            room = (xs[id(right)] - right.width() / 2) - (xs[id(left)] + left.width() / 2)
            assert room >= GAP - 1e-6
    count("tree layouts checked")


# -- search trees ------------------------------------------------------------------------


def traced(moves: str, depth: int | None, board: ABoardModel | None = None) -> SearchTrace:
    position = board or TicTacToeBoard.from_moves(moves)
    factory = AlphaBetaFac() if depth is None else DepthFac(AlphaBetaFac(), depth, open_lines)
    return trace_search(position, factory)


def cut_positions(node: TraceNode) -> int:
    """How many positions below ``node`` (itself included) were cut off with moves left."""
    own = 1 if node.cut and node.unvisited() else 0
    return own + sum(cut_positions(child) for child in node.children)


def test_unfolded_tree_has_one_box_per_traced_node_and_marks_the_line() -> None:
    """With room for everything, the picture has a box per traced node (the root too), the
    principal variation marked along its whole length, and a stub per cut-off naming what
    it skipped."""
    for moves, depth in (("a1 b1 a2 b2", None), ("b2 a1", 2), ("a1 b2 c3", 3)):
        trace = traced(moves, depth)
        root = parse(draw_svg(trace, level_width=10_000, max_nodes=10_000))
        assert len(groups(root, "node")) == trace.nodes() + 1
        assert len(groups(root, "pv")) == len(trace.result.pv) + 1
        assert len(groups(root, "cut")) == cut_positions(trace.root)
        assert not groups(root, "more")
        count("search tree pictures checked unfolded")


def test_folded_tree_accounts_for_every_node_and_fits_a_page() -> None:
    """Folded, the boxes drawn plus the nodes each "+N more" stands for are every traced
    node; no level is wider than asked; a depth-4 tic-tac-toe tree is under 1,400 px wide
    and has its legend and title."""
    for moves in ("", "b2 a1", "a1 b2"):
        trace = traced(moves, 4)
        svg = draw_svg(trace, title="alphabeta:4")
        root = parse(svg)
        folded = sum(int(g.attrib["data-folded"]) for g in groups(root, "more"))
        assert len(groups(root, "node")) + folded == trace.nodes() + 1
        assert float(root.attrib["width"]) <= 1400
        assert groups(root, "legend") and "alphabeta:4" in texts(root)
        legend = texts(groups(root, "legend")[0])
        assert any("to move (max)" in text for text in legend)
        assert any("principal variation" in text for text in legend)
        assert len(groups(root, "pv")) >= 2
        count("search tree pictures checked folded")


def test_max_depth_folds_everything_below() -> None:
    trace = traced("b2 a1", 3)
    root = parse(draw_svg(trace, max_depth=1))
    boxes = groups(root, "node")
    assert len(boxes) == 1 + len(trace.root.children)
    folded = sum(int(g.attrib["data-folded"]) for g in groups(root, "more"))
    assert len(boxes) + folded == trace.nodes() + 1


def test_strategy_tree_picture() -> None:
    """An AND/OR strategy's picture: a box per move of the player, per turn of the opponent
    and per end of the game."""
    board = NimBoard(10, 2)
    strategy = winning_strategy(board)
    assert strategy is not None
    root = parse(strategy.to_svg(board))

    def boxes(node: StrategyTree | None) -> int:
        if node is None:
            return 1
        if isinstance(node, OrNode):
            return 1 + boxes(node.then)
        assert isinstance(node, AndNode)
        return 1 + sum(boxes(after) for _, after in node.replies)

    assert len(groups(root, "node")) == boxes(strategy.root)
    assert any("A plays" in text for text in texts(root))
    assert strategy._repr_svg_().startswith("<svg")


# -- notebook views ----------------------------------------------------------------------


def test_notebook_views_need_no_jupyter() -> None:
    board = TicTacToeBoard.from_moves("a1 b1 a2 b2")
    result = MinMax(AlphaBetaFac()).analyze(board)
    assert "win in 1" in result._repr_html_()
    shown = show_result(board, result)
    assert isinstance(shown, Shown) and shown._repr_html_().count("<svg") == 1 + len(result.pv)
    assert "a3" in str(shown)
    trace = traced("a1 b1 a2 b2", None)
    parse(trace._repr_svg_())
    table = compare([("p", board)], [make_strategy("alphabeta", open_lines)])
    html = table._repr_html_()
    assert html.count("<tr>") == 2 and "alphabeta" in html
    import sys

    assert "IPython" not in sys.modules and "jupyter" not in sys.modules


# -- the command -------------------------------------------------------------------------


def test_tree_command_writes_pictures(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    svg = folder / "tree.svg"
    text = run_cli("tree", "tictactoe", "--moves", "b2 a1", "--depth", "3", "--out", str(svg))
    assert "wrote" in text
    root = parse(svg.read_text())
    assert "alphabeta:3 on tictactoe after b2 a1" in texts(root)
    png = folder / "tree.png"
    try:
        svg_to_png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")
    except RenderError:
        exits_with_message(
            ["tree", "tictactoe", "--out", str(png)], "cairosvg", lambda: capsys.readouterr().err
        )
    else:
        run_cli("tree", "tictactoe", "--moves", "b2 a1", "--depth", "2", "--out", str(png))
        assert png.read_bytes().startswith(b"\x89PNG")
    exits_with_message(
        ["tree", "tictactoe", "--out", str(folder / "x.gif")],
        "write .svg, .png, .dot or .txt",
        lambda: capsys.readouterr().err,
    )
    dot = folder / "tree.dot"
    run_cli("tree", "tictactoe", "--moves", "b2 a1", "--depth", "2", "--out", str(dot))
    assert dot.read_text().startswith("digraph")


def test_pictures_never_change_a_search() -> None:
    """Drawing a traced tree is read-only: the same figures before and after, and equal to
    the untraced search's."""
    board = TicTacToeBoard.from_moves("b2 a1")
    plain = MinMax(DepthFac(MinMaxFac(), 2, open_lines)).analyze(board)
    trace = trace_search(board, DepthFac(MinMaxFac(), 2, open_lines))
    draw_svg(trace)
    assert trace.result.stats.nodes == plain.stats.nodes == trace.nodes()
    numbers = [int(n) for n in re.findall(r"data-folded=\"(\d+)\"", draw_svg(trace))]
    assert all(n > 0 for n in numbers)


# -- stepping through a search -----------------------------------------------------------


def test_steps_replay_the_search_in_order() -> None:
    """Every node is reached once and left once, children inside their parent, in the
    search's order; each frame draws every node, faint exactly where the search has not
    been, one node framed; the last frame marks the principal variation."""
    from oogames.games import GameTreeBoard, Static, static_value
    from oogames.trace.steps import SearchSteps

    def leaf(value: float) -> Static:
        return Static(value, {"end": "draw"})

    slides = GameTreeBoard(
        {
            "a": {"a1": leaf(3), "a2": leaf(12), "a3": leaf(8)},
            "b": {"b1": leaf(2), "b2": leaf(4), "b3": leaf(6)},
            "c": {"c1": leaf(14), "c2": leaf(5), "c3": leaf(2)},
        }
    )
    trace = trace_search(slides, DepthFac(AlphaBetaFac(), 2, lambda b, p: static_value(b, p)))
    steps = SearchSteps(trace)
    assert len(steps) == 2 * (trace.nodes() + 1)
    assert steps.describe(9) == "step 9: b (MIN to move) is reached with the window [3, +inf]"
    assert steps.describe(12) == "step 12: b is worth 2; a cut-off: b2 b3 not tried"
    open_nodes: list[int] = []
    for number, step in enumerate(steps.steps):
        if step.reached:
            open_nodes.append(id(step.node))
        else:
            assert open_nodes.pop() == id(step.node)  # nested: a parent outlives its children
        root = parse(steps.svg(number))
        boxes = groups(root, "node")
        assert len(boxes) == trace.nodes() + 1
        faint = [box for box in boxes if box.attrib.get("opacity") == "0.25"]
        reached = sum(1 for s in steps.steps[: number + 1] if s.reached)
        assert len(faint) == trace.nodes() + 1 - reached
        assert len(groups(root, "current")) == 1
        count("step-through frames checked")
    assert not open_nodes
    last = parse(steps.svg(len(steps) - 1))
    assert len(groups(last, "pv")) == len(trace.result.pv) + 1
    with pytest.raises(IndexError):
        steps.svg(len(steps))


def test_steps_refuse_a_huge_tree_and_offer_a_widget() -> None:
    from oogames.errors import TraceLimitError
    from oogames.trace.steps import SearchSteps

    with pytest.raises(TraceLimitError, match="shallower"):
        SearchSteps(traced("", 4))
    steps = SearchSteps(traced("a1 b1 a2 b2", None))
    assert "<ol" in steps._repr_html_()
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError):
            steps.widget()
    else:
        box = steps.widget()
        slider, picture = box.children
        slider.value = 5
        assert picture.value == steps.svg(5)


@pytest.mark.parametrize("name", sorted(BOARD_FACTORIES))
def test_click_targets_are_exactly_the_legal_moves(name: str) -> None:
    """Where a game is played by pointing at the board, the picture's targets
    (``class="move"``) are the legal moves in notation, each once; games played with
    buttons (Nim, Grundy, game trees) have none."""
    rng = random.Random(name + "targets")
    board = BOARD_FACTORIES[name]()
    pointed = name.split("-")[0] in ("tictactoe", "connectfour", "othello", "kalah")
    for _ in range(30):
        root = parse(board.to_svg())
        targets = [e.attrib["data-move"] for e in root.iter() if e.attrib.get("class") == "move"]
        legal = [board.format_move(move) for move in board.legal_moves()]
        assert sorted(targets) == (sorted(legal) if pointed else [])
        for text in targets:
            assert board.parse_move(text) in board.legal_moves()
        count("click targets checked")
        if board.is_over:
            break
        board.play(rng.choice(board.legal_moves() or [board.parse_move("pass")]))
