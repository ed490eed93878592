"""Chasms (SPEC TER-6): a step into one drops you to the next floor, hurt a little, after asking;
a monster that falls is gone; a region's deepest floor has none to step into."""

from __future__ import annotations

from game.map.ground import WALKED
from game.world import chasm
from game.world.action import Done, Impossible
from game.world.actions import Move
from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.harm import step_harm

RIFT = """
+-+-+-+-+-+
|@ 0 0 r .|
+         +
|. 0 0 . .|
+-+-+-+-+-+
"""


def test_stepping_into_a_chasm_asks_first_then_falls_to_the_floor_below() -> None:
    game = game_on_plan(RIFT, ground=GROUND_MARKS)
    harm = step_harm(game, 1, 0)
    assert harm is not None and "chasm" in harm.question and "fall" in harm.question
    region, hp = game.region, game.player.hp
    assert isinstance(game.perform(Move(1, 0)), Done)
    assert (game.region, game.depth) == (region, 2), "the next floor of the region"
    assert game.floor_key == f"{region}:2"
    assert game.floor.map.is_floor(*game.player.pos)
    terrain = game.floor.terrain
    assert terrain is None or WALKED[terrain.ground_at(*game.player.pos)]
    assert hp - chasm.FALL_DAMAGE[1] <= game.player.hp <= hp - chasm.FALL_DAMAGE[0]
    words = " ".join(m.text for m in game.log.messages)
    assert "You fall into the chasm!" in words and "You land hard on floor 2" in words


def test_a_monster_pushed_into_a_chasm_is_gone() -> None:
    game = game_on_plan(RIFT, {"r": "rat"}, ground=GROUND_MARKS)
    rat = game.floor.actors[0]
    game.move_actor(rat, 2, 0)
    assert rat not in game.floor.actors and not rat.alive
    assert game.occupant((2, 0)) is None
    assert any("falls into the chasm" in m.text for m in game.log.messages)


def test_the_deepest_floor_has_no_floor_below_to_fall_to() -> None:
    game = game_on_plan(RIFT, ground=GROUND_MARKS)
    assert game.region is not None
    game.depth = game.world.floors(game.region)
    assert not chasm.below(game)
    assert isinstance(game.perform(Move(1, 0)), Impossible)
    assert game.player.pos == (0, 0) and step_harm(game, 1, 0) is None


LEDGE = """
+-+-+-+-+-+
|@ . 0 0 .|
+         +
|. . 0 0 .|
+-+-+-+-+-+
"""


def test_a_knife_thrown_into_a_chasm_falls_and_lies_on_the_floor_below_when_it_is_made() -> None:
    from game.world.game import Game
    from game.world.item_actions import Throw

    game = game_on_plan(LEDGE, ground=GROUND_MARKS)
    region = game.region
    assert region is not None
    game.inventory.add("throwing_knives", 1)
    assert isinstance(game.perform(Throw(2, 0, "throwing_knives")), Done)
    assert not game.floor.items, "nothing lies over the chasm"
    assert any("falls into the chasm" in m.text for m in game.log.messages)
    below = f"{region}:2"
    assert below not in game.floors and [i.kind for i in game.fallen[below]] == ["throwing_knives"]
    game = Game.from_dict(game.to_dict())  # still falling, saved
    assert [i.kind for i in game.fallen[below]] == ["throwing_knives"]
    game.perform(Move(1, 0))
    game.perform(Move(1, 0))  # into the chasm: the player falls after it
    assert game.floor_key == below and not game.fallen
    knives = [i for i in game.floor.items if i.kind == "throwing_knives"]
    assert len(knives) == 1 and game.floor.map.is_floor(knives[0].x, knives[0].y)
    terrain = game.floor.terrain
    assert terrain is None or WALKED[terrain.ground_at(knives[0].x, knives[0].y)]


def test_an_item_falling_to_a_floor_already_made_lies_there_at_once() -> None:
    game = game_on_plan(LEDGE, ground=GROUND_MARKS)
    region = game.region
    assert region is not None
    here = game.floor_key
    game.enter_dungeon(region, 2)  # the floor below is made
    below = game.floors[f"{region}:2"]
    before = len(below.items)
    game.enter_dungeon(region, 1)
    game.floors[here] = game.floor = game.floors[here]
    game.drop_item("potion_healing", (3, 1))  # as a foe dying over the chasm drops it
    assert not game.floor.items_at((3, 1)) and not game.fallen
    assert len(below.items) == before + 1 and below.items[-1].kind == "potion_healing"


def test_the_deepest_floor_keeps_what_lands_over_its_chasm() -> None:
    game = game_on_plan(LEDGE, ground=GROUND_MARKS)
    assert game.region is not None
    game.depth = game.world.floors(game.region)
    game.drop_item("potion_healing", (3, 1))
    assert [i.kind for i in game.floor.items_at((3, 1))] == ["potion_healing"] and not game.fallen
