"""A game's options are declared once (``OPTIONS`` beside each board): the board checks
with them, the command line's flags and help are made from them, the settings screens
read and write them, and a plug-in board may declare them too."""

from __future__ import annotations

import inspect
import io
import itertools
import pickle
import re
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from helpers import count
from hypothesis import given
from hypothesis import strategies as st

from oogames.board.options import Option
from oogames.cli import build_parser, main
from oogames.cli.common import BOARD_FLAGS
from oogames.errors import BoardOptionError
from oogames.games import GAMES, GameInfo, NimBoard, declared_options, find_game, nim_distance

ROOT = Path(__file__).resolve().parent.parent
DECLARED = [(info, option) for info in GAMES.values() for option in info.declared]


def cli_error(*argv: str) -> str:
    """What the oogames command prints on standard error for ``argv`` (it must exit 2)."""
    err = io.StringIO()
    with redirect_stderr(err), pytest.raises(SystemExit) as ended:
        main(list(argv), out=io.StringIO())
    assert ended.value.code == 2
    return err.getvalue()


def test_each_game_declares_its_constructors_options_with_its_defaults() -> None:
    """A declared option is a keyword of the board's constructor with the same default,
    and the default board reports it under that name."""
    for info, option in DECLARED:
        parameter = inspect.signature(info.board).parameters[option.name]
        assert parameter.default == option.default, (info.name, option.name)
        assert info.board().options()[option.name] == option.check(option.default)
        assert option.help, (info.name, option.name)
        count("declared option = constructor's default")
    assert len(DECLARED) == 17


def test_each_boards_docstring_gives_the_ranges_its_options_declare() -> None:
    """A board's docstring says each option's range again (its Args: section, what help()
    and the API pages show); each bound written there is the declaration's, so that a
    range changed in ``OPTIONS`` and not in the text is caught."""
    for info, option in DECLARED:
        if option.low is None and option.high is None:
            continue  # a switch, or a text: no range to state
        section = (inspect.getdoc(info.board) or "").partition("Args:")[2]
        found = re.search(rf"^    {option.name}: (.*(?:\n        .*)*)", section, re.MULTILINE)
        assert found, f"{info.name}'s docstring does not describe {option.name}"
        words = set(re.findall(r"[\d,]*\d", found.group(1)))
        for bound in (option.low, option.high):
            if bound is not None:
                assert f"{bound:,}" in words, (info.name, option.name, bound, found.group(1))
                count("option bound stated in its board's docstring")


def test_each_declared_option_reads_back_what_it_writes() -> None:
    """``read(write(value))`` is the value, for each option's default and its bounds."""
    for _, option in DECLARED:
        values = [option.default]
        if option.kind == "whole":
            values += [v for v in (option.low, option.high) if v is not None]
        for value in values:
            assert option.read(option.write(value)) == option.check(value)
            count("option read back")


def test_out_of_range_values_are_refused_by_the_board_naming_the_option() -> None:
    """A value below or above the declared range makes the board refuse it, the error
    naming the option (as data, and at the start of its message)."""
    for info, option in DECLARED:
        if option.kind != "whole":
            continue
        bad = [option.low - 1] + ([option.high + 1] if option.high is not None else [])
        for value in bad:
            with pytest.raises(BoardOptionError) as refused:
                info.make(**{option.name: value})
            assert refused.value.option == option.name
            assert str(refused.value).startswith(f"{option.name} must be")
            count("out-of-range option refused")


def test_a_default_the_options_given_put_out_of_range_is_said_to_be_the_default() -> None:
    """``--target 1`` alone was refused as "--max-add must be ... from 1 to 1, not 3", a 3
    the user never wrote: a default left out of range by the options given says so. Each
    set of whole options of each game is given its least values; where another option
    is then refused, it is one the user did not give, and the message says it is a
    default (a refused option the user gave does not)."""
    for info in GAMES.values():
        wholes = [option for option in info.declared if option.kind == "whole"]
        for size in range(1, len(wholes) + 1):
            for chosen in itertools.combinations(wholes, size):
                least = {option.name: option.low for option in chosen}
                try:
                    info.make(**least)
                except BoardOptionError as refused:
                    assert refused.option not in least
                    assert str(refused).endswith("(the default; give one that fits)")
                    count("a default put out of range, said to be the default")
    with pytest.raises(BoardOptionError) as written:
        find_game("nim").make(target=1, max_add=3)
    assert str(written.value) == "max_add must be a whole number from 1 to 1, not 3"
    message = cli_error("demo", "nim", "--target", "1")
    assert message.startswith("oogames demo: error: --max-add must be a whole number from 1 to 1")
    assert message.rstrip().endswith("not 3 (the default; give one that fits)"), message


def test_the_command_line_names_the_flag_of_a_refused_option() -> None:
    """``--max-add 0`` is refused as ``--max-add must be ...``: the flag, not the name."""
    for info, option in DECLARED:
        if option.kind != "whole":
            continue
        message = cli_error("demo", "--game", info.name, option.flag, str(option.low - 1))
        assert message.startswith(f"oogames demo: error: {option.flag} must be"), message
        count("refused option named by its flag")


