"""Whatever sees you is shown, and whatever is shown sees you (TRU-3, VIS-4, VIS-5):
the map draws, the sidebar lists under *In view*, hover names and a walk stops for exactly
the monsters that see the player, by the room and by the tile."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.app.describe import tile_text
from game.app.walking import Walk
from game.render.camera import Camera
from game.render.layout import TILE
from game.render.sidebar_in_view import in_view
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.actions import Wait
from game.tools.gallery.shown import NEXT_ROOM  # the gallery's picture of it too
from tests.helpers import game_on


DOOR_SIDE = (4, 1)


def next_room(sight: str):
    game = game_on(NEXT_ROOM, {"g": "goblin"})
    game.sight = sight
    game.update_visibility()
    goblin = game.floor.actors[0]
    goblin.state = "idle"
    return game, goblin


def drawn(display: pygame.Surface, game, view: PlayView, monster) -> bool:
    """Whether the map shows ``monster``: its tile drawn with it differs from its tile without it."""
    def tile() -> np.ndarray:
        view.sync(game, 0)
        camera: Camera = view.draw(display, game, 10_000)
        x, y = camera.tile_origin(*monster.pos)
        return pygame.surfarray.array3d(display.subsurface((x, y, TILE, TILE))).copy()

    with_it = tile()
    hp, monster.hp = monster.hp, 0
    without = tile()
    monster.hp = hp
    view.sync(game, 0)
    return not np.array_equal(with_it, without)


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_the_goblin_beside_the_door_that_sees_you_is_drawn_listed_and_named(display, sight) -> None:
    game, goblin = next_room(sight)
    assert game.player_sees(goblin), "beside the open door it sees into the player's room"
    assert goblin in in_view(game), "listed under In view"
    assert drawn(display, game, PlayView(SpriteBank(TILE)), goblin), "drawn on the map"
    assert tile_text(game, goblin.pos).startswith("The goblin ("), "hover names it"
    game.perform(Wait())
    assert goblin.state == "hunting", "it saw the player, as the player saw it"


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_on_every_tile_of_the_next_room_shown_is_seeing(display, sight) -> None:
    game, goblin = next_room(sight)
    view = PlayView(SpriteBank(TILE))
    rooms = game.floor.map.rooms
    east = rooms[DOOR_SIDE[1], DOOR_SIDE[0]]
    seen_from = []
    for y, x in zip(*np.nonzero(rooms == east)):
        game.floor.move_actor(goblin, int(x), int(y))
        sees = game.player_sees(goblin)
        assert (goblin in in_view(game)) is sees, (x, y)
        assert drawn(display, game, view, goblin) is sees, (x, y)
        seen_from += [(int(x), int(y))] if sees else []
    assert DOOR_SIDE in seen_from and len(seen_from) < int((rooms == east).sum()), \
        "seen beside the door, not from everywhere"


def test_a_walk_stops_when_a_monster_that_sees_you_steps_beside_the_door() -> None:
    game, goblin = next_room("room")
    game.floor.move_actor(goblin, 7, 2)
    assert not game.player_sees(goblin)
    walk = Walk(game, "walk", [(1, 0), (2, 0)])
    assert walk.interrupted(game) is None
    game.floor.move_actor(goblin, *DOOR_SIDE)
    assert walk.interrupted(game) == "You see the goblin."


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_a_monster_in_smoke_two_tiles_off_is_neither_shown_nor_seeing(display, sight) -> None:
    game, goblin = next_room(sight)
    game.floor.move_actor(goblin, 2, 1)  # in the player's own room
    assert game.player_sees(goblin) and goblin in in_view(game)
    game.floor.smoke[goblin.pos] = game.turn + 5
    assert not game.player_sees(goblin)
    assert goblin not in in_view(game)
    assert not drawn(display, game, PlayView(SpriteBank(TILE)), goblin)
    assert tile_text(game, goblin.pos) == "Smoke, which hides whoever stands in it from afar. Floor", \
        "hover says why nothing is seen there"
