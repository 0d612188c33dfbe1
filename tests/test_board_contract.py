"""The board contract (IBoardModel), checked on every game in conftest.BOARD_FACTORIES."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from helpers import count, play_choices, played, searchable, snapshot
from hypothesis import given
from hypothesis import strategies as st

from oogames import (
    NON_TERMINAL,
    PASS,
    ABoardModel,
    AlphaBetaFac,
    BoardOptionError,
    IBoardLambda,
    IBoardModel,
    IBoardStatusVisitor,
    ICheckMoveVisitor,
    IllegalMoveError,
    MinMax,
    SearchError,
    SnapshotRecord,
    UndoError,
)
from oogames.board import NO_UNDO, ISearchHints, OutcomeVisitor, search_hints
from oogames.board.layout import PLAIN_PIECES, Pieces, plain_pieces
from oogames.errors import BoardContractError
from oogames.game import GameModel
from oogames.games import NimBoard, nim_distance
from oogames.nextmove.grammar import EXTENDED_ENHANCEMENTS
from oogames.nextmove.specs import make_strategy
from oogames.plugins import load_object
from oogames.testing import check_board

choices = st.lists(st.integers(0, 1000), max_size=40)


class Recorder(ICheckMoveVisitor, IBoardStatusVisitor):
    """Records every visitor call it receives, in order."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def valid_move_case(self, host: IBoardModel, player: int, move: Any, param: Any) -> None:
        self.calls.append(("valid", player, move, param))

    def invalid_move_case(
        self, host: IBoardModel, player: int, move: Any, error: IllegalMoveError, param: Any
    ) -> None:
        self.calls.append(("invalid", player, move, type(error), param))

    def player0_won_case(self, host: IBoardModel, param: Any) -> str:
        self.calls.append(("player0", param))
        return "player0"

    def player1_won_case(self, host: IBoardModel, param: Any) -> str:
        self.calls.append(("player1", param))
        return "player1"

    def draw_case(self, host: IBoardModel, param: Any) -> str:
        self.calls.append(("draw", param))
        return "draw"

    def no_winner_case(self, host: IBoardModel, param: Any) -> str:
        self.calls.append(("none", param))
        return "none"


