"""The console view: the board in plain text, moves and commands read line by line.

It reads standard input and writes standard output only, so a whole game can
be scripted (``printf 'b2\\nc3\\nquit\\n' | oogames play tictactoe``). An
illegal or unreadable move is explained and asked for again; at the end of
the input the view stops.
"""

from __future__ import annotations

import shlex
from typing import TextIO

from oogames.board.moves import Move
from oogames.errors import OogamesError
from oogames.game.adapters import IModel2ViewAdapter
from oogames.game.model import GameModel
from oogames.nextmove.results import SearchResult

HELP = """\
Type a move in the game's notation, or a command:
  moves        list the legal moves
  hint         suggest a move (searched apart from the computer's depth)
  accept       play the suggested move
  undo         take back your last move (and the computer's reply)
  redo         replay what undo took back
  save FILE    save the game (JSON)
  load FILE    load a saved game
  new          start again
  help         this text
  quit         leave"""


def describe(result: SearchResult) -> str:
    """A search's figures in one line: value, nodes, depth, time."""
    stats = result.stats
    return (
        f"value {result.outcome()}, {stats.nodes:,} nodes, depth {stats.max_depth}, "
        f"{stats.seconds:.2f} s"
    )


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
        model.add_view(self)

    def say(self, text: str) -> None:
        """Write a line."""
        print(text, file=self.stdout, flush=True)

    # -- what the model tells -------------------------------------------------------------

    def moved(self, player: int, move: Move, result: SearchResult | None) -> None:
        """Show a computer's move with its search figures (a person knows their own)."""
        if result is not None:
            name = self.model.name_of(player)
            self.say(f"{name} plays {self.model.board.format_move(move)} ({describe(result)})")

    def hinted(self, result: SearchResult) -> None:
        """Show the hint."""
        board = self.model.board
        line = " ".join(board.format_move(move) for move in result.pv)
        self.say(f"hint: {board.format_move(result.move)} ({describe(result)}; line {line})")

    def game_over(self, text: str) -> None:
        """Say how the game ended."""
        self.say(f"game over: {text}")

    def message(self, text: str) -> None:
        """Pass a message on."""
        self.say(text)

    # -- the loop ------------------------------------------------------------------------------

    def run(self) -> int:
        """Show the board, read lines until quit or the end of input; returns the exit status."""
        model = self.model
        self.say(f"{model.name_of(0)} against {model.name_of(1)}. Type help for the commands.")
        self.say(str(model.board))
        while True:
            if model.board.is_over:
                prompt = "game over (new, undo, save FILE, load FILE, quit) > "
            else:
                prompt = f"{model.current.name} > "
            print(prompt, end="", file=self.stdout, flush=True)
            line = self.stdin.readline()
            if not line:
                self.say("")
                return 0
            words = line.strip()
            if not words:
                continue
            if words.lower() in ("quit", "exit", "q"):
                return 0
            try:
                shown = self.command(words)
            except OogamesError as error:
                self.say(f"! {str(error).splitlines()[0]}")
                continue
            if shown:
                self.say(str(model.board))

    def command(self, words: str) -> bool:
        """Carry out one line; returns whether the board should be drawn again.

        Raises:
            OogamesError: The move or command failed; the game is unchanged.
        """
        model = self.model
        name, _, rest = words.partition(" ")
        name = name.lower()
        argument = shlex.split(rest)[0] if rest.strip() else ""
        if name == "help":
            self.say(HELP)
            return False
        if name == "moves":
            board = model.board
            self.say(
                "legal moves: "
                + (" ".join(board.format_move(m) for m in board.legal_moves()) or "none")
            )
            return False
        if name == "hint":
            model.hint()
            return False
        if name == "accept":
            model.accept_hint()
            return True
        if name == "undo":
            model.undo()
            return True
        if name == "redo":
            model.redo()
            return True
        if name == "new":
            model.new_game()
            return True
        if name in ("save", "load"):
            if not argument:
                self.say(f"! {name} needs a file name: {name} FILE")
                return False
            if name == "save":
                model.save(argument)
                return False
            model.load(argument)
            return True
        model.play(words)
        return True
