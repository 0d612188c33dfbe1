"""Moved to :mod:`oogames.nextmove.enhancements.selective`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.selective import *  # noqa: F403
