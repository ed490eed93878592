"""Room-based visibility (SPEC VIS-1..3)."""

from __future__ import annotations

import pygame
import pytest

from game.world.actions import CloseDoor, Move
from game.map.ascii import parse_map
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


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_a_door_made_in_a_wall_in_sight_is_noted_and_noted_again_as_it_opens(sight: str) -> None:
    """VIS-3: the doors remembered follow the doors as they are, one made in a wall (a new door)
    as much as one opened (the floor's list of doors is kept until a door is made or taken away)."""
    from game.map.edges import Edge
    from game.map.floor_map import Side
    game = game_on(PLAN.replace("|. .o. .", "|. @o. ."))
    game.sight = sight
    game.update_visibility()
    memory = game.floor.door_memory
    assert (3, 2, int(Side.N)) not in memory, "a wall, not a door"
    for kind in (Edge.DOOR, Edge.OPEN_DOOR, Edge.DOOR):
        game.floor.map.set_edge(3, 2, Side.N, kind)  # beside the corridor in sight through the opening
        game.note_door_changed()
        game.update_visibility()
        assert memory[(3, 2, int(Side.N))] == kind, kind


def test_closing_the_door_cuts_the_view() -> None:
    game = game_on(PLAN.replace("|. .o. .", "|. @o. ."))
    beyond = game.floor.map.rooms[2, 2]
    assert beyond in game.floor.visible
    game.perform(CloseDoor())
    assert beyond not in game.floor.visible and game.floor.seen_rooms[beyond]


def test_a_door_opened_out_of_sight_is_drawn_as_last_seen(display) -> None:
    """VIS-3: the map remembers doors as the player saw them, not as they are."""
    from game.render.layout import TILE
    from game.render.sprites import SpriteBank
    from game.render.view import PlayView
    from game.map.edges import Edge
    from game.map.floor_map import Side
    game = game_on("""
+-+-+-+-+-+-+
|. .D@ .D. .|
+-+-+-+-+-+-+
""")
    game.perform(Move(-1, 0))  # opens the door west
    game.perform(Move(-1, 0))  # into the west room: the middle one still in sight
    game.perform(CloseDoor(1, 0))  # and shut behind: only the west room in sight
    assert game.floor.door_memory[(4, 0, int(Side.W))] == Edge.DOOR
    game.floor.map.set_edge(4, 0, Side.W, Edge.OPEN_DOOR)  # a monster opens the far door, unseen
    game.note_door_changed()
    game.update_visibility()
    assert game.floor.door_memory[(4, 0, int(Side.W))] == Edge.DOOR
    bank = SpriteBank(TILE)
    drawn: list[str] = []
    original = bank.dim
    bank.dim = lambda name: (drawn.append(name), original(name))[1]  # type: ignore[method-assign]
    view = PlayView(bank)
    view.sync(game, 0.0)
    view.draw(pygame.Surface(display.get_size()), game, 0.0, None, None)
    assert "door_closed_w" in drawn, drawn
    assert not any(n.startswith("door_open") for n in drawn), "drawn as last seen: shut"
