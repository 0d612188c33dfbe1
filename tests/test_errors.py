"""The error hierarchy and messages, and the PASS move."""

from __future__ import annotations

import contextlib
import copy
import io
import pickle
from typing import Any

import pytest
from helpers import count

from oogames import (
    PASS,
    BoardOptionError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    OogamesError,
    SearchError,
    TicTacToeBoard,
    UndoError,
)
from oogames.board.order import MoveOrder
from oogames.errors import StrategySpecError
from oogames.games import GAMES
from oogames.games.numbered import ANumberedBoard


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (IllegalMoveError, ValueError),
        (MalformedMoveError, IllegalMoveError),
        (NotYourTurnError, IllegalMoveError),
        (GameOverError, IllegalMoveError),
        (BoardOptionError, ValueError),
        (UndoError, RuntimeError),
        (SearchError, RuntimeError),
        (StrategySpecError, ValueError),
    ],
)
def test_every_error_is_an_oogames_error_and_a_builtin_one(
    error: type[Exception], builtin: type[Exception]
) -> None:
    """One except OogamesError catches all; each is also the builtin a user would expect."""
    assert issubclass(error, OogamesError) and issubclass(error, builtin)


def test_illegal_move_message_names_move_player_reason_and_position() -> None:
    """The message is one line: the move in notation, the player by name, why; the board is kept."""
    board = TicTacToeBoard.from_moves("b2")
    with pytest.raises(IllegalMoveError) as caught:
        board.play((1, 1))
    error = caught.value
    assert (error.move, error.player, error.reason, error.index) == ((1, 1), 1, "b2 is taken", None)
    assert str(error) == "illegal move b2 by O: b2 is taken"
    assert error.position == str(board)


def test_at_index_keeps_the_class_and_adds_the_place() -> None:
    """at_index gives the same kind of error, saying which move of a list it was (1-based)."""
    error = NotYourTurnError("m", 1, "it is X's turn", "pos")
    placed = error.at_index(4)
    assert type(placed) is NotYourTurnError and placed.index == 4
    assert str(placed) == "illegal move 'm' by player 1 at move 5: it is X's turn"


def test_pass_is_one_value() -> None:
    """PASS is a singleton: copies and pickles are PASS itself, and it reads 'pass'."""
    assert copy.copy(PASS) is PASS and copy.deepcopy(PASS) is PASS
    assert pickle.loads(pickle.dumps(PASS)) is PASS
    assert repr(PASS) == "PASS"
    board = TicTacToeBoard()
    assert board.parse_move("pass") is PASS and board.format_move(PASS) == "pass"


def test_pass_is_refused_when_there_is_a_move() -> None:
    """A player with a valid move cannot pass; the board is unchanged."""
    board = TicTacToeBoard()
    assert not board.can_pass()
    with pytest.raises(IllegalMoveError, match="cannot pass"):
        board.play(PASS)
    assert board.moves == () and board.to_move == 0


def test_a_move_order_must_be_a_permutation_of_the_moves() -> None:
    """set_move_order needs a permutation of the game's moves."""
    board = TicTacToeBoard()
    with pytest.raises(BoardOptionError, match="each of the 9 moves"):
        board.set_move_order([(0, 0)])
    board.set_move_order(list(reversed(board.move_order)))
    assert board.legal_moves()[0] == (2, 2)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_move_of_no_form_of_the_game_is_malformed_whatever_the_position(name: str) -> None:
    """A game that states its moves' form (``_move_form_error``) refuses a move of another
    form as malformed, with that rule and the player who tried it, on its turn, off its
    turn and after the game ended; a move of its form that the rules refuse is illegal and
    not malformed."""
    info = GAMES[name]
    board = info.make()
    rule = board._move_form_error(("no", "move"))
    if type(board)._move_form_error is MoveOrder._move_form_error and not board.move_order:
        assert rule is None  # no form stated: every refusal is _why_illegal's
        with pytest.raises(IllegalMoveError) as refused:
            board.play(("no", "move"))
        assert not isinstance(refused.value, MalformedMoveError)
        count("a game that states no form explains every refusal in its own words")
        return
    assert rule
    ended = board.copy()
    for _ in range(10_000):  # the last move each time: Pig's die shows 6, then its hold
        if ended.is_over:
            break
        ended.play((ended.legal_moves() or [PASS])[-1])
    assert ended.is_over
    for position, player in ((board, board.to_move), (board, 1 - board.to_move), (ended, 0)):
        with pytest.raises(MalformedMoveError) as refused:
            position.play(("no", "move"), player)
        assert str(refused.value).endswith(rule) and refused.value.player == player
        count("a move of no form is malformed, whatever the position")
    for move in board.move_order or board.legal_moves():  # a move of the form, refused
        if move not in board.legal_moves():
            with pytest.raises(IllegalMoveError) as refused:
                board.play(move)
            assert not isinstance(refused.value, MalformedMoveError)
            count("a move of the game's form that the rules refuse is not malformed")
    with pytest.raises(NotYourTurnError):
        board.play(board.legal_moves()[0], 1 - board.to_move)


