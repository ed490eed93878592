"""Fire (SPEC TER-3): it spreads over grass, never across a wall, a closed door or water, burns
out to ash, burns who stands in it, and is lit by a firebolt, a blast and a potion of incineration."""

from __future__ import annotations

import numpy as np

from game.map.edges import Edge
from game.map.floor_map import Side
from game.map.ground import Ground
from game.rng import Rng
from game.world import fire
from game.world.hazards import crossings
from game.world.actions import Move, UseSlot, Wait
from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.game import Game
from game.world.zaps import Zap

# A meadow of grass, wall-less: fire has room to run.
MEADOW = """
+-+-+-+-+-+
|, , , , ,|
+         +
|, , , , ,|
+         +
|@ , , , ,|
+-+-+-+-+-+
"""
# Grass on both sides of a wall (west) and of deep water (east).
SPLIT = """
+-+-+-+-+-+-+-+-+-+
|, ,|, , , ~ , , ,|
+   +             +
|@ ,|, , , ~ , , ,|
+-+-+-+-+-+-+-+-+-+
"""
# Grass on both sides of a closed door.
CLOSET = """
+-+-+-+-+-+-+
|, , ,D, , ,|
+     +     +
|@ , ,|, , ,|
+-+-+-+-+-+-+
"""


def field(plan: str = MEADOW, legend: dict[str, str] | None = None) -> Game:
    return game_on_plan(plan, legend, ground=GROUND_MARKS)


def burn(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.perform(Wait())


def test_fire_spreads_over_grass_and_burns_out_to_ash() -> None:
    game = field()
    terrain = game.floor.terrain
    assert terrain is not None
    assert fire.ignite(game, [(4, 0)]) == [(4, 0)]
    burn(game, 40)
    assert np.count_nonzero(terrain.ground == Ground.ASH) >= 12, "the fire ran over the meadow"
    assert not terrain.fire.any(), "and went out"
    ash = [tuple(p) for p in np.argwhere(terrain.ground == Ground.ASH)]
    assert not fire.ignite(game, [(int(x), int(y)) for y, x in ash]), "ash never burns again"


def test_fire_never_crosses_a_wall_nor_water() -> None:
    game = field(SPLIT)
    terrain = game.floor.terrain
    assert terrain is not None
    fire.ignite(game, [(3, 0), (3, 1)])  # the strip between the wall and the water
    burn(game, 40)
    assert not (terrain.ground[:, 0:2] == Ground.ASH).any(), "no fire went through the wall"
    assert (terrain.ground[:, 6:] == Ground.GRASS).all(), "nor over the water"
    assert (terrain.ground[:, 5] == Ground.WATER).all(), "water stays water"
    assert (terrain.ground[:, 2:5] == Ground.ASH).all(), "while the strip burnt"


def test_fire_never_spreads_through_a_closed_door_until_it_burns_open() -> None:
    game = field(CLOSET)
    terrain = game.floor.terrain
    assert terrain is not None
    down, right = crossings(game.floor.map)
    terrain.fire[0, 2] = 3  # beside the door, on its west
    for seed in range(60):
        caught = fire.spread(terrain, down, right, Rng(seed))
        assert not caught[0, 3], "never through the closed door"
    assert any(fire.spread(terrain, down, right, Rng(seed))[0, 1] for seed in range(60)), "but over open grass"
    for _ in range(60):  # keep the grass beside the door burning until the door catches
        terrain.fire[0, 2] = max(int(terrain.fire[0, 2]), 1)
        terrain.ground[0, 2] = Ground.GRASS
        burn(game, 1)
        if game.floor.map.edge(3, 0, Side.W) == Edge.OPEN_DOOR:
            break
    assert game.floor.map.edge(3, 0, Side.W) == Edge.OPEN_DOOR, "the wooden door burnt open"
    terrain.ground[0, 2], terrain.fire[0, 2] = Ground.BRUSH, 6  # a fire that lasts beside the open door
    burn(game, 30)
    assert (terrain.ground[0, 3:] == Ground.ASH).any(), "and the fire came through it"


def test_standing_in_fire_burns_the_player_and_monsters() -> None:
    game = field("""
+-+-+-+-+-+
|@ , , r .|
+-+-+-+-+-+
""", {"r": "rat"})
    before = game.player.hp
    game.perform(Move(1, 0))
    fire.ignite(game, [(1, 0)])
    game.perform(Wait())
    assert game.player.hp < before
    assert any("You burn!" in m.text for m in game.log.messages)


def test_a_firebolt_lights_the_grass_it_crosses() -> None:
    game = field()
    game.inventory.add("staff_firebolt")
    terrain = game.floor.terrain
    assert terrain is not None
    game.perform(Zap(4, 2, "staff_firebolt"))
    lit = terrain.fire[2, 1:5] > 0
    assert lit.any() or (terrain.ground[2, 1:5] == Ground.ASH).any()
    assert any("catches fire" in m.text for m in game.log.messages)


def test_a_blast_and_a_potion_of_incineration_light_the_ground() -> None:
    game = field()
    terrain = game.floor.terrain
    assert terrain is not None
    game.player.x, game.player.y = 2, 1
    game.update_visibility()
    game.inventory.add("potion_incineration")
    game.perform(UseSlot(len(game.inventory.slots) - 1))
    assert np.count_nonzero(terrain.fire) >= 8, "the grass all round the drinker caught"
