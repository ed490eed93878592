"""Screen layout at the logical resolution (the window or the page scales this picture).

The desktop draws one layout, landscape: 1280x720, the map left and the sidebar right, scaled
to the window. A phone's page gets a canvas of its own size, chosen when the page loads
(``phone``, SPEC REN-5): one canvas pixel is one CSS pixel, so text drawn no smaller than
``min_text`` is at least 12 CSS pixels (its em; ``TEXT_EM``) and nothing tapped is less than
``tap`` (44 CSS pixels) high:

- held upright (taller than wide), the map above and the sidebar below;
- on its side (a page less than ``SHORT_PAGE`` tall), the map left and the sidebar right.

Both phone layouts are *compact*: the sidebar keeps what a turn needs and a block of big buttons
(``game.render.sidebar_compact``), panels cover the screen, rows are a finger high. The desktop
can draw them too (``--layout portrait`` or ``sideways``: a common phone's page). Screens ask
``current()`` when they draw, never keep its numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

TEXT_EM = 0.6875
"""Text of size ``n`` has an em of ``0.6875 n`` pixels (``game.tools.glyphs``: pygame's own
font sizes): size 18 is a 12.4-pixel em, about a browser's 12-pixel text."""
MIN_CSS_TEXT = 12
MIN_CSS_TAP = 44
"""SPEC REN-5: text at least 12 CSS pixels high, tap targets at least 44."""
SHORT_PAGE = 500
"""A page wider than tall and less tall than this (CSS pixels) is a phone on its side: the
landscape canvas scaled down to it would have text of some 7 CSS pixels."""


@dataclass(frozen=True)
class Layout:
    name: str
    size: tuple[int, int]
    map_rect: tuple[int, int, int, int]  # where the map is drawn
    sidebar_rect: tuple[int, int, int, int]  # the sidebar: status, inventory, in view, messages, buttons
    min_text: int  # the smallest text size drawn (0: as each screen asks)
    tap: int  # the least height of anything tapped (0: as each screen draws it)
    css_scale: float = 1.0  # CSS pixels a canvas pixel is shown as, in the page it was made for

    @property
    def screen_area(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    @property
    def map_area(self) -> pygame.Rect:
        return pygame.Rect(self.map_rect)

    @property
    def centre_x(self) -> int:
        return self.size[0] // 2

    @property
    def portrait(self) -> bool:
        """Taller than wide: the sidebar is under the map."""
        return self.size[1] > self.size[0]

    @property
    def compact(self) -> bool:
        """A phone's layout (upright or on its side): big text and buttons, panels over the whole
        screen, the sidebar's short form."""
        return self.tap > 0

    def css(self, canvas_pixels: float) -> float:
        """Canvas pixels as CSS pixels in the page this layout was made for."""
        return canvas_pixels * self.css_scale

    def text_css(self, size: int) -> float:
        """The em of text of ``size``, in CSS pixels in that page."""
        return self.css(size * TEXT_EM)


def _clamp(value: float, low: float, high: float) -> int:
    return int(round(min(max(value, low), high)))


def phone(css_width: float, css_height: float) -> Layout:
    """The layout for a page of ``css_width`` x ``css_height`` CSS pixels: upright when taller
    than wide, on its side otherwise. The canvas has the page's size (within bounds that keep
    every screen's pieces in it), so the page scales it about 1:1; its least text and tap sizes
    are worked out from the scale that remains.

    >>> upright = phone(390, 664)
    >>> upright.size, upright.portrait, upright.min_text, upright.tap
    ((390, 664), True, 18, 44)
    >>> small = phone(300, 420)  # a page smaller than the layout needs: scaled down, text made larger
    >>> small.size, small.min_text, small.tap, round(small.css(small.tap), 1)
    ((320, 464), 20, 49, 44.4)
    >>> phone(844, 390).size, phone(844, 390).portrait
    ((844, 390), False)
    """
    css_width, css_height = max(1.0, float(css_width)), max(1.0, float(css_height))
    if css_height > css_width:
        width = _clamp(css_width, 320, 540)
        height = _clamp(css_height * width / css_width, 1.45 * width, 2.3 * width)
    else:
        height = _clamp(css_height, 320, SHORT_PAGE)
        width = _clamp(css_width * height / css_height, 1.45 * height, 2.4 * height)
    scale = min(css_width / width, css_height / height)
    min_text = max(18, math.ceil(MIN_CSS_TEXT / (TEXT_EM * scale) - 1e-9))
    tap = max(MIN_CSS_TAP, math.ceil(MIN_CSS_TAP / scale - 1e-9))
    if height > width:
        sidebar_height = _clamp(0.46 * height, 300, 440)
        map_rect = (0, 0, width, height - sidebar_height)
        sidebar = (0, height - sidebar_height, width, sidebar_height)
        name = "portrait"
    else:
        sidebar_width = _clamp(0.36 * width, 260, 340)
        map_rect = (0, 0, width - sidebar_width, height)
        sidebar = (width - sidebar_width, 0, sidebar_width, height)
        name = "sideways"
    return Layout(name, (width, height), map_rect, sidebar, min_text, tap, scale)


LANDSCAPE = Layout("landscape", (1280, 720), (0, 0, 960, 720), (960, 0, 320, 720), 0, 0)
PORTRAIT = phone(390, 664)
"""A common phone held upright, its browser's bars taken away (an iPhone's Safari: 390x664)."""
SIDEWAYS = phone(844, 390)
"""The same phone on its side (the page's whole height; with Safari's bars it is less)."""
LAYOUTS = {layout.name: layout for layout in (LANDSCAPE, PORTRAIT, SIDEWAYS)}
_current = [LANDSCAPE]


def current() -> Layout:
    """The layout the screen is drawn in."""
    return _current[0]


def use(layout: Layout) -> None:
    """Draw in ``layout`` from now on (before the window opens; the text's least size follows)."""
    from game.render import text

    _current[0] = layout
    text.set_minimum_size(layout.min_text)


SCREEN_SIZE = LANDSCAPE.size
MAP_RECT = LANDSCAPE.map_rect
SIDEBAR_RECT = LANDSCAPE.sidebar_rect
"""The landscape layout's numbers, for tools and tests that draw in it; the game asks ``current()``."""

TILE = 24
"""Tile size in pixels: a 960x720 map view shows 40x30 tiles (SPEC REN-5)."""
ZOOM_TILES = (16, 24, 32, 40)
"""The map's tile sizes, far to near (SPEC UI-10: ``+``/``-``, the wheel, a pinch): 60x45 tiles
in view down to 24x18. The sprites are 48-pixel pictures, so none is ever scaled up."""


def zoomed(tile: int, steps: int) -> int:
    """The tile size ``steps`` zoom levels nearer (negative: farther), kept within the levels.

    >>> zoomed(24, 1), zoomed(24, -1), zoomed(40, 1), zoomed(16, -3)
    (32, 16, 40, 16)
    """
    index = ZOOM_TILES.index(tile) if tile in ZOOM_TILES else ZOOM_TILES.index(TILE)
    return ZOOM_TILES[min(max(index + steps, 0), len(ZOOM_TILES) - 1)]
