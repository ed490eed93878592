"""Deep water (SPEC TER-5): the player swims, and heavy things slip away to the shore."""

from __future__ import annotations

from game.content.items import ITEMS
from game.world import water
from game.world.actions import Move, Wait
from game.world.drawn import GROUND_MARKS, game_on_plan

POND = """
+-+-+-+-+-+-+
|. . ~ ~ ~ .|
+           +
|@ . ~ ~ ~ .|
+-+-+-+-+-+-+
"""


def test_swimming_lets_heavy_things_slip_away_to_the_shore() -> None:
    game = game_on_plan(POND, ground=GROUND_MARKS)
    game.inventory.armour = "chain_armour"
    game.inventory.add("tnt", 2)
    game.inventory.add("javelins", 1)
    game.perform(Move(1, 0))
    game.perform(Move(1, 0))
    assert any("You swim into deep water" in m.text for m in game.log.messages)
    for _ in range(16):
        if not water.heavy_things(game):
            break
        game.perform(Wait())
    assert not water.heavy_things(game), "the javelin and both sticks slipped away, one a turn at most"
    assert game.inventory.count("potion_healing") == 1, "light things stay"
    assert game.inventory.armour == "chain_armour", "what is worn is in use: held fast"
    slipped = [m.text for m in game.log.messages if "slips away in the water" in m.text]
    assert len(slipped) == 3 and any(text.startswith("Your javelin") for text in slipped)
    assert any(text.startswith("One of your sticks of TNT") for text in slipped)
    ashore = sorted((item.kind, item.count) for item in game.floor.items)
    assert sum(count for kind, count in ashore if kind == "tnt") == 2 and ("javelins", 1) in ashore
    terrain = game.floor.terrain
    assert terrain is not None and all(terrain.ground_at(*item.pos) != 3 for item in game.floor.items)


def test_only_heavy_things_are_heavy() -> None:
    assert ITEMS["javelins"].heavy and ITEMS["tnt"].heavy and not ITEMS["plate_armour"].heavy
    assert not ITEMS["potion_healing"].heavy and not ITEMS["dagger"].heavy


def test_a_dry_step_sheds_nothing() -> None:
    game = game_on_plan(POND, ground=GROUND_MARKS)
    game.inventory.add("tnt", 3)
    for _ in range(20):
        game.perform(Wait())
    assert game.inventory.count("tnt") == 3
