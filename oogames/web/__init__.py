"""The browser view (``oogames serve``, the optional extra ``web``): see :mod:`oogames.web.app`."""