def test_a_search_given_a_class_or_no_factory_is_refused_when_it_is_made() -> None:
    """``MinMax(AlphaBetaFac)``, the class where its object belongs, at any depth of the
    stack: one line when the search (or the factory that wraps it) is made. Before, the
    class was taken, and the first search raised "make_acc() missing 1 required
    positional argument" (a wrapping factory raised it when it was made)."""
    from oogames import AlphaBetaFac, DepthFac, MinMax, SettingsError
    from oogames.games import open_lines
    from oogames.nextmove import TTFac
    from oogames.nextmove.enhancements.ordering import GameOrderFac, HistoryFac

    cls: Any = AlphaBetaFac
    made = [
        ("the class AlphaBetaFac", lambda: MinMax(cls)),
        ("the class AlphaBetaFac", lambda: MinMax(DepthFac(cls, 3, open_lines))),
        ("the class AlphaBetaFac", lambda: TTFac(cls)),
        ("the class AlphaBetaFac", lambda: GameOrderFac(cls)),
        ("the class AlphaBetaFac", lambda: HistoryFac(cls)),
        ("'alphabeta'", lambda: MinMax("alphabeta")),  # type: ignore[arg-type]
        ("3", lambda: MinMax(DepthFac(3, 3, open_lines))),  # type: ignore[arg-type]
    ]
    for said, make in made:
        with pytest.raises(SettingsError) as refused:
            make()
        assert str(refused.value) == (
            f"a search takes an accumulator factory object, like AlphaBetaFac(), not {said}"
        )
        count("a search given no factory object")


def test_a_search_given_no_board_says_so_in_one_line() -> None:
    """The arguments given the wrong way round (``trace_search(search, board)``,
    ``strategy.get_next_move(factory)``): every strategy of the grammar, ``perft`` and
    ``trace_search`` refuse what is no board in one line that names it. Before, each raised
    an ``AttributeError`` about the object given ("'MinMax' object has no attribute
    'to_move'")."""
    from oogames import AlphaBetaFac, MinMax, SettingsError, TicTacToeBoard, perft
    from oogames.games import open_lines
    from oogames.nextmove.grammar import DRIVERS, SAMPLERS, SEARCHES
    from oogames.nextmove.specs import make_strategy
    from oogames.trace.tracer import trace_search

    wrong: list[Any] = [MinMax(AlphaBetaFac()), AlphaBetaFac(), "b2", 3]
    specs = [f"{name}:2" for name in [*SEARCHES, *DRIVERS, *SAMPLERS]] + ["random", "pvs@0.1"]
    calls: list[tuple[str, Any]] = []
    for spec in specs:
        strategy = make_strategy(spec, open_lines, 1)
        calls += [(spec, strategy.get_next_move), (spec, strategy.analyze)]
    calls += [("perft", perft), ("trace_search", lambda board: trace_search(board, AlphaBetaFac()))]
    for name, call in calls:
        for given in wrong:
            with pytest.raises(SettingsError) as refused:
                call(given)
            assert str(refused.value) == (
                f"a search takes a board model, like TicTacToeBoard(), not {given!r}"
            ), name
            count("a search given no board")
    with pytest.raises(SettingsError, match="factory object, like AlphaBetaFac"):
        trace_search(TicTacToeBoard(), TicTacToeBoard())  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_text_given_where_a_move_belongs_is_refused_with_the_move_it_reads_as(
    name: str,
) -> None:
    """``board.play("b2")`` where the move is ``(1, 1)``: in every game, each legal move's
    text given to ``play`` is refused as malformed with the move that text is (what
    :meth:`parse_move` reads); a text that reads as no move gets no such hint. Before, it
    said only the form, "a move is (row, col) with row < 3 and col < 3"."""
    board = GAMES[name].make()
    checked = 0
    for move in board.legal_moves():
        text = board.format_move(move)
        if text == move:  # Pig's roll and hold: the text is the move
            board.copy().play(text)
            continue
        with pytest.raises(MalformedMoveError) as refused:
            board.play(text)
        message = str(refused.value)
        assert message.endswith(
            f"; the text {text!r} is the move {move!r}: board.parse_move reads text"
        )
        assert "\n" not in message
        checked += 1
        count("a move's text given to play is refused with the move it is")
    with pytest.raises(MalformedMoveError) as refused:
        board.play("no such move")
    assert "parse_move" not in str(refused.value)
    assert checked or name == "pig"


