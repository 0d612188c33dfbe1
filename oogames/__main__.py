"""``python -m oogames``: the same as the ``oogames`` command."""

from oogames.cli import main

raise SystemExit(main())
