"""Running one test of a submission in a process of its own, with its limits.

The worker (:mod:`oogames.grading.worker`) runs the student's code; this module starts
it with a time limit, a memory limit and a limit on the files it writes, and turns
whatever happened (an answer, an exception, an endless loop, a signal, memory without
end, a result written over) into a trace or one line that says what went wrong.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from oogames.grading.trees import Trace
from oogames.tournament.isolated import limit_memory, stop_group


def run_in_process(
    assignment: str, test: str, path: Path, seconds: float, memory_mb: int, extra: str | None
) -> tuple[Trace | None, str]:
    """Run one tree test of ``path`` in a process of its own: its trace, or None and one
    line saying what went wrong."""
    data, failure = in_process(assignment, test, path, seconds, memory_mb, extra)
    if data is None:
        return None, failure
    try:
        return _trace(data), ""
    except (ValueError, TypeError, KeyError):
        return None, "the search's result could not be read (it wrote over it?)"


def in_process(
    assignment: str, test: str, path: Path, seconds: float, memory_mb: int, extra: str | None
) -> tuple[dict[str, object] | None, str]:
    """Run the worker on one test: what it wrote, or None and one line saying why not."""
    with tempfile.TemporaryDirectory() as folder:
        result = Path(folder) / "result.json"
        errors = Path(folder) / "stderr.txt"
        command = [
            sys.executable, "-m", "oogames.grading.worker",
            assignment, test, str(path.resolve()), str(result), *([extra] if extra else []),
        ]  # fmt: skip
        # What the code prints goes to a file, never into the grader's memory: a
        # submission may print without end. Its files are limited (RESULT_BYTES each).
        with errors.open("wb") as stderr:
            worker = subprocess.Popen(
                command,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                preexec_fn=_limits(memory_mb),
                cwd=folder,
                env=_environment(),
                start_new_session=True,  # a group of its own, ended whole
            )
            try:
                code: int | None = worker.wait(timeout=seconds)
            except subprocess.TimeoutExpired:
                code = None
            finally:
                stop_group(worker)  # and what the code started, on any way out
        if code is None:
            return None, f"no answer in {seconds:g} s (an endless loop?): the test is stopped"
        if errors.stat().st_size >= RESULT_BYTES:
            return None, f"it printed {RESULT_BYTES >> 20} MiB, all a test may write: stopped"
        if code != 0 or not result.exists():
            return None, _why(code, _tail(errors))
        try:
            data = json.loads(result.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            return None, "the result could not be read (it wrote over it?)"
        if not isinstance(data, dict):
            return None, "the result could not be read (it wrote over it?)"
        return data, ""


def _tail(path: Path, size: int = 4096) -> str:
    """The end of a file (what a failed worker said last)."""
    with path.open("rb") as file:
        file.seek(max(0, path.stat().st_size - size))
        return file.read().decode("utf-8", "replace")


def _trace(data: dict[str, object]) -> Trace:
    positions = data["positions"]
    value = data["value"]
    if not isinstance(positions, list) or not isinstance(value, int | float):
        raise ValueError("not a trace")
    move = data["move"]
    chosen = move if isinstance(move, str) else None
    return Trace(float(value), chosen, tuple(map(str, positions)), bool(data["changed"]))


def _why(code: int, stderr: str) -> str:
    """One line for a worker that failed."""
    last = [line for line in stderr.strip().splitlines() if line.strip()]
    said = last[-1].strip() if last else ""
    if len(said) > 200:  # one line a person reads
        said = said[:200] + "..."
    if code == -signal.SIGINT:
        return "it raised KeyboardInterrupt, which ended its process"
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        return f"the process was killed by signal {name} (a crash, or too much memory)"
    if "MemoryError" in said:
        return "it ran out of memory (the limit is per test)"
    if "UndoError" in said or "NotYourTurnError" in said:
        return f"the board changed under the search: a move not undone? (it raised {said})"
    if said:
        return f"it raised {said}"
    return f"it exited with status {code} before the search ended"


def _environment() -> dict[str, str]:
    """The worker's environment: this one, with this oogames first on the path."""
    package = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package, env.get("PYTHONPATH", "")) if p)
    return env


RESULT_BYTES = 64 << 20
"""The largest file a worker may write (its result, what it prints to standard error)."""

TEST_SECONDS = 10.0
"""How long a test may take by default (in the evaluation's games: a move)."""

TEST_MEMORY_MB = 512
"""The memory a test may use by default, in MiB."""


def _limits(memory_mb: int) -> Callable[[], None]:
    """The worker's limits on memory and on the files it writes, set in it before it
    starts (where the system has them)."""

    def limit() -> None:
        limit_memory(memory_mb)
        try:
            import resource
        except ImportError:  # not on this system
            return
        resource.setrlimit(resource.RLIMIT_FSIZE, (RESULT_BYTES, RESULT_BYTES))

    return limit
