"""Screen layout at the logical resolution (the window scales this picture)."""

from __future__ import annotations

SCREEN_SIZE = (1280, 720)
TILE = 24
"""Tile size in pixels: a 960x720 map view shows 40x30 tiles (SPEC REN-5)."""

MAP_RECT = (0, 0, 960, 720)
SIDEBAR_RECT = (960, 0, 320, 720)
