"""Helpers the tests share: random playouts and a full snapshot of a board."""

from __future__ import annotations

import io
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from oogames import PASS, ABoardModel, IBoardLambda, IBoardModel, IBoardStatusVisitor
from oogames.board import RAISE_ON_INVALID, OutcomeVisitor


def play_choices(board: ABoardModel, choices: Sequence[int], stop_before_end: bool = False) -> None:
    """Play one move per choice (an index into the legal moves, modulo their number).

    Passes when a pass is the only move. Stops when the game is over, or, with
    ``stop_before_end``, before a move that would end it.
    """
    for choice in choices:
        if board.is_over:
            return
        moves = board.legal_moves() or [PASS]
        move = moves[choice % len(moves)]
        undo = board.play(move)
        if stop_before_end and board.is_over:
            undo()
            return


def played(make_board: Callable[[], ABoardModel], choices: Sequence[int]) -> ABoardModel:
    """A new board of ``make_board`` after a random playout of ``choices`` (see play_choices)."""
    board = make_board()
    play_choices(board, choices)
    return board


def searchable(
    make_board: Callable[[], ABoardModel], choices: Sequence[int], cap: int | None = None
) -> ABoardModel:
    """A position of ``make_board``'s game that a property can check: never over, small if asked.

    Plays ``choices`` (stopping before a move that ends the game); with
    ``cap``, then plays on, still never ending the game, until the whole
    tree below is smaller than ``cap`` nodes, so a full search is cheap.
    Every draw gives a position to check: nothing is skipped.
    """
    board = make_board()
    play_choices(board, choices, stop_before_end=True)
    step = 0
    while cap is not None and (
        len(board.legal_moves()) > 6 or not tree_is_smaller_than(board, cap)
    ):
        for _ in range(3):  # three plies between the (costly) looks at the tree's size
            moves = board.legal_moves() or [PASS]
            for offset in range(len(moves)):
                undo = board.play(moves[(step + offset) % len(moves)])
                if not board.is_over:
                    break
                undo()
            else:  # every move ends the game: the tree is one level deep
                cap = None
                break
            step += 1
    assert not board.is_over or make_board().is_over
    return board


_COUNTING = threading.Lock()


def count(name: str) -> None:
    """Count one checked case of the property ``name`` (printed at the end of the run);
    safe from many threads at once (a race of 20 clients once counted 118 of its 120)."""
    from conftest import FUZZ_COUNTS

    with _COUNTING:
        FUZZ_COUNTS[name] = FUZZ_COUNTS.get(name, 0) + 1


def exits_with_message(argv: list[str], message: str, err: Callable[[], str]) -> None:
    """The oogames command on ``argv`` exits with status 2 and ``message``, no traceback.

    Args:
        argv: The command's arguments.
        message: A part of the expected message.
        err: Returns what was written to standard error (``lambda: capsys.readouterr().err``).
    """
    import pytest

    from oogames.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(argv, out=io.StringIO())
    assert stopped.value.code == 2
    written = err()
    assert message in written and "Traceback" not in written


def snapshot(board: ABoardModel) -> tuple[Any, ...]:
    """Everything observable about a board: position, turn, status, history, drawing."""
    return (
        board.key(),
        board.to_move,
        board.state,
        board.moves,
        tuple(board._history),
        str(board),
        tuple(board.legal_moves()),
    )


class _Counter:
    nodes = 0
    leaves = 0
    cutoffs = 0
    max_depth = 0


def textbook_alphabeta(
    board: ABoardModel,
    *,
    prune: bool = True,
    depth: int | None = None,
    evaluate: Any = None,
    quick: bool = True,
    win: float = 1_000_000,
) -> tuple[float, Any, _Counter]:
    """Textbook minimax / alpha-beta over the public board API (legal_moves, play, undo).

    Scores like MinMax: a win found at ply p is ``win - p`` (``win`` without
    ``quick``), a draw 0, a horizon ``evaluate(board, model player)``; ties go
    to the first move. Returns (value, move, counts).
    """
    model = board.to_move
    counts = _Counter()
    inf = float("inf")

    def value(ply: int, alpha: float, beta: float) -> tuple[float, Any]:
        maximizing = board.to_move == model
        best = -inf if maximizing else inf
        best_move = None
        for move in board.legal_moves() or [PASS]:
            counts.nodes += 1
            counts.max_depth = max(counts.max_depth, ply + 1)
            undo = board.play(move)
            if board.is_over:
                counts.leaves += 1
                worth = (win - (ply + 1)) if quick else win
                v = 0.0 if board.winner is None else worth if board.winner == model else -worth
            elif depth is not None and ply + 1 >= depth:
                counts.leaves += 1
                v = evaluate(board, model)
            else:
                v, _ = value(ply + 1, alpha, beta)
            undo()
            if maximizing:
                if v > best:
                    best, best_move = v, move
                if prune and best >= beta:
                    counts.cutoffs += 1
                    break
                alpha = max(alpha, best)
            else:
                if v < best:
                    best, best_move = v, move
                if prune and best <= alpha:
                    counts.cutoffs += 1
                    break
                beta = min(beta, best)
        return best, best_move

    best, move = value(0, -inf, inf)
    return best, move, counts


