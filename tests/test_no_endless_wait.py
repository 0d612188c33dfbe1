"""No endless wait by default: a search with neither depth nor clock is refused on a board
too big to solve (in the factory every place uses, so in every view and command), ``:end``
asks for the full search anyway, the dialogs take the new game's default player, and
``oogames solve`` shows what it has proven as it goes and when Ctrl-C stops it."""

from __future__ import annotations

import itertools
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import KEYBOARD_INTERRUPT_MAIN, exits_with_message, snapshot

from oogames.errors import SearchStopped, StrategySpecError
from oogames.game.model import GameModel
from oogames.game.saving import game_from_dict, game_to_dict
from oogames.game.settings import GameSettings, PlayerSpec, default_player
from oogames.games import GAMES, ConnectFourBoard, TicTacToeBoard
from oogames.nextmove.grammar import DRIVERS, SAMPLERS, SEARCHES, StrategySpec
from oogames.nextmove.solve import SolveWatch, solve
from oogames.nextmove.specs import make_strategy

NAMES = ["random", *SEARCHES, *DRIVERS, *SAMPLERS, "alphabeta+tt+order", "mtdf+order"]
FORMS = ["", ":3", "@0.5", ":3@0.5", ":end"]


def endless_by_hand(name: str, form: str) -> bool:
    """The rule, written apart from the code: a full-width search (not random, not a
    sampler) with no depth, no clock and no :end."""
    base = name.split("+")[0]
    return (base in SEARCHES or base in DRIVERS) and form == ""


def parses_by_hand(name: str, form: str) -> bool:
    """Which specs the grammar takes: random takes nothing after it; :end only a search."""
    base = name.split("+")[0]
    if base == "random":
        return form == ""
    if form == ":end":
        return base in SEARCHES or base in DRIVERS
    return True


def test_every_spec_on_boards_solvable_or_not_matches_the_rule() -> None:
    """Every name x form x (solvable or not), fresh: refused exactly where the rule says,
    with one line that says what to write; ``:end`` prints and reads back."""
    checked = 0
    for name, form, solvable in itertools.product(NAMES, FORMS, (True, False)):
        text = name + form
        if not parses_by_hand(name, form):
            with pytest.raises(StrategySpecError):
                StrategySpec.parse(text)
            checked += 1
            continue
        spec = StrategySpec.parse(text)
        assert str(spec) == text and StrategySpec.parse(str(spec)) == spec
        if not solvable and endless_by_hand(name, form):
            with pytest.raises(StrategySpecError) as refused:
                make_strategy(spec, lambda board, player: 0.0, 1, solvable)
            message = str(refused.value)
            assert "\n" not in message
            assert f"{text}:6" in message and f"{text}@2" in message and f"{text}:end" in message
        else:
            assert make_strategy(spec, lambda board, player: 0.0, 1, solvable).name
        checked += 1
    print(f"checked: spec x board against the no-endless rule: {checked}")
    assert checked == len(NAMES) * len(FORMS) * 2


def test_end_is_instead_of_a_depth_or_a_clock() -> None:
    for text in ("alphabeta:end@1", "mcts:end", "random:end"):
        with pytest.raises(StrategySpecError):
            StrategySpec.parse(text)
    with pytest.raises(StrategySpecError):
        StrategySpec("alphabeta", 4, to_end=True)
    assert StrategySpec.parse("alphabeta:end").with_depth(4).to_end


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "connectfour", "--player1", "alphabeta"],
        ["demo", "--game", "connectfour", "--player0", "pvs+tt"],
        ["demo", "--game", "othello", "--player1", "mtdf"],
        ["tournament", "connectfour", "--players", "alphabeta,random"],
    ],
)
def test_every_command_refuses_an_endless_player_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    exits_with_message(argv, "has neither a depth nor a clock", lambda: capsys.readouterr().err)


def test_the_game_model_refuses_it_and_end_asks_for_it() -> None:
    """Every view builds its players in the model: the console, the terminal board and
    the page all get the refusal; ``:end`` is taken and kept in a save."""
    endless = GameSettings(
        game="connectfour", players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta"))
    )
    with pytest.raises(StrategySpecError):
        GameModel(endless, start=False)
    asked = GameSettings(
        game="connectfour", players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta:end"))
    )
    model = GameModel(asked, start=False)
    settings, _ = game_from_dict(json.loads(json.dumps(game_to_dict(asked, model.board))))
    assert settings.players[1] == PlayerSpec.parse("alphabeta:end")
    small = GameSettings(game="tictactoe", players=(PlayerSpec("human"), PlayerSpec("alphabeta")))
    assert GameModel(small, start=False).board.legal_moves()