class Take(IBoardLambda):
    """Collects moves and stops after ``limit`` of them; counts no_apply calls."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.seen: list[Any] = []
        self.no_apply_calls = 0

    def apply(self, player: int, host: IBoardModel, move: Any, param: Any) -> bool:
        self.seen.append(move)
        return len(self.seen) < self.limit

    def no_apply(self, player: int, host: IBoardModel, param: Any) -> None:
        self.no_apply_calls += 1


@given(data=st.data())
def test_make_then_undo_restores_everything(
    make_board: Callable[[], ABoardModel], data: st.DataObject
) -> None:
    """Each move of a random playout, taken back, restores cells, turn, status, key and history."""
    board = make_board()
    play_choices(board, data.draw(choices))
    for move in board.legal_moves() or ([PASS] if board.can_pass() else []):
        before = snapshot(board)
        undo = board.play(move)
        assert board.moves[-1] == move
        undo()
        assert snapshot(board) == before


@given(path=choices)
def test_undo_stack_unwinds_to_the_start(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """Undoing every move of a playout, newest first, gives back the empty board."""
    board = make_board()
    empty = snapshot(board)
    undos = []
    for choice in path:
        if board.is_over:
            break
        moves = board.legal_moves() or [PASS]
        undos.append(board.play(moves[choice % len(moves)]))
    for undo in reversed(undos):
        undo()
    assert snapshot(board) == empty


@given(path=choices)
def test_stale_undo_raises_and_changes_nothing(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """An undo that is not the latest move raises UndoError; one called twice does too."""
    board = searchable(make_board, path)  # never over: every draw is checked
    first = board.play((board.legal_moves() or [PASS])[0])
    if not board.is_over:
        board.play((board.legal_moves() or [PASS])[0])
        before = snapshot(board)
        with pytest.raises(UndoError):
            first()
        assert snapshot(board) == before
        board.pop()
    first()
    before = snapshot(board)
    with pytest.raises(UndoError):
        first()
    assert snapshot(board) == before


@given(path=choices, junk=st.one_of(st.integers(), st.text(), st.none(), st.lists(st.integers())))
def test_invalid_move_changes_nothing_and_calls_invalid_case(
    make_board: Callable[[], ABoardModel], path: list[int], junk: Any
) -> None:
    """An invalid move calls only invalid_move_case and returns an undo that does nothing."""
    board = played(make_board, path)
    legal = board.legal_moves()
    try:
        is_legal = junk in legal
    except TypeError:
        is_legal = False
    if is_legal:
        return
    before = snapshot(board)
    recorder = Recorder()
    undo = board.make_move(board.to_move, junk, recorder, recorder, "p")
    assert [call[0] for call in recorder.calls] == ["invalid"]
    assert issubclass(recorder.calls[0][3], IllegalMoveError)
    assert undo is NO_UNDO
    undo()
    assert snapshot(board) == before


@given(path=choices)
def test_wrong_turn_moves_are_refused(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """A move by the player not to move is refused with a clear error, and changes nothing."""
    board = played(make_board, path)
    before = snapshot(board)
    if board.legal_moves():
        with pytest.raises(IllegalMoveError, match="turn"):
            board.play(board.legal_moves()[0], 1 - board.to_move)
    assert snapshot(board) == before


@given(path=choices)
def test_valid_move_reports_valid_then_exactly_one_status(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """make_move calls valid_move_case, then one status case that matches execute()."""
    board = searchable(make_board, path)  # never over: every draw is checked
    move = (board.legal_moves() or [PASS])[0]
    recorder = Recorder()
    board.make_move(board.to_move, move, recorder, recorder, "p")
    kinds = [call[0] for call in recorder.calls]
    assert kinds[0] == "valid"
    assert len(kinds) == 2
    assert kinds[1] == (board.execute(OutcomeVisitor()) or "none")
    assert recorder.calls[1][-1] == "p"


@given(path=choices, limit=st.integers(1, 5))
def test_map_stops_when_apply_returns_false(
    make_board: Callable[[], ABoardModel], path: list[int], limit: int
) -> None:
    """map calls apply in move order and stops at the first False."""
    board = played(make_board, path)
    legal = board.legal_moves()
    lam = Take(limit)
    board.map(board.to_move, lam, None)
    if legal:
        assert lam.seen == legal[:limit]
        assert lam.no_apply_calls == 0
    else:
        assert lam.seen == [] and lam.no_apply_calls == 1


@given(path=choices)
def test_finished_game_calls_no_apply_once(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """Once the game is over, map calls no_apply exactly once, for either player."""
    board = make_board()
    play_choices(board, [*path, *range(400)])
    assert board.is_over
    for player in (0, 1):
        lam = Take(99)
        board.map(player, lam, None)
        assert lam.seen == [] and lam.no_apply_calls == 1


@given(path=choices)
def test_map_order_is_deterministic(make_board: Callable[[], ABoardModel], path: list[int]) -> None:
    """Two boards in the same position map the same moves in the same order."""
    one, two = make_board(), make_board()
    play_choices(one, path)
    play_choices(two, path)
    assert one.legal_moves() == two.legal_moves()


@given(path=choices, seed=st.integers(0, 2**32))
def test_shuffled_order_is_a_reproducible_permutation(
    make_board: Callable[[], ABoardModel], path: list[int], seed: int
) -> None:
    """A seeded random move order visits the same moves, and the same seed gives the same order."""
    plain, one, two = make_board(), make_board(), make_board()
    if not plain.move_order:
        with pytest.raises(BoardOptionError):
            one.shuffle_move_order(seed)
        return
    one.shuffle_move_order(seed)
    two.shuffle_move_order(seed)
    play_choices(plain, path)
    for board in (one, two):
        for move in plain.moves:
            board.play(move)
    assert one == plain
    assert sorted(map(repr, one.legal_moves())) == sorted(map(repr, plain.legal_moves()))
    assert one.legal_moves() == two.legal_moves()
    assert one.copy().legal_moves() == one.legal_moves()


def test_a_move_order_set_is_the_order_map_walks(make_board: Callable[[], ABoardModel]) -> None:
    """A game that offers custom orders (a move universe) walks the order set: a game
    whose map ignored it would take any order and search as before."""
    board = make_board()
    if not board.move_order:
        with pytest.raises(BoardOptionError):
            board.set_move_order(list(reversed(board.legal_moves())))
        return
    for order in (tuple(reversed(board.move_order)), board.move_order[1:] + board.move_order[:1]):
        board.set_move_order(order)
        legal = board.legal_moves()
        assert legal == [move for move in order if move in legal], (order, legal)
        count("orders set and walked")


@given(first=choices, second=choices)
def test_key_and_equality_agree(
    make_board: Callable[[], ABoardModel], first: list[int], second: list[int]
) -> None:
    """key() is equal exactly when the boards are equal; a copy is equal and independent."""
    one, two = make_board(), make_board()
    play_choices(one, first)
    play_choices(two, second)
    assert (one == two) == (one.key() == two.key())
    twin = one.copy()
    assert twin == one and twin.key() == one.key() and twin.moves == one.moves
    if not twin.is_over:
        twin.play((twin.legal_moves() or [PASS])[0])
        assert twin != one


@given(path=choices)
def test_from_moves_replays_a_history(
    make_board: Callable[[], ABoardModel], path: list[int]
) -> None:
    """from_moves(board.moves, **board.options()) rebuilds an equal board, and so does
    from_moves of the moves written as text (format_moves)."""
    board = played(make_board, path)
    rebuilt = type(board).from_moves(board.moves, **board.options())
    assert rebuilt == board
    assert repr(rebuilt) == repr(board)
    assert type(board).from_moves(board.format_moves(board.moves), **board.options()) == board


@given(path=choices)
def test_notation_round_trips(make_board: Callable[[], ABoardModel], path: list[int]) -> None:
    """Every legal move written with format_move reads back with parse_move."""
    board = played(make_board, path)
    for move in board.legal_moves():
        assert board.parse_move(board.format_move(move)) == move


def test_board_is_not_hashable(make_board: Callable[[], ABoardModel]) -> None:
    """A board changes, so it is not hashable: its key() is."""
    board = make_board()
    with pytest.raises(TypeError):
        hash(board)
    assert hash(board.key()) == hash(make_board().key())


def test_from_moves_names_the_first_bad_move(make_board: Callable[[], ABoardModel]) -> None:
    """A move list with an illegal move is refused with the index of the first bad move."""
    board = make_board()
    first = board.legal_moves()[0]
    with pytest.raises(IllegalMoveError) as caught:
        type(board).from_moves([first, "no such move"], **board.options())
    assert caught.value.index == 1
    assert "move 2" in str(caught.value)


# -- the template method: a game writes _play, the base class runs the protocol ------------


class _Calls(ABoardModel):
    """Counts down from 3; each move takes 1 or 2; whoever takes the last wins. Records
    every call of its _play hook."""

    def __init__(self) -> None:
        super().__init__()
        self.left = 3
        self.asked: list[tuple[int, Any]] = []

    def _play(self, player: int, move: Any) -> Any:
        self.asked.append((player, move))
        if move not in (1, 2) or move > self.left:
            return None
        from oogames import WON

        record = SnapshotRecord(self, player, move, self.left)
        self.left -= move
        return record, WON[player] if self.left == 0 else NON_TERMINAL

    def _set_snapshot(self, snapshot: object) -> None:
        assert isinstance(snapshot, int)
        self.left = snapshot

    def _map_moves(self, player: int, lam: IBoardLambda, param: Any) -> None:
        for take in (1, 2):
            if take <= self.left and not lam.apply(player, self, take, param):
                return

    def key(self) -> Any:
        return (self.left, self.to_move)

    def _draw(self) -> str:
        return f"{self.left} left"


def test_the_template_runs_the_protocol_around_the_games_play() -> None:
    board = _Calls()
    recorder = Recorder()
    undo = board.make_move(0, 2, recorder, recorder, "p")
    assert recorder.calls == [("valid", 0, 2, "p"), ("none", "p")]
    assert (board.left, board.to_move, board.moves) == (1, 1, (2,))
    board.make_move(1, 1, recorder, recorder, "q")
    assert recorder.calls[-2:] == [("valid", 1, 1, "q"), ("player1", "q")]
    assert board.is_over and board.winner == 1
    board.pop()
    undo()
    assert (board.left, board.to_move, board.moves, board.is_over) == (3, 0, (), False)


def test_the_template_asks_play_only_for_the_player_to_move_in_a_game_that_goes_on() -> None:
    board = _Calls()
    recorder = Recorder()
    assert board.make_move(1, 1, recorder, recorder) is NO_UNDO  # not player 1's turn
    assert board.asked == []
    assert board.make_move(0, 3, recorder, recorder) is NO_UNDO  # refused by _play
    assert board.asked == [(0, 3)] and board.left == 3 and board.ply == 0
    assert [call[0] for call in recorder.calls] == ["invalid", "invalid"]
    board.play(1)
    board.play(2)  # the game is over: _play is not asked again
    asked = len(board.asked)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        board.play(1)
    assert len(board.asked) == asked


def test_a_game_that_writes_neither_play_nor_make_move_is_told_so() -> None:
    class NoRules(ABoardModel):
        def _map_moves(self, player: int, lam: IBoardLambda, param: Any) -> None:
            lam.no_apply(player, self, param)

        def key(self) -> Any:
            return 0

        def _draw(self) -> str:
            return ""

    assert NoRules.unwritten_rules() == ["_play"]
    assert _Calls.unwritten_rules() == []
    with pytest.raises(NotImplementedError, match="neither _play nor make_move"):
        NoRules().play(1)


class _ContractOnly(IBoardModel):
    """A board that implements the Rice contract alone (no search hints): Nim underneath."""

    def __init__(self, nim: NimBoard | None = None) -> None:
        self.nim = nim or NimBoard(target=7)

    def map(self, player: int, lam: Any, param: Any = None) -> None:
        self.nim.map(player, lam, param)

    def make_move(self, player: int, move: Any, check: Any, status: Any, param: Any = None) -> Any:
        return self.nim.make_move(player, move, check, status, param)

    def execute(self, visitor: Any, param: Any = None) -> Any:
        return self.nim.execute(visitor, param)

    def reset(self) -> None:
        self.nim.reset()

    @property
    def to_move(self) -> int:
        return self.nim.to_move

    @property
    def ply(self) -> int:
        return self.nim.ply

    def pop(self) -> Any:
        return self.nim.pop()

    def key(self) -> Any:
        return self.nim.key()

    def copy(self) -> _ContractOnly:
        return _ContractOnly(self.nim.copy())

    def legal_moves(self, player: int | None = None) -> list[Any]:
        return self.nim.legal_moves(player)


def test_the_search_hints_are_optional_with_defaults_apart_from_the_contract() -> None:
    """IBoardModel is the contract alone; a board with no hints gets the defaults from
    search_hints, is searched plainly, and an enhanced search of it is one clear line."""
    raw = _ContractOnly()
    assert not hasattr(raw, "table_key") and isinstance(NimBoard(), ISearchHints)
    hints = search_hints(raw)
    assert hints.table_key() == ((raw.key(), 0), False)
    assert hints.outcome_bounds() is None and hints.max_plies_left() is None
    assert (
        MinMax(AlphaBetaFac()).analyze(raw).value == MinMax(AlphaBetaFac()).analyze(raw.nim).value
    )
    with pytest.raises(SearchError, match="no hints: subclass ABoardModel"):
        make_strategy("alphabeta+tt", nim_distance).analyze(raw)
    assert raw.nim == NimBoard(target=7)


def test_the_template_passes_the_turn_round_the_table_of_the_declared_players() -> None:
    """The turn goes to ``following[player]``, made from ``players``: two-player games
    alternate, a game that declares three players goes round them, and undo gives the
    turn back (no ``1 - player`` in the template)."""
    assert NimBoard.players == 2 and NimBoard.following == (1, 0)

    class ThreeCounters(NimBoard):
        players = 3

    assert ThreeCounters.following == (1, 2, 0)
    board = ThreeCounters(target=30)
    turns = []
    for _ in range(4):
        board.play(1)
        turns.append(board.to_move)
    assert turns == [1, 2, 0, 1]
    board.pop()
    assert board.to_move == 0 and board.total == 3


#: A plug-in game of three players that declares nothing of them but their number.
ROUND_TABLE = f"{Path(__file__).resolve().parents[1] / 'demos' / 'round_table.py'}:RoundTable"


def _round_table(target: int = 7) -> ABoardModel:
    board = cast(Callable[..., ABoardModel], load_object(ROUND_TABLE))(target=target)
    return board


def _no_evaluation(board: ABoardModel, player: int) -> float:
    return 0.0  # never asked: every search here reaches the end


def _paranoid(board: ABoardModel, root: int) -> float:
    """The reference: ``root``'s payoff, ``root`` maximising it and the others minimising it."""
    if board.is_over:
        assert board.payoffs is not None
        return board.payoffs[root]
    values = []
    for move in board.legal_moves():
        undo = board.play(move)
        values.append(_paranoid(board, root))
        undo()
    return (max if board.to_move == root else min)(values)


