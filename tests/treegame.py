"""The tests' explicit game trees: the package's GameTreeBoard, under the names the tests use."""

from oogames.games.gametree import GameTreeBoard as TreeBoard
from oogames.games.gametree import Pass, Static

__all__ = ["Pass", "Static", "TreeBoard"]
