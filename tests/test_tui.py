"""The interactive board view, driven headless with Textual's pilot."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("textual")

import asyncio
import functools
import random
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from typing import Any

from helpers import WAITER, count

from oogames.board.model import ABoardModel
from oogames.board.moves import CHANCE
from oogames.game import GameSettings, PlayerSpec
from oogames.game.commands import command_rows, commands_of, idle_text
from oogames.game.settings import default_player
from oogames.games import find_game
from oogames.ui.board_grid import BoardGrid
from oogames.ui.cells import LEGAL
from oogames.ui.tui import GameApp

#: Each command's key on the terminal board, from the one command table.
KEY = {command.word: command.key for command in commands_of("tui") if command.key}


def synchronous(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test with asyncio (no pytest plugin needed)."""

    @functools.wraps(test)
    def run(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def app_for(second: str = "human", game: str = "tictactoe", **kw: object) -> GameApp:
    """An app for a game against ``second``."""
    return GameApp(
        GameSettings(game=game, players=(PlayerSpec("human"), PlayerSpec.parse(second)), **kw)
    )  # type: ignore[arg-type]


async def settle(app: GameApp, pilot: object) -> None:
    """Wait for the model's worker and the screen."""
    await app.workers.wait_for_complete()
    await pilot.pause()  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


def text(app: GameApp, selector: str) -> str:
    return str(app.query_one(selector).render())


def people_app(game: str, options: dict[str, object], hint_depth: int = 3) -> GameApp:
    """An app for ``game`` with every seat a person's."""
    seats = find_game(game).make(**options).players
    people = (PlayerSpec("human"),) * seats
    return GameApp(GameSettings(game=game, options=options, players=people, hint_depth=hint_depth))


async def typed_at_random(
    app: GameApp, pilot: Any, seed: str, plies: int
) -> AsyncIterator[ABoardModel]:
    """Types up to ``plies`` legal moves, chosen at random from ``seed``, into the command
    box, one at a time until the game ends; the board after each."""
    rng = random.Random(seed)
    for _ in range(plies):
        board = app.model.board
        if board.is_over:
            return
        await pilot.click("#command")
        await pilot.press(*board.format_move(rng.choice(board.legal_moves())), "enter")
        await settle(app, pilot)
        yield app.model.board


@synchronous
async def test_clicks_play_a_whole_game_and_the_winning_line_is_highlighted() -> None:
    """Two people click cells to a win; the status says so and the line is marked."""
    app = app_for()
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        for cell in ("#cell-1-1", "#cell-0-0", "#cell-1-0", "#cell-0-2", "#cell-1-2"):
            assert await pilot.click(cell)
            await settle(app, pilot)
        assert app.model.board.winner == 0
        assert text(app, "#status") == "Game over: X has won"
        winning = [button.id for button in app.query("#board Button.win")]
        assert winning == ["cell-1-0", "cell-1-1", "cell-1-2"]
        assert app.query_one("#cell-1-2").has_class("last")


@synchronous
async def test_the_computer_replies_with_its_figures_and_undo_takes_both_back() -> None:
    """A click brings the computer's reply and its search figures; u undoes both moves."""
    app = app_for("alphabeta")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await pilot.click("#cell-1-1")
        await settle(app, pilot)
        assert app.model.board.ply == 2
        assert "O (alphabeta) played a1: value draw, 2,458 nodes" in text(app, "#info")
        await pilot.press(KEY["undo"])
        await settle(app, pilot)
        assert app.model.board.ply == 0 and str(app.query_one("#cell-1-1").label) == LEGAL
        await pilot.press(KEY["redo"])
        await settle(app, pilot)
        assert app.model.board.ply == 2


@synchronous
async def test_hint_is_shown_and_not_played() -> None:
    """h shows a hint with its line; the board is unchanged."""
    app = app_for(hint_depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await pilot.press(KEY["hint"])
        await settle(app, pilot)
        assert text(app, "#info").startswith("Hint: ") and app.model.board.ply == 0


@synchronous
async def test_typed_moves_save_and_load(tmp_path: Path) -> None:
    """Moves and commands typed in the box work; s prefills a save command."""
    target = tmp_path / "t.json"
    app = app_for()
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await pilot.click("#command")
        await pilot.press(*"b2", "enter")
        await settle(app, pilot)
        assert app.model.board.moves == ((1, 1),)
        await pilot.press("tab")  # to the board
        app.query_one("#command").value = ""
        await pilot.click("#do-save")
        await settle(app, pilot)
        assert app.query_one("#command").value == "save tictactoe.json"
        app.query_one("#command").value = f"save {target}"
        await pilot.press("enter")
        await settle(app, pilot)
        assert json.loads(target.read_text())["moves"] == ["b2"]
        app.query_one("#command").value = "a1"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.board.ply == 2
        app.query_one("#command").value = f"load {target}"
        await pilot.press("enter")
        await settle(app, pilot)
        assert app.model.board.moves == ((1, 1),)
        app.query_one("#command").value = "zz"
        await pilot.press("enter")
        await settle(app, pilot)
        assert "write a move as" in text(app, "#info")


@synchronous
async def test_connect_four_cells_play_their_column() -> None:
    """In Connect Four any cell of a column drops a token into that column."""
    app = app_for(game="connectfour")
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        await pilot.click("#cell-0-3")  # the top cell of column 4
        await settle(app, pilot)
        assert app.model.board.moves == (3,)
        bottom = app.query_one("#cell-5-3")  # the token lands at the bottom, in X's colour
        assert bottom.has_class("mover-0") and bottom.has_class("last")
        assert str(bottom.label) == "●"
        assert app.query_one("#cell-4-3").has_class("legal")  # where the next one lands


@synchronous
async def test_kalah_is_played_on_its_pits_and_says_when_a_player_moves_again() -> None:
    """Kalah: the pits and stores as a board of two rows, each pit its seeds; the mover's
    pits are the legal cells, numbered as the mover numbers them; a click on a pit sows
    it, a click on a store does nothing; an extra turn is announced."""
    app = app_for(game="kalah", options={"pits": 3, "seeds": 2})
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        labels = [str(label.render()) for label in app.query("#board .label")]
        assert labels == ["", "", "1", "2", "3", "", "North", "South"]
        cells = {str(button.id): str(button.label) for button in app.query("#board Button")}
        assert [cells[f"cell-0-{col}"] for col in range(5)] == ["[0]", "2", "2", "2", ""]
        assert [cells[f"cell-1-{col}"] for col in range(5)] == ["", "2", "2", "2", "[0]"]
        legal = sorted(str(button.id) for button in app.query("#board Button.legal"))
        assert legal == ["cell-1-1", "cell-1-2", "cell-1-3"]  # South's pits 1 to 3
        await pilot.click("#cell-1-4")  # South's store plays nothing
        await settle(app, pilot)
        assert app.model.board.ply == 0
        await pilot.click("#cell-1-2")  # pit 2: its last seed lands in South's store
        await settle(app, pilot)
        assert app.model.board.moves == (2,) and app.model.board.to_move == 0
        assert text(app, "#status") == "South (human) to move again"
        assert str(app.query_one("#cell-1-4").label) == "[1]"
        assert app.query_one("#cell-1-2").has_class("last")
        await pilot.click("#cell-1-3")  # pit 3: North's turn, its pits numbered from the right
        await settle(app, pilot)
        labels = [str(label.render()) for label in app.query("#board .label")]
        assert labels[:6] == ["", "", "3", "2", "1", ""]
        legal = sorted(str(button.id) for button in app.query("#board Button.legal"))
        assert legal == ["cell-0-1", "cell-0-2", "cell-0-3"]
        await pilot.click("#cell-0-3")  # North's pit 1
        await settle(app, pilot)
        assert app.model.board.history[-1] == (1, 1)


@synchronous
async def test_keyboard_play_with_arrows_and_an_accepted_hint() -> None:
    """Arrow keys move between cells and Enter plays; h then a plays the hint."""
    app = app_for(hint_depth=2)
    async with app.run_test(size=(110, 32)) as pilot:
        await settle(app, pilot)
        assert app.focused is app.query_one("#command")  # typing goes to the box
        await pilot.press("tab")  # Tab reaches the board
        assert app.focused is app.query_one("#cell-0-0")
        await pilot.press("right", "down", "enter")
        await settle(app, pilot)
        assert app.model.board.moves == ((1, 1),)
        await pilot.press(KEY["hint"])
        await settle(app, pilot)
        hinted = app.model.last_hint
        assert hinted is not None and "Press Ctrl+P to play it" in text(app, "#info")
        assert len(app.query("#board Button.hint")) == 1
        await pilot.press(KEY["accept"])
        await settle(app, pilot)
        assert app.model.board.moves == ((1, 1), hinted.move)


@synchronous
async def test_x_stops_the_computers_search_and_the_game_is_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """x during a deep search: it stops, the computer is still to move; q then quits at once
    and, during a search, saves a recovery file."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    app = app_for("alphabeta:14", game="connectfour")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        assert await pilot.click("#cell-0-3")
        await pilot.pause(0.3)
        assert app.busy
        await pilot.press(KEY["stop"])
        await settle(app, pilot)
        assert not app.busy and app.model.board.moves == (3,) and app.model.board.to_move == 1
        assert "stopped" in text(app, "#info")
        app._call_model(app.model.start)  # what typing go does
        await pilot.pause(0.3)
        await pilot.press(KEY["quit"])
    saved = list((tmp_path / "oogames" / "recovery").glob("connectfour-*.json"))
    assert len(saved) == 1


@synchronous
async def test_stop_before_the_workers_search_has_begun_is_not_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The stop key pressed while the view is busy but its worker has not reached the
    computer's turn yet (held back here by 0.3 s): the search that then begins is stopped.
    Before, no turn was under way, the stop was dropped and alphabeta:16 searched on."""
    app = app_for("alphabeta:16", game="connectfour")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        start = app.model.start

        def late_start() -> None:
            time.sleep(0.3)
            start()

        monkeypatch.setattr(app.model, "start", late_start)
        app._call_model(app.model.play, "4")  # what typing 4 does; then O's turn
        assert app.busy
        await pilot.press(KEY["stop"])
        for _ in range(100):
            await pilot.pause(0.1)
            if not app.busy:
                break
        else:
            app.model.stop()  # the search ran on: end it, then fail
            await settle(app, pilot)
            pytest.fail("the stop was lost: the search ran on")
        await settle(app, pilot)
        assert not app.busy and app.model.board.moves == (3,) and "stopped" in text(app, "#info")


@synchronous
@pytest.mark.parametrize("second", ["alphabeta+tt+order@30", "mcts@30", "alphabeta:14"])
async def test_x_stops_and_p_moves_now_for_every_kind_of_computer(second: str) -> None:
    """x stops a timed computer too (no move, still to move); p then has a timed computer
    or MCTS play its best move at once, and says a fixed depth cannot."""
    app = app_for(second, game="connectfour")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert await pilot.click("#cell-0-3")
        await pilot.pause(0.3)
        await pilot.press(KEY["stop"])
        await settle(app, pilot)
        assert app.model.board.moves == (3,) and "stopped" in text(app, "#info")
        app._call_model(app.model.start)  # what typing go does
        await pilot.pause(0.3)
        await pilot.press(KEY["now"])
        if "@" in second:
            await settle(app, pilot)
            assert len(app.model.board.moves) == 2 and not app.busy
        else:
            await pilot.pause(0.1)
            assert "no move before its search ends" in text(app, "#info") and app.busy
            await pilot.press(KEY["stop"])
            await settle(app, pilot)
            assert app.model.board.moves == (3,)


# -- the layout at 80 x 24 and 120 x 40, every game --------------------------------------

GAME_SETTINGS: list[tuple[str, dict[str, object]]] = [
    ("tictactoe", {}),
    ("connectfour", {}),
    ("othello", {}),
    ("othello", {"size": 16}),
    ("nim", {}),
    ("grundy", {"heaps": (3, 4, 5)}),
    ("kalah", {}),
]


def inside(app: GameApp, widget: Any) -> bool:
    """Whether the widget's region is wholly on the screen."""
    region = widget.region
    width, height = app.size
    return (
        region.width > 0
        and region.height > 0
        and region.x >= 0
        and region.y >= 0
        and region.right <= width
        and region.bottom <= height
    )


#: The games of GAME_SETTINGS, the widest row of pits, and the games of more players.
LAYOUT_SETTINGS = [
    *GAME_SETTINGS,
    ("kalah", {"pits": 8}),
    ("pig", {"players": 3}),
    ("rolit", {"players": 4}),
]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("game", "options"), LAYOUT_SETTINGS)
def test_layout_keeps_the_controls_and_the_board_in_reach(
    game: str, options: dict[str, object], size: tuple[int, int]
) -> None:
    """Every game at its default size (and Othello 16 x 16): the status, every button, the
    move box and the key bar are on the screen; every cell of the board is on the screen
    or reached by scrolling to it (focusing it, as the arrow keys do); a game's move
    buttons (Nim's steps, Pig's roll and hold) are all on the screen, wrapped if need be."""

    @synchronous
    async def check() -> None:
        app = app_for(game=game, options=options)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            for selector in ("#status", "#command", "Footer", *(f"#do-{n}" for n in BUTTONS)):
                assert inside(app, app.query_one(selector)), (selector, game, size)
            cells = list(app.query("#board Button"))
            assert cells
            if game in ("nim", "grundy", "pig"):  # the state is drawn above buttons
                assert inside(app, app.query_one("#columns"))
                assert text(app, "#columns").strip()
                shown = app.query_one("#left").region
                for cell in cells:
                    assert shown.contains_region(cell.region), (cell.id, game, size)
            for cell in (cells[0], cells[-1]):
                cell.focus()
                await pilot.pause()
                await pilot.pause()
                assert inside(app, cell), (cell.id, game, size)
            footer = app.query_one("Footer")
            assert footer.region.bottom == size[1]

    check()


@pytest.mark.parametrize(
    ("game", "options", "whole"),
    [("othello", {"size": 16}, True), ("rolit", {"size": 16, "players": 3}, True),
     ("tictactoe", {"rows": 12, "cols": 20, "k": 5}, True),
     ("connectfour", {"width": 16, "height": 16}, False)],
)  # fmt: skip
def test_a_wide_board_fits_across_80_columns_where_its_labels_allow(
    game: str, options: dict[str, object], whole: bool
) -> None:
    """At 80 x 24 a board of 16 or 20 columns lettered a, b, ... fits across the board's
    panel, each column two wide: Othello and Rolit of 16 were cut after column m, the rest
    behind a scroll bar, as columns were three wide at the least. Each column is still as
    wide as its label and a space, so Connect Four's 10 to 16 stay apart (and scroll)."""

    @synchronous
    async def check() -> None:
        app = app_for(game=game, options=options)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            grid = app.query_one("#board", BoardGrid)
            cells = list(app.query("#board Button"))
            width = cells[0].region.width
            assert all(len(label) < width for label in grid.labels[0]), (width, grid.labels)
            panel = app.query_one("#left").region
            assert panel.contains_region(cells[grid.columns - 1].region) == whole, game
            assert grid.region.right <= panel.right or not whole

    check()


def test_a_lettered_piece_is_a_chip_where_its_square_has_room_and_its_letter_where_not() -> None:
    """Rolit's pieces are letters on their colours: one letter was a speck in a square five
    or nine wide, so where a square is three wide or more the piece is a chip of three (its
    letter between two spaces, all on its colour), and where it is two (Rolit of 16 at 80
    x 24) the letter alone, under its column's label (a chip was cut to a space and the
    letter, which stood between two columns). The squares and their labels follow the
    terminal's size as it changes, both ways (the board kept the size it first had: it was
    fitted to its panel before the panel had its new size); the status line's piece is a
    chip."""

    @synchronous
    async def check() -> None:
        app = people_app("rolit", {"size": 16, "players": 3})
        async with app.run_test(size=(80, 24)) as pilot:
            looked = 0
            for size, wide in [((80, 24), False), ((140, 44), True), ((80, 24), False)]:
                await pilot.resize_terminal(*size)
                await settle(app, pilot)
                grid = app.query_one("#board", BoardGrid)
                assert grid.wide == wide, (size, app.query_one("#board Button").region)
                width = app.query_one("#board Button").region.width
                assert (width >= 3) == wide, (size, width)
                for button in app.query("#board Button.square"):
                    owner = next((int(c[6:]) for c in button.classes if c[:6] == "mover-"), None)
                    if owner is not None:
                        letter = app.model.board.pieces.letters[owner]
                        assert str(button.label) == (f" {letter} " if wide else letter)
                        looked += 1
            assert looked == 3 * 4  # the four discs of the start, at each size
            assert text(app, "#status").startswith(" R  Red")

    check()


BUTTONS = ("hint", "undo", "redo", "go", "new", "save", "load", "help")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize(("game", "options"), GAME_SETTINGS)
def test_settings_flow_for_every_game(
    game: str, options: dict[str, object], size: tuple[int, int]
) -> None:
    """At 80 x 24 and 120 x 40: the new game's key opens the settings with the game list
    focused, every field and the help in sight (the help was below the fold); choosing
    the game puts its options in the field; Start (on the screen) begins it."""

    @synchronous
    async def check() -> None:
        from textual.widgets import Select

        from oogames.games import GAMES
        from oogames.nextmove.spec_help import people_help
        from oogames.ui.tui import SettingsScreen

        app = app_for()
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            await pilot.press(KEY["new"])
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            assert app.focused is screen.query_one("#game")
            said = " ".join(str(screen.query_one("#settings-help").render()).split())
            assert said.startswith(people_help())  # the page's line (spec_help), in plain text
            fields = screen.query_one("#fields")
            assert fields.max_scroll_y == 0  # every field and the help in sight (80x24 too)
            assert fields.region.contains_region(screen.query_one("#settings-help").region)
            screen.query_one("#game", Select).value = game
            await pilot.pause()
            field = screen.query_one("#options")
            assert field.value == GAMES[game].options_text()
            if options:
                field.value = GAMES[game].options_text(options)
            for button in ("#start", "#cancel"):
                assert inside(app, screen.query_one(button))
            assert await pilot.click("#start")
            await settle(app, pilot)
            await settle(app, pilot)
            assert app.model.settings.game == game
            expected = GAMES[game].make(**options).options()  # Grundy sorts its heaps
            assert app.model.board.options() == expected

    check()


@synchronous
async def test_the_dialog_takes_the_new_games_default_player_and_refuses_an_endless_one() -> None:
    """Changing the game from tic-tac-toe to Connect Four puts Connect Four's default
    computer in the computer's field (a human stays human); a search with neither depth
    nor clock on Connect Four is one line in the dialog, and ``:end`` is taken."""
    from textual.widgets import Select

    from oogames.games import GAMES
    from oogames.ui.tui import SettingsScreen

    app = app_for("alphabeta")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press(KEY["new"])
        await pilot.pause()
        screen = app.screen
        screen.query_one("#game", Select).value = "connectfour"
        await pilot.pause()
        assert screen.query_one("#player0").value == "human"
        assert screen.query_one("#player1").value == str(default_player(GAMES["connectfour"]))
        screen.query_one("#player1").value = "alphabeta"
        screen.query_one("#player1").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, SettingsScreen)
        assert "has neither a depth nor a clock" in text(screen, "#settings-error")
        screen.query_one("#player1").value = "alphabeta:end"  # a person moves first
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SettingsScreen)
        assert app.model.settings.game == "connectfour"
        assert str(app.model.settings.players[1]) == "alphabeta:end"


