"""A floor's tiles handed out room by room, without repeats (monsters, items, fixtures)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.rng import Rng
from game.world.floor_map import FloorMap

Pos = tuple[int, int]


@dataclass
class RoomTiles:
    """Free tiles per room, handed out without repeats. A room's tiles are listed (in row
    order) the first time they are asked for: a floor's generation asks for about half its
    rooms, and handing one out costs no pass over the whole map."""

    floor: FloorMap
    rng: Rng
    taken: set[Pos]
    _order: np.ndarray | None = None
    _ends: list[int] = field(default_factory=list)
    _tiles: dict[int, list[Pos]] = field(default_factory=dict)
    _shapes: dict[int, tuple[frozenset[Pos], int]] = field(default_factory=dict)

    def tiles(self, room: int) -> list[Pos]:
        tiles = self._tiles.get(room)
        if tiles is None:
            tiles = self._tiles[room] = self._list_tiles(room)
        return tiles

    def _list_tiles(self, room: int) -> list[Pos]:
        if self._order is None:  # flat indices by room, each room's in row order; OUTSIDE first
            flat = self.floor.rooms.ravel().astype(np.intp)
            self._order = np.argsort(flat, kind="stable")
            self._ends = np.cumsum(np.bincount(flat + 1, minlength=self.floor.room_count + 1)).tolist()
        ys, xs = np.divmod(self._order[self._ends[room] : self._ends[room + 1]], self.floor.width)
        return list(zip(xs.tolist(), ys.tolist()))

    def free_tiles(self, room: int) -> list[Pos]:
        taken = self.taken
        return [tile for tile in self.tiles(room) if tile not in taken]

    def take(self, room: int) -> Pos | None:
        tiles = self.free_tiles(room)
        if not tiles:
            return None
        tile = self.rng.choice(tiles)
        self.taken.add(tile)
        return tile

    def take_near(self, pos: Pos) -> Pos | None:
        """The free tile of ``pos``'s room nearest to it (Chebyshev distance; ties: least
        ``(x, y)``), found ring by ring outwards: the first ring or two nearly always has one."""
        room = int(self.floor.rooms[pos[1], pos[0]])
        inside, reach = self._shape(room)
        taken, (px, py) = self.taken, pos
        for d in range(reach + 1):
            for x in range(px - d, px + d + 1):
                for y in range(py - d, py + d + 1) if abs(x - px) == d else (py - d, py + d):
                    if (x, y) in inside and (x, y) not in taken:
                        taken.add((x, y))
                        return x, y
        return None

    def _shape(self, room: int) -> tuple[frozenset[Pos], int]:
        """The room's tiles as a set, and how far (Chebyshev) its bounding box reaches from
        any of its tiles."""
        shape = self._shapes.get(room)
        if shape is None:
            tiles = self.tiles(room)
            xs = [x for x, _ in tiles]
            reach = max(max(xs) - min(xs), tiles[-1][1] - tiles[0][1])
            shape = self._shapes[room] = (frozenset(tiles), reach)
        return shape

    def centre(self, room: int) -> Pos:
        tiles = self.tiles(room)
        cx = sum(x for x, _ in tiles) / len(tiles)
        cy = sum(y for _, y in tiles) / len(tiles)
        return min(tiles, key=lambda t: ((t[0] - cx) ** 2 + (t[1] - cy) ** 2, t[1], t[0]))
