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
    game.inventory.add("potion_healing", 1)
    game.perform(Move(1, 0))
    game.perform(Move(1, 0))
    assert any("You swim into deep water" in m.text for m in game.log.messages)
    for _ in range(12):
        if not water.heavy_things(game):
            break
        game.perform(Wait())
    assert not water.heavy_things(game), "the mail and both sticks slipped away, one a turn at most"
    assert game.inventory.count("potion_healing") == 2, "light things stay (one from the start, one added)"
    slipped = [m.text for m in game.log.messages if "slips away in the water" in m.text]
    assert any(text.startswith("Your chain mail") for text in slipped)
    ashore = sorted(item.kind for item in game.floor.items)
    assert ashore == ["chain_armour", "tnt"] and all(item.count in (1, 2) for item in game.floor.items)
    terrain = game.floor.terrain
    assert terrain is not None and all(terrain.ground_at(*item.pos) != 3 for item in game.floor.items)


def test_only_heavy_things_are_heavy() -> None:
    assert ITEMS["plate_armour"].heavy and ITEMS["tnt"].heavy and not ITEMS["leather_armour"].heavy
    assert not ITEMS["potion_healing"].heavy and not ITEMS["dagger"].heavy


def test_a_dry_step_sheds_nothing() -> None:
    game = game_on_plan(POND, ground=GROUND_MARKS)
    game.inventory.armour = "plate_armour"
    for _ in range(20):
        game.perform(Wait())
    assert game.inventory.armour == "plate_armour"
