"""Moved to :mod:`oogames.nextmove.enhancements.variable_depth`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.variable_depth import *  # noqa: F403
