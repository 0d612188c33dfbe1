"""The browser view end to end, in a real headless browser (Playwright driving Debian's
chromium): ``oogames serve`` on a free port, games played by clicking.

Skipped, with the reason, where Playwright or a chromium is not installed (``.ci/run``
installs both).
"""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import SHARED_ROLIT, start_server

pytest.importorskip("starlette", reason="the browser view needs the extra oogames[web]")
sync_api = pytest.importorskip("playwright.sync_api", reason="the browser tests need Playwright")

CHROMIUM = os.environ.get("OOGAMES_CHROMIUM") or shutil.which("chromium") or ""
if not CHROMIUM:
    pytest.skip(
        "no chromium found (apt install chromium, or set OOGAMES_CHROMIUM)", allow_module_level=True
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``oogames serve`` in a process of its own; its address."""
    process, address = start_server(tmp_path_factory.mktemp("web"))
    yield address
    process.terminate()
    process.wait(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


def api(server: str, path: str) -> Any:
    with urllib.request.urlopen(f"{server}{path}", timeout=5) as response:
        return json.loads(response.read())


def start_game(
    page: Any,
    server: str,
    game: str,
    second: str,
    hint: str = "2",
    first: str = "",
    options: str = "",
) -> str:
    """Open the page, fill the new-game form and start; the game's id."""
    page.goto(server)
    page.select_option("#game", game)
    if options:
        page.fill("#options", options)
    if first:
        page.fill("#player0", first)
    page.fill("#player1", second)
    page.fill("#hint", hint)
    page.click("#new")
    page.wait_for_url("**?game=*")
    return page.url.split("game=")[1]


def click_move(page: Any, move: str) -> None:
    page.click(f'#board .move[data-move="{move}"]')


def test_tictactoe_played_to_the_end_by_clicking(server: str, browser: Any) -> None:
    """Two people at one screen: the turn line names whose turn it is by colour; the end
    is a banner that says who won, and Play again starts the same game anew."""
    page = browser.new_page()
    game_id = start_game(page, server, "tictactoe", "human")
    page.wait_for_function(
        "() => document.querySelector('#turn').textContent === 'X (blue) to move'"
    )
    for move in ("b2", "a1", "a2", "c2", "c1", "b1", "a3"):
        click_move(page, move)
        page.wait_for_function(
            f"() => !document.querySelector('#board .move[data-move=\"{move}\"]')"
        )
    page.wait_for_selector("#banner:not([hidden])")
    assert page.text_content("#result") == "X (blue) has won."
    assert api(server, f"/api/games/{game_id}")["over"]
    assert page.text_content("#movelist li.last") == "a3"  # the last move marked
    page.click("#again")
    page.wait_for_function(f"() => !location.search.includes('{game_id}')")
    again = api(server, f"/api/games/{page.url.split('game=')[1]}")
    assert again["moves"] == [] and again["settings"]["player1"] == "human"
    page.wait_for_selector("#banner[hidden]", state="attached")
    page.close()


def post(server: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        f"{server}{path}", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        return json.loads(response.read())


def test_the_banner_names_the_players_who_share_first_place(server: str, browser: Any) -> None:
    """A game of Rolit of three that Red and Yellow end with 6 discs each, Green 4: the
    banner names them with their colours (it said "A draw.")."""
    seats = {f"player{seat}": "human" for seat in range(3)}
    game_id = post(server, "/api/games", {"game": "rolit", "options": "size=4 players=3", **seats})[
        "id"
    ]
    for move in SHARED_ROLIT:
        post(server, f"/api/games/{game_id}/action", {"action": "move", "move": move})
    page = browser.new_page()
    page.goto(f"{server}/?game={game_id}")
    page.wait_for_selector("#banner:not([hidden])")
    result = page.text_content("#result")
    assert result is not None and result.endswith(" share first place."), result
    assert result.startswith("Red") and " and Yellow" in result and "Green" not in result
    page.close()


def test_connect_four_against_the_computer_with_a_hint_and_an_undo(
    server: str, browser: Any
) -> None:
    """The computer's move in words (its figures under details); the hint in words; undo
    forgets what was said of the moves it took back."""
    page = browser.new_page()
    game_id = start_game(page, server, "connectfour", "alphabeta:3")
    assert page.text_content("#turn") == "Your turn: you play X (red)"
    click_move(page, "4")
    page.wait_for_function("() => document.querySelector('#last').textContent.includes('played')")
    assert len(api(server, f"/api/games/{game_id}")["moves"]) == 2
    assert "nodes" not in page.text_content("#last")  # figures only on request
    assert "nodes" in page.text_content("#figures")
    page.click("button[data-action=hint]")
    page.wait_for_function("() => document.querySelector('#hinted').textContent.startsWith('Hint')")
    page.click("button[data-action=undo]")
    page.wait_for_function("() => !document.querySelector('#hinted').textContent")
    page.wait_for_function("() => !document.querySelector('#last').textContent")
    assert api(server, f"/api/games/{game_id}")["moves"] == []
    assert page.is_disabled("button[data-action=undo]")
    page.close()


def test_changing_the_game_takes_its_default_computer_and_an_endless_one_is_refused(
    server: str, browser: Any
) -> None:
    page = browser.new_page()
    page.goto(server)
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 1")
    page.fill("#player1", "alphabeta")
    page.select_option("#game", "connectfour")
    assert page.input_value("#player0") == "human"
    assert page.input_value("#player1") == "alphabeta+tt+order@1"
    page.fill("#player1", "alphabeta")
    page.click("#new")
    page.wait_for_function(
        "() => document.querySelector('#form-error').textContent.includes("
        "'has neither a depth nor a clock')"
    )
    assert "game=" not in page.url and page.is_visible("#newgame")  # the dialog stays open
    page.close()


def test_stop_a_long_search_then_reload_and_find_the_game(server: str, browser: Any) -> None:
    page = browser.new_page()
    game_id = start_game(page, server, "connectfour", "alphabeta:16")
    click_move(page, "4")
    page.wait_for_function("() => document.body.classList.contains('thinking')")
    assert "is thinking" in page.text_content("#turn")
    page.click("button[data-action=stop]")
    page.wait_for_function("() => document.querySelector('#info').textContent.includes('stopped')")
    state = api(server, f"/api/games/{game_id}")
    assert state["moves"] == ["4"] and not state["thinking"]
    page.reload()
    page.wait_for_function("() => document.querySelector('#board svg') !== null")
    assert page.text_content("#turn") == "O (yellow) to move"  # the computer's turn, as before
    assert not page.is_visible("#newgame")  # a game to show: no dialog
    assert api(server, f"/api/games/{game_id}")["moves"] == ["4"]
    page.close()


def test_two_computers_are_watched_move_by_move(server: str, browser: Any) -> None:
    """Computers that play one after another show each move as it is made, with the
    one to move thinking, and Go stays off between their moves."""
    page = browser.new_page()
    game_id = start_game(page, server, "connectfour", "alphabeta:7", first="alphabeta:7")
    seen: set[str | None] = set()
    for _ in range(3):  # three positions in a row, each while a computer thinks
        page.wait_for_function(
            "(n) => document.body.classList.contains('thinking')"
            " && document.querySelectorAll('#movelist li').length > n",
            arg=len(seen),
        )
        assert "is thinking" in page.text_content("#turn")
        assert page.is_disabled("button[data-action=go]")
        seen.add(page.text_content("#movelist"))
    assert not api(server, f"/api/games/{game_id}")["over"]  # seen before the end
    page.click("button[data-action=stop]")
    page.close()


def test_a_stopped_computer_may_be_given_a_hint_as_in_the_other_views(
    server: str, browser: Any
) -> None:
    """Stopped (or paused by undo), the computer's turn offers Hint and Play hint, which
    play the hint for it, as the console's and the terminal board's hint and accept do
    (the page greyed both, while its message said to use them)."""
    page = browser.new_page()
    game_id = start_game(page, server, "connectfour", "alphabeta:16")
    click_move(page, "4")
    page.wait_for_function("() => document.body.classList.contains('thinking')")
    page.click("button[data-action=stop]")
    page.wait_for_function("() => document.querySelector('#info').textContent.includes('stopped')")
    assert page.is_enabled("button[data-action=hint]") and page.is_enabled("button[data-action=go]")
    page.click("button[data-action=hint]")
    page.wait_for_function("() => !document.querySelector('button[data-action=accept]').disabled")
    hinted = api(server, f"/api/games/{game_id}")["hint"]["move"]
    assert page.text_content("#hinted").startswith(f"Hint: play {hinted}")
    page.click("button[data-action=accept]")
    page.wait_for_function("() => document.querySelector('#turn').textContent.startsWith('Your')")
    assert api(server, f"/api/games/{game_id}")["moves"] == ["4", hinted]
    page.close()


def test_upload_a_save_and_go_on(server: str, browser: Any, tmp_path: Path) -> None:
    page = browser.new_page()
    game_id = start_game(page, server, "tictactoe", "human")
    click_move(page, "b2")
    page.wait_for_function("() => !document.querySelector('#board .move[data-move=\"b2\"]')")
    with urllib.request.urlopen(f"{server}/api/games/{game_id}/save", timeout=5) as response:
        saved = tmp_path / "game.json"
        saved.write_bytes(response.read())
    page.click("#open-new")
    page.set_input_files("#upload", str(saved))
    page.wait_for_function(f"() => !location.search.includes('{game_id}')")
    new_id = page.url.split("game=")[1]
    assert api(server, f"/api/games/{new_id}")["moves"] == ["b2"]
    not_a_save = tmp_path / "notes.json"
    not_a_save.write_text("these are notes")
    page.click("#open-new")
    page.set_input_files("#upload", str(not_a_save))
    page.wait_for_function("() => document.querySelector('#form-error').textContent !== ''")
    assert page.text_content("#form-error") == "that file is not JSON"
    too_big = tmp_path / "big.json"  # refused by the page, from the bound /api/meta gives
    too_big.write_text(" " * 300_000)
    page.evaluate("() => { document.querySelector('#form-error').textContent = ''; }")
    page.set_input_files("#upload", str(too_big))
    page.wait_for_function("() => document.querySelector('#form-error').textContent !== ''")
    bound = api(server, "/api/meta")["max_upload"]
    assert page.text_content("#form-error") == (
        f"that file is too big (300,000 bytes; at most {bound:,})"
    )
    page.close()


def test_keyboard_play_and_the_hint_marked_on_the_board(server: str, browser: Any) -> None:
    """The arrow keys walk the board's targets and Enter plays the one in focus; a hint is
    marked on the board, and a click on it plays it."""
    page = browser.new_page()
    game_id = start_game(page, server, "tictactoe", "human")
    page.focus('#board .move[data-move="a1"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # a1 -> b1 -> c1
    page.wait_for_function("() => !document.querySelector('#board .move[data-move=\"c1\"]')")
    assert api(server, f"/api/games/{game_id}")["moves"] == ["c1"]
    page.click("button[data-action=hint]")
    page.wait_for_selector("#board .move.hinted")
    hinted = page.get_attribute("#board .move.hinted", "data-move")
    page.click("#board .move.hinted")
    page.wait_for_function(f"() => !document.querySelector('#board .move[data-move=\"{hinted}\"]')")
    assert api(server, f"/api/games/{game_id}")["moves"] == ["c1", hinted]
    page.close()


def box_of(page: Any, selector: str) -> Any:
    """The element's box, asked again while the page redraws it (a state pushed by the
    server replaces the board's picture, and a box of the old one is None)."""
    for _ in range(40):
        box = page.locator(selector).first.bounding_box()
        if box is not None:
            return box
        page.wait_for_timeout(50)
    return None


#: The windows the page is checked (and photographed for the docs) in: a desktop's and a
#: phone's, with the share of the window's height (desktop) or width (phone) the board fills.
WINDOWS = {"desktop": (1280, 800), "phone": (375, 667)}


@pytest.mark.parametrize("window", sorted(WINDOWS))
@pytest.mark.parametrize("game", ["tictactoe", "connectfour", "othello", "kalah"])
def test_the_board_fills_the_window_and_the_controls_are_in_view(
    server: str, browser: Any, window: str, game: str
) -> None:
    """On a desktop the board is most of the window's height (or, a wide board, most of
    its width beside the side panel), on a phone its width; the
    turn line, the buttons of the game and the New game button are in view without
    scrolling, and nothing is wider than the window."""
    width, height = WINDOWS[window]
    page = browser.new_page(viewport={"width": width, "height": height})
    start_game(page, server, game, "human")
    page.wait_for_selector("#board svg")
    board = box_of(page, "#board svg")
    if window == "desktop":  # as high as the window allows, or as wide (Kalah is wide)
        assert board["height"] >= 0.7 * height or board["width"] >= 0.6 * width, board
    else:
        assert board["width"] >= 0.9 * width, board
    for selector in ("#turn", "#open-new", "button[data-action=hint]", "button[data-action=undo]"):
        box = box_of(page, selector)
        assert box is not None, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)
    scroll_width = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll_width <= width
    page.close()


def test_the_page_the_docs_show(server: str, browser: Any, tmp_path: Path) -> None:
    """Connect Four against the computer, two moves each and a hint on the board,
    photographed at 1280x800 and 375x667: the docs' pictures of the page. The docs build
    runs this test with ``OOGAMES_SCREENSHOTS`` naming the folder the pictures go to."""
    folder = Path(os.environ.get("OOGAMES_SCREENSHOTS") or tmp_path)
    for window, (width, height) in sorted(WINDOWS.items()):
        page = browser.new_page(viewport={"width": width, "height": height})
        game_id = start_game(page, server, "connectfour", "alphabeta:4")
        for played, column in enumerate(("4", "3"), start=1):
            click_move(page, column)
            for _ in range(300):  # the computer's reply, on the server
                state = api(server, f"/api/games/{game_id}")
                if len(state["moves"]) == 2 * played and not state["thinking"]:
                    break
                time.sleep(0.1)
            else:
                pytest.fail("the computer did not reply")
            reply = state["moves"][-1]
            page.wait_for_function(  # and on the page
                "() => !document.body.classList.contains('thinking') && "
                f"document.querySelector('#last').textContent.includes('played {reply}')"
            )
        page.click("button[data-action=hint]")
        page.wait_for_selector("#board .move.hinted")
        state = api(server, f"/api/games/{game_id}")
        assert len(state["moves"]) == 4
        recent = page.text_content(f'#recent a[data-id="{game_id}"]')  # kept up to date
        assert recent == f"connectfour · 4 moves · {state['status']}"
        listed = page.eval_on_selector_all(
            "#movelist span", "spans => spans.map(s => s.textContent)"
        )
        assert listed == ["4", state["moves"][1], "3", reply]
        picture = folder / ("web.png" if window == "desktop" else "web-phone.png")
        page.screenshot(path=str(picture))
        data = picture.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        size = (int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big"))
        assert size == (width, height)
        page.close()


def test_moves_that_do_not_alternate_are_listed_one_a_line_after_their_mover(
    server: str, browser: Any
) -> None:
    """Pig's rolls and the die's numbers: each move on its own line after who made it (two a
    line would pair a roll with the die as if the other player had moved)."""
    page = browser.new_page()
    game_id = start_game(page, server, "pig", "human")
    page.click('[data-move="roll"]')  # a move button: Pig has no squares
    page.wait_for_function("() => document.querySelectorAll('#movelist li').length === 2")
    state = api(server, f"/api/games/{game_id}")
    assert state["movers"] == ["A", "the die"]
    listed = page.eval_on_selector_all(
        "#movelist li", "items => items.map(i => [...i.children].map(s => s.textContent))"
    )
    assert listed == [["A", "roll"], ["the die", state["moves"][1]]]
    page.close()


def test_a_long_game_lists_its_last_moves_numbered_as_in_the_whole_game(
    server: str, browser: Any
) -> None:
    """A game of about a thousand moves lists its last 400 (200 lines of two), numbered
    from where they stand in the game, under the count of the moves before them; the
    whole list took seconds to draw at every move of a game of 50,000."""
    page = browser.new_page()
    game_id = start_game(page, server, "nim", "random", first="random", options="target=2000")
    page.wait_for_selector("#banner:not([hidden])", timeout=20_000)  # the game is over
    state = api(server, f"/api/games/{game_id}")  # the last moves, from moves_from on
    moves, earlier = state["moves"], state["moves_from"]
    lines = page.eval_on_selector_all(
        "#movelist li", "items => items.map(i => [...i.children].map(s => s.textContent))"
    )
    assert lines == [moves[at : at + 2] for at in range(0, len(moves), 2)]
    assert page.eval_on_selector("#movelist", "list => list.start") == earlier // 2 + 1
    assert page.text_content("#earlier") == f"{earlier:,} earlier moves: the save has them"
    assert state["ply"] > 900 and page.is_visible("#earlier") and len(moves) in (399, 400)
    page.close()


def test_a_game_of_three_players_names_its_third_seat_in_the_form(
    server: str, browser: Any
) -> None:
    """More players: the seats after the second, comma-separated; the game's settings list
    them, the form shows them again, and a game that has no such seat refuses in one line."""
    page = browser.new_page()
    page.goto(server)
    page.wait_for_function("() => document.querySelectorAll('#game option').length > 1")
    page.select_option("#game", "rolit")
    page.wait_for_function("() => document.querySelectorAll('#first option').length === 4")
    page.fill("#options", "players=3 size=6")  # who may start follows the options
    page.wait_for_function("() => document.querySelectorAll('#first option').length === 3")
    page.fill("#player0", "human")
    page.fill("#player1", "random")
    page.fill("#others", "maxn:1")
    page.select_option("#first", "2")  # a seat only a game of three has
    page.click("#new")
    page.wait_for_url("**?game=*")
    state = api(server, f"/api/games/{page.url.split('game=')[1]}")
    assert state["settings"]["player2"] == "maxn:1" and len(state["players"]) == 3
    assert state["settings"]["first"] == 2
    page.wait_for_function(
        "() => document.querySelector('#settings').textContent.includes('startsthe third player')"
    )
    page.click("#open-new")
    assert page.input_value("#others") == "maxn:1"
    page.select_option("#game", "tictactoe")
    assert page.input_value("#others") == ""  # another game: its own computers
    page.wait_for_function("() => document.querySelectorAll('#first option').length === 2")
    page.fill("#others", "random")
    page.click("#new")
    page.wait_for_function(
        "() => document.querySelector('#form-error').textContent.includes('has 2 players here')"
    )
    page.close()


def test_a_page_past_the_servers_bound_of_pages_says_it_is_not_kept_up_to_date(
    browser: Any, tmp_path: Path
) -> None:
    """A server that keeps one page up to date refuses the second page's stream of news
    (503): that page says so, and still shows the game and plays through its requests."""
    process, address = start_server(tmp_path, "--max-pages", "1")
    try:
        first, second = browser.new_page(), browser.new_page()
        game_id = start_game(first, address, "tictactoe", "human")
        first.wait_for_function("document.querySelector('#error').textContent === ''")
        second.goto(f"{address}/?game={game_id}")
        second.wait_for_function("document.querySelector('#stale').textContent !== ''")
        assert "not kept up to date" in second.inner_text("#stale")
        click_move(second, "b2")
        # Its own request's answer redraws it (a1 is legal before and after: waiting for
        # it waited for nothing, and the server was asked before it had the move)
        second.wait_for_selector('#board .move[data-move="b2"]', state="detached")
        assert api(address, f"/api/games/{game_id}")["moves"] == ["b2"]
        # An answered request clears #error, not the notice: the page is still not told.
        assert "not kept up to date" in second.inner_text("#stale")
        first.wait_for_selector('#board .move[data-move="b2"]', state="detached")  # told
        assert first.inner_text("#error") == first.inner_text("#stale") == ""
        first.close()
        second.close()
    finally:
        process.terminate()
        process.wait(10)
