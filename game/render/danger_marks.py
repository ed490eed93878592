"""The map's mark on each tile a wound-up boss will strike on its next action (TRU-5): the
ogre's raised club, a Warden's raised maul, its charge, its bomb (``game.ai.behaviours.blows_coming``).

A mark is the tile tinted in the foe colour, hatched and outlined in it. The hatching and the
outline say "danger" without the hue (in the colour-blind palette the foe colour is orange),
and they stay visible round the sprites: the marks are drawn over the floor and the items,
under the monsters and the player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.render import palette

if TYPE_CHECKING:
    from collections.abc import Iterable

    from game.render.camera import Camera

TINT_ALPHA = 60
HATCH_ALPHA = 150
EDGE_ALPHA = 235


def mark(tile: int) -> pygame.Surface:
    """One tile's mark, in the palette in use."""
    colour = palette.TONE_COLOURS["bad"]
    picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
    picture.fill((*colour, TINT_ALPHA))
    step = max(6, tile // 4)
    for start in range(-tile, tile, step):  # lines down to the right, clipped to the tile
        pygame.draw.line(picture, (*colour, HATCH_ALPHA), (start, 0), (start + tile, tile), 2)
    pygame.draw.rect(picture, (*palette.BACKGROUND, EDGE_ALPHA), picture.get_rect(), 1)
    pygame.draw.rect(picture, (*colour, EDGE_ALPHA), picture.get_rect().inflate(-2, -2), 2)
    return picture


class DangerMarks:
    """Draws the marks, the picture made once per tile size and palette."""

    def __init__(self, tile: int) -> None:
        self.tile = tile
        self._picture: pygame.Surface | None = None
        self._generation = -1

    def draw(self, surface: pygame.Surface, camera: Camera, tiles: Iterable[tuple[int, int]]) -> None:
        if self._picture is None or self._generation != palette.generation:
            self._picture, self._generation = mark(self.tile), palette.generation
        for x, y in tiles:
            surface.blit(self._picture, camera.tile_origin(x, y))
