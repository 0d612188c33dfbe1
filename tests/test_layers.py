"""The layers of the package hold: the rules and the searches import nothing from above them.

``docs/architecture.rst`` draws the layers; this test reads every module of the lower
layers (its ``import`` statements, with :mod:`ast`) and fails on an import of a layer
above, except the display hooks listed here: a few lines that import a drawing lazily,
inside the method that draws.
"""

from __future__ import annotations

import ast
from pathlib import Path

import oogames

PACKAGE = Path(oogames.__file__).parent

#: For each lower package, the packages above it that it must not import.
ABOVE: dict[str, tuple[str, ...]] = {
    "board": ("games", "nextmove", "game", "ui", "web", "trace", "tournament", "pictures", "cli"),
    "nextmove": ("games", "game", "ui", "web", "trace", "tournament", "pictures", "cli"),
    "games": ("nextmove", "game", "ui", "web", "trace", "tournament", "cli"),
    "game": ("ui", "web", "tournament", "cli"),
}

#: Lazy imports allowed (module, imported module): display hooks, and MCTS's trace, which
#: the teaching layer should build from MCTS's own tree (issue 22: not yet).
HOOKS = {
    ("board/model.py", "oogames.pictures.svg"),  # ABoardModel.to_svg's default picture
    ("nextmove/results.py", "oogames.pictures.notebook"),  # SearchResult._repr_html_
    ("nextmove/andor.py", "oogames.pictures.tree"),  # an AND/OR tree's picture
    ("nextmove/mcts.py", "oogames.trace.tracer"),  # MCTS.trace (and its type)
}


def imports(path: Path) -> list[tuple[str, bool]]:
    """Each ``oogames`` module ``path`` imports, and whether at the top of the module."""
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found += [(name, node in tree.body) for name in names if name.startswith("oogames")]
    return found


def test_the_lower_layers_import_nothing_from_above_but_their_display_hooks() -> None:
    checked, broken = 0, []
    for lower, banned in ABOVE.items():
        for path in sorted((PACKAGE / lower).glob("*.py")):
            where = f"{lower}/{path.name}"
            for name, top in imports(path):
                checked += 1
                layer = name.split(".")[1] if "." in name else ""
                if layer in banned and (top or (where, name) not in HOOKS):
                    broken.append(f"{where} imports {name}{' (at the top)' if top else ''}")
    print(f"checked: imports of the lower layers: {checked}")
    assert not broken, broken
    assert checked > 100
