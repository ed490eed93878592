"""A floor's doors, listed once (``Floor.doors``: the map's door marks and a deck's compartments
read it too), and which are in sight now (SPEC VIS-3: ``Floor.remember_doors``, ``Floor.door_seen``).

The list of doors and the tiles beside them is kept until a door is added or taken away
(burnt, say), not merely until one opens or shuts: a turn through a door changes the
floor's ``door_version`` but not where its doors are, and listing them again cost about
as much as the rest of that turn.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.map.edges import IS_DOOR
from game.map.floor_map import FloorMap

Door = tuple[int, int, int, int, int]
"""``(x, y, side, room, room)``: a door on the north (0) or west (1) edge of ``(x, y)`` and the
rooms on its two sides."""
Mask = npt.NDArray[np.bool_]


class FloorDoors:
    """The doors of one floor and, in ``sides``, the flat tiles on their two sides (``[2, n]``,
    ``width * height`` for a side off the map)."""

    def __init__(self) -> None:
        self.doors: list[Door] = []
        self.sides: npt.NDArray[np.intp] = np.zeros((2, 0), dtype=np.intp)
        self._layout: bytes | None = None  # where the doors are, as last listed
        self._version = -1  # the floor's door_version when last checked

    def listed(self, area: FloorMap, door_version: int) -> list[Door]:
        """The floor's doors, north edges first, row-major; listed again only when they moved."""
        if door_version != self._version:
            layout = IS_DOOR[area.north].tobytes() + IS_DOOR[area.west].tobytes()
            if layout != self._layout:
                self.doors = [(x, y, int(side), *area.rooms_across(x, y, side)) for x, y, side, _ in area.door_edges()]
                self.sides = _door_tiles(self.doors, area.width, area.height)
                self._layout = layout
            self._version = door_version
        return self.doors

    def in_sight(self, area: FloorMap, door_version: int, lit: Mask | None, visible: list[int]) -> list[Door]:
        """The doors in sight: by the tile (``lit``), those with a tile in sight on either side;
        by the room (``lit`` None), those of the rooms in ``visible``."""
        doors = self.listed(area, door_version)
        if lit is None:
            in_sight = set(visible)
            return [door for door in doors if door[3] in in_sight or door[4] in in_sight]
        near = lit.ravel()
        return [doors[i] for i in (near[self.sides[0]] | near[self.sides[1]]).nonzero()[0].tolist()]


def door_in_sight(lit: Mask, x: int, y: int, side: int) -> bool:
    """Whether a tile on either side of the north (0) or west (1) edge of ``(x, y)`` is in ``lit``."""
    h, w = lit.shape
    bx, by = (x, y - 1) if side == 0 else (x - 1, y)
    return bool(y < h and x < w and lit[y, x] or 0 <= by < h and 0 <= bx < w and lit[by, bx])


def _door_tiles(doors: list[Door], w: int, h: int) -> npt.NDArray[np.intp]:
    """``[2, n]``: for each door, the flat tiles on its two sides; a side off the map (an edge on
    the map's border) is the other side's tile, so the door is in sight when that one is."""
    near = np.zeros((2, len(doors)), dtype=np.intp)
    for i, (x, y, side, _, _) in enumerate(doors):
        bx, by = (x, y - 1) if side == 0 else (x - 1, y)
        inside, beside = y < h and x < w, 0 <= by < h and 0 <= bx < w
        near[0, i] = y * w + x if inside else by * w + bx
        near[1, i] = by * w + bx if beside else y * w + x
    return near
