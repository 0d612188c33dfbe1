"""The enhancements of a search, apart from the Rice classes they decorate or drive.

The Rice model is in ``oogames.nextmove``: the accumulators, their factories and
decorators, :class:`~oogames.MinMax` and the strategy interface. What makes a search
faster or stronger without changing that model lives here, each piece an accumulator
decorator, a factory or a strategy built on the Rice classes:

- :mod:`~oogames.nextmove.enhancements.table`: a transposition table (``+tt``);
- :mod:`~oogames.nextmove.enhancements.ordering`: move ordering (``+order``,
  ``+history``, ``+killer``);
- :mod:`~oogames.nextmove.enhancements.deepening`: iterative deepening under a clock
  (``NAME@SECONDS``, ``+aspiration``);
- :mod:`~oogames.nextmove.enhancements.selective`,
  :mod:`~oogames.nextmove.enhancements.variable_depth` and
  :mod:`~oogames.nextmove.enhancements.average`: the lecture slides' selective search,
  variable depth bound and (m,n)-average evaluation.

This package's ``__init__`` imports none of them (the search core imports what it needs
of them directly, and they import the core). Each was a module of
``oogames.nextmove`` before, and its old name still imports it (see "What moved").
"""
