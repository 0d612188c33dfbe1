"""A speed trick: accumulators made without running ``__init__``.

A search makes one child accumulator per node it expands. Made with
``SomeAcc(model_player, player, depth, ...)``, each child runs ``__init__``
in a Python frame of its own, a large part of what a node costs on CPython;
made with ``bare`` and its fields stored by the parent's ``make_opposite``
(the same fields ``__init__`` sets), it costs no frame. Measured on the
Connect Four 4 x 4 solve (``benchmarks/framework_cost.py --instructions``):
alpha-beta's children made by ``__init__`` cost 22,644 instructions a
node, made bare 20,103 (12.6 % more with ``__init__``).

Only the accumulators on the hot path use it (the plain Rice classes, their
depth-limited forms, PVS and the table decorator); every other accumulator is
built by its constructor. A class made bare must have ``__slots__`` and every
field stored before the search reads it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

_T = TypeVar("_T")

if TYPE_CHECKING:

    def bare(cls: type[_T]) -> _T:
        """An instance of ``cls`` whose ``__init__`` has not run: the caller stores its
        fields."""

else:
    bare = object.__new__  # the C function itself: a Python wrapper would cost the frame
