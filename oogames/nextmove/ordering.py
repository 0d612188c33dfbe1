"""Moved to :mod:`oogames.nextmove.enhancements.ordering`: this name still
imports its public names (see "What moved")."""

from oogames.nextmove.enhancements.ordering import *  # noqa: F403
