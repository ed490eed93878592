"""The island's picture, drawn in chunks as the camera needs them (SPEC REN-1, OVW).

A 200x150 island at 24 pixels a tile would be a 69 MB surface, too much for the
browser, so the static picture is cut into 16x16-tile chunks rendered on first
sight and kept in a small least-recently-used cache. A chunk holds terrain
colours (with a little per-tile variation), terrain glyphs (trees, hills, peaks,
waves), the coastline and the region borders. Gates, entrances and names are
drawn over it every frame by the view.
"""

from __future__ import annotations

from collections import OrderedDict

import numpy as np
import pygame

from game.mapgen import landmass as lm
from game.render import palette, scaling, sight_shade, surfaces
from game.render.camera import Camera
from game.render.sprites import SpriteBank
from game.rng import derive_seed
from game.map.edges import Edge
from game.map.level import Level

CHUNK = 16
CACHE_CHUNKS = 48
TERRAIN_COLOURS = np.array([(28, 58, 104), (52, 108, 160), (222, 206, 148), (118, 166, 82), (62, 118, 66),
                            (138, 126, 92), (178, 174, 168)], dtype=np.int16)
GLYPHS = {lm.FOREST: ("tree", 0.45), lm.HILLS: ("hills", 0.35), lm.MOUNTAIN: ("mountain", 0.6),
          lm.DEEP: ("waves", 0.06), lm.PLAINS: ("grass", 0.1)}
BORDER = (36, 28, 24)
FOAM = (200, 220, 235)


