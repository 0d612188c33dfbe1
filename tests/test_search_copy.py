"""``SearchCopy``: a player's copy of the board, kept in step, is always the board's twin.

Against an independent reference, a copy made anew (``board.copy()``), after every step of
random games: moves (passes and dice among them), moves taken back, searches of the copy
(which leave it as they found it), and copies spoiled as a careless plug-in would.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from oogames import AlphaBetaFac, DepthFac, MinMax
from oogames.board.copies import SearchCopy
from oogames.board.lambdas import draw_outcome
from oogames.board.model import ABoardModel
from oogames.board.moves import CHANCE
from oogames.games import GAMES

BOARDS = {
    "nim": {"target": 40},
    "tictactoe": {},
    "connectfour": {"width": 5, "height": 4},
    "othello": {"size": 4},  # passes
    "kalah": {"pits": 3, "seeds": 2},  # extra turns
    "pig": {"target": 12},  # dice
    "rolit": {"size": 4, "players": 3},
}
GAMES_EACH = 30


def _step(board: ABoardModel, rng: random.Random) -> None:
    """One move of the game: a roll, a pass, or a random legal move."""
    if board.to_move == CHANCE:
        board.play(draw_outcome(board, rng), CHANCE)
    else:
        board.play(rng.choice(board.moves_or_pass()))


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_the_copy_kept_in_step_is_the_boards_twin_after_every_step(game: str) -> None:
    info = GAMES[game]
    rng = random.Random(game)
    copies: SearchCopy[ABoardModel] = SearchCopy()
    search = MinMax(DepthFac(AlphaBetaFac(), 2, info.evaluate))
    checked = made = undone = spoiled = 0
    for _ in range(GAMES_EACH):
        board = info.make(**BOARDS[game])
        last = None
        while not board.is_over:
            for _ in range(rng.choice((1, 1, 2, 3))):  # steps between two turns
                what = rng.random()
                if what < 0.2 and board.ply:
                    board.pop()
                    undone += 1
                elif what < 0.3 and last is not None and not last.is_over:
                    _step(last, rng)  # a search that left its copy changed
                    spoiled += 1
                elif not board.is_over:
                    _step(board, rng)
            copy = copies.of(board)
            assert copy is not board
            assert copy.history == board.history and copy == board
            assert copy.state is board.state
            made += copy is not last
            checked += 1
            last = copy
            if not board.is_over and board.to_move != CHANCE and rng.random() < 0.2:
                search.analyze(copy)  # searched: left as found, so kept for the next turn
    assert undone >= 10 and spoiled >= 10 and checked >= 200, (checked, undone, spoiled)
    # A new copy only for a new game, a move taken back or a spoiled copy.
    assert made <= GAMES_EACH + undone + spoiled, (made, undone, spoiled)
    assert made < checked / 2, (made, checked)


THREE_COUNT = '''
from twenty_one import TwentyOne  # the tutorial's game (demos/)

from oogames import NON_TERMINAL, INextMoveStrategy, SnapshotRecord
from oogames.board.states import game_over
from oogames.nextmove.random_move import RandomValidMove

SEEN = []  # the moves the computer's board had at each of its turns


class ThreeCount(TwentyOne):
    """The 21 game for three players: 1 then 2 and 2 then 1 reach the same position."""

    players = 3
    player_names = ("A", "B", "C")

    def _play(self, player, move):
        if move not in (1, 2, 3) or self.total + move > self.target:
            return None
        record = SnapshotRecord(self, player, move, self.total)
        self.total += move
        won = game_over([1.0 if who == player else 0.0 for who in range(3)])
        return record, won if self.total == self.target else NON_TERMINAL


class Recorder(INextMoveStrategy):
    """Plays 1, and writes down the moves of the board it is given."""

    name = "recorder"

    def analyze(self, board, player=None):
        SEEN.append(board.moves)
        return RandomValidMove(0).analyze(board, player)

    def cancel(self):
        pass
'''


def test_a_computer_searches_the_games_own_history_after_two_people_take_moves_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two people and a computer: the people take their moves back and play them again
    in the other order, which reaches the position of the computer's last turn by another
    way; the computer is given the game's own moves, not those of its last turn."""
    from oogames.game import GameModel, GameSettings, PlayerSpec

    path = tmp_path / "three_count.py"
    path.write_text(THREE_COUNT)
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "demos"))
    people = (PlayerSpec("human"),) * 2
    settings = GameSettings(
        game=f"{path}:ThreeCount", players=(*people, PlayerSpec.parse(f"{path}:Recorder"))
    )
    model = GameModel(settings)
    model.play("1")
    model.play("2")  # the computer plays at once
    recorder = model.turns.side(2).strategy  # type: ignore[attr-defined]
    seen = type(recorder).analyze.__globals__["SEEN"]  # the plug-in file's list
    assert seen == [(1, 2)] and model.board.ply == 3
    while model.can_undo:
        model.undo()
    model.play("2")
    model.play("1")  # total 3, C to move: the position of the computer's last turn
    assert model.board.moves[:2] == (2, 1)
    assert seen == [(1, 2), (2, 1)]
