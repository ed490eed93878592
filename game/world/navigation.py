"""One step toward a goal over thin walls and doors (SPEC MON-3), for monsters.

Two levels: between rooms, follow the room graph's shared next-hop table to the
portal that leads toward the goal's room; inside a room, step greedily toward
the goal (or the portal), falling back to a small breadth-first search over the
room's own tiles when a concave room blocks the straight way.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

from game.world.edges import Edge
from game.world.floor_map import DIRECTIONS_8, FloorMap
from game.world.rooms import RoomGraph

Pos = tuple[int, int]
Step = tuple[int, int]


def chebyshev(a: Pos, b: Pos) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class Navigation:
    def __init__(self, floor: FloorMap, graph: RoomGraph) -> None:
        self.floor = floor
        self.graph = graph

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
        floor = self.floor
        here, there = floor.room_at(*start), floor.room_at(*goal)
        if here < 0 or there < 0 or start == goal:
            return None
        if here == there:
            return self._within_room(start, goal, here, blocked)
        portal = self.graph.next_hops(there, opens_doors, door_version)[here]
        if portal is None:
            return None
        mine, beyond, _ = portal.side_of(here)
        if start == mine:
            if beyond != goal and blocked(beyond) and self.graph.kind(portal) != Edge.DOOR:
                return None
            return beyond[0] - start[0], beyond[1] - start[1]
        return self._within_room(start, mine, here, blocked)

    def _within_room(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool]) -> Step | None:
        step = self._greedy(start, target, room, blocked)
        if step is None:
            step = self._searched(start, target, room, blocked)
        return step

    def _greedy(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool]) -> Step | None:
        floor = self.floor
        sx, sy = start
        tx, ty = target
        best: tuple[int, int] = (chebyshev(start, target), (sx - tx) ** 2 + (sy - ty) ** 2)
        choice: Step | None = None
        for dx, dy in DIRECTIONS_8:
            nx, ny = sx + dx, sy + dy
            if (nx, ny) != target and (floor.room_at(nx, ny) != room or blocked((nx, ny))):
                continue
            if not floor.can_step(sx, sy, dx, dy):
                continue
            score = (max(abs(nx - tx), abs(ny - ty)), (nx - tx) ** 2 + (ny - ty) ** 2)
            if score < best:
                best, choice = score, (dx, dy)
        return choice

    def _searched(self, start: Pos, target: Pos, room: int, blocked: Callable[[Pos], bool]) -> Step | None:
        """BFS over the room's free tiles (the greedy step was stuck at a corner)."""
        floor = self.floor
        came_from: dict[Pos, Pos | None] = {start: None}
        queue = deque([start])
        while queue:
            x, y = queue.popleft()
            if (x, y) == target:
                node = (x, y)
                while came_from[node] != start:
                    node = came_from[node]  # type: ignore[assignment]
                return node[0] - start[0], node[1] - start[1]
            for dx, dy in DIRECTIONS_8:
                nxt = (x + dx, y + dy)
                if nxt in came_from or floor.room_at(*nxt) != room:
                    continue
                if nxt != target and blocked(nxt):
                    continue
                if floor.can_step(x, y, dx, dy):
                    came_from[nxt] = (x, y)
                    queue.append(nxt)
        return None
