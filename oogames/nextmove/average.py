"""Moved to :mod:`oogames.nextmove.enhancements.average`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.average import *  # noqa: F403
