"""The console view: the board in plain text, moves and commands read line by line.

It reads standard input and writes standard output only, so a whole game can
be scripted (``printf 'b2\\nc3\\nquit\\n' | oogames play tictactoe``). An
illegal or unreadable move is explained and asked for again; at the end of
the input the view stops.

Ctrl-C while a computer (or a hint) is searching stops the search and comes
back to the prompt with the game as it was before it (``go`` lets the
computer search again). Ctrl-\\ while a timed computer (``NAME@SECONDS``) or
MCTS is thinking has it move now, with its best move so far. Ctrl-C at the
prompt saves the game to a recovery file, says its name (``oogames load``
takes it) and quits; ``quit`` and Ctrl-D (the end of the input) at a terminal
offer to save a game that has moves not yet saved.

Under the board one line says who played last and what follows: ``O played b2 -
X to move``, or how the game ended.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from oogames import plugins
from oogames.board.moves import CHANCE, PASS, Move
from oogames.errors import OogamesError, UsageError, one_line
from oogames.game.adapters import IModel2ViewAdapter
from oogames.game.commands import (
    commands_help,
    moves_text,
    over_prompt,
    read_command,
    read_file_name,
    thinking_text,
)
from oogames.game.model import GameModel
from oogames.nextmove.results import SearchResult
from oogames.parsing import read_line
from oogames.ui.leaving import Leave, leaving_on_signals, unheard

HELP = commands_help("console")
"""The console's commands and its keys while a computer thinks (from
:data:`oogames.game.commands.COMMANDS`)."""

OVER_PROMPT = over_prompt("console")
"""What the console asks once the game is over (from :data:`oogames.game.commands.COMMANDS`)."""

KEYS = HELP.partition("\nWhile the computer thinks:\n")[2]
"""The keys while a computer thinks, now the end of :data:`HELP` (deprecated)."""


def describe(result: SearchResult) -> str:
    """A search's figures in one line: value, nodes, depth, time (``"not searched"`` for
    a move chosen with no search, a random player's)."""
    if not result.searched:
        return "not searched"
    stats = result.stats
    depth = (
        f"depth {stats.max_depth}"
        if stats.depth_reached is None
        else f"reached depth {stats.depth_reached}"
    )
    return f"value {result.outcome()}, {stats.nodes:,} nodes, {depth}, {stats.seconds:.2f} s"


