"""What a state of the page costs in a long game: the milliseconds to make one (what the
server does under the board's lock for each move it shows), by the game's length.

A state lists the last moves (``SHOWN_MOVES``) and says whether the moves went turn
about; it reads the moves made since the last state, not every move of the game. Two
people play Nim by ones to each ``--plies``; the state is made ``--repeat`` times at the
end. Figures are printed, never asserted.

    python benchmarks/web_state.py [--plies 1000,10000,50000] [--repeat 50]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from oogames.game.model import GameModel
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.games import NimBoard
from oogames.web.games import WebGame


def state_ms(plies: int, repeat: int, folder: Path) -> float:
    """Milliseconds a state takes at ``plies`` moves (after a first one, which reads them)."""
    options = {"target": plies + 1, "max_add": 1}
    board = NimBoard(**options)
    for _ in range(plies):
        board.play(1)
    settings = GameSettings("nim", options, (PlayerSpec("human"), PlayerSpec("human")))
    game = WebGame("x" * 24, GameModel(settings, start=False, board=board), folder, lambda: None)
    game.state()
    start = time.perf_counter()
    for _ in range(repeat):
        game.state()
    return (time.perf_counter() - start) / repeat * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", default="1000,10000,50000", help="game lengths, by commas")
    parser.add_argument("--repeat", type=int, default=50, help="states timed at each length")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for plies in map(int, args.plies.split(",")):
            took = state_ms(plies, args.repeat, Path(folder))
            print(f"{plies:>7,} moves: {took:6.2f} ms a state")


if __name__ == "__main__":
    main()
