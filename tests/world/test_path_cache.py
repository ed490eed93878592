"""Routes (PERF-8): the step tables are cached per floor and follow every door that changes,
the fast searches find exactly the route a plain breadth-first search finds, and monsters
step as they always did."""

from __future__ import annotations

import random
from collections import deque

import numpy as np
import pytest

from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.rng import Rng
from game.world import paths
from game.map.ascii import parse_map
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, PASSABLE_NOW, PASSABLE_OPENING_DOORS, FloorMap, Side, step_masks
from game.world.navigation import Navigation
from game.world.paths import Navigator
from game.map.rooms import RoomGraph

# The short way from @ to > crosses a locked door; the long way goes round below.
LOCKED = """
+-+-+-+-+-+
|@ .L. . >|
+ +-+-+-+ +
|. . . . .|
+-+-+-+-+-+
"""
SHORT = [(1, 0), (2, 0), (3, 0), (4, 0)]
LONG = [(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (4, 0)]


def _marks(text: str) -> tuple[FloorMap, tuple[int, int], tuple[int, int]]:
    floor, marks = parse_map(text)
    where = {mark: pos for pos, mark in marks.items()}
    return floor, where["@"], where[">"]


def test_a_door_that_opens_changes_the_route() -> None:
    floor, start, goal = _marks(LOCKED)
    assert Navigator(floor).route(start, [goal]) == LONG
    floor.set_edge(2, 0, Side.W, Edge.OPEN_DOOR)
    assert Navigator(floor).route(start, [goal]) == SHORT
    floor.set_edge(2, 0, Side.W, Edge.LOCKED_DOOR)
    assert Navigator(floor).route(start, [goal]) == LONG


def test_a_navigator_kept_across_a_door_change_sees_the_door() -> None:
    floor, start, goal = _marks(LOCKED)
    nav = Navigator(floor)
    flat = goal[1] * floor.width + goal[0]
    assert nav.path(start, lambda i: i == flat) == LONG
    floor.set_edge(2, 0, Side.W, Edge.OPEN_DOOR)
    assert nav.path(start, lambda i: i == flat) == SHORT
    assert nav.route(start, [goal]) == SHORT


def test_the_step_tables_are_built_once_per_floor_and_passable_set() -> None:
    floor, start, goal = _marks(LOCKED)
    first = Navigator(floor)._steps
    assert Navigator(floor)._steps is first, "a second navigator reuses the floor's tables"
    assert Navigator(floor, PASSABLE_NOW)._steps is not first, "other passable edges, other tables"
    floor.set_edge(2, 0, Side.W, Edge.DOOR)
    assert Navigator(floor)._steps is first, "a door that changes brings the tables up to date in place"


def test_tables_brought_up_to_date_equal_tables_built_afresh() -> None:
    rnd = random.Random(8)
    floor = generate_dungeon(Rng.stream(3, "path-cache-edges")).map
    passable_sets = (PASSABLE_OPENING_DOORS, PASSABLE_NOW)
    kept = [Navigator(floor, passable)._steps for passable in passable_sets]
    for steps in kept:
        assert steps.bits  # built before the changes, so they are patched too
    kinds = list(Edge)
    for _ in range(300):
        side = rnd.choice([Side.N, Side.W])
        x, y = rnd.randrange(floor.width + (side == Side.W)), rnd.randrange(floor.height + (side == Side.N))
        floor.set_edge(x, y, side, rnd.choice(kinds))
    for passable, steps in zip(passable_sets, kept):
        fresh = paths._Steps(floor, passable)
        assert steps.ways == fresh.ways
        assert steps.bits == fresh.bits


def test_refresh_forgets_the_tables_after_direct_writes() -> None:
    floor, start, goal = _marks(LOCKED)
    assert Navigator(floor).route(start, [goal]) == LONG
    floor.west[0, 2] = Edge.OPEN
    floor.refresh()
    assert Navigator(floor).route(start, [goal]) == SHORT


def test_a_key_lets_the_route_through_the_lock() -> None:
    floor, start, goal = _marks(LOCKED)
    with_key = PASSABLE_OPENING_DOORS.copy()
    with_key[Edge.LOCKED_DOOR] = True
    assert Navigator(floor, with_key).route(start, [goal]) == SHORT
    assert Navigator(floor).route(start, [goal]) == LONG


def test_routes_keep_to_the_tiles_they_may_enter() -> None:
    floor, start, goal = _marks(LOCKED)
    enter = np.ones((floor.height, floor.width), dtype=bool)
    enter[1, 2] = False
    assert Navigator(floor).route(start, [goal], enter) is None
    assert Navigator(floor).route(start, [goal], enter, limit=3) is None
    assert Navigator(floor).route(start, [start]) == []


def _plain_bfs(floor: FloorMap, passable: np.ndarray, start: tuple[int, int], goals: set[int],
               enter: np.ndarray | None, limit: int) -> list[tuple[int, int]] | None:
    """The search the game always did: FIFO, steps in DIRECTIONS_8 order, stop at the first goal."""
    w = floor.width
    masks = step_masks(floor, passable)
    moves = [(dy * w + dx, masks[(dx, dy)].ravel().tolist()) for dx, dy in DIRECTIONS_8]
    may = enter.ravel().tolist() if enter is not None else None
    origin = start[1] * w + start[0]
    if origin in goals:
        return []
    came = {origin: -1}
    queue, expanded = deque([origin]), 0
    while queue and expanded < limit:
        here = queue.popleft()
        expanded += 1
        for offset, allowed in moves:
            there = here + offset
            if not allowed[here] or there in came:
                continue
            if there not in goals and may is not None and not may[there]:
                continue
            came[there] = here
            if there in goals:
                route = []
                while came[there] != -1:
                    route.append((there % w, there // w))
                    there = came[there]
                return route[::-1]
            queue.append(there)
    return None


@pytest.mark.parametrize("bitset_tiles", [paths.BITSET_TILES, 0])
def test_the_fast_searches_find_the_plain_search_s_route(monkeypatch: pytest.MonkeyPatch, bitset_tiles: int) -> None:
    monkeypatch.setattr(paths, "BITSET_TILES", bitset_tiles)
    rnd = random.Random(15)
    for seed in range(6):
        params = DungeonParams() if seed % 2 else DungeonParams(width=31, height=17, room_count=None)
        floor = generate_dungeon(Rng.stream(seed, "path-cache"), params).map
        tiles = [(int(x), int(y)) for y, x in zip(*np.nonzero(floor.rooms >= 0))]
        seen = np.append(np.random.default_rng(seed).random(floor.room_count) < 0.7, False)
        for passable in (PASSABLE_OPENING_DOORS, PASSABLE_NOW):
            nav = Navigator(floor, passable)
            for trial in range(15):
                start = rnd.choice(tiles)
                goal_tiles = rnd.sample(tiles, rnd.choice([1, 1, 3, 30]))
                goals = {y * floor.width + x for x, y in goal_tiles}
                enter = seen[floor.rooms] if trial % 2 else None
                limit = rnd.choice([1_000_000, 40, 400])
                want = _plain_bfs(floor, passable, start, goals, enter, limit)
                assert nav.route(start, goal_tiles, enter, limit) == want, (seed, start, goal_tiles, limit)
                may = (lambda i, e=enter.ravel().tolist(): e[i]) if enter is not None else None
                assert nav.path(start, goals.__contains__, may, limit) == want


def test_a_monster_steps_through_a_door_once_it_opens() -> None:
    floor, start, goal = _marks(LOCKED.replace("|. . . . .|", "|.|. . . .|"))  # no way round below
    floor.set_edge(2, 0, Side.W, Edge.DOOR)
    nav = Navigation(floor, RoomGraph(floor))
    at_door = (1, 0)
    assert nav.step_toward(at_door, goal, False, 0, lambda _: False) is None, "a shut door stops one who cannot open it"
    assert nav.step_toward(at_door, goal, True, 0, lambda _: False) == (1, 0), "one who opens doors steps into it"
    floor.set_edge(2, 0, Side.W, Edge.OPEN_DOOR)
    assert nav.step_toward(at_door, goal, False, 1, lambda _: False) == (1, 0)


def _reference_greedy(floor: FloorMap, start: tuple[int, int], target: tuple[int, int], room: int,
                      blocked: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The in-room step the game always took: best (Chebyshev, squared distance), first on ties."""
    sx, sy = start
    tx, ty = target
    best = (max(abs(sx - tx), abs(sy - ty)), (sx - tx) ** 2 + (sy - ty) ** 2)
    choice = None
    for dx, dy in DIRECTIONS_8:
        nx, ny = sx + dx, sy + dy
        if (nx, ny) != target and (floor.room_at(nx, ny) != room or (nx, ny) in blocked):
            continue
        if not floor.can_step(sx, sy, dx, dy):
            continue
        score = (max(abs(nx - tx), abs(ny - ty)), (nx - tx) ** 2 + (ny - ty) ** 2)
        if score < best:
            best, choice = score, (dx, dy)
    return choice


def test_a_monster_s_step_in_a_room_is_the_one_it_always_took() -> None:
    rnd = random.Random(4)
    floor = generate_dungeon(Rng.stream(1, "path-cache-greedy")).map
    nav = Navigation(floor, RoomGraph(floor))
    tiles = [(int(x), int(y)) for y, x in zip(*np.nonzero(floor.rooms >= 0))]
    for trial in range(2000):
        start = rnd.choice(tiles)
        room = floor.room_at(*start)
        mates = [t for t in tiles if floor.room_at(*t) == room]
        target = rnd.choice(mates)
        blocked = set(rnd.sample(mates, len(mates) // 4))
        if trial % 50 == 0:  # doors change as the game goes on
            x, y, side, kind = rnd.choice(list(floor.door_edges()))
            floor.set_edge(x, y, side, Edge.OPEN_DOOR if kind == Edge.DOOR else Edge.DOOR)
        assert nav._greedy(start, target, room, blocked.__contains__) == \
            _reference_greedy(floor, start, target, room, blocked)


def _reference_search(floor: FloorMap, start: tuple[int, int], target: tuple[int, int], room: int,
                      blocked: set[tuple[int, int]]) -> tuple[int, int] | None:
    """The in-room search the game always made: breadth first over the room's free tiles, each
    tile's steps in ``DIRECTIONS_8`` order, the first step of the first way found."""
    came_from: dict[tuple[int, int], tuple[int, int] | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here == target:
            while came_from[here] != start:
                here = came_from[here]  # type: ignore[assignment]
            return here[0] - start[0], here[1] - start[1]
        for dx, dy in DIRECTIONS_8:
            nxt = (here[0] + dx, here[1] + dy)
            if not floor.can_step(*here, dx, dy) or nxt in came_from or floor.room_at(*nxt) != room:
                continue
            if nxt != target and nxt in blocked:
                continue
            came_from[nxt] = here
            queue.append(nxt)
    return None


@pytest.mark.parametrize("crowd", [4, 2, 1])
def test_a_monster_s_way_round_a_crowd_is_the_one_it_always_took(crowd: int) -> None:
    """The search behind a blocked greedy step (asking ``blocked`` once a tile, and giving up at
    once when a crowd closes the target off) finds the step the plain search finds, or none."""
    rnd = random.Random(crowd)
    floor = generate_dungeon(Rng.stream(2, "path-cache-search")).map
    nav = Navigation(floor, RoomGraph(floor))
    tiles = [(int(x), int(y)) for y, x in zip(*np.nonzero(floor.rooms >= 0))]
    outcomes = {"step": 0, "none": 0}
    for trial in range(1500):
        start = rnd.choice(tiles)
        room = floor.room_at(*start)
        mates = [t for t in tiles if floor.room_at(*t) == room]
        if len(mates) < 2:
            continue
        target = rnd.choice([t for t in mates if t != start])  # (a monster on its goal never asks)
        blocked = set(rnd.sample(mates, len(mates) // crowd)) | {start}  # (the monster stands there)
        if trial % 50 == 0:
            x, y, side, kind = rnd.choice(list(floor.door_edges()))
            floor.set_edge(x, y, side, Edge.OPEN_DOOR if kind == Edge.DOOR else Edge.DOOR)
        want = _reference_search(floor, start, target, room, blocked)
        assert nav._searched(start, target, room, blocked.__contains__) == want, (start, target)
        outcomes["none" if want is None else "step"] += 1
    assert min(outcomes.values()) >= 20, f"both ways out are tried: {outcomes}"
