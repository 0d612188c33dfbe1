"""The oogames command: demo and list, and clean errors for bad arguments."""

from __future__ import annotations

import io
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import AS_THE_COMMAND, CTRL_C_AS_AT_A_TERMINAL, count, exits_with_message, run_cli

from oogames.cli import ALL_COMMANDS


def test_demo_plays_a_whole_game_with_search_figures() -> None:
    """The default demo is alpha-beta against itself: nine moves, each with figures, a draw."""
    text = run_cli("demo")
    assert text.count(" plays ") == 9
    assert "1. X (alphabeta) plays a1: value draw" in text
    assert "nodes 20,865  leaves 8,453  cut-offs 7,692  depth 9" in text
    assert text.rstrip().endswith("nodes searched: X 21,808, O 2,881")
    assert "result: draw after 9 moves" in text


def test_demo_with_options_and_random_player_is_reproducible() -> None:
    """Board size, strategies and seed options are used; the same seed gives the same game."""
    args = ("demo", "--rows", "4", "--cols", "4", "--k", "3")
    one = run_cli(*args, "--player0", "random", "--player1", "alphabeta:2", "--seed", "7")
    two = run_cli(*args, "--player0", "random", "--player1", "alphabeta:2", "--seed", "7")
    no_times = re.compile(r"[0-9.]+ s  \([0-9.]+ us/node\)")
    assert no_times.sub("", one) == no_times.sub("", two)
    assert "X (random) plays" in one and "O (alphabeta:2) plays" in one
    assert "(rows=4, cols=4, k=3)" in one


def test_demo_and_play_default_to_a_clock_on_big_boards() -> None:
    """A board too big to solve gets alphabeta+tt+order@1 unless told otherwise."""
    from oogames.cli import _default_spec
    from oogames.games import GAMES, TicTacToeBoard

    info = GAMES["tictactoe"]
    assert _default_spec(info, TicTacToeBoard(4, 4, 3)) == "alphabeta+tt+order@1"
    assert _default_spec(info, TicTacToeBoard()) == "alphabeta"
    text = run_cli(
        "demo", "--rows", "4", "--cols", "4", "--player0", "alphabeta:1@0.05", "--player1", "random"
    )
    assert "X: alphabeta:1@0.05" in text and "result:" in text


def test_list_names_games_and_strategies() -> None:
    """list prints every game with its options, and every strategy name."""
    from oogames.games import GAMES

    text = run_cli("list")
    for name, info in GAMES.items():  # every registered game, with its flags
        assert f"  {name} " in text
        flags = " ".join(f"--{option.replace('_', '-')}" for option in info.options)
        assert f"options: {flags}" in text, name
    assert "options: --width --height --k" in text and "options: --heaps" in text
    assert "random, minimax, alphabeta" in text


@pytest.mark.parametrize(
    ("args", "ending"),
    [
        (("--game", "nim"), "result: A has won after 11 moves"),
        (("--game", "nim", "--target", "10", "--max-add", "4"), "result: B has won"),
        (("grundy",), "result: B has won after 4 moves"),
        (("--heaps", "3,4,5", "grundy"), "result: A has won"),
        (("--game", "connectfour", "--width", "4", "--height", "3", "--k", "3"), "result:"),
        (("--game", "othello", "--size", "4"), "result: White has won (5-11) after 12 moves"),
        (
            (
                "--game",
                "othello",
                "--size",
                "6",
                "--player0",
                "alphabeta:1",
                "--player1",
                "random",
                "--seed",
                "3",
            ),
            "result:",
        ),
    ],
)
def test_demo_plays_every_game(args: tuple[str, ...], ending: str) -> None:
    """Each game can be watched computer against computer, with its size options."""
    text = run_cli("demo", *args)
    assert ending in text and " plays " in text


def test_demo_takes_the_game_as_play_does_or_as_before_by_its_flag() -> None:
    """``oogames demo nim`` is ``oogames demo --game nim``; no game is tic-tac-toe."""
    untimed = re.compile(r"[\d.]+ s\b.*")  # the search's time, which differs run to run
    by_word, by_flag = (
        untimed.sub("", run_cli("demo", *game, "--target", "9"))
        for game in (("nim",), ("--game", "nim"))
    )
    assert by_word == by_flag and by_word.startswith("oogames demo: nim (target=9")
    assert run_cli("demo").startswith("oogames demo: tictactoe")


