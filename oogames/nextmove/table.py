"""Moved to :mod:`oogames.nextmove.enhancements.table`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.table import *  # noqa: F403
