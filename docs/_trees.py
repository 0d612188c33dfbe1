"""Draw the documentation's search trees and capture real command output, at build time.

``conf.py`` calls :func:`write_all` when the build starts, so every picture
and sample in the docs is what the code does now.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from oogames import AlphaBetaFac, DepthFac, MinMaxFac, TicTacToeBoard
from oogames.cli import main
from oogames.games import Chance, GameTreeBoard, GrundyBoard, Static, open_lines, static_value
from oogames.nextmove.andor import winning_strategy
from oogames.nextmove.chance import ExpectimaxFac, Star1Fac
from oogames.nextmove.enhancements.average import AverageFac
from oogames.nextmove.enhancements.selective import SelectiveFac, best_by_evaluation
from oogames.nextmove.enhancements.variable_depth import VariableDepthFac
from oogames.nextmove.multiplayer import MaxNFac, ParanoidFac
from oogames.nextmove.negamax import NegaAlphaBetaFac
from oogames.trace import draw_svg, trace_search


def uniform(*leaves: Any) -> Chance:
    """A chance position whose outcomes are equally likely."""
    return Chance({str(i): (1 / len(leaves), leaf) for i, leaf in enumerate(leaves)})


BERKELEY_CHANCE = {"a": uniform(3, 12, 8), "b": uniform(2, 4, 6), "c": uniform(14, 5, 2)}
"""Berkeley's lecture tree for expectimax."""

THREE_PLAYERS = {"a": {"x": (1, 2, 3), "y": (3, 2, 1)}, "b": {"x": (2, 2, 2)}}
"""The max^n example of docs/multiplayer.rst."""

THREE_PLAYERS_SUM = {
    "a": {"x": (6, 2, 2), "y": (5, 4, 1)},
    "b": {"x": (3, 6, 1), "y": (1, 1, 8)},
    "c": {"x": (1, 8, 1), "y": (7, 1, 2)},
}
"""A three-player tree whose payoffs add up to 10: max^n's shallow pruning applies."""


def leaf(value: float) -> Static:
    """A position with a static value, one move from the end."""
    return Static(value, {"end": "draw"})


SLIDES = {
    "a": {"a1": leaf(3), "a2": leaf(12), "a3": leaf(8)},
    "b": {"b1": leaf(2), "b2": leaf(4), "b3": leaf(6)},
    "c": {"c1": leaf(14), "c2": leaf(5), "c3": leaf(2)},
}
AVERAGE = {
    "a": {"a1": leaf(3), "a2": leaf(5), "a3": leaf(9)},
    "b": {"b1": leaf(1), "b2": leaf(8), "b3": leaf(10)},
}
SELECT = {
    "a": Static(1, {"a1": leaf(1), "a2": leaf(-4)}),
    "b": Static(6, {"b1": leaf(6), "b2": leaf(0)}),
    "c": Static(4, {"c1": leaf(4), "c2": leaf(5)}),
}
VARIABLE = Static(
    0,
    {
        "a": Static(1, {"a1": leaf(-50)}),
        "b": Static(
            10,
            {
                "b1": Static(9, {"x": leaf(-100)}),
                "b2": Static(-20, {"y": leaf(30), "z": leaf(40)}),
            },
        ),
    },
)


def _console_session(folder: Path) -> None:
    """A real console game, scripted, as a person would see it."""
    from oogames.game import GameModel, GameSettings, PlayerSpec
    from oogames.ui.console import ConsoleView

    script = "hint\nb2\nzz\nc3\nundo\nc2\nquit\n"
    model = GameModel(
        GameSettings(players=(PlayerSpec("human"), PlayerSpec("alphabeta"))), start=False
    )
    out = io.StringIO()

    class Echo(io.StringIO):
        """Input that also writes each line, as a terminal would show it."""

        def readline(self, *args: Any) -> str:
            line = super().readline(*args)
            out.write(line)
            return line

    view = ConsoleView(model, Echo(script), out)
    model.start()
    view.run()
    (folder / "console.txt").write_text(out.getvalue())


