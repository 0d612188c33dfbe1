"""Collection settings for the whole repository (pytest reads this before the tests)."""

import importlib.util

# The interactive view needs the optional extra "tui" (Textual). Without it,
# its module cannot even be imported for its docstring examples; its tests in
# tests/test_tui.py skip, and .ci/run runs them once the extras are installed.
collect_ignore = [] if importlib.util.find_spec("textual") else ["oogames/ui/tui.py"]
