"""Instructions a command runs, counted by valgrind's callgrind: what the benchmarks'
``--instructions`` tables are made of.

A count is exact for one process, but not for one program. CPython 3.11 finds a
method through a cache indexed by where the method's name lies in memory, so a
search whose names fall on the same slots of that cache looks them up again in
the classes' dictionaries at every node: the same code on the same board,
solving Connect Four 4 x 4, counted 20,453 instructions a node in one run and
20,319 (0.7 % fewer) in another whose environment was 36 characters longer,
since the environment's size moves every object allocated after it. A change
that adds a module moves them too, and a figure before and after such a change
would measure where the names fell, not the change.

So each count is taken under :data:`LAYOUTS`, environments of different sizes,
and a table prints the median over them (and the spread). The string hashes are
fixed in every process (``PYTHONHASHSEED=0``; Python salts them at random in
each process, which moves the counts by a few dozen instructions a node).
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence

#: The characters an environment is padded by, one memory layout each.
LAYOUTS = (0, 40, 300)


def check_valgrind() -> None:
    """Exit with one line where valgrind is missing."""
    if shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (Debian: apt install valgrind)")


def environment(layout: int) -> dict[str, str]:
    """The environment of a counted process: fixed hashes, padded by ``layout`` characters."""
    return {**os.environ, "PYTHONHASHSEED": "0", "OOGAMES_BENCH_LAYOUT": "x" * layout}


def counted(command: Sequence[str], layout: int) -> tuple[int, str]:
    """The instructions ``command`` runs under callgrind in ``layout``, and what it printed.

    The command runs once before, uncounted, so that its modules are compiled and the
    count is of loading them, not of compiling them.
    """
    env = environment(layout)
    subprocess.run(command, capture_output=True, check=True, env=env)
    with tempfile.TemporaryDirectory() as tmp:
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *command],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
    found = re.search(r"Collected : (\d+)", run.stderr)
    assert found is not None, run.stderr
    return int(found.group(1)), run.stdout


def per_node(base: Sequence[str], search: Sequence[str]) -> tuple[float, float, float, int]:
    """Instructions a node of ``search`` (whose last printed word is its nodes) less those
    of ``base``, in each layout: the median, the least, the most, and the nodes."""
    costs, nodes = [], 0
    for layout in LAYOUTS:
        empty, _ = counted(base, layout)
        total, printed = counted(search, layout)
        nodes = int(printed.split()[-1])
        costs.append((total - empty) / nodes)
    return statistics.median(costs), min(costs), max(costs), nodes


def spread(least: float, most: float) -> str:
    """``least-most`` as the tables print it."""
    return f"{least:,.0f}-{most:,.0f}"
