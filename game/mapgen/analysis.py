"""Room graph analysis (SPEC LVL-1, seed 004 "More map stuff").

The main path runs from the entrance room to the exit room; every other room
hangs off it on a side branch; rooms on a cycle of doors form loops. Population
uses this: budgets split between main path and branches, treasure at the ends of
side branches, a lock on the main path with its key on a branch before it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from game.mapgen.connect import components, door_graph


@dataclass(frozen=True)
class RoomAnalysis:
    main_path: tuple[int, ...]  # entrance room ... exit room
    distance_from_main: tuple[int, ...]  # door hops from the main path (0 on it, -1 unreachable)
    attached_to: tuple[int, ...]  # the main-path room a room's branch hangs from
    branch_ends: tuple[int, ...]  # side rooms farther from the main path than all their neighbours
    loop_rooms: tuple[int, ...]  # rooms on at least one cycle of doors
    loop_count: int  # independent cycles: doors - rooms + components

    @property
    def side_rooms(self) -> tuple[int, ...]:
        return tuple(r for r, d in enumerate(self.distance_from_main) if d > 0)


def analyse(room_count: int, door_pairs: list[tuple[int, int]], entrance_room: int, exit_room: int) -> RoomAnalysis:
    graph = door_graph(room_count, door_pairs)
    main = _shortest_path(graph, entrance_room, exit_room)
    distance, attached = _distance_from(graph, main)
    ends = tuple(r for r in range(room_count) if distance[r] > 0
                 and all(distance[n] < distance[r] for n in graph[r]))
    loops = _rooms_on_cycles(graph)
    pieces = len(components(room_count, door_pairs))
    return RoomAnalysis(tuple(main), tuple(distance), tuple(attached), ends, tuple(loops),
                        len(door_pairs) - room_count + pieces)


def _shortest_path(graph: list[list[int]], start: int, goal: int) -> list[int]:
    parent = {start: -1}
    queue = deque([start])
    while queue:
        room = queue.popleft()
        if room == goal:
            break
        for n in graph[room]:
            if n not in parent:
                parent[n] = room
                queue.append(n)
    if goal not in parent:
        return [start]
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    return path[::-1]


def _distance_from(graph: list[list[int]], sources: list[int]) -> tuple[list[int], list[int]]:
    distance = [-1] * len(graph)
    attached = [-1] * len(graph)
    queue: deque[int] = deque()
    for room in sources:
        distance[room], attached[room] = 0, room
        queue.append(room)
    while queue:
        room = queue.popleft()
        for n in graph[room]:
            if distance[n] < 0:
                distance[n], attached[n] = distance[room] + 1, attached[room]
                queue.append(n)
    return distance, attached


def _rooms_on_cycles(graph: list[list[int]]) -> list[int]:
    """Rooms touching a door that is not a bridge (iterative Tarjan lowlink)."""
    n = len(graph)
    order, low = [-1] * n, [0] * n
    on_cycle = [False] * n
    counter = 0
    for root in range(n):
        if order[root] >= 0:
            continue
        stack = [(root, -1, iter(graph[root]))]
        order[root] = low[root] = counter
        counter += 1
        while stack:
            room, parent, neighbours = stack[-1]
            advanced = False
            for n_room in neighbours:
                if n_room == parent:
                    continue
                if order[n_room] < 0:
                    order[n_room] = low[n_room] = counter
                    counter += 1
                    stack.append((n_room, room, iter(graph[n_room])))
                    advanced = True
                    break
                low[room] = min(low[room], order[n_room])
                on_cycle[room] = on_cycle[n_room] = True
            if advanced:
                continue
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[room])
                if low[room] <= order[parent]:  # the door parent-room is on a cycle
                    on_cycle[room] = on_cycle[parent] = True
    return [r for r in range(n) if on_cycle[r]]
