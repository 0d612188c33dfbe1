"""Sphinx configuration of the oogames documentation."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any, ClassVar

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

#: Graphviz's dot draws the class diagrams (Debian: apt install graphviz; .ci/run installs
#: it). Where it is missing, each diagram is a line that says so, not an error.
HAVE_DOT = shutil.which("dot") is not None

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.doctest",
    *(["sphinx.ext.graphviz", "sphinx.ext.inheritance_diagram"] if HAVE_DOT else []),
    "sphinx.ext.viewcode",
    "sphinx.ext.intersphinx",
    "myst_nb",
]

# The course notebooks (docs/notebooks) are run when the docs are built, so the pages
# show what the code does now.
nb_execution_mode = "force"
nb_execution_timeout = 300
nb_execution_raise_on_error = True

# The Python documentation's inventory, from Debian's python3.11-doc package (.ci/run
# installs it): the build needs no network. Without it the links to Python's docs are
# left out (and references are not checked, since Python's names would not resolve);
# CI's build has it and checks every reference (-n).
_PYTHON_INVENTORY = "/usr/share/doc/python3.11/html/objects.inv"
HAVE_INVENTORY = Path(_PYTHON_INVENTORY).exists()
intersphinx_mapping = (
    {"python": ("https://docs.python.org/3.11", _PYTHON_INVENTORY)} if HAVE_INVENTORY else {}
)

# Warnings are errors (-W) and every reference must resolve (-n), except these:
# private bases that show-inheritance names, and Textual's classes (no inventory here).
nitpicky = HAVE_INVENTORY
nitpick_ignore_regex = [
    (r"py:.*", r"(.*\.)?_[A-Za-z]\w*"),
    (r"py:.*", r"textual\..*"),
    (r"py:class", r"(.*\.)?T"),  # a TypeVar
    (r"py:class", r"Binding"),  # Textual
    (r"py:class", r"importlib\.metadata\.EntryPoint"),  # not in the Python inventory
    (r"py:class", r"types\.FrameType"),  # not in the Python inventory either
    (r"py:class", r"asyncio\.locks\.Event"),  # the inventory has it as asyncio.Event
    (r"py:class", r"Commands"),  # argparse's private _SubParsersAction, for mypy only
    (r"py:class", r"starlette\..*"),  # no inventory here
    (r"py:class", r"(rich\.\w+\.)?(Console|Table)"),  # rich's: no inventory here
    (r"py:class", r"collections\.abc\.Callable\[\[\]"),  # Callable[[], None], split by autodoc
]

html_theme = "furo"
html_title = f"oogames {release}"
html_static_path: list[str] = []
exclude_patterns = ["_build", "_generated", "**.ipynb_checkpoints"]

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


def _public_object(target: str) -> object | None:
    """The object ``target`` names, if it is importable (``oogames.MinMax``)."""
    import importlib

    parts = target.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            obj = getattr(obj, name, None)
            if obj is None:
                return None
        return obj
    return None


def _resolve(app: Any, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a Python reference by the name users know.

    The API pages document each class in the module that defines it
    (``oogames.nextmove.minmax.MinMax``); users and the name table write the
    public name (``oogames.MinMax``), and docstrings write bare names
    (``BoardOptionError``) or ``Class.method``. Such a reference resolves to
    the object's documented place: through the object itself for a public
    alias, or as the one documented name that ends with it.
    """
    if node.get("refdomain") != "py":
        return None
    domain = env.get_domain("py")
    target = node["reftarget"]
    candidates = []
    obj = _public_object(target) if target.startswith("oogames") else None
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if isinstance(module, str) and isinstance(qualname, str):
        candidates.append(f"{module}.{qualname}")
    for ending in ("." + target.split("oogames.", 1)[-1], "." + target.rsplit(".", 1)[-1]):
        endings = [name for name in domain.objects if name.endswith(ending)]
        if len(endings) == 1:
            candidates.append(endings[0])
    for name in candidates:
        if name in domain.objects:
            found = domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], name, node, contnode
            )
            if found is not None:
                return found
            anything = domain.resolve_any_xref(
                env, node["refdoc"], app.builder, name, node, contnode
            )
            return anything[0][1] if anything else None
    return None


def _without_dot(app: Any) -> None:
    """Where Graphviz is missing: an ``inheritance-diagram`` or ``graphviz`` directive is
    one paragraph saying what it would draw and what draws it."""
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives

    class NeedsDot(Directive):
        has_content = True
        optional_arguments = 99
        final_argument_whitespace = True
        option_spec: ClassVar[dict[str, Any]] = {  # the directives' options, not used
            name: directives.unchanged
            for name in ("parts", "top-classes", "private-bases", "caption", "align", "alt",
                         "layout", "name", "class")
        }  # fmt: skip

        def run(self) -> list[Any]:
            what = "a diagram of " + " ".join(self.arguments) if self.arguments else "a diagram"
            note = f"(Here {what} is drawn where Graphviz is installed: apt install graphviz.)"
            return [nodes.paragraph(text=note)]

    for name in ("inheritance-diagram", "graphviz", "digraph"):
        app.add_directive(name, NeedsDot)


def setup(app: Any) -> None:
    """Sphinx hook: draw the trees when the build starts; resolve public names."""
    if not HAVE_DOT:
        _without_dot(app)
    app.connect("builder-inited", _draw_trees)
    app.connect("missing-reference", _resolve)
