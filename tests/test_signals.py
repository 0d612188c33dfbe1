"""Signals: every way out of a search, whatever a signal handler raises, leaves the board."""

from __future__ import annotations

import os
import random
import signal
import threading
import time

import pytest
from helpers import count, snapshot

from oogames import AlphaBetaFac, MinMax
from oogames.games import ConnectFourBoard, connect_four_lines
from oogames.nextmove.specs import make_strategy

CASES = 200 if os.environ.get("OOGAMES_FUZZ") == "full" else 12


class TimeLimit(Exception):
    """What the alarm's handler raises."""


@pytest.mark.parametrize("how", ["alarm", "terminate"])
def test_an_exception_from_any_signal_handler_leaves_the_board_at_once(how: str) -> None:
    """SIGALRM raising an exception, SIGTERM made into SystemExit, at random moments of
    searches of every kind: analyze raises that very exception, and the board is as it
    was when it does (no search goes on working on it)."""
    rng = random.Random(how)
    number = signal.SIGALRM if how == "alarm" else signal.SIGTERM
    error = TimeLimit if how == "alarm" else SystemExit

    def handler(signum: int, frame: object) -> None:
        raise error("signal")

    before_handler = signal.signal(number, handler)
    try:
        for case in range(CASES):
            board = ConnectFourBoard.from_moves([rng.randrange(7) for _ in range(rng.randrange(6))])
            spec = rng.choice(["alphabeta", "alphabeta+tt+order@30", "mcts@30", "pvs+tt:14"])
            strategy = (
                MinMax(AlphaBetaFac())
                if spec == "alphabeta"
                else make_strategy(spec, connect_four_lines)
            )
            before = snapshot(board)
            timer = threading.Timer(rng.uniform(0.02, 0.2), os.kill, (os.getpid(), number))
            timer.start()
            ended: list[bool] = []
            with pytest.raises(error):
                strategy.analyze(board)
                ended.append(True)  # it ended before the signal (a position proved at once):
                time.sleep(5)  # the signal comes here, and this case tests nothing
            timer.join()
            assert snapshot(board) == before, (case, spec)
            board.play(board.legal_moves()[0])  # the board goes on as a board
            if not ended:
                count(f"an exception from the {how} signal's handler: the board as it was")
    finally:
        signal.signal(number, before_handler)
