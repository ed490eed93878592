"""The camera: world tiles <-> screen pixels (SPEC REN-3).

A camera looks at a point of the world (in tile units, floats) and puts it at the
centre of its view rectangle. ``world_to_screen`` and ``screen_to_world`` are
exact inverses, and both drawing and mouse input use them. Pure: no pygame.
The play view centres it on the player's drawn position, which slides between tiles
(``anim.Motion``) unless motion is reduced (``motion.reduced``): then the camera jumps.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Camera:
    centre_x: float  # world point (tile units) shown at the view's centre
    centre_y: float
    view_x: int  # view rectangle on screen, pixels
    view_y: int
    view_w: int
    view_h: int
    tile: int

    @classmethod
    def following(cls, x: float, y: float, view: tuple[int, int, int, int], tile: int) -> Camera:
        """A camera centred on the middle of tile ``(x, y)`` (fractional while sliding)."""
        return cls(x + 0.5, y + 0.5, *view, tile)

    def world_to_screen(self, wx: float, wy: float) -> tuple[float, float]:
        """Screen pixel of a world point; for a tile corner pass integer coordinates."""
        return (
            self.view_x + self.view_w / 2 + (wx - self.centre_x) * self.tile,
            self.view_y + self.view_h / 2 + (wy - self.centre_y) * self.tile,
        )

    def screen_to_world(self, sx: float, sy: float) -> tuple[float, float]:
        """World point under a screen pixel (the inverse of ``world_to_screen``)."""
        return (
            self.centre_x + (sx - self.view_x - self.view_w / 2) / self.tile,
            self.centre_y + (sy - self.view_y - self.view_h / 2) / self.tile,
        )

    def tile_at(self, sx: float, sy: float) -> tuple[int, int]:
        """The tile under a screen pixel."""
        wx, wy = self.screen_to_world(sx, sy)
        return math.floor(wx), math.floor(wy)

    def tile_origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of tile ``(x, y)``, rounded consistently for blitting."""
        sx, sy = self.world_to_screen(x, y)
        return math.floor(sx + 0.5), math.floor(sy + 0.5)

    def shows(self, x: int, y: int) -> bool:
        """Whether tile ``(x, y)`` lies wholly within the view.

        >>> camera = Camera.following(10, 10, (0, 0, 240, 120), 24)  # 10x5 tiles, the player's in the middle
        >>> camera.shows(14, 10), camera.shows(15, 10), camera.shows(10, 8), camera.shows(10, 7)
        (True, False, True, False)
        """
        left, top = self.world_to_screen(x, y)
        right, bottom = self.world_to_screen(x + 1, y + 1)
        return (self.view_x <= left and right <= self.view_x + self.view_w
                and self.view_y <= top and bottom <= self.view_y + self.view_h)

    def visible_tiles(self) -> tuple[int, int, int, int]:
        """Tile range ``(x0, y0, x1, y1)`` (exclusive ends) that touches the view."""
        x0, y0 = self.screen_to_world(self.view_x, self.view_y)
        x1, y1 = self.screen_to_world(self.view_x + self.view_w, self.view_y + self.view_h)
        return math.floor(x0), math.floor(y0), math.ceil(x1), math.ceil(y1)
