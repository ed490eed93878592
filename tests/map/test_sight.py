"""Sight by the tile through thin walls (VIS-5): ``game.map.sight.visible_tiles``
against its definition (``tests.sight_reference``), its properties, and drawn corner cases."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.map.ascii import parse_map
from game.map.edges import Edge
from game.map.floor_map import OUTSIDE, FloorMap, Side
from game.map.sight import visible_tiles
from tests.sight_reference import reference_visible

EDGE_KINDS = [Edge.OPEN] * 6 + [Edge.WALL] * 3 + [Edge.DOOR, Edge.OPEN_DOOR, Edge.LOCKED_DOOR, Edge.HULL]


def picture(mask: np.ndarray) -> list[str]:
    return ["".join("#" if v else "." for v in row) for row in mask.tolist()]


def check_fixture(plan: str, expected: str) -> None:
    """``plan`` has an ``@`` where the eye is; ``expected`` marks the visible tiles with ``#``."""
    area, marks = parse_map(plan)
    eye = next(pos for pos, mark in marks.items() if mark == "@")
    want = [line.strip() for line in expected.strip().splitlines()]
    assert picture(visible_tiles(area, eye)) == want
    assert picture(reference_visible(area, eye)) == want, "the fixture disagrees with the definition"


# --- drawn corner cases -----------------------------------------------------------------------
def test_a_door_jamb_is_grazed_not_blocking() -> None:
    # the segment from @ to the far corner passes exactly through the open door's jamb (wall end)
    check_fixture("""
+-+-+-+
|@ . .|
+ + +-+
|. o .|
+-+ +-+
  |. .|
  +-+-+
""", """
###
###
.##
""")


def test_an_l_room_hides_round_its_inner_corner_and_grazes_it() -> None:
    # from the end of the long arm: the first tile down the short arm is seen past the inner
    # corner's point (the segment grazes it), the rest of the short arm is round the corner
    check_fixture("""
+-+-+-+-+
|. . . @|
+ + +-+-+
|. .|
+ + +
|. .|
+-+-+
""", """
####
#...
....
""")
    check_fixture("""
+-+-+-+-+
|@ . . .|
+ + +-+-+
|. .|
+ + +
|. .|
+-+-+
""", """
####
##..
##..
""")


def test_a_pillar_of_one_tile_casts_a_shadow() -> None:
    check_fixture("""
+-+-+-+-+-+
|. . . . .|
+ + +-+ + +
|. .| |. .|
+ + +-+ + +
|@ . . . .|
+-+-+-+-+-+
""", """
###..
##...
#####
""")
    check_fixture("""
+-+-+-+-+-+-+
|. . . . . .|
+ +-+ + + + +
|.| |. . . .|
+ +-+ + + + +
|. . . . . @|
+-+-+-+-+-+-+
""", """
.#####
..####
######
""")


def test_a_diagonal_gap_blocks_and_a_grazed_wall_end_does_not() -> None:
    # walls meet only at the point between @ and the tile below-right: no squeezing through
    check_fixture("""
+-+-+
|@|.|
+-+ +
|. .|
+-+-+
""", """
#.
..
""")
    # one wall end touching that point: the segment grazes it and sees through
    check_fixture("""
+-+-+
|@|.|
+ + +
|. .|
+-+-+
""", """
#.
##
""")


def test_a_long_corridor_is_seen_to_its_end_and_not_round_its_bend() -> None:
    check_fixture("""
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+ +
                      |.|
                      + +
                      |.|
                      +-+
""", """
############
............
............
""")


def test_nothing_is_seen_through_a_closed_or_locked_door_and_all_through_an_open_one() -> None:
    plan = """
+-+-+-+-+
|@ .D. .|
+-+-+-+-+
"""
    check_fixture(plan, "##..")
    check_fixture(plan.replace("D", "L"), "##..")
    check_fixture(plan.replace("D", "o"), "####")
    check_fixture(plan.replace("D", "#"), "##..")


def test_tiles_outside_the_floor_are_never_seen_and_do_not_block() -> None:
    area, _ = parse_map("""
+-+-+-+
|.   .|
+-+-+-+
""")
    assert picture(visible_tiles(area, (0, 0))) == ["#.#"]
    assert not visible_tiles(area, (1, 0)).any()


def test_radius_counts_from_centre_to_centre() -> None:
    area = FloorMap.empty(9, 9)
    area.rooms[:] = 0
    area.refresh()
    seen = visible_tiles(area, (4, 4), radius=2.5)
    ys, xs = np.mgrid[0:9, 0:9]
    assert (seen == ((xs - 4) ** 2 + (ys - 4) ** 2 <= 6)).all()
    assert visible_tiles(area, (4, 4), radius=0).sum() == 1
    with pytest.raises(ValueError):
        visible_tiles(area, (9, 0))
    with pytest.raises(ValueError):
        visible_tiles(area, (0, 0), radius=-1)