def test_every_flag_and_its_help_come_from_the_declarations() -> None:
    """Each declared option is a flag of every command that takes a game, its help made
    from the declaration (meaning, range and default) of each game that takes it."""
    assert set(BOARD_FLAGS) == {option.name for _, option in DECLARED}
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name in ("demo", "play", "tree", "compare", "solve", "tournament"):
        actions = {action.dest: action for action in commands[name]._actions}
        taken = commands[name].get_default("board_flags_taken")
        for info, option in DECLARED:
            if option.name in taken:  # the subcommand's own flag (tournament --players)
                assert commands[name].get_default("board_flags_taken") == {"players"}
                continue
            action = actions[option.name]
            assert option.flag in action.option_strings
            assert option.meaning() in (action.help or "") and info.name in (action.help or "")
            count("flag made from a declaration")


def test_the_settings_text_is_read_with_the_declarations() -> None:
    """The settings screens' ``name=value`` words are each game's options, read back."""
    for info in GAMES.values():
        text = info.options_text()
        assert info.read_options(text) == {
            option.name: option.check(option.default) for option in info.declared
        }
        count("settings text read back")


@given(st.sampled_from([option for _, option in DECLARED]), st.text(max_size=12))
def test_any_text_is_a_value_or_one_clear_line(option: Option, text: str) -> None:
    """Whatever is typed for an option, it reads as a value of its kind or is refused in
    one line naming the option."""
    try:
        value = option.read(text)
    except BoardOptionError as error:
        assert error.option == option.name and "\n" not in str(error)
        return
    assert isinstance(value, {"whole": int, "switch": bool, "wholes": tuple}[option.kind])


def test_a_refused_option_survives_a_trip_to_another_process() -> None:
    """A BoardOptionError keeps its option when pickled (a tournament worker sends it)."""
    error = BoardOptionError("must be even, not 5", option="size")
    again = pickle.loads(pickle.dumps(error))
    assert (again.option, again.problem, str(again)) == ("size", "must be even, not 5", str(error))
    assert str(error.naming("--size")) == "--size must be even, not 5"


def test_a_plugin_board_declares_its_options_like_a_built_in_game() -> None:
    """The tutorial's plug-in declares its option as the built-in games do: its help and
    range are used as declared, not guessed from the constructor."""
    info = find_game(str(ROOT / "demos" / "twenty_one.py") + ":TwentyOne")
    assert info.declared == info.board.OPTIONS and info.options_text() == "target=21"
    with pytest.raises(BoardOptionError, match="target must be a whole number from 1 to 1,000"):
        info.make(**info.read_options("target=1001"))
    for typed in (["--opt", "target=0"], ["--target", "0"]):  # nim's flag serves it too
        message = cli_error("demo", "--game", info.name, *typed)
        assert message.startswith("oogames demo: error: --target must be a whole number"), message


def test_an_option_given_twice_is_refused_not_taken_the_later() -> None:
    """``rows=4 rows=5`` (the page's options, the terminal board's, ``--opt`` twice), and an
    option given by its flag and by ``--opt``: refused in one line. The later one was
    taken, without a word."""
    info = find_game("tictactoe")
    for text in ("rows=4 rows=5", "k=3 rows=4 k=3"):
        with pytest.raises(BoardOptionError, match=r"^(rows|k) is given twice: give each"):
            info.read_options(text)
    for typed in (["--opt", "rows=4", "--opt", "rows=5"], ["--k", "3", "--opt", "k=2"]):
        message = cli_error("play", "tictactoe", *typed)
        assert "is given twice" in message and "\n" not in message.strip(), message
    assert (
        cli_error("play", "tictactoe", "--k", "3", "--opt", "k=2")
        .strip()
        .endswith("k is given twice (--k and --opt): give each option once")
    )


def test_a_subclass_with_a_constructor_of_its_own_has_that_constructors_options() -> None:
    """OPTIONS declares the constructor of the class that declares it: a plug-in that
    subclasses a built-in board and adds a parameter takes it (read from its constructor),
    and a subclass that keeps the constructor keeps the declaration."""

    class BigNim(NimBoard):
        def __init__(self, target: int = 21, max_add: int = 3, bonus: int = 0) -> None:
            super().__init__(target, max_add)
            self.bonus = bonus

    class SameNim(NimBoard):
        pass

    assert declared_options(SameNim) == NimBoard.OPTIONS
    assert [option.name for option in declared_options(BigNim)] == ["target", "max_add", "bonus"]
    info = GameInfo("bignim", BigNim, nim_distance, "Nim with a bonus", origin="test")
    board = info.make(**info.read_options("bonus=2 max_add=4"))
    assert (board.options()["bonus"], board.options()["max_add"]) == (2, 4)


def test_a_declaration_for_an_inherited_constructor_is_used() -> None:
    """A subclass that declares OPTIONS without a constructor of its own declares the
    constructor it inherits: its declaration is used as written."""

    class TallNim(NimBoard):
        OPTIONS = (Option("target", 21, "the total that wins", low=1, high=50), NimBoard.OPTIONS[1])

    assert declared_options(TallNim) == TallNim.OPTIONS
