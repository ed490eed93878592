"""Thin walls on edges (DUN-1) and the movement rule over them."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.rng import Rng
from game.map.ascii import parse_map, render_map
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, Side, edge_toward, step_masks, tiles_of_edge

TWO_ROOMS = """
+-+-+-+-+-+
|. . .|. .|
+     +   +
|. . .D. .|
+     +   +
|. . .o. .|
+-+-+-+-+-+
"""


def test_edge_coordinates_follow_dun_1() -> None:
    assert edge_toward(2, 3, 0, -1) == (2, 3, Side.N)
    assert edge_toward(2, 3, 0, 1) == (2, 4, Side.N)  # south edge = north edge of the tile below
    assert edge_toward(2, 3, -1, 0) == (2, 3, Side.W)
    assert edge_toward(2, 3, 1, 0) == (3, 3, Side.W)  # east edge = west edge of the tile right
    assert tiles_of_edge(2, 4, Side.N) == ((2, 3), (2, 4))
    assert tiles_of_edge(3, 3, Side.W) == ((2, 3), (3, 3))


def test_ascii_round_trip_and_room_labels() -> None:
    floor, marks = parse_map(TWO_ROOMS)
    assert (floor.width, floor.height) == (5, 3)
    assert floor.rooms.tolist() == [[0, 0, 0, 1, 1]] * 3
    assert floor.edge(3, 1, Side.W) == Edge.DOOR and floor.edge(3, 2, Side.W) == Edge.OPEN_DOOR
    assert floor.edge(5, 0, Side.W) == Edge.WALL and floor.edge(0, 3, Side.N) == Edge.WALL
    again, _ = parse_map(render_map(floor, marks))
    assert np.array_equal(again.north, floor.north) and np.array_equal(again.west, floor.west)


def test_orthogonal_steps_cross_open_edges_and_open_doors_only() -> None:
    floor, _ = parse_map(TWO_ROOMS)
    assert floor.can_step(0, 0, 1, 0)
    assert not floor.can_step(2, 0, 1, 0), "wall"
    assert not floor.can_step(2, 1, 1, 0), "closed door"
    assert floor.can_step(2, 2, 1, 0), "open door"
    assert not floor.can_step(0, 0, -1, 0), "map border"


def test_diagonal_steps_never_pass_a_wall_end_or_a_doorway() -> None:
    floor, _ = parse_map(TWO_ROOMS)
    assert floor.can_step(0, 0, 1, 1), "inside a room"
    assert not floor.can_step(2, 1, 1, 1), "the corner touches a door: doorways are passed orthogonally"
    assert not floor.can_step(2, 2, 1, -1)
    pillar, _ = parse_map("""
+-+-+-+
|. . .|
+ +-+ +
|. . .|
+-+-+-+
""")
    assert not pillar.can_step(0, 0, 1, 1), "a wall segment ends at the corner"
    assert pillar.can_step(0, 0, 1, 0)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_step_masks_agree_with_can_step(seed: int) -> None:
    level = generate_dungeon(Rng(seed), DungeonParams(width=30, height=20, room_count=None))
    floor = level.map
    masks = step_masks(floor)
    for (dx, dy) in DIRECTIONS_8:
        for y in range(floor.height):
            for x in range(floor.width):
                assert bool(masks[(dx, dy)][y, x]) == floor.can_step(x, y, dx, dy), (x, y, dx, dy)
