"""What the terminal board (:mod:`oogames.ui.tui`) says in its panels, as Textual content.

Every text a game, a plug-in or a person gives is shown as it is written, never read as
Textual's markup: a move ``[1]``, a drawing or a name holding ``[/]``, a typed ``[red]a9``
(``[/]`` ended the view with an error, and a plug-in's ``[@click=app.quit]`` would have run
that action when clicked). A style is given as a style, not as a tag in the text.
"""

from __future__ import annotations

from textual.content import Content

from oogames.board.model import ABoardModel
from oogames.board.states import EXTRA_TURN
from oogames.games.grid import SCORE_SEPARATOR
from oogames.ui.cells import piece, shown_mark


def literal(text: str | Content) -> Content:
    """``text`` as the view shows it: as it is, never read as markup. A
    :class:`~textual.content.Content` carries its own styles."""
    return text if isinstance(text, Content) else Content(text)


def status_content(board: ABoardModel, mover: str, plain: bool, grid: bool, width: int) -> Content:
    """Whose turn it is (``mover``, the name the game gives the seat) or the result, and the
    score; where the score is wider than the panel's ``width``, a player a line (not a name
    on one line and its count on the next). On a ``grid`` board, a piece that is not the
    player's name (a disc, Rolit's letter) is shown before it (``plain``: as its letter)."""
    mark = Content("")
    if board.is_over:
        status = f"Game over: {board.status_text()}"
    else:
        player = board.to_move
        if grid and shown_mark(board, player, plain) != board.player_names[player]:
            mark = Content.styled(*piece(board, player, plain)) + " "
        again = " again" if board.state is EXTRA_TURN else ""
        status = f"{mover} to move{again}"
    score = board.score_text()
    if len(score) > width > 0:
        score = score.replace(SCORE_SEPARATOR, "\n")
    return mark + (f"{status}\n{score}" if score else status)
