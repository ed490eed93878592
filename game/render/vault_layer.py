"""A trap vault's Minesweeper field, drawn over its floor (SPEC VLT-3).

Cells not revealed yet are raised, lighter tiles; revealed cells are the bare floor
with their number in Minesweeper's colours (none for a 0); a trap that went off
shows its sprite. The field is painted into the floor's pictures (a painter of the floor
layer) and only the cells whose state changed are painted again, so a frame costs nothing. The player's sprite hides the number of
the cell they stand on, so it is drawn again as a badge at the sprite's corner (``draw_own_cell``,
TRU-5). A laser vault's beams (``draw_lasers``, VLT-7) and a watcher's gaze (``draw_gazes``, VLT-8) are
drawn over the field each frame.
"""

from __future__ import annotations

import numpy as np
import pygame

from typing import TYPE_CHECKING

from game.render import palette, text
from game.render.gaze_marks import draw_gazes
from game.render.laser_marks import draw_lasers
from game.render.sprites import SpriteBank

if TYPE_CHECKING:
    from game.world.floor import Floor

HIDDEN = (196, 186, 164, 92)
HIGHLIGHT = (236, 228, 210, 120)
SHADOW = (20, 18, 24, 110)

UNKNOWN, SHOWN, SPRUNG = 0, 1, 2


class VaultLayer:
    """The field of one vault at one tile size, painted into the floor's pictures (``paint``, a
    painter of ``game.render.floor_layer.FloorLayer``): a frame draws only the beams and gazes."""

    def __init__(self, shape: np.ndarray, numbers: np.ndarray, rooms: np.ndarray, tile: int,
                 sprites: SpriteBank) -> None:
        self.shape = shape
        self.numbers = numbers
        self.rooms = rooms
        self.tile = tile
        self.sprites = sprites
        self.state = np.full(shape.shape, -1, dtype=np.int8)
        self.version = 0  # bumped whenever the field changes
        self._hidden = _hidden_tile(tile)
        self._colours = -1  # the palette generation the digits were drawn in
        self._badges: dict[int, pygame.Surface] = {}  # by count, in the palette of ``_colours``

    def update(self, revealed: np.ndarray, sprung: np.ndarray) -> list[tuple[int, tuple[int, int, int, int]]]:
        """The field as it is now; returns what to paint again, ``(room, (x0, y0, x1, y1))``: per room
        the box round the cells whose state changed (all of them when the palette changed: Minesweeper's colours,
        brightened for a dark floor, or the colour-blind set)."""
        if self._colours != palette.generation:
            self._colours = palette.generation
            size = max(12, self.tile - 4)
            self._digits = {n: text.render(str(n), size, colour) for n, colour in palette.VAULT_NUMBERS.items()}
            self._badges.clear()
            self.state[:] = -1
        wanted = np.where(sprung, SPRUNG, np.where(revealed, SHOWN, UNKNOWN)).astype(np.int8)
        wanted[~self.shape] = -1
        ys, xs = np.nonzero(wanted != self.state)
        self.state = wanted
        if xs.size:
            self.version += 1
        areas: dict[int, tuple[int, int, int, int]] = {}  # per room, the box round its changed cells
        for room, x, y in zip(self.rooms[ys, xs].tolist(), xs.tolist(), ys.tolist()):
            x0, y0, x1, y1 = areas.get(room, (x, y, x + 1, y + 1))
            areas[room] = (min(x0, x), min(y0, y), max(x1, x + 1), max(y1, y + 1))
        return sorted(areas.items())

    def paint(self, lit: pygame.Surface, room: int) -> None:
        """The cells of ``room`` within ``lit``'s clip, over its floor (a painter of the floor layer)."""
        tile = self.tile
        clip = lit.get_clip()
        x0, y0 = clip.x // tile, clip.y // tile
        x1, y1 = -(-clip.right // tile), -(-clip.bottom // tile)
        mine = (self.rooms[y0:y1, x0:x1] == room) & (self.state[y0:y1, x0:x1] >= 0)
        for y, x in zip(*(a.tolist() for a in np.nonzero(mine))):
            x, y = x + x0, y + y0
            rect = pygame.Rect(x * tile, y * tile, tile, tile)
            state = int(self.state[y, x])
            if state == UNKNOWN:
                lit.blit(self._hidden, rect)
            elif state == SPRUNG:
                lit.blit(self.sprites.get("trap"), rect)
            elif self.numbers[y, x] > 0:
                digit = self._digits[int(self.numbers[y, x])]
                lit.blit(digit, digit.get_rect(center=rect.center))

    def draw(self, surface: pygame.Surface, origin: tuple[int, int], floor: Floor, turn: int) -> None:
        """The beams and gazes over the field, with tile (0, 0) at ``origin``."""
        draw_gazes(surface, origin, self.tile, floor)
        if floor.level.vault is not None and floor.level.vault.lasers and floor.vault_state is not None:
            draw_lasers(surface, origin, self.tile, floor.level.vault, floor.vault_state, turn)

    def draw_own_cell(self, surface: pygame.Surface, pos: tuple[int, int], at: tuple[int, int]) -> None:
        """The number of the revealed cell ``pos`` (where the player stands) as a badge over the top
        right corner of the sprite drawn at ``at``: the digit in its colour (a 0 in dim text) on a
        dark disc ringed in that colour."""
        x, y = pos
        if not (0 <= y < self.state.shape[0] and 0 <= x < self.state.shape[1]) or self.state[y, x] != SHOWN:
            return
        count = int(self.numbers[y, x])
        badge = self._badges.get(count)
        if badge is None:
            badge = self._badges[count] = _badge(count, self.tile)
        surface.blit(badge, (at[0] + self.tile - badge.get_width() + 3, at[1] - 3))


def _badge(count: int, tile: int) -> pygame.Surface:
    colour = palette.VAULT_NUMBERS.get(count, palette.TEXT_DIM)
    digit = text.render(str(count), max(13, tile // 2 + 4), colour)
    side = max(digit.get_height(), digit.get_width() + 6) + 2
    picture = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side / 2)
    pygame.draw.circle(picture, palette.BACKGROUND, centre, side / 2)
    pygame.draw.circle(picture, colour, centre, side / 2, 1)
    picture.blit(digit, digit.get_rect(center=(round(side / 2), round(side / 2))))
    return picture


def _hidden_tile(tile: int) -> pygame.Surface:
    """A raised, lighter tile: Minesweeper's unopened cell."""
    picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
    picture.fill(HIDDEN, (2, 2, tile - 4, tile - 4))
    pygame.draw.line(picture, HIGHLIGHT, (2, 2), (tile - 3, 2))
    pygame.draw.line(picture, HIGHLIGHT, (2, 2), (2, tile - 3))
    pygame.draw.line(picture, SHADOW, (3, tile - 3), (tile - 3, tile - 3))
    pygame.draw.line(picture, SHADOW, (tile - 3, 3), (tile - 3, tile - 3))
    return picture
