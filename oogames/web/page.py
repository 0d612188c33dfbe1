"""The browser page: HTML, CSS and a little JavaScript that draws what the server sends.

The script knows no game: it shows the board's SVG as large as the window allows,
turns a click on a move target (``class="move"``) or a move button into a request,
and redraws on every server-sent event. What it says comes from the game's state
(:meth:`oogames.web.games.WebGame.state`): whose side is whose, in the colours the
board is drawn in, the moves so far, and the computer's figures only on request.
The command buttons are made from :data:`oogames.game.commands.COMMANDS`. The page
loads nothing from elsewhere (no CDN): its style and script are in ``page.html``,
beside this module.
"""

import html
import json
from importlib import resources

from oogames.game.commands import commands_of
from oogames.game.settings import MAX_SEATS, GameSettings, default_player, seat_name
from oogames.games import DEFAULT_GAME, GAMES
from oogames.nextmove.spec_help import MORE_PLAYERS_EXAMPLE, people_help

_PAGE = resources.files("oogames.web").joinpath("page.html").read_text(encoding="utf-8")
"""The page as written in ``page.html`` (package data), before its buttons are put in."""


def _buttons() -> str:
    """The page's command buttons, made from :data:`oogames.game.commands.COMMANDS`."""
    return "\n".join(
        f'      <button data-action="{command.word}" title="{html.escape(command.summary)}">'
        f"{html.escape(command.label)}</button>"
        for command in commands_of("web")
    )


def _starters() -> str:
    """The choices of who starts, named as :func:`oogames.game.settings.seat_name` names them."""
    return "".join(
        f'<option value="{seat}">{html.escape(seat_name(seat))}</option>'
        for seat in range(MAX_SEATS)
    )


_SEAT_NAMES = json.dumps([seat_name(seat) for seat in range(MAX_SEATS)])


def _bold(text: str) -> str:
    return f"<b>{html.escape(text)}</b>"


PAGE = (
    _PAGE.replace("<!--commands-->", _buttons())
    .replace("<!--starters-->", _starters())
    .replace("/*seat-names*/", _SEAT_NAMES.replace("</", "<\\/"))
    .replace("<!--computer-->", html.escape(str(default_player(GAMES[DEFAULT_GAME]))))
    .replace("<!--more-players-->", html.escape(MORE_PLAYERS_EXAMPLE))
    .replace("<!--hint-depth-->", str(GameSettings.HINT_DEPTH))
    .replace("<!--people-help-->", people_help(_bold))
)
"""The page, with its command buttons, its choices of who starts, the seats' names, and
who may play (:func:`~oogames.nextmove.spec_help.people_help`; the default game's computer
in the second seat until the list of games comes)."""