def test_an_evaluation_that_cannot_take_a_board_and_a_player_is_refused_when_made() -> None:
    """``DepthFac(AlphaBetaFac(), 3, lambda board: ...)``: refused when the factory (or MCTS)
    is made, naming the call it must take; before, the first horizon raised "<lambda>()
    takes 1 positional argument but 2 were given" from inside the search. Callables that
    can take the call pass: defaults, ``*args``, a partial, an object with ``__call__``, and
    a built-in whose signature cannot be read."""
    import functools

    from oogames import AlphaBetaFac, DepthFac
    from oogames.nextmove.mcts import MCTS

    class Scorer:
        def __call__(self, board: Any, player: int) -> float:
            return 0.0

    refused: list[Any] = [lambda board: 0.0, lambda board, player, extra: 0.0, Scorer]
    refused.append(lambda board, *, player: 0.0)
    taken: list[Any] = [lambda board, player, extra=1: 0.0, lambda *values: 0.0, Scorer(), max]
    taken.append(functools.partial(lambda weight, board, player: 0.0, 2))
    for evaluate in refused:
        for make in (DepthFac, MCTS):
            with pytest.raises(
                TypeError, match=r"^an evaluation is called as evaluate\(board, player\); "
            ):
                if make is DepthFac:
                    DepthFac(AlphaBetaFac(), 3, evaluate)
                else:
                    MCTS(1, evaluate=evaluate)
            count("an evaluation that cannot take (board, player) is refused when made")
    for evaluate in taken:
        DepthFac(AlphaBetaFac(), 3, evaluate)
        MCTS(1, evaluate=evaluate)
        count("an evaluation that can take (board, player) is taken")


def test_every_refusal_of_a_name_offers_the_nearest_one() -> None:
    """A game, a strategy, an assignment, a command and a command line's choice, each
    mistyped: every refusal names the one meant (``errors.unknown``, where each of them is
    written); a name near none gets no guess. Before, only the command line's choices and
    flags guessed: ``--players alphabeta,alfabeta`` listed the strategies and left it there."""
    from oogames import SettingsError
    from oogames.cli import main
    from oogames.games import find_game
    from oogames.grading import grade
    from oogames.nextmove.grammar import StrategySpec

    typed = [
        (lambda: find_game("kalha"), "kalah"),
        (lambda: find_game("otello"), "othello"),
        (lambda: StrategySpec.parse("alfabeta:3"), "alphabeta"),
        (lambda: StrategySpec.parse("expectmax"), "expectimax"),
        (lambda: grade("minimax-tree", "nosuch.py"), "minimax-trees"),
    ]
    for refuse, meant in typed:
        with pytest.raises(SettingsError) as refused:
            refuse()
        assert str(refused.value).endswith(f"; did you mean {meant}?"), str(refused.value)
        count("a mistyped name is offered the one meant")
    for refuse in (lambda: find_game("chess"), lambda: StrategySpec.parse("zzz")):
        with pytest.raises(SettingsError) as refused:
            refuse()
        assert "did you mean" not in str(refused.value)
    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit):
        main(["solv"])
    assert "did you mean solve?" in err.getvalue()


