"""Every piece of code on the tutorial, the landing page and the README runs as shown, in the
page's order, in one fresh namespace, as a reader pasting them into a Python started in
``demos/`` would: the files shown (``literalinclude``, whole or in part), the ``code-block::
python`` blocks and the doctests (``pycon`` blocks too), with no imports but those the page
shows (Sphinx's doctest builder adds ``from oogames import *`` to every doctest; this test
does not)."""

from __future__ import annotations

import ast
import doctest
import re
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import count

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = ["tutorial.rst", "index.rst", "../README.rst"]

_DIRECTIVE = re.compile(r"^\.\. (literalinclude|code-block|doctest)::\s*(.*)$")


def _block(lines: list[str], start: int) -> tuple[dict[str, str], list[str], int]:
    """The options and the indented content of the directive on line ``start``."""
    options: dict[str, str] = {}
    index = start + 1
    while index < len(lines) and re.match(r"^\s+:[\w-]+:", lines[index]):
        name, _, value = lines[index].strip()[1:].partition(":")
        options[name] = value.strip()
        index += 1
    content: list[str] = []
    while index < len(lines) and (not lines[index].strip() or lines[index].startswith("   ")):
        content.append(lines[index])
        index += 1
    return options, textwrap.dedent("\n".join(content)).strip("\n").splitlines(), index


def _included(page: Path, path: str, options: dict[str, str]) -> str:
    """The code a ``literalinclude`` shows, as Sphinx cuts it."""
    text = (page.parent / path).resolve().read_text(encoding="utf-8")
    if "pyobject" in options:
        tree = ast.parse(text)
        node: ast.AST = tree
        for name in options["pyobject"].split("."):
            node = next(
                child
                for child in ast.iter_child_nodes(node)
                if getattr(child, "name", None) == name
            )
        first = min(
            [getattr(node, "lineno", 1)]
            + [decorator.lineno for decorator in getattr(node, "decorator_list", [])]
        )
        text = "\n".join(text.splitlines()[first - 1 : getattr(node, "end_lineno", None)])
    lines = text.splitlines()
    if "start-at" in options:
        lines = lines[next(i for i, line in enumerate(lines) if options["start-at"] in line) :]
    if "end-before" in options:
        lines = lines[: next(i for i, line in enumerate(lines) if options["end-before"] in line)]
    return textwrap.dedent("\n".join(lines))


def code_of(page: Path) -> list[tuple[str, str, int]]:
    """The page's code in order: (kind, text, line), kind ``python`` or ``doctest``."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found = []
    index = 0
    while index < len(lines):
        match = _DIRECTIVE.match(lines[index])
        if match is None:
            index += 1
            continue
        kind, argument = match.groups()
        options, content, after = _block(lines, index)
        if kind == "literalinclude" and argument.endswith(".py"):
            found.append(("python", _included(page, argument, options), index + 1))
        elif kind == "code-block" and argument == "python":
            found.append(("python", "\n".join(content), index + 1))
        elif kind == "doctest" or (kind == "code-block" and argument == "pycon"):
            found.append(("doctest", "\n".join(content), index + 1))
        index = after
    return found


@pytest.mark.parametrize("name", PAGES)
def test_every_code_block_runs_as_shown_in_order(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = DOCS / name
    monkeypatch.syspath_prepend(str(ROOT / "demos"))  # python started in demos/
    monkeypatch.setattr(sys, "stdin", sys.stdin)  # a doctest may set it; put it back
    namespace: dict[str, object] = {"__name__": f"docs_{page.stem}"}
    blocks = code_of(page)
    assert blocks, f"{name} shows no code"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for kind, text, line in blocks:
        if kind == "python":
            exec(compile(text, f"{name}:{line}", "exec"), namespace)
        else:
            test = parser.get_doctest(text, namespace, f"{name}:{line}", str(page), line)
            failed, _ = runner.run(test, clear_globs=False)
            namespace.update(test.globs)  # a DocTest works on a copy: keep what it defined
            assert failed == 0, f"{name}, the doctest at line {line}: see the output above"
        count("code blocks of the docs run as shown")
    assert runner.summarize(verbose=False).attempted > 0
