"""A small SVG writer: shapes and text into a well-formed SVG document, nothing to install.

:class:`Svg` collects elements and writes them out with every attribute and
text escaped, so that any move name or label a game produces is safe in the
picture. Boards (:meth:`~oogames.board.model.ABoardModel.to_svg`) and search
trees (:mod:`oogames.pictures.tree`) draw with it.

>>> from oogames.pictures.svg import Svg
>>> picture = Svg(40, 20, title="a & b")
>>> picture.rect(0, 0, 40, 20, fill="#fff")
>>> picture.text(20, 14, "<x>", anchor="middle")
>>> print(picture.render())  # doctest: +NORMALIZE_WHITESPACE
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"
 font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
<title>a &amp; b</title>
<rect x="0" y="0" width="40" height="20" fill="#fff"/>
<text x="20" y="14" text-anchor="middle">&lt;x&gt;</text>
</svg>
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from oogames.errors import RenderError

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
"""The font family of every picture (a sans-serif every browser has)."""

MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
"""The font family of text drawings."""


def _number(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attributes(attributes: dict[str, object]) -> str:
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, float | int) and not isinstance(value, bool):
            value = _number(float(value))
        parts.append(f"{name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return (" " + " ".join(parts)) if parts else ""


class Svg:
    """An SVG picture being drawn: add shapes and text, then :meth:`render` it.

    Args:
        width: The picture's width in pixels.
        height: Its height in pixels.
        title: A title (shown as a tooltip, read by screen readers), if any.
        font_size: The default font size in pixels.
    """

    __slots__ = ("_parts", "font_size", "height", "title", "width")

    def __init__(self, width: float, height: float, title: str = "", font_size: int = 12) -> None:
        self.width = width
        self.height = height
        self.title = title
        self.font_size = font_size
        self._parts: list[str] = []

    def element(self, name: str, text: str | None = None, **attributes: object) -> None:
        """Add any element; attribute names are written with ``_`` as ``-`` (``class_`` as
        ``class``) and ``text``, if given, escaped inside it."""
        self._add(name, text, attributes)

    def _add(self, name: str, text: str | None, attributes: dict[str, object]) -> None:
        if text is None:
            self._parts.append(f"<{name}{_attributes(attributes)}/>")
        else:
            self._parts.append(f"<{name}{_attributes(attributes)}>{escape(text)}</{name}>")

    def open_group(self, **attributes: object) -> None:
        """Start a ``<g>`` group (close it with :meth:`close_group`)."""
        self._parts.append(f"<g{_attributes(attributes)}>")

    def close_group(self) -> None:
        """End the innermost open group."""
        self._parts.append("</g>")

    def rect(self, x: float, y: float, width: float, height: float, **attributes: object) -> None:
        """A rectangle (``rx`` for rounded corners, ``fill``, ``stroke`` ...)."""
        self._add("rect", None, {"x": x, "y": y, "width": width, "height": height, **attributes})

    def circle(self, cx: float, cy: float, r: float, **attributes: object) -> None:
        """A circle."""
        self._add("circle", None, {"cx": cx, "cy": cy, "r": r, **attributes})

    def ellipse(self, cx: float, cy: float, rx: float, ry: float, **attributes: object) -> None:
        """An ellipse."""
        self._add("ellipse", None, {"cx": cx, "cy": cy, "rx": rx, "ry": ry, **attributes})

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: object) -> None:
        """A straight line."""
        self._add("line", None, {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **attributes})

    def polyline(self, points: list[tuple[float, float]], **attributes: object) -> None:
        """Connected line segments through ``points``."""
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        self._add("polyline", None, {"points": text, **attributes})

    def text(
        self,
        x: float,
        y: float,
        text: str,
        anchor: str | None = None,
        **attributes: object,
    ) -> None:
        """Text with its baseline at ``y``; ``anchor`` is ``"start"``, ``"middle"`` or ``"end"``."""
        self._add("text", text, {"x": x, "y": y, "text_anchor": anchor, **attributes})

    def render(self) -> str:
        """The whole picture as SVG text."""
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_number(self.width)}" '
            f'height="{_number(self.height)}" viewBox="0 0 {_number(self.width)} '
            f'{_number(self.height)}"\n font-family="{FONT}" font-size="{self.font_size}">'
        )
        lines = [head]
        if self.title:
            lines.append(f"<title>{escape(self.title)}</title>")
        lines.extend(self._parts)
        lines.append("</svg>")
        return "\n".join(lines)


def text_width(text: str, size: float = 12) -> float:
    """A close enough width of ``text`` in the sans-serif font at ``size`` pixels (an
    average glyph is about 0.6 of the size wide; no font files are read)."""
    return len(text) * size * 0.6


def text_picture(text: str, title: str = "") -> str:
    """``text`` (lines of a fixed-width drawing) as an SVG picture: how a board with no
    drawing of its own is shown (see ``ABoardModel.to_svg``)."""
    lines = text.split("\n")
    size = 14
    width = max((len(line) for line in lines), default=1) * size * 0.62 + 24
    height = len(lines) * size * 1.3 + 20
    picture = Svg(width, height, title=title, font_size=size)
    picture.rect(0, 0, width, height, fill="#fbfbf8", stroke="#cccccc")
    for number, line in enumerate(lines):
        y = 12 + (number + 1) * size * 1.3 - 4
        picture.text(12, y, line, font_family=MONO, style="white-space:pre")
    return picture.render()


def svg_to_png(svg: str) -> bytes:
    """An SVG picture as PNG, through the optional ``cairosvg`` package.

    Raises:
        RenderError: cairosvg (or the cairo library it needs) is not installed.
    """
    try:
        import cairosvg  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except (ImportError, OSError):
        raise RenderError(
            "writing PNG needs the cairosvg package and the cairo library "
            "(pip install 'oogames[png]'); write .svg instead"
        ) from None
    png = cairosvg.svg2png(bytestring=svg.encode())
    assert isinstance(png, bytes)
    return png
