"""The static picture of a floor, drawn once and reused every frame (SPEC PERF-1).

Two full-floor pictures are drawn when a floor is first shown: ``lit`` (floors and
thin walls in full colour) and ``dim`` (the same, darker and bluer, for
remembered rooms). Each room owns the pixels of its own tiles, and a wall is drawn
as a band on the inner side of each room it bounds, so two rooms that are both
known show the full wall while a room seen alone shows its own side of it.

``composed`` is what the map looks like now: unknown rooms black, remembered rooms
dim, visible rooms lit. ``update`` re-blits only the rooms whose state changed,
from a precomputed list of rectangles per room (1 for a rectangular room, a few
for an L-shape). Doors, stairs and everything that moves are drawn on top each
frame by the view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pygame

from game.progress import Steps, finish
from game.render import palette, sight_shade, surfaces
from game.rng import derive_seed
from game.map.edges import Edge, IS_BARRIER
from game.map.floor_map import FloorMap
from game.map.shapes import room_pieces

UNKNOWN, REMEMBERED, VISIBLE = 0, 1, 2
_PATTERN_CACHE: dict[tuple[int, ...], pygame.Surface] = {}
Colour = tuple[int, int, int]


@dataclass
class Dressing:
    """What makes a floor more than rooms: special rooms' floor colours (room -> colour) and
    decorations and fixtures drawn into the floor picture (they never move or block)."""

    tints: dict[int, Colour] = field(default_factory=dict)
    decor: list[tuple[pygame.Surface, int, int]] = field(default_factory=list)


@dataclass
class FloorPictures:
    """The three full-floor surfaces a layer draws into: ``lit``, ``dim`` and ``composed``.

    They are megabytes each, and allocating them costs more than drawing them, so
    the play view keeps one set and hands it from floor to floor (and the loading
    screen allocates it ahead, one surface a step).
    """

    lit: pygame.Surface
    dim: pygame.Surface
    composed: pygame.Surface

    @property
    def size(self) -> tuple[int, int]:
        return self.lit.get_size()

    @classmethod
    def allocate(cls, size: tuple[int, int]) -> FloorPictures:
        return finish(cls.allocate_steps(size))

    @classmethod
    def allocate_steps(cls, size: tuple[int, int]) -> Steps[FloorPictures]:
        pictures = []
        for _ in range(3):
            pictures.append(surfaces.opaque(size))
            yield "drawing"
        return cls(*pictures)


class FloorLayer:
    """Cached floor pictures for one floor at one tile size.

    A room is drawn into ``lit`` and ``dim`` the first time the player sees it (or a map shows
    it), not when the floor is entered: most rooms of a floor are never seen, and drawing
    the whole floor at once made the frame of a floor change the longest of the game (over
    50 ms in the browser). Each room owns the pixels of its tiles, so rooms drawn one by one
    in any order give the picture the whole floor drawn at once would.
    """

    def __init__(self, floor: FloorMap, tile: int, cosmetic_seed: int = 0,
                 pictures: FloorPictures | None = None, dressing: Dressing | None = None) -> None:
        """``pictures``: surfaces to draw into (from a layer no longer shown), if of the right size;
        ``dressing``: special rooms' floor colours and the decorations drawn into the floor."""
        self.floor = floor
        self.tile = tile
        self.size = (floor.width * tile, floor.height * tile)
        self.pictures = pictures if pictures is not None and pictures.size == self.size \
            else FloorPictures.allocate(self.size)
        self.lit, self.dim, self.composed = self.pictures.lit, self.pictures.dim, self.pictures.composed
        dressing = dressing or Dressing()
        self._colours = _room_colours(floor, cosmetic_seed, dressing.tints)
        self._walls = WallBands(floor, tile)
        self._decor: dict[int, list[tuple[pygame.Surface, tuple[int, int]]]] = {}
        for picture, x, y in dressing.decor:
            self._decor.setdefault(int(floor.rooms[y, x]), []).append((picture, (x * tile, y * tile)))
        self.composed.fill(palette.BACKGROUND)
        self.room_rects = [[pygame.Rect(x * tile, y * tile, w * tile, h * tile) for x, y, w, h in pieces]
                           for pieces in room_pieces(floor.rooms)]
        self.drawn = np.zeros(floor.room_count, dtype=bool)
        self.state = np.zeros(floor.room_count, dtype=np.int8)
        self.version = 0  # bumped whenever ``composed`` changes
        self.tiles: np.ndarray | None = None  # sight by the tile: each tile's state as ``composed`` shows it

    def update(self, seen_rooms: np.ndarray, visible_rooms: list[int]) -> None:
        """Bring ``composed`` up to date with what the player sees and remembers."""
        wanted = np.where(seen_rooms, REMEMBERED, UNKNOWN).astype(np.int8)
        wanted[visible_rooms] = VISIBLE
        changed = np.flatnonzero(wanted != self.state)
        for room in changed.tolist():
            state = int(wanted[room])
            if state != UNKNOWN and not self.drawn[room]:
                self._draw_room(room)
            source = {UNKNOWN: None, REMEMBERED: self.dim, VISIBLE: self.lit}[state]
            for rect in self.room_rects[room]:
                if source is None:
                    self.composed.fill(palette.BACKGROUND, rect)
                else:
                    self.composed.blit(source, rect, rect)
        if changed.size:
            self.state = wanted
            self.version += 1

    def update_tiles(self, seen_tiles: np.ndarray, lit: np.ndarray) -> None:
        """``update`` for a floor seen by the tile (``game.render.sight_shade``): tiles in sight
        lit with a soft edge, remembered tiles dim, the rest dark; only the blocks that changed."""
        rooms = self.floor.rooms
        on_floor = rooms >= 0
        seen, lit = seen_tiles & on_floor, lit & on_floor
        states = sight_shade.tile_states(seen, lit)
        blocks = sight_shade.changed_blocks(self.tiles, states)
        if not blocks:
            return
        for room in np.unique(rooms[seen]).tolist():
            if not self.drawn[room]:
                self._draw_room(room)
        tile = self.tile
        for bx, by in blocks:
            seen_block, lit_block, rect = sight_shade.block_masks(seen, lit, bx, by)
            source = pygame.Rect(rect.x * tile, rect.y * tile, rect.w * tile, rect.h * tile)
            sight_shade.compose_block(self.composed, source.topleft, self.lit, self.dim, source, seen_block,
                                      lit_block, tile)
        self.tiles = states
        self.version += 1

    def _draw_room(self, room: int) -> None:
        """Draw ``room`` into ``lit`` and ``dim``: its floor colour and bevel, its side of every
        wall, its decorations."""
        tile, lit = self.tile, self.lit
        pattern = tile_pattern(self.floor.width, self.floor.height, tile)
        for rect in self.room_rects[room]:
            lit.fill(self._colours[room], rect)
            lit.blit(pattern, rect, rect, special_flags=pygame.BLEND_RGB_MULT)
        for colour, band in self._walls.fills(room):
            lit.fill(colour, band)
        decor = self._decor.get(room)
        if decor:
            lit.fblits(decor)
        for rect in self.room_rects[room]:
            self.dim.blit(lit, rect, rect)
            self.dim.fill(palette.DIM_MULTIPLY, rect, special_flags=pygame.BLEND_RGB_MULT)
        self.drawn[room] = True