def _tui_screenshot(folder: Path) -> None:
    """A real screen of the interactive view, after a few moves, as SVG."""
    import asyncio

    from oogames.game import GameSettings, PlayerSpec
    from oogames.ui.tui import GameApp

    async def shoot() -> None:
        app = GameApp(
            GameSettings(
                game="connectfour", players=(PlayerSpec("human"), PlayerSpec("alphabeta", 4))
            )
        )
        async with app.run_test(size=(80, 24)) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            for cell in ("#cell-0-3", "#cell-0-2"):
                await pilot.click(cell)
                await app.workers.wait_for_complete()
                await pilot.pause()
                await pilot.pause()
            (folder / "tui.svg").write_text(
                app.export_screenshot(title="oogames play connectfour --tui")
            )

    asyncio.run(shoot())


def _pictures(folder: Path) -> None:
    """The pictures of the pictures page: a board of every game, a depth-4 tree."""
    from oogames.games import (
        ConnectFourBoard,
        KalahBoard,
        NimBoard,
        OthelloBoard,
        PigBoard,
        RolitBoard,
    )

    boards = {
        "board_tictactoe": TicTacToeBoard.from_moves("a1 b1 a2 b2 a3"),
        "board_connectfour": ConnectFourBoard.from_moves("4453535"),
        "board_othello": OthelloBoard.from_moves("d3 c5 f6"),
        "board_nim": NimBoard.from_moves([3, 2, 1]),
        "board_grundy": GrundyBoard.from_moves([(9, 2), (7, 3)], heaps=(9,)),
        "board_kalah": KalahBoard.from_moves("3 2"),
        "board_rolit": RolitBoard.from_moves("f4 f5 c5", players=3),
        "board_pig": PigBoard.from_moves("roll 5 roll 4 hold roll 6 roll 3", players=3),
    }
    for name, board in boards.items():
        (folder / f"{name}.svg").write_text(board.to_svg() + "\n")
    deep = trace_search(TicTacToeBoard.from_moves("b2 a1"), DepthFac(AlphaBetaFac(), 4, open_lines))
    (folder / "tree_depth4.svg").write_text(
        draw_svg(deep, "alphabeta:4 on tictactoe after b2 a1") + "\n"
    )


