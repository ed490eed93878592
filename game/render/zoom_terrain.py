"""The terrain on the zoomed map (``o``, REN-5, REN-7), in simple colours a few pixels wide can
carry: deep water blue, a chasm black crossed by a pale hatch (never taken for the unexplored
dark), fire a flame mark, gas a wash of its colour; and their lines in the legend.

Water and chasms are painted into the scaled picture when it is made (it is kept until the
floor's picture changes); fire and gas are drawn each time the zoomed map is, on tiles in sight.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.map.ground import Ground
from game.render import palette
from game.render import zoom_marks as zm
from game.render.terrain_layer import FLAME, FLAME_CORE, GAS_COLOURS

if TYPE_CHECKING:
    from game.world.floor import Floor

WATER: zm.Colour = (40, 92, 176)
CHASM: zm.Colour = (4, 4, 6)
HATCH: zm.Colour = (150, 142, 128)
PAINTED_BELOW = 16
"""Tiles of the zoomed map smaller than this many pixels get their water and chasms painted plain."""
_WASH: dict[tuple[int, str], pygame.Surface] = {}
"""A zoomed tile's wash of each gas, by its size: made once."""


def _dim(colour: zm.Colour) -> zm.Colour:
    return (colour[0] * palette.DIM_MULTIPLY[0] // 255, colour[1] * palette.DIM_MULTIPLY[1] // 255,
            colour[2] * palette.DIM_MULTIPLY[2] // 255)


def chasm(surface: pygame.Surface, centre: zm.Point, size: float) -> None:
    """A chasm's square: black, hatched."""
    box = pygame.Rect(0, 0, round(size), round(size))
    box.center = (round(centre[0]), round(centre[1]))
    surface.fill(CHASM, box)
    pygame.draw.line(surface, HATCH, box.bottomleft, box.topright)


def flame(surface: pygame.Surface, centre: zm.Point, size: float) -> None:
    """Fire: a flame's point, orange round a yellow core, with the marks' dark outline."""
    half = max(3.0, size * 0.5)
    x, y = centre
    outer = [(x - half, y + half), (x, y - half), (x + half, y + half)]
    pygame.draw.polygon(surface, zm.EDGE, [(x - half - 1.5, y + half + 1), (x, y - half - 2), (x + half + 1.5, y + half + 1)])
    pygame.draw.polygon(surface, FLAME, outer)
    pygame.draw.polygon(surface, FLAME_CORE, [(x - half * 0.4, y + half), (x, y), (x + half * 0.4, y + half)])


def _ground(floor: Floor) -> np.ndarray | None:
    return floor.level.ground if floor.terrain is None else floor.terrain.ground


def legend(floor: Floor) -> list[zm.Entry]:
    """The legend's lines for the terrain the player knows of on this floor."""
    ground = _ground(floor)
    entries = []
    if ground is not None:
        known = _known(floor)
        if (known & (ground == Ground.WATER)).any():
            entries.append(zm.Entry("Deep water", zm.area(WATER)))
        if (known & (ground == Ground.CHASM)).any():
            entries.append(zm.Entry("Chasm", chasm))
    terrain = floor.terrain
    if terrain is not None and (terrain.fire > 0).any():
        entries.append(zm.Entry("Fire", flame))
    if terrain is not None and terrain.gas_kind in GAS_COLOURS and (terrain.gas > 0).any():
        entries.append(zm.Entry(f"{terrain.gas_kind.capitalize()} gas", zm.area(GAS_COLOURS[terrain.gas_kind])))
    return entries


def _known(floor: Floor) -> np.ndarray:
    rooms = floor.map.rooms
    if floor.seen_tiles is not None:
        return floor.seen_tiles & (rooms >= 0)
    return (rooms >= 0) & floor.seen_rooms[np.maximum(rooms, 0)]


def _lit(floor: Floor) -> np.ndarray:
    if floor.lit is not None:
        return floor.lit
    return np.isin(floor.map.rooms, floor.visible)


def paint(picture: pygame.Surface, floor: Floor, origin: tuple[int, int], scale: float) -> None:
    """Water and chasms into ``picture``, the scaled floor whose tile ``(0, 0)`` would sit at
    ``origin`` (pixels, negative when cropped) at ``scale`` pixels a tile; remembered tiles dim.
    Only where tiles are small (``PAINTED_BELOW``; larger, their own pictures read), and inside
    each tile, clear of the walls on its edges."""
    ground = _ground(floor)
    if ground is None or scale >= PAINTED_BELOW:
        return
    inset = max(1, round(scale * 0.12))
    known, lit = _known(floor), _lit(floor)
    for code in (Ground.WATER, Ground.CHASM):
        ys, xs = np.nonzero(known & (ground == code))
        for x, y in zip(xs.tolist(), ys.tolist()):
            left, top = round(origin[0] + x * scale), round(origin[1] + y * scale)
            box = pygame.Rect(left, top, round(origin[0] + (x + 1) * scale) - left,
                              round(origin[1] + (y + 1) * scale) - top).inflate(-inset, -inset)
            if code == Ground.WATER:
                picture.fill(WATER if lit[y, x] else _dim(WATER), box)
            else:
                picture.fill(CHASM, box)
                if (x + y) % 2 == 0:
                    pygame.draw.line(picture, HATCH if lit[y, x] else _dim(HATCH), box.bottomleft, box.topright)


def marks(surface: pygame.Surface, floor: Floor, ox: float, oy: float, tile: float) -> None:
    """Fire and gas on the tiles in sight, over the zoomed floor drawn at ``(ox, oy)``, ``tile`` a tile."""
    terrain = floor.terrain
    if terrain is None:
        return
    lit = _lit(floor)
    if terrain.gas_kind in GAS_COLOURS:
        ys, xs = np.nonzero((terrain.gas > 0) & lit)
        if xs.size:
            side = max(1, round(tile))
            wash = _WASH.get((side, terrain.gas_kind))
            if wash is None:
                wash = _WASH[(side, terrain.gas_kind)] = pygame.Surface((side, side), pygame.SRCALPHA)
                wash.fill((*GAS_COLOURS[terrain.gas_kind], 120))
            surface.fblits([(wash, (round(ox + x * tile), round(oy + y * tile))) for x, y in zip(xs.tolist(), ys.tolist())])
    ys, xs = np.nonzero((terrain.fire > 0) & lit)
    for x, y in zip(xs.tolist(), ys.tolist()):
        flame(surface, (ox + (x + 0.5) * tile, oy + (y + 0.5) * tile), min(max(6.0, tile * 0.8), 16.0))
