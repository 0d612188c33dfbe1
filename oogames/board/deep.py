"""Moved: running a search safely (deep, and the board put back) is
:mod:`oogames.nextmove.running`, with the searches. Every name still imports from here."""

from typing import Any


def __getattr__(name: str) -> Any:
    """The name from :mod:`oogames.nextmove.running`."""
    import importlib

    return getattr(importlib.import_module("oogames.nextmove.running"), name)
