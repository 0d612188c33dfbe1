"""The game model: turns, computer replies, passes, undo/redo, hints, new games, views."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oogames import PASS, GameOverError, IllegalMoveError
from oogames.game import (
    GameModel,
    GameSettings,
    IModel2ViewAdapter,
    NothingToUndoError,
    PlayerSpec,
    SettingsError,
)
from oogames.games import OthelloBoard

HUMAN = PlayerSpec("human")
RANDOM = PlayerSpec("random")


def settings(
    game: str = "tictactoe", first: str = "human", second: str = "human", **kw: Any
) -> GameSettings:
    """Settings with the players written as on the command line."""
    return GameSettings(
        game=game, players=(PlayerSpec.parse(first), PlayerSpec.parse(second)), **kw
    )


class Recorder(IModel2ViewAdapter):
    """A view that writes down what the model tells it."""

    def __init__(self) -> None:
        self.events: list[tuple[Any, ...]] = []

    def moved(self, player: int, move: Any, result: Any) -> None:
        self.events.append(("moved", player, move, result is not None))

    def changed(self) -> None:
        self.events.append(("changed",))

    def thinking(self, player: int, started: bool) -> None:
        self.events.append(("thinking", player, started))

    def hinted(self, result: Any) -> None:
        self.events.append(("hinted", result.move))

    def game_over(self, text: str) -> None:
        self.events.append(("over", text))

    def message(self, text: str) -> None:
        self.events.append(("message", text))


def test_the_computer_answers_a_persons_move_and_the_views_are_told() -> None:
    """After a person's move the computer thinks and replies; the view hears each step."""
    view = Recorder()
    model = GameModel(settings(second="alphabeta"), view)
    model.play("b2")
    assert model.board.moves == ((1, 1), (0, 0))
    assert view.events == [
        ("moved", 0, (1, 1), False),
        ("thinking", 1, True),
        ("thinking", 1, False),
        ("moved", 1, (0, 0), True),
    ]
    assert model.results[2].move == (0, 0) and model.name_of(1) == "O (alphabeta)"


def test_illegal_and_late_moves_are_refused_and_change_nothing() -> None:
    """An illegal move raises with the reason; after the end, moves raise GameOverError."""
    model = GameModel(settings())
    model.play("b2")
    with pytest.raises(IllegalMoveError, match="b2 is taken"):
        model.play("b2")
    with pytest.raises(IllegalMoveError, match="column letter"):
        model.play("zz")
    assert model.board.moves == ((1, 1),)
    for move in ("a1", "a2", "b1", "c3", "c1"):
        model.play(move)
    assert model.board.is_over
    over = re.escape(f"the game is over ({model.board.status_text()}): no move is played")
    for late in ("a3", "zz", "c1", (2, 0)):  # free, no move's text, taken, a move itself
        with pytest.raises(GameOverError, match=f"^{over}$"):  # not "illegal move zz by O"
            model.play(late)
    assert len(model.board.moves) == 6


def test_a_computer_that_moves_first_moves_at_once() -> None:
    """first=1: the second side (a computer) plays X and has moved when the model starts."""
    model = GameModel(GameSettings(players=(HUMAN, PlayerSpec("alphabeta", 2)), first=1))
    assert len(model.board.moves) == 1 and model.current.is_human
    assert model.name_of(0) == "X (alphabeta:2)"


def test_two_computers_play_to_the_end() -> None:
    """With no person, the model plays the whole game when it starts."""
    view = Recorder()
    model = GameModel(
        settings("connectfour", "alphabeta:2", "random", options={"width": 5, "height": 4}, seed=3),
        view,
    )
    assert model.board.is_over and view.events[-1][0] == "over"


def test_forced_passes_are_played_and_announced() -> None:
    """A person with no move passes automatically, and the views are told."""
    position = "BBBB\nBWB.\nBBBB\nBBBB"
    view = Recorder()
    model = GameModel(settings("othello", options={"size": 4, "position": position}), view)
    assert model.board.moves == (PASS,) and model.board.to_move == 1  # White, a person, to move
    assert ("message", "Black (human) has no move and passes") in view.events
    assert isinstance(model.board, OthelloBoard)


def test_undo_against_the_computer_takes_back_its_reply_too() -> None:
    """One undo takes back the computer's reply and the person's move; redo replays both."""
    model = GameModel(settings(second="alphabeta:2"))
    model.play("b2")
    model.play("c3")
    assert model.board.ply == 4
    model.undo()
    assert model.board.ply == 2 and model.can_redo
    model.redo()
    assert model.board.ply == 4
    model.undo()
    model.undo()
    assert model.board.ply == 0 and not model.can_undo
    with pytest.raises(NothingToUndoError):
        model.undo()


