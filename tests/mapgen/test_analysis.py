"""Level analysis (SPEC LVL-1): main path, side branches, loops."""

from __future__ import annotations

from game.mapgen.analysis import analyse
from game.mapgen.dungeon import generate_dungeon
from game.rng import Rng


def test_a_hand_made_room_graph() -> None:
    #  0 - 1 - 2 - 3        main path 0..3
    #      |   |
    #      4 - 5 - 6 - 7    a loop 1-2-5-4, a side branch 5-6-7
    doors = [(0, 1), (1, 2), (2, 3), (1, 4), (2, 5), (4, 5), (5, 6), (6, 7)]
    info = analyse(8, doors, 0, 3)
    assert info.main_path == (0, 1, 2, 3)
    assert info.distance_from_main == (0, 0, 0, 0, 1, 1, 2, 3)
    assert info.attached_to[7] == 2
    assert info.branch_ends == (7,)
    assert set(info.loop_rooms) == {1, 2, 4, 5}
    assert info.loop_count == 1


def test_generated_floors_have_main_paths_branches_and_loops() -> None:
    for seed in range(10):
        level = generate_dungeon(Rng(seed))
        rooms = level.map.rooms
        info = analyse(level.map.room_count, level.door_pairs, int(rooms[level.entrance[1], level.entrance[0]]),
                       int(rooms[level.exit[1], level.exit[0]]))
        assert info.main_path[0] != info.main_path[-1] and len(info.main_path) >= 3
        assert info.side_rooms and info.branch_ends and info.loop_count >= 1
        assert all(d >= 0 for d in info.distance_from_main), "one connected floor"
