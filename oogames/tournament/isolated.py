"""A plug-in player in a process of its own, stopped at a hard deadline.

A built-in strategy stops when it is told to (``cancel``); a player written as
a plug-in may not: it can loop and never look, call ``sys.exit()`` or
``os._exit()``, or crash the interpreter. In a tournament such a player must
lose its game, not end or hang the tournament, so :func:`play_game
<oogames.tournament.games.play_game>` runs every plug-in player through an
:class:`IsolatedPlayer`: a child process (``python -m
oogames.tournament.isolated``) that builds the strategy once and answers one
request a move. The parent sends the moves played since its last request
(each move crosses once; the child keeps the position, and searches a copy of
it kept in step) and waits for the answer until the deadline; a child that is
late is killed, one that dies is noticed, and either way the player loses the
game with the reason stored.

What the boundary trusts: the child runs the plug-in's code with the
parent's rights (this is containment of faults, not a sandbox against
malice); the parent reads only one JSON line a move from it, at most
:data:`MAX_ANSWER` bytes, and checks the move against the game's rules.

The cost: starting the child (a Python interpreter importing oogames and the
plug-in) once per player per game, about 0.16 seconds on the development
machine (``benchmarks/tournament.py``, part 4), and a round trip of a
millisecond or so a move.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import time

from oogames.errors import OogamesError, one_line

MAX_ANSWER = 1 << 16
"""The longest answer line the parent reads from a player's process."""

START_SECONDS = 30.0
"""How long a player's process may take to start and build its strategy."""

_STARTING = "to start"
"""What a player's process was asked for when it did not answer in time to start."""
_NO_ANSWER = "time: no answer for "  # a player's fault that names what it did not answer


def late_to_start(reason: str) -> bool:
    """Whether a game's ``reason`` says a player's process did not start in time (it will
    not start in the next game either: its code hangs as it loads)."""
    return reason.startswith(f"{_NO_ANSWER}{_STARTING} ")


class PlayerFault(OogamesError):
    """A player's process did not answer as it must: it was late (killed), it exited, or
    it said something that is not an answer. ``reason`` is what the game records."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class IsolatedPlayer:
    """One plug-in player in a child process, for one game.

    Args:
        game: The game's name (a built-in name, an installed one or a plug-in reference).
        options: The board's options.
        spec: The player's strategy spec.
        seed: The seed the strategy is built with.
        memory_mb: The memory its process may take, in MiB (None: no limit), set before
            the plug-in's code is loaded.

    Raises:
        PlayerFault: The process could not be started, or its strategy not built.
    """

    def __init__(
        self,
        game: str,
        options: dict[str, object],
        spec: str,
        seed: int,
        memory_mb: int | None = None,
    ) -> None:
        self.spec = spec
        self._sent: list[str] = []  # the moves its process holds, in order
        self.moves_sent = 0  # how many moves crossed the pipe, in all
        self.process = subprocess.Popen(
            [sys.executable, "-m", "oogames.tournament.isolated"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            start_new_session=True,  # a group of its own, ended whole (stop_group)
        )
        self._selector = selectors.DefaultSelector()
        assert self.process.stdout is not None
        self._selector.register(self.process.stdout, selectors.EVENT_READ)
        header = {"game": game, "options": options, "spec": spec, "seed": seed, "memory": memory_mb}
        answer = self._ask(header, START_SECONDS, _STARTING)
        if "error" in answer:
            self.close()
            raise PlayerFault(f"crash: {answer['error']}")

    def move(self, moves: list[str], seconds: float) -> tuple[str, int, int]:
        """The player's move after ``moves`` (in notation; ``"pass"`` for a pass): the
        move's text, the nodes searched and the positions evaluated.

        Raises:
            PlayerFault: No answer within ``seconds`` (the process is killed), the
                process exited, or the strategy raised or answered wrongly.
        """
        sent = self._sent
        known = len(sent) if moves[: len(sent)] == sent else 0  # a game of its own: anew
        self._sent = list(moves)
        self.moves_sent += len(moves) - known
        answer = self._ask({"after": known, "moves": moves[known:]}, seconds, "a move")
        if "error" in answer:
            raise PlayerFault(f"crash: {answer['error']}")
        move, nodes, evaluated = answer.get("move"), answer.get("nodes"), answer.get("evaluated")
        if not (isinstance(move, str) and isinstance(nodes, int) and isinstance(evaluated, int)):
            raise PlayerFault(f"crash: its process answered {str(answer)[:60]!r}")
        return move, nodes, evaluated

    def _ask(self, request: dict[str, object], seconds: float, what: str) -> dict[str, object]:
        """Send ``request``; the answer line, read by pieces until the deadline (a child that
        writes half a line and hangs is stopped like one that writes nothing)."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(request).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise PlayerFault(self._exited()) from None
        deadline = time.monotonic() + max(0.0, seconds)
        line = b""
        while not line.endswith(b"\n"):
            left = deadline - time.monotonic()
            if left <= 0 or not self._selector.select(timeout=left):
                self.close()
                raise PlayerFault(
                    f"{_NO_ANSWER}{what} in {seconds:.3g} s (its process was stopped)"
                )
            piece = os.read(process.stdout.fileno(), MAX_ANSWER)
            if not piece:
                raise PlayerFault(self._exited())
            line += piece
            if len(line) > MAX_ANSWER:
                self.close()
                raise PlayerFault(f"crash: its process wrote over {MAX_ANSWER:,} bytes at once")
        try:
            answer = json.loads(line)
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            self.close()
            raise PlayerFault(f"crash: its process wrote {line[:60]!r}, not an answer")
        return answer

    def _exited(self) -> str:
        try:
            status = self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.close()
            return "crash: its process stopped answering"
        return f"crash: its process exited with status {status} in the middle of the game"

    def close(self) -> None:
        """End the process, and every process it started (:func:`stop_group`)."""
        process = self.process
        stop_group(process)
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._selector.close()


