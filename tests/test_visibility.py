"""Room-based visibility (SPEC VIS-1..3)."""

from __future__ import annotations

from game.actions import CloseDoor, Move
from game.world.ascii import parse_map
from tests.helpers import game_on
from game.world.visibility import room_mask, visible_rooms

# room 0: an L-shape (concave); room 1 behind a closed door; room 2 behind an open door
PLAN = """
+-+-+-+-+-+-+-+
|. . . .|. . .|
+   +-+-+   + +
|. .|. .D. . .|
+   + +-+-+-+-+
|. .o. . . . .|
+-+-+-+-+-+-+-+
"""


def test_whole_room_is_visible_even_when_concave() -> None:
    floor, _ = parse_map(PLAN)
    room = floor.rooms[0, 0]
    assert floor.rooms[0, 3] == room and floor.rooms[2, 0] == room, "the L-shape is one room"
    assert visible_rooms(floor, 0, 2) == [room]
    mask = room_mask(floor, [room])
    assert mask[0, 3] and mask[2, 1], "the far ends of the L are both in sight"


def test_closed_door_blocks_sight_open_door_shows_the_room_beyond_from_next_to_it() -> None:
    floor, _ = parse_map(PLAN)
    beyond_open = floor.rooms[2, 2]
    beyond_closed = floor.rooms[1, 4]
    assert visible_rooms(floor, 3, 1) == [floor.rooms[1, 3]], "closed door at its east edge"
    assert beyond_open in visible_rooms(floor, 1, 2), "standing next to the open door"
    assert beyond_open not in visible_rooms(floor, 0, 2), "one tile away from it"
    assert beyond_closed not in visible_rooms(floor, 3, 1)


def test_opening_a_door_reveals_the_room_and_rooms_stay_remembered() -> None:
    game = game_on(PLAN.replace("|. .|. .D", "|. .|. @D").replace(". . .|\n+-+-+-+-+-+-+-+", ". . >|\n+-+-+-+-+-+-+-+"))
    east = game.floor.map.rooms[1, 4]
    assert not game.floor.seen_rooms[east]
    game.perform(Move(1, 0))  # bump: opens the door, one turn
    assert game.turn == 1 and game.player.pos == (3, 1)
    assert east in game.floor.visible and game.floor.seen_rooms[east]
    game.perform(Move(1, 0))
    game.perform(Move(1, 0))
    assert game.player.pos == (5, 1)
    assert game.floor.visible == [east]
    assert game.floor.seen_rooms[game.floor.map.rooms[1, 3]], "the room left behind is remembered"


def test_closing_the_door_cuts_the_view() -> None:
    game = game_on(PLAN.replace("|. .o. .", "|. @o. ."))
    beyond = game.floor.map.rooms[2, 2]
    assert beyond in game.floor.visible
    game.perform(CloseDoor())
    assert beyond not in game.floor.visible and game.floor.seen_rooms[beyond]