def test_the_default_player_of_each_game_never_waits_without_end() -> None:
    """The player the command line and the dialogs take is a full search only where the
    board is solvable, else a clock."""
    for name, info in GAMES.items():
        spec = default_player(info)
        board = info.make()
        make_strategy(spec, info.evaluate, 0, info.solvable(board))  # never refused
        assert (spec.seconds is None) == info.solvable(board), name
    assert str(default_player(GAMES["tictactoe"], TicTacToeBoard(4, 4, 3))).endswith("@1")
    assert str(default_player(GAMES["connectfour"], ConnectFourBoard(4, 3))) == "alphabeta"


def test_solve_watch_says_what_is_proven() -> None:
    """Bounds on Pons scores (top 20) in words, checked against the plies they allow."""
    watch = SolveWatch()
    watch.top = 20
    checked = 0
    for low in range(-20, 21):
        for high in range(low, 21):
            watch.low, watch.high = low, high
            said = watch.proven()
            if low > 0:  # a win: the plies of the scores allowed
                assert said.startswith("a win in") and f"{21 - high}" in said
            elif high < 0:
                assert said.startswith("a loss in") and f"{21 + low}" in said
            elif low == high == 0:
                assert said == "a draw"
            else:
                assert ("at least a draw" in said) == (low == 0)
                assert ("at most a draw" in said) == (high == 0)
            checked += 1
    print(f"checked: solve bounds said in words: {checked}")


