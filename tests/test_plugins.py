"""Plug-ins: games and strategies from a module, a file or an entry point, everywhere a
name is accepted; bad plug-ins get one line, and the user's own errors their traceback."""

from __future__ import annotations

import io
import json
import sys
import textwrap
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from helpers import count, exits_with_message, run_cli

from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
from oogames import plugins as plugin_module
from oogames.cli import main
from oogames.errors import BoardOptionError, PluginCodeError, PluginError, SaveFileError
from oogames.game import GameModel, GameSettings, PlayerSpec
from oogames.game.saving import load_game
from oogames.games import find_game
from oogames.nextmove.specs import make_strategy, parse_spec

ROOT = Path(__file__).resolve().parents[1]
TWENTY_ONE = f"{ROOT / 'demos' / 'twenty_one.py'}:TwentyOne"

BOTS = '''
from oogames import AlphaBetaFac, DepthFac, INextMoveStrategy, MaxAcc, MinMax, MinMaxFac
from oogames.nextmove.factories import IAccFactory
from oogames.nextmove.random_move import RandomValidMove


class FirstMove(INextMoveStrategy):
    """Plays the first legal move."""

    def __init__(self, depth=None):
        self.depth = depth

    name = "first"

    def analyze(self, board, player=None):
        return RandomValidMove(0).analyze(board, player)

    def cancel(self):
        pass


class Plain(MinMaxFac):
    """Plain minimax as a factory of accumulators."""


def greedy(evaluate):
    """A function that builds a strategy."""
    return MinMax(DepthFac(AlphaBetaFac(), 1, evaluate))


class Nameless(INextMoveStrategy):
    """A strategy that forgot its name."""

    def analyze(self, board, player=None):
        return RandomValidMove(0).analyze(board, player)


class HalfFactory(IAccFactory):
    """A factory that makes no accumulator."""

    name = "half"


ONE = FirstMove()
NOT_A_STRATEGY = 42


def returns_nothing():
    return None
'''

GAMES_MODULE = '''
from oogames import NON_TERMINAL, WON, ABoardModel, SnapshotRecord


class Countdown(ABoardModel):
    """Take 1 or 2 from the count; whoever takes the last wins."""

    def __init__(self, count: int = 5, fast: bool = False, weights: tuple[int, ...] = (1, 2)):
        super().__init__()
        self.count = count
        self.fast = fast
        self.weights = weights
        self.left = count

    def make_move(self, player, move, check, status, param=None):
        if move not in (1, 2) or not self._can_move(player) or move > self.left:
            return self._make_move_slow(player, move, check, status, param)
        record = SnapshotRecord(self, player, move, self.left)
        self.left -= move
        state = WON[player] if self.left == 0 else NON_TERMINAL
        return self._finish_move(record, state, check, status, param)

    def _set_snapshot(self, left):
        self.left = left

    def _map_moves(self, player, lam, param):
        for step in (1, 2):
            if step <= self.left and not lam.apply(player, self, step, param):
                return

    def key(self):
        return (self.left, self.to_move)

    def _draw(self):
        return f"{self.left} left"


class Unfinished(ABoardModel):
    """Writes no rules at all."""


def not_a_class():
    return 1
'''


@pytest.fixture
def plugin_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder on the Python path with a games module and a strategies module."""
    (tmp_path / "mygames.py").write_text(textwrap.dedent(GAMES_MODULE))
    (tmp_path / "mybots.py").write_text(textwrap.dedent(BOTS))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("mygames", "mybots"):
        sys.modules.pop(name, None)
    return tmp_path


def err(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err


# -- games -------------------------------------------------------------------------------


def test_a_game_from_a_file_works_in_every_command() -> None:
    """The tutorial's plug-in game: demo, tree, compare, solve, perft-free play via the model."""
    assert "A has won" in run_cli("demo", "--game", TWENTY_ONE, "--opt", "target=10")
    assert "best 1" in run_cli("tree", TWENTY_ONE, "--depth", "2")
    assert "alphabeta" in run_cli("compare", TWENTY_ONE, "--strategies", "alphabeta")
    assert "outcome: win in 5 plies for A" in run_cli("solve", TWENTY_ONE, "--opt", "target=9")
    model = GameModel(
        GameSettings(game=TWENTY_ONE, options={"target": 9}, players=(PlayerSpec("human"),) * 2)
    )
    model.play("1")
    assert model.board.options() == {"target": 9} and model.board.moves == (1,)