def stop_group(process: subprocess.Popen[bytes]) -> None:
    """Kill ``process``, started in a session of its own (``start_new_session``), and
    whatever it started that is still in its process group; then reap it. Code that left a
    process running (a loop, a ``sleep``, a pool) leaves nothing behind: before, each
    graded test of a submission that started ``sleep 537`` left one running. A process
    that leaves the group on purpose (``setsid``) is not followed: this contains faults,
    it is no sandbox against malice. The group's id is the process's pid; once the
    process is reaped and its group empty, the id could in principle name a new session
    that took the same pid, which Linux hands out in order (4 million before it wraps)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        elif process.poll() is None:  # no process groups on this system: the process alone
            process.kill()
    process.wait()


def limit_memory(memory_mb: int) -> None:
    """Limit this process's memory to ``memory_mb`` MiB over what Python and a search
    thread's stack need (the address space: about 256 MiB for Python, and the stack,
    reserved whole but mapped only as it is used), where the system has the limit."""
    try:
        import resource
    except ImportError:  # not on this system: the time limits still hold
        return
    from oogames.nextmove.running import STACK_BYTES

    size = (memory_mb << 20) + (256 << 20) + STACK_BYTES
    resource.setrlimit(resource.RLIMIT_AS, (size, size))


def _serve() -> None:
    """The child: build the strategy the header names, then answer one request a line."""
    from oogames import plugins
    from oogames.board.copies import SearchCopy
    from oogames.board.model import ABoardModel
    from oogames.board.moves import PASS
    from oogames.games import find_game
    from oogames.nextmove.specs import make_strategy
    from oogames.nextmove.strategy import checked_result

    # Answers go out on a descriptor of their own: what the plug-in prints, even straight
    # to descriptor 1, goes where its standard error goes (nowhere), never into an answer.
    reply_to = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr

    def reply(answer: dict[str, object]) -> None:
        reply_to.write(json.dumps(answer) + "\n")
        reply_to.flush()

    def fault(error: BaseException) -> str:
        blamed = plugins.blame(error)
        if blamed is not None:
            return one_line(blamed)
        return one_line(error) if isinstance(error, OogamesError) else repr(error)[:200]

    header = json.loads(sys.stdin.readline())
    try:
        if header.get("memory") is not None:
            limit_memory(int(header["memory"]))
        info = find_game(header["game"])
        strategy = make_strategy(header["spec"], info.evaluate, header["seed"])
    except (Exception, SystemExit) as error:
        reply({"error": fault(error)})
        return
    reply({"ready": True})
    board: ABoardModel | None = None  # the position the parent has sent so far
    copies: SearchCopy[ABoardModel] = SearchCopy()
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if not request["after"] or board is None:
                board = info.make(**header["options"])
            elif request["after"] != board.ply:
                raise OogamesError(f"out of step: {board.ply} moves, not {request['after']}")
            for text in request["moves"]:
                board.play(PASS if text == "pass" else board.parse_move(text))
            result = checked_result(  # an illegal move loses as such, in the parent
                strategy, strategy.analyze(copies.of(board)), board, legal=False
            )
            move = "pass" if result.move is PASS else board.format_move(result.move)
            reply({"move": move, "nodes": result.stats.nodes, "evaluated": result.stats.evaluated})
        except (Exception, SystemExit) as error:
            reply({"error": fault(error)})
            return


if __name__ == "__main__":
    with contextlib.suppress(KeyboardInterrupt):
        _serve()
    os._exit(0)  # no clean-up of the plug-in's threads: the parent has its answer
