"""How each kind of ground looks (SPEC REN-7): one picture of a tile per kind, drawn into the
floor's cached picture over the floor's own colour.

Every kind reads by its shape, not its hue alone (a colour-blind player tells them apart):
grass is thin upright tufts, brush round dark clumps, deep water wavy lines on blue, a chasm a
black hole with a lit rim on each side toward solid ground, ash grey speckles, a bridge
planks with rails. Grass, brush and ash come in a few variants picked by the tile's place,
so a meadow does not look stamped. Pictures are made once per tile size (``SRCALPHA``, the
same format everywhere) and kept.
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.map.ground import Ground

Colour = tuple[int, int, int]
VARIANTS = 3

GRASS: Colour = (44, 78, 32)
GRASS_BLADE: Colour = (122, 174, 74)
BRUSH: Colour = (38, 54, 30)
BRUSH_LEAF: Colour = (68, 104, 50)
BRUSH_EDGE: Colour = (16, 24, 14)
WATER: Colour = (28, 60, 112)
WATER_WAVE: Colour = (96, 150, 214)
CHASM: Colour = (7, 7, 12)
CHASM_RIM: tuple[Colour, ...] = ((178, 170, 156), (112, 106, 98), (58, 55, 52), (28, 27, 28))
"""A chasm's edge toward solid ground, from the lip down into the dark: lit, then falling away
(never the solid band of a wall)."""
ASH: Colour = (92, 90, 88)
BRIDGE: Colour = (96, 66, 38)
BRIDGE_GAP: Colour = (44, 28, 14)
BRIDGE_RAIL: Colour = (138, 100, 58)
SHOWN: dict[int, Colour] = {Ground.GRASS: GRASS, Ground.BRUSH: BRUSH, Ground.WATER: WATER, Ground.CHASM: CHASM,
                            Ground.ASH: ASH, Ground.BRIDGE: BRIDGE}
"""Each kind's main colour: the zoomed map's legend swatches and marks."""

_STAMPS: dict[tuple[int, int, int], pygame.Surface] = {}
_RIMS: dict[tuple[int, int], pygame.Surface] = {}


def variant_of(x: int, y: int) -> int:
    """Which of the ``VARIANTS`` pictures the tile ``(x, y)`` shows (by its place: no hash, no clock)."""
    return (x * 7 + y * 13 + (x * y) % 5) % VARIANTS


def stamp(code: int, tile: int, variant: int = 0) -> pygame.Surface:
    """The picture of ground ``code`` on one tile (a bridge: ``variant`` 1 runs north-south)."""
    key = (code, tile, variant)
    picture = _STAMPS.get(key)
    if picture is None:
        picture = _STAMPS[key] = _draw(code, tile, variant)
    return picture


def rim(side: int, tile: int) -> pygame.Surface:
    """A chasm's lip along one side of its tile (0 north, 1 east, 2 south, 3 west), where the
    ground beside is solid: a ragged lit edge falling away into the dark (never the straight
    band of a wall)."""
    key = (side, tile)
    picture = _RIMS.get(key)
    if picture is None:
        top = pygame.Surface((tile, tile), pygame.SRCALPHA)
        lip, rock, shade = CHASM_RIM[0], CHASM_RIM[1], CHASM_RIM[2:]
        period, teeth = max(4, tile // 4), max(2, tile // 7)
        for x in range(tile):
            tooth = abs((x % period) - period / 2) / (period / 2)  # 1 at a tooth's root, 0 at its point
            depth = 1 + round(teeth * (1 - tooth))
            top.fill((*lip, 255), (x, 0, 1, 1))
            top.fill((*rock, 255), (x, 1, 1, depth))
            for step, colour in enumerate(shade):
                top.fill((*colour, 255), (x, 1 + depth + step, 1, 1))
        picture = _RIMS[key] = pygame.transform.rotate(top, -90 * side)
    return picture


def _rng(code: int, tile: int, variant: int) -> np.random.Generator:
    """The cosmetic stream of one picture: the same tufts and specks on every run and platform."""
    return np.random.Generator(np.random.PCG64(1000 * code + 10 * variant + tile))


def _draw(code: int, tile: int, variant: int) -> pygame.Surface:
    picture = pygame.Surface((tile, tile), pygame.SRCALPHA)
    rng = _rng(code, tile, variant)
    if code == Ground.GRASS:
        picture.fill((*GRASS, 150))
        _tufts(picture, rng, tile)
    elif code == Ground.BRUSH:
        picture.fill((*BRUSH, 190))
        _clumps(picture, rng, tile)
    elif code == Ground.WATER:
        picture.fill((*WATER, 250))
        _waves(picture, tile, variant)
    elif code == Ground.CHASM:
        picture.fill((*CHASM, 255))
    elif code == Ground.ASH:
        picture.fill((*ASH, 150))
        _specks(picture, rng, tile)
    elif code == Ground.BRIDGE:
        _planks(picture, tile, north_south=variant == 1)
    return picture


def _tufts(picture: pygame.Surface, rng: np.random.Generator, tile: int) -> None:
    """Grass: four or five tufts of three thin blades fanning upward."""
    width = 1 if tile < 32 else 2
    height = max(3, tile // 4)
    margin = max(2, tile // 8)
    for _ in range(int(rng.integers(4, 6))):
        x = int(rng.integers(margin + 2, tile - margin - 2))
        y = int(rng.integers(margin + height, tile - margin))
        for dx, lift in ((-2, 0), (0, 1), (2, 0)):
            pygame.draw.line(picture, (*GRASS_BLADE, 255), (x, y), (x + dx * max(1, tile // 16), y - height - lift),
                             width)


def _clumps(picture: pygame.Surface, rng: np.random.Generator, tile: int) -> None:
    """Brush: three round, dark-edged clumps of leaves."""
    radius = max(2, tile // 7)
    for _ in range(3):
        cx = int(rng.integers(radius + 2, tile - radius - 1))
        cy = int(rng.integers(radius + 2, tile - radius - 1))
        for ox, oy in ((-radius * 0.7, 0.0), (radius * 0.7, 0.0), (0.0, -radius * 0.7)):
            pygame.draw.circle(picture, (*BRUSH_EDGE, 255), (cx + ox, cy + oy), radius + 1)
        for ox, oy in ((-radius * 0.7, 0.0), (radius * 0.7, 0.0), (0.0, -radius * 0.7)):
            pygame.draw.circle(picture, (*BRUSH_LEAF, 255), (cx + ox, cy + oy), radius)
        pygame.draw.circle(picture, (104, 146, 76, 255), (cx - radius * 0.3, cy - radius), max(1, radius // 3))


def _waves(picture: pygame.Surface, tile: int, variant: int) -> None:
    """Deep water: two rows of gentle waves, their phase shifted by the variant."""
    amplitude = max(1.0, tile / 16)
    for row in (0.33, 0.72):
        y0 = tile * row
        points = [(x, y0 + amplitude * math.sin((x / tile + variant / VARIANTS + row) * 2 * math.pi * 1.5))
                  for x in range(1, tile - 1)]
        pygame.draw.lines(picture, (*WATER_WAVE, 255), False, points, 1 if tile < 32 else 2)


def _specks(picture: pygame.Surface, rng: np.random.Generator, tile: int) -> None:
    """Ash: dark and pale specks scattered over grey."""
    size = 1 if tile < 24 else 2
    for i in range(max(8, tile // 2)):
        x, y = (int(v) for v in rng.integers(1, tile - size, size=2))
        colour = (44, 42, 42, 255) if i % 2 else (168, 164, 156, 255)
        picture.fill(colour, (x, y, size, size))


def _planks(picture: pygame.Surface, tile: int, north_south: bool) -> None:
    """A bridge: planks laid across the way it runs, a rail along each side."""
    picture.fill((*BRIDGE, 255))
    step = max(3, tile // 4)
    rail = max(2, tile // 10)
    for at in range(step, tile, step):
        gap = (0, at, tile, 1) if north_south else (at, 0, 1, tile)
        picture.fill((*BRIDGE_GAP, 255), gap)
    rails = ((0, 0, rail, tile), (tile - rail, 0, rail, tile)) if north_south else \
        ((0, 0, tile, rail), (0, tile - rail, tile, rail))
    for rect in rails:
        picture.fill((*BRIDGE_RAIL, 255), rect)


def pieces(ground: np.ndarray, xs: np.ndarray, ys: np.ndarray, tile: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """The pictures of the tiles ``(xs, ys)`` of ``ground`` (``[y, x]`` codes), ready for
    ``fblits``: each tile's own, then a chasm's rims toward the ground beside it that is not a chasm."""
    out: list[tuple[pygame.Surface, tuple[int, int]]] = []
    height, width = ground.shape
    for x, y in zip(xs.tolist(), ys.tolist()):
        code = int(ground[y, x])
        if code == Ground.FLOOR:
            continue
        at = (x * tile, y * tile)
        if code == Ground.BRIDGE:
            def bridge(px: int, py: int) -> bool:
                return 0 <= px < width and 0 <= py < height and ground[py, px] == Ground.BRIDGE
            runs_ns = (bridge(x, y - 1) or bridge(x, y + 1)) and not (bridge(x - 1, y) or bridge(x + 1, y))
            out.append((stamp(code, tile, int(runs_ns)), at))
            continue
        out.append((stamp(code, tile, variant_of(x, y) if code != Ground.CHASM else 0), at))
        if code == Ground.CHASM:
            for side, (dx, dy) in enumerate(((0, -1), (1, 0), (0, 1), (-1, 0))):
                nx, ny = x + dx, y + dy
                if 0 <= nx < width and 0 <= ny < height and ground[ny, nx] != Ground.CHASM:
                    out.append((rim(side, tile), at))
    return out


class GroundTiles:
    """A floor's ground as its cached picture shows it: the pictures of one room's tiles, and
    which tiles to draw again when the ground changes (grass burnt to ash)."""

    def __init__(self, ground: np.ndarray | None, rooms: np.ndarray, tile: int) -> None:
        self.rooms = rooms
        self.tile = tile
        self.ground = np.zeros(rooms.shape, dtype=np.uint8) if ground is None else ground.copy()

    def pieces(self, room: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """What ``room``'s tiles show of their ground, for ``fblits`` into the floor's picture."""
        ys, xs = np.nonzero((self.rooms == room) & (self.ground != Ground.FLOOR))
        return pieces(self.ground, xs, ys, self.tile) if xs.size else []

    def changed(self, ground: np.ndarray) -> list[tuple[int, tuple[int, int, int, int]]]:
        """Take ``ground`` as the floor's now; the rooms to draw again and, for each, the tiles
        ``(x0, y0, x1, y1)`` (ends excluded): those whose ground changed and those beside them
        (a chasm's rim follows its neighbours)."""
        if np.array_equal(ground, self.ground):
            return []
        diff = ground != self.ground
        grown = diff.copy()
        grown[1:] |= diff[:-1]
        grown[:-1] |= diff[1:]
        grown[:, 1:] |= diff[:, :-1]
        grown[:, :-1] |= diff[:, 1:]
        self.ground = ground.copy()
        found = []
        for room in np.unique(self.rooms[grown & (self.rooms >= 0)]).tolist():
            ys, xs = np.nonzero(grown & (self.rooms == room))
            found.append((room, (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)))
        return found
