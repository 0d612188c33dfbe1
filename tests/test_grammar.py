"""The strategy spec: one parser, one printer, one set of rules, the help made from its tables."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from oogames.errors import StrategySpecError
from oogames.game.settings import PlayerSpec
from oogames.nextmove.grammar import (
    DRIVERS,
    ENHANCEMENTS,
    MAX_DEPTH,
    MAX_ITERATIONS,
    PLAIN,
    SAMPLER_ENHANCEMENTS,
    SAMPLERS,
    SEARCHES,
    StrategySpec,
    enhancements_of,
    grammar_help,
    player_help,
)
from oogames.nextmove.specs import make_strategy, parse_spec, with_depth


def every_name() -> list[str]:
    """Each base with each subset of the enhancements it may take (aspiration aside)."""
    names = list(PLAIN)
    for base in [*SEARCHES, *DRIVERS]:
        plain_enhancements = [name for name in enhancements_of(base) if name != "aspiration"]
        for size in range(len(plain_enhancements) + 1):
            for chosen in itertools.combinations(plain_enhancements, size):
                names.append("+".join((base, *chosen)))
    for base in SAMPLERS:
        names += [base, *(f"{base}+{name}" for name in SAMPLER_ENHANCEMENTS)]
    return names


def test_every_spec_the_grammar_allows_reads_back_as_itself() -> None:
    checked = swaps = 0
    for name in every_name():
        numbers = [(None, None)]
        if name not in PLAIN:
            numbers += [(1, None), (7, None), (None, 0.5), (3, 2.0)]
        for depth, seconds in numbers:
            text = name + ("" if depth is None else f":{depth}")
            text += "" if seconds is None else f"@{seconds:g}"
            spec = StrategySpec.parse(text)
            assert str(spec) == text
            assert spec == StrategySpec(name, depth, seconds)  # the constructor, the same value
            assert StrategySpec.parse(f"  {text.upper()} ") == spec  # case and spaces
            assert spec.base == name.split("+")[0]
            assert spec.enhancements == tuple(name.split("+")[1:])
            assert parse_spec(text, ("human",)) == (name, depth, seconds)  # the old reader
            checked += 1
            if depth is not None and "+" in name:  # "negamax:4+tt": told what was meant
                base, more = name.split("+", 1)
                swapped = text.replace(name, base, 1).replace(f":{depth}", f":{depth}+{more}")
                with pytest.raises(StrategySpecError) as refused:
                    StrategySpec.parse(swapped)
                assert str(refused.value).endswith(f"enhancements come before the depth: {text}")
                swaps += 1
    print(f"checked: specs read back as themselves: {checked}")
    print(f"checked: specs with enhancements after the depth, told the spec meant: {swaps}")
    assert checked > 400 and swaps > 200


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nosuch", "unknown strategy 'nosuch'"),
        ("alphabeta+tt+tt", "unknown or repeated enhancement '\\+tt'"),
        ("mcts+tt", "unknown or repeated enhancement '\\+tt'; mcts may add: \\+eval"),
        ("maxn+tt", "maxn may add: nothing"),
        ("brs+tt", "brs may add: nothing"),
        ("star1+tt", "star1 may add: nothing"),
        ("star2+tt", "star2 may add: nothing"),
        ("expectimax+history", "expectimax may add: \\+tt"),
        ("random:3", "random takes no depth or clock"),
        ("human@1", "human takes no depth or clock"),
        ("alphabeta:0", "the depth in 'alphabeta:0' must be a whole number from 1 to 10,000"),
        ("mcts:0", "the iterations in 'mcts:0'"),
        ("alphabeta@0", "the clock in 'alphabeta@0' must be seconds over 0"),
        ("alphabeta+aspiration", "\\+aspiration needs a clock"),
        ("mtdf+aspiration@1", "mtdf searches with null windows already"),
    ],
)
def test_what_breaks_the_grammar_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(StrategySpecError, match=message):
        StrategySpec.parse(text)


@pytest.mark.parametrize(
    ("name", "depth", "seconds"),
    [
        ("alphabeta", 0, None),
        ("alphabeta", MAX_DEPTH + 1, None),
        ("alphabeta", True, None),
        ("mcts", MAX_ITERATIONS + 1, None),
        ("alphabeta", None, 0),
        ("alphabeta", None, float("nan")),
        ("alphabeta", None, "1"),
        ("random", 2, None),
        ("nosuch", None, None),
        (3, None, None),
    ],
)
def test_the_constructor_checks_what_the_parser_checks(
    name: object, depth: object, seconds: object
) -> None:
    with pytest.raises(StrategySpecError):
        StrategySpec(name, depth, seconds)  # type: ignore[arg-type]


def test_a_spec_text_given_to_the_constructor_is_refused_with_how_to_give_it() -> None:
    """``PlayerSpec("alphabeta:4")``: a spec written out, passed as the name. Every such text
    the grammar reads (every name, with each depth, clock and :end form, and plug-ins) is
    refused in one line that names ``parse`` and the parts that rebuild it, and those parts
    do; a text the grammar refuses gets the parser's own error. Before, the constructor
    said "unknown strategy 'alphabeta:4'" offering alphabeta, and took ``"bots:Greedy:3"``
    as a plug-in named with its depth, which the loader then dropped."""
    forms = (":3", "@0.5", ":3@0.5", ":end", ":0", "@0")
    texts = [name + form for name in every_name() for form in forms]
    texts += ["bots:Greedy:3", "MyBots.py:Bot@2", "bots:Greedy:3@1", "bots:Greedy:0"]
    checked = 0
    for text in texts:
        for kind in (StrategySpec, PlayerSpec):
            try:
                spec = kind.parse(text)
            except StrategySpecError as refused:
                with pytest.raises(StrategySpecError) as given:
                    kind(text)
                assert str(given.value) == str(refused)
                checked += 1
                continue
            with pytest.raises(StrategySpecError) as given:
                kind(text)
            message = str(given.value)
            assert "\n" not in message and f"{kind.__name__}.parse({text!r})" in message
            parts: dict[str, object] = {"name": spec.name}
            if spec.depth is not None:
                parts["depth"] = spec.depth
            if spec.seconds is not None:
                parts["seconds"] = spec.seconds
            if spec.to_end:
                parts["to_end"] = True
            assert kind(**parts) == spec  # type: ignore[arg-type]
            assert all(f"{field}={value!r}" in message for field, value in parts.items())
            checked += 1
    print(f"checked: spec texts given to the constructor: {checked}")
    assert checked == 2 * len(texts)
    assert StrategySpec("bots:Greedy").family == "plugin"  # a plug-in's name alone is one


@given(st.text(max_size=40))
def test_any_text_is_a_spec_or_one_clear_error(text: str) -> None:
    try:
        spec = StrategySpec.parse(text, plugins_allowed=False)
    except StrategySpecError as error:
        assert "\n" not in str(error)
        return
    assert StrategySpec.parse(str(spec)) == spec
    assert not spec.loads_code


def test_a_plug_in_is_code_to_load_and_refused_where_none_may_be() -> None:
    spec = StrategySpec.parse("MyBots.py:Bot:4@2")
    assert (spec.name, spec.depth, spec.seconds, spec.family) == ("MyBots.py:Bot", 4, 2.0, "plugin")
    assert spec.loads_code and str(spec) == "MyBots.py:Bot:4@2"
    with pytest.raises(StrategySpecError, match="names code to load"):
        StrategySpec.parse("MyBots.py:Bot", plugins_allowed=False)


def test_with_depth_without_and_the_factories_take_the_value() -> None:
    spec = StrategySpec.parse("alphabeta+tt+aspiration@1")
    assert str(spec.with_depth(4)) == "alphabeta+tt+aspiration@1"  # a clock: no depth added
    assert str(StrategySpec.parse("alphabeta+tt").with_depth(4)) == "alphabeta+tt:4"
    for kept in ("random", "mcts", "mybots.py:Bot", "alphabeta:2"):  # no search, or a depth
        assert str(StrategySpec.parse(kept).with_depth(4)) == kept
    assert str(spec.without("aspiration")) == "alphabeta+tt@1"
    assert with_depth("minimax", 2) == "minimax:2"
    assert (
        make_strategy(StrategySpec.parse("negamax:2"), lambda board, player: 0).name == "negamax:2"
    )
    with pytest.raises(StrategySpecError, match="a person plays no strategy"):
        make_strategy(StrategySpec.parse("human"), lambda board, player: 0)


def test_a_player_spec_is_a_strategy_spec() -> None:
    player = PlayerSpec("alphabeta+tt", 4)
    assert isinstance(player, StrategySpec)
    assert (player.kind, player.label, player.base, player.enhancements) == (
        "alphabeta+tt",
        "alphabeta+tt:4",
        "alphabeta",
        ("tt",),
    )
    assert PlayerSpec.parse("Human").is_human and not player.is_human
    assert PlayerSpec.parse("alphabeta+tt:4") == player


def test_the_help_is_made_from_the_tables() -> None:
    text = "\n".join(grammar_help())
    for name in [*PLAIN, *SEARCHES, *DRIVERS, *SAMPLERS]:
        assert f"  {name}: " in text
    for name in [*ENHANCEMENTS, *SAMPLER_ENHANCEMENTS]:
        assert f"  +{name} " in text
    line = player_help()
    assert all(name in line for name in [*PLAIN, *SEARCHES, *DRIVERS, *SAMPLERS])
    # What each search of more players or chance takes: a sentence a group, every such
    # search once, and the enhancements each takes are what the parser lets it take.
    from oogames.nextmove.grammar import CHANCE_SEARCHES, PLAYER_SEARCHES

    said: dict[str, str] = {}
    for found in re.finditer(r"^  ([a-z0-9, ]+?) takes? (none of these|[+a-z ]+)$", text, re.M):
        for base in found.group(1).split(", "):
            said[base] = found.group(2)
    assert said == {
        base: " ".join(f"+{name}" for name in enhancements_of(base)) or "none of these"
        for base in (*PLAYER_SEARCHES, *CHANCE_SEARCHES)
    }


def test_the_examples_the_dialogs_give_people_play_the_games_they_are_given_for() -> None:
    """The terminal view's and the page's new-game dialogs give PEOPLE_EXAMPLES (written
    twice before, in the two dialogs, and drifted: the page said what each does, the
    terminal did not) and MORE_PLAYERS_EXAMPLE: each parses back to itself and fits the
    game of two (tic-tac-toe) or of three (Rolit) that it is offered for."""
    from helpers import count

    from oogames.games import RolitBoard, TicTacToeBoard, find_game
    from oogames.nextmove.grammar import StrategySpec
    from oogames.nextmove.spec_help import MORE_PLAYERS_EXAMPLE, PEOPLE_EXAMPLES, people_help
    from oogames.nextmove.specs import check_fits

    for example, what in PEOPLE_EXAMPLES:
        spec = StrategySpec.parse(example)
        assert str(spec) == example and f"{example} {what}" in people_help()
        check_fits(spec, TicTacToeBoard())
        assert make_strategy(example, find_game("tictactoe").evaluate, 0, True) is not None
        count("people's examples that play")
    for example in MORE_PLAYERS_EXAMPLE.split(", "):
        check_fits(StrategySpec.parse(example), RolitBoard(players=3))
        count("people's examples that play")
    assert people_help(lambda name: f"[{name}]").startswith("A player is [human] or a computer")


def test_the_examples_the_help_gives_are_strategies_and_the_refusal_names_the_plugin_form(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command line's help gives EXAMPLES beside GRAMMAR and PLUGIN_FORM: each example
    parses and makes a strategy; an unknown name is refused naming PLUGIN_FORM, once written
    (the spec's own check wrote the refusal a second time)."""
    from oogames.cli import main
    from oogames.games import find_game
    from oogames.nextmove.grammar import EXAMPLES, GRAMMAR, PLUGIN_FORM, StrategySpec

    info = find_game("tictactoe")
    for example in EXAMPLES:
        spec = StrategySpec.parse(example)
        assert str(spec) == example
        assert make_strategy(example, info.evaluate, 0, True) is not None
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    shown = " ".join(capsys.readouterr().out.split())  # argparse folds the lines
    assert f"each {GRAMMAR} ({', '.join(EXAMPLES)}) or a plug-in, {PLUGIN_FORM}" in shown
    for text in ("wizard", "wizard+tt:3", "wizard:3@1"):
        with pytest.raises(StrategySpecError, match=f"or name your own as {PLUGIN_FORM}$"):
            StrategySpec.parse(text)
        with pytest.raises(StrategySpecError, match=f"or name your own as {PLUGIN_FORM}$"):
            StrategySpec(text)  # the spec's own check, beside the parser's


def test_where_a_strategy_must_play_an_unknown_name_is_refused_without_offering_human() -> None:
    """A tournament, a match, the factories: the refusal of an unknown name listed ``human``
    among the choices, and ``human`` was then refused. ``people=False`` is where a spec is
    read for a strategy; a side of a game (PlayerSpec) still takes ``human``."""
    for text in ("wizard", "wizard:3", "human", "HUMAN "):
        with pytest.raises(StrategySpecError) as caught:
            StrategySpec.parse(text, people=False)
        said = str(caught.value)
        assert "choose one of: random, minimax" in said and "human," not in said
        assert ("a person plays no strategy" in said) == (text.strip().lower() == "human")
        with pytest.raises(StrategySpecError, match="choose one of: random, minimax"):
            make_strategy(text, lambda board, player: 0)
    with pytest.raises(StrategySpecError, match="choose one of: human, random"):
        PlayerSpec.parse("wizard")
    assert PlayerSpec.parse("human").is_human and StrategySpec.parse("human").is_human
    assert parse_spec("human", ("human",)) == ("human", None, None)