class ConsoleView(IModel2ViewAdapter):
    """A text view of a :class:`~oogames.game.GameModel`.

    Args:
        model: The game.
        stdin: Where moves and commands come from.
        stdout: Where the board and messages go.
    """

    def __init__(self, model: GameModel, stdin: TextIO, stdout: TextIO) -> None:
        self.model = model
        self.stdin = stdin
        self.stdout = stdout
        self._timer: threading.Timer | None = None
        self._searching = False  # a computer is thinking: its notice may be shown
        self._writing = threading.Lock()  # one line at a time, from any thread
        self._quit_handler: signal._HANDLER = None  # SIGQUIT's handler while a computer thinks
        self.quitting = False  # quit was typed
        model.add_view(self)

    def say(self, text: str) -> None:
        """Write a line (whole, whichever thread writes)."""
        with self._writing:
            print(text, file=self.stdout, flush=True)

    def board_text(self) -> str:
        """The board, then one line: who played last and whose turn it is, or how the game
        ended (``O played b2 - X to move``; ``X played a3 - game over: X has won``)."""
        board = self.model.board
        status = board.status_text()
        if board.is_over:
            status = f"game over: {status}"
        last = board.last_played()
        if last is not None:
            player, move = last
            if player == CHANCE:
                status = f"{board.chance_name}: {board.format_move(move)} - {status}"
            else:
                name = board.player_names[player]
                played = "passed" if move is PASS else f"played {board.format_move(move)}"
                status = f"{name} {played} - {status}"
        return f"{board.drawing()}\n{status}"

    # -- what the model tells -------------------------------------------------------------

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        """Show a computer's move with its search figures (a person knows their own), and
        what chance drew (a die's roll)."""
        if player == CHANCE:
            board = self.model.board
            self.say(f"{board.chance_name}: {board.format_move(move)}")
        elif result is not None:
            name = self.model.name_of(player)
            self.say(f"{name} plays {self.model.board.format_move(move)} ({describe(result)})")

    def thinking(self, player: int, started: bool) -> None:
        """Say that the computer is thinking when its search takes over a second: on a line
        of its own, and only while the search runs (never after its move or a prompt)."""
        with self._writing:
            self._searching = started
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        side = self.model.turns.side(player)
        now = side.can_move_now and self._move_now_key(started)
        if started:
            notice = thinking_text("console", self.model.name_of(player), now)
            self._timer = threading.Timer(1.0, self._notice, (notice,))
            self._timer.daemon = True
            self._timer.start()

    def _notice(self, text: str) -> None:
        """The thinking notice, if the search still runs (checked as it is written). Said
        from a timer's thread: if no one reads any more (``| head``), it is let go here,
        and the view's own next line ends the game as at any other line."""
        with self._writing, contextlib.suppress(OSError):
            if self._searching:
                print(text, file=self.stdout, flush=True)

    def _move_now_key(self, thinking: bool) -> bool:
        """Have Ctrl-\\ (SIGQUIT) ask the thinking computer to move now while it thinks, and
        give the key back after; whether the key is set (only the main thread can)."""
        if (
            not hasattr(signal, "SIGQUIT")
            or threading.current_thread() is not threading.main_thread()
        ):
            return False
        if thinking:
            self._quit_handler = signal.signal(signal.SIGQUIT, lambda *_: self.model.move_now())
        elif self._quit_handler is not None:
            signal.signal(signal.SIGQUIT, self._quit_handler)
            self._quit_handler = None
        return True

    def hinted(self, result: SearchResult) -> None:
        """Show the hint."""
        board = self.model.board
        line = board.format_moves(result.pv)
        self.say(f"hint: {board.format_move(result.move)} ({describe(result)}; line {line})")

    def game_over(self, text: str) -> None:
        """Nothing: the board, drawn after every move, says how the game ended in its last
        line (one result line)."""

    def message(self, text: str) -> None:
        """Pass a message on."""
        self.say(text)

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Show the board, read lines until quit or the end of input; returns the exit status.

        The computers' first moves (when a computer starts) are made here,
        after the welcome and the board. Ctrl-C at the prompt saves a
        recovery file and returns 130; SIGTERM or SIGHUP, whatever runs, does the same
        and returns 128 + its number (:mod:`oogames.ui.leaving`).
        """
        with leaving_on_signals():
            try:
                return self._run()
            except Leave as leave:  # SIGTERM, SIGHUP: the game is kept, whatever ran
                self.model.stop()
                return self._save_recovery(128 + leave.number)

    def _run(self) -> int:
        model = self.model
        names = [model.name_of(player) for player in range(model.board.players)]
        self.say(f"{' against '.join(names)}. Type help for the commands.")
        self.say(self.board_text())
        if model.computer_waiting and self._carry_out("go"):
            self.say(self.board_text())
        while True:
            try:
                line = self._ask()
            except KeyboardInterrupt:
                return self._save_recovery()
            except UsageError as error:  # no text of lines (< /dev/zero): the game is kept
                if not self.model.unsaved:
                    self.say(f"\n! {one_line(error)}")
                    return 2
                return self._save_recovery(2, f"! {one_line(error)}\n")
            if line is None:
                self.say("")
                self._offer_to_save()
                return 0
            words = line.strip()
            if not words:
                continue
            if self._carry_out(words):
                self.say(self.board_text())
            if self.quitting:
                self._offer_to_save()
                return 0

    def _offer_to_save(self) -> None:
        """Before leaving a game with moves not yet saved, at a terminal: ask for a file to
        save it in (Enter, Ctrl-D or Ctrl-C leaves without saving). A script is not asked."""
        while self.model.unsaved and self._interactive():
            try:
                name = input("the game is not saved: a file name saves it, Enter leaves > ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                return
            if not name.strip():
                return
            try:
                self.model.save(read_file_name(name), overwrite=False)
                return
            except OogamesError as error:
                self.say(f"! {one_line(error)}")

    def _ask(self) -> str | None:
        """Prompt and read one line (None at the end of the input)."""
        model = self.model
        prompt = OVER_PROMPT if model.board.is_over else f"{model.current.name} > "
        if self._interactive():
            try:
                return input(prompt)  # with line editing and history (readline)
            except EOFError:
                return None
        print(prompt, end="", file=self.stdout, flush=True)
        line = read_line(self.stdin, "the input")
        return line or None

    def _interactive(self) -> bool:
        """Whether a person types at a terminal (then lines are read with readline)."""
        if self.stdin is not sys.stdin or self.stdout is not sys.stdout:
            return False
        try:
            if not (sys.stdin.isatty() and sys.stdout.isatty()):
                return False
        except ValueError:  # a closed stream
            return False
        # Importing readline gives input() line editing and history; it is not on every
        # platform, and input() works without it.
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401
        return True

    def _carry_out(self, words: str) -> bool:
        """Carry out a line, explaining a refusal or a Ctrl-C; whether to draw the board again."""
        try:
            return self.command(words)
        except OogamesError as error:
            self.say(f"! {one_line(error)}")
        except (Exception, SystemExit) as error:  # a plug-in's code raised or exited: the
            blamed = plugins.blame(error)  # game goes on as it was, the plug-in is named
            if blamed is None:
                raise
            sys.stderr.write(blamed.details)
            self.say(f"! error in your plug-in: {one_line(blamed)}")
        except KeyboardInterrupt:
            self.say(f"\n! {self.model.stopped_text('console')}")
            return True
        return False

    def _save_recovery(self, status: int = 130, why: str = "") -> int:
        """Save the game to a new recovery file, then say ``why`` and where, on a line of
        their own, and return ``status`` (130: Ctrl-C). Saved before a word is written: a
        terminal that closed (SIGHUP) takes the words (:func:`~oogames.ui.leaving.unheard`),
        not the game."""
        text = self.model.recovery_text()
        with unheard(self.stdout):
            self.say(f"\n{why}{text}")
        return status

    def command(self, words: str) -> bool:
        """Carry out one line; returns whether the board should be drawn again.

        Raises:
            OogamesError: The move or command failed; the game is unchanged.
        """
        read = read_command(words, "console")
        if read is None:  # a move
            self.model.play(words)
            return True
        command, word, argument = read
        if command.call:  # the command is one call of the model's (COMMANDS names it)
            getattr(self.model, command.call)()
        else:
            handler: Callable[[str, str], None] = getattr(self, f"_{command.word}")
            handler(word, argument)
        return command.changes_game  # the table says whether the board is drawn again

    # -- the other commands (oogames.game.commands.COMMANDS) -----------------------------------

    def _help(self, word: str, argument: str) -> None:
        self.say(HELP)

    def _moves(self, word: str, argument: str) -> None:
        self.say(moves_text(self.model.board))

    def _save(self, word: str, argument: str) -> None:
        self.model.save(argument, overwrite=word == "save!")

    def _load(self, word: str, argument: str) -> None:
        self.model.load(argument)

    def _quit(self, word: str, argument: str) -> None:
        self.quitting = True
