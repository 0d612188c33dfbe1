"""Shared fixtures: the boards every generic contract test runs over, and hypothesis settings."""

from __future__ import annotations

import functools
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from oogames import ABoardModel, TicTacToeBoard
from oogames.games import (
    ConnectFourBoard,
    GameTreeBoard,
    GrundyBoard,
    KalahBoard,
    NimBoard,
    OthelloBoard,
    Pass,
    Static,
)

#: A small hand-written tree with a pass, for the contract tests.
SMALL_TREE = {
    "a": Pass({"c": "X", "d": Static(2, {"e": "draw", "f": "O"})}),
    "b": {"g": Static(-1, {"h": "X"}), "i": "draw"},
}

sys.path.insert(0, str(Path(__file__).parent))

settings.register_profile(
    "default", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=60
)
settings.register_profile(
    "ci", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40
)
settings.register_profile(  # a long hunt: OOGAMES_HYPOTHESIS=thorough pytest ...
    "thorough", deadline=None, suppress_health_check=list(HealthCheck), max_examples=1000
)
settings.load_profile(
    os.environ.get("OOGAMES_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "default")
)

#: A file where this run lists the tests it skipped (OOGAMES_SKIPPED=FILE): .ci/run gives
#: one to the quick run, whose venv has no extras, and then runs exactly those tests again
#: with the extras installed, so that no test that needs one is left out of CI.
SKIPPED_LIST = os.environ.get("OOGAMES_SKIPPED")


def _list_skipped(report: pytest.CollectReport | pytest.TestReport) -> None:
    if SKIPPED_LIST and report.skipped and not hasattr(report, "wasxfail"):
        with open(SKIPPED_LIST, "a", encoding="utf-8") as listed:
            listed.write(f"{report.nodeid}\n")


def pytest_collectreport(report: pytest.CollectReport) -> None:
    """A module skipped whole (``pytest.importorskip`` at its top) is listed."""
    _list_skipped(report)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A test skipped (an extra it imports, a browser it needs) is listed."""
    _list_skipped(report)


#: Every game (and size) the generic contract tests run over: name -> factory.
#: Add a game here and it is checked against the whole board contract.
BOARD_FACTORIES: dict[str, Callable[[], ABoardModel]] = {
    "tictactoe-3x3": lambda: TicTacToeBoard(),
    "tictactoe-4x4-k3": lambda: TicTacToeBoard(4, 4, 3),
    "tictactoe-2x5-k2": lambda: TicTacToeBoard(2, 5, 2),
    "tictactoe-1x1-k1": lambda: TicTacToeBoard(1, 1, 1),
    "nim-21-3": lambda: NimBoard(),
    "nim-10-4": lambda: NimBoard(10, 4),
    "grundy-7": lambda: GrundyBoard((7,)),
    "grundy-3-4-5": lambda: GrundyBoard((3, 4, 5)),
    "connectfour-7x6": lambda: ConnectFourBoard(),
    "connectfour-4x4-k3": lambda: ConnectFourBoard(4, 4, 3),
    "connectfour-5x3-k4": lambda: ConnectFourBoard(5, 3, 4),
    "othello-4": lambda: OthelloBoard(4),
    "othello-6": lambda: OthelloBoard(6),
    "othello-8": lambda: OthelloBoard(8),
    "gametree-small": lambda: GameTreeBoard(SMALL_TREE),
    "kalah-6-4": lambda: KalahBoard(),
    "kalah-3-2": lambda: KalahBoard(3, 2),
    "kalah-2-3-empty": lambda: KalahBoard(2, 3, empty_capture=True),
    # The tutorial's plug-in game (demos/twenty_one.py), loaded as `oogames play` loads it:
    # the contract holds for a game written outside the package with the framework's defaults.
    "plugin-twentyone-9": lambda: _plugin_board("demos/twenty_one.py:TwentyOne", target=9),
    # The same game told as a game of numbers (the tutorial's ANumberedBoard): its map
    # walks its own order, so it offers no custom order.
    "plugin-twentyone-numbered-9": lambda: _numbered_twenty_one(target=9),
}


@functools.cache
def _numbered_twenty_one_class() -> type[ABoardModel]:
    """The class made once: boards of two classes of one name are not equal."""
    from oogames.games.numbered import ANumberedBoard

    board = type(_plugin_board("demos/twenty_one.py:TwentyOne"))

    class NumberedTwentyOne(ANumberedBoard, board):  # type: ignore[misc, valid-type]
        move_noun = "number to add"

        def _numbers(self) -> range:
            return range(1, 4)

    return NumberedTwentyOne


def _numbered_twenty_one(**options: Any) -> ABoardModel:
    return _numbered_twenty_one_class()(**options)


def _plugin_board(ref: str, **options: Any) -> ABoardModel:
    from oogames.games import find_game

    root = Path(__file__).resolve().parents[1]
    return find_game(str(root / ref)).make(**options)


@pytest.fixture(params=sorted(BOARD_FACTORIES), scope="session")
def make_board(request: pytest.FixtureRequest) -> Callable[[], ABoardModel]:
    """A factory of empty boards, one per game and size in :data:`BOARD_FACTORIES`."""
    return BOARD_FACTORIES[request.param]


#: What each fuzz suite and counted property really checked, printed after the run.
FUZZ_COUNTS: dict[str, int] = {}


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A worker of pytest-xdist (``-n``) hands its counts to the controller."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        workeroutput["fuzz_counts"] = dict(FUZZ_COUNTS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """The controller of pytest-xdist adds up each worker's counts."""
    for name, count in getattr(node, "workeroutput", {}).get("fuzz_counts", {}).items():
        FUZZ_COUNTS[name] = FUZZ_COUNTS.get(name, 0) + count


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print how many cases the fuzz suites and counted properties checked (every worker's,
    under pytest-xdist)."""
    for name, count in FUZZ_COUNTS.items():
        terminalreporter.write_line(f"checked: {name}: {count:,}")
