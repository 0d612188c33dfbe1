"""The console view and the play and load commands, driven by scripted input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from oogames.game import GameModel, GameSettings, PlayerSpec
from oogames.ui.console import ConsoleView


def console(script: str, second: str = "human", **kw: object) -> tuple[GameModel, str]:
    """Run a console game on ``script`` (one line per input) and return the model and output."""
    model = GameModel(
        GameSettings(players=(PlayerSpec("human"), PlayerSpec.parse(second)), **kw), start=False
    )  # type: ignore[arg-type]
    out = io.StringIO()
    view = ConsoleView(model, io.StringIO(script), out)
    model.start()
    assert view.run() == 0
    return model, out.getvalue()


def test_a_whole_game_through_the_console() -> None:
    """Two people play tic-tac-toe to a win from piped lines; the board is drawn after each move."""
    model, text = console("b2\na1\na2\nc1\nc2\n")
    assert model.board.winner == 0
    assert "game over: X has won" in text
    assert text.count(" 1 O . .") >= 1 and "X (human) against O (human)" in text


def test_one_result_line_and_the_last_move_under_every_board() -> None:
    """Under each board one line: who played last and what follows; the result once."""
    _, text = console("b2\na1\na2\nc1\nc2\n")
    assert "X played b2 - O to move" in text and "O played c1 - X to move" in text
    assert text.count("X has won") == 1
    assert "X played c2 - game over: X has won" in text


def test_a_random_players_move_is_said_to_be_not_searched() -> None:
    """A move chosen with no search has no figures to give: "(not searched)", not a value
    of "not valued" and zero nodes; a search's move gives its figures."""
    _, text = console("b2\n", second="random", seed=3)
    assert "O (random) plays " in text and "(not searched)" in text and "not valued" not in text
    _, text = console("b2\n", second="alphabeta")
    assert "O (alphabeta) plays " in text and " nodes, " in text


