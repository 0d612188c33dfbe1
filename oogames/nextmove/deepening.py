"""Moved to :mod:`oogames.nextmove.enhancements.deepening`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.deepening import *  # noqa: F403
