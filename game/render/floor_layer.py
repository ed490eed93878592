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

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.content.specials import SPECIALS
from game.content.themes import THEMES
from game.progress import Steps, finish
from game.render import palette, sight_shade, surfaces
from game.render.floor_paint import room_colours, tile_pattern
from game.render.ground_look import GroundTiles
from game.render.wall_bands import WallBands
from game.map.floor_map import FloorMap
from game.map.shapes import room_pieces

if TYPE_CHECKING:
    from game.map.level import Level
    from game.render.sprites import SpriteBank
    from game.world.terrain import TerrainState

UNKNOWN, REMEMBERED, VISIBLE = 0, 1, 2
Colour = tuple[int, int, int]
Painter = Callable[[pygame.Surface, int], None]
"""``paint(picture, room)``: paints over ``room``'s floor in ``picture`` (``lit``, then ``dim``), within
the clip set on it."""


@dataclass
class Dressing:
    """What makes a floor more than rooms: special rooms' floor colours (room -> colour),
    decorations and fixtures drawn into the floor picture (they never move or block), its ground
    (``game.map.ground`` codes, ``[y, x]``; None: bare floor) and its region's floor and wall
    colours (a theme's, SPEC REN-7)."""

    tints: dict[int, Colour] = field(default_factory=dict)
    decor: list[tuple[pygame.Surface, int, int]] = field(default_factory=list)
    ground: np.ndarray | None = None
    floor: Colour = palette.FLOOR
    wall: Colour = palette.WALL

    @classmethod
    def of(cls, level: Level, terrain: TerrainState | None, sprites: SpriteBank) -> Dressing:
        """A level's: its special rooms' tints, its fixtures and decorations, its ground as it is
        now (``terrain``'s, else as made), its theme's colours (REN-7)."""
        theme = THEMES.get(level.theme)
        return cls({s.room: SPECIALS[s.kind].tint for s in level.specials},
                   [(sprites.get(f.kind), f.x, f.y) for f in level.features if f.kind in sprites],
                   level.ground if terrain is None else terrain.ground,
                   *((theme.floor, theme.wall) if theme is not None else ()))


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
    it), or before, one a frame in the frames that draw nothing (``draw_ahead``), not when the
    floor is entered: drawing the whole floor at once made the frame of a floor change the
    longest of the game (over 50 ms in the browser), and a room drawn when first seen made the
    longest frames of exploring on a phone. Each room owns the pixels of its tiles, so rooms
    drawn one by one in any order give the picture the whole floor drawn at once would.
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
        self._colours = room_colours(floor, cosmetic_seed, dressing.tints, dressing.floor)
        self._walls = WallBands(floor, tile, dressing.wall)
        self.ground = GroundTiles(dressing.ground, floor.rooms, tile)
        self._decor: dict[int, list[tuple[pygame.Surface, tuple[int, int]]]] = {}
        for picture, x, y in dressing.decor:
            self._decor.setdefault(int(floor.rooms[y, x]), []).append((picture, (x * tile, y * tile)))
        self.composed.fill(palette.BACKGROUND)
        self.room_rects = [[pygame.Rect(x * tile, y * tile, w * tile, h * tile) for x, y, w, h in pieces]
                           for pieces in room_pieces(floor.rooms)]
        self.drawn = np.zeros(floor.room_count, dtype=bool)
        self.room_tiles = np.bincount(floor.rooms[floor.rooms >= 0], minlength=floor.room_count)
        self.state = np.zeros(floor.room_count, dtype=np.int8)
        self.version = 0  # bumped whenever ``composed`` changes
        self.tiles: np.ndarray | None = None  # sight by the tile: each tile's state as ``composed`` shows it
        self._looks: np.ndarray | None = None  # and its look (``sight_shade.tile_looks``)
        self._wanted: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None  # seen, lit and looks now
        self.pending: np.ndarray | None = None  # the tiles whose look ``composed`` does not show yet
        self.painters: list[Painter] = []
        """What is painted over a room's floor into its pictures, as it is drawn: a vault's field, a
        deck's airless wash. Kept in the pictures, it costs a frame nothing (a full-floor picture
        with alpha laid over the map each frame cost 11-13 ms in the browser)."""

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

    def update_tiles(self, seen_tiles: np.ndarray, lit: np.ndarray, within: pygame.Rect | None = None) -> None:
        """``update`` for a floor seen by the tile (``game.render.sight_shade``): tiles in sight
        lit with a soft edge, remembered tiles dim, the rest dark; only the tiles whose look
        changed (their state, or which of their neighbours are in sight: their soft edge), and of
        those only the ones ``within`` (in tiles; None: all). The rest wait in ``pending`` for
        ``catch_up``: on a phone the view shows a part of what a turn changes, and composing costs
        the most of a turn's frame there."""
        on_floor = self.floor.rooms >= 0
        seen, lit = seen_tiles & on_floor, lit & on_floor
        looks = sight_shade.tile_looks(seen, lit)
        if self._looks is None:  # ``composed`` starts dark, as every tile unknown looks, unless rooms were composed
            fresh = not self.state.any()
            self._looks = np.zeros_like(looks) if fresh else np.full_like(looks, -1)
            self.tiles = np.zeros(looks.shape, dtype=np.int8)
        self._wanted = seen, lit, looks
        changed = looks != self._looks
        self.pending = changed if changed.any() else None
        self.catch_up(within)

    def catch_up(self, within: pygame.Rect | None = None) -> None:
        """Compose the ``pending`` tiles ``within`` (in tiles; None: all), as ``update_tiles`` would have."""
        if self.pending is None or self._wanted is None or self._looks is None or self.tiles is None:
            return
        todo = self.pending if within is None else _inside(self.pending, within)
        if todo is None:
            return
        seen, lit, looks = self._wanted
        for room in np.unique(self.floor.rooms[seen & todo]).tolist():  # (a tile composed before is in a room drawn)
            if not self.drawn[room]:
                self._draw_room(room)
        self._compose(sight_shade.bounding_box(todo), seen, lit, todo, looks // 3)
        self._looks[todo] = looks[todo]
        self.tiles[todo] = sight_shade.tile_states(seen, lit)[todo]
        left = self.pending & ~todo
        self.pending = left if left.any() else None
        self.version += 1

    def _compose(self, box: pygame.Rect, seen: np.ndarray, lit: np.ndarray, only: np.ndarray | None = None,
                 codes: np.ndarray | None = None) -> None:
        """Compose the tiles of ``box`` (in tiles) marked in ``only`` (``[h, w]``; None: all), in one go:
        in the browser each numpy call costs more than a block's pixels, and a block at a time made
        a turn's composing some 40 calls a block. ``codes``: every tile's neighbourhood code
        (``sight_shade.neighbourhoods``), if worked out."""
        tile = self.tile
        seen_box, lit_box = sight_shade.area_masks(seen, lit, box)
        source = pygame.Rect(box.x * tile, box.y * tile, box.w * tile, box.h * tile)
        area = (slice(box.y, box.bottom), slice(box.x, box.right))
        sight_shade.compose_block(self.composed, source.topleft, self.lit, self.dim, source, seen_box, lit_box, tile,
                                  only=None if only is None else only[area], codes=None if codes is None else codes[area])

    def set_ground(self, ground: np.ndarray) -> None:
        """The floor's ground as it is now (fire leaves ash): the tiles whose ground changed, and
        those beside them, drawn again in rooms already drawn, and ``composed`` brought along;
        a frame costs nothing more (SPEC PERF-1)."""
        for room, area in self.ground.changed(ground):
            self.redraw(room, area)

    def redraw(self, room: int, area: tuple[int, int, int, int] | None = None) -> None:
        """Draw again the tiles ``area`` (``x0, y0, x1, y1``; None: all) of ``room``, if it is
        drawn yet (else it is drawn as it is then, when first seen), and bring ``composed`` along:
        for what a painter paints over the floor, or the ground, having changed there."""
        if not self.drawn[room]:
            return
        tile = self.tile
        if area is None:
            pieces = self.room_rects[room]
            x0, y0 = min(r.x for r in pieces) // tile, min(r.y for r in pieces) // tile
            x1, y1 = max(r.right for r in pieces) // tile, max(r.bottom for r in pieces) // tile
        else:
            x0, y0, x1, y1 = area
        clip = pygame.Rect(x0 * tile, y0 * tile, (x1 - x0) * tile, (y1 - y0) * tile)
        self._draw_room(room, clip)
        if self._looks is not None and self._wanted is not None:  # by the tile: those tiles, as they look now
            self._looks[y0:y1, x0:x1] = -1
            self.pending = self._wanted[2] != self._looks
            self.catch_up(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
        elif self.state[room] != UNKNOWN:
            source = self.dim if self.state[room] == REMEMBERED else self.lit
            for rect in self.room_rects[room]:
                piece = rect.clip(clip)
                self.composed.blit(source, piece, piece)
        self.version += 1

    def draw_ahead(self, first: Callable[[], list[int]] | None = None, most_tiles: int | None = None) -> int:
        """Draw a room not drawn yet (unseen: ``composed`` does not show it), of ``first()`` (asked
        only while a room is left) if one of them is not, else the first, unless it has more than
        ``most_tiles`` tiles; how many it had (0: none drawn)."""
        waiting = np.flatnonzero(~self.drawn)
        if not waiting.size:
            return 0
        room = next((room for room in (first() if first else ()) if not self.drawn[room]), int(waiting[0]))
        tiles = int(self.room_tiles[room])
        if most_tiles is not None and tiles > most_tiles:
            return 0
        self._draw_room(room)
        return max(tiles, 1)

    def _draw_room(self, room: int, clip: pygame.Rect | None = None) -> None:
        """Draw ``room`` into ``lit`` and ``dim``: its floor colour and bevel, its ground, its side
        of every wall, its decorations (only within ``clip``, if given)."""
        tile, lit = self.tile, self.lit
        pattern = tile_pattern(self.floor.width, self.floor.height, tile)
        lit.set_clip(clip)
        for rect in self.room_rects[room]:
            lit.fill(self._colours[room], rect)
            lit.blit(pattern, rect, rect, special_flags=pygame.BLEND_RGB_MULT)
        lit.fblits(self.ground.pieces(room))
        for colour, band in self._walls.fills(room):
            lit.fill(colour, band)
        decor = self._decor.get(room)
        if decor:
            lit.fblits(decor)
        lit.set_clip(None)
        for rect in self.room_rects[room] if clip is None else [r.clip(clip) for r in self.room_rects[room]]:
            self.dim.blit(lit, rect, rect)
            self.dim.fill(palette.DIM_MULTIPLY, rect, special_flags=pygame.BLEND_RGB_MULT)
        for picture in (lit, self.dim) if self.painters else ():  # at full strength, remembered or in sight
            picture.set_clip(clip)
            for paint in self.painters:
                paint(picture, room)
            picture.set_clip(None)
        self.drawn[room] = True


def _inside(mask: np.ndarray, area: pygame.Rect) -> np.ndarray | None:
    """``mask``'s set tiles within ``area`` (in tiles; it may reach past the map); None when none
    is (the usual answer in a frame that only slides: found in one numpy call)."""
    h, w = mask.shape
    x0, y0, x1, y1 = max(0, area.x), max(0, area.y), min(w, area.right), min(h, area.bottom)
    if x0 >= x1 or y0 >= y1 or not mask[y0:y1, x0:x1].any():
        return None
    out = np.zeros_like(mask)
    out[y0:y1, x0:x1] = mask[y0:y1, x0:x1]
    return out
