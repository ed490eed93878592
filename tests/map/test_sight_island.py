"""Sight on the island (VIS-5): mountains block, hills shorten; against the definition."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.map.sight_island import HILLS, MOUNTAIN, island_visible_tiles, segment_tiles
from game.mapgen import landmass
from game.tools.mapgen import generate
from tests.sight_reference import reference_island

PLAINS = landmass.PLAINS


def test_the_terrain_codes_are_the_generators() -> None:
    assert (HILLS, MOUNTAIN) == (landmass.HILLS, landmass.MOUNTAIN)


def test_a_mountain_is_seen_and_hides_what_is_behind_it() -> None:
    land = np.full((1, 7), PLAINS, dtype=np.uint8)
    land[0, 3] = MOUNTAIN
    assert island_visible_tiles(land, (0, 0), 10).astype(int).tolist() == [[1, 1, 1, 1, 0, 0, 0]]
    assert island_visible_tiles(land, (3, 0), 10).all(), "from a mountain top everything around is in sight"


def test_past_a_hill_sight_reaches_only_the_hill_radius() -> None:
    land = np.full((1, 9), PLAINS, dtype=np.uint8)
    land[0, 2] = HILLS
    seen = island_visible_tiles(land, (0, 0), 8, hill_radius=5)
    assert seen.astype(int).tolist() == [[1, 1, 1, 1, 1, 1, 0, 0, 0]]
    assert island_visible_tiles(land, (0, 0), 8).sum() == 5  # hill radius: half the radius (4)
    land[0, 2] = PLAINS
    assert island_visible_tiles(land, (0, 0), 8).sum() == 9


def test_two_mountains_touching_at_a_corner_block_the_diagonal_between_them() -> None:
    land = np.full((3, 3), PLAINS, dtype=np.uint8)
    land[0, 1] = land[1, 0] = MOUNTAIN
    assert not island_visible_tiles(land, (0, 0), 5)[2, 2]
    land[1, 0] = PLAINS  # one of them alone is only grazed
    assert island_visible_tiles(land, (0, 0), 5)[2, 2]


def test_segment_tiles_are_symmetric_under_reversal() -> None:
    for dx in range(-6, 7):
        for dy in range(-6, 7):
            crossed, sides = segment_tiles(dx, dy)
            back, back_sides = segment_tiles(-dx, -dy)
            assert sorted((dx + x, dy + y) for x, y in back) == sorted(crossed)
            assert {frozenset(((dx + a[0], dy + a[1]), (dx + b[0], dy + b[1]))) for a, b in back_sides} == \
                {frozenset(pair) for pair in sides}


def test_bad_arguments_are_refused() -> None:
    land = np.zeros((4, 4), dtype=np.uint8)
    for origin, radius in (((4, 0), 3), ((0, -1), 3), ((0, 0), -1), ((0, 0), 1000)):
        with pytest.raises(ValueError):
            island_visible_tiles(land, origin, radius)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), width=st.integers(1, 14), height=st.integers(1, 14),
       radius=st.floats(0, 9), hill=st.one_of(st.none(), st.floats(0, 9)))
def test_equal_to_the_definition_and_symmetric(seed: int, width: int, height: int, radius: float,
                                               hill: float | None) -> None:
    rng = np.random.default_rng(seed)
    land = rng.choice(7, size=(height, width), p=[.1, .1, .1, .25, .15, .15, .15]).astype(np.uint8)
    tiles = [(x, y) for y in range(height) for x in range(width)]
    seen = {eye: island_visible_tiles(land, eye, radius, hill) for eye in tiles}
    for eye in tiles[:: max(1, len(tiles) // 12)]:
        assert (seen[eye] == reference_island(land, eye, radius, hill)).all(), eye
    for ax, ay in tiles:
        for bx, by in tiles:
            assert seen[(ax, ay)][by, bx] == seen[(bx, by)][ay, ax]


@pytest.mark.parametrize("seed", ["1", "sight"])
def test_equal_to_the_definition_on_the_games_island(seed: str) -> None:
    island = generate("overworld", seed)
    ys, xs = np.nonzero(island.regions >= 0)
    rng = np.random.default_rng(5)
    for i in rng.choice(len(xs), 4, replace=False):
        eye = (int(xs[i]), int(ys[i]))
        for radius, hill in ((12, None), (9, 7)):
            assert (island_visible_tiles(island.terrain, eye, radius, hill)
                    == reference_island(island.terrain, eye, radius, hill)).all(), (seed, eye)
