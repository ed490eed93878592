"""A floor's tiles and thin walls as numpy arrays.

Index order is ``[y, x]`` everywhere (like numpy images): ``rooms[y, x]``.

Edges follow SPEC DUN-1: ``(x, y, N)`` is the north edge of tile ``(x, y)`` and
``(x, y, W)`` its west edge; the south edge of ``(x, y)`` is ``(x, y + 1, N)`` and
its east edge ``(x + 1, y, W)``. So ``north`` and ``west`` have one extra row and
column: ``north[height, x]`` is the south border of the map and ``west[y, width]``
its east border. (``north[:, width]`` and ``west[height, :]`` name no edge and stay
``Edge.OPEN``.)

Movement rule for thin walls: an orthogonal step crosses one edge and needs it
passable (open, or an open door). A diagonal step passes through the *corner
point* between four tiles; it is allowed only when all four edges meeting at that
point are plainly open (no wall, no door of any kind). So diagonals never clip a
wall end, and a doorway is always passed orthogonally.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Callable, Hashable, Iterator, TypeVar

import numpy as np
from numpy.typing import NDArray

from game.map.edges import BLOCKS_MOVE, Edge

OUTSIDE = -1
ROOM_ID = np.int32
"""The room-id grid's dtype: a 2000x2000 floor has more than 32 767 rooms."""
"""Room id of a tile that is not floor."""

_T = TypeVar("_T")

