"""Keeping a floor whole on foot (SPEC TER-1), on hand-drawn rooms: ``~`` deep water, ``v`` a
chasm, ``k`` a kept tile (a doorway's or the stairs': never flooded)."""

from __future__ import annotations

import numpy as np

from game.map.ascii import parse_map
from game.map.ground import Ground, bare
from game.mapgen.on_foot import mend, reachable_on_foot, split_rooms

MARKS = {"~": Ground.WATER, "v": Ground.CHASM}


def drawn(plan: str) -> tuple:
    floor, marks = parse_map(plan)
    ground = bare(floor.height, floor.width)
    kept = np.zeros((floor.height, floor.width), dtype=bool)
    for (x, y), mark in marks.items():
        if mark in MARKS:
            ground[y, x] = MARKS[mark]
        kept[y, x] = mark == "k"
    return floor, ground, kept


def picture(ground: np.ndarray) -> list[str]:
    chars = {Ground.FLOOR: ".", Ground.WATER: "~", Ground.CHASM: "v", Ground.BRIDGE: "="}
    return ["".join(chars[Ground(int(code))] for code in row) for row in ground]


RIVER = """
+-+-+-+-+-+-+-+-+-+
|k . ~ ~ . . . . .|
+ + + + + + + + + +
|. . . ~ ~ . . . .|
+ + + + + + + + + +
|. . . . ~ ~ . . .|
+ + + + + + + + + +
|. . . . . ~ ~ . .|
+-+-+-+-+-+-+-+-+-+
"""


def test_a_river_across_a_room_gets_planks_on_its_narrowest_crossing() -> None:
    floor, ground, kept = drawn(RIVER)
    assert split_rooms(floor.rooms, ground) == [0]
    assert not reachable_on_foot(floor, ground, (0, 0))[0, 8]
    mend(floor.rooms, ground, kept)
    assert split_rooms(floor.rooms, ground) == []
    assert reachable_on_foot(floor, ground, (0, 0))[0, 8], "the far bank is reached on foot"
    assert (ground == Ground.BRIDGE).sum() == 2, "the fewest planks: two across a river two wide"
    assert (ground == Ground.WATER).sum() == 6, "the rest of the river stays"


POCKET = """
+-+-+-+-+-+
|k . . . .|
+ + + + + +
|. ~ ~ ~ .|
+ + + + + +
|. ~ . ~ .|
+ + + + + +
|. ~ ~ ~ .|
+-+-+-+-+-+
"""


def test_a_pocket_too_small_to_matter_is_flooded_not_bridged() -> None:
    floor, ground, kept = drawn(POCKET)
    mend(floor.rooms, ground, kept)
    assert picture(ground)[2] == ".~~~.", "the one tile inside the pool became pool"
    assert not (ground == Ground.BRIDGE).any()


def test_a_pocket_holding_a_doorway_is_bridged_however_small() -> None:
    floor, ground, kept = drawn(POCKET.replace("|. ~ . ~ .|", "|. ~ k ~ .|"))
    mend(floor.rooms, ground, kept)
    assert ground[2, 2] == Ground.FLOOR and (ground == Ground.BRIDGE).sum() == 1
    assert reachable_on_foot(floor, ground, (0, 0))[2, 2]


TWO_ROOMS = """
+-+-+-+-+-+
|k . v|. .|
+ + + + + +
|. v k D .|
+ + + + + +
|v v .|. .|
+-+-+-+-+-+
"""


def test_rooms_are_mended_one_by_one_and_walls_are_not_crossed() -> None:
    floor, ground, kept = drawn(TWO_ROOMS)
    assert split_rooms(floor.rooms, ground) == [0], "the right-hand room is whole"
    mend(floor.rooms, ground, kept)
    standing = floor.floor_mask() & (ground != Ground.CHASM)
    assert reachable_on_foot(floor, ground, (0, 0))[standing].all()
    assert (ground == Ground.BRIDGE).sum() == 1, "one plank joins the doorway's piece"
    assert (ground == Ground.CHASM).sum() == 3
