"""Screen layout at the logical resolution (the window or the page scales this picture).

Two layouts (SPEC REN-5): landscape, 1280x720, the map left and the sidebar right; and portrait,
480x960, for a phone held upright, the map above and the sidebar below. The browser picks one
when the page loads (``game.app.window``); the desktop uses landscape unless told
(``--layout portrait``). Screens ask ``current()`` when they draw, never keep its numbers.

The portrait canvas is narrow so that the page scales it little: on a 390-pixel-wide phone one
canvas pixel is 0.81 CSS pixels, so 16-pixel text is 13 CSS pixels (``min_text``) and a 56-pixel
button is 45 (``tap``), where SPEC asks for 12 and 44.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Layout:
    name: str
    size: tuple[int, int]
    map_rect: tuple[int, int, int, int]  # where the map is drawn
    sidebar_rect: tuple[int, int, int, int]  # the sidebar: status, inventory, in view, messages, buttons
    min_text: int  # the smallest text size drawn (0: as each screen asks)
    tap: int  # the least height of anything tapped (0: as each screen draws it)

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
        return self.size[1] > self.size[0]


LANDSCAPE = Layout("landscape", (1280, 720), (0, 0, 960, 720), (960, 0, 320, 720), 0, 0)
PORTRAIT = Layout("portrait", (480, 960), (0, 0, 480, 552), (0, 552, 480, 408), 16, 56)
LAYOUTS = {layout.name: layout for layout in (LANDSCAPE, PORTRAIT)}
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