def test_a_game_that_declares_three_players_does_not_alternate_and_is_searched_right() -> None:
    """Declaring ``players = 3`` makes ``alternates`` False, as for Rolit and Pig, so that a
    search asks who moves (it assumed the two players alternated, and every search of
    the game raised NotYourTurnError); paranoid equals the reference in every position,
    with the board left as it was, and each value is told as the payoff it is (a value of
    0 was called a draw). A game that says its three players alternate is
    refused when its class is made."""
    round_table = type(_round_table())
    assert round_table.alternates is False and round_table.following == (1, 2, 0)
    lines: list[tuple[int, ...]] = [()]  # every line of play to a position not over
    lost = 0
    for line in lines:
        board = round_table.from_moves(line, target=7)
        lines += [(*line, move) for move in board.legal_moves() if board.total + move < 7]
    # Every spec the grammar allows for more players: paranoid with each set of its
    # enhancements, max^n and best-reply search; each fresh, and one object of each reused
    # across all the positions (a table kept from one to the next).
    extras = EXTENDED_ENHANCEMENTS["paranoid"]
    specs = [
        "+".join(("paranoid", *chosen))
        for size in range(len(extras) + 1)
        for chosen in itertools.combinations(extras, size)
    ] + ["maxn", "brs"]
    reused = {spec: make_strategy(spec, _no_evaluation) for spec in specs}
    checked = 0
    for line in lines:
        board = round_table.from_moves(line, target=7)
        for spec, fresh in itertools.product(specs, (True, False)):
            before = snapshot(board)
            search = make_strategy(spec, _no_evaluation) if fresh else reused[spec]
            result = search.analyze(board)
            assert snapshot(board) == before
            checked += 1
            if spec.startswith("paranoid"):
                assert result.value == _paranoid(board, board.to_move), (spec, line)
            assert result.exact and result.outcome() == f"{result.value:g}"  # a payoff
            lost += result.value == 0
    assert len(lines) == 1 + 1 + 2 + 4 + 7 + 13 + 24  # the ways to make 0 .. 6 of 1s, 2s, 3s
    assert lost > 20  # values of 0, which are losses here, not draws as they were told
    assert checked == len(lines) * len(specs) * 2 == 52 * 10 * 2
    with pytest.raises(BoardContractError, match="3 players does not alternate"):

        class _Claims(round_table):  # type: ignore[valid-type, misc]
            alternates = True