def test_writing_the_edge_arrays_directly_never_leaves_the_tables_stale() -> None:
    area, _ = parse_map("""
+-+-+-+
|@ .D.|
+-+-+-+
""")
    assert picture(visible_tiles(area, (0, 0))) == ["##."]
    area.west[0, 2] = Edge.OPEN_DOOR  # behind the map's back: no set_edge, no refresh
    assert picture(visible_tiles(area, (0, 0))) == ["###"]
    area.set_edge(2, 0, Side.W, Edge.DOOR)
    assert picture(visible_tiles(area, (0, 0))) == ["##."]
    area.west[0, 2] = Edge.OPEN_DOOR  # behind its back, then a set_edge elsewhere: still no stale table
    area.set_edge(1, 0, Side.N, Edge.WALL)
    assert picture(visible_tiles(area, (0, 0))) == ["###"]


# --- properties over random thin-wall maps ---------------------------------------------------
@st.composite
def thin_wall_maps(draw: st.DrawFn) -> FloorMap:
    w, h = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    wall_share = draw(st.sampled_from([0.05, 0.2, 0.45]))
    area = FloorMap.empty(w, h)
    area.rooms[:] = np.where(rng.random((h, w)) < 0.9, 0, OUTSIDE)
    kinds = np.array(EDGE_KINDS, dtype=np.uint8)
    open_share = (1 - wall_share)
    weights = np.array([open_share / 6] * 6 + [wall_share / 7] * 7)
    weights /= weights.sum()
    area.north[:, :w] = rng.choice(kinds, size=(h + 1, w), p=weights)
    area.west[:h, :] = rng.choice(kinds, size=(h, w + 1), p=weights)
    area.refresh()
    return area


@settings(max_examples=60, deadline=None)
@given(area=thin_wall_maps(), radius=st.one_of(st.none(), st.floats(0, 10)))
def test_equal_to_the_definition_and_symmetric(area: FloorMap, radius: float | None) -> None:
    tiles = [(x, y) for y in range(area.height) for x in range(area.width)]
    seen = {}
    for eye in tiles:
        seen[eye] = visible_tiles(area, eye, radius)
        assert (seen[eye] == reference_visible(area, eye, radius)).all(), eye
    for ax, ay in tiles:
        for bx, by in tiles:
            assert seen[(ax, ay)][by, bx] == seen[(bx, by)][ay, ax]


@settings(max_examples=40, deadline=None)
@given(area=thin_wall_maps(), data=st.data())
def test_a_rectangular_room_is_seen_whole_from_inside(area: FloorMap, data: st.DataObject) -> None:
    x0, y0 = data.draw(st.integers(0, area.width - 1)), data.draw(st.integers(0, area.height - 1))
    x1, y1 = data.draw(st.integers(x0, area.width - 1)), data.draw(st.integers(y0, area.height - 1))
    area.rooms[y0:y1 + 1, x0:x1 + 1] = 0
    area.north[y0 + 1:y1 + 1, x0:x1 + 1] = Edge.OPEN
    area.west[y0:y1 + 1, x0 + 1:x1 + 1] = Edge.OPEN
    area.refresh()
    eye = (data.draw(st.integers(x0, x1)), data.draw(st.integers(y0, y1)))
    assert visible_tiles(area, eye)[y0:y1 + 1, x0:x1 + 1].all()


@settings(max_examples=40, deadline=None)
@given(area=thin_wall_maps(), data=st.data())
def test_a_closed_door_hides_like_a_wall_and_an_open_one_like_nothing(area: FloorMap, data: st.DataObject) -> None:
    eye = (data.draw(st.integers(0, area.width - 1)), data.draw(st.integers(0, area.height - 1)))
    walled, opened = area.copy(), area.copy()
    for array in ("north", "west"):
        closed = np.isin(getattr(area, array), (Edge.DOOR, Edge.LOCKED_DOOR))
        getattr(walled, array)[closed] = Edge.WALL
        getattr(opened, array)[getattr(area, array) == Edge.OPEN_DOOR] = Edge.OPEN
    walled.refresh()
    opened.refresh()
    assert (visible_tiles(area, eye) == visible_tiles(walled, eye)).all()
    assert (visible_tiles(area, eye) == visible_tiles(opened, eye)).all()


@settings(max_examples=40, deadline=None)
@given(area=thin_wall_maps(), data=st.data())
def test_doors_opened_and_shut_one_by_one_keep_the_tables_exact(area: FloorMap, data: st.DataObject) -> None:
    eyes = [(x, y) for y in range(area.height) for x in range(area.width)][:12]
    for _ in range(data.draw(st.integers(1, 8))):
        side = data.draw(st.sampled_from([Side.N, Side.W]))
        x = data.draw(st.integers(0, area.width - (1 if side == Side.N else 0)))
        y = data.draw(st.integers(0, area.height - (0 if side == Side.N else 1)))
        area.set_edge(x, y, side, data.draw(st.sampled_from(EDGE_KINDS)))
        fresh = area.copy()
        for eye in eyes:
            assert (visible_tiles(area, eye) == visible_tiles(fresh, eye)).all()