def test_a_new_move_clears_redo() -> None:
    """After an undo, a different move makes the undone moves unreachable by redo."""
    model = GameModel(settings())
    model.play("b2")
    model.undo()
    model.play("a1")
    assert not model.can_redo
    with pytest.raises(NothingToUndoError):
        model.redo()


actions = st.lists(
    st.tuples(st.sampled_from(["play", "undo", "redo"]), st.integers(0, 100)), max_size=30
)


@given(
    steps=actions, game=st.sampled_from(["tictactoe", "connectfour", "nim"]), versus=st.booleans()
)
def test_undo_redo_keep_the_board_equal_to_replaying_its_moves(
    steps: list[tuple[str, int]], game: str, versus: bool
) -> None:
    """Any mix of moves, undos and redos leaves a board equal to replaying its move list."""
    model = GameModel(settings(game, second="alphabeta:1" if versus else "human"))
    for action, choice in steps:
        if action == "play" and not model.board.is_over:
            moves = model.board.legal_moves()
            model.play(moves[choice % len(moves)])
        elif action == "undo" and model.can_undo:
            model.undo()
        elif action == "redo" and model.can_redo:
            model.redo()
        board = model.board
        replay = type(board).from_moves(board.moves, **board.options())
        assert replay == board and replay.moves == board.moves
        assert board.is_over or model.current.is_human


def test_hint_suggests_without_playing() -> None:
    """A hint searches hint_depth plies, is shown to the views, and changes nothing."""
    view = Recorder()
    model = GameModel(settings(hint_depth=2), view)
    model.play("a1")
    model.play("b1")
    model.play("a2")
    result = model.hint()
    assert result.move == (2, 0)  # O must block a3
    assert result.stats.max_depth <= 2 and model.last_hint is result
    assert model.board.ply == 3 and view.events[-1] == ("hinted", (2, 0))


def test_new_game_with_new_settings_and_bad_settings() -> None:
    """new_game starts over; bad options are refused and the current game stays."""
    model = GameModel(settings())
    model.play("b2")
    model.new_game()
    assert model.board.ply == 0
    model.new_game(settings("nim"))
    assert model.settings.game == "nim" and model.board.legal_moves() == [1, 2, 3]
    model.play("2")
    with pytest.raises(ValueError):
        model.new_game(settings("nim", options={"target": 0}))
    assert model.settings.game == "nim" and model.board.ply == 1


def test_settings_check_their_values() -> None:
    """Unknown games and players, and bad depths, are SettingsErrors."""
    with pytest.raises(SettingsError):
        GameSettings(game="chess")
    with pytest.raises(SettingsError):
        PlayerSpec.parse("deepblue")
    with pytest.raises(SettingsError):
        PlayerSpec.parse("human:3")
    with pytest.raises(SettingsError):
        GameSettings(first=2)
    assert PlayerSpec.parse("AlphaBeta:4") == PlayerSpec("alphabeta", 4)


def test_a_stop_during_a_views_request_stops_the_search_it_makes_and_no_later_one() -> None:
    """A view begins a request (its thread may not have reached the search yet); a stop in
    it stops the computer's turn or the hint that the request then begins, with no move,
    and is dropped when the request ends: the next request searches. A stop with no
    request and no search does nothing. (The views polled for the turn to begin.)"""
    from oogames.errors import SearchStopped

    players = (PlayerSpec("human"), PlayerSpec("alphabeta", depth=2))
    model = GameModel(GameSettings(players=players))
    model.play("b2", then_start=False)  # O to move, not started
    assert model.stop() is False  # nothing under way and no request: nothing to stop
    for search in (model.start, model.hint):
        model.begin_request()
        assert model.stop() is True and model.stop_pending()
        with pytest.raises(SearchStopped):
            search()
        model.end_request()
        assert not model.stop_pending() and model.board.ply == 1 and model.last_hint is None
    model.begin_request()
    model.end_request()  # a request with no stop: nothing is kept
    assert model.hint().move is not None
    model.go()
    assert model.board.ply == 2 and model.current.is_human