def test_demo_of_connect_four_with_a_depth_limit_finishes() -> None:
    """Connect Four 7x6 with alphabeta:4 against random: the demo plays to the end."""
    text = run_cli(
        "demo",
        "--game",
        "connectfour",
        "--player0",
        "alphabeta:4",
        "--player1",
        "random",
        "--seed",
        "2",
    )
    assert "X: alphabeta:4" in text and "result:" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["demo", "--k", "7"], "k must be a whole number from 1 to 3"),
        (["demo", "--player0", "foo"], "unknown strategy 'foo'"),
        (["demo", "--player1", "alphabeta:0"], "from 1 to 10,000"),
        (["demo", "--player1", "random:3"], "takes no depth"),
        (["demo", "--game", "chess"], "unknown game 'chess'"),
        (["demo", "--game", "othello", "--k", "3"], "othello does not take --k"),
        (["demo", "--game", "othello", "--size", "7"], "--size must be even"),
        (
            ["demo", "--game", "grundy", "--heaps", "3,x"],
            "--heaps must be whole numbers separated by commas",
        ),
        (["demo", "--game", "nim", "--max-add", "0"], "--max-add must be"),
        (["demo", "--rows", "three"], "--rows must be a whole number, not 'three'"),
        (["fly"], "oogames: error: unknown command 'fly'; choose one of: demo, list, play"),
        (["solv"], "grade; did you mean solve? (see oogames --help)"),
        ([], "required"),
        # A flag with no command was refused as "COMMAND is required", not by its name.
        (["--versoin"], "oogames: error: unrecognized arguments: --versoin; did you mean"),
        (["--first", "1"], "--first is a flag of oogames play and oogames match (see oogames"),
        (["demo", "--version"], "arguments: --version; --version is a flag of oogames (see"),
        (  # refused by the subcommand, with the flag of its own nearest the one mistyped
            ["tree", "tictactoe", "--output", "t.svg"],
            "oogames tree: error: unrecognized arguments: --output t.svg; did you mean --out?"
            " (see oogames tree --help)",
        ),
        (["play", "nim", "--max_add", "3"], "--max_add 3; did you mean --max-add?"),
        (["demo", "rolit", "nim"], "oogames demo: error: unrecognized arguments: nim (see"),
        (  # no flag of its own near: the subcommands that take it are named
            ["demo", "rolit", "--first", "maxn:2"],
            "unrecognized arguments: --first maxn:2; --first is a flag of oogames play and"
            " oogames match (see oogames demo --help)",
        ),
        (["play", "nim", "--depht", "3"], "unrecognized arguments: --depht 3 (see"),
        (  # a flag that is one value here and another subcommand's list is named as that
            ["demo", "kalah", "--players", "mcts:50,random"],
            "oogames demo: error: --players must be a whole number, not"
            " 'mcts:50,random'; --players A,B,... is oogames tournament's: the strategies (see",
        ),
        (["compare", "nim", "--k", "3,4"], "; --k K,... is oogames match's: numbers in a row"),
        (["demo", "--seed", "x"], "not 'x' (see oogames demo --help)"),  # no list elsewhere
        (  # words after a list's first item: shown joined to it
            ["tournament", "nim", "--players", "random", "alphabeta:3", "mcts", "--games", "2"],
            "unrecognized arguments: alphabeta:3 mcts; a list is one word, its items joined by"
            " commas: --players random,alphabeta:3,mcts (see",
        ),
        (
            ["tournament", "nim", "--players=random", "alphabeta"],
            "commas: --players random,alphabeta (see",
        ),
        (["demo", "grundy", "--heaps", "3", "4", "5"], "joined by commas: --heaps 3,4,5 (see"),
        (["match", "--depths", "2", "3"], "joined by commas: --depths 2,3 (see"),
        (  # a position's moves: one word, in quotes
            ["tree", "tictactoe", "--moves", "b2", "a1", "c3", "--depth", "2"],
            'unrecognized arguments: a1 c3; a list is one word, its items in quotes: --moves "b2'
            ' a1 c3" (see oogames tree --help)',
        ),
        (["compare", "nim", "--moves", "1", "2", "--moves", "3"], '--moves "1 2" (see'),
        (  # the words refused: the first 20 shown
            ["play", "nim", *(f"w{i}" for i in range(25))],
            "unrecognized arguments: w0 w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17"
            " w18 w19 ... (5 more) (see",
        ),
        (["play", *["nim"] * 5_001], "oogames: error: 5,002 arguments: at most 5,000 (a list is"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bad argument prints a one-line reason and exits with status 2, no traceback."""
    exits_with_message(argv, message, lambda: capsys.readouterr().err)


def test_python_dash_m_runs_the_command() -> None:
    """python -m oogames is the same command."""
    done = subprocess.run(
        [sys.executable, "-m", "oogames", "list"], capture_output=True, text=True, check=True
    )
    assert "tictactoe" in done.stdout


@pytest.mark.parametrize("command", [command.name for command in ALL_COMMANDS])
def test_every_help_page_reads_cleanly(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """``oogames COMMAND --help`` prints its usage and text with no formatting left over
    (a doubled percent sign, a format field)."""
    from oogames.cli import main

    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith(f"usage: oogames {command}")
    assert "%%" not in text and "%(" not in text, text


def test_a_board_option_whose_flag_a_command_takes_is_named_in_its_opt_help(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """In ``oogames tournament``, ``--players`` names the strategies: its ``--opt`` help
    says how the players of Pig and Rolit are given (it spoke of plug-in games only);
    ``oogames play``, where ``--players`` is the games' flag, says nothing of it."""
    from oogames.cli import main

    def help_of(command: str) -> str:
        with pytest.raises(SystemExit):
            main([command, "--help"])
        return " ".join(capsys.readouterr().out.split())

    said = "the players of pig, rolit, whose flag this command takes for itself: --opt players=N"
    assert said in help_of("tournament")
    assert "--opt players" not in help_of("play") and "--players PLAYERS" in help_of("play")


def test_the_command_and_the_package_metadata_say_what_oogames_is_in_the_packages_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``oogames --help`` and setup.cfg's description both open with the summary of the
    package's docstring (the CLI used to say "Two-player games" after more players came)."""
    import configparser
    from pathlib import Path

    from oogames.cli import main, package_summary

    summary = package_summary()
    assert summary.startswith("Turn-based games of perfect information (two players, more")
    with pytest.raises(SystemExit):
        main(["--help"])
    assert " ".join(capsys.readouterr().out.split()).find(summary) > 0
    config = configparser.ConfigParser()
    config.read(Path(__file__).parent.parent / "setup.cfg")
    assert config["metadata"]["description"].startswith(summary.removesuffix("."))


def test_the_version_is_written_once_and_the_command_says_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``oogames --version`` prints the package's ``__version__``, and setup.cfg reads the
    version from there (it was written in both)."""
    import configparser
    from importlib.metadata import version
    from pathlib import Path

    import oogames
    from oogames.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"oogames {oogames.__version__}\n"
    config = configparser.ConfigParser()
    config.read(Path(__file__).parent.parent / "setup.cfg")
    assert config["metadata"]["version"] == "attr: oogames.__version__"
    assert version("oogames") == oogames.__version__  # the installed metadata agrees


def test_every_flag_says_the_range_and_the_default_the_parser_uses() -> None:
    """Each flag's help states its default once, from the value the parser uses, and a
    ranged flag the range its type reads (the help wrote both again by hand: the port's
    "(8000)", --time-margin's range, a default said twice). Checked on every subcommand;
    the board flags, which the games' declarations write, have tests of their own."""
    import argparse

    from oogames.cli import build_parser
    from oogames.cli.common import BOARD_FLAGS, Ranged

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    board_flags = {name.replace("-", "_") for name in BOARD_FLAGS}
    checked = 0
    for name, sub in commands.choices.items():
        for action in sub._actions:
            words = action.help or ""
            if not words or action.dest in board_flags | {"help", "game"}:
                continue
            where = (name, action.dest, words)
            assert words.count("(default") <= 1 and words.count("default") <= 2, where
            if isinstance(action.type, Ranged) and action.type.told:
                assert action.type.span() in words, where
                count("a ranged flag's help states the range its type reads")
            default = action.default
            if not (default is None or default is False or default in ("", [])):  # 0 counts
                if isinstance(default, int | float):
                    said = {f"{default:,.10g}", f"{default:.10g}"}
                else:
                    said = {str(default)}
                assert any(f"(default {text}" in words for text in said), where
                count("a flag's help states the default the parser uses")
            checked += 1
    assert checked > 60, checked


def test_every_number_flag_refuses_a_value_in_one_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A value refused by a flag's type reads the same in every subcommand, the board
    flags' too: ``FLAG must be ..., not 'VALUE'``, as the board options refused after
    parsing read (three forms before: "argument --games: the value must be ...",
    "argument --seed: a whole number of at most 18 digits ...", "argument --players: must
    be ..."). Tried on every flag with a type, with a word and, where it has a bound, a
    number past it."""
    import argparse

    from oogames.cli import build_parser, main
    from oogames.cli.common import Ranged

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    tried = set()
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.type is None or not action.option_strings:
                continue
            flag = action.option_strings[0]
            bad = ["x"]
            if isinstance(action.type, Ranged):  # past its bound, or too long to read
                high = action.type.high
                bad.append("9" * 19 if high is None else f"{high * 10:g}")
            game = ["tictactoe"] if any(a.dest == "game" for a in sub._actions) else []
            for value in bad:
                with pytest.raises(SystemExit):
                    main([name, *game, flag, value])
                said = capsys.readouterr().err
                assert said.startswith(f"oogames {name}: error: {flag} must be "), said
                assert f"not '{value}'" in said and said.count("\n") == 1, said
                count("a number flag's refusal, in its one form")
            tried.add(flag)
    assert {"--games", "--seed", "--port", "--players", "--pits", "--time-margin"} <= tried


def test_a_value_of_60000_characters_in_any_flag_is_refused_in_a_short_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Every flag that takes a value, in every subcommand, given 60,000 characters: one
    line of at most MESSAGE_WIDTH characters and its prefix, or a run that ends well. The
    values were quoted whole where another library's message held them (``serve --host``,
    ``match --scheduler``, a ``--db`` path): lines of 60,000 characters."""
    import argparse

    from oogames.cli import build_parser, main
    from oogames.errors import MESSAGE_WIDTH

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    value = "x" * 60_000
    for name, sub in commands.choices.items():
        game = ["tictactoe"] if any(a.dest == "game" for a in sub._actions) else []
        for action in sub._actions:
            if not action.option_strings or action.nargs == 0 or action.dest == "help":
                continue
            flag = action.option_strings[0]
            port = ["--port", "1"] if name == "serve" else []  # a server, if it started
            try:
                main([name, *game, f"{flag}={value}", *port], out=io.StringIO())
            except SystemExit as stopped:
                assert stopped.code == 2, (name, flag)
            said = capsys.readouterr().err
            assert said.count("\n") <= 1 and "Traceback" not in said, (name, flag)
            assert len(said) <= MESSAGE_WIDTH + 100, (name, flag, said[:200])
            count("a flag given 60,000 characters, refused in a short line")


def test_every_word_of_a_list_of_choices_is_refused_as_a_name_is(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A subcommand, an assignment, a strictness or a format not among its choices is
    refused as an unknown game or strategy is (errors.unknown): ``unknown WHAT 'WORD';
    choose one of: ...``, with the nearest choice; argparse wrote "argument --format:
    invalid choice: 'x' (choose from 'text', 'json')". Tried on every argument with
    choices, in every subcommand."""
    import argparse

    from oogames.cli import build_parser, main

    parser = build_parser()
    commands = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    cases = [([], commands, "command")]
    for name, sub in commands.choices.items():
        for action in sub._actions:
            if action.choices is not None:
                what = (action.option_strings or [action.dest])[0].lstrip("-")
                cases.append(([name], action, what))
    assert len(cases) >= 6, cases
    for words, action, what in cases:
        known = [str(choice) for choice in action.choices]
        near = known[-1][:-1] + "?"  # one letter off the last choice
        for word in ("zzz", near):
            argv = [*words, word] if not action.option_strings else [*words]
            if action.option_strings:
                argv += [action.option_strings[0], word]
            elif words == ["grade"]:
                argv.append("submission.py")
            with pytest.raises(SystemExit):
                main(argv)
            said = capsys.readouterr().err
            prog = " ".join(["oogames", *words])
            expected = f"{prog}: error: unknown {what} '{word}'; choose one of: {', '.join(known)}"
            assert said.startswith(expected), said
            assert (f"; did you mean {known[-1]}?" in said) == (word == near), said
            count("a word not among its choices, refused as a name is")


def test_files_a_user_names_are_read_and_written_by_one_pair_of_functions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file the command line writes or reads whole for a flag goes through
    parsing.write_user_file / read_user_file: one line naming the flag and the file. The
    writers said it in two forms; the openings and names files were read with no limit
    (``/dev/zero`` ran the process out of memory)."""
    from oogames.errors import SettingsError, UsageError
    from oogames.grading.leaderboard import read_names
    from oogames.parsing import read_user_file, write_user_file

    monkeypatch.chdir(tmp_path)  # short names, shown whole
    (tmp_path / "dir").mkdir()
    folder, missing = "dir", "no/such.txt"
    for target, reason in ((folder, "Is a directory"), (missing, "No such file or directory")):
        for flag in ("--out", "--report", "--output"):
            with pytest.raises(UsageError) as caught:
                write_user_file(target, "text", flag)
            assert str(caught.value) == f"{flag}: cannot write {target!r}: {reason}"
    out = "tree.txt"
    written = write_user_file(out, "é\udc80", "--out")  # a lone surrogate is replaced
    assert written.read_text(encoding="utf-8") == "é?"
    latin = Path("latin.txt")
    latin.write_bytes(b"caf\xe9")
    cases = [
        ("/dev/zero", "'/dev/zero' is over 16,777,216 bytes"),
        (str(latin), f"{str(latin)!r} is not UTF-8 text"),
        (missing, f"cannot read {missing!r}: No such file or directory"),
        (folder, f"cannot read {folder!r}: Is a directory"),
    ]
    checked = 0
    for path, said in cases:
        with pytest.raises(UsageError, match=f"^--openings-file: {re.escape(said)}$"):
            read_user_file(path, "--openings-file")
        with pytest.raises(SettingsError, match=f"^--names: {re.escape(said)}$"):
            read_names(Path(path))
        checked += 2
    tournament = ["tournament", "tictactoe", "--players", "random,random", "--games", "1"]
    db = ["--db", "t.sqlite"]
    exits_with_message(
        [*tournament, *db, "--openings-file", "/dev/zero"],
        "--openings-file: '/dev/zero' is over 16,777,216 bytes",
        lambda: capsys.readouterr().err,
    )
    exits_with_message(
        [*tournament, *db, "--report", folder],
        f"--report: cannot write {folder!r}: Is a directory",
        lambda: capsys.readouterr().err,
    )
    exits_with_message(
        ["tree", "tictactoe", "--strategy", "minimax:1", "--out", missing],
        f"--out: cannot write {missing!r}: No such file or directory",
        lambda: capsys.readouterr().err,
    )
    print(f"checked: refusals of files read: {checked}, written: 6, through the command: 3")


def test_the_errors_the_docs_show_are_the_errors_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Each ``$ oogames ...`` of the docs followed by an ``oogames ...: error`` line prints that
    line (exit status 2), as shown; one whose output goes to a file (``> /dev/full``) is run
    so, and prints its line with status 1."""
    docs = Path(__file__).resolve().parents[1] / "docs"
    shown = [
        (page.name, command, lines[number + 1].strip())
        for page in sorted(docs.rglob("*.rst"))
        for lines in [page.read_text(encoding="utf-8").splitlines()]
        for number, line in enumerate(lines[:-1])
        for command in re.findall(r"^\s*\$ oogames (.*)$", line)
        if re.match(r"oogames( \w+)?: error", lines[number + 1].strip())
    ]
    for _page, command, message in shown:
        words, _, sent_to = command.partition(" > ")
        if sent_to and not Path(sent_to).exists():  # /dev/full is Linux's
            continue
        if sent_to:
            with open(sent_to, "w") as output:
                done = subprocess.run(
                    [sys.executable, "-m", "oogames", *shlex.split(words)],
                    stdout=output,
                    stderr=subprocess.PIPE,
                    text=True,
                    timeout=60,
                )
            assert (done.returncode, done.stderr) == (1, message + "\n")
        else:
            exits_with_message(shlex.split(command), message, lambda: capsys.readouterr().err)
        count("an error transcript of the docs printed as shown")
    assert len(shown) >= 3


def test_the_command_page_names_the_page_of_every_subcommand() -> None:
    """docs/cli.rst lists the subcommands from their declarations (a doctest) and says
    where each is documented: a subcommand added is named there too."""
    from oogames.cli import ALL_COMMANDS

    page = (Path(__file__).resolve().parents[1] / "docs" / "cli.rst").read_text(encoding="utf-8")
    head = page.split("\nErrors\n")[0]
    for command in ALL_COMMANDS:
        assert f"``oogames {command.name}``" in head, command.name
        count("a subcommand the command page names")


def test_the_listing_fits_a_terminal_80_wide_and_wraps_under_each_text() -> None:
    """``oogames list`` wraps a long line at 79 columns, its text under its text (Kalah's
    summary under the summary, not under the name), and loses no word."""
    import io

    from oogames.cli.listing import WIDTH, _listing, run_list

    out = io.StringIO()
    run_list(out)
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= WIDTH < max(len(line) for line in _listing())
    assert out.getvalue().split() == "\n".join(_listing()).split()
    kalah = next(at for at, line in enumerate(lines) if line.startswith("  kalah "))
    assert lines[kalah + 1].index(lines[kalah + 1].strip()) == lines[kalah].index("Kalah:")
    aspiration = next(line for line in lines if line.startswith("  +aspiration "))
    assert aspiration.split("with @SECONDS")[0] == "  +aspiration  "


def test_the_listing_names_each_games_computer_the_one_a_side_not_named_gets(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The help of ``--player1`` sends to ``oogames list`` for the default computer, which
    a game may name itself (Pig's expectimax@1): the listing names each game's, and it is
    the one ``oogames demo GAME`` plays with no player named."""
    import io

    from helpers import count

    from oogames.cli import main
    from oogames.cli.listing import run_list
    from oogames.game.settings import default_player
    from oogames.games import GAMES

    out = io.StringIO()
    run_list(out)
    listed = out.getvalue().splitlines()
    for name, info in GAMES.items():
        at = next(at for at, line in enumerate(listed) if line.startswith(f"  {name} "))
        computer = str(default_player(info))
        said = next(line for line in listed[at:] if line.lstrip().startswith("computer:"))
        assert said.split() == ["computer:", computer, "(where", "none", "is", "named)"]
        count("games whose computer the listing names")
    capsys.readouterr()
    main(["demo", "pig", "--target", "2", "--seed", "1"], out=(played := io.StringIO()))
    assert "  A: expectimax@1\n  B: expectimax@1\n" in played.getvalue()


def test_every_help_fits_a_terminal_80_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """``oogames --help`` and each subcommand's help, at a terminal 80 wide: no line longer
    (argparse wraps the texts, not a usage's list of choices: ``oogames grade``'s
    assignments made two lines of 87 and 90 columns)."""
    import contextlib
    import io

    from oogames.cli import ALL_COMMANDS, main

    monkeypatch.setenv("COLUMNS", "80")
    for words in [["--help"], *([command.name, "--help"] for command in ALL_COMMANDS)]:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
            main(words, out=out)
        lines = out.getvalue().splitlines()
        assert len(lines) > 3 and max(map(len, lines)) <= 80, (words, max(lines, key=len))
        count("a help that fits 80 columns")


def test_the_demo_keeps_a_copy_in_step_for_each_player(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each player of ``oogames demo`` searches a copy of the board kept in step: one copy
    each for the game, not one replaying the whole game at every move (Nim to 16,000
    took 45 s)."""
    import io

    from oogames.board.model import ABoardModel
    from oogames.cli import main

    copies = []
    real_copy = ABoardModel.copy

    def counted(board: ABoardModel) -> ABoardModel:
        copies.append(board.ply)
        return real_copy(board)

    monkeypatch.setattr(ABoardModel, "copy", counted)
    out = io.StringIO()
    assert (
        main(["demo", "nim", "--target", "400", "--player0", "random", "--player1", "random"], out)
        == 0
    )
    played = int(out.getvalue().split("has won after ")[1].split()[0])
    assert played > 150 and copies == [0, 1]  # one copy each, at the first move of each


def _free_port() -> str:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return str(sock.getsockname()[1])


#: One short run of each subcommand, to see it fail to write its output.
WRITERS = {
    "demo": ["nim", "--target", "5"],
    "list": [],
    "load": ["SAVED"],
    "play": ["nim", "--player0", "minimax", "--player1", "alphabeta"],
    "tree": ["nim", "--target", "3"],
    "compare": ["tictactoe"],
    "solve": ["tictactoe"],
    "serve": ["--port", "PORT", "--data", "DATA"],
    "tournament": ["nim", "--players", "minimax,alphabeta", "--games", "2"],
    "match": ["--sizes", "4x4", "--k", "3", "--depths", "2"],
    "grade": ["rice-alphabeta", str(Path(__file__).parent / "submissions" / "rice_deep.py")],
}


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("name", sorted(WRITERS))
def test_output_that_cannot_be_written_is_one_line(name: str, tmp_path: Path) -> None:
    """Each subcommand with its output sent to a full disk (``/dev/full``) says so in one
    line and ends with status 1. Before, each printed a traceback."""
    from oogames.cli import RUN
    from oogames.game import GameModel, GameSettings, PlayerSpec
    from oogames.game.saving import save_game

    assert set(WRITERS) == set(RUN)  # every subcommand is tried
    if name == "serve":
        pytest.importorskip("starlette")  # without it, serve says it needs it
    computers = (PlayerSpec("minimax"), PlayerSpec("alphabeta"))
    model = GameModel(GameSettings(game="nim", players=computers), start=False)
    save_game(tmp_path / "saved.json", model.settings, model.board)
    given = {"PORT": _free_port(), "DATA": str(tmp_path), "SAVED": str(tmp_path / "saved.json")}
    words = [given.get(word, word) for word in WRITERS[name]]
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "oogames", name, *words],
            stdout=full,
            stdin=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"oogames {name}: error: No space left on device\n"
    count("subcommands told their output cannot be written")


@pytest.mark.parametrize(
    "words",
    [["demo", "connectfour"], ["play", "nim", "--player0", "minimax", "--player1", "alphabeta"]],
)
def test_a_reader_that_stops_reading_ends_the_command_quietly(words: list[str]) -> None:
    """``oogames demo | head -1``: the reader takes one line and goes; the command ends with
    status 1 and says nothing (no traceback, from any thread: the console's thinking notice
    is written from a timer's)."""
    with subprocess.Popen(
        [sys.executable, "-m", "oogames", *words],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as command:
        assert command.stdout is not None and command.stderr is not None
        assert command.stdout.readline()
        command.stdout.close()  # the reader goes
        said = command.stderr.read()
        assert command.wait(timeout=120) == 1
    assert said == b""
    count("commands ended quietly by a reader gone")


def test_a_solve_whose_progress_reader_goes_stops() -> None:
    """``oogames solve connectfour 2>&1 | head -1``: the reader of the progress lines takes
    one and goes; the solve stops at the next line (it went on to the end: hours, for the
    7 x 6 board) and ends with status 1, saying nothing more."""
    command = subprocess.Popen(
        [sys.executable, "-m", "oogames", "solve", "connectfour"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert command.stdout is not None and command.stderr is not None
        assert command.stderr.readline().startswith(b"oogames solve: proven for the side")
        command.stderr.close()  # the reader goes
        assert command.wait(timeout=60) == 1
        assert command.stdout.read() == b""
    finally:
        command.kill()
        command.wait()
    count("solves stopped by their progress reader going")


_CTRL_C_AS_THE_CLI_IS_IMPORTED = """
import importlib.abc, os, signal, sys
class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "oogames.cli":
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, CtrlC())
"""


@pytest.mark.parametrize("how", ["oogames", "python -m oogames"])
def test_ctrl_c_while_the_command_starts_ends_it_without_a_traceback(how: str) -> None:
    """Ctrl-C in the half second that Python takes to import the command line (a Ctrl-C
    sent as the command's own module begins to load) ends the command at once, saying
    nothing, as the system ends a program that has not begun: status -SIGINT (130 from a
    shell). Before, Python's own handler raised KeyboardInterrupt inside whatever import
    it landed in, and the command printed that import's traceback: 11 of 40 Ctrl-Cs sent
    at random moments of ten commands did (one more printed Dask's). The command's entry
    point is the one that guards it."""
    import importlib.metadata
    import signal

    (entry,) = importlib.metadata.entry_points(group="console_scripts", name="oogames")
    assert entry.value == "_oogames_launch:main"
    start = {
        "oogames": AS_THE_COMMAND,
        "python -m oogames": "import runpy; runpy.run_module('oogames', run_name='__main__')",
    }[how]
    code = CTRL_C_AS_AT_A_TERMINAL + _CTRL_C_AS_THE_CLI_IS_IMPORTED + start
    done = subprocess.run(
        [sys.executable, "-c", code, "list"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (done.returncode, done.stdout, done.stderr) == (-signal.SIGINT, "", "")
    count("commands stopped by Ctrl-C as they started")


def test_ctrl_c_while_the_arguments_are_read_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while the command reads its arguments (the parser made, the plug-ins' games
    looked up): one line and status 130, as later; before, a traceback."""
    import oogames.cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(oogames.cli, "build_parser", interrupted)
    assert oogames.cli.main(["list"]) == 130
    assert capsys.readouterr().err == "oogames: interrupted\n"


@pytest.mark.parametrize("how", ["oogames", "python -m oogames"])
def test_an_output_or_an_input_that_cannot_take_every_character_ends_no_command(
    tmp_path: Path, how: str
) -> None:
    """Where the terminal's encoding is ASCII (``PYTHONIOENCODING=ascii``; a Windows code
    page is alike), ``oogames tree`` printed its first line and ended with a traceback
    (its lines are box drawing), and a name typed with an accent at the console's prompt
    ended the game with one (the input could not be read). The tree is drawn in ASCII;
    a move typed so is refused in one line, and a save typed so is saved, its name as the
    bytes typed."""
    start = (
        [sys.executable, "-c", AS_THE_COMMAND]
        if how == "oogames"
        else [sys.executable, "-m", "oogames"]
    )
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    tree = subprocess.run(
        [*start, "tree", "tictactoe", "--moves", "a1", "--max-nodes", "8"],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert tree.returncode == 0 and not tree.stderr, tree.stderr
    assert "|-- " in tree.stdout and "`-- " in tree.stdout and tree.stdout.isascii()
    typed = "zo\N{LATIN SMALL LETTER E WITH DIAERESIS}"
    played = subprocess.run(
        [*start, "play", "tictactoe"],
        input=f"{typed}\nsave {typed}.json\nquit\n".encode(),
        capture_output=True, cwd=tmp_path, env=env, timeout=120,
    )  # fmt: skip
    said = played.stdout.decode("ascii") + played.stderr.decode("ascii")
    assert played.returncode == 0 and "Traceback" not in said, said
    assert "! illegal move 'zo\\udcc3\\udcab'" in said
    assert (tmp_path / f"{typed}.json").is_file()
    count("commands that met an ASCII terminal")


def _closed_input() -> None:
    os.close(0)


def test_a_console_game_with_its_input_closed_ends_as_at_the_end_of_input(
    tmp_path: Path,
) -> None:
    """``oogames play <&-`` (standard input closed, so Python has no ``sys.stdin``) ended
    with a traceback (``'NoneType' object has no attribute 'isatty'``); now the closed
    input is the null device, and the game ends as at the end of input, saying nothing
    else."""
    played = subprocess.run(
        [sys.executable, "-c", AS_THE_COMMAND, "play", "tictactoe"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, cwd=tmp_path,
        preexec_fn=_closed_input, timeout=120,
    )  # fmt: skip
    assert played.returncode == 0 and not played.stderr, played.stderr
    assert played.stdout.rstrip().endswith("X (human) >")
    count("console games with their input closed")


_THREADING_PLUG_IN = """
import threading, time
from oogames import RandomValidMove

def forever():
    while True:
        time.sleep(0.1)

class Bot(RandomValidMove):
    def __init__(self, depth=None):
        super().__init__()
        threading.Thread(target=forever, name="the plug-in's own").start()  # not a daemon

class Raising(Bot):
    def analyze(self, board, player=None):
        raise ValueError("no move")
"""


@pytest.mark.parametrize("how", ["oogames", "python -m oogames"])
def test_a_thread_a_plug_in_leaves_running_keeps_no_command_from_ending(
    tmp_path: Path, how: str
) -> None:
    """A plug-in that starts a thread (not a daemon) and never ends it: ``oogames play``
    with it, quit, ``oogames tournament`` (which scores what its code raised as a crash)
    and ``oogames demo`` (which ends with status 2 for it) never ended (Python waits for
    such threads). Each ends with its status and one line naming the thread."""
    (tmp_path / "threading_bot.py").write_text(_THREADING_PLUG_IN)
    start = (
        [sys.executable, "-c", AS_THE_COMMAND]
        if how == "oogames"
        else [sys.executable, "-m", "oogames"]
    )
    raising = "threading_bot.py:Raising"
    runs = [
        (["play", "tictactoe", "--player1", "threading_bot.py:Bot"], "b2\nquit\n", 0),
        (["tournament", "nim", "--players", f"{raising},random", "--db", ":memory:"], "", 0),
        (["demo", "tictactoe", "--player0", raising, "--player1", "random"], "", 2),
    ]
    for argv, typed, status in runs:
        done = subprocess.run(
            [*start, *argv], input=typed, capture_output=True, text=True, cwd=tmp_path, timeout=60
        )
        said = done.stderr.splitlines()
        assert done.returncode == status, done.stderr  # (demo shows the plug-in's traceback)
        assert said[-1].endswith("still running and end with it: the plug-in's own"), said
        count("commands whose plug-in left a thread running, ended")
