"""One command table for the three views: each view reads, offers and explains the same words."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from oogames.errors import UsageError
from oogames.game.commands import (
    ALL_VIEWS,
    COMMANDS,
    commands_help,
    commands_of,
    read_command,
    thinking_text,
)
from oogames.game.model import GameModel
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.ui.console import HELP, ConsoleView


def test_every_word_is_read_as_its_command_in_the_views_that_offer_it() -> None:
    checked = 0
    for command in COMMANDS:
        for word in (command.word, *command.aliases):
            typed = f"{word.upper()} game.json" if command.argument else word.upper()
            for view in ALL_VIEWS:
                if view == "console" and command.signal:  # a key there, not a word
                    with pytest.raises(
                        UsageError, match=rf"in the console, {re.escape(command.signal)} does it"
                    ):
                        read_command(typed, view)
                    checked += 1
                    continue
                read = read_command(typed, view)
                if view in command.views:
                    assert read is not None and read[0] is command and read[1] == word
                    assert read[2] == ("game.json" if command.argument else "")
                else:
                    assert read is None
                checked += 1
    print(f"checked: command words read in each view: {checked}")
    assert read_command("b2", "console") is None  # a move
    with pytest.raises(UsageError, match="save needs a file name: save FILE"):
        read_command("save", "console")
    with pytest.raises(UsageError, match="no closing quotation"):
        read_command("load 'my game", "tui")


def test_each_view_has_a_handler_for_each_command_it_offers() -> None:
    calls = [command for command in COMMANDS if command.call]
    for command in calls:  # the table names a method the model has, that takes no argument
        method = getattr(GameModel, command.call)
        assert callable(method) and not command.argument, command.word
    for command in commands_of("console"):  # the console makes the call, or has a handler
        handler = getattr(ConsoleView, f"_{command.word}", None)
        assert bool(command.call) != callable(handler), command.word
    assert len(calls) == 6
    textual = pytest.importorskip("textual")
    assert textual
    from oogames.ui.tui import _ACTIONS, GameApp

    for command in commands_of("tui"):
        action = _ACTIONS.get(command.word, command.word)
        assert callable(getattr(GameApp, f"action_{action}", None)), command.word
    keys = {binding.key: binding.action for binding in GameApp.BINDINGS if hasattr(binding, "key")}
    for command in commands_of("tui"):
        if command.key:
            assert keys[command.key] == _ACTIONS.get(command.word, command.word)


def test_the_help_texts_and_the_page_are_made_from_the_table() -> None:
    for view in ("console", "tui"):
        text = commands_help(view)
        for command in commands_of(view):
            assert f"  {command.word}" in text and command.summary in text
    assert commands_help("console") == HELP
    thinking = HELP.split("While the computer thinks:\n")[1].splitlines()
    assert thinking == [f"  {c.signal:<12} {c.summary}" for c in COMMANDS if c.signal]
    assert [line.split()[0] for line in thinking] == ["Ctrl-C", "Ctrl-\\"]
    assert max(len(line) for line in HELP.splitlines()) < 80  # a console 80 wide
    pytest.importorskip("starlette")
    from oogames.web.page import PAGE

    for command in commands_of("web"):
        assert f'data-action="{command.word}"' in PAGE
    assert PAGE.count("data-action=") == len(commands_of("web"))


@pytest.mark.parametrize("word", ["quit", "exit", "q", "QUIT"])
def test_the_console_quits_on_each_word_for_quit(word: str) -> None:
    settings = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
    out = io.StringIO()
    view = ConsoleView(GameModel(settings), stdin=io.StringIO(f"b2\n{word}\nc3\n"), stdout=out)
    assert view.run() == 0
    assert view.model.board.ply == 1  # c3 was never read


def test_the_page_refuses_an_unknown_action_in_one_line_naming_the_actions(
    tmp_path: Path,
) -> None:
    pytest.importorskip("starlette")
    from oogames.errors import SettingsError
    from oogames.web.games import WebGame

    settings = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
    game = WebGame.new(settings, tmp_path, lambda: None)
    with pytest.raises(SettingsError, match="unknown action 'save'; the actions are: move, hint"):
        game.act("save")


def test_the_docs_name_the_terminal_boards_keys_from_the_table() -> None:
    """Every Ctrl+KEY and F-key the README and the docs name is a key of the command
    table, and no page names a letter as a key of the terminal board (the one-letter
    keys of before moved to control keys; the docs had kept two of them)."""
    import re

    from oogames.game.commands import signal_key

    root = Path(__file__).resolve().parents[1]
    pages = [root / "README.rst", *sorted((root / "docs").glob("**/*.rst"))]
    keys = {command.key.lower() for command in COMMANDS if command.key}
    keys |= {signal_key(command.signal) for command in COMMANDS if command.signal}
    keys |= {"ctrl+q", "escape", "f1"}  # quit and help: the app's own bindings
    named, checked = re.compile(r"\b(Ctrl\+[A-Z]|F\d+)\b"), 0
    letter = re.compile(r"``\w``[^.]{0,30}\b(?:interactive|terminal) board|"
                        r"(?:interactive|terminal) board,? ``\w``")  # fmt: skip
    for page in pages:
        if page.name == "moved.rst":  # names the keys of before, as it must
            continue
        text = page.read_text(encoding="utf-8")
        for key in named.findall(text):
            assert key.lower() in keys, (page.name, key)
            checked += 1
        assert not letter.search(text.replace("\n", " ")), (page.name, letter.search(text))
    print(f"checked: keys named in the docs: {checked}")
    assert checked >= 2


def _against_a_computer() -> GameModel:
    """Tic-tac-toe, a person (X) against a computer (O) that has not answered b2 yet."""
    players = (PlayerSpec("human"), PlayerSpec("alphabeta", depth=1))
    model = GameModel(GameSettings(players=players))
    model.play("b2", then_start=False)
    return model


def test_go_and_redo_mean_one_thing_in_the_console_and_on_the_page(tmp_path: Path) -> None:
    """Redo up to a computer's turn pauses there in every view (the page let the computer
    play at once while it said "paused"), and go with a person to move is refused in the
    same line in every view (the console said nothing, the page did nothing, the terminal
    board wrote its own line)."""
    pytest.importorskip("starlette")
    from oogames.errors import NoComputerToMoveError
    from oogames.web.games import WebGame

    out = io.StringIO()
    model = _against_a_computer()
    model.undo()  # X to move: the console starts with no computer's move
    ConsoleView(model, io.StringIO("redo\n"), out).run()
    console = out.getvalue()
    assert "paused: O (alphabeta:1) is to move" in console and model.board.ply == 1
    page = WebGame("page", _against_a_computer(), tmp_path)
    page.act("undo")
    page.act("redo")
    assert not page.thinking and page.model.board.ply == 1
    assert page.info == (  # in the page's words: its buttons (the console's are words)
        "paused: O (alphabeta:1) is to move; Go lets it play on "
        "(or Hint, then Play hint, plays the hint for it)"
    )
    assert "; go lets it play on (or hint, then accept, plays the hint for it)" in console
    page.act("go")
    page.wait()
    assert page.model.board.ply == 2 and page.model.current.is_human
    with pytest.raises(NoComputerToMoveError, match=r"^go: no computer is waiting to move$"):
        page.act("go")
    out = io.StringIO()
    ConsoleView(_against_a_computer(), io.StringIO("go\n"), out).run()  # O moves at once
    assert out.getvalue().count("! go: no computer is waiting to move") == 1
    assert "O played" in out.getvalue()


def test_the_thinking_notice_names_each_views_keys_from_the_table() -> None:
    """While a computer thinks, each view names its own keys for stop and move now (the
    console's are signals), the second only for a computer that can move now."""
    expected = {
        "console": "(Ctrl-C stops it, Ctrl-\\ moves now)",
        "tui": "(Esc stops it, Ctrl+B moves now)",
        "web": "(Stop stops it, Move now moves now)",
    }
    for view, keys in expected.items():
        assert thinking_text(view, "O", move_now=True) == f"O is thinking... {keys}"
        assert thinking_text(view, "O", move_now=False) == f"O is thinking... {keys.split(',')[0]})"


def test_a_stop_is_told_alike_and_names_what_searches_again_in_each_view() -> None:
    """One line after a stop, made by the model in each view's words for the command that
    searches again: go where a computer is waiting (the console said "go" after a
    stopped hint too, where go is refused), hint where a person is to move (the page
    said only "the hint was stopped")."""
    person = GameModel(GameSettings(players=(PlayerSpec("human"), PlayerSpec("human"))))
    computer = _against_a_computer()
    expected = {
        ("console", False): "; X (human) to move (hint: search again)",
        ("tui", False): "; X (human) to move (Ctrl+T or hint: search again)",
        ("web", False): "; X (human) to move (Hint: search again)",
        ("console", True): "; O (alphabeta:1) to move (go: search again)",
        ("tui", True): "; O (alphabeta:1) to move (Ctrl+G or go: search again)",
        ("web", True): "; O (alphabeta:1) to move (Go: search again)",
    }
    for (view, waiting), said in expected.items():
        model = computer if waiting else person
        assert model.stopped_text(view) == f"stopped: the game is as it was{said}"
    for word in ("hint", "go"):  # what it names, each view reads as that command
        for view in ("console", "tui", "web"):
            read = read_command(word, view)
            assert read is not None and read[0].word == word and view in read[0].views


def test_the_console_and_the_page_carry_out_every_command_alike(tmp_path: Path) -> None:
    """Random runs of moves and commands, carried out by the console on one game and by
    the page on another: after each, both games hold the same moves, the same hint and
    the same side to move, and both refuse or both accept (the page's redo let the
    computer play where the console paused, and its go did nothing where the console's
    was refused)."""
    import random

    pytest.importorskip("starlette")
    from oogames.web.games import WebGame

    words = ["move", "move", "move", "hint", "accept", "undo", "redo", "go"]
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        computer = PlayerSpec("alphabeta", depth=1 + seed % 2)
        players = (PlayerSpec("human"), computer)
        game, options = ("tictactoe", {}) if seed % 3 else ("connectfour", {"width": 5})
        settings = GameSettings(game, options, players[:: 1 if seed % 2 else -1])
        console = ConsoleView(GameModel(settings, start=False), io.StringIO(), io.StringIO())
        page = WebGame(f"g{seed}", GameModel(settings, start=False), tmp_path)
        if not console.model.current.is_human:  # a computer moves first
            console.command("go")
            page.run_computer()
            page.wait()
        for _ in range(40):
            word = rng.choice(words)
            board = console.model.board
            move = rng.choice(board.legal_moves()) if not board.is_over else None
            text = board.format_move(move) if move is not None else "a1"
            outcomes = [
                _outcome(console.command, text if word == "move" else word),
                _outcome(page.act, word, text if word == "move" else None),
            ]
            page.wait()
            a, b = console.model, page.model
            assert outcomes[0] == outcomes[1], (seed, word, outcomes)
            assert a.board.moves == b.board.moves, (seed, word)
            assert a.board.to_move == b.board.to_move and a.can_redo == b.can_redo
            assert (a.last_hint is None) == (b.last_hint is None), (seed, word)
            checked += 1
    print(f"checked: a command carried out alike by the console and the page: {checked}")


def _outcome(act: Any, *args: Any) -> str:
    """``"done"``, or the name of the error the command was refused with."""
    from oogames.errors import OogamesError

    try:
        act(*args)
    except OogamesError as error:
        return type(error).__name__
    return "done"


def test_the_hint_depth_has_one_range_in_every_view(tmp_path: Path) -> None:
    """The command line took hint depths up to 10,000 (the settings' limit), and the page and
    the terminal board's form up to 64: a game saved from the command line with a hint depth
    of 100 showed a depth the page refused. One limit now, GameSettings.MAX_HINT_DEPTH; and
    one default, GameSettings.HINT_DEPTH (written four times: the settings, the command
    line's flag, the page's field and a request that leaves it out)."""
    from oogames.cli import build_parser, main
    from oogames.errors import SettingsError

    default = GameSettings.HINT_DEPTH
    assert GameSettings().hint_depth == default
    assert build_parser().parse_args(["play", "nim"]).hint_depth == default

    MAX_HINT_DEPTH = GameSettings.MAX_HINT_DEPTH
    assert MAX_HINT_DEPTH == 10_000
    for depth in (1, 64, 65, MAX_HINT_DEPTH):
        assert GameSettings(hint_depth=depth).hint_depth == depth
    for depth in (0, MAX_HINT_DEPTH + 1):
        with pytest.raises(SettingsError, match=r"from 1 to 10,000"):
            GameSettings(hint_depth=depth)
        with pytest.raises(SystemExit):
            main(["play", "tictactoe", "--hint-depth", str(depth)], out=io.StringIO())
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from oogames.web.app import create_app

    with TestClient(create_app(tmp_path)) as client:
        for depth, status in ((65, 200), (MAX_HINT_DEPTH, 200), (MAX_HINT_DEPTH + 1, 400)):
            sent = {"game": "tictactoe", "player1": "human", "hint_depth": depth}
            assert client.post("/api/games", json=sent).status_code == status, depth
        left_out = client.post("/api/games", json={"game": "nim"}).json()
        assert left_out["settings"]["hint_depth"] == default
        assert f'<input id="hint" value="{default}" inputmode="numeric">' in client.get("/").text


def test_the_prompt_of_a_finished_game_names_what_still_works_there(tmp_path: Path) -> None:
    """Once the game is over the console asks with the commands marked ``when_over`` (it
    listed five by hand, and not help): each of those, typed in a finished game, does its
    work there (none answers that the game is over), and each the console offers and the
    prompt leaves out answers that it has nothing to do."""
    from helpers import count

    from oogames.game.commands import over_prompt

    offered = commands_of("console")
    prompt = over_prompt("console")
    assert prompt == "game over (undo, save FILE, load FILE, new, help, quit) > "
    saved = tmp_path / "over.json"
    for command in offered:
        settings = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
        model = GameModel(settings)
        for move in ("a1", "b1", "a2", "b2", "a3"):  # X wins
            model.play(move)
        model.save(saved)
        target = saved if command.word == "load" else tmp_path / f"{command.word}.json"
        typed = f"{command.word} {target}" if command.argument else command.word
        out = io.StringIO()
        ConsoleView(model, io.StringIO(f"{typed}\n"), out).run()
        said = out.getvalue().split(prompt, 1)[-1]
        refused = "\n! " in f"\n{said}"  # the console's line for what it will not do
        assert prompt in out.getvalue(), command.word
        if command.when_over:
            assert command.word in prompt and not refused, (command.word, said)
        else:
            nothing = refused or "legal moves: none" in said  # or no move to list
            assert command.word not in prompt.split("(")[1] and nothing, (command.word, said)
        count("commands of a finished game, named or not as they work")


def _page_rule(word: str, state: dict[str, bool]) -> bool:
    """What the page enabled before the table said it (its own rule, kept as the
    reference): ``state`` has over, thinking, can_undo, can_redo, hint and waiting."""
    over, thinking = state["over"], state["thinking"]
    rule = {
        "hint": not over and not thinking,
        "accept": state["hint"] and not over and not thinking,
        "undo": state["can_undo"] and not thinking,
        "redo": state["can_redo"] and not thinking,
        "go": not over and not thinking and state["waiting"],
        "stop": thinking,
        "now": thinking,
    }
    if word in rule:
        return rule[word]
    return not thinking and (not over or word in {"save", "load", "new", "help", "quit"})


def test_what_a_button_may_do_now_is_the_tables_rule_in_every_position() -> None:
    """:func:`usable` (the page's and the terminal board's buttons) against the page's
    old rule, for every command, in games started, hinted, paused after undo and
    finished, each thinking and not: a command is offered where it has something to do."""
    from helpers import count

    from oogames.game.commands import usable

    def game(first: str = "human", second: str = "human") -> GameModel:
        seats = (PlayerSpec.parse(first), PlayerSpec.parse(second))
        return GameModel(GameSettings("tictactoe", players=seats), start=False)

    people, against = game(), game(second="alphabeta:1")
    states: list[GameModel] = [game()]  # nothing done yet
    people.play("b2")
    people.hint()
    states.append(people)  # a move to undo, a hint standing
    against.play("a1")
    against.undo()
    against.redo()  # redo replays a1 and the reply: the computer is not waiting
    against.undo()
    states.append(against)  # a move to redo
    finished = game()
    for move in ("a1", "b1", "a2", "b2", "a3"):
        finished.play(move)
    states.append(finished)
    paused = game(first="alphabeta:1")  # the computer to move, not started
    states.append(paused)
    for model in states:
        for thinking in (False, True):
            state = {
                "over": model.board.is_over,
                "thinking": thinking,
                "can_undo": model.can_undo,
                "can_redo": model.can_redo,
                "hint": model.last_hint is not None,
                "waiting": model.computer_waiting,
            }
            for command in COMMANDS:
                assert usable(command, model, thinking) == _page_rule(command.word, state), (
                    command.word,
                    state,
                )
                count("commands checked in a position")
    # Each position was the one named: the rule was met in each of its cases.
    assert people.can_undo and people.last_hint is not None and against.can_redo
    assert paused.computer_waiting and finished.board.is_over and not states[0].can_undo
