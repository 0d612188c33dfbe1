"""Collection settings for the whole repository (pytest reads this before the tests)."""

import importlib.util
import re
from pathlib import Path

HERE = Path(__file__).parent


def _importing(package: str) -> set[str]:
    """The modules of oogames that import ``package`` as they load (on a line of their
    own, not in a function), or import a module of oogames that does."""
    sources = {
        str(path.relative_to(HERE)): path.read_text(encoding="utf-8")
        for path in (HERE / "oogames").rglob("*.py")
    }
    found: set[str] = set()
    names = [package]
    while names:
        line = re.compile(rf"^(from|import) ({'|'.join(map(re.escape, names))})\b", re.MULTILINE)
        new = {path for path, text in sources.items() if path not in found and line.search(text)}
        found |= new
        names = [path.removesuffix(".py").replace("/", ".") for path in new]
    return found


# The interactive view needs the optional extra "tui" (Textual), the browser view the
# extra "web" (Starlette and uvicorn). Without them their modules cannot even be imported for
# their docstring examples; their tests skip, and .ci/run runs them once the extras are
# installed.
collect_ignore = sorted(
    module
    for package in ("textual", "starlette", "uvicorn")
    if importlib.util.find_spec(package) is None
    for module in _importing(package)
)