DIRECTIONS_4: tuple[tuple[int, int], ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIRECTIONS_8: tuple[tuple[int, int], ...] = (
    (0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1),
)


class Side(IntEnum):
    N = 0
    W = 1


EdgeRef = tuple[int, int, Side]
"""An edge as ``(x, y, side)`` in DUN-1 coordinates."""


def edge_toward(x: int, y: int, dx: int, dy: int) -> EdgeRef:
    """The edge crossed by an orthogonal step from ``(x, y)`` by ``(dx, dy)``.

    >>> edge_toward(3, 4, 0, 1)
    (3, 5, <Side.N: 0>)
    >>> edge_toward(3, 4, -1, 0)
    (3, 4, <Side.W: 1>)
    """
    if dx == 0 and dy == -1:
        return (x, y, Side.N)
    if dx == 0 and dy == 1:
        return (x, y + 1, Side.N)
    if dx == -1 and dy == 0:
        return (x, y, Side.W)
    if dx == 1 and dy == 0:
        return (x + 1, y, Side.W)
    raise ValueError(f"not an orthogonal step: {(dx, dy)}")


def tiles_of_edge(x: int, y: int, side: Side) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two tiles an edge separates: (north or west tile, the edge's own tile)."""
    if side == Side.N:
        return (x, y - 1), (x, y)
    return (x - 1, y), (x, y)


_EDGES: tuple[Edge, ...] = tuple(Edge)
_BLOCKS_MOVE: tuple[bool, ...] = tuple(bool(b) for b in BLOCKS_MOVE)


@dataclass
class FloorMap:
    """Room id per tile and the kind of every tile edge. See the module docstring.

    The numpy arrays are the truth, for vectorised code. Scalar reads (``room_at``,
    ``edge``, ``can_step``, called thousands of times a turn) go through plain
    Python lists mirroring them, built on first use. ``set_edge`` keeps both in
    step; code that writes the arrays directly afterwards must call ``refresh()``.
    What is derived from the map (route tables: ``cached``) follows ``set_edge`` and is
    dropped by ``refresh``.
    """

    rooms: NDArray[np.int32]  # ROOM_ID [height, width], OUTSIDE where there is no floor
    north: NDArray[np.uint8]  # [height + 1, width + 1], an Edge code
    west: NDArray[np.uint8]  # [height + 1, width + 1], an Edge code
    width: int = field(init=False, repr=False, compare=False)
    height: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Forget the list mirrors (after writing the arrays directly)."""
        self.height, self.width = (int(n) for n in self.rooms.shape)
        self._rows: list[list[int]] | None = None
        self._north_rows: list[list[int]] | None = None
        self._west_rows: list[list[int]] | None = None
        self._derived: dict[Hashable, Any] = {}  # each key's value has its own type

    def cached(self, key: Hashable, build: Callable[[], _T]) -> _T:
        """``build()``, kept under ``key`` until an edge changes (``set_edge``) or ``refresh``.

        A kept value with an ``edge_changed(x, y, side, old_kind)`` method is told of each
        changed edge instead, and stays (it must then bring itself up to date)."""
        found: _T | None = self._derived.get(key)
        if found is None:
            found = self._derived[key] = build()
        return found

    def _mirrors(self) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        if self._rows is None or self._north_rows is None or self._west_rows is None:
            self._rows = self.rooms.tolist()
            self._north_rows = self.north.tolist()
            self._west_rows = self.west.tolist()
        return self._rows, self._north_rows, self._west_rows

    @classmethod
    def empty(cls, width: int, height: int) -> FloorMap:
        return cls(
            rooms=np.full((height, width), OUTSIDE, dtype=ROOM_ID),
            north=np.zeros((height + 1, width + 1), dtype=np.uint8),
            west=np.zeros((height + 1, width + 1), dtype=np.uint8),
        )

    @property
    def room_count(self) -> int:
        return int(self.rooms.max()) + 1 if self.rooms.size else 0

    def copy(self) -> FloorMap:
        return FloorMap(self.rooms.copy(), self.north.copy(), self.west.copy())

    # --- tiles -------------------------------------------------------------
    def in_bounds(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def room_at(self, x: int, y: int) -> int:
        """Room id at a tile, OUTSIDE for non-floor or out-of-bounds tiles."""
        if 0 <= x < self.width and 0 <= y < self.height:
            return self._mirrors()[0][y][x]
        return OUTSIDE

    def is_floor(self, x: int, y: int) -> bool:
        return self.room_at(x, y) != OUTSIDE

    def floor_mask(self) -> NDArray[np.bool_]:
        mask: NDArray[np.bool_] = self.rooms != OUTSIDE
        return mask

    # --- edges -------------------------------------------------------------
    def edge(self, x: int, y: int, side: int) -> Edge:
        """The kind of the north (``Side.N``, 0) or west (1) edge of ``(x, y)``."""
        _, north, west = self._mirrors()
        return _EDGES[(north if side == Side.N else west)[y][x]]

    def set_edge(self, x: int, y: int, side: Side, kind: Edge) -> None:
        array = self.north if side == Side.N else self.west
        was = int(array[y, x])
        array[y, x] = kind
        if self._north_rows is not None and self._west_rows is not None:
            (self._north_rows if side == Side.N else self._west_rows)[y][x] = int(kind)
        if was != kind:  # what was derived from the map follows the edge, or is dropped
            for key, derived in list(self._derived.items()):
                if hasattr(derived, "edge_changed"):
                    derived.edge_changed(x, y, side, was)
                else:
                    del self._derived[key]

    def edge_kind_toward(self, x: int, y: int, dx: int, dy: int) -> Edge:
        """Kind of the edge crossed by an orthogonal step."""
        _, north, west = self._mirrors()
        if dx == 0:
            return _EDGES[north[y + (dy > 0)][x]] if dy else _EDGES[Edge.OPEN]
        return _EDGES[west[y][x + (dx > 0)]]

    def corner_is_open(self, cx: int, cy: int) -> bool:
        """Whether all four edges meeting at corner point ``(cx, cy)`` are open."""
        if not (1 <= cx < self.width and 1 <= cy < self.height):
            return False
        _, north, west = self._mirrors()
        return not (north[cy][cx - 1] or north[cy][cx] or west[cy - 1][cx] or west[cy][cx])

    def can_step(self, x: int, y: int, dx: int, dy: int) -> bool:
        """Whether a step from ``(x, y)`` by ``(dx, dy)`` is allowed right now.

        Closed doors refuse the step (bumping one opens it; see the actions).
        """
        nx, ny = x + dx, y + dy
        w, h = self.width, self.height
        if not (0 <= x < w and 0 <= y < h and 0 <= nx < w and 0 <= ny < h):
            return False
        rows, north, west = self._mirrors()
        if rows[y][x] < 0 or rows[ny][nx] < 0:
            return False
        if dx == 0:
            return not _BLOCKS_MOVE[north[y + (dy > 0)][x]]
        if dy == 0:
            return not _BLOCKS_MOVE[west[y][x + (dx > 0)]]
        cx, cy = x + (dx > 0), y + (dy > 0)
        return not (north[cy][cx - 1] or north[cy][cx] or west[cy - 1][cx] or west[cy][cx])

    def step_bits(self, x: int, y: int, passable: list[bool]) -> int:
        """Bit ``k`` set when tile ``(x, y)`` may take step ``DIRECTIONS_8[k]``, ``passable[code]``
        saying which edge kinds an orthogonal step may cross: ``step_masks`` for one tile."""
        w, h = self.width, self.height
        rows, north, west = self._mirrors()
        if not (0 <= x < w and 0 <= y < h) or rows[y][x] < 0:
            return 0
        bits = 0
        for k, (dx, dy) in enumerate(DIRECTIONS_8):
            nx, ny = x + dx, y + dy
            if not (0 <= nx < w and 0 <= ny < h) or rows[ny][nx] < 0:
                continue
            if dx == 0:
                ok = passable[north[y + (dy > 0)][x]]
            elif dy == 0:
                ok = passable[west[y][x + (dx > 0)]]
            else:
                cx, cy = x + (dx > 0), y + (dy > 0)
                ok = 1 <= cx < w and 1 <= cy < h and not (
                    north[cy][cx - 1] or north[cy][cx] or west[cy - 1][cx] or west[cy][cx])
            if ok:
                bits |= 1 << k
        return bits

    def door_edges(self) -> Iterator[tuple[int, int, Side, Edge]]:
        """Every door as ``(x, y, side, kind)``, north edges first, row-major."""
        from game.map.edges import IS_DOOR

        for side, array in ((Side.N, self.north), (Side.W, self.west)):
            ys, xs = np.nonzero(IS_DOOR[array])
            for y, x in zip(ys.tolist(), xs.tolist()):
                yield x, y, side, Edge(int(array[y, x]))

    def rooms_across(self, x: int, y: int, side: Side) -> tuple[int, int]:
        """Room ids on the two sides of an edge (OUTSIDE beyond the map)."""
        (ax, ay), (bx, by) = tiles_of_edge(x, y, side)
        return self.room_at(ax, ay), self.room_at(bx, by)


PASSABLE_NOW = ~BLOCKS_MOVE
"""Edge kinds a step may cross right now."""

PASSABLE_OPENING_DOORS = PASSABLE_NOW.copy()
PASSABLE_OPENING_DOORS[Edge.DOOR] = True
PASSABLE_OPENING_DOORS.setflags(write=False)
"""Edge kinds a traveller who opens closed doors on the way may cross."""


def step_masks(floor: FloorMap, passable: NDArray[np.bool_] = PASSABLE_NOW) -> dict[tuple[int, int], NDArray[np.bool_]]:
    """For each of the 8 directions, a [y, x] mask of tiles that may step that way.

    The vectorised form of ``FloorMap.can_step``, for distance maps and bots.
    ``passable`` says which edge kinds an orthogonal step may cross.
    """
    h, w = floor.height, floor.width
    is_floor = floor.floor_mask()
    passable_n = passable[floor.north]  # [h+1, w+1]
    passable_w = passable[floor.west]
    open_n = floor.north == Edge.OPEN
    open_w = floor.west == Edge.OPEN
    corner = np.zeros((h + 1, w + 1), dtype=bool)
    corner[1:h, 1:w] = open_n[1:h, 0 : w - 1] & open_n[1:h, 1:w] & open_w[0 : h - 1, 1:w] & open_w[1:h, 1:w]

    floor_pad = np.zeros((h + 2, w + 2), dtype=bool)
    floor_pad[1:-1, 1:-1] = is_floor

    def target_floor(dx: int, dy: int) -> NDArray[np.bool_]:
        return floor_pad[1 + dy : 1 + dy + h, 1 + dx : 1 + dx + w]

    masks: dict[tuple[int, int], NDArray[np.bool_]] = {}
    masks[(0, -1)] = passable_n[0:h, 0:w]
    masks[(0, 1)] = passable_n[1 : h + 1, 0:w]
    masks[(-1, 0)] = passable_w[0:h, 0:w]
    masks[(1, 0)] = passable_w[0:h, 1 : w + 1]
    masks[(1, 1)] = corner[1 : h + 1, 1 : w + 1]
    masks[(-1, 1)] = corner[1 : h + 1, 0:w]
    masks[(1, -1)] = corner[0:h, 1 : w + 1]
    masks[(-1, -1)] = corner[0:h, 0:w]
    for (dx, dy), mask in masks.items():
        masks[(dx, dy)] = mask & is_floor & target_floor(dx, dy)
    return masks
