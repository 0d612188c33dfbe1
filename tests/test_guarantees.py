"""The guarantees of issue 8, one by one: exception safety, depth, one-shot undo, Ctrl-C, saves."""

from __future__ import annotations

import io
import os
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import count, played, snapshot

import oogames
from conftest import BOARD_FACTORIES
from oogames import (
    AlphaBetaFac,
    DepthFac,
    MinMax,
    MinMaxFac,
    OogamesError,
    SaveFileError,
    SearchDepthError,
    SearchStopped,
    TicTacToeBoard,
    UndoError,
    perft,
)
from oogames.board import IGNORE_STATUS, UNDO_AT_ONCE
from oogames.game import GameModel, GameSettings, PlayerSpec, load_game, save_game
from oogames.game.saving import temporary_path
from oogames.games import ConnectFourBoard, GrundyBoard, NimBoard
from oogames.games.grundy import grundy_value
from oogames.nextmove import POLL_EVERY, winning_strategy
from oogames.nextmove.running import FRAME_LIMIT, restoring, run_deep
from oogames.ui.console import ConsoleView


def test_an_evaluation_that_raises_leaves_the_board_as_it_was() -> None:
    """The issue's example: 1 / 0 two plies down raises, and the board is back at ply 0."""
    board = TicTacToeBoard()
    with pytest.raises(ZeroDivisionError):
        MinMax(DepthFac(AlphaBetaFac(), 2, lambda b, p: 1 / 0)).analyze(board)
    assert board.ply == 0 and board == TicTacToeBoard()


def test_keyboard_interrupt_inside_a_search_puts_the_board_back() -> None:
    """KeyboardInterrupt raised deep inside the search reaches the caller; the board is restored."""
    board = ConnectFourBoard.from_moves("4433")
    before = snapshot(board)

    def evaluate(position: Any, player: int) -> float:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        MinMax(DepthFac(AlphaBetaFac(), 3, evaluate)).analyze(board)
    assert snapshot(board) == before


def test_restoring_pops_what_the_block_left() -> None:
    """restoring() takes back the moves left on the board when its block raises."""
    board = TicTacToeBoard.from_moves("b2")
    with pytest.raises(RuntimeError), restoring(board):
        board.play((0, 0))
        board.play((0, 1))
        raise RuntimeError
    assert board.moves == ((1, 1),)


@pytest.mark.parametrize("name", sorted(BOARD_FACTORIES))
def test_a_used_or_stale_undo_raises_on_every_game(name: str) -> None:
    """play()'s undo works once: after it, and after the same move is replayed, it raises."""
    board = BOARD_FACTORIES[name]()
    move = board.legal_moves()[0]
    undo = board.play(move)
    undo()
    with pytest.raises(UndoError):
        undo()
    board.play(move)
    with pytest.raises(UndoError):
        undo()  # stale: the move on the board now is a new one
    assert board.moves == (move,)


def test_searches_reuse_their_undo_records() -> None:
    """A search (UNDO_AT_ONCE) gets the board's preallocated record: no allocation per move."""
    board = TicTacToeBoard()
    first = board.make_move(0, (0, 0), UNDO_AT_ONCE, IGNORE_STATUS)
    first()
    again = board.make_move(0, (0, 0), UNDO_AT_ONCE, IGNORE_STATUS)
    again()
    assert first is again
    kept = board.play((0, 0))
    assert kept is not first


def test_a_full_search_1000_plies_deep_finishes() -> None:
    """NimBoard(1000, 1): one move a ply, 1,000 plies; the search ends, the board is unchanged."""
    board = NimBoard(1000, 1)
    result = MinMax(AlphaBetaFac()).analyze(board)
    assert result.stats.max_depth == 1000 and board.ply == 0
    assert result.value == -(1_000_000 - 1000)  # the second player makes the 1,000th move


def test_perft_300_plies_deep_and_grundy_of_1000_tokens() -> None:
    """perft to depth 300 on a game that deep, and a 1,000-token Grundy value, need no recursion."""
    board = NimBoard(400, 1)
    assert perft(board, None, 300) == 1 and board.ply == 0
    assert grundy_value([1000]) == grundy_value([1000])  # computed bottom up, no RecursionError
    assert winning_strategy(NimBoard(301, 1), 0) is not None


