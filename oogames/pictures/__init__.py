"""Pictures drawn by the package itself, with nothing to install: boards, trees, notebook views.

- :mod:`oogames.pictures.svg`: the SVG writer.
- :mod:`oogames.pictures.boards`: each game's board as SVG (``board.to_svg()``).
- :mod:`oogames.pictures.tree`: tidy tree pictures (search trees, AND/OR strategies).
- :mod:`oogames.pictures.notebook`: what Jupyter shows for results and tables.
"""

from oogames.pictures.notebook import Shown, show_result
from oogames.pictures.svg import Svg, svg_to_png

__all__ = ["Shown", "Svg", "show_result", "svg_to_png"]
