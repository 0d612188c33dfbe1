"""Saving and loading: JSON round trips for every game, damaged files, atomic writes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from helpers import play_choices
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from oogames.game import (
    GameModel,
    GameSettings,
    PlayerSpec,
    SaveFileError,
    game_from_dict,
    game_to_dict,
    load_game,
    save_game,
)
from oogames.games import GAMES

SIZES: dict[str, dict[str, Any]] = {
    "tictactoe": {"rows": 4, "cols": 4, "k": 3},
    "connectfour": {"width": 5, "height": 4, "k": 4},
    "othello": {"size": 6},
    "nim": {"target": 15, "max_add": 4},
    "grundy": {"heaps": (5, 6)},
    "kalah": {"pits": 4, "seeds": 3, "empty_capture": True},
    "pig": {"players": 3, "target": 20},
    "rolit": {"size": 6, "players": 3},
}


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None)
@given(game=st.sampled_from(sorted(GAMES)), path=st.lists(st.integers(0, 1000), max_size=40))
def test_random_games_of_every_game_round_trip(tmp_path: Path, game: str, path: list[int]) -> None:
    """Saved and loaded, a game has the same position, moves, settings and turn."""
    chosen = GameSettings(
        game=game,
        options=SIZES[game],
        players=(PlayerSpec("human"), PlayerSpec("alphabeta", 3)),
        first=1,
        hint_depth=2,
        seed=7,
    )
    board = chosen.make_board()
    play_choices(board, path)
    target = tmp_path / "game.json"
    save_game(target, chosen, board)
    loaded_settings, loaded = load_game(target)
    assert loaded == board and loaded.moves == board.moves and loaded.to_move == board.to_move
    assert loaded_settings.players == chosen.players and loaded_settings.first == 1
    assert loaded_settings.hint_depth == 2 and loaded_settings.seed == 7
    assert json.loads(target.read_text())["format"] == "oogames-game"


def saved_text() -> str:
    """A valid saved game, a few moves in."""
    chosen = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
    board = chosen.make_board()
    for move in ("b2", "a1", "c3"):
        board.play(board.parse_move(move))
    return json.dumps(game_to_dict(chosen, board), indent=2)


def mutations() -> st.SearchStrategy[str]:
    """Damaged versions of a saved game: truncated, bytes changed, keys dropped, values replaced."""
    text = saved_text()
    data = json.loads(text)
    truncated = st.integers(0, len(text) - 2).map(lambda n: text[:n])
    flipped = st.tuples(st.integers(0, len(text) - 1), st.characters(codec="utf-8")).map(
        lambda pair: text[: pair[0]] + pair[1] + text[pair[0] + 1 :]
    )
    dropped = st.sampled_from(sorted(data)).map(
        lambda key: json.dumps({k: v for k, v in data.items() if k != key})
    )
    junk = st.one_of(
        st.none(),
        st.integers(),
        st.text(max_size=5),
        st.lists(st.integers(), max_size=3),
        st.booleans(),
    )
    replaced = st.tuples(st.sampled_from(sorted(data)), junk).map(
        lambda pair: json.dumps({**data, pair[0]: pair[1]})
    )
    bad_moves = st.lists(
        st.sampled_from(["b2", "a1", "c3", "zz", "a9", "pass", 7]), max_size=6
    ).map(lambda moves: json.dumps({**data, "moves": moves}))
    return st.one_of(truncated, flipped, dropped, replaced, bad_moves)


@settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture], deadline=None, max_examples=150
)
@given(damaged=mutations())
def test_damaged_files_give_a_clear_error_and_leave_the_game(tmp_path: Path, damaged: str) -> None:
    """Damage reads as a consistent game or is a SaveFileError; the game in memory stays."""
    target = tmp_path / "damaged.json"
    target.write_text(damaged, encoding="utf-8")
    model = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec("human"))))
    model.play("a1")
    before = (model.board.moves, model.settings)
    try:
        model.load(target)
    except SaveFileError as error:
        assert str(error).startswith(str(target)) or "cannot read" in str(error)
        assert (model.board.moves, model.settings) == before
        return
    # A change that still makes a consistent game loads it (for example, a move list that is legal).
    replay = type(model.board).from_moves(model.board.moves, **model.board.options())
    assert replay == model.board


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"moves": ["b2", "b2"]}, "move 2 ('b2') is illegal: b2 is taken"),
        ({"moves": ["b2", "zz"]}, "move 2 ('zz') is illegal"),
        ({"format": "chess"}, "not an oogames saved game"),
        ({"version": 99}, "format version 99"),
        ({"game": "chess"}, "unknown game"),
        ({"options": {"rows": 0}}, "rows must be"),
        ({"players": [{"kind": "human"}]}, "2 to 16 objects"),
        ({"players": [{"kind": "human"}, {"kind": "wizard"}]}, "unknown strategy"),
        ({"to_move": 0}, '"to_move" is 0 but after the moves player 1 is to move'),
        ({"first": "0"}, '"first" must be int'),
        # Named as the file names them (they were "--first", "--hint-depth": no flag here).
        ({"first": 5}, ": first must be a whole number from 0 to 1, not 5"),
        ({"hint_depth": 0}, ": hint_depth must be a whole number from 1 to 10,000, not 0"),
        ({"seed": -1}, ": seed must be a whole number from 0 to"),
        ({"seed": "7"}, '"seed" must be int'),  # it was taken as no seed, without a word
        # A field the format has not was passed over: a misspelt one lost what it said.
        ({"hint-depth": 5}, "unknown field 'hint-depth'; a saved game has format, version,"),
        (
            {"players": [{"kind": "human"}, {"kind": "alphabeta", "depht": 6}]},
            "unknown field 'depht'; a saved player has kind, depth, seconds, to_end",
        ),
    ],
)
def test_each_kind_of_bad_content_is_named(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    """The error says what is wrong, naming the first bad move by its number."""
    data = {**json.loads(saved_text()), **change}
    target = tmp_path / "bad.json"
    target.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as caught:
        load_game(target)
    assert message in str(caught.value)


def test_a_save_writes_the_fields_the_reader_takes_and_no_other() -> None:
    """Every field :func:`game_to_dict` writes, for players of every kind (a depth, a clock,
    to the end), is one :data:`SAVE_FIELDS` or :data:`PLAYER_FIELDS` lets the reader take,
    and each of those is written by some save: the reader refuses any other field."""
    from oogames.game.saving import PLAYER_FIELDS, SAVE_FIELDS

    players = (PlayerSpec("human"), PlayerSpec("alphabeta", 3), PlayerSpec("mcts", None, 0.5))
    chosen = GameSettings(  # a game that ends, where a search to the end may play
        game="rolit", options={"players": 4}, players=(*players, PlayerSpec.parse("paranoid:end"))
    )
    data = game_to_dict(chosen, chosen.make_board())
    assert tuple(data) == SAVE_FIELDS
    saved = data["players"]
    assert isinstance(saved, list)
    written = {field for player in saved for field in player}
    assert written == set(PLAYER_FIELDS)
    assert game_from_dict(json.loads(json.dumps(data)))[0].players == chosen.players


def test_missing_and_non_json_files(tmp_path: Path) -> None:
    """A missing file and a file that is not JSON are SaveFileErrors with the path."""
    with pytest.raises(SaveFileError, match="cannot read"):
        load_game(tmp_path / "nope.json")
    (tmp_path / "x.json").write_text("{not json")
    with pytest.raises(SaveFileError, match="bad JSON"):
        load_game(tmp_path / "x.json")
    (tmp_path / "y.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError):
        load_game(tmp_path / "y.json")


def test_a_crash_while_saving_leaves_the_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """If writing fails half-way, the old save is intact and no temporary file is left."""
    target = tmp_path / "game.json"
    model = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec("human"))))
    model.play("b2")
    model.save(target)
    old = target.read_text()

    def crash(source: Any, destination: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", crash)
    model.play("a1")
    with pytest.raises(SaveFileError, match="No space left"):
        model.save(target)
    assert target.read_text() == old
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_saving_into_a_missing_folder_is_a_clear_error(tmp_path: Path) -> None:
    """An unwritable place is a SaveFileError, not a traceback."""
    model = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec("human"))))
    with pytest.raises(SaveFileError, match="cannot save"):
        model.save(tmp_path / "no" / "such" / "game.json")


def test_threads_saving_one_file_at_once_take_turns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight threads save eight positions to one file at once, 25 times each (the web
    server saves a game from a request's thread and the computer's): none fails, and the
    file is always one whole save. Before, they shared the temporary file: one wrote
    into another's, or renamed it away under it ("not saved", or a file that did not
    load and a game the server no longer found). The temporary file is written slowly
    here, so that the saves overlap."""
    import threading
    import time

    from oogames.game.saving import load_game, save_game

    target = tmp_path / "game.json"
    boards = []
    for moves in ("", "b2", "b2 a1", "b2 a1 c3", "a1", "a1 b2", "c1 c2 c3", "a3 b3"):
        model = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec("human"))))
        for move in moves.split():
            model.play(move)
        boards.append(model)
    real_fsync = os.fsync

    def slow_fsync(handle: int) -> None:
        time.sleep(0.001)
        real_fsync(handle)

    monkeypatch.setattr(os, "fsync", slow_fsync)
    failures: list[BaseException] = []
    written = {tuple(model.board.moves) for model in boards}

    def save_often(model: GameModel) -> None:
        for _ in range(25):
            try:
                save_game(target, model.settings, model.board)
                _, board = load_game(target)
                assert tuple(board.moves) in written
            except BaseException as error:  # every failure is reported
                failures.append(error)

    threads = [threading.Thread(target=save_often, args=(model,)) for model in boards]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures, failures[:3]
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]
