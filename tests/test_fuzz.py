"""Fuzz suites for the guarantees: searches put the board back, bad input is one clear line.

Seeded loops, so a failure names its case and can be replayed. The normal
run checks a few hundred cases per suite; ``OOGAMES_FUZZ=full`` checks the
issue's sizes (10,000 each):

    OOGAMES_FUZZ=full .venv/bin/python -m pytest tests/test_fuzz.py -s

The count of cases each suite really checked is printed at the end of the
run (``fuzz:`` lines) and asserted, so a suite that skipped its cases fails.
"""

from __future__ import annotations

import io
import json
import os
import random
import string
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import play_choices, snapshot

from conftest import BOARD_FACTORIES, FUZZ_COUNTS
from oogames import (
    AlphaBetaFac,
    DepthFac,
    IllegalMoveError,
    MinMax,
    MinMaxFac,
    OogamesError,
    SaveFileError,
    SearchStopped,
    perft,
)
from oogames.cli import main
from oogames.game import GameModel, GameSettings, PlayerSpec, save_game
from oogames.games import GAMES
from oogames.nextmove import (
    AverageFac,
    NegaAlphaBetaFac,
    NegamaxFac,
    SelectiveFac,
    VariableDepthFac,
    best_by_evaluation,
)
from oogames.trace import trace_search

FULL = os.environ.get("OOGAMES_FUZZ") == "full"
SEARCHES = 10_000 if FULL else 400
BAD_INPUTS = 10_000 if FULL else 600


class Boom(Exception):
    """The exception a fuzzed evaluation raises: user code that fails."""


class Evaluation:
    """An evaluation that raises ``Boom``, ``KeyboardInterrupt`` or cancels at its N-th call."""

    def __init__(self, rng: random.Random, strategy_box: list[Any]) -> None:
        self.calls = 0
        self.fail_at = rng.randrange(1, 8) if rng.random() < 0.5 else None
        self.how = rng.choice(["boom", "interrupt", "cancel"])
        self.box = strategy_box

    def __call__(self, board: Any, player: int) -> float:
        self.calls += 1
        if self.calls == self.fail_at:
            if self.how == "boom":
                raise Boom("an evaluation that fails")
            if self.how == "interrupt":
                raise KeyboardInterrupt
            if not self.box:  # the tracer and perft have no strategy object to cancel
                raise Boom("an evaluation that fails")
            self.box[0].cancel()
        return float(hash(board.key()) % 7 - 3)


def _search(rng: random.Random, board: Any, evaluate: Evaluation) -> Callable[[], Any]:
    """A random search over ``board``: every strategy, the tracer and perft."""
    depth = rng.randint(1, 3)
    kinds: list[Callable[[], Any]] = [
        lambda: DepthFac(MinMaxFac(), depth, evaluate),
        lambda: DepthFac(AlphaBetaFac(), depth, evaluate),
        lambda: DepthFac(NegamaxFac(), depth, evaluate),
        lambda: DepthFac(NegaAlphaBetaFac(), depth, evaluate),
        lambda: DepthFac(AverageFac(2, 2), depth, evaluate),
        lambda: SelectiveFac(
            DepthFac(AlphaBetaFac(), depth, evaluate), best_by_evaluation(2, evaluate)
        ),
        lambda: VariableDepthFac(AlphaBetaFac(), 1, depth + 1, evaluate, 2.0),
    ]
    choice = rng.randrange(len(kinds) + 2)
    if choice == len(kinds):
        return lambda: trace_search(board, DepthFac(AlphaBetaFac(), depth, evaluate), limit=2_000)
    if choice == len(kinds) + 1:
        return lambda: perft(board, None, depth)
    strategy = MinMax(kinds[choice]())
    evaluate.box.append(strategy)
    return lambda: strategy.analyze(board)


def test_searches_leave_the_board_exactly_as_found() -> None:
    """Every kind of search, some failing inside (user error, Ctrl-C, cancel): 0 boards changed."""
    rng = random.Random(20261122)
    names = sorted(BOARD_FACTORIES)
    checked = failed_inside = 0
    for case in range(SEARCHES):
        board = BOARD_FACTORIES[names[case % len(names)]]()
        play_choices(board, [rng.randrange(64) for _ in range(rng.randrange(12))], True)
        if board.is_over:
            continue  # no search to run; counted below as not checked
        before, twin = snapshot(board), board.copy()
        legal = board.legal_moves()
        box: list[Any] = []
        evaluate = Evaluation(rng, box)
        run = _search(rng, board, evaluate)
        try:
            run()
        except (Boom, KeyboardInterrupt, SearchStopped):
            failed_inside += 1
        assert snapshot(board) == before, f"case {case}: the board changed"
        assert board == twin and board.legal_moves() == legal, f"case {case}"
        checked += 1
    FUZZ_COUNTS["searches checked (board unchanged)"] = checked
    FUZZ_COUNTS["  of which failed inside"] = failed_inside
    assert checked >= SEARCHES * 0.9 and failed_inside >= SEARCHES * 0.1


