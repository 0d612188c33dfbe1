"""The layers of the package hold: the rules and the searches import nothing from above them.

``docs/architecture.rst`` draws the layers; this test reads every module of the lower
layers (its ``import`` statements, with :mod:`ast`) and fails on an import of a layer
above, except the display hooks listed here: a few lines that import a drawing lazily,
inside the method that draws.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import oogames

PACKAGE = Path(oogames.__file__).parent

#: For each lower package, the packages above it that it must not import.
# fmt: off
ABOVE: dict[str, tuple[str, ...]] = {
    "board": (
        "games", "nextmove", "game", "ui", "web", "trace", "tournament", "pictures", "cli",
        "grading", "testing",
    ),
    "nextmove": (
        "games", "game", "ui", "web", "trace", "tournament", "pictures", "cli", "grading",
        "testing",
    ),
    "games": (
        "nextmove", "game", "ui", "web", "trace", "tournament", "pictures", "cli", "grading",
        "testing",
    ),
    "game": ("ui", "web", "tournament", "cli", "grading", "testing"),
}
# fmt: on

#: Lazy imports allowed (module, imported module): display hooks of a few lines that
#: import a drawing inside the method that draws, and one deprecated alias.
HOOKS = {
    ("board/notation.py", "oogames.pictures.svg"),  # ABoardModel.to_svg's default picture
    ("nextmove/results.py", "oogames.pictures.notebook"),  # SearchResult._repr_html_
    ("nextmove/andor.py", "oogames.pictures.strategy"),  # Strategy.to_dot, .to_svg
    ("nextmove/mcts.py", "oogames.trace.mcts_tree"),  # MCTS.trace, deprecated: mcts_trace
    ("nextmove/mcts.py", "oogames.trace.tracer"),  # that alias's return type (for mypy)
    ("board/perft.py", "oogames.nextmove.running"),  # perft runs as a search runs
    *(
        (f"games/{game}.py", "oogames.pictures.boards")  # each game's to_svg
        for game in (
            "tictactoe",
            "connectfour",
            "othello",
            "nim",
            "grundy",
            "kalah",
            "rolit",
            "pig",
        )
    ),
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
        for path in sorted((PACKAGE / lower).rglob("*.py")):
            where = path.relative_to(PACKAGE).as_posix()
            for name, top in imports(path):
                checked += 1
                layer = name.split(".")[1] if "." in name else ""
                if layer in banned and (top or (where, name) not in HOOKS):
                    broken.append(f"{where} imports {name}{' (at the top)' if top else ''}")
    print(f"checked: imports of the lower layers: {checked}")
    assert not broken, broken
    assert checked > 100


def package_of(path: Path) -> str:
    """The package a module belongs to (``games``), or the module itself at the top."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def test_no_two_packages_import_each_other_when_loaded() -> None:
    """The imports at the top of the modules (what runs when a module loads) make no circle
    between the packages: each package can be read from the ones it stands on."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        here = package_of(path)
        for name, top in imports(path):
            there = name.split(".")[1] if "." in name else ""
            if top and there and there != here:
                graph.setdefault(here, set()).add(there)
    seen: dict[str, int] = {}  # 1 while on the path being walked, 2 when done

    def walk(package: str, path: list[str]) -> None:
        seen[package] = 1
        for below in sorted(graph.get(package, ())):
            assert seen.get(below) != 1, " -> ".join([*path, package, below])
            if below not in seen:
                walk(below, [*path, package])
        seen[package] = 2

    for package in sorted(graph):
        if package not in seen:
            walk(package, [])
    print(f"checked: packages whose imports were walked: {len(seen)}")
    assert len(seen) > 10


#: The Rice classes, in :mod:`oogames.nextmove`: what a student opens first.
RICE = ("accumulators", "factories", "decorators", "minmax", "strategy", "random_move")


def test_the_rice_classes_import_no_enhancement_at_their_top() -> None:
    """The enhancements (:mod:`oogames.nextmove.enhancements`) are built on the Rice
    classes, never the other way round: a Rice module imports none of them when it is
    loaded (the search's built-in table, a speed trick in ``_tabled.py``, imports its
    decorator lazily)."""
    checked, broken = 0, []
    for module in (*RICE, "_bare", "_limited", "_tabled"):
        for name, top in imports(PACKAGE / "nextmove" / f"{module}.py"):
            checked += 1
            if name.startswith("oogames.nextmove.enhancements") and top:
                broken.append(f"nextmove/{module}.py imports {name}")
    print(f"checked: imports of the Rice classes: {checked}")
    assert not broken, broken
    assert checked > 20


def test_the_package_keeps_the_redesigns_figures() -> None:
    """The figures the redesign set: no module over 450 lines, at
    most 60 lines naming ``Any`` and at most 5 ``type: ignore``; a module that grows past
    them is named."""
    modules = sorted(PACKAGE.rglob("*.py"))
    texts = {str(path.relative_to(PACKAGE)): path.read_text(encoding="utf-8") for path in modules}
    long = {name: text.count("\n") for name, text in texts.items() if text.count("\n") > 450}
    assert not long, f"modules over 450 lines: {long}"
    lines = [line for text in texts.values() for line in text.splitlines()]
    naming_any = [line for line in lines if re.search(r"\bAny\b", line)]
    ignores = [line for line in lines if "type: ignore" in line]
    assert len(naming_any) <= 60, f"{len(naming_any)} lines name Any"
    assert len(ignores) <= 5, f"{len(ignores)} type: ignore"
    assert len(texts) > 100  # the whole package was read