def test_a_solve_watch_stops_its_solve_before_and_during_it_and_not_after() -> None:
    """:meth:`SolveWatch.stop` (what ``oogames solve`` does when its progress lines lose their
    reader) stops the solve under way from another thread, or one stopped before it began,
    with SearchStopped and the board as it was; once the solve has ended it does nothing.
    Before, the progress thread interrupted the main thread, which a solve just ended
    took in whatever it did next."""
    board = ConnectFourBoard.from_moves("4 4 4 4 3")  # minutes to solve
    before = snapshot(board)
    early = SolveWatch()
    early.stop()
    with pytest.raises(SearchStopped):
        solve(board, watch=early)
    assert snapshot(board) == before
    during = SolveWatch()
    threading.Timer(0.5, during.stop).start()
    with pytest.raises(SearchStopped):
        solve(board, watch=during)
    assert snapshot(board) == before and during.nodes > 0
    after = SolveWatch()
    small = TicTacToeBoard.from_moves("a1 b1 a2")
    solution = solve(small, watch=after)
    after.stop()  # the solve has ended: its answer stands, nothing is raised in this thread
    assert after.stopped and solution.outcome == "loss"
    print("checked: solves stopped by their watch before and during, not after: 3")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_solve_reports_progress_and_what_it_proved_when_stopped(tmp_path: Path) -> None:
    """An early Connect Four position: a progress line every 3 s on standard error, and on
    Ctrl-C one line with what is proven, the searches and the nodes; status 130."""
    child = subprocess.Popen(
        [sys.executable, "-c", KEYBOARD_INTERRUPT_MAIN, "solve", "connectfour", "--moves", "4453"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        time.sleep(4.5)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:  # a child that did not stop is not left searching
        child.kill()
        child.wait()
    lines = err.strip().splitlines()
    assert child.returncode == 130, err
    assert any(line.startswith("oogames solve: proven for the side to move:") for line in lines)
    assert lines[-1].startswith("oogames solve: stopped; proven for the side to move:")
    assert "nodes in" in lines[-1] and "Traceback" not in err and out == ""


def _screen(output: str, width: int) -> list[str]:
    """The rows a terminal ``width`` columns wide shows after ``output``: written text
    (wrapping at the edge), CR, LF, and the two controls a status line uses (ESC [ n A up,
    ESC [ J clear to the end of the screen); any other control fails the test."""
    rows: list[list[str]] = [[]]
    row = col = 0
    at = 0
    while at < len(output):
        char = output[at]
        if char == "\x1b":
            found = re.match(r"\x1b\[(\d*)([AJ])", output[at:])
            assert found, repr(output[at : at + 10])
            if found.group(2) == "A":
                row = max(0, row - int(found.group(1) or 1))
            else:
                del rows[row + 1 :]
                del rows[row][col:]
            at += len(found.group(0))
            continue
        if char == "\r":
            col = 0
        elif char == "\n":
            row, col = row + 1, 0
        else:
            if col == width:  # the text wraps to the next row
                row, col = row + 1, 0
            while len(rows) <= row:
                rows.append([])
            line = rows[row]
            line.extend(" " * (col + 1 - len(line)))
            line[col] = char
            col += 1
        while len(rows) <= row:
            rows.append([])
        at += 1
    return ["".join(line).rstrip() for line in rows]


def test_screen_reads_a_status_line_rewritten_in_place() -> None:
    """The test's terminal itself: wrapping, going up and clearing, against rows worked out
    by hand."""
    shown = "a" * 12 + "\x1b[2A\r\x1b[J" + "bc" + "\r\x1b[J" + "done\r\n"
    assert _screen(shown, 5) == ["done", ""]
    assert _screen("abcdefg\r\nxy", 5) == ["abcde", "fg", "xy"]
    assert _screen("12345678\x1b[1A\r\x1b[Jz", 4) == ["z"]


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_solve_at_a_terminal_rewrites_its_progress_in_place() -> None:
    """At a terminal 80 columns wide, the progress line (longer than 80: it takes two or
    three rows, as what is proven by then says) is rewritten in place, not one more every
    3 s: after two of them and Ctrl-C, the screen shows only the line that says what was
    proven. Before, each stayed on the screen."""
    import pty

    pid, fd = pty.fork()
    if pid == 0:  # the child: oogames solve at a terminal 80 columns wide
        os.environ.update(COLUMNS="80", LINES="24", TERM="xterm")
        os.execv(sys.executable, [sys.executable, "-c", KEYBOARD_INTERRUPT_MAIN, "solve",
                                  "connectfour", "--moves", "4453"])  # fmt: skip
    said = b""
    done = status = 0
    try:
        deadline = time.monotonic() + 60
        while said.count(b"(Ctrl-C stops)") < 2 and time.monotonic() < deadline:
            said += _read_some(fd)
        os.kill(pid, signal.SIGINT)
        while not done and time.monotonic() < deadline:
            said += _read_some(fd)
            done, status = os.waitpid(pid, os.WNOHANG)
        said += _read_some(fd)  # what it wrote as it ended
    finally:
        if not done:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    assert done == pid and os.waitstatus_to_exitcode(status) == 130
    output = said.decode()
    assert output.count("(Ctrl-C stops)") >= 2, output  # two progress lines were shown
    rows = [row for row in _screen(output, 80) if row]
    shown = "".join(rows)  # the rows of one line, wrapped
    assert rows[0].startswith("oogames solve: stopped; proven"), rows
    assert shown.count("oogames solve") == 1, rows  # no earlier line left above it
    assert "Ctrl-C stops" not in shown


def _read_some(fd: int) -> bytes:
    import select

    if not select.select([fd], [], [], 0.2)[0]:
        return b""
    try:
        return os.read(fd, 65536)
    except OSError:  # the child has gone
        return b""


@pytest.mark.skipif(sys.platform == "win32", reason="a pseudo-terminal")
def test_a_status_line_measures_the_terminal_it_writes_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Standard error at a terminal 50 wide while ``COLUMNS`` (standard output's, say)
    says 80: a 120-character line takes three rows there, and the next one goes up two to
    replace it all. Measured at 80, it went up one and left a row behind."""
    import fcntl
    import pty
    import struct
    import termios

    from oogames.cli.status import UP, StatusLine

    main_fd, side_fd = pty.openpty()
    fcntl.ioctl(side_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))
    written: list[str] = []

    class Terminal:
        def isatty(self) -> bool:
            return True

        def fileno(self) -> int:
            return side_fd

        def write(self, text: str) -> None:
            written.append(text)

        def flush(self) -> None:
            pass

    monkeypatch.setenv("COLUMNS", "80")
    try:
        status = StatusLine(Terminal())  # type: ignore[arg-type]
        status.show("x" * 120)
        status.show("y")
    finally:
        os.close(main_fd)
        os.close(side_fd)
    assert written[-1].startswith(UP.format(2))
