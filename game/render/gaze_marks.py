"""A vault watcher's gaze on the map (SPEC VLT-8, TRU-5): the square of cells within its sight,
outlined in the foe colour, dashed while it has not seen the player, solid while it hunts them.
A player outside the square is not seen (nor, once it loses them, hunted for long)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.map.vault_field import WATCHER_SIGHT
from game.render import palette

if TYPE_CHECKING:
    from game.world.floor import Floor


def gaze_mark(surface: pygame.Surface, centre: tuple[float, float], size: float) -> None:
    """A legend's swatch of a gaze's edge: a corner of the outline, dashed as before it has seen you."""
    colour = palette.TONE_COLOURS["bad"]
    left, top, right = round(centre[0] - size / 2), round(centre[1] - size / 4), round(centre[0] + size / 2)
    bottom = round(centre[1] + size / 2)
    for a, b in (((left, top), (left + (right - left) // 3, top)), ((left + 2 * (right - left) // 3, top), (right, top)),
                 ((left, top), (left, top + (bottom - top) // 2))):
        pygame.draw.line(surface, colour, a, b, 2)


def draw_gazes(surface: pygame.Surface, origin: tuple[float, float], tile: float, floor: Floor) -> None:
    """Every living watcher's gaze, the map's tile (0, 0) at ``origin``: the outline of the floor
    cells within its sight."""
    colour = palette.TONE_COLOURS["bad"]
    inside = floor.map.floor_mask()
    height, width = inside.shape
    for watcher in floor.actors:
        if not watcher.alive or watcher.kind != "watcher":
            continue
        seen = {(x, y) for y in range(max(0, watcher.y - WATCHER_SIGHT), min(height, watcher.y + WATCHER_SIGHT + 1))
                for x in range(max(0, watcher.x - WATCHER_SIGHT), min(width, watcher.x + WATCHER_SIGHT + 1))
                if inside[y, x]}
        hunting = watcher.state == "hunting"
        for x, y in seen:
            left, top = origin[0] + x * tile, origin[1] + y * tile
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if (x + dx, y + dy) in seen:
                    continue
                a = (left + tile * (dx > 0), top + tile * (dy > 0))
                b = (a[0] + tile * (dx == 0), a[1] + tile * (dy == 0))
                if not hunting:  # dashed: the middle half of each cell's side
                    a, b = ((3 * a[0] + b[0]) // 4, (3 * a[1] + b[1]) // 4), ((a[0] + 3 * b[0]) // 4, (a[1] + 3 * b[1]) // 4)
                pygame.draw.line(surface, colour, a, b, 3 if hunting else 2)
