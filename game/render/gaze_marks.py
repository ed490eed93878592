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


def draw_gazes(surface: pygame.Surface, origin: tuple[int, int], tile: int, floor: Floor) -> None:
    """Every living watcher's gaze, the map's tile (0, 0) at ``origin``."""
    colour = palette.TONE_COLOURS["bad"]
    height, width = floor.map.rooms.shape
    for watcher in floor.actors:
        if not watcher.alive or watcher.kind != "watcher":
            continue
        x0, y0 = max(0, watcher.x - WATCHER_SIGHT), max(0, watcher.y - WATCHER_SIGHT)
        x1, y1 = min(width, watcher.x + WATCHER_SIGHT + 1), min(height, watcher.y + WATCHER_SIGHT + 1)
        box = pygame.Rect(origin[0] + x0 * tile, origin[1] + y0 * tile, (x1 - x0) * tile, (y1 - y0) * tile)
        if watcher.state == "hunting":
            pygame.draw.rect(surface, palette.BACKGROUND, box.inflate(2, 2), 1)
            pygame.draw.rect(surface, colour, box, 3)
        else:
            _dashed_rect(surface, colour, box, max(4, tile // 3))


def _dashed_rect(surface: pygame.Surface, colour: tuple[int, int, int], box: pygame.Rect, dash: int) -> None:
    corners = [box.topleft, (box.right - 1, box.top), (box.right - 1, box.bottom - 1), (box.left, box.bottom - 1)]
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1]):
        length = max(abs(bx - ax), abs(by - ay))
        for start in range(0, length, 2 * dash):
            stop = min(length, start + dash)
            a = (ax + (bx - ax) * start // max(1, length), ay + (by - ay) * start // max(1, length))
            b = (ax + (bx - ax) * stop // max(1, length), ay + (by - ay) * stop // max(1, length))
            pygame.draw.line(surface, colour, a, b, 2)