def test_a_search_deeper_than_the_frame_limit_raises_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the frame limit: SearchDepthError, never RecursionError; the board is kept. The
    line says what to do: a game whose positions come round again (Pig's, here as a plug-in
    that does not say so with endless()) has no end to search to, and the line told it to
    say how long it can last. (Pig itself says so: tests/test_pig.py.)"""
    from oogames.games.pig import PigBoard, pig_chances
    from oogames.nextmove.specs import make_strategy

    class Undeclared(PigBoard):
        def endless(self) -> bool:
            return False

    monkeypatch.setattr("oogames.nextmove.running.FRAME_LIMIT", 3_000)
    board = NimBoard(5_000, 1)
    with pytest.raises(SearchDepthError, match="frame limit"):
        MinMax(MinMaxFac()).analyze(board)
    assert board.ply == 0 and FRAME_LIMIT == 1_000_000
    pig = Undeclared(target=5)
    with pytest.raises(SearchDepthError, match=r"give it a depth or a clock .* as Pig's, has no"):
        make_strategy("expectimax:end", pig_chances).analyze(pig)
    assert pig.ply == 0


def test_cancel_stops_a_search_within_the_poll_interval() -> None:
    """cancel() from another thread: SearchStopped within POLL_EVERY nodes, the board unchanged."""
    board = ConnectFourBoard()
    strategy = MinMax(DepthFac(AlphaBetaFac(), 12, lambda b, p: 0))
    calls = 0

    def evaluate(position: Any, player: int) -> float:
        nonlocal calls
        calls += 1
        if calls == 50:
            threading.Thread(target=strategy.cancel).start()
            threading.Event().wait(0.05)  # let the other thread set the flag
        return 0.0

    strategy.factory = DepthFac(AlphaBetaFac(), 12, evaluate)
    with pytest.raises(SearchStopped):
        strategy.analyze(board)
    assert calls <= 50 + POLL_EVERY and board.ply == 0
    strategy.factory = DepthFac(AlphaBetaFac(), 2, lambda b, p: 0)
    assert strategy.analyze(ConnectFourBoard.from_moves("444")).move is not None  # cleared


def test_run_deep_inside_a_search_runs_in_the_same_thread() -> None:
    """A search started by an evaluation (a search inside a search) works and returns its value."""
    board = TicTacToeBoard.from_moves("b2 a1")
    inner = MinMax(DepthFac(AlphaBetaFac(), 1, lambda b, p: 0))

    def evaluate(position: Any, player: int) -> float:  # a win found inside is 1,000 or less
        return 0.0 if position.is_over else float(inner.analyze(position).value or 0) / 1000

    result = MinMax(DepthFac(AlphaBetaFac(), 2, evaluate)).analyze(board)
    assert result.move in TicTacToeBoard.from_moves("b2 a1").legal_moves()
    assert run_deep(board, lambda: 42) == 42


def _in_a_child(check: Callable[[], bool]) -> int | None:
    """Fork; the child runs ``check`` and ends with 0 if it returned True (2 if False, 1
    if it raised). The child's exit code, or None if it ran past 60 s (then killed): a
    guard against waiting for ever, not a measure."""
    import time

    pid = os.fork()
    if pid == 0:
        status = 1
        try:
            status = 0 if check() else 2
        finally:
            os._exit(status)
    give_up = time.monotonic() + 60
    while (ended := os.waitpid(pid, os.WNOHANG))[0] == 0 and time.monotonic() < give_up:
        time.sleep(0.01)
    if ended[0] == 0:
        os.kill(pid, 9)
        os.waitpid(pid, 0)
        return None
    return os.waitstatus_to_exitcode(ended[1])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a system with no fork")
def test_a_search_in_the_child_of_a_fork_runs() -> None:
    """A search after a fork, as ``multiprocessing`` makes its workers on Linux, in a
    process that searched before: the child has none of the parent's search threads, and
    a search there once waited for ever for one of them."""
    board = TicTacToeBoard.from_moves("b2 a1")
    expected = MinMax(AlphaBetaFac()).analyze(board).value  # a search thread exists
    assert _in_a_child(lambda: MinMax(AlphaBetaFac()).analyze(board).value == expected) == 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="a system with no fork")
def test_a_fork_during_another_threads_search_leaves_the_child_the_limit_it_had() -> None:
    """A fork while a thread of the parent searches: the search raised the process-wide
    recursion limit, and the child, where that search does not go on, gets the limit it
    had before it (it once kept the raised one for good), also after a search of its own."""
    before = sys.getrecursionlimit()
    inside, release = threading.Event(), threading.Event()

    def held(board: object, player: int) -> float:
        inside.set()
        release.wait(60)
        return 0.0

    search = MinMax(DepthFac(AlphaBetaFac(), 1, held))
    thread = threading.Thread(target=search.analyze, args=(TicTacToeBoard(),))
    thread.start()
    try:
        assert inside.wait(60)
        raised = sys.getrecursionlimit()
        assert raised > before  # the search is under way, its limit in force

        def child() -> bool:  # the limit is the one before the search, also after one
            first = sys.getrecursionlimit()
            MinMax(AlphaBetaFac()).analyze(TicTacToeBoard.from_moves("b2 a1"))
            return first == sys.getrecursionlimit() == before

        status = _in_a_child(child)
        assert sys.getrecursionlimit() == raised  # the parent's search still runs
    finally:
        release.set()
        thread.join(60)
    assert status == 0
    assert sys.getrecursionlimit() == before


def test_a_whole_number_a_program_passes_is_refused_in_one_form() -> None:
    """A depth, a budget or a count passed to a constructor, of the wrong kind or out of
    range, is refused in the command line's words, ``WHAT must be a whole number from LOW
    up, not VALUE`` (perft said "is", MCTS "of at least", and deepening took ``True`` for a
    node budget and a depth of 1)."""
    from oogames import SettingsError
    from oogames.errors import shown
    from oogames.nextmove import IterativeDeepening
    from oogames.nextmove.mcts import MCTS

    def deepening(**given: object) -> object:
        return IterativeDeepening(lambda depth: AlphaBetaFac(), 1.0, **given)

    makers: list[tuple[str, int, Callable[[object], object]]] = [
        ("a perft depth", 0, lambda value: perft(TicTacToeBoard(), 0, value)),
        ("MCTS iterations", 1, lambda value: MCTS(iterations=value)),
        ("a node budget", 1, lambda value: deepening(nodes=value)),
        ("a depth", 1, lambda value: deepening(max_depth=value)),
    ]
    for what, low, make in makers:
        for value in (True, False, low - 1, 1.5, "3", [2]):
            with pytest.raises(SettingsError) as refused:
                make(value)
            assert (
                str(refused.value)
                == f"{what} must be a whole number from {low} up, not {shown(value)}"
            )
            count("a whole number a program passes, refused in one form")
        make(low + 1)  # a good one is taken


def test_every_error_class_lives_in_errors_and_is_exported() -> None:
    """Each OogamesError subclass is defined in oogames.errors and importable from oogames."""
    classes = {cls for cls in vars(oogames.errors).values() if isinstance(cls, type)}
    errors = {cls for cls in classes if issubclass(cls, OogamesError)}
    assert len(errors) >= 18
    for cls in errors:
        assert cls.__module__ == "oogames.errors"
        assert getattr(oogames, cls.__name__) is cls


def test_a_bad_player_depth_in_a_save_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """A save asking for depth 99999 is a SaveFileError; the game in memory is untouched."""
    model = GameModel(
        GameSettings("tictactoe", players=(PlayerSpec("human"), PlayerSpec("alphabeta", 4)))
    )
    model.play("b2")
    path = tmp_path / "g.json"
    save_game(path, model.settings, model.board)
    saved = path.read_text()
    assert '"depth": 4' in saved  # the depth the edit below changes
    path.write_text(saved.replace('"depth": 4', '"depth": 99999'))
    before = (snapshot(model.board), model.settings, model.turns)
    with pytest.raises(SaveFileError, match="depth"):
        model.load(path)
    assert (snapshot(model.board), model.settings, model.turns) == before


def test_hint_errors_name_the_hint() -> None:
    """A hint after the end, or accepting none, is NoHintError with a plain message."""
    model = GameModel(GameSettings("tictactoe", players=(PlayerSpec("human"), PlayerSpec("human"))))
    with pytest.raises(oogames.NoHintError, match="ask for one first"):
        model.accept_hint()
    for move in ["a1", "a2", "b1", "b2", "c1"]:
        model.play(move)
    with pytest.raises(oogames.NoHintError, match="the game is over"):
        model.hint()


class _Interrupting(io.StringIO):
    """Standard input that gives its lines, then Ctrl-C at the prompt."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line


