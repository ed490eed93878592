"""The island residents' minds (SPEC TER-8): a deer shies away and never fights; a wolf keeps to
its ground, hunting only the player who comes near and giving up once the player is far from
its home; on the island a dungeon's roamer (a goblin) keeps to its ground so too."""

from __future__ import annotations

import pytest

from game.ai.wild import LEASH, NOTICE, ROAM, SHY
from game.world.actions import Wait
from game.world.actor import Actor
from game.world.game import Game
from game.world.navigation import chebyshev


def quiet_island(seed: str = "2") -> Game:
    """A new run on its island with nobody on it but the player."""
    game = Game.new(seed)
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    return game


def open_land(game: Game, distance: int) -> tuple[int, int]:
    """A free tile of the player's region ``distance`` steps (Chebyshev) from the player, with open
    land between (every tile of the straight line on the region's floor)."""
    floor = game.floor.map
    px, py = game.player.pos
    region = floor.room_at(px, py)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)):
        line = [(px + dx * k, py + dy * k) for k in range(1, distance + 1)]
        if all(floor.room_at(x, y) == region and game.occupant((x, y)) is None for x, y in line):
            return line[-1]
    raise AssertionError("no open land")


def put(game: Game, kind: str, pos: tuple[int, int]) -> Actor:
    actor = game.spawn_monster(kind, *pos)
    actor.home = pos
    return actor


def wait(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.perform(Wait())


def test_a_deer_shies_away_from_the_player_and_never_bites() -> None:
    game = quiet_island()
    deer = put(game, "deer", open_land(game, 2))
    wait(game, 4)
    assert chebyshev(deer.pos, game.player.pos) > SHY
    assert game.player.hp == game.player.max_hp


def test_a_deer_left_alone_grazes_near_where_it_was_born() -> None:
    game = quiet_island()
    deer = put(game, "deer", open_land(game, 8))
    wait(game, 40)
    assert chebyshev(deer.pos, deer.home or deer.pos) <= ROAM + 1


def test_a_wolf_far_off_leaves_the_player_be() -> None:
    game = quiet_island()
    wolf = put(game, "wolf", open_land(game, NOTICE + 4))
    wait(game, 6)
    assert wolf.state == "idle" and game.player.hp == game.player.max_hp
    assert chebyshev(wolf.pos, game.player.pos) > NOTICE


def test_a_wolf_near_comes_at_the_player() -> None:
    game = quiet_island()
    wolf = put(game, "wolf", open_land(game, NOTICE - 2))
    wait(game, 8)
    assert wolf.state == "hunting" and chebyshev(wolf.pos, game.player.pos) == 1
    assert game.player.hp < game.player.max_hp


def test_a_wolf_gives_up_once_the_player_is_far_from_its_home_and_walks_back() -> None:
    game = quiet_island()
    wolf = put(game, "wolf", open_land(game, 3))
    wait(game, 1)
    assert wolf.state == "hunting"
    home = wolf.home or wolf.pos
    far = next((x, y) for y in range(game.floor.map.height) for x in range(game.floor.map.width)
               if game.floor.map.room_at(x, y) == game.floor.map.room_at(*home) and chebyshev((x, y), home) > LEASH + 2
               and game.occupant((x, y)) is None)
    game.move_actor(game.player, *far)
    wait(game, 30)
    assert wolf.state == "idle" and chebyshev(wolf.pos, home) <= ROAM + 1


@pytest.mark.parametrize("kind", ["goblin", "orc"])
def test_on_the_island_a_dungeon_roamer_keeps_to_its_ground(kind: str) -> None:
    game = quiet_island()
    roamer = put(game, kind, open_land(game, NOTICE + 4))
    wait(game, 6)
    assert roamer.state == "idle" and game.player.hp == game.player.max_hp
