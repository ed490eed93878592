"""One step toward a goal over thin walls and doors (SPEC MON-3), for monsters.

Two levels: between rooms, follow the room graph's shared next-hop table to the
portal that leads toward the goal's room; inside a room, step greedily toward
the goal (or the portal), falling back to a small breadth-first search over the
room's own tiles when a concave room blocks the straight way. Which steps each tile may
take right now comes from the floor's cached step table (``game.world.paths.step_tables``).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import Callable

from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, PASSABLE_NOW, FloorMap
from game.world.paths import step_tables
from game.map.rooms import RoomGraph

Pos = tuple[int, int]
Step = tuple[int, int]


def chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


_STEPS = [(1 << k, dx, dy) for k, (dx, dy) in enumerate(DIRECTIONS_8)]


@lru_cache(maxsize=16)
def _flat_steps(width: int) -> tuple[tuple[int, ...], ...]:
    """For each 8-bit mask of allowed steps, the flat offsets of those steps in ``DIRECTIONS_8``
    order, on a floor ``width`` tiles wide: a search looks at only the steps a tile allows."""
    return tuple(tuple(dy * width + dx for bit, dx, dy in _STEPS if mask & bit) for mask in range(256))


@lru_cache(maxsize=1 << 16)
def _closer(ex: int, ey: int) -> tuple[tuple[int, int, int], ...]:
    """The steps ``(bit, dx, dy)`` that bring a tile ``(ex, ey)`` away from its target closer to
    it, best first: by Chebyshev distance, then squared distance, then ``DIRECTIONS_8`` order."""
    stay = (max(abs(ex), abs(ey)), ex * ex + ey * ey)
    better = []
    for k, (dx, dy) in enumerate(DIRECTIONS_8):
        nx, ny = ex + dx, ey + dy
        score = (max(abs(nx), abs(ny)), nx * nx + ny * ny)
        if score < stay:
            better.append((score, k, (1 << k, dx, dy)))
    return tuple(step for _, _, step in sorted(better))


class Navigation:
    def __init__(self, floor: FloorMap, graph: RoomGraph) -> None:
        self.floor = floor
        self.graph = graph
        self._key = ("steps", PASSABLE_NOW.tobytes())
        self._build = lambda: step_tables(floor, PASSABLE_NOW)

    def _tables(self) -> tuple[list[int], list[int]]:
        """(steps allowed now per flat tile, room id per flat tile), cached on the floor map."""
        steps = self.floor.cached(self._key, self._build)
        return steps.ways, steps.rooms

    def step_toward(
        self,
        start: Pos,
        goal: Pos,
        opens_doors: bool,
        door_version: int,
        blocked: Callable[[Pos], bool],
    ) -> Step | None:
        """The next step from ``start`` toward ``goal``, or None when there is none now.

        A step may cross a closed door (for those who open doors); the caller opens
        it instead of moving. ``blocked`` says which tiles are taken (by other actors);
        the goal tile itself is never considered blocked.
        """
        w, h = self.floor.width, self.floor.height
        (sx, sy), (gx, gy) = start, goal
        if not (0 <= sx < w and 0 <= sy < h and 0 <= gx < w and 0 <= gy < h) or start == goal:
            return None
        tables = self._tables()
        rooms = tables[1]
        here, there = rooms[sy * w + sx], rooms[gy * w + gx]
        if here < 0 or there < 0:
            return None
        if here == there:
            return self._within_room(start, goal, here, blocked, tables)
        portal = self.graph.next_hops(there, opens_doors, door_version)[here]
        if portal is None:
            return None
        mine, beyond, _ = portal.side_of(here)
        if start == mine:
            if beyond != goal and blocked(beyond) and self.graph.kind(portal) != Edge.DOOR:
                return None
            return beyond[0] - start[0], beyond[1] - start[1]
        return self._within_room(start, mine, here, blocked, tables)

    def _within_room(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool],
                     tables: tuple[list[int], list[int]]) -> Step | None:
        step = self._greedy(start, target, room, blocked, tables)
        if step is None:
            step = self._searched(start, target, room, blocked, tables)
        return step

    def _greedy(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool],
                tables: tuple[list[int], list[int]] | None = None) -> Step | None:
        """The step that most shortens the way to ``target`` (Chebyshev distance, then squared
        distance; the first of ``DIRECTIONS_8`` on a tie) onto a free tile of the room; None
        when no step does. ``tables``: ``_tables()``, when the caller has them."""
        ways, rooms = tables or self._tables()
        w = self.floor.width
        sx, sy = start
        ex, ey = sx - target[0], sy - target[1]
        here = sy * w + sx
        allowed = ways[here]
        for bit, dx, dy in _closer(ex, ey):
            if not allowed & bit:
                continue
            if (ex + dx or ey + dy) and (rooms[here + dy * w + dx] != room or blocked((sx + dx, sy + dy))):
                continue  # (the target itself is never in the way)
            return dx, dy
        return None

    def _searched(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool],
                  tables: tuple[list[int], list[int]] | None = None) -> Step | None:
        """BFS over the room's free tiles (the greedy step was stuck at a corner): the first step
        of the first way found, expanding each tile's steps in ``DIRECTIONS_8`` order.

        ``blocked`` is asked at most once a tile. When no free tile of the room can step onto the
        target (a crowd stands round it), there is no way, and the room is not searched."""
        ways, rooms = tables or self._tables()
        w = self.floor.width
        first, goal = start[1] * w + start[0], target[1] * w + target[0]
        if not self._enterable(goal, first, room, blocked, ways, rooms):
            return None
        came_from = {first: -1}  # flat tile -> the tile it was reached from; -1 for the start, -2 when blocked
        steps = _flat_steps(w)
        queue = deque([first])
        while queue:
            here = queue.popleft()
            if here == goal:
                while came_from[here] != first:
                    here = came_from[here]
                return here % w - start[0], here // w - start[1]
            for delta in steps[ways[here]]:
                nxt = here + delta
                if nxt in came_from or rooms[nxt] != room:
                    continue
                if nxt != goal and blocked((nxt % w, nxt // w)):
                    came_from[nxt] = -2
                    continue
                came_from[nxt] = here
                queue.append(nxt)
        return None

    def _enterable(self, goal: int, first: int, room: int, blocked: Callable[[Pos], bool],
                   ways: list[int], rooms: list[int]) -> bool:
        """Whether a tile of the room that is free (or is the start) may step onto ``goal``: the
        only tiles a way to it can come from."""
        w, h = self.floor.width, self.floor.height
        gx, gy = goal % w, goal // w
        for bit, dx, dy in _STEPS:
            px, py = gx - dx, gy - dy
            if not (0 <= px < w and 0 <= py < h):
                continue
            source = py * w + px
            if ways[source] & bit and rooms[source] == room and (source == first or not blocked((px, py))):
                return True
        return False
