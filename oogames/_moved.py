"""Names that moved to another module, still importable from where users imported them.

A module whose names moved sets its module-level ``__getattr__`` (PEP 562) to
:func:`moved_names`: the old name is looked up in its new module when it is
first asked for (so the old module imports nothing from above its own layer),
and anything else is an :class:`AttributeError` as usual. ``docs/moved.rst``
lists what moved; ``tests/test_moved.py`` checks every old import.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any


def moved_names(module: str, moved: dict[str, str]) -> Callable[[str], Any]:
    """The ``__getattr__`` of ``module``: each name of ``moved`` from its new module."""

    def __getattr__(name: str) -> Any:
        if name in moved:
            return getattr(importlib.import_module(moved[name]), name)
        raise AttributeError(f"module {module!r} has no attribute {name!r}")

    return __getattr__