class OverworldLayer:
    def __init__(self, level: Level, tile: int, sprites: SpriteBank, cosmetic_seed: int = 0) -> None:
        assert level.terrain is not None
        self.level = level
        self.tile = tile
        self.sprites = sprites
        self.terrain = level.terrain
        height, width = self.terrain.shape
        rng = np.random.Generator(np.random.PCG64(derive_seed(cosmetic_seed, "island-look")))
        wobble = rng.integers(-6, 7, size=(height, width, 1))
        self.colours = np.clip(TERRAIN_COLOURS[self.terrain] + wobble, 0, 255).astype(np.uint8)
        self.glyph_roll = rng.random((height, width))
        self.land = self.terrain >= lm.BEACH
        self._chunks: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self.version = 0
        self._seen: np.ndarray | None = None  # sight by the tile: what the player has seen, and sees now
        self._lit: np.ndarray | None = None
        self._states: np.ndarray | None = None
        self._shaded: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()  # chunks as seen

    def set_sight(self, seen: np.ndarray, lit: np.ndarray) -> None:
        """Sight by the tile (``game.render.sight_shade``): land in sight lit, land seen dim, the
        rest unexplored (dark); the chunks whose tiles changed are shaded again when next drawn."""
        states = sight_shade.tile_states(seen, lit)
        if self._states is not None:
            changed = sight_shade.changed_blocks(self._states, states)  # blocks of BLOCK tiles
            per = CHUNK // sight_shade.BLOCK
            for key in {(bx // per, by // per) for bx, by in changed}:
                self._shaded.pop(key, None)
            if changed:
                self.version += 1
        self._seen, self._lit, self._states = seen.copy(), lit.copy(), states

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        for cx, cy in self.chunks_in_view(camera):
            picture = self.chunk(cx, cy) if self._states is None else self.shaded(cx, cy)
            surface.blit(picture, camera.tile_origin(cx * CHUNK, cy * CHUNK))

    def shaded(self, cx: int, cy: int) -> pygame.Surface:
        """A chunk as the player knows it (sight by the tile), made when its tiles change; before
        ``set_sight``, the chunk as drawn."""
        if self._seen is None or self._lit is None:
            return self.chunk(cx, cy)
        key = (cx, cy)
        picture = self._shaded.get(key)
        if picture is None:
            lit_picture = self.chunk(cx, cy)
            dim = lit_picture.copy()
            dim.fill(palette.DIM_MULTIPLY, special_flags=pygame.BLEND_RGB_MULT)
            picture = lit_picture.copy()
            height, width = self.terrain.shape
            box = pygame.Rect(cx * CHUNK, cy * CHUNK, min(CHUNK, width - cx * CHUNK), min(CHUNK, height - cy * CHUNK))
            seen, lit = sight_shade.area_masks(self._seen, self._lit, box)
            t = self.tile
            sight_shade.compose_block(picture, (0, 0), lit_picture, dim, pygame.Rect(0, 0, box.w * t, box.h * t), seen,
                                      lit, t)
            self._shaded[key] = picture
            if len(self._shaded) > CACHE_CHUNKS:
                self._shaded.popitem(last=False)
        else:
            self._shaded.move_to_end(key)
        return picture

    def chunks_in_view(self, camera: Camera) -> list[tuple[int, int]]:
        """The chunks (column, row) the camera shows."""
        x0, y0, x1, y1 = camera.visible_tiles()
        height, width = self.terrain.shape
        return [(cx, cy) for cy in range(max(0, y0 // CHUNK), min((height - 1) // CHUNK, y1 // CHUNK) + 1)
                for cx in range(max(0, x0 // CHUNK), min((width - 1) // CHUNK, x1 // CHUNK) + 1)]

    def chunk(self, cx: int, cy: int) -> pygame.Surface:
        """The picture of one chunk, drawn on first use and cached."""
        key = (cx, cy)
        chunk = self._chunks.get(key)
        if chunk is None:
            chunk = self._render(cx, cy)
            self._chunks[key] = chunk
            if len(self._chunks) > CACHE_CHUNKS:
                self._chunks.popitem(last=False)
        else:
            self._chunks.move_to_end(key)
        return chunk

    def _render(self, cx: int, cy: int) -> pygame.Surface:
        tile = self.tile
        ys = slice(cy * CHUNK, (cy + 1) * CHUNK)
        xs = slice(cx * CHUNK, (cx + 1) * CHUNK)
        colours = self.colours[ys, xs]
        small = surfaces.from_rgb(np.ascontiguousarray(colours.transpose(1, 0, 2)))
        h, w = colours.shape[:2]
        surface = pygame.transform.scale(small, (w * tile, h * tile))
        terrain = self.terrain[ys, xs]
        rolls = self.glyph_roll[ys, xs]
        for code, (name, chance) in GLYPHS.items():
            sprite = self.sprites.get(name)
            gy, gx = np.nonzero((terrain == code) & (rolls < chance))
            surface.fblits([(sprite, (x * tile, y * tile)) for x, y in zip(gx.tolist(), gy.tolist())])
        self._draw_lines(surface, cx * CHUNK, cy * CHUNK, w, h)
        return surface

    def _draw_lines(self, surface: pygame.Surface, ox: int, oy: int, w: int, h: int) -> None:
        """Coastline foam between land and water; region borders (walls) as dark lines."""
        tile = self.tile
        ys, xs = slice(oy, oy + h), slice(ox, ox + w)
        land = self.land
        north = self.level.map.north[ys, xs] == Edge.WALL
        west = self.level.map.west[ys, xs] == Edge.WALL
        foam_north = np.zeros((h, w), dtype=bool)  # land on one side of the tile's north edge only
        top = max(oy, 1)
        foam_north[top - oy:] = land[top:oy + h, xs] != land[top - 1:oy + h - 1, xs]
        foam_west = np.zeros((h, w), dtype=bool)
        first = max(ox, 1)
        foam_west[:, first - ox:] = land[ys, first:ox + w] != land[ys, first - 1:ox + w - 1]
        for mask, colour, rect in ((foam_north, FOAM, (0, 0, tile, 1)), (foam_west, FOAM, (0, 0, 1, tile)),
                                   (north, BORDER, (0, -1, tile, 3)), (west, BORDER, (-1, 0, 3, tile))):
            dx, dy, rw, rh = rect
            for y, x in zip(*(a.tolist() for a in np.nonzero(mask))):
                surface.fill(colour, (x * tile + dx, y * tile + dy, rw, rh))

    def zoomed(self, size: tuple[int, int]) -> pygame.Surface:
        """The whole island scaled to fit ``size`` (for the map view): a tile's colour becomes
        a block about four pixels wide (an area average, the same pixels in the browser)."""
        height, width = self.terrain.shape
        picture = self.colours.copy()
        borders = np.zeros((height, width), dtype=bool)
        borders[1:, :] |= self.level.map.north[1:height, :width] == Edge.WALL
        borders[:, 1:] |= self.level.map.west[:height, 1:width] == Edge.WALL
        picture[borders] = BORDER
        if self._seen is not None:  # sight by the tile: land not seen yet is unexplored
            picture[~self._seen] = palette.BACKGROUND
        small = surfaces.from_rgb(np.ascontiguousarray(picture.transpose(1, 0, 2)))
        scale = min(size[0] / width, size[1] / height)
        return scaling.smoothscale(small, (max(1, int(width * scale)), max(1, int(height * scale))))
