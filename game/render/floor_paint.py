"""How a floor's tiles are coloured in its pictures (``game.render.floor_layer``): each room's
tint of its region's floor colour, and the bevel multiplied over every tile."""

from __future__ import annotations

import numpy as np
import pygame

from game.render import palette, surfaces
from game.map.floor_map import FloorMap
from game.rng import derive_seed

Colour = tuple[int, int, int]
_PATTERN_CACHE: dict[tuple[int, ...], pygame.Surface] = {}


def room_colours(floor: FloorMap, cosmetic_seed: int, special: dict[int, Colour] | None = None,
                  base_colour: Colour = palette.FLOOR) -> list[Colour]:
    """Each room's floor colour: a tint of ``base_colour`` (the region's), or a special room's own."""
    count = max(floor.room_count, 1)
    rng = np.random.Generator(np.random.PCG64(derive_seed(cosmetic_seed, "floor-tint")))
    tints = rng.integers(-palette.FLOOR_TINT_RANGE, palette.FLOOR_TINT_RANGE + 1, size=(count, 1))
    base = np.array(base_colour, dtype=np.int16)
    room_colour = np.clip(base + tints + np.array([0, 0, 2]) * (tints > 0), 0, 255)
    for room, colour in (special or {}).items():
        room_colour[room] = colour
    return [tuple(colour) for colour in room_colour.tolist()]


def tile_pattern(width: int, height: int, tile: int) -> pygame.Surface:
    """A multiply mask giving every tile a soft bevel, cached per floor size (the loading
    screen draws the usual size's ahead)."""
    key = (width, height, tile, *surfaces.format_key())
    if key not in _PATTERN_CACHE:
        one = np.full((tile, tile), 255, dtype=np.uint8)
        one[0, :] = one[:, 0] = 214  # grid line, top and left
        one[1, 1:] = one[1:, 1] = 240
        one[-1, 1:] = one[1:, -1] = 236
        stamp = surfaces.from_rgb(np.repeat(one[:, :, None], 3, axis=2))
        row = surfaces.opaque((width * tile, tile))
        row.fblits([(stamp, (x * tile, 0)) for x in range(width)])
        pattern = surfaces.opaque((width * tile, height * tile))
        pattern.fblits([(row, (0, y * tile)) for y in range(height)])
        _PATTERN_CACHE[key] = pattern
    return _PATTERN_CACHE[key]