@synchronous
async def test_settings_refuse_bad_values_in_place_and_enter_never_plays() -> None:
    """A bad option, player or number is one line in the dialog and the game is unchanged;
    Enter in a field starts (or refuses) and never reaches the game as a move; Escape
    cancels."""
    from oogames.ui.tui import SettingsScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press(KEY["new"])
        await pilot.pause()
        screen = app.screen
        for field, value, message in (
            ("#options", "rows=4 width=3", "does not take 'width'"),
            ("#options", "rows=x", "rows must be a whole number"),
            ("#options", "rows", "name=value"),
            ("#player0", "wizard", "unknown"),
            ("#hint-depth", "0", "hint depth"),
        ):
            saved = screen.query_one(field).value
            screen.query_one(field).value = value
            screen.query_one(field).focus()
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, SettingsScreen)
            assert message in text(screen, "#settings-error"), (field, value)
            assert app.model.board.ply == 0  # nothing reached the game
            screen.query_one(field).value = saved
        screen.query_one("#options").value = "rows=4 cols=4 k=3"
        screen.query_one("#options").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SettingsScreen)
        assert app.model.board.options() == {"rows": 4, "cols": 4, "k": 3}
        assert app.model.board.ply == 0
        await pilot.press(KEY["new"])
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen)
        await pilot.press(KEY["new"])
        await pilot.pause()
        app.screen.query_one("#player1").value = ""
        app.screen.query_one("#player1").focus()
        await pilot.press("q")  # typed into the field, not closing the dialog
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        assert app.screen.query_one("#player1").value == "q"
        app.screen.query_one("#game").focus()
        await pilot.press("q")  # outside a field, q closes it
        await pilot.pause()
        assert not isinstance(app.screen, SettingsScreen) and app.is_running