def _web_screenshot(folder: Path) -> None:
    """The browser page, as a person sees it after a few moves against the computer: the
    browser test ``test_the_page_the_docs_show`` (tests/test_browser.py) run now, with
    Playwright driving Debian's chromium, leaving its screenshots in ``folder``, and
    ``web_pictures.rst`` showing them. Where the test cannot run (no pytest, oogames[web],
    Playwright or chromium here), ``web_pictures.rst`` says so instead; where it runs and
    fails, the build fails."""
    import importlib.util
    import os
    import shutil
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    test = root / "tests" / "test_browser.py"
    pictures = [folder / "web.png", folder / "web-phone.png"]
    for picture in pictures:
        picture.unlink(missing_ok=True)
    needs = ("pytest", "playwright", "starlette", "uvicorn")
    missing = [name for name in needs if importlib.util.find_spec(name) is None]
    if not (os.environ.get("OOGAMES_CHROMIUM") or shutil.which("chromium")):
        missing.append("chromium")
    if missing:
        (folder / "web_pictures.rst").write_text(
            "(The page's pictures are taken here by its browser test, which needs "
            f"{', '.join(missing)} on the machine that builds the docs: "
            'pip install ".[dev]" and apt install chromium, as .ci/run does.)\n'
        )
        return
    done = subprocess.run(
        [sys.executable, "-m", "pytest", str(test), "-q", "-rs", "-p", "no:cacheprovider",
         "-o", "addopts=", "-k", "the_page_the_docs_show"],
        cwd=root, env=dict(os.environ, OOGAMES_SCREENSHOTS=str(folder)),
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0 or not all(picture.exists() for picture in pictures):
        raise RuntimeError(
            "the browser test that takes the docs' screenshots of the page did not take "
            f"them:\n{done.stdout}{done.stderr}"
        )
    (folder / "web_pictures.rst").write_text(WEB_PICTURES)


WEB_PICTURES = """\
.. image:: /_generated/web.png
   :alt: the browser page at 1280 x 800: the Connect Four board with the
         computer's reply and the hinted column marked, the turn line, the
         buttons, what the computer did in words, the moves, this game's settings

.. image:: /_generated/web-phone.png
   :width: 300
   :alt: the same page at 375 x 667: the board as wide as the phone, the buttons
         under it
"""


def _run(*argv: str) -> str:
    out = io.StringIO()
    main(list(argv), out=out)
    return out.getvalue()


def _tui_keys(folder: Path) -> None:
    """The terminal board's keys, as a table made from the one command table."""
    from oogames.game.commands import commands_of, key_name

    rows = [
        f"   * - {key_name(command.key)}\n     - ``{command.word}``: {command.summary}"
        for command in commands_of("tui")
        if command.key
    ]
    head = ".. list-table::\n   :header-rows: 1\n\n   * - key\n     - command\n"
    (folder / "tui_keys.rst").write_text(head + "\n".join(rows) + "\n")


def write_all(folder: Path) -> None:
    """Write every picture (.svg) and sample (.txt) the docs include into ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    _tui_keys(folder)
    ttt = TicTacToeBoard.from_moves("b2 a1 c3")
    searches: dict[str, tuple[Any, Any]] = {
        "slides_minimax": (GameTreeBoard(SLIDES), DepthFac(MinMaxFac(), 2, static_value)),
        "slides_alphabeta": (GameTreeBoard(SLIDES), DepthFac(AlphaBetaFac(), 2, static_value)),
        "ttt_minimax": (ttt, DepthFac(MinMaxFac(), 2, open_lines)),
        "ttt_alphabeta": (ttt, DepthFac(AlphaBetaFac(), 2, open_lines)),
        "ttt_negamax": (ttt, DepthFac(NegaAlphaBetaFac(), 2, open_lines)),
        "average": (GameTreeBoard(AVERAGE), DepthFac(AverageFac(2, 2), 2, static_value)),
        "selective": (
            GameTreeBoard(SELECT),
            SelectiveFac(
                DepthFac(MinMaxFac(), 2, static_value), best_by_evaluation(2, static_value)
            ),
        ),
        "variable": (GameTreeBoard(VARIABLE), VariableDepthFac(MinMaxFac(), 1, 3, static_value, 5)),
        "expectimax": (GameTreeBoard(BERKELEY_CHANCE), ExpectimaxFac()),
        "star1": (GameTreeBoard(BERKELEY_CHANCE), Star1Fac()),
        "maxn": (GameTreeBoard(THREE_PLAYERS), MaxNFac(prune=False)),
        "maxn_shallow": (GameTreeBoard(THREE_PLAYERS_SUM), MaxNFac()),
        "paranoid": (GameTreeBoard(THREE_PLAYERS), ParanoidFac()),
    }
    for name, (board, factory) in searches.items():
        title = f"{factory.name} on {board.game_name}"
        moves = " ".join(board.format_move(move) for move in board.moves)
        title += f" after {moves}" if moves else ""
        (folder / f"{name}.svg").write_text(draw_svg(trace_search(board, factory), title) + "\n")
    grundy = GrundyBoard((7,))
    strategy = winning_strategy(grundy, 1)
    assert strategy is not None
    (folder / "andor.svg").write_text(strategy.to_svg(grundy) + "\n")
    _pictures(folder)
    (folder / "andor.txt").write_text(strategy.to_text(grundy) + "\n")
    samples = {
        "tree.txt": ("tree", "tictactoe", "--moves", "b2 a1 c3", "--depth", "2"),
        "compare.txt": (
            "compare",
            "connectfour",
            "--moves",
            "4433",
            "--moves",
            "44",
            "--strategies",
            "minimax,alphabeta,negamax,negamax-ab",
            "--depth",
            "4",
        ),
        "match.txt": ("match", "--sizes", "7x6,6x5", "--k", "4", "--depths", "2,3"),
    }
    for name, argv in samples.items():
        (folder / name).write_text(_run(*argv))
    _console_session(folder)
    _tui_screenshot(folder)
    _web_screenshot(folder)
