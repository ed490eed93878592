"""The rooms of a floor as a graph whose edges are openings (SPEC MON-3, LVL-1).

A *portal* is a non-wall edge between two different rooms: a door in any state,
or a plain opening (a door blown off its hinges). Monsters travel room to room
through portals: ``next_hops(goal_room, opens_doors)`` is a table giving, for
every room, the portal that leads one step closer to ``goal_room``, shared by all
monsters heading there (one tiny BFS over ~50 rooms instead of one per monster).
Noise spreads over the same graph (``noise_levels``): cheaply through openings
and open doors, muffled by closed ones.
"""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

import numpy as np

from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, EdgeRef, FloorMap, Side

Pos = tuple[int, int]
PORTAL_KINDS = (Edge.OPEN, Edge.DOOR, Edge.OPEN_DOOR, Edge.LOCKED_DOOR)
_PASSABLE = [kind in (Edge.OPEN, Edge.OPEN_DOOR) for kind in Edge]  # by edge code: what ``passable`` says
_PASSABLE_OPENING = [kind in (Edge.OPEN, Edge.OPEN_DOOR, Edge.DOOR) for kind in Edge]
NOISE_COST = {Edge.OPEN: 1, Edge.OPEN_DOOR: 1, Edge.DOOR: 3, Edge.LOCKED_DOOR: 3}
"""How much loudness a noise loses passing into the next room through each kind of portal."""


@dataclass(frozen=True)
class Portal:
    edge: EdgeRef
    rooms: tuple[int, int]  # (north/west room, south/east room)
    tiles: tuple[Pos, Pos]  # the tile on each side, same order

    def side_of(self, room: int) -> tuple[Pos, Pos, int]:
        """(my tile, the tile beyond, the room beyond) seen from ``room``."""
        if room == self.rooms[0]:
            return self.tiles[0], self.tiles[1], self.rooms[1]
        return self.tiles[1], self.tiles[0], self.rooms[0]


def find_portals(floor: FloorMap) -> list[Portal]:
    """Every opening between two rooms, north edges first, row-major."""
    portals: list[Portal] = []
    h, w = floor.height, floor.width
    is_portal_kind = np.isin(floor.north[1:h, :w], PORTAL_KINDS)
    north_rooms, south_rooms = floor.rooms[:-1, :], floor.rooms[1:, :]
    mask = is_portal_kind & (north_rooms != south_rooms) & (north_rooms != OUTSIDE) & (south_rooms != OUTSIDE)
    for y, x in zip(*np.nonzero(mask)):
        x, y = int(x), int(y) + 1
        portals.append(Portal((x, y, Side.N), (int(floor.rooms[y - 1, x]), int(floor.rooms[y, x])),
                              ((x, y - 1), (x, y))))
    is_portal_kind = np.isin(floor.west[:h, 1:w], PORTAL_KINDS)
    west_rooms, east_rooms = floor.rooms[:, :-1], floor.rooms[:, 1:]
    mask = is_portal_kind & (west_rooms != east_rooms) & (west_rooms != OUTSIDE) & (east_rooms != OUTSIDE)
    for y, x in zip(*np.nonzero(mask)):
        x, y = int(x) + 1, int(y)
        portals.append(Portal((x, y, Side.W), (int(floor.rooms[y, x - 1]), int(floor.rooms[y, x])),
                              ((x - 1, y), (x, y))))
    return portals