_NASTY = [
    "",
    " ",
    "²",
    "٣",
    "³x²",
    "4" * 5000,
    "a" + "9" * 5000,
    "\x00",
    "\x1b[A",
    "\n\n",
    "-1",
    "+2",
    "0x10",
    "1e3",
    "7=3+4",
    "7:3",
    "pass",
    "PASS",
    "b2",
    "Z99",
    "💥",
    "a" * 10_000,
]


def _bad_text(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return rng.choice(_NASTY)
    alphabet = string.printable + "²³¹٣०𝟘ⅫＡ\u200b\x00\x7f"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12)))


def _bad_value(rng: random.Random) -> Any:
    return rng.choice(
        [
            None,
            0.0,
            1.5,
            True,
            -1,
            10**5000,
            [0, 0],
            (0,),
            (0, 0, 0),
            (99, 99),
            {"a": 1},
            "b2",
            object(),
            (1.0, 1.0),
            float("nan"),
        ]
    )


def test_typed_moves_and_objects_are_refused_in_one_line_or_read() -> None:
    """Random texts, values and players: a move read, or one-line IllegalMoveError; 0 changes."""
    rng = random.Random(7)
    names = sorted(BOARD_FACTORIES)
    refused = read = 0
    for case in range(BAD_INPUTS):
        board = BOARD_FACTORIES[names[case % len(names)]]()
        play_choices(board, [rng.randrange(64) for _ in range(rng.randrange(6))], True)
        before = snapshot(board)
        text = _bad_text(rng)
        try:
            move = board.parse_move(text)
        except IllegalMoveError as error:
            assert "\n" not in str(error) and len(str(error)) < 300, f"case {case}: {text!r}"
            refused += 1
        else:
            read += 1
            assert board.parse_move(board.format_move(move)) == move, f"case {case}: {text!r}"
        value = _bad_value(rng) if rng.random() < 0.7 else rng.choice(board.legal_moves() or [0])
        player = rng.choice([0, 1, 0.0, 1.0, True, None, 2, -1, "0"])
        try:
            undo = board.play(value, player)  # type: ignore[arg-type]
        except IllegalMoveError as error:
            assert "\n" not in str(error), f"case {case}"
            refused += 1
        else:
            undo()
        assert snapshot(board) == before, f"case {case}: {text!r} {value!r} {player!r}"
    FUZZ_COUNTS["typed moves and values checked"] = refused + read
    assert refused > BAD_INPUTS


def _options_of_every_subcommand() -> dict[str, list[str]]:
    """Every subcommand of the oogames parser and every option of it that takes a value."""
    import argparse

    from oogames.cli import build_parser

    found: dict[str, list[str]] = {}
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, parser in action.choices.items():
                found[name] = [
                    option.option_strings[-1]
                    for option in parser._actions
                    if option.option_strings and option.nargs != 0
                ]
    return found


_SUBCOMMANDS = _options_of_every_subcommand()