def test_a_turn_interrupted_as_it_says_it_thinks_says_that_it_ended() -> None:
    """Ctrl-C (or any exception) that comes as a computer's turn tells the views that it
    thinks still tells them that it ended: the console's "is thinking" notice, armed for
    a second later, was printed after the next prompt, and its Ctrl-\\ key stayed set."""
    from oogames.game.players import ComputerPlayer
    from oogames.nextmove.random_move import RandomValidMove

    told: list[bool] = []

    def thinking(player: int, started: bool) -> None:
        told.append(started)
        if started:
            raise KeyboardInterrupt  # as the view is told that the search begins

    model = GameModel(settings(), start=False)
    side = ComputerPlayer(0, "X (random)", RandomValidMove(1), thinking)
    with pytest.raises(KeyboardInterrupt):
        side.take_turn(model.board, model)
    assert told == [True, False]
    assert model.board.ply == 0


def test_undo_takes_back_to_before_the_persons_move_however_far_back_it_is() -> None:
    """One person and five computers at Pig, the computers rolling on: the person's last
    move lies from 1 to hundreds of moves back, and one undo takes back exactly to before
    it (the model looks back through ever longer ends of the game, not the whole)."""
    import random

    model = GameModel(
        GameSettings(game="pig", options={"players": 6}, players=(HUMAN,) + (RANDOM,) * 5)
    )
    board, rng = model.board, random.Random(7)
    distances = set()
    while len(distances) < 60 and board.ply < 5_000:
        moves = board.legal_moves()
        board.play("roll" if board.to_move > 0 else rng.choice(moves))  # they roll on
        history = board.history
        person = max(
            (ply for ply, (who, move) in enumerate(history) if who == 0 and move is not PASS),
            default=None,
        )
        if person is None or board.ply % 7:
            continue
        distances.add(board.ply - person)
        model.undo()
        assert board.ply == person and board.history == history[:person]
        model.redo()
        assert board.history == history
    assert len(distances) == 60 and max(distances) > 8 * 9 and min(distances) <= 8


def test_settings_take_players_as_specs_and_refuse_their_text_with_how_to_read_it() -> None:
    """``GameSettings(players=("human", "alphabeta:3"))``: a seat that is no
    :class:`PlayerSpec` is refused in one line, a text with how to read it. Before, the
    texts were kept, and the model failed with "'str' object has no attribute 'label'"."""
    from oogames.nextmove.grammar import StrategySpec

    for seat, said in (
        ("alphabeta:3", " (PlayerSpec.parse('alphabeta:3') reads its text), not 'alphabeta:3'"),
        (3, ", not 3"),
        (StrategySpec("alphabeta"), ", not StrategySpec("),
    ):
        with pytest.raises(SettingsError, match=re.escape(f"each player is a PlayerSpec{said}")):
            GameSettings(players=(PlayerSpec("human"), seat))  # type: ignore[arg-type]
    settings = GameSettings(players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta:3")))
    assert GameModel(settings, start=False).board.ply == 0
    # A list of players is kept as the tuple (it was refused as "a game has 2 to 16
    # players, not [...]", two players in it); a wrong count is said as a count.
    seats = [PlayerSpec("human"), PlayerSpec("random")]
    assert GameSettings(players=seats).players == tuple(seats)
    with pytest.raises(SettingsError, match=r"^a game has 2 to 16 players, not 1$"):
        GameSettings(players=[PlayerSpec("human")])
    with pytest.raises(SettingsError, match=r"^the players are a tuple of PlayerSpec, not 'h"):
        GameSettings(players="human")  # type: ignore[arg-type]


def test_settings_that_name_no_players_take_the_games_computer_as_the_command_line() -> None:
    """``GameSettings(game=...)`` with no players: a person, then the computer
    ``oogames play`` takes for that game and those options (:func:`default_player`); it
    took ``alphabeta:4`` in every game. Settings the checks refuse still say why."""
    from helpers import count

    from oogames.game.settings import default_player
    from oogames.games import GAMES

    sized = {"tictactoe": {"rows": 4, "cols": 4, "k": 4}, "connectfour": {"width": 4, "height": 4}}
    for name, info in GAMES.items():
        for options in ({}, sized.get(name, {})):
            settings = GameSettings(game=name, options=dict(options))
            computer = default_player(info, info.make(**options))
            assert settings.players == (PlayerSpec("human"), computer), (name, options)
            count("games and options whose default players match the command line's")
    assert str(GameSettings(game="tictactoe").players[1]) == "alphabeta"  # small: solved
    assert str(GameSettings(game="pig").players[1]) == "expectimax@1"  # the game's own
    bad = GameSettings(game="connectfour", options={"width": 99})  # refused when made
    assert bad.players[1] == default_player(GAMES["connectfour"])
    with pytest.raises(SettingsError, match="a game is named by a text"):
        GameSettings(game=3)  # type: ignore[arg-type]
    with pytest.raises(SettingsError, match="options must be a mapping"):
        GameSettings(options=[1])  # type: ignore[arg-type]
