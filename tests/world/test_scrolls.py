"""What each scroll does (SPEC ITM-7, ITM-8): read from its slot, and the two that ask first."""

from __future__ import annotations

from game.run.recording import decode, encode
from game.world import charges, magic
from game.world.action import Done, Impossible, NeedsTarget, Result
from game.world.actions import UseSlot, Wait
from game.world.combat import stats_of
from game.world.game import Game
from game.world.scrolls import Enchant, Identify
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+
|@ . . . . . . .|
+               +
|. . . . . . z >|
+-+-+-+-+-+-+-+-+
"""


def read(game: Game, kind: str) -> Result:
    if game.inventory.count(kind) == 0:
        game.inventory.add(kind, 1)
    return game.perform(UseSlot([k for k, _ in game.inventory.slots].index(kind)))


def test_mapping_shows_the_whole_floor_and_is_known_after() -> None:
    game = game_on(ROOM)
    result = read(game, "scroll_mapping")
    assert isinstance(result, Done) and "(It was a scroll of mapping.)" in result.message
    assert game.floor.seen_rooms.all() and magic.knows(game, "scroll_mapping")


def test_teleportation_moves_the_reader() -> None:
    game = game_on(ROOM)
    here = game.player.pos
    assert isinstance(read(game, "scroll_teleport"), Done) and game.player.pos != here


def test_enchanting_asks_what_shows_what_each_will_do_and_enchants_only_the_choice() -> None:
    game = game_on(ROOM)
    game.inventory.armour = "leather_armour"
    game.inventory.add("scroll_enchanting", 2)
    asked = read(game, "scroll_enchanting")
    assert isinstance(asked, NeedsTarget) and asked.kind == "enchant"
    assert asked.prompt == "It is a scroll of enchanting. Enchant what?", "reading it tells what it is"
    assert asked.choices == (("weapon", "Dagger: damage 2-5 -> 3-6, accuracy +3 -> +4"),
                             ("armour", "Leather armour: armour 2 -> 3"))
    assert game.inventory.count("scroll_enchanting") == 2, "asking spends nothing"
    armour = stats_of(game, game.player).armour
    done = game.perform(Enchant("armour"))
    assert done == Done("Your leather armour glows: +1 leather armour (armour 2 -> 3).")
    assert stats_of(game, game.player).armour == armour + 1
    assert game.magic.plus == {"weapon": 0, "armour": 1}, "the armour only"
    assert game.record.choices == 1, "one growth choice made"
    assert game.inventory.count("scroll_enchanting") == 1
    game.perform(Enchant("weapon"))
    assert stats_of(game, game.player).damage == (3, 6) and magic.worn_name(game, "weapon") == "+1 dagger"
    assert game.record.choices == 2
    assert game.perform(Enchant("weapon")) == Impossible("You have no scroll of enchanting.")


def test_enchanting_offers_only_what_is_worn_and_refuses_other_targets() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_firebolt", 1)
    game.inventory.add("scroll_enchanting", 1)
    asked = read(game, "scroll_enchanting")
    assert isinstance(asked, NeedsTarget) and [key for key, _ in asked.choices] == ["weapon"], "no armour worn"
    assert game.perform(Enchant("armour")) == Impossible("That cannot be enchanted.")
    assert game.perform(Enchant("staff_firebolt")) == Impossible("That cannot be enchanted.")
    assert game.inventory.count("scroll_enchanting") == 1


def test_recharging_fills_the_staffs_carried_and_with_none_shows_nothing() -> None:
    game = game_on(ROOM)
    result = read(game, "scroll_recharging")
    assert isinstance(result, Done) and not magic.knows(game, "scroll_recharging"), "nothing showed"
    game.inventory.add("staff_firebolt", 1)
    state = charges.charge_of(game.inventory, "staff_firebolt")
    full, state.left = state.left, 0
    assert isinstance(read(game, "scroll_recharging"), Done) and state.left == full > 0
    assert magic.knows(game, "scroll_recharging")


def test_identify_names_the_only_unknown_kind_or_asks_which() -> None:
    game = game_on(ROOM)
    game.inventory.add("potion_life", 1)
    result = read(game, "scroll_identify")
    colour = game.magic.looks["potion_life"]
    assert isinstance(result, Done) and f"You learn that {colour} potions are potions of life." in result.message
    assert magic.knows(game, "potion_life") and game.inventory.count("potion_life") == 1, "known, not drunk"
    game.inventory.add("potion_confusion", 1)
    game.inventory.add("scroll_aggravate", 1)
    asked = read(game, "scroll_identify")
    assert isinstance(asked, NeedsTarget) and asked.kind == "identify"
    assert [key for key, _ in asked.choices] == ["potion_confusion", "scroll_aggravate"]
    assert dict(asked.choices)["scroll_aggravate"] == f"Scroll titled {game.magic.looks['scroll_aggravate']}"
    assert game.perform(Identify("tnt")) == Impossible("You carry nothing unknown of that kind.")
    assert isinstance(game.perform(Identify("scroll_aggravate")), Done)
    assert magic.knows(game, "scroll_aggravate") and not magic.knows(game, "potion_confusion")
    assert game.inventory.count("scroll_identify") == 0


def test_protect_armour_blunts_blows_for_a_while() -> None:
    game = game_on(ROOM)
    armour = stats_of(game, game.player).armour
    read(game, "scroll_protect_armour")
    assert stats_of(game, game.player).armour == armour + 2
    game.magic.spells["ward"] = 1
    game.perform(Wait())
    assert stats_of(game, game.player).armour == armour
    assert any(m.text == "The ward on your armour fades." for m, _ in game.log.last(3))


def test_aggravate_sends_the_whole_floor_to_the_reader() -> None:
    game = game_on(ROOM, {"z": "zombie"})
    zombie = next(m for m in game.floor.actors if m.kind == "zombie")
    zombie.state = "asleep"
    here = game.player.pos
    read(game, "scroll_aggravate")
    assert zombie.state in ("searching", "hunting") and zombie.target is not None
    assert zombie.target == here or zombie.state == "hunting"


def test_the_choices_are_commands_a_recording_keeps() -> None:
    for action in (Enchant("weapon"), Identify("potion_life")):
        assert decode(encode(action)) == action