def test_ctrl_c_during_the_computers_search_keeps_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while the computer searches: back at the prompt, the game as before the search."""
    settings = GameSettings(
        "connectfour", players=(PlayerSpec("human"), PlayerSpec("alphabeta", to_end=True))
    )
    model = GameModel(settings, start=False)
    calls = 0
    real = MinMax.search

    def interrupted(self: MinMax, board: Any, acc: Any) -> Any:
        nonlocal calls
        calls += 1
        if calls == 1:
            raise KeyboardInterrupt
        return real(self, board, acc)

    monkeypatch.setattr(MinMax, "search", interrupted)
    out = io.StringIO()
    view = ConsoleView(model, io.StringIO("4\nquit\n"), out)
    assert view.run() == 0
    assert "! stopped: the game is as it was;" in out.getvalue()
    assert model.board.moves == (3,) and model.board.to_move == 1


def test_ctrl_c_at_the_prompt_saves_a_recovery_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C at the prompt: the game goes to a recovery file that load takes, exit status 130."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings = GameSettings("tictactoe", players=(PlayerSpec("human"), PlayerSpec("human")))
    model = GameModel(settings)
    out = io.StringIO()
    assert ConsoleView(model, _Interrupting("b2\n"), out).run() == 130
    saved = list((tmp_path / "oogames" / "recovery").glob("tictactoe-*.json"))
    assert len(saved) == 1 and str(saved[0]) in out.getvalue()
    assert load_game(saved[0])[1].moves == ((1, 1),)


def test_input_that_is_no_text_of_lines_ends_the_game_saved_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script of moves that turns into one endless line (``< /dev/zero``) was read on
    until memory ran out; the console and ``solve --batch`` read lines up to 65,536
    characters: one line says so, the game is kept in a recovery file, exit status 2."""
    from oogames.cli import main
    from oogames.parsing import MAX_LINE_CHARS

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    endless = "\0" * (MAX_LINE_CHARS + 1)
    settings = GameSettings("tictactoe", players=(PlayerSpec("human"), PlayerSpec("human")))
    out = io.StringIO()
    assert ConsoleView(GameModel(settings), io.StringIO(f"b2\n{endless}"), out).run() == 2
    assert "! the input: a line is over 65,536 characters; read no further" in out.getvalue()
    saved = list((tmp_path / "oogames" / "recovery").glob("tictactoe-*.json"))
    assert len(saved) == 1 and load_game(saved[0])[1].moves == ((1, 1),)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"44\n{endless}"))
    out = io.StringIO()
    with pytest.raises(SystemExit) as stopped:
        main(["solve", "connectfour", "--width", "4", "--height", "4", "--batch"], out=out)
    assert stopped.value.code == 2 and out.getvalue().startswith("44 0 ")