@synchronous
async def test_help_closes_with_escape_and_its_own_key() -> None:
    """The help lists every command of the table in columns (word, key, what it does) that
    wrap within their column at 80 x 24; Esc and F1 close it."""
    from oogames.ui.tui import HelpScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for key in ("escape", KEY["help"]):
            await pilot.press(KEY["help"])
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            assert inside(app, app.screen.query_one("#close"))
            table = app.screen.query("Static").last().content
            assert [row for row in zip(*(c.cells for c in table.columns), strict=True)] == [
                tuple(row) for row in command_rows("tui")
            ]
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, HelpScreen)
        assert app.is_running  # the keys closed the help, not the app


@synchronous
async def test_connect_four_hint_is_marked_where_the_token_lands() -> None:
    app = app_for(game="connectfour", hint_depth=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.click("#cell-0-3")
        await settle(app, pilot)
        await pilot.click("#cell-0-3")
        await settle(app, pilot)
        await pilot.press(KEY["hint"])
        await settle(app, pilot)
        hint = app.model.last_hint
        assert hint is not None
        marked = [button.id for button in app.query("#board Button.hint")]
        board = app.model.board
        row = board.height - 1 - board.column_height(hint.move)  # the rows from the top
        assert marked == [f"cell-{row}-{hint.move}"]


@synchronous
async def test_moves_typed_lists_the_legal_moves() -> None:
    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        app.query_one("#command").value = "moves"
        app.query_one("#command").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert text(app, "#info") == "legal moves: a1 b1 c1 a2 b2 c2 a3 b3 c3"
        assert app.model.board.ply == 0


@synchronous
async def test_undo_clears_what_was_said_of_the_undone_move() -> None:
    app = app_for("alphabeta:2")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.click("#cell-1-1")
        await settle(app, pilot)
        assert "played" in text(app, "#info")
        await pilot.press(KEY["undo"])
        await settle(app, pilot)
        assert "played" not in text(app, "#info")
        assert text(app, "#status") == "X (human) to move"


@synchronous
async def test_a_hint_is_gone_when_the_game_ends() -> None:
    app = app_for(hint_depth=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        for cell in ("#cell-0-0", "#cell-1-0", "#cell-0-1", "#cell-1-1"):
            await pilot.click(cell)
            await settle(app, pilot)
        await pilot.press(KEY["hint"])
        await settle(app, pilot)
        assert "Hint" in text(app, "#info")
        await pilot.press(KEY["accept"])
        await settle(app, pilot)
        assert app.model.board.is_over
        assert "Hint" not in text(app, "#info") and not app.query("#board Button.hint")


@synchronous
async def test_undo_in_a_computer_game_pauses_and_go_plays_on() -> None:
    """Computer against computer: undo takes a move back and says the game is paused; g
    lets it play on to the end (it never stalls for good)."""
    app = GameApp(
        GameSettings(
            game="tictactoe", players=(PlayerSpec.parse("alphabeta:2"), PlayerSpec("random"))
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert app.model.board.is_over
        await pilot.press(KEY["undo"])
        await settle(app, pilot)
        said = text(app, "#info")  # in the terminal board's words: its keys, then the word
        assert not app.model.board.is_over and said.startswith("paused: ")
        assert "Ctrl+G or go lets it play on (or Ctrl+T or hint, then Ctrl+P or accept" in said
        await pilot.press(KEY["go"])
        await settle(app, pilot)
        assert app.model.board.is_over


def test_a_row_of_moves_too_wide_for_80_columns_wraps_and_the_arrows_walk_it() -> None:
    """Grundy's seven splits of heaps 5, 6, 7 at 80 x 24: a row of six is wider than the
    room, so the buttons wrap to rows of fewer, every one on the screen, and Down from the
    first reaches the one below it on the screen."""

    @synchronous
    async def check() -> None:
        app = app_for(game="grundy", options={"heaps": (5, 6, 7)})
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            grid = app.query_one("#board", BoardGrid)
            cells = list(app.query("#board Button"))
            assert 1 < grid.across < grid.columns < len(cells) == 7
            assert cells[grid.across].region.y > cells[0].region.y  # wrapped below the first
            assert all(inside(app, cell) for cell in cells)
            await pilot.press("tab")  # from the move box to the first move
            assert app.focused is cells[0]
            await pilot.press("down")
            assert app.focused is cells[grid.across]
            below = grid.moves[str(cells[grid.across].id)]
            await pilot.press("enter")
            await settle(app, pilot)
            assert app.model.board.moves[0] == below

    check()


@pytest.mark.parametrize(("game", "options"), [("othello", {}), ("othello", {"size": 16})])
def test_arrow_keys_walk_a_big_board_to_its_far_corner(
    game: str, options: dict[str, object]
) -> None:
    """At 80 x 24 the arrow keys move between the cells of Othello 8 x 8 and 16 x 16 (the
    board scrolls along), and Enter plays the cell reached."""

    @synchronous
    async def check() -> None:
        app = app_for(game=game, options=options)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            size = app.model.board.options()["size"]
            await pilot.press("tab")  # from the move box to the board's first cell
            await pilot.press(*["right"] * (size - 1), *["down"] * (size - 1))
            await pilot.pause()
            corner = app.query_one(f"#cell-{size - 1}-{size - 1}")
            assert app.focused is corner and inside(app, corner)
            await pilot.press("up", "left")
            legal = app.model.board.legal_moves()[0]
            row, col = legal
            await pilot.press(*["up"] * size, *["left"] * size)  # back to a1
            await pilot.press(*["right"] * col, *["down"] * row, "enter")
            await settle(app, pilot)
            assert app.model.board.moves == (legal,)

    check()


@synchronous
async def test_a_plugin_game_plays_in_the_terminal_view() -> None:
    """The tutorial's plug-in game: its drawing above its move buttons, a click plays, the
    computer answers, and the settings screen shows its constructor's options."""
    game = f"{Path(__file__).resolve().parents[1] / 'demos' / 'twenty_one.py'}:TwentyOne"
    app = GameApp(GameSettings(game=game, players=(PlayerSpec("human"), PlayerSpec("alphabeta"))))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert text(app, "#columns") == "total 0 of 21"
        assert [str(button.label) for button in app.query("#board Button")] == ["1", "2", "3"]
        await pilot.click("#move-0")
        await settle(app, pilot)
        assert app.model.board.ply == 2 and "B (alphabeta) played" in text(app, "#info")
        await pilot.press(KEY["new"])
        await pilot.pause()
        assert app.screen.query_one("#options").value == "target=21"


@synchronous
async def test_a_plugin_game_of_three_players_with_no_pieces_of_its_own_plays_to_its_end() -> None:
    """A plug-in that declares ``players = 3`` and no names or pieces gets plain ones:
    each of the three people moves in turn, named in the status line, to the game's end
    (the status line raised IndexError at the third player's turn)."""
    game = f"{Path(__file__).resolve().parents[1] / 'demos' / 'round_table.py'}:RoundTable"
    people = (PlayerSpec("human"),) * 3
    app = GameApp(GameSettings(game=game, options={"target": 10}, players=people))
    statuses = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        while not app.model.board.is_over and len(statuses) < 10:
            statuses.append(text(app, "#status"))
            assert await pilot.click("#move-0")  # adds 1
            await settle(app, pilot)
        assert app.model.board.ply == len(statuses) == 10
        assert text(app, "#status") == "Game over: player 0 has won"
    names = app.model.board.player_names
    assert names == ("player 0", "player 1", "player 2")
    for ply, status in enumerate(statuses):
        assert status == f"{names[ply % 3]} (human) to move", status


# -- keyboard first: every game at 80 x 24 and 120 x 40 -----------------------------------

SIZES = [(80, 24), (120, 40)]


def moved(app: GameApp) -> int:
    """The moves the people have made (the plies less chance's)."""
    return sum(player != CHANCE for player, _ in app.model.board.history)


#: Every game at the smallest terminal, and two at the larger: the keys are the app's
#: bindings, the same at every size (the layout tests above place the controls at both
#: sizes), and each case takes 8-14 s, the most of any test in CI's run of the extras.
#: Rolit of three and Pig of three (chance between the people's moves) were left out.
KEY_CASES = [(game, options, SIZES[0]) for game, options in GAME_SETTINGS] + [
    ("tictactoe", {}, SIZES[1]),
    ("rolit", {"players": 3}, SIZES[0]),
    ("pig", {"players": 3}, SIZES[1]),
]


@pytest.mark.parametrize(("game", "options", "size"), KEY_CASES)
def test_every_key_works_after_a_typed_move_in_every_game(
    game: str, options: dict[str, object], size: tuple[int, int], tmp_path: Path
) -> None:
    """Typed from the start (the box has the focus), a move is played; then every command's
    key does its work whatever has the focus: a cell, the box or a side button. Every seat
    is a person's (three in Rolit and Pig); the moves counted are the people's (Pig's die
    rolls between them)."""
    from oogames.ui.screens import HelpScreen, SettingsScreen

    @synchronous
    async def check() -> None:
        app = people_app(game, options, hint_depth=1)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            board = app.model.board
            move = board.format_move(board.legal_moves()[0])
            assert app.focused is app.query_one("#command")
            await pilot.press(*move, "enter")
            await settle(app, pilot)
            assert moved(app) == 1, (game, move, text(app, "#info"))
            checked = set()
            for focus in ("#board Button", "#command", "#do-help"):
                app.query(focus).first().focus()
                await pilot.pause()
                ply = moved(app)
                await pilot.press(KEY["hint"])
                await settle(app, pilot)
                assert text(app, "#info").startswith("Hint: "), (focus, text(app, "#info"))
                await pilot.press(KEY["accept"])
                await settle(app, pilot)
                assert moved(app) == ply + 1
                await pilot.press(KEY["undo"])
                await settle(app, pilot)
                assert moved(app) == ply
                await pilot.press(KEY["redo"])
                await settle(app, pilot)
                assert moved(app) == ply + 1
                for word in ("save", "load"):
                    await pilot.press(KEY[word])
                    await pilot.pause()
                    box = app.query_one("#command")
                    assert box.value == f"{word} {app.model.settings.game}.json"
                    assert app.focused is box
                    box.value = ""
                await pilot.press(KEY["go"])
                await settle(app, pilot)
                assert text(app, "#info") == "go: no computer is waiting to move"
                for word, screen in (("help", HelpScreen), ("new", SettingsScreen)):
                    await pilot.press(KEY[word])
                    await pilot.pause()
                    assert isinstance(app.screen, screen)
                    await pilot.press("escape")  # the dialog's Esc, not the game's Stop
                    await pilot.pause()
                    assert not isinstance(app.screen, screen) and app.is_running
                await pilot.press(KEY["stop"])  # nothing thinks: the keys are off
                await pilot.press(KEY["now"])
                for word in ("stop", "now"):  # and the words typed are told so
                    app.query_one("#command").value = word
                    await pilot.press("enter")
                    await settle(app, pilot)
                    assert text(app, "#info") == idle_text(word)
                assert moved(app) == ply + 1
                checked |= {"hint", "accept", "undo", "redo", "save", "load", "go", "help"}
                checked |= {"new", "stop", "now"}
                app.query_one("#command").value = ""
            # A letter typed while a cell has the focus goes to the box, which takes it.
            app.query("#board Button").first().focus()
            await pilot.pause()
            await pilot.press(move[0])
            assert app.focused is app.query_one("#command")
            assert app.query_one("#command").value == move[0]
            await pilot.press(KEY["quit"])
            await pilot.pause()
            assert not app.is_running
            checked.add("quit")
            assert checked == set(KEY), set(KEY) - checked  # every key of the table

    check()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("game", "options"), GAME_SETTINGS)
def test_stop_and_move_now_while_the_computer_thinks_in_every_game(
    game: str, options: dict[str, object], size: tuple[int, int], tmp_path: Path
) -> None:
    """While the computer thinks, Esc stops it (no move, the computer still to move, the
    footer and the status name the keys); Ctrl+G lets it think again, and Ctrl+B has it
    play at once."""
    bot = tmp_path / "waiter.py"
    bot.write_text(WAITER)

    @synchronous
    async def check() -> None:
        app = app_for(f"{bot}:Waiter", game=game, options=options)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            board = app.model.board
            await pilot.press(*board.format_move(board.legal_moves()[0]), "enter")
            while board.to_move == 0 and not board.is_over:  # Kalah's extra turns
                await settle(app, pilot)
                await pilot.press(*board.format_move(board.legal_moves()[0]), "enter")
            await pilot.pause(0.2)
            assert app.busy and "is thinking... (Esc stops it, Ctrl+B moves now)" in text(
                app, "#status"
            )
            ply = board.ply
            await pilot.press(KEY["stop"])
            await settle(app, pilot)
            assert not app.busy and board.ply == ply and board.to_move == 1
            assert "stopped: the game is as it was" in text(app, "#info")
            await pilot.press(KEY["go"])
            await pilot.pause(0.2)
            assert app.busy
            await pilot.press(KEY["now"])
            await settle(app, pilot)
            assert not app.busy and board.ply == ply + 1

    check()


@pytest.mark.parametrize(("game", "options"), [g for g in GAME_SETTINGS if g[0] != "nim"])
def test_the_board_grows_with_the_terminal(game: str, options: dict[str, object]) -> None:
    """The cells of a grid board are larger at 120 x 40 than at 80 x 24 (where they fit,
    but for Othello 16 x 16, which scrolls); a game of move buttons keeps its buttons'
    height, narrower at 80 x 24 only where a row would not fit (Kalah's six pits)."""

    @synchronous
    async def measure(size: tuple[int, int]) -> tuple[int, int]:
        app = app_for(game=game, options=options)
        async with app.run_test(size=size) as pilot:
            await settle(app, pilot)
            cell = app.query("#board Button").first()
            sizes.append((cell.size.width, cell.size.height))
        return sizes[-1]

    sizes: list[tuple[int, int]] = []
    measure((80, 24))
    measure((120, 40))
    small, large = sizes
    if app_for(game=game, options=options).model.board.layout() is None:
        assert small[1] == large[1] and small[0] <= large[0]
    elif options.get("size") == 16:
        assert large >= small
    else:
        assert large[0] > small[0] and large[1] > small[1], (small, large)


@synchronous
async def test_othello_shows_discs_legal_moves_and_the_score() -> None:
    """Othello's discs in their colours, its legal squares marked, the count of discs; the
    labels of a 16 x 16 board are whole at 80 x 24."""
    app = app_for(game="othello")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        legal = sorted(button.id for button in app.query("#board Button.legal"))
        assert legal == ["cell-2-3", "cell-3-2", "cell-4-5", "cell-5-4"]  # d3 c4 f5 e6
        assert str(app.query_one("#cell-3-3").label) == "●"
        assert app.query_one("#cell-3-3").has_class("mover-1")  # d4 is white's
        assert "Black 2 - White 2" in text(app, "#status")
        assert text(app, "#status").startswith("● Black (human) to move")
    app = app_for(game="othello", options={"size": 16})
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        labels = [str(label.render()) for label in app.query("#board .label")]
        assert labels[1:17] == [chr(97 + c) for c in range(16)]
        assert labels[17] == "1" and "16" in labels


@synchronous
async def test_the_settings_seat_more_players_and_refuse_a_seat_the_game_has_not() -> None:
    from oogames.ui.tui import SettingsScreen

    app = app_for()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        await pilot.press(KEY["new"])
        await pilot.pause()
        screen = app.screen
        screen.query_one("#others").value = "random"
        screen.query_one("#others").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, SettingsScreen)  # tic-tac-toe seats two
        assert "has 2 players here, not 3" in text(screen, "#settings-error")
        screen.query_one("#game").value = "rolit"
        await pilot.pause()
        assert screen.query_one("#others").value == ""  # another game: its own computers
        seats = screen.query_one("#first")
        assert [str(option[0]) for option in seats._options] == [
            "the first player",
            "the second player",
            "the third player",
            "the fourth player",
        ]  # Rolit's default: four players
        screen.query_one("#options").value = "players=3 size=6"
        await pilot.pause()
        assert len(seats._options) == 3  # who may start follows the options
        screen.query_one("#player1").value = "random"
        screen.query_one("#others").value = "maxn:1"
        seats.value = 2  # a seat only a game of three or more has
        screen.query_one("#others").focus()
        await pilot.press("enter")
        await settle(app, pilot)
        assert not isinstance(app.screen, SettingsScreen)
        labels = [spec.label for spec in app.model.settings.players]
        assert app.model.board.players == 3 and labels[1:] == ["random", "maxn:1"]
        assert app.model.settings.first == 2
        assert app.model.settings.spec_of(0).label == "maxn:1"  # the third seat moves first


@synchronous
async def test_four_players_scores_are_named_and_none_is_split_from_its_count_at_80x24() -> None:
    """Rolit's score names each player; where the line is wider than the panel at 80 x 24,
    it breaks between players (it used to break between "Blue" and its count)."""
    app = GameApp(
        GameSettings(
            game="rolit",
            options={"size": 8, "players": 4},
            players=tuple(PlayerSpec("human") for _ in range(4)),
        )
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        status = text(app, "#status")
        width = app.query_one("#status").size.width
        assert "Red 1" in status and "Blue 1" in status and "Green 1" in status, status
        assert all(len(line) <= width for line in status.splitlines()), (width, status)
        assert not any(
            line.split()[-1:] in (["Red"], ["Green"], ["Yellow"], ["Blue"])
            for line in status.splitlines()
        ), status


@synchronous
async def test_typed_commands_do_on_the_terminal_board_what_they_do_in_the_console() -> None:
    """Random runs of moves and commands typed in the terminal board's box, and given to
    the console on another game: after each, both games hold the same moves, turn, redo
    and hint (the console and the page are compared so in test_commands.py)."""
    import contextlib
    import io

    from oogames.errors import OogamesError
    from oogames.game import GameModel
    from oogames.ui.console import ConsoleView

    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        players = (PlayerSpec("human"), PlayerSpec("alphabeta", depth=1))
        settings = GameSettings("tictactoe", {}, players[:: 1 if seed % 2 else -1])
        console = ConsoleView(GameModel(settings), io.StringIO(), io.StringIO())
        app = GameApp(settings)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            for _ in range(25):
                word = rng.choice(["move", "move", "hint", "accept", "undo", "redo", "go"])
                board = console.model.board
                legal = board.legal_moves()
                typed = board.format_move(rng.choice(legal)) if legal else "a1"
                typed = typed if word == "move" else word
                with contextlib.suppress(OogamesError):  # refused: the game as it was
                    console.command(typed)
                box = app.query_one("#command")
                box.focus()
                box.value = typed  # type: ignore[attr-defined]
                await pilot.press("enter")
                await settle(app, pilot)
                a, b = console.model, app.model
                assert a.board.moves == b.board.moves, (seed, typed, text(app, "#info"))
                assert a.board.to_move == b.board.to_move and a.can_redo == b.can_redo
                assert (a.last_hint is None) == (b.last_hint is None), (seed, typed)
                checked += 1
    print(f"checked: a typed command does what it does in the console: {checked}")


def test_the_consoles_keys_while_a_computer_thinks_work_here_too(tmp_path: Path) -> None:
    """Each command with a key in the console while a computer thinks (its ``signal``:
    Ctrl-C stops, Ctrl-\\ moves now) does on the terminal board what its own key does; with
    nothing thinking, Ctrl+C leaves the game as it is and the app running (Textual's)."""
    from oogames.game.commands import COMMANDS, signal_key

    bot = tmp_path / "waiter.py"
    bot.write_text(WAITER)
    signals = {command.word: signal_key(command.signal) for command in COMMANDS if command.signal}
    assert signals == {"stop": "ctrl+c", "now": "ctrl+backslash"}

    @synchronous
    async def check() -> None:
        app = app_for(f"{bot}:Waiter")
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            board = app.model.board
            await pilot.press("ctrl+c")
            await settle(app, pilot)
            assert app.is_running and not app.busy and board.ply == 0
            await pilot.press("b", "2", "enter")
            await pilot.pause(0.2)
            assert app.busy
            await pilot.press(signals["stop"])
            await settle(app, pilot)
            assert not app.busy and board.ply == 1 and "stopped" in text(app, "#info")
            await pilot.press(KEY["go"])
            await pilot.pause(0.2)
            assert app.busy
            await pilot.press(signals["now"])
            await settle(app, pilot)
            assert not app.busy and board.ply == 2

    check()


@pytest.mark.parametrize("closed", [False, True])
def test_the_interactive_view_without_a_terminal_is_refused_in_one_line(closed: bool) -> None:
    """``oogames play --tui`` with standard input not a terminal (``< /dev/null``, a script)
    waited for keys that never came, for ever; with it closed (``<&-``) it ended with
    Textual's traceback. Now either is one line that says why and what to do."""
    import os
    import subprocess
    import sys

    from helpers import AS_THE_COMMAND

    played = subprocess.run(
        [sys.executable, "-c", AS_THE_COMMAND, "play", "tictactoe", "--tui"],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120,
        preexec_fn=(lambda: os.close(0)) if closed else None,
    )  # fmt: skip
    assert played.returncode == 2 and played.stderr == (
        "oogames play: error: --tui reads its keys on standard input, which is not a "
        "terminal: play with --console\n"
    )


#: The games the terminal board draws as squares, each with players enough to see them all.
SQUARE_GAMES = (
    ("tictactoe", {}),
    ("connectfour", {}),
    ("othello", {}),
    ("rolit", {"players": 4}),
)


@pytest.mark.parametrize(("game", "options"), SQUARE_GAMES, ids=[g for g, _ in SQUARE_GAMES])
def test_without_colour_every_players_pieces_are_told_apart(
    game: str, options: dict[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where the terminal shows no colour (``NO_COLOR``, which Textual draws in grey),
    Connect Four's red and yellow discs, and Rolit's four, were one shape told apart only
    by their colour, and the red ones as dark as the board. There, every piece on the board
    is its player's letter in the ink that reads on the board, a letter each player, and
    the status line names the letter of the player to move where it is not its name."""
    from oogames.ui.cells import ink

    monkeypatch.setenv("NO_COLOR", "1")

    async def run() -> None:
        app = people_app(game, options)
        assert app.no_color
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            async for _ in typed_at_random(app, pilot, f"no colour {game}", 6):
                pass
            board = app.model.board
            letters, seen = board.pieces.letters, {}
            for button in app.query("#board Button.square"):
                owner = next(
                    (int(name[6:]) for name in button.classes if name.startswith("mover-")), None
                )
                if owner is not None:
                    seen.setdefault(owner, set()).add(str(button.label))
                    assert f"{ink(board.pieces.board)} on" in button.label.markup
            assert len(seen) >= 2, seen  # pieces of two players at least were looked at
            assert all(shown == {letters[owner]} for owner, shown in seen.items()), seen
            assert len(set(letters[: board.players])) == board.players
            status = text(app, "#status")
            player = board.to_move
            if not board.is_over and letters[player] != board.player_names[player]:
                assert status.startswith(f"{letters[player]} "), status
            print(f"checked: {game}: pieces without colour, players seen: {len(seen)}")

    asyncio.run(run())


@pytest.mark.parametrize(("game", "options"), SQUARE_GAMES, ids=[g for g, _ in SQUARE_GAMES])
def test_every_square_shows_the_piece_on_it_after_each_move(
    game: str, options: dict[str, object]
) -> None:
    """Each square's button shows the piece the board has there, in its owner's colour
    (Rolit's discs, which differ by hue alone, as their letters), after every move of a
    game. Textual compares a button's labels by their text alone, so
    a disc flipped (Othello, Rolit: "●" in one colour to "●" in another) kept its old
    colour: after f5 in Othello, e5 showed a black disc that the board had made white."""

    async def run() -> None:
        app = people_app(game, options)
        looked = 0
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            async for board in typed_at_random(app, pilot, f"every square {game}", 12):
                layout = board.layout()
                assert layout is not None
                buttons = list(app.query("#board Button.square"))
                for button, square in zip(buttons, layout.squares, strict=True):
                    spans = button.label.spans  # type: ignore[union-attr]
                    if square.owner is None:
                        assert not any(f"mover-{p}" in button.classes for p in range(4))
                        continue
                    colour = board.pieces.colours[square.owner]
                    assert [colour in str(span.style) for span in spans] == [True], (
                        button.id,
                        square.owner,
                        spans,
                    )
                    # Rolit's discs differ by hue alone (red, green, blue): each its letter,
                    # on its colour (its yellow letter was as light as the board), a chip
                    # three wide (the squares are five wide here).
                    shown = board.pieces.letters if game == "rolit" else board.pieces.marks
                    chip = f" {shown[square.owner]} " if game == "rolit" else shown[square.owner]
                    assert str(button.label) == chip, (button.id, button.label)
                    ground = board.pieces.colours[square.owner] if game == "rolit" else None
                    ground = ground or board.pieces.board
                    assert str(spans[0].style).endswith(f" on {ground}"), spans
                    looked += 1
        assert looked > 20
        print(f"checked: {game}: squares with a piece, looked at after each move: {looked}")

    asyncio.run(run())


def test_the_buttons_offer_what_has_something_to_do_now() -> None:
    """The side buttons are enabled by the command table's rule (``usable``), as the page's
    are: at the start Undo, Redo and Go are not (nothing to take back, a person to move);
    once the game is over Hint, Redo and Go are not, and Undo, Save, Load, New and Help
    are (Hint and Go were offered there, to say no)."""
    from textual.widgets import Button

    def enabled(app: GameApp) -> set[str]:
        buttons = app.query("#buttons Button").results(Button)
        return {(button.id or "")[3:] for button in buttons if not button.disabled}

    @synchronous
    async def check() -> None:
        app = app_for()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(app, pilot)
            assert enabled(app) == {"hint", "new", "save", "load", "help"}
            for move in ("a1", "b1", "a2", "b2", "a3"):
                await pilot.press(*move, "enter")
                await settle(app, pilot)
            assert app.model.board.is_over
            assert enabled(app) == {"undo", "new", "save", "load", "help"}
            await pilot.press("ctrl+z")
            await settle(app, pilot)
            assert enabled(app) == {"hint", "undo", "redo", "new", "save", "load", "help"}

    check()


# -- text that looks like markup: shown as it is ---------------------------------------------

LITERAL = "a text like markup shown as it is in the terminal board"

#: Texts that Textual would read as markup: a closing tag with nothing open, a style, an
#: action (a click would run it), a backslash before a bracket, a lone bracket.
MARKUP = ("[/]", "[bold]x", "[red]a9[/red]", "[@click=app.quit]q[/]", "a\\[b]", "x\\", "[")


class _Bracketed(ABoardModel):
    """The 21 game to 5 with every text of its own in brackets: its moves (``[1]``), its
    drawing, its players' names; played with move buttons."""

    player_names = ("[/]A", "[bold]B")
    game_name = "bracketed"

    def __init__(self) -> None:
        super().__init__()
        self.total = 0

    def _play(self, player: int, move: Any) -> Any:
        from oogames import NON_TERMINAL, WON, SnapshotRecord

        if move not in (1, 2) or self.total + move > 5:
            return None
        record = SnapshotRecord(self, player, move, self.total)
        self.total += move
        return record, WON[player] if self.total == 5 else NON_TERMINAL

    def _set_snapshot(self, snapshot: object) -> None:
        self.total = int(snapshot)  # type: ignore[call-overload]

    def _map_moves(self, player: int, lam: Any, param: Any) -> None:
        for move in (1, 2):
            if self.total + move <= 5 and not lam.apply(player, self, move, param):
                return

    def format_move(self, move: Any) -> str:
        return f"[{move}]" if move in (1, 2) else super().format_move(move)

    def parse_move(self, text: str) -> Any:
        return {"[1]": 1, "[2]": 2}.get(text.strip()) or super().parse_move(text)

    def key(self) -> object:
        return (self.total, self.to_move)

    def _draw(self) -> str:
        return f"[/] total [red]{self.total}[/red] \\"

    def reset(self) -> None:
        self.total = 0
        self._set_turn(0, self.state)
        self._history.clear()


@synchronous
async def test_what_looks_like_markup_is_shown_as_it_is() -> None:
    """A board's moves, drawing and players' names, what a person types, and an error in
    the new game's dialog, each holding text Textual reads as markup: every one shown as it
    is, and the app goes on (``[/]`` typed in the box ended the app with a MarkupError; a
    plug-in's ``[@click=app.quit]`` would have quit it when clicked)."""
    from oogames.ui.tui import SettingsScreen

    people = GameSettings(players=(PlayerSpec("human"), PlayerSpec("human")))
    app = GameApp(people, board=_Bracketed())
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot)
        assert text(app, "#columns") == "[/] total [red]0[/red] \\"
        assert [str(button.label) for button in app.query("#board Button")] == ["[1]", "[2]"]
        assert text(app, "#status") == "[/]A (human) to move"
        await pilot.click("#move-1")
        await settle(app, pilot)
        assert app.model.board.moves == (2,) and text(app, "#status").startswith("[bold]B")
        count(LITERAL)
        rng = random.Random("markup")  # and 25 drawn from brackets, slashes and a few letters
        drawn = ("".join(rng.choice("[]/\\@=#ab1 ") for _ in range(12)).strip() for _ in range(25))
        for typed in (*MARKUP, *(text for text in drawn if text not in ("", "[1]", "[2]"))):
            app.query_one("#command").value = typed  # type: ignore[attr-defined]
            app.query_one("#command").focus()
            await pilot.press("enter")
            await settle(app, pilot)
            assert repr(typed) in text(app, "#info"), typed  # the refusal quotes it
            count(LITERAL)
        await pilot.press(KEY["new"])
        await pilot.pause()
        screen = app.screen
        for typed in MARKUP:
            screen.query_one("#player0").value = typed
            screen.query_one("#player0").focus()
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, SettingsScreen)
            assert repr(typed) in text(screen, "#settings-error"), typed
            count(LITERAL)
    assert app.return_code is None  # never ended, not by an error and not by a click