def test_the_demo_of_three_players_keeps_the_contract() -> None:
    """demos/round_table.py, a plug-in of three that declares only their number, passes
    every check a plug-in's author runs (check_board) with the framework's defaults."""
    report = check_board(lambda: _round_table(target=9), positions=80)
    report.assert_ok()
    assert "names and pieces" in [check.name for check in report.checks if check.cases]


def test_a_game_of_more_players_than_it_names_is_given_plain_names_and_pieces() -> None:
    """The names and pieces a game of three inherits are for two: it gets plain ones, as
    it gets its turn order (the views indexed past their end); names it inherits are kept."""
    round_table = type(_round_table())
    assert round_table.player_names == ("player 0", "player 1", "player 2")
    assert round_table.pieces == plain_pieces(3) and round_table.pieces.marks == ("A", "B", "C")

    class ThreeOfNim(NimBoard):
        players = 3

    assert ThreeOfNim.player_names == ("A", "B", "player 2")
    assert len(set(plain_pieces(9).colours[:8])) == 8 and plain_pieces(2) == PLAIN_PIECES


def test_pieces_are_refused_when_made_if_a_view_could_not_draw_them() -> None:
    """A colour the views cannot reckon the lightness of (the ink of a letter on it), or too
    few colours, names or letters, is refused when the pieces are made, one line; and a
    game with fewer pieces or names than players is refused when a game model is made."""
    written = Pieces(("X", "O"), ("#FC0", "#1f5fbf"), ("a", "b"), board="#abc")
    assert written.colours == ("#FFCC00", "#1f5fbf") and written.board == "#aabbcc"
    for wrong in ("red", "#12345", "#gggggg", 3, None):
        with pytest.raises(BoardContractError, match="#rrggbb or #rgb"):
            Pieces(("X", "O"), (wrong, "#000000"), ("a", "b"))
    with pytest.raises(BoardContractError, match="#rrggbb or #rgb, not 'tan'"):
        Pieces(("X", "O"), ("#000000", "#ffffff"), ("a", "b"), board="tan")
    with pytest.raises(BoardContractError, match="pieces of 3 players need as many"):
        Pieces(("X", "O", "Z"), ("#000000", "#ffffff"), ("a", "b", "c"))

    class TooFew(type(_round_table())):  # type: ignore[misc]
        player_names = ("a", "b", "c")
        pieces = PLAIN_PIECES

    with pytest.raises(
        BoardContractError, match="3 players, but 3 player_names and the pieces of 2"
    ):
        GameModel(board=TooFew(), start=False)
