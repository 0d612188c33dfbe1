"""Collection settings for the whole repository (pytest reads this before the tests)."""

import importlib.util

# The interactive view needs the optional extra "tui" (Textual), the browser view the
# extra "web" (Starlette). Without them their modules cannot even be imported for their
# docstring examples; their tests skip, and .ci/run runs them once the extras are installed.
collect_ignore = (
    []
    if importlib.util.find_spec("textual")
    else ["oogames/ui/tui.py", "oogames/ui/screens.py", "oogames/ui/board_grid.py"]
)
if importlib.util.find_spec("starlette") is None:
    collect_ignore += ["oogames/web/app.py", "oogames/web/server.py"]