def test_the_thinking_notice_only_while_the_search_runs() -> None:
    """The notice comes a second into a search, on a line of its own, and never once the
    search has ended (after its move, or after the next prompt)."""
    import time

    model = GameModel(
        GameSettings(players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta:2"))),
        start=False,
    )
    out = io.StringIO()
    view = ConsoleView(model, io.StringIO(""), out)
    view.thinking(1, True)
    view.thinking(1, False)  # a search that ended at once
    time.sleep(1.3)
    assert "thinking" not in out.getvalue()
    view.thinking(1, True)
    time.sleep(1.3)
    view.thinking(1, False)
    assert out.getvalue() == "O (alphabeta:2) is thinking... (Ctrl-C stops it)\n"


@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_the_thinking_notice_to_a_reader_gone_is_let_go() -> None:
    """The notice is written from a timer's thread; when no one reads any more (``oogames
    play ... | head``) it is let go there, and the view's next line (the computer's move)
    meets the broken pipe, which ends the command in one line. Before, the timer's thread
    printed a traceback."""
    import time

    class Gone(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    model = GameModel(
        GameSettings(players=(PlayerSpec("human"), PlayerSpec.parse("alphabeta:2"))),
        start=False,
    )
    view = ConsoleView(model, io.StringIO(""), Gone())
    view.thinking(1, True)
    time.sleep(1.3)  # the notice is due, and fails to be written
    view.thinking(1, False)
    with pytest.raises(BrokenPipeError):
        view.say("O plays b2")


def test_quit_and_the_end_of_input_at_a_terminal_offer_to_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a terminal, quit (or Ctrl-D) with moves not saved asks for a file: a name saves
    it (an existing file is refused and asked again), Enter or Ctrl-D leaves; a game with
    nothing to lose, or a script, is not asked."""
    typed: list[str | None] = []  # None: Ctrl-D
    asked: list[str] = []

    def type_line(prompt: str) -> str:
        asked.append(prompt)
        assert typed, f"asked once too often: {prompt!r} after {asked[:-1]} {shown.getvalue()}"
        line = typed.pop(0)
        if line is None:
            raise EOFError
        return line

    monkeypatch.setattr(ConsoleView, "_interactive", lambda self: True)
    monkeypatch.setattr("builtins.input", type_line)
    taken = tmp_path / "taken.json"
    taken.write_text("{}")
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    people = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
    for lines, offers, saved in (
        (["b2", "quit", str(taken), str(one)], 2, one),  # quit; a taken name asked again
        (["b2", None, str(two)], 1, two),  # Ctrl-D at the prompt
        (["b2", "quit", ""], 1, None),  # Enter: leave without saving
        (["b2", "quit", None], 1, None),  # Ctrl-D at the question
        (["quit"], 0, None),  # no move: nothing to lose
        (["b2", f"save {tmp_path / 'three.json'}", "quit"], 0, None),  # saved already
    ):
        typed[:] = lines
        asked.clear()
        shown = io.StringIO()
        view = ConsoleView(GameModel(people, start=False), io.StringIO(), shown)
        assert view.run() == 0
        assert not typed, lines
        assert sum("not saved" in prompt for prompt in asked) == offers, lines
        if saved is not None:
            assert json.loads(saved.read_text())["moves"] == ["b2"]
    assert json.loads(taken.read_text()) == {}  # an existing file is never replaced
    monkeypatch.undo()  # no terminal any more: a script
    _, text = console("b2\nquit\n")  # a script is never asked
    assert "not saved" not in text


def test_illegal_and_unreadable_moves_are_explained_and_asked_again() -> None:
    """A bad line gets a '!' explanation and the same prompt again; nothing changes."""
    model, text = console("zz\nb2\nb2\nsave\nquit\nb1\n")
    assert (
        "! illegal move 'zz' by X: write a move as a column letter and a row number, like b2"
        in text
    )
    assert "! illegal move b2 by O: b2 is taken" in text
    assert "! save needs a file name" in text
    assert model.board.moves == ((1, 1),)  # quit stopped before b1


def test_stop_and_now_typed_at_the_prompt_say_they_are_keys_here() -> None:
    """Stop and move now are keys in the console (Ctrl-C, Ctrl-\\), while a computer
    thinks; typed at the prompt, where nothing thinks, they said they were illegal moves
    ("illegal move 'stop' by X: write a move as ..."). Now they say what the other views
    say with nothing thinking, and which key does it here."""
    model, text = console("stop\nNOW\nquit\n")
    assert (
        "! nothing to stop: no search is running; in the console, Ctrl-C does it while a "
        "computer thinks" in text
    )
    assert (
        "! move now: no computer is thinking; in the console, Ctrl-\\ does it while a "
        "computer thinks" in text
    )
    assert "illegal move" not in text and model.board.moves == ()


def test_commands_against_the_computer(tmp_path: Path) -> None:
    """help, moves, hint, undo, redo, save, load and new all work in one scripted session."""
    saved = tmp_path / "g.json"
    script = f"help\nmoves\nhint\nb2\nundo\nredo\nsave {saved}\nnew\nload {saved}\nquit\n"
    model, text = console(script, second="alphabeta")
    assert "Type a move in the game's notation, or a command:" in text
    assert "legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3" in text
    assert "hint: b2 (value" in text
    assert "O (alphabeta) plays a1 (value draw, 2,458 nodes, depth 8" in text
    assert f"saved to {saved}" in text and f"loaded {saved}" in text
    assert model.board.moves == ((1, 1), (0, 0))
    assert json.loads(saved.read_text())["moves"] == ["b2", "a1"]


def test_a_hint_can_be_accepted() -> None:
    """accept plays the hint shown; without a hint it says so."""
    model, text = console("accept\nhint\naccept\n")
    assert "! there is no hint to play: ask for one first" in text
    assert model.board.moves == ((1, 1),)  # the hint from the empty board is b2


def test_end_of_input_stops_the_view() -> None:
    """Without quit, the end of the input ends the session cleanly."""
    model, text = console("b2\n")
    assert model.board.moves == ((1, 1),) and text.endswith("\n")


def oogames(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the installed command with piped input."""
    return subprocess.run(
        [sys.executable, "-m", "oogames", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_play_and_load_commands(tmp_path: Path) -> None:
    """oogames play reads moves from a pipe; oogames load goes on with the saved game."""
    saved = tmp_path / "c4.json"
    done = oogames(
        "play", "connectfour", "--player1", "alphabeta:2", stdin=f"4\nsave {saved}\nquit\n"
    )
    assert done.returncode == 0, done.stderr
    assert "O (alphabeta:2) plays" in done.stdout
    again = oogames("load", str(saved), stdin="moves\nquit\n")
    assert again.returncode == 0 and "legal moves:" in again.stdout
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    failed = oogames("load", str(bad))
    assert failed.returncode == 2 and "not an oogames saved game" in failed.stderr
    assert "Traceback" not in failed.stderr


def test_play_options_are_checked() -> None:
    """A bad player, game option or first is a message and exit status 2."""
    for args, message in (
        (("play", "tictactoe", "--player1", "wizard"), "unknown strategy"),
        (("play", "othello", "--size", "5"), "size must be"),
        (("play", "nim", "--first", "2"), "--first must be a whole number from 0 to 1"),
    ):
        done = oogames(*args)
        assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr


def test_save_asks_before_overwriting_and_takes_spaces_and_home(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``save FILE`` refuses an existing file (``save! FILE`` replaces it); a name with
    spaces is the rest of the line; ``~`` is the home folder."""
    monkeypatch.setenv("HOME", str(tmp_path))
    spaced = tmp_path / "my game.json"
    script = f"b2\nsave {spaced}\na1\nsave {spaced}\nsave! {spaced}\nsave ~/x.json\n"
    _, text = console(script)
    assert f"saved to {spaced}" in text
    assert f"! {spaced} exists: save! {spaced} replaces it" in text
    assert json.loads(spaced.read_text())["moves"] == ["b2", "a1"]
    assert json.loads((tmp_path / "x.json").read_text())["moves"] == ["b2", "a1"]


def test_piped_input_is_read_without_readline() -> None:
    """Scripts (not a terminal) are read line by line, never through input()."""
    model = GameModel(GameSettings(), start=False)
    view = ConsoleView(model, io.StringIO("quit\n"), io.StringIO())
    assert not view._interactive()


def test_undo_in_a_computer_game_pauses_and_go_or_a_hint_plays_on() -> None:
    """Computer against computer: after undo the game says it is paused; accept plays the
    hint for the computer, go lets it play on; it never stalls."""
    model = GameModel(
        GameSettings(players=(PlayerSpec.parse("alphabeta:2"), PlayerSpec("random"))),
        start=False,
    )
    out = io.StringIO()
    view = ConsoleView(model, io.StringIO("undo\nhint\naccept\nundo\ngo\n"), out)
    assert view.run() == 0
    text = out.getvalue()
    assert text.count("paused: ") == 2 and "go lets it play on" in text
    assert model.board.is_over


def test_the_welcome_and_board_come_before_a_starting_computers_move() -> None:
    model = GameModel(
        GameSettings(players=(PlayerSpec.parse("alphabeta:1"), PlayerSpec("human"))),
        start=False,
    )
    out = io.StringIO()
    ConsoleView(model, io.StringIO("quit\n"), out).run()
    text = out.getvalue()
    assert text.index("against") < text.index(" 1 . . .") < text.index("plays ")


def test_connect_four_wider_than_nine_columns_labels_every_column() -> None:
    from oogames.games import ConnectFourBoard

    board = ConnectFourBoard(12, 4)
    board.play(board.parse_move("11"))
    lines = str(board).splitlines()
    assert lines[-2].split() == [str(n) for n in range(1, 13)]
    assert lines[-3].split()[10] == "X"


def _computer_first(spec: str) -> tuple[GameModel, io.StringIO, ConsoleView]:
    model = GameModel(
        GameSettings("connectfour", players=(PlayerSpec.parse(spec), PlayerSpec("human"))),
        start=False,
    )
    out = io.StringIO()
    return model, out, ConsoleView(model, io.StringIO("quit\n"), out)


@pytest.mark.parametrize("spec", ["alphabeta+tt+order@30", "mcts@30"])
def test_ctrl_backslash_has_a_timed_computer_move_now(spec: str) -> None:
    """SIGQUIT (Ctrl-\\) while a timed computer thinks: it plays its best move at once; the
    handler that was there before comes back."""
    import signal
    import threading

    before = signal.signal(signal.SIGQUIT, signal.SIG_IGN)  # a stray signal kills nothing
    try:
        model, out, view = _computer_first(spec)
        timer = threading.Timer(0.5, signal.raise_signal, (signal.SIGQUIT,))
        timer.start()
        assert view.run() == 0
        timer.join()
        assert model.board.ply == 1 and "plays" in out.getvalue()
        assert signal.getsignal(signal.SIGQUIT) == signal.SIG_IGN
    finally:
        signal.signal(signal.SIGQUIT, before)


@pytest.mark.parametrize("spec", ["alphabeta+tt+order@30", "mcts@30", "alphabeta:16"])
def test_ctrl_c_stops_every_computer_with_no_move(spec: str) -> None:
    """Ctrl-C while any computer thinks: stopped, no move, the computer still to move."""
    import _thread
    import signal
    import threading

    # Ctrl-C as at a terminal, even when the tests run with SIGINT ignored (a background
    # job), where interrupt_main would do nothing and the search would go on.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        model, out, view = _computer_first(spec)
        timer = threading.Timer(0.5, _thread.interrupt_main)
        timer.start()
        assert view.run() == 0
        timer.join()
        assert model.board.ply == 0 and "stopped" in out.getvalue()
        assert not model.current.is_human
    finally:
        signal.signal(signal.SIGINT, before)


def test_the_console_and_the_demo_agree_on_what_was_searched() -> None:
    """One rule (``SearchResult.searched``) decides whether a move's figures are shown: a
    result with no value but with nodes (a search that does not value) shows them in both
    the console's line and the demo's, and a result with neither shows them in neither."""
    from oogames.cli.demo import describe_move
    from oogames.games.tictactoe import TicTacToeBoard
    from oogames.nextmove.random_move import RandomValidMove
    from oogames.nextmove.results import SearchResult, SearchStats
    from oogames.ui.console import describe

    board = TicTacToeBoard()
    cases = {False: SearchStats(), True: SearchStats(nodes=12, max_depth=2)}
    for searched, stats in cases.items():
        result = SearchResult((1, 1), None, ((1, 1),), stats, 0)
        assert result.searched is searched
        assert (describe(result) != "not searched") is searched
        assert ("nodes" in describe_move(board, RandomValidMove(), result)) is searched


SIGNALLER = """
import os
import signal
import threading
from oogames import INextMoveStrategy
from oogames.errors import SearchStopped


class Signaller(INextMoveStrategy):
    '''Sends the signal named in SIGNAL to its own process as it begins to think, then
    thinks until it is stopped.'''

    name = "signaller"

    def __init__(self):
        self.wake = threading.Event()

    def analyze(self, board, player=None):
        os.kill(os.getpid(), getattr(signal, os.environ["SIGNAL"]))
        self.wake.wait(30)
        raise SearchStopped("signaller was stopped")

    def cancel(self):
        self.wake.set()
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
@pytest.mark.parametrize("when", ["at the prompt", "while the computer thinks"])
def test_a_signal_from_outside_keeps_the_consoles_game(
    name: str, when: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGTERM (kill) or SIGHUP (a terminal closing) at the prompt or during a search: the
    console saves the game to a recovery file, says where, returns 128 + the signal's
    number, and the handlers are as before after it. Before, the process ended and the
    game was lost."""
    import os
    import signal

    from oogames.game.saving import load_game

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("SIGNAL", name)
    number = getattr(signal, name)
    bot = tmp_path / "signaller.py"
    bot.write_text(SIGNALLER)
    thinking = when == "while the computer thinks"
    second = f"{bot}:Signaller" if thinking else "human"

    class Lines(io.StringIO):
        """b2, then the signal where a second line would be read."""

        def readline(self, *args: object) -> str:  # type: ignore[override]
            line = super().readline(*args)  # type: ignore[arg-type]
            if not line and not thinking:
                os.kill(os.getpid(), number)
            return line

    model = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec(second))), start=False)
    out = io.StringIO()
    before = signal.getsignal(number)
    view = ConsoleView(model, Lines("b2\n"), out)
    model.start()
    assert view.run() == 128 + number
    assert signal.getsignal(number) == before
    saved = list((tmp_path / "oogames" / "recovery").glob("tictactoe-*.json"))
    assert len(saved) == 1 and "interrupted: the game is saved in" in out.getvalue()
    _, board = load_game(saved[0], trusted=[second] if thinking else ())
    assert board.moves == ((1, 1),)


def test_the_data_folder_ignores_a_relative_xdg_data_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``XDG_DATA_HOME`` must be an absolute path, and a relative one is to be ignored (the
    XDG rules): oogames kept its recovered games and its web games under a folder named by
    it, relative to wherever the command ran. An absolute one is used."""
    from oogames.game.saving import data_folder

    monkeypatch.setenv("HOME", str(tmp_path))
    for given in ("relative/dir", "", "."):
        monkeypatch.setenv("XDG_DATA_HOME", given)
        assert data_folder() == tmp_path / ".local" / "share" / "oogames"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert data_folder() == tmp_path / "data" / "oogames"
