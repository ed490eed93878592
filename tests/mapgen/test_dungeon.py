"""Room floors (SPEC DUN-1..6): every seed gives a valid, fully reachable floor."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.content.items import ITEMS
from game.content.monsters import GUARDIANS, MONSTERS
from game.mapgen import connect, rooms as room_growth
from game.mapgen.analysis import analyse
from game.mapgen.dungeon import PASSES, DungeonParams, generate_dungeon
from game.mapgen.room_tiles import RoomTiles
from game.rng import Rng
from game.map.edges import IS_DOOR, Edge
from game.map.floor_map import OUTSIDE, FloorMap
from game.map.level import Level
from game.map.shapes import room_pieces
from tests.helpers import reachable_tiles


def check_walls(floor: FloorMap) -> None:
    """DUN-3: a wall or door exactly where the room changes; nothing elsewhere."""
    h, w = floor.height, floor.width
    padded = np.full((h + 2, w + 2), OUTSIDE, dtype=np.int32)
    padded[1:-1, 1:-1] = floor.rooms
    above, here = padded[0 : h + 1, 1 : w + 1], padded[1 : h + 2, 1 : w + 1]
    boundary_n = (above != here) & ((above != OUTSIDE) | (here != OUTSIDE))
    assert np.array_equal(floor.north[:, :w] != Edge.OPEN, boundary_n)
    left, here = padded[1 : h + 1, 0 : w + 1], padded[1 : h + 1, 1 : w + 2]
    boundary_w = (left != here) & ((left != OUTSIDE) | (here != OUTSIDE))
    assert np.array_equal(floor.west[:h, :] != Edge.OPEN, boundary_w)
    assert not floor.north[:, w].any() and not floor.west[h, :].any()


def check_doors_between_rooms(floor: FloorMap) -> list[tuple[int, int]]:
    pairs = []
    for x, y, side, _kind in floor.door_edges():
        a, b = floor.rooms_across(x, y, side)
        assert a != OUTSIDE and b != OUTSIDE and a != b, f"door at {(x, y, side)} is not between two rooms"
        pairs.append((min(a, b), max(a, b)))
    assert len(pairs) == len(set(pairs)), "at most one door per pair of rooms"
    return pairs


def check_rooms_contiguous(floor: FloorMap) -> None:
    """DUN-2: rooms grow orthogonally, so every room is one 4-connected piece."""
    rooms = floor.rooms
    count = floor.room_count
    assert set(np.unique(rooms).tolist()) - {OUTSIDE} == set(range(count)), "room ids are 0..n-1"
    for room in range(count):
        ys, xs = np.nonzero(rooms == room)
        members = set(zip(xs.tolist(), ys.tolist()))
        stack = [next(iter(members))]
        found = {stack[0]}
        while stack:
            x, y = stack.pop()
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if nxt in members and nxt not in found:
                    found.add(nxt)
                    stack.append(nxt)
        assert found == members, f"room {room} is not one piece"


def check_level(level: Level) -> None:
    floor = level.map
    check_walls(floor)
    check_rooms_contiguous(floor)
    door_pairs = check_doors_between_rooms(floor)
    reach = reachable_tiles(floor, level.entrance)
    assert np.array_equal(reach, floor.floor_mask()), "every floor tile is reachable from the entrance"
    adjacent = connect.shared_edges(floor.rooms)
    assert len(door_pairs) < len(adjacent), "not every adjacent pair of rooms gets a door"
    assert len(door_pairs) > floor.room_count - 1, "some loops beyond the spanning tree"
    entrance_room, exit_room = floor.rooms[level.entrance[1], level.entrance[0]], floor.rooms[level.exit[1], level.exit[0]]
    assert entrance_room != exit_room
    graph = connect.door_graph(floor.room_count, door_pairs)
    from_exit = connect.room_distances(graph, int(exit_room))
    assert from_exit[entrance_room] == max(from_exit), "the entrance is as far from the stairs as any room"


@pytest.mark.parametrize("seed", range(100))
def test_hundred_consecutive_seeds_give_valid_default_floors(seed: int) -> None:
    level = generate_dungeon(Rng(seed))
    assert (level.width, level.height) == (80, 50)
    assert 30 <= level.map.room_count <= 60
    check_level(level)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), width=st.integers(40, 110), height=st.integers(30, 70))
def test_any_seed_and_size_gives_a_valid_floor(seed: int, width: int, height: int) -> None:
    params = DungeonParams(width=width, height=height, room_count=None)
    check_level(generate_dungeon(Rng(seed), params))


def test_rooms_are_mostly_rectangles_with_some_l_shapes() -> None:
    """Count each room's pieces when cut into row runs: 1 = rectangle, 2 = L or notch."""
    shapes = {1: 0, 2: 0, "more": 0}
    for seed in range(30):
        floor = generate_dungeon(Rng(seed)).map
        for pieces in room_pieces(floor.rooms):
            shapes[len(pieces) if len(pieces) <= 2 else "more"] += 1
    total = sum(shapes.values())
    assert shapes[1] > shapes[2] > shapes["more"], shapes
    assert (shapes[1] + shapes[2]) / total >= 0.85, shapes


