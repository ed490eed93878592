"""What a run knows of its potions and scrolls (SPEC ITM-5, ITM-8, ITM-9): looks dealt per
seed, names that follow what is known, enchantments on items, all saved."""

from __future__ import annotations

import json

import pytest

from game import SAVE_VERSION
from game.content.items import ITEMS
from game.world import magic
from game.world.action import Done
from game.world.actions import Move, PickUp, UseSlot
from game.world.game import Game
from game.world.saving import SaveError
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+
|@ s . . . .|
+           +
|. . . . . >|
+-+-+-+-+-+-+
"""


def a(words: str) -> str:
    return ("an " if words[0] in "aeiou" else "a ") + words


def slot_of(game: Game, kind: str) -> int:
    return [k for k, _ in game.inventory.slots].index(kind)


def test_looks_are_the_same_for_one_seed_and_shuffled_between_seeds() -> None:
    assert Game.new("daily").magic.looks == Game.new("daily").magic.looks, "the daily shows everyone the same"
    colours = {seed: tuple(magic.deal_looks(seed)[k] for k in magic.POTION_KINDS) for seed in range(12)}
    assert len(set(colours.values())) == 12, "each seed deals the potions' colours anew"
    looks = magic.deal_looks(3)
    assert len(set(looks.values())) == len(looks), "no two kinds look alike"
    assert all(len(looks[k].split()) in (2, 3) and looks[k].isupper() for k in magic.SCROLL_KINDS)


def test_an_unknown_potion_is_named_by_its_colour_until_drunk_then_by_its_kind_everywhere() -> None:
    game = game_on(ROOM)
    colour = game.magic.looks["potion_strength"]
    game.inventory.add("potion_strength", 2)
    assert magic.item_name(game, "potion_strength", article=True) == a(f"{colour} potion")
    assert magic.item_name(game, "potion_strength", 2) == f"2 {colour} potions"
    assert magic.description(game, "potion_strength").startswith("An unknown potion. Drink it to learn")
    assert magic.sprite_of(game, "potion_strength") == f"potion_look_{colour}"
    result = game.perform(UseSlot(slot_of(game, "potion_strength")))
    assert isinstance(result, Done) and "(It was a potion of strength.)" in result.message
    assert any(f"You drink {a(colour)} potion." == m.text for m, _ in game.log.last(3))
    assert magic.item_name(game, "potion_strength") == "potion of strength"
    assert magic.sprite_of(game, "potion_strength") == "potion_strength"
    assert "stronger for good" in magic.description(game, "potion_strength")


def test_an_unknown_scroll_is_a_title_and_the_healing_potion_is_known_from_the_start() -> None:
    game = game_on(ROOM)
    title = game.magic.looks["scroll_enchanting"]
    assert magic.item_name(game, "scroll_enchanting", article=True) == f"a scroll titled {title}"
    assert magic.item_name(game, "scroll_enchanting", 3) == f"3 scrolls titled {title}"
    assert magic.item_name(game, "potion_healing", article=True) == "a healing potion"
    assert magic.item_name(game, "tnt", 2) == "2 sticks of TNT", "other things are named as before"


def test_what_lies_underfoot_and_what_is_picked_up_go_by_their_looks() -> None:
    game = game_on(ROOM, {"s": "scroll_aggravate"})
    title = game.magic.looks["scroll_aggravate"]
    result = game.perform(Move(1, 0))
    assert isinstance(result, Done) and result.message == f"You see a scroll titled {title} here."
    assert game.perform(PickUp()) == Done(f"You pick up a scroll titled {title}.")


def test_a_worn_weapon_swapped_for_another_lies_on_the_floor_with_its_enchantment() -> None:
    game = game_on(ROOM, {"s": "sword"})
    game.magic.plus["weapon"] = 2
    game.perform(Move(1, 0))
    assert game.perform(PickUp()) == Done("You take the sword and leave the +2 dagger.")
    assert game.magic.plus["weapon"] == 0
    [dagger] = game.floor.items_at(game.player.pos)
    assert (dagger.kind, dagger.enchant) == ("dagger", 2)
    game.perform(Move(1, 0))
    assert game.perform(Move(-1, 0)) == Done("You see a +2 dagger here.")
    assert game.perform(PickUp()) == Done("You take the +2 dagger and leave the sword. It deals 3 times the damage to a sleeping or unaware foe.")
    assert game.magic.plus["weapon"] == 2


def test_a_save_keeps_what_is_known_the_enchantments_the_spells_and_the_growth() -> None:
    game = game_on(ROOM, {"s": "sword"})
    game.magic.plus["weapon"] = 1
    game.perform(Move(1, 0))
    game.perform(PickUp())  # the +1 dagger lies here now
    game.magic.plus["armour"], game.magic.strength = 3, 2
    game.magic.spells["confusion"] = 5
    game.record.choices = 4
    magic.identify(game, "scroll_identify")
    loaded = Game.from_text(json.dumps(game.to_dict()))
    assert loaded.magic.known == ["potion_healing", "scroll_identify"]
    assert loaded.magic.looks == game.magic.looks, "the looks come again from the seed"
    assert (loaded.magic.plus, loaded.magic.strength, loaded.magic.spells["confusion"]) == ({"weapon": 0, "armour": 3},
                                                                                           2, 5)
    assert loaded.record.choices == 4
    assert [i.enchant for i in loaded.floor.items_at(game.player.pos)] == [1]
    assert loaded.digest() == game.digest()


def test_a_save_of_the_format_before_potions_and_scrolls_is_refused_by_its_version() -> None:
    data = Game.new("old").to_dict()
    assert SAVE_VERSION == 11
    data["version"] = 9
    del data["magic"]
    with pytest.raises(SaveError, match="this save is from version 9; this game reads version 11"):
        Game.from_dict(data)


def test_a_save_that_knows_a_kind_twice_or_a_kind_that_is_no_potion_is_refused() -> None:
    data = Game.new("damaged").to_dict()
    data["magic"]["known"] = ["potion_healing", "potion_healing"]
    with pytest.raises(SaveError, match="^magic.known"):
        Game.from_dict(data)
    data["magic"]["known"] = ["tnt"]
    with pytest.raises(SaveError, match="^magic.known"):
        Game.from_dict(data)


def test_every_potion_and_scroll_has_a_look_and_there_are_enough_kinds() -> None:
    assert len(magic.POTION_KINDS) >= 8 and len(magic.SCROLL_KINDS) >= 7
    looks = magic.deal_looks(1)
    assert set(looks) == {k for k in ITEMS if k.startswith(("potion_", "scroll_"))}
