"""Loads the sprite PNGs once, at the sizes the screen needs, with dim variants."""

from __future__ import annotations

import pygame

from game.content.sprites import SPRITES
from game.paths import asset
from game.render.palette import DIM_MULTIPLY


class SpriteBank:
    """Sprites by name at one tile size; ``dim(name)`` for remembered things.

    Door sprites also come rotated (``door_closed_w`` ...) for doors on west edges.
    A missing or broken PNG becomes a magenta square, so a bad asset shows up
    on screen instead of crashing the game.
    """

    def __init__(self, tile: int) -> None:
        self.tile = tile
        self._lit: dict[str, pygame.Surface] = {}
        self._dim: dict[str, pygame.Surface] = {}
        self.missing: list[str] = []
        for name in SPRITES:
            image = self._load(name)
            self._add(name, image)
            if name.startswith("door_"):
                self._add(name + "_w", pygame.transform.rotate(image, 90))

    def _load(self, name: str) -> pygame.Surface:
        path = asset("sprites", f"{name}.png")
        try:
            image = pygame.image.load(str(path))
            image = image.convert_alpha() if pygame.display.get_surface() else image
        except (pygame.error, FileNotFoundError, OSError):
            self.missing.append(name)
            image = pygame.Surface((self.tile, self.tile), pygame.SRCALPHA)
            image.fill((255, 0, 255, 160))
        if image.get_size() != (self.tile, self.tile):
            image = pygame.transform.smoothscale(image, (self.tile, self.tile))
        return image

    def _add(self, name: str, image: pygame.Surface) -> None:
        self._lit[name] = image
        dim = image.copy()
        dim.fill((*DIM_MULTIPLY, 255), special_flags=pygame.BLEND_RGBA_MULT)
        self._dim[name] = dim

    def get(self, name: str) -> pygame.Surface:
        return self._lit[name]

    def icon(self, name: str, size: int) -> pygame.Surface:
        """The sprite at another size (HUD icons), cached."""
        key = f"{name}@{size}"
        if key not in self._lit:
            self._lit[key] = pygame.transform.smoothscale(self._lit[name], (size, size))
        return self._lit[key]

    def dim(self, name: str) -> pygame.Surface:
        return self._dim[name]

    def __contains__(self, name: str) -> bool:
        return name in self._lit
