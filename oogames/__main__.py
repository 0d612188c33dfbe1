"""``python -m oogames``: the same as the ``oogames`` command (its entry point,
``_oogames_launch``, which runs the command line once it is imported)."""

from _oogames_launch import main

raise SystemExit(main())