def test_the_tutorial_game_is_short() -> None:
    """A whole game with rules, notation and drawing in at most 40 lines of code."""
    lines = (ROOT / "demos" / "twenty_one.py").read_text().splitlines()
    assert len([line for line in lines if line.strip()]) <= 40


def test_a_game_from_a_module_with_typed_options(plugin_dir: Path) -> None:
    info = find_game("mygames:Countdown")
    assert info.options == ("count", "fast", "weights") and info.is_plugin
    options = info.read_option_words(["count=7", "fast=yes", "weights=3,4"])
    assert options == {"count": 7, "fast": True, "weights": (3, 4)}
    board = info.make(**options)
    assert board.options() == {"count": 7, "fast": True, "weights": (3, 4)}
    assert MinMax(AlphaBetaFac()).analyze(board).move in (1, 2)
    assert "has won" in run_cli("demo", "--game", "mygames:Countdown", "--opt", "count=4")
    for words, message in (
        (["count=x"], "count must be a whole number"),
        (["fast=maybe"], "fast must be true or false"),
        (["speed=3"], "does not take 'speed'"),
        (["count"], "name=value"),
    ):
        with pytest.raises(BoardOptionError, match=message):
            info.read_option_words(words)
        count("plug-in option refused")


@pytest.mark.parametrize(
    ("ref", "message"),
    [
        ("mygames:Nothing", "mygames has no Nothing"),
        ("mygames:not_a_class", "function, not a board"),
        ("mygames:Unfinished", "does not write _draw, _map_moves, _play, key"),
        ("nosuchmodule:Board", "there is no module nosuchmodule"),
        ("missing.py:Board", "there is no file missing.py"),
    ],
)
def test_bad_game_plugins_get_one_line(
    plugin_dir: Path, ref: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(PluginError, match=message):
        find_game(ref)
    exits_with_message(["demo", "--game", ref], message, lambda: err(capsys))


@pytest.mark.parametrize(
    ("code", "raised"),
    [
        ("x = 1 +\n", "SyntaxError"),
        ("import not_installed_anywhere\n", "ModuleNotFoundError"),
        ("raise RuntimeError('my bug')\n", "RuntimeError: my bug"),
        ("import sys; sys.exit(3)\n", "SystemExit: 3"),
    ],
)
def test_an_error_in_the_users_code_shows_its_traceback(
    tmp_path: Path, code: str, raised: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The user's module raises while it loads: the command shows that code's traceback
    (their file and line), then one line, and exits 2; oogames' own frames are left out."""
    path = tmp_path / f"broken_{len(code)}.py"
    path.write_text("# a student's game\n" + code)
    with pytest.raises(SystemExit) as stopped:
        main(["demo", "--game", f"{path}:Board"], out=io.StringIO())
    assert stopped.value.code == 2
    text = err(capsys)
    assert raised in text and str(path) in text and "line 2" in text
    assert "oogames demo: error in your plug-in" in text
    assert "oogames/plugins.py" not in text and "importlib" not in text
    with pytest.raises(PluginCodeError):
        find_game(f"{path}:Board")


# -- strategies --------------------------------------------------------------------------


def test_strategy_plugins_of_every_kind(plugin_dir: Path) -> None:
    """A strategy class (with a depth), an accumulator factory (with a depth or a clock), a
    function that builds one, and an object; each plays a legal move."""
    board = TicTacToeBoard.from_moves("b2 a1")
    for spec in (
        "mybots:FirstMove",
        "mybots:FirstMove:3",
        "mybots:Plain:2",
        "mybots:Plain@0.05",
        "mybots:greedy",
        "mybots:ONE",
    ):
        strategy = make_strategy(spec, lambda b, p: 0.0)
        assert strategy.analyze(board).move in board.legal_moves(), spec
        count("plug-in strategies played")
    assert parse_spec("mybots:Plain:2@0.5") == ("mybots:Plain", 2, 0.5)
    assert make_strategy("mybots:FirstMove:3", lambda b, p: 0.0).depth == 3  # type: ignore[attr-defined]
    text = run_cli("demo", "--player0", "mybots:Plain:2", "--player1", "mybots:greedy")
    assert "result:" in text


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mybots:NOT_A_STRATEGY", "not a strategy"),
        ("mybots:returns_nothing", "returned None, not a strategy"),
        ("mybots:greedy:3", "takes no :DEPTH"),
        ("mybots:ONE@1", "no :DEPTH or @SECONDS"),
        ("mybots:Missing", "mybots has no Missing"),
        ("mybots:Nameless", "every INextMoveStrategy writes analyze and name"),
        ("mybots:HalfFactory", "every IAccFactory writes make_acc and name"),
    ],
)
def test_bad_strategy_plugins_get_one_line(
    plugin_dir: Path, spec: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(PluginError, match=message):
        make_strategy(spec, lambda b, p: 0.0)
    exits_with_message(["demo", "--player0", spec], message, lambda: err(capsys))


# -- entry points ------------------------------------------------------------------------


@pytest.fixture
def installed(plugin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A package that declares a game and a strategy through entry points (faked)."""
    points = [
        EntryPoint("countdown", "mygames:Countdown", plugin_module.GAME_GROUP),
        EntryPoint("plainbot", "mybots:Plain", plugin_module.STRATEGY_GROUP),
    ]

    def fake(group: str) -> list[EntryPoint]:
        return [point for point in points if point.group == group]

    monkeypatch.setattr(plugin_module, "entry_points", fake)


def test_entry_points_add_games_and_strategies_by_name(installed: None) -> None:
    listing = run_cli("list")
    assert "countdown" in listing and "Take 1 or 2" in listing
    assert "plainbot: from an installed package (mybots:Plain)" in listing
    text = run_cli("demo", "--game", "countdown", "--player0", "plainbot:3", "--player1", "random")
    assert "result:" in text
    model = GameModel(GameSettings(game="countdown", players=(PlayerSpec.parse("plainbot:2"),) * 2))
    assert model.board.is_over


# -- saved games -------------------------------------------------------------------------


def test_a_saved_plugin_game_loads_only_when_trusted(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Loading a file runs no code the file names, unless the user says so (--trust), or the
    game being played is that plug-in already."""
    model = GameModel(GameSettings(game=TWENTY_ONE, players=(PlayerSpec("human"),) * 2))
    model.play("2")
    path = tmp_path / "t.json"
    model.save(path)
    assert json.loads(path.read_text())["game"] == TWENTY_ONE
    with pytest.raises(SaveFileError, match="--trust"):
        load_game(path)
    settings, board = load_game(path, (TWENTY_ONE,))
    assert settings.game == TWENTY_ONE and board.moves == (2,)
    model.play("3")
    model.load(path)  # the plug-in is running already
    assert model.board.moves == (2,)
    exits_with_message(["load", str(path)], "--trust", lambda: err(capsys))


def test_a_board_that_needs_an_argument_is_one_line_with_no_empty_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A plug-in board whose constructor requires an argument fails in the call, not in
    the user's code: one line names it (a "Traceback" header with no frame came first)."""
    path = tmp_path / "needs.py"
    path.write_text(
        "from oogames.games import NimBoard\n\n\nclass Board(NimBoard):\n"
        "    def __init__(self, size):\n        super().__init__()\n"
    )
    with pytest.raises(SystemExit) as stopped:
        main(["demo", "--game", f"{path}:Board"], out=io.StringIO())
    assert stopped.value.code == 2
    lines = err(capsys).splitlines()
    assert len(lines) == 1 and lines[0].startswith("oogames demo: error in your plug-in")
    assert "missing 1 required positional argument: 'size'" in lines[0]


@pytest.mark.parametrize(
    ("body", "raised"),
    [
        ("        import sys; sys.exit(3)\n", "SystemExit: 3"),
        ("        raise ValueError('bad board')\n", "ValueError: bad board"),
    ],
)
def test_a_board_whose_constructor_raises_or_exits_is_named(
    tmp_path: Path, body: str, raised: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """sys.exit() or an exception in a plug-in board's constructor: the user's traceback,
    one line naming the plug-in, exit 2 (never a silent exit or oogames' traceback)."""
    path = tmp_path / f"exits_{len(body)}.py"
    path.write_text(
        "from oogames.games import NimBoard\n\n\nclass Board(NimBoard):\n"
        "    def __init__(self, target: int = 21) -> None:\n" + body
    )
    with pytest.raises(SystemExit) as stopped:
        main(["demo", "--game", f"{path}:Board"], out=io.StringIO())
    assert stopped.value.code == 2
    text = err(capsys)
    assert raised in text and "oogames demo: error in your plug-in" in text
    assert "constructor" in text


# -- a misbehaving plug-in, at every stage, in every command ------------------------------

BAD_STRATEGIES = """
import sys
from oogames.nextmove.random_move import RandomValidMove


class Raises(RandomValidMove):
    def analyze(self, board, player=None):
        raise ValueError("my bug")


class Exits(RandomValidMove):
    def analyze(self, board, player=None):
        sys.exit(3)


class ReturnsNone(RandomValidMove):
    def analyze(self, board, player=None):
        return None


class NoPlayerArgument(RandomValidMove):
    def analyze(self, board):
        return super().analyze(board)
"""

BAD_GAMES = '''
import math, sys
from oogames.games import NimBoard


class TextEvaluation(NimBoard):
    def evaluate(self, player):
        return "good"


class NanEvaluation(NimBoard):
    def evaluate(self, player):
        return math.nan


class ListKey(NimBoard):
    def key(self):
        return [self.total, self.to_move]


class RaisingEvaluation(NimBoard):
    def evaluate(self, player):
        raise ZeroDivisionError("oops")


class ExitingEvaluation(NimBoard):
    def evaluate(self, player):
        sys.exit(4)


class NeverEnds(NimBoard):
    """Forgets to end the game: no moves and not over."""

    def _map_moves(self, player, lam, param):
        return None
'''

# (strategy or game, what the one line says, whether the user's traceback comes too)
BAD_STRATEGY_CASES = [
    ("Raises", "its analyze raised ValueError: my bug", True),
    ("Exits", "its analyze called sys.exit(3)", True),
    ("ReturnsNone", "returned NoneType 'None' from analyze, not a SearchResult", False),
]
BAD_GAME_CASES = [
    ("TextEvaluation", "its evaluate returned str 'good', not a finite number", False),
    ("NanEvaluation", "its evaluate returned float nan, not a finite number", False),
    ("ListKey", "its key() returned list [0, 0], which cannot be hashed", False),
    ("RaisingEvaluation", "its evaluate raised ZeroDivisionError: oops", True),
    ("ExitingEvaluation", "its evaluate called sys.exit(4)", True),
    ("NeverEnds", "no player can move, yet the game is not over", False),
]


def _commands_for_strategy(ref: str) -> list[list[str]]:
    return [
        ["demo", "--game", "nim", "--player0", ref, "--player1", "random", "--seed", "1"],
        ["play", "nim", "--player0", ref, "--player1", "human"],
        ["compare", "nim", "--strategies", f"random,{ref}"],
    ]


def _commands_for_game(ref: str) -> list[list[str]]:
    return [
        ["demo", "--game", ref, "--player0", "alphabeta+tt:3", "--player1", "random"],
        ["demo", "--game", ref, "--player0", "mcts+eval:50", "--player1", "random"],
        ["play", ref, "--player0", "alphabeta+tt:3", "--player1", "human"],
        ["tree", ref, "--strategy", "alphabeta+tt:2"],
        ["compare", ref, "--strategies", "alphabeta+tt:2"],
    ]


@pytest.mark.parametrize(("name", "message", "traceback"), BAD_STRATEGY_CASES)
def test_a_misbehaving_strategy_is_named_in_one_line_in_every_command(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    message: str,
    traceback: bool,
) -> None:
    """A plug-in strategy that raises, exits or returns the wrong thing: one line naming it
    and what it did, the user's traceback for their own code, exit 2, in every command."""
    ref = _plugin_in(tmp_path, monkeypatch, "badbots.py", BAD_STRATEGIES, name, "1\nquit\n")
    for argv in _commands_for_strategy(ref):
        _check_named(argv, ref, message, traceback, capsys)


@pytest.mark.parametrize(("name", "message", "traceback"), BAD_GAME_CASES)
def test_a_misbehaving_game_is_named_in_one_line_in_every_command(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    message: str,
    traceback: bool,
) -> None:
    """A plug-in game whose evaluation is text, NaN, raises or exits, whose key cannot be
    hashed, or that never ends: one line naming it and its fault, exit 2, in every command
    and under every kind of search (table, MCTS)."""
    ref = _plugin_in(tmp_path, monkeypatch, "badgames.py", BAD_GAMES, name, "quit\n")
    for argv in _commands_for_game(ref):
        if name == "ListKey" and "mcts" in " ".join(argv):
            continue  # MCTS files no positions by key
        _check_named(argv, ref, message, traceback, capsys)


def _plugin_in(
    folder: Path, monkeypatch: pytest.MonkeyPatch, file: str, code: str, name: str, typed: str
) -> str:
    """Write the plug-in file in ``folder``, work there (short references, shown whole)
    with ``typed`` as the console's input; the reference of ``name`` in it."""
    (folder / file).write_text(code)
    monkeypatch.chdir(folder)
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    return f"{file}:{name}"


def _check_named(
    argv: list[str], ref: str, message: str, traceback: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """A command exits 2 with the line last; the console says it and keeps the game (a
    game that can never go on is refused before it starts)."""
    if argv[0] == "play" and "NeverEnds" not in ref:
        out = io.StringIO()
        assert main(argv, out=out) == 0
        said = [line for line in out.getvalue().splitlines() if message in line]
        text = err(capsys)
        assert len(said) == 1 and said[0].count("! ") == 1, (argv, out.getvalue())
        last = said[0]
    else:
        with pytest.raises(SystemExit) as stopped:
            main(argv, out=io.StringIO())
        text = err(capsys)
        assert stopped.value.code == 2, (argv, text)
        last = text.strip().splitlines()[-1]
    assert ref in last and message in last, (argv, text)
    # The user's own traceback, never oogames' frames.
    assert ("Traceback" in text) == traceback, (argv, text)
    assert "oogames/" not in text.replace(ref, ""), (argv, text)
    count("a misbehaving plug-in named in one line")


def test_every_caller_asks_a_strategy_with_the_board_alone(tmp_path: Path) -> None:
    """A strategy whose analyze takes only the board (as demo always called it) plays in
    the game model too: every caller asks ``analyze(board)``."""
    path = tmp_path / "onearg.py"
    path.write_text(BAD_STRATEGIES)
    settings = GameSettings(
        "nim", players=(PlayerSpec.parse(f"{path}:NoPlayerArgument"), PlayerSpec("human"))
    )
    model = GameModel(settings)
    assert model.board.ply == 1