class RoomGraph:
    """Rooms and portals of one floor, with cached next-hop tables.

    Portals are found once; their door states are read from the map whenever the floor's
    ``door_version`` changes.
    """

    def __init__(self, floor: FloorMap) -> None:
        self.floor = floor
        self.room_count = floor.room_count
        self.portals = find_portals(floor)
        self.portals_of: list[list[Portal]] = [[] for _ in range(self.room_count)]
        for portal in self.portals:
            a, b = portal.rooms
            self.portals_of[a].append(portal)
            self.portals_of[b].append(portal)
        # per room: (room beyond, portal number, portal), in portals_of order
        self._links: list[list[tuple[int, int, Portal]]] = [[] for _ in range(self.room_count)]
        for number, portal in enumerate(self.portals):
            a, b = portal.rooms
            self._links[a].append((b, number, portal))
            self._links[b].append((a, number, portal))
        self._where = (np.array([p.edge[1] for p in self.portals], dtype=np.intp),
                       np.array([p.edge[0] for p in self.portals], dtype=np.intp),
                       np.array([p.edge[2] == Side.N for p in self.portals], dtype=bool))
        self._hops: dict[tuple[int, bytes], list[Portal | None]] = {}  # by (goal room, passable portals)
        self._hops_version = -1
        self._ways_now = (b"", b"")  # which portals may be passed now: (not opening doors, opening them)
        self._open: dict[int, list[int]] = {}
        self._open_version = -1

    def kind(self, portal: Portal) -> Edge:
        return self.floor.edge(*portal.edge)

    def passable(self, portal: Portal, opens_doors: bool) -> bool:
        kind = self.kind(portal)
        return kind in (Edge.OPEN, Edge.OPEN_DOOR) or (opens_doors and kind == Edge.DOOR)

    def next_hops(self, goal_room: int, opens_doors: bool, door_version: int) -> list[Portal | None]:
        """For each room, the portal one step closer to ``goal_room`` (None: there, or no way).

        Tables are kept by which portals may be passed, so a door that changes without
        changing that (a closed door opened, for those who open doors) keeps them."""
        if door_version != self._hops_version:
            ys, xs, north = self._where
            kinds = np.where(north, self.floor.north[ys, xs], self.floor.west[ys, xs]).tolist()  # each portal now
            self._ways_now = (bytes([_PASSABLE[kind] for kind in kinds]),
                              bytes([_PASSABLE_OPENING[kind] for kind in kinds]))
            self._hops = {key: table for key, table in self._hops.items() if key[1] in self._ways_now}
            self._hops_version = door_version
        ways = self._ways_now[opens_doors]
        key = (goal_room, ways)
        table = self._hops.get(key)
        if table is None:
            table = self._hops[key] = self._bfs_hops(goal_room, ways)
        return table

    def _bfs_hops(self, goal_room: int, ways: bytes) -> list[Portal | None]:
        """Breadth-first over the rooms from ``goal_room``, through the portals ``ways`` lets by."""
        table: list[Portal | None] = [None] * self.room_count
        reached = [False] * self.room_count
        if not 0 <= goal_room < self.room_count:
            return table
        reached[goal_room] = True
        queue = deque([goal_room])
        while queue:
            room = queue.popleft()
            for other, number, portal in self._links[room]:
                if reached[other] or not ways[number]:
                    continue
                reached[other] = True
                table[other] = portal  # from `other`, go through this portal toward `room`
                queue.append(other)
        return table

    def open_neighbours(self, room: int, door_version: int) -> list[int]:
        """Rooms joined to ``room`` by a portal that does not block sight (cached)."""
        if door_version != self._open_version:
            self._open.clear()
            self._open_version = door_version
        found = self._open.get(room)
        if found is None:
            found = self._open[room] = sorted({p.side_of(room)[2] for p in self.portals_of[room]
                                               if self.kind(p) in (Edge.OPEN, Edge.OPEN_DOOR)})
        return found

    def neighbours(self, room: int) -> list[int]:
        """Rooms sharing a portal (any door state) with ``room``, sorted."""
        return sorted({p.side_of(room)[2] for p in self.portals_of[room]})

    def noise_levels(self, source_rooms: list[int], loudness: int) -> dict[int, int]:
        """How loud a noise made in ``source_rooms`` is in every room it reaches (>= 0)."""
        best: dict[int, int] = {}
        heap = [(0, room) for room in sorted(set(source_rooms)) if 0 <= room < self.room_count]
        heapq.heapify(heap)
        while heap:
            cost, room = heapq.heappop(heap)
            if room in best or cost > loudness:
                continue
            best[room] = loudness - cost
            for portal in self.portals_of[room]:
                _, _, other = portal.side_of(room)
                if other not in best:
                    heapq.heappush(heap, (cost + NOISE_COST[self.kind(portal)], other))
        return best