def test_a_games_parse_move_that_raises_costs_the_hint_not_the_refusal() -> None:
    """The hint of a move's text calls the game's ``parse_move``: a plug-in's may raise
    anything (or return a move that cannot be compared); the refusal stays the
    malformed move's, without the hint."""
    from oogames.games import NimBoard

    class Raising(NimBoard):
        def parse_move(self, text: str) -> Any:
            raise ValueError("not my kind of text")

    class Incomparable(NimBoard):
        def parse_move(self, text: str) -> Any:
            class Odd:
                def __ne__(self, other: object) -> bool:
                    raise TypeError("cannot compare")

            return Odd()

    for board in (Raising(), Incomparable()):
        with pytest.raises(MalformedMoveError) as refused:
            board.play("2")
        assert "parse_move" not in str(refused.value)
        count("a parse_move that raises leaves the refusal as it was")


NUMBERED = sorted(name for name, info in GAMES.items() if issubclass(info.board, ANumberedBoard))


@pytest.mark.parametrize("name", NUMBERED)
def test_a_game_whose_moves_are_numbers_reads_writes_and_refuses_them_alike(name: str) -> None:
    """Every move of a numbered game (Nim, Kalah, Connect Four) is read back from how it
    is written; a number just outside is refused as malformed, as text and as a move, each
    rule naming the first and last number in its own counting."""
    board = GAMES[name].make()
    numbers = board._numbers()
    assert set(numbers) == set(board.move_order)  # the one universe, ordered or not
    for move in numbers:
        assert board.parse_move(f" {board.format_move(move)} ") == move
        count("a numbered move read back from its text")
    shift = board.written_from
    first, last = numbers[0] + shift, numbers[-1] + shift
    for outside in (first - 1, last + 1):
        with pytest.raises(MalformedMoveError) as told:
            board.parse_move(str(outside))
        assert told.value.reason == f"write a move as a number from {first} to {last}"
        with pytest.raises(MalformedMoveError) as told:
            board.play(outside - shift)
        noun = board.move_noun
        assert told.value.reason == f"a move is a {noun} from {numbers[0]} to {numbers[-1]}"
        count("a number outside refused, as text and as a move")
    assert NUMBERED == ["connectfour", "kalah", "nim"]


def test_the_errors_page_draws_every_error_under_its_parent() -> None:
    """The tree on the docs' Errors page is the one list of the errors: each class of
    ``oogames.errors`` stands in it once, under the class it derives from (the module's
    docstring drew a second tree, which had lost three classes)."""
    import inspect
    from pathlib import Path

    import oogames.errors as errors

    page = (Path(__file__).parent.parent / "docs" / "errors.rst").read_text()
    drawn = page[page.index("    OogamesError\n") :].split("\n\n")[0].splitlines()
    parents: dict[str, str] = {}
    path: list[str] = []
    for line in drawn:
        name = line.lstrip(" │├└─").split()[0]
        depth = (len(line) - len(line.lstrip(" │├└─")) - 4) // 4
        path[depth:] = [name]
        assert name not in parents, f"{name} is drawn twice"
        parents[name] = path[depth - 1] if depth else ""
    defined = {
        name: cls
        for name, cls in inspect.getmembers(errors, inspect.isclass)
        if issubclass(cls, errors.OogamesError) and cls.__module__ == errors.__name__
    }
    assert set(parents) == set(defined)
    for name, cls in defined.items():
        assert parents[name] == ("" if cls is errors.OogamesError else cls.__bases__[0].__name__)
        count("an error drawn under its parent")