class _Budget(IBoardLambda, IBoardStatusVisitor):
    """Walks the game tree with map and make_move until it has seen ``left`` nodes."""

    def __init__(self, left: int) -> None:
        self.left = left

    def apply(self, player: int, host: IBoardModel, move: Any, param: Any) -> bool:
        self.left -= 1
        if self.left <= 0:
            return False
        host.make_move(player, move, RAISE_ON_INVALID, self)()
        return self.left > 0

    def no_apply(self, player: int, host: IBoardModel, param: Any) -> None:
        if host.execute(OutcomeVisitor()) is None:  # a pass
            self.apply(player, host, PASS, param)

    def player0_won_case(self, host: IBoardModel, param: Any) -> None: ...
    def player1_won_case(self, host: IBoardModel, param: Any) -> None: ...
    def draw_case(self, host: IBoardModel, param: Any) -> None: ...

    def no_winner_case(self, host: IBoardModel, param: Any) -> None:
        host.map(host.to_move, self, None)


def tree_is_smaller_than(board: ABoardModel, cap: int) -> bool:
    """Whether the full game tree below ``board`` has fewer than ``cap`` nodes."""
    walker = _Budget(cap)
    board.map(board.to_move, walker, None)
    return walker.left > 0


def mobility(board: ABoardModel, player: int) -> float:
    """A generic evaluation: the player to move's number of moves, signed for ``player``."""
    count = len(board.legal_moves())
    return count if board.to_move == player else -count


def run_cli(*argv: str) -> str:
    """Run the oogames command in-process, expect success, and return what it printed."""
    from oogames.cli import main

    out = io.StringIO()
    assert main(list(argv), out=out) == 0
    return out.getvalue()


def start_server(
    data: Path, *flags: str, files: int | None = None
) -> tuple[subprocess.Popen[str], str]:
    """``oogames serve`` on a free port, keeping its games in ``data`` (and given
    ``flags``), in a process of its own (its output in a pipe, as text), once it answers;
    the process and its address. ``files``: the most files the process may open (its
    soft and hard limits), if given."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    command = [sys.executable, "-m", "oogames", "serve", "--port", str(port), "--data", str(data)]
    process = subprocess.Popen(
        [*command, *flags],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        preexec_fn=None if files is None else lambda: _limit_files(files),
    )
    address = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(f"{address}/api/meta", timeout=1).read()
            return process, address
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("oogames serve did not start")


def _limit_files(files: int) -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


def running_with(marker: str) -> list[int]:
    """The processes whose command line holds ``marker`` (zombies have none)."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and marker in (entry / "cmdline").read_text():
                found.append(int(entry.name))
        except OSError:  # it ended meanwhile
            continue
    return found


#: Python code a child process runs first: Ctrl-C raises KeyboardInterrupt, as at a terminal,
#: even when the tests run with SIGINT ignored (a background job: Python then leaves it
#: ignored in the child).
CTRL_C_AS_AT_A_TERMINAL = (
    "import signal; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
)

#: Python code that runs ``oogames`` as its console script does (the arguments follow ``-c``).
AS_THE_COMMAND = (
    "import sys, _oogames_launch\n"
    "sys.argv[0] = 'oogames'\n"
    "raise SystemExit(_oogames_launch.main())\n"
)

#: ``oogames`` from :func:`oogames.cli.main`, Ctrl-C raising KeyboardInterrupt.
KEYBOARD_INTERRUPT_MAIN = (
    CTRL_C_AS_AT_A_TERMINAL + "from oogames.cli import main; raise SystemExit(main())\n"
)


#: A game of Rolit of three on 4 x 4 that Red and Yellow end leading together, 6 discs each.
SHARED_ROLIT = ["d2", "c4", "a3", "a4", "a2", "c1", "b4", "d3", "a1", "d4", "b1", "d1"]


#: A plug-in player that thinks until it is stopped or asked to move now.
WAITER = """
import threading
from oogames import INextMoveStrategy
from oogames.errors import SearchStopped
from oogames.nextmove.results import SearchResult, SearchStats


class Waiter(INextMoveStrategy):
    '''Thinks until it is stopped (no move) or asked to move now (its first legal move).'''

    name = "waiter"

    def __init__(self):
        self.wake = threading.Event()
        self.stopped = False

    def analyze(self, board, player=None):
        player = board.to_move if player is None else player
        self.wake.wait(30)
        self.wake.clear()
        if self.stopped:
            self.stopped = False
            raise SearchStopped("waiter was stopped")
        move = (board.legal_moves() or ["pass"])[0]
        return SearchResult(move, None, (move,), SearchStats(), player)

    def cancel(self):
        self.stopped = True
        self.wake.set()

    def clear_cancel(self):
        self.stopped = False

    def move_now(self):
        self.wake.set()
        return True
"""
