"""Loads the sprite PNGs once, at the sizes the screen needs, with dim variants.

The PNGs are 48 pixels, map tiles 24: an exact 2:1 ``pygame.transform.smoothscale``,
which gives the same pixels on the desktop and in the browser. Any other size (HUD icons,
the trophy, a tile size that is not half the PNG) is made by ``scaling.smoothscale``
from the PNG itself, as pygame's gives other pixels in the browser for other ratios.
"""

from __future__ import annotations

import pygame

from game.content.sprites import SPRITES
from game.paths import asset
from game.render import scaling
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
        self._png: dict[str, pygame.Surface] = {}  # the pictures as loaded, for other sizes
        self.missing: list[str] = []
        for name in SPRITES:
            png = self._png[name] = self._load(name)
            image = self._at_tile(png)
            self._add(name, image)
            if name.startswith("door_"):
                self._png[name + "_w"] = pygame.transform.rotate(png, 90)
                self._add(name + "_w", pygame.transform.rotate(image, 90))

    def _load(self, name: str) -> pygame.Surface:
        path = asset("sprites", f"{name}.png")
        try:
            image = pygame.image.load(str(path))
            return image.convert_alpha() if pygame.display.get_surface() else image
        except (pygame.error, FileNotFoundError, OSError):
            self.missing.append(name)
            image = pygame.Surface((self.tile, self.tile), pygame.SRCALPHA)
            image.fill((255, 0, 255, 160))
            return image

    def _at_tile(self, png: pygame.Surface) -> pygame.Surface:
        size = (self.tile, self.tile)
        if png.get_size() == size:
            return png
        if png.get_size() == (2 * self.tile, 2 * self.tile):
            return pygame.transform.smoothscale(png, size)  # exactly 2:1, the same pixels everywhere
        return scaling.smoothscale(png, size)

    def _add(self, name: str, image: pygame.Surface) -> None:
        self._lit[name] = image
        dim = image.copy()
        dim.fill((*DIM_MULTIPLY, 255), special_flags=pygame.BLEND_RGBA_MULT)
        self._dim[name] = dim

    def get(self, name: str) -> pygame.Surface:
        return self._lit[name]

    def icon(self, name: str, size: int) -> pygame.Surface:
        """The sprite at another size (HUD icons, the trophy), cached: made from the PNG, not
        from the tile, so a 20-pixel icon shows what 48 pixels have and 24 lost."""
        key = f"{name}@{size}"
        if key not in self._lit:
            self._lit[key] = scaling.smoothscale(self._png.get(name, self._lit[name]), (size, size))
        return self._lit[key]

    def has_icon(self, name: str, size: int) -> bool:
        """Whether ``icon(name, size)`` is made (a copy, not a scaling)."""
        return f"{name}@{size}" in self._lit

    def dim(self, name: str) -> pygame.Surface:
        return self._dim[name]

    def __contains__(self, name: str) -> bool:
        return name in self._lit