def test_a_quoted_file_name_without_its_closing_quote_is_one_line() -> None:
    """save 'x in the console is explained, not a shlex traceback; spaces are kept in names."""
    model = GameModel(GameSettings("tictactoe"))
    out = io.StringIO()
    ConsoleView(model, io.StringIO("save 'x\nquit\n"), out).run()
    assert "! the file name" in out.getvalue() and "closing quotation" in out.getvalue()


def test_saves_keep_the_mode_follow_links_and_leave_no_temporary_file(tmp_path: Path) -> None:
    """An existing 0644 file stays 0644; a link's target is written; no .saving file is left."""
    model = GameModel(GameSettings("tictactoe"))
    target = tmp_path / "real.json"
    target.write_text("{}")
    os.chmod(target, 0o644)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    save_game(link, model.settings, model.board)
    assert link.is_symlink() and stat.S_IMODE(target.stat().st_mode) == 0o644
    assert load_game(link)[1].moves == model.board.moves
    temporary_path(target).write_text("left by a killed save")
    save_game(target, model.settings, model.board)
    assert not temporary_path(target).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "real.json"]


@pytest.mark.parametrize(
    "make, text",
    [
        (ConnectFourBoard, "²"),
        (ConnectFourBoard, "9" * 5000),
        (TicTacToeBoard, "a" + "9" * 5000),
        (NimBoard, "٣"),
        (lambda: GrundyBoard([7]), "9" * 30 + ":1"),
    ],
)
def test_numbers_that_int_would_choke_on_are_malformed_moves(
    make: Callable[[], Any], text: str
) -> None:
    """Superscripts, other scripts' digits and huge numbers: one-line MalformedMoveError."""
    with pytest.raises(oogames.MalformedMoveError) as refused:
        make().parse_move(text)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_wrong_typed_players_are_refused_and_change_nothing() -> None:
    """player=0.0 or True is refused before anything changes, on the games that took it."""
    for make in (NimBoard, lambda: GrundyBoard([7]), ConnectFourBoard, TicTacToeBoard):
        board = make()
        move = board.legal_moves()[0]
        for player in (0.0, True, "0", 2):
            with pytest.raises(oogames.MalformedMoveError, match="player must be 0 or 1"):
                board.play(move, player)  # type: ignore[arg-type]
        assert board.ply == 0 and board.to_move == 0


def test_played_helper_still_plays() -> None:
    """The helpers the fuzz suites use give a board of the right game."""
    assert played(TicTacToeBoard, [0, 1]).ply == 2
