"""The kinds of edge between two tiles, as a read-only table indexed by a uint8 code.

A floor stores one code per edge (see ``FloorMap``); these tables say what each
code means, so code that needs "does this block sight" indexes an array instead
of branching: ``BLOCKS_SIGHT[floor.north]`` is a boolean grid.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
from numpy.typing import NDArray


class Edge(IntEnum):
    """What stands on the edge between two tiles."""

    OPEN = 0
    WALL = 1
    DOOR = 2  # closed
    OPEN_DOOR = 3
    LOCKED_DOOR = 4
    HULL = 5  # a ship's outer wall, between floor and vacuum


def _table(values: dict[Edge, bool]) -> NDArray[np.bool_]:
    table = np.array([values[kind] for kind in Edge], dtype=np.bool_)
    table.setflags(write=False)
    return table


BLOCKS_MOVE = _table(
    {Edge.OPEN: False, Edge.WALL: True, Edge.DOOR: True, Edge.OPEN_DOOR: False,
     Edge.LOCKED_DOOR: True, Edge.HULL: True},
)
"""Whether a step across the edge is refused (a closed door is opened by bumping it)."""

BLOCKS_SIGHT = _table(
    {Edge.OPEN: False, Edge.WALL: True, Edge.DOOR: True, Edge.OPEN_DOOR: False,
     Edge.LOCKED_DOOR: True, Edge.HULL: True},
)

IS_DOOR = _table(
    {Edge.OPEN: False, Edge.WALL: False, Edge.DOOR: True, Edge.OPEN_DOOR: True,
     Edge.LOCKED_DOOR: True, Edge.HULL: False},
)

IS_BARRIER = _table(
    {Edge.OPEN: False, Edge.WALL: True, Edge.DOOR: False, Edge.OPEN_DOOR: False,
     Edge.LOCKED_DOOR: False, Edge.HULL: True},
)
"""Solid, door-less walls: drawn as wall lines."""

JSON_NAME: tuple[str, ...] = ("open", "wall", "door", "open_door", "locked_door", "hull")
"""The ``kind`` strings of the level JSON format (SPEC §16), indexed by code."""

EDGE_BY_NAME: dict[str, Edge] = {name: Edge(code) for code, name in enumerate(JSON_NAME)}
