"""Screen layout at the logical resolution (the window scales this picture)."""

from __future__ import annotations

SCREEN_SIZE = (1280, 720)
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

MAP_RECT = (0, 0, 960, 720)
SIDEBAR_RECT = (960, 0, 320, 720)