def _room_colours(floor: FloorMap, cosmetic_seed: int, special: dict[int, Colour] | None = None) -> list[Colour]:
    """Each room's floor colour: a tint of the floor's, or a special room's own colour."""
    count = max(floor.room_count, 1)
    rng = np.random.Generator(np.random.PCG64(derive_seed(cosmetic_seed, "floor-tint")))
    tints = rng.integers(-palette.FLOOR_TINT_RANGE, palette.FLOOR_TINT_RANGE + 1, size=(count, 1))
    base = np.array(palette.FLOOR, dtype=np.int16)
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


class WallBands:
    """Each room draws its side of every wall as a band inside its own tiles (with a thin
    shadow beside it), and closes the gap a wall leaves where it ends at a tile's corner.
    The walls are found for the whole floor at once (numpy); ``fills(room)`` gives one
    room's rectangles, in the order they are painted."""

    def __init__(self, floor: FloorMap, tile: int) -> None:
        self.rooms = floor.rooms
        band = max(2, tile // 10)
        shade = 1
        is_floor = floor.floor_mask()
        h, w = floor.height, floor.width
        barrier_n = IS_BARRIER[floor.north]
        barrier_w = IS_BARRIER[floor.west]
        hull_n = floor.north == Edge.HULL
        hull_w = floor.west == Edge.HULL
        sides = (
            # (wall on this side of tile, is hull, band rect in tile, shadow rect in tile)
            (barrier_n[:h, :w], hull_n[:h, :w], (0, 0, tile, band), (0, band, tile, shade)),
            (barrier_n[1 : h + 1, :w], hull_n[1 : h + 1, :w], (0, tile - band, tile, band),
             (0, tile - band - shade, tile, shade)),
            (barrier_w[:h, :w], hull_w[:h, :w], (0, 0, band, tile), (band, 0, shade, tile)),
            (barrier_w[:h, 1 : w + 1], hull_w[:h, 1 : w + 1], (tile - band, 0, band, tile),
             (tile - band - shade, 0, shade, tile)),
        )
        self.sides = []
        for wall, hull, band_rect, shadow_rect in sides:
            ys, xs = np.nonzero(wall & is_floor)
            self.sides.append((xs, ys, hull[ys, xs], band_rect, shadow_rect))
        self.corners = _wall_corners(floor, tile, band, is_floor, barrier_n, barrier_w)
        self.tile = tile

    def fills(self, room: int) -> list[tuple[Colour, tuple[int, int, int, int]]]:
        """``room``'s wall bands, shadows and corners: (colour, pixel rect), in painting order."""
        tile = self.tile
        found: list[tuple[Colour, tuple[int, int, int, int]]] = []
        for xs, ys, hull, (bx, by, bw, bh), (sx, sy, sw, sh) in self.sides:
            mine = self.rooms[ys, xs] == room
            for x, y, is_hull in zip(xs[mine].tolist(), ys[mine].tolist(), hull[mine].tolist()):
                ox, oy = x * tile, y * tile
                found.append((palette.WALL_SHADOW, (ox + sx, oy + sy, sw, sh)))
                found.append((palette.HULL if is_hull else palette.WALL, (ox + bx, oy + by, bw, bh)))
        for xs, ys, (px, py), size in self.corners:
            mine = self.rooms[ys, xs] == room
            found.extend((palette.WALL, (x * tile + px, y * tile + py, size, size))
                         for x, y in zip(xs[mine].tolist(), ys[mine].tolist()))
        return found


def _wall_corners(floor: FloorMap, tile: int, band: int, is_floor: np.ndarray, barrier_n: np.ndarray,
                  barrier_w: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, tuple[int, int], int]]:
    """The tiles where a wall ends at a corner (concave corners): (xs, ys, pixel offset in tile, size)."""
    h, w = floor.height, floor.width
    corner = np.zeros((h + 1, w + 1), dtype=bool)  # any barrier touches corner point [cy, cx]
    corner[:, 1:] |= barrier_n[:, :w]
    corner[:, :w] |= barrier_n[:, :w]
    corner[1:, :] |= barrier_w[:h, :]
    corner[:h, :] |= barrier_w[:h, :]
    own_n, own_s = barrier_n[:h, :w], barrier_n[1 : h + 1, :w]
    own_w, own_e = barrier_w[:h, :w], barrier_w[:h, 1 : w + 1]
    corners = (  # (corner dx, dy, pixel offset in tile, own edges that already cover it)
        (0, 0, (0, 0), own_n | own_w),
        (1, 0, (tile - band, 0), own_n | own_e),
        (0, 1, (0, tile - band), own_s | own_w),
        (1, 1, (tile - band, tile - band), own_s | own_e),
    )
    found = []
    for cdx, cdy, offset, covered in corners:
        ys, xs = np.nonzero(is_floor & corner[cdy : cdy + h, cdx : cdx + w] & ~covered)
        found.append((xs, ys, offset, band))
    return found