def test_command_lines_never_show_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Random bad command lines of every subcommand: exit 2 and one line on stderr, or accepted.

    A few random texts are good input (``--moves " "`` is the start): those
    run and return 0, with nothing on stderr.
    """
    rng = random.Random(11)
    games = sorted(GAMES)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # a game that starts ends at once
    monkeypatch.chdir(tmp_path)  # files a command may write (--db, --data, --out) land here
    try:  # a server that would start returns at once instead of serving forever
        import uvicorn

        monkeypatch.setattr(uvicorn.Server, "run", lambda *args, **kwargs: None)
    except ImportError:
        pass
    refused = accepted = 0
    count = (
        BAD_INPUTS // 5 if not FULL else BAD_INPUTS
    )  # each runs the whole command line parser and checks
    for case in range(count):
        command = rng.choice(sorted(_SUBCOMMANDS))
        argv = [command]
        if command in ("play", "tree", "compare"):
            argv.append(rng.choice(games) if rng.random() < 0.8 else _bad_text(rng))
        if command == "load":
            argv.append(rng.choice(["/nonexistent/x.json", "/", _bad_text(rng) or "x"]))
        if command == "match":  # an accepted match plays a small board (7x6, deep: hours)
            argv += ["--sizes", "4x4"]
        options = _SUBCOMMANDS[command]
        for flag in rng.sample(options, k=min(len(options), rng.randrange(1, 3))):
            argv += [flag, _bad_text(rng) or "²"]
        if command == "solve":  # a position that happens to be good could take hours to solve
            argv += ["--format", _bad_text(rng) + "²"]
        if command == "list" and rng.random() < 0.5:
            argv.append(_bad_text(rng) or "x")
        try:
            code = main(argv, out=io.StringIO())
        except SystemExit as stopped:
            code = stopped.code
        err = capsys.readouterr().err
        if code == 0:
            assert err == "", f"case {case}: {argv!r}: {err!r}"
            accepted += 1
        else:
            assert code == 2, f"case {case}: {argv!r} gave {code}"
            assert "Traceback" not in err and err.count("\n") == 1, f"case {case}: {argv!r}"
            refused += 1
    FUZZ_COUNTS["command lines checked"] = refused + accepted
    FUZZ_COUNTS["  of which refused with one line"] = refused
    assert refused >= count * 0.85  # some random texts are good input (list, --moves " ")


def _saved(tmp: Path) -> tuple[dict[str, Any], str]:
    settings = GameSettings(
        "connectfour", {}, (PlayerSpec("human"), PlayerSpec("alphabeta", 2)), hint_depth=2
    )
    model = GameModel(settings)
    model.play("4")
    path = tmp / "good.json"
    save_game(path, model.settings, model.board)
    text = path.read_text()
    return json.loads(text), text


def _damage(rng: random.Random, data: dict[str, Any], text: str) -> bytes:
    kind = rng.randrange(9)
    if kind == 0:
        return text[: rng.randrange(len(text))].encode()
    if kind == 1:
        chars = list(text)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(string.printable)
        return "".join(chars).encode()
    if kind == 2:
        return ("[" * 5000 + "]" * 5000).encode()
    if kind == 3:
        copy = dict(data)
        copy[rng.choice(sorted(copy))] = 10**30
        return json.dumps(copy).encode() if rng.random() < 0.5 else b'{"format": ' + b"9" * 5000
    if kind == 4:
        return b"\xff\xfe" + text.encode()[:50]
    if kind == 5:
        copy = dict(data)
        copy[rng.choice(sorted(copy))] = _bad_json_value(rng)
        return json.dumps(copy).encode()
    if kind == 6:
        copy = dict(data)
        copy["players"] = [{"kind": "human"}, {"kind": "alphabeta", "depth": 99999}]
        return json.dumps(copy).encode()
    if kind == 7:
        copy = dict(data)
        copy["moves"] = [rng.choice(["4", "9", "x", "", "²", 4, None, "4" * 30]) for _ in range(3)]
        return json.dumps(copy).encode()
    copy = dict(data)
    copy["options"] = rng.choice([{"width": 99}, {"rows": 3}, {"width": "7"}, [], {"k": 10**30}])
    return json.dumps(copy).encode()


def _bad_json_value(rng: random.Random) -> Any:
    return rng.choice([None, [], {}, "x", -1, 1.5, True, [[[[]]]], {"kind": 3}, "²"])


def test_damaged_save_files_are_refused_and_change_nothing(tmp_path: Path) -> None:
    """Damaged saves: one-line SaveFileError and the game in memory unchanged, or a clean load."""
    rng = random.Random(3)
    data, text = _saved(tmp_path)
    model = GameModel(GameSettings("tictactoe"))
    model.play("b2")
    path = tmp_path / "bad.json"
    refused = loaded = 0
    for case in range(BAD_INPUTS):
        path.write_bytes(_damage(rng, data, text))
        before = (snapshot(model.board), model.settings, model.turns.players)
        try:
            model.load(path)
        except SaveFileError as error:
            assert "\n" not in str(error), f"case {case}"
            assert (snapshot(model.board), model.settings, model.turns.players) == before
            refused += 1
        except OogamesError as error:  # pragma: no cover - a failure names the case
            pytest.fail(f"case {case}: {type(error).__name__} {error}")
        else:
            loaded += 1
            model = GameModel(GameSettings("tictactoe"))
            model.play("b2")
    path.write_bytes(b" " * (50 << 20))  # 50 MB of nothing
    with pytest.raises(SaveFileError, match="over"):
        model.load(path)
    FUZZ_COUNTS["damaged save files checked"] = refused + loaded + 1
    assert refused > BAD_INPUTS * 0.8
