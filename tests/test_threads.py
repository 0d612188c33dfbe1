"""A position read from another thread than the one that plays is one whole position.

The web server plays a computer's moves in a thread of its own while its event loop
reads the game for the page, and saves it from both; the terminal board reads it
while a computer plays. Each read is checked here against the same moves replayed on
a fresh board, with Python's lock handed over as often as it can be, so that a read
that caught half a move (or the board between two moves) would show.
"""

from __future__ import annotations

import contextlib
import json
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from oogames.board.model import ABoardModel
from oogames.errors import OogamesError
from oogames.game.model import GameModel
from oogames.game.saving import game_from_dict, load_game
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.web.games import WebGame

# Connect Four of 12 x 10, five in a row: long games of two random players.
OPTIONS = {"width": 12, "height": 10, "k": 5}
MOST_GAMES = 200


@pytest.fixture
def switching() -> Iterator[None]:
    """Hand Python's lock between threads as often as it can be handed."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def _settings(seed: int) -> GameSettings:
    random = PlayerSpec.parse("random")
    return GameSettings(game="connectfour", options=OPTIONS, players=(random, random), seed=seed)


def _replayed(settings: GameSettings, moves: list[str]) -> ABoardModel:
    board = settings.make_board()
    for move in moves:
        board.play(board.parse_move(move))
    return board


def _wrong(state: dict[str, object], settings: GameSettings) -> list[str]:
    """The fields of the page's state that are not those of its own moves' position."""
    moves = state["moves"]
    assert isinstance(moves, list)
    board = _replayed(settings, moves)
    wrong = []
    if state["movers"] != [board.player_names[player] for player, _ in board.history]:
        wrong.append("movers")
    if state["over"] != board.is_over or state["status"] != board.status_text():
        wrong.append("status")
    if state["to_move"] != (None if board.is_over else board.to_move):
        wrong.append("to_move")
    if state["svg"] != board.to_svg():
        wrong.append("svg")
    legal = [] if board.is_over else [board.format_move(m) for m in board.moves_in_board_order()]
    if state["legal"] != legal:
        wrong.append("legal")
    return wrong


def test_the_page_and_its_downloads_show_one_position_while_a_computer_plays(
    tmp_path: Path, switching: None
) -> None:
    checked = {"states": 0, "downloads": 0, "saves": 0}
    wrong: list[object] = []
    for seed in range(MOST_GAMES):  # until enough reads were made while the computers played
        if min(checked.values()) >= 30:
            break
        settings = _settings(seed)
        game = WebGame.new(settings, tmp_path, lambda: None)
        while game.thinking:  # the computers play the whole game in their thread
            wrong += _wrong(game.state(), settings)
            checked["states"] += 1
            game_from_dict(json.loads(game.save_text()))  # a download that loads
            checked["downloads"] += 1
            game.save()  # the request's save, as the computer's thread plays on
            load_game(tmp_path / f"{game.id}.json")
            checked["saves"] += 1
        game.wait()
        assert game.model.board.is_over
    assert wrong == []
    assert min(checked.values()) >= 30, checked  # reads made while the computers played


def _while_computers_play(samples: int) -> Iterator[GameModel]:
    """Games of two random players, each played in a thread of its own: its model, again
    and again while the computers play, until it was given ``samples`` times (a busy
    machine gives this thread fewer turns a game)."""
    given = 0
    for seed in range(MOST_GAMES):
        if given >= samples:
            return
        model = GameModel(_settings(seed), start=False)
        playing = threading.Thread(target=model.start)
        playing.start()
        while playing.is_alive():
            yield model
            given += 1
        playing.join()


def test_a_save_while_a_computer_plays_is_of_the_moves_it_says_are_saved(
    tmp_path: Path, switching: None
) -> None:
    saves = 0
    for model in _while_computers_play(samples=30):
        path = tmp_path / f"game{saves}.json"
        model.save(path)
        _, board = load_game(path)
        # What the model counts as saved is what the file holds (not a move more).
        saved = model._saved_moves
        assert board.moves == saved
        assert model.unsaved == (model.board.moves != saved)
        saves += 1
    assert saves >= 30


def test_a_recovery_file_written_while_a_computer_plays_loads(
    tmp_path: Path, switching: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Quitting or a signal while a computer plays saves the game to a recovery file
    (:meth:`GameModel.recovery_text`): each one holds one position, and loads."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    files = 0
    for model in _while_computers_play(samples=60):
        said = model.recovery_text()
        assert said.startswith("interrupted: the game is saved in "), said
        load_game(said.split("(oogames load ")[1].rstrip(")"))
        files += 1
    assert files >= 30


def test_two_requests_at_once_start_one_computer(tmp_path: Path) -> None:
    """Two requests that each let the computer move (a move and go, say) start one
    thread: its check and its start are one step (the window between them is widened
    here, as a busy server's would be)."""
    random, human = PlayerSpec.parse("random"), PlayerSpec.parse("human")
    settings = GameSettings(game="tictactoe", players=(random, human))
    game = WebGame("a" * 24, GameModel(settings, start=False), tmp_path)
    model = game.model
    began = model.begin_request
    starts: list[str] = []
    both_checked = threading.Barrier(2, timeout=0.5)

    def slow_begin() -> None:  # the second request comes between the check and the start
        # Only one got past the check (the barrier breaks): the other waits its turn.
        with contextlib.suppress(threading.BrokenBarrierError):
            both_checked.wait()
        began()

    def start() -> None:
        starts.append(threading.current_thread().name)
        release.wait(5)

    release = threading.Event()
    model.begin_request = slow_begin  # type: ignore[method-assign]
    model.start = start  # type: ignore[method-assign]
    requests = [threading.Thread(target=game.run_computer) for _ in range(2)]
    for request in requests:
        request.start()
    for request in requests:
        request.join(5)
    release.set()
    game.wait()
    assert len(starts) == 1, starts


@pytest.mark.parametrize("save_seconds", [0.0, 1000.0])
def test_computers_moves_are_shown_one_by_one_and_no_request_comes_between(
    tmp_path: Path, switching: None, monkeypatch: pytest.MonkeyPatch, save_seconds: float
) -> None:
    """Two computers play a whole game in one thread: the page is told of each move,
    the file holds the moves of :data:`~oogames.web.games.SAVE_SECONDS` before (a
    server stopped half-way keeps them) and every move once they stop, and no request
    is taken until they are done, not even between two of their moves."""
    monkeypatch.setattr("oogames.web.games.SAVE_SECONDS", save_seconds)
    searches = PlayerSpec.parse("alphabeta:3")
    settings = GameSettings(game="connectfour", players=(searches, searches))
    told: list[tuple[int, int]] = []  # the plies of the game and of its file, when told
    game = WebGame("b" * 24, GameModel(settings, start=False), tmp_path)
    path = tmp_path / f"{game.id}.json"
    game.changed = lambda: told.append((game.model.board.ply, len(load_game(path)[1].moves)))
    game.run_computer()
    refused = 0
    while game.thinking:
        for action in ("go", "hint"):  # refused after the game too: it is over
            with pytest.raises(OogamesError):
                game.act(action)
            refused += 1
    game.wait()
    board = game.model.board
    assert board.is_over
    assert {ply for ply, _ in told} >= set(range(1, board.ply + 1)), told
    if save_seconds == 0:  # saved at each move
        assert all(saved == ply for ply, saved in told), told
    else:  # saved as they began and once they stopped
        assert {saved for _, saved in told} == {0, board.ply}, told
    assert load_game(path)[1].moves == board.moves
    assert refused >= 30
