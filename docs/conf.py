"""Sphinx configuration of the oogames documentation."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "demos"))
sys.path.insert(0, str(ROOT / "docs"))

import oogames  # noqa: E402

project = "oogames"
author = "oogames developers"
copyright = "2026, oogames developers"
release = oogames.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    "sphinx.ext.graphviz",
    "sphinx.ext.inheritance_diagram",
    "sphinx.ext.viewcode",
]

html_theme = "furo"
html_title = f"oogames {release}"
html_static_path: list[str] = []
exclude_patterns = ["_build", "_generated"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
graphviz_output_format = "svg"
inheritance_graph_attrs = {"rankdir": "TB", "size": '"8.0, 10.0"'}

doctest_global_setup = """
from oogames import *
from oogames.games import *
"""


def _draw_trees(app: object) -> None:
    """Draw the search trees and capture the command samples the pages include."""
    from _trees import write_all

    write_all(ROOT / "docs" / "_generated")


def setup(app: object) -> None:
    """Sphinx hook: draw the trees when the build starts."""
    app.connect("builder-inited", _draw_trees)  # type: ignore[attr-defined]
