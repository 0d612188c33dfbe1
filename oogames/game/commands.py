"""The commands of a game, written once for the three views: the console, the terminal
board (Textual) and the page.

Each view reads what a person types or clicks through this table: the words
(:func:`read_command`), the keys of the terminal board, the page's buttons, and
every help text (:func:`commands_help`). A view carries a command out with its
own handler of the same name, or, in the console, by the model method the table
names (``call``); a test checks that each view has one or the other for each
command it offers, so a command means one thing everywhere; ``stop`` in
particular ends the search and leaves the game exactly as it was, the computer
still to move, and ``now`` is the one command that has a thinking computer
play its best move so far.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Final, Literal, TypeAlias

import attrs

from oogames.errors import UsageError, shown

if TYPE_CHECKING:
    from oogames.board.notation import ABoardText
    from oogames.game.model import GameModel

View: TypeAlias = Literal["console", "tui", "web"]

ALL_VIEWS: Final[tuple[View, ...]] = ("console", "tui", "web")


@attrs.frozen
class Command:
    """One command of a game.

    Attributes:
        word: What a person types (and the page's action).
        summary: What it does, for the help texts.
        argument: What follows the word (``"FILE"``), or nothing.
        key: Its key on the terminal board (Textual's name), or none: a control key or a
            function key, so that it works while a move is typed in the box (which
            takes every letter and digit).
        label: Its button on the page and the terminal board's footer.
        views: The views that offer it (``stop`` and ``now`` are keys in the console,
            where nothing is typed while the computer thinks: see ``signal``).
        aliases: Other words for it (``save!``, ``exit``).
        while_thinking: Whether it works while a computer (or a hint) searches.
        call: The :class:`~oogames.game.model.GameModel` method that carries it out, where
            the command is that one call with no argument (``undo``: ``undo``). The console
            makes that call; its other commands, and the other views' (which also choose
            the thread a search runs in), have handlers of their own.
        changes_game: Whether it may change the position (a view draws the board again).
        signal: Its key in the console while a computer thinks, a signal (``Ctrl-C``).
        when_over: Whether it has something to do once the game is over (the console's
            prompt then names these).
        needs: What else it needs of the game: the name of a
            :class:`~oogames.game.model.GameModel` attribute that is then set (true, or
            not None), as ``undo`` needs ``can_undo`` (see :func:`usable`).
    """

    word: str
    summary: str
    argument: str = ""
    key: str = ""
    label: str = ""
    views: tuple[View, ...] = ALL_VIEWS
    aliases: tuple[str, ...] = ()
    while_thinking: bool = False
    call: str = ""
    changes_game: bool = False
    signal: str = ""
    when_over: bool = False
    needs: str = ""


COMMANDS: Final[tuple[Command, ...]] = (
    Command("moves", "list the legal moves", views=("console", "tui")),
    Command(
        "hint",
        "suggest a move (searched apart from the computer's depth)",
        key="ctrl+t",
        label="Hint",
        call="hint",
    ),
    Command(
        "accept",
        "play the suggested move",
        key="ctrl+p",
        label="Play hint",
        call="accept_hint",
        changes_game=True,
        needs="last_hint",
    ),
    Command(
        "undo",
        "take back your last move (and the computer's reply)",
        key="ctrl+z",
        label="Undo",
        call="undo",
        changes_game=True,
        when_over=True,
        needs="can_undo",
    ),
    Command(
        "redo",
        "replay what undo took back",
        key="ctrl+y",
        label="Redo",
        call="redo",
        changes_game=True,
        needs="can_redo",
    ),
    Command(
        "save",
        "save the game (JSON); save! FILE replaces an existing file",
        argument="FILE",
        key="ctrl+s",
        label="Save",
        views=("console", "tui"),
        aliases=("save!",),
        when_over=True,
    ),
    Command(
        "load",
        "load a saved game",
        argument="FILE",
        key="ctrl+o",
        label="Load",
        views=("console", "tui"),
        changes_game=True,
        when_over=True,
    ),
    Command(
        "new",
        "start again",
        key="ctrl+n",
        label="New",
        views=("console", "tui"),
        call="new_game",
        changes_game=True,
        when_over=True,
    ),
    Command(
        "go",
        "let a computer that is to move play (after undo or a stop)",
        key="ctrl+g",
        label="Go",
        call="go",
        changes_game=True,
        needs="computer_waiting",
    ),
    Command(
        "stop",
        "stop the search: no move is played (go searches again)",
        key="escape",
        label="Stop",
        views=("tui", "web"),
        while_thinking=True,
        signal="Ctrl-C",
    ),
    Command(
        "now",
        "make a timed computer (or MCTS) play its best move so far",
        key="ctrl+b",
        label="Move now",
        views=("tui", "web"),
        while_thinking=True,
        signal="Ctrl-\\",
    ),
    Command(
        "help",
        "the keys and commands",
        key="f1",
        label="Help",
        views=("console", "tui"),
        when_over=True,
    ),
    Command(
        "quit",
        "leave",
        key="ctrl+q",
        label="Quit",
        views=("console", "tui"),
        aliases=("exit", "q"),
        when_over=True,
    ),
)
"""Every command, in the order the help lists them."""

_BY_WORD: Final[dict[str, Command]] = {
    word: command for command in COMMANDS for word in (command.word, *command.aliases)
}


def commands_of(view: View) -> tuple[Command, ...]:
    """The commands ``view`` offers, in the help's order."""
    return tuple(command for command in COMMANDS if view in command.views)


def usable(command: Command, model: GameModel, thinking: bool) -> bool:
    """Whether ``command`` has something to do now, for a view's button: while a
    computer (or a hint) searches (``thinking``), only what works then (``stop`` and
    ``now``, which have nothing to do at other times); else what works in the game as
    it stands (once it is over, ``when_over``) and has what it ``needs`` of the model
    (``undo``: a move of a person's to take back). The page and the terminal board
    enable their buttons by it; a key or a typed word of a command that has nothing to
    do says why in one line."""
    if thinking or command.while_thinking:
        return thinking and command.while_thinking
    if model.board.is_over and not command.when_over:
        return False
    return not command.needs or getattr(model, command.needs) not in (None, False)


def read_command(text: str, view: View) -> tuple[Command, str, str] | None:
    """Read a typed line: ``(command, word as typed, its argument)``, or None when the line
    is no command of ``view`` (then it is a move).

    The argument of a command that takes a file is the rest of the line, or one quoted
    word (``save "my game.json"``).

    Raises:
        UsageError: A command that takes a file has none, or its quote is not closed; or,
            in the console, stop or now, which are keys there (its ``signal``), typed at
            the prompt, where nothing thinks (they said they were illegal moves).

    >>> from oogames.game.commands import read_command
    >>> command, word, argument = read_command("SAVE! 'a b.json'", "console")
    >>> command.word, word, argument
    ('save', 'save!', 'a b.json')
    >>> read_command("e4", "console") is None
    True
    >>> read_command("stop", "console")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    oogames.errors.UsageError: nothing to stop: ...; in the console, Ctrl-C does it while ...
    """
    word, _, rest = text.strip().partition(" ")
    word = word.lower()
    command = _BY_WORD.get(word)
    if command is not None and view == "console" and command.signal:
        raise UsageError(
            f"{idle_text(command.word)}; in the console, {command.signal} does it while a "
            "computer thinks"
        )
    if command is None or view not in command.views:
        return None
    argument = ""
    if command.argument:
        argument = read_file_name(rest)
        if not argument:
            raise UsageError(f"{word} needs a file name: {word} {command.argument}")
    return command, word, argument


def read_file_name(text: str) -> str:
    """The file name after ``save`` or ``load``: the rest of the line, or one quoted word.

    Raises:
        UsageError: A quote is not closed.
    """
    text = text.strip()
    if not text.startswith(("'", '"')):
        return text
    try:
        words = shlex.split(text)
    except ValueError as error:  # shlex: "No closing quotation"
        raise UsageError(f"the file name {shown(text)}: {str(error).lower()}") from None
    return words[0] if words else ""


def commands_help(view: View) -> str:
    """The help of ``view``'s commands, a line each, made from :data:`COMMANDS` (in the
    console, then the keys that work while a computer thinks)."""
    lines = ["Type a move in the game's notation, or a command:"]
    for typed, key, summary in command_rows(view):
        lines.append(f"  {typed:<12} {summary}{f' ({key})' if key else ''}")
    if view == "console":
        lines.append("While the computer thinks:")
        lines += [f"  {each.signal:<12} {each.summary}" for each in COMMANDS if each.signal]
    return "\n".join(lines)


def over_prompt(view: View) -> str:
    """What ``view`` asks once the game is over: the commands that still have something to
    do (``when_over``), as they are typed.

    >>> from oogames.game.commands import over_prompt
    >>> over_prompt("console")
    'game over (undo, save FILE, load FILE, new, help, quit) > '
    """
    typed = (f"{each.word} {each.argument}".strip() for each in commands_of(view) if each.when_over)
    return f"game over ({', '.join(typed)}) > "


def command_rows(view: View) -> list[tuple[str, str, str]]:
    """``view``'s commands, a row each: what is typed, the keys (the terminal board's, its
    signal's too, or empty) and what it does (for a help that lays them out in columns)."""
    return [
        (
            f"{command.word} {command.argument}".strip(),
            ", ".join(key_name(key) for key in tui_keys(command)) if view == "tui" else "",
            command.summary,
        )
        for command in commands_of(view)
    ]


def tui_keys(command: Command) -> list[str]:
    """The terminal board's keys for ``command`` (Textual's names): its own key first (the
    one the footer shows), then its console signal's key, if it has them."""
    return [key for key in (command.key, signal_key(command.signal)) if key]


def key_name(key: str) -> str:
    """A terminal board's key as a person reads it: ``Ctrl+Z``, ``Esc``, ``F1``, ``Ctrl+\\``.

    >>> from oogames.game.commands import key_name
    >>> key_name("ctrl+z"), key_name("escape"), key_name("f1"), key_name("ctrl+backslash")
    ('Ctrl+Z', 'Esc', 'F1', 'Ctrl+\\\\')
    """
    return "+".join(_KEY_NAMES.get(part, part.capitalize()) for part in key.split("+"))


#: Textual's names of keys that people write otherwise.
_KEY_NAMES: Final = {"escape": "Esc", "backslash": "\\"}


def signal_key(signal: str) -> str:
    """A console signal's key (:attr:`Command.signal`) by the terminal board's name for it.

    >>> from oogames.game.commands import signal_key
    >>> signal_key("Ctrl-C"), signal_key("Ctrl-\\\\")
    ('ctrl+c', 'ctrl+backslash')
    """
    return signal.lower().replace("-", "+").replace("\\", "backslash")


def command_named(word: str, view: View) -> str:
    """How ``view`` names the command ``word`` in what it says: the word in the console, its
    key and the word on the terminal board, its button on the page.

    >>> from oogames.game.commands import command_named
    >>> command_named("go", "console"), command_named("go", "tui"), command_named("go", "web")
    ('go', 'Ctrl+G or go', 'Go')
    """
    command = _BY_WORD[word]
    if view == "web":
        return command.label or command.word
    if view == "tui" and command.key:
        return f"{key_name(command.key)} or {command.word}"
    return command.word


def busy_text(view: View, hinting: bool = False) -> str:
    """What ``view`` says to a command that must wait for the search under way.

    >>> from oogames.game.commands import busy_text
    >>> busy_text("tui")
    'wait: the computer is thinking (Esc or stop stops it)'
    """
    what = "a hint is being searched" if hinting else "the computer is thinking"
    return f"wait: {what} ({command_named('stop', view)} stops it)"


def moves_text(board: ABoardText) -> str:
    """What every view says to the ``moves`` command: the legal moves in the game's
    notation (``"legal moves: a1 b1"``, or ``none``)."""
    return f"legal moves: {board.format_moves(board.legal_moves()) or 'none'}"


def idle_text(word: str) -> str:
    """What every view says to stop or move now (``word``) when no search is running.

    >>> from oogames.game.commands import idle_text
    >>> idle_text("stop")
    'nothing to stop: no search is running'
    """
    if word == "stop":
        return "nothing to stop: no search is running"
    return "move now: no computer is thinking"


def thinking_text(view: View, who: str, move_now: bool) -> str:
    """What ``view`` says while ``who`` thinks: the key that stops it and, where it can
    play its best move so far (``move_now``), the key that asks it to.

    >>> from oogames.game.commands import thinking_text
    >>> thinking_text("console", "O (alphabeta@1)", move_now=True)
    'O (alphabeta@1) is thinking... (Ctrl-C stops it, Ctrl-\\\\ moves now)'
    """
    keys = [f"{_key_of('stop', view)} stops it"]
    if move_now:
        keys.append(f"{_key_of('now', view)} moves now")
    return f"{who} is thinking... ({', '.join(keys)})"


def _key_of(word: str, view: View) -> str:
    command = _BY_WORD[word]
    if view == "console":
        return command.signal
    return key_name(command.key) if view == "tui" else command.label


def no_move_now_text(view: View) -> str:
    """What ``view`` says to move now when the computer thinking has no move before its
    search ends (a fixed depth)."""
    stop = command_named("stop", view)
    return f"move now: this computer has no move before its search ends ({stop} stops it)"


def stopped_text(view: View, to_move: str | None, computer: bool) -> str:
    """What ``view`` says when a search was stopped: the game is as it was, who is to
    move (``to_move``, None once the game is over), and what searches again (go for a
    ``computer``, hint for a person).

    >>> from oogames.game.commands import stopped_text
    >>> stopped_text("tui", "X (human)", computer=False)
    'stopped: the game is as it was; X (human) to move (Ctrl+T or hint: search again)'
    """
    if to_move is None:
        return "stopped: the game is as it was"
    again = command_named("go" if computer else "hint", view)
    return f"stopped: the game is as it was; {to_move} to move ({again}: search again)"


def paused_text(view: View, to_move: str) -> str:
    """What ``view`` says when the computer ``to_move`` waits for go (after undo or redo).

    >>> from oogames.game.commands import paused_text
    >>> paused_text("web", "O (alphabeta)").split("; ")[1]
    'Go lets it play on (or Hint, then Play hint, plays the hint for it)'
    """
    go, hint, accept = (command_named(word, view) for word in ("go", "hint", "accept"))
    return (
        f"paused: {to_move} is to move; {go} lets it play on "
        f"(or {hint}, then {accept}, plays the hint for it)"
    )