def test_same_seed_same_floor_and_different_seed_different_floor() -> None:
    a, b, c = generate_dungeon(Rng(11)), generate_dungeon(Rng(11)), generate_dungeon(Rng(12))
    assert np.array_equal(a.map.rooms, b.map.rooms) and np.array_equal(a.map.north, b.map.north)
    assert np.array_equal(a.map.west, b.map.west) and a.entrance == b.entrance and a.exit == b.exit
    assert not np.array_equal(a.map.rooms, c.map.rooms)


def test_loop_fraction_controls_extra_doors() -> None:
    tree_only = generate_dungeon(Rng(3), DungeonParams(loop_fraction=0.0))
    all_doors = generate_dungeon(Rng(3), DungeonParams(loop_fraction=1.0))
    assert sum(1 for _ in tree_only.map.door_edges()) == tree_only.map.room_count - 1
    assert sum(1 for _ in all_doors.map.door_edges()) == len(connect.shared_edges(all_doors.map.rooms))


def test_pipeline_can_stop_after_every_pass() -> None:
    for name in PASSES:
        level = generate_dungeon(Rng(5), until=name)
        assert level.map.room_count > 0
    grown = generate_dungeon(Rng(5), until="grow").map
    walls = generate_dungeon(Rng(5), until="walls").map
    assert not IS_DOOR[walls.north].any() and not IS_DOOR[walls.west].any()
    assert (grown.rooms == OUTSIDE).sum() <= (walls.rooms == OUTSIDE).sum(), "pruning only removes rooms"
    with pytest.raises(ValueError):
        generate_dungeon(Rng(5), until="paint")


def test_tiny_maps_do_not_crash() -> None:
    for size in ((4, 4), (6, 5), (12, 8)):
        level = generate_dungeon(Rng(1), DungeonParams(width=size[0], height=size[1], room_count=None, min_room_area=1))
        assert level.map.is_floor(*level.entrance) and level.map.is_floor(*level.exit)


@pytest.mark.parametrize("seed", range(40))
def test_populated_floors_are_fair(seed: int) -> None:
    """DUN-5 with locks: a locked door's key is reachable before the door; the
    entrance room is quiet; everything stands on floor, one thing per tile for monsters."""
    depth = 2 + seed % 4
    level = generate_dungeon(Rng(seed), depth=depth)
    floor = level.map
    without_key = reachable_tiles(floor, level.entrance)
    keys = [p for p in level.placements if p.kind == "key"]
    locked = [d for d in floor.door_edges() if d[3] == Edge.LOCKED_DOOR]
    assert len(keys) == len(locked) <= 1
    for key in keys:
        assert without_key[key.y, key.x], "the key lies on the near side of its lock"
    everything = reachable_tiles(floor, level.entrance, with_key=bool(keys))
    assert np.array_equal(everything, floor.floor_mask())
    entrance_room = floor.rooms[level.entrance[1], level.entrance[0]]
    monsters = [p for p in level.placements if p.kind in MONSTERS]
    assert monsters, "a floor has monsters"
    assert all(floor.rooms[p.y, p.x] != entrance_room for p in monsters)
    tiles = [(p.x, p.y) for p in level.placements]
    assert len(tiles) == len(set(tiles)) and all(floor.is_floor(*t) for t in tiles)
    assert level.exit not in tiles and level.entrance not in tiles


