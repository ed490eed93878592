"""A floor's tiles handed out room by room, without repeats (monsters, items, fixtures)."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from game.rng import Rng
from game.map.floor_map import FloorMap

Pos = tuple[int, int]


def tiles_of(floor: FloorMap, room: int) -> list[Pos]:
    """One room's tiles in row order, for a single look (``RoomTiles`` for many)."""
    ys, xs = np.nonzero(floor.rooms == room)
    return list(zip(xs.tolist(), ys.tolist()))


@dataclass
class RoomTiles:
    """Free tiles per room, handed out without repeats. A room's tiles are listed (in row
    order) the first time they are asked for: a floor's generation asks for about half its
    rooms, and handing one out costs no pass over the whole map."""

    floor: FloorMap
    rng: Rng
    taken: set[Pos]
    _order: NDArray[np.intp] | None = None
    _ends: list[int] = field(default_factory=list)
    _tiles: dict[int, list[Pos]] = field(default_factory=dict)

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
        """The free tile of ``pos``'s room nearest to it (Chebyshev distance; ties: least ``(x, y)``)."""
        tiles = self.free_tiles(int(self.floor.rooms[pos[1], pos[0]]))
        if not tiles:
            return None
        nearest = min(tiles, key=lambda t: (max(abs(t[0] - pos[0]), abs(t[1] - pos[1])), t))
        self.taken.add(nearest)
        return nearest

    def centre(self, room: int) -> Pos:
        tiles = self.tiles(room)
        cx = sum(x for x, _ in tiles) / len(tiles)
        cy = sum(y for _, y in tiles) / len(tiles)
        return min(tiles, key=lambda t: ((t[0] - cx) ** 2 + (t[1] - cy) ** 2, t[1], t[0]))