def test_deeper_floors_hold_more_and_tougher_monsters() -> None:
    def cost(depth: int) -> float:
        levels = [generate_dungeon(Rng(s), depth=depth) for s in range(15)]
        return sum(MONSTERS[p.kind].cost for lv in levels for p in lv.placements if p.kind in MONSTERS) / 15

    assert cost(1) < cost(3) < cost(6)


def test_treasure_at_branch_ends_is_guarded() -> None:
    guarded = 0
    for seed in range(20):
        level = generate_dungeon(Rng(seed), depth=3)
        floor = level.map
        info = analyse(floor.room_count, level.door_pairs, int(floor.rooms[level.entrance[1], level.entrance[0]]),
                       int(floor.rooms[level.exit[1], level.exit[0]]))
        for p in level.placements:
            if p.kind in ITEMS and ITEMS[p.kind].category in ("weapon", "armour"):
                room = floor.rooms[p.y, p.x]
                guards = [g for g in level.placements if g.kind in GUARDIANS and floor.rooms[g.y, g.x] == room]
                if room in info.branch_ends and guards:
                    guarded += 1
    assert guarded >= 15


def test_more_rooms_than_int16_holds() -> None:
    """Every size the tools accept works: room ids are int32; a floor of tiny rooms has more than
    32 767 of them and stays valid (walls where rooms change, every tile reachable)."""
    params = DungeonParams(width=360, height=360, seeds_per_tile=1.0, room_size=(1, 2), min_room_area=1,
                           room_count=None)
    level = generate_dungeon(Rng(1), params, until="stairs")
    assert level.map.room_count > 32_767
    check_walls(level.map)
    reach = reachable_tiles(level.map, level.entrance)
    assert np.array_equal(reach, level.map.floor_mask())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-1, 9), min_size=1, max_size=60), st.integers(1, 12))
def test_renumber_orders_rooms_by_their_first_tile(cells: list[int], width: int) -> None:
    """Ids become 0..n-1 in row-major order of each room's first tile; the same tiles stay
    together and outside stays outside."""
    rows = -(-len(cells) // width)
    grid = np.array(cells + [OUTSIDE] * (rows * width - len(cells)), dtype=np.int32).reshape(rows, width)
    out = room_growth.renumber(grid)
    assert np.array_equal(out == OUTSIDE, grid == OUTSIDE)
    firsts: list[int] = []
    for old in np.unique(grid[grid != OUTSIDE]).tolist():
        new = np.unique(out[grid == old])
        assert new.size == 1  # one old room is one new room
        firsts.append(int(np.flatnonzero(grid.ravel() == old)[0]))
    by_first = sorted(firsts)
    expected = {first: rank for rank, first in enumerate(by_first)}
    for old_first in firsts:
        assert out.ravel()[old_first] == expected[old_first]


@pytest.mark.parametrize("seed", range(6))
def test_take_near_hands_out_the_nearest_free_tile(seed: int) -> None:
    """Guards and shop wares go to the free tile nearest the chest or keeper (Chebyshev,
    ties by least (x, y)), the same answer a search of the whole room gives."""
    level = generate_dungeon(Rng(seed), until="stairs")
    rng = Rng(seed + 100)
    rooms = RoomTiles(level.map, rng, set())
    for _ in range(40):
        room = rng.below(level.map.room_count)
        pos = rng.choice(rooms.tiles(room))
        free = [t for t in rooms.tiles(room) if t not in rooms.taken]
        best = min(free, key=lambda t: (max(abs(t[0] - pos[0]), abs(t[1] - pos[1])), t)) if free else None
        assert rooms.take_near(pos) == best
        assert best is None or best in rooms.taken
    smallest = min(range(level.map.room_count), key=lambda r: len(rooms.tiles(r)))
    free = set(rooms.tiles(smallest)) - rooms.taken
    handed = [rooms.take_near(rooms.tiles(smallest)[0]) for _ in range(len(free) + 1)]
    assert handed[-1] is None and set(handed[:-1]) == free  # every free tile once, then none
