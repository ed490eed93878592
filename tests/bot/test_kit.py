"""The smart bot learns its potions and scrolls by use when it is safe, and readies itself for a
Warden (SPEC ROB-4, ``game.bot.kit``); the standard bot does none of it."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.bot.policy import SMART, STANDARD
from game.world import magic
from game.world.actions import Identify, UseSlot, Wait
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . >|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def _used(game, action) -> str | None:
    """The kind in the slot ``action`` uses, if it is a use."""
    return game.inventory.slots[action.index][0] if isinstance(action, UseSlot) else None


def test_safe_and_healthy_it_drinks_an_unknown_potion_and_learns_it() -> None:
    game = game_on(ROOM)
    game.inventory.add("potion_darkness")
    action = Autoplayer(SMART).next_action(game)
    assert _used(game, action) == "potion_darkness"
    game.perform(action)
    assert magic.knows(game, "potion_darkness") and not game.inventory.count("potion_darkness")


def test_it_reads_its_unknown_scrolls_before_it_drinks() -> None:
    game = game_on(ROOM)
    game.inventory.add("potion_darkness")
    game.inventory.add("scroll_protect_armour")
    assert _used(game, Autoplayer(SMART).next_action(game)) == "scroll_protect_armour"


def test_a_foe_in_view_or_a_wound_and_it_keeps_its_unknown_potion() -> None:
    game = game_on(ROOM)
    game.inventory.add("potion_darkness")
    game.spawn_monster("rat", 8, 1)
    game.update_visibility()
    assert _used(game, Autoplayer(SMART).next_action(game)) != "potion_darkness", "not with a rat in view"
    game = game_on(ROOM)
    game.inventory.add("potion_darkness")
    game.player.hp = game.player.max_hp // 2
    assert _used(game, Autoplayer(SMART).next_action(game)) != "potion_darkness", "not when hurt"


def test_it_decides_by_what_it_knows_not_by_what_the_potion_is() -> None:
    """A potion of confusion it has not learnt is tried like any unknown one; one it knows is kept."""
    game = game_on(ROOM)
    game.inventory.add("potion_confusion")
    assert _used(game, Autoplayer(SMART).next_action(game)) == "potion_confusion"
    magic.identify(game, "potion_confusion")
    assert _used(game, Autoplayer(SMART).next_action(game)) != "potion_confusion"


def test_a_known_scroll_of_identify_goes_to_an_unknown_potion() -> None:
    game = game_on(ROOM)
    game.inventory.add("scroll_aggravate")
    game.inventory.add("potion_incineration")
    game.inventory.add("scroll_identify")
    magic.identify(game, "scroll_identify")
    action = Autoplayer(SMART).next_action(game)
    assert action == Identify("potion_incineration")
    game.perform(action)
    assert magic.knows(game, "potion_incineration") and not magic.knows(game, "scroll_aggravate")


def test_an_unknown_scroll_of_identify_read_then_names_a_potion() -> None:
    """Reading it asks which (two unknown kinds besides): the bot answers with a potion."""
    game = game_on(ROOM)
    game.inventory.add("scroll_identify")
    game.inventory.add("potion_incineration")
    game.inventory.add("scroll_aggravate")
    bot = Autoplayer(SMART)
    first = bot.next_action(game)
    assert _used(game, first) in ("scroll_identify", "scroll_aggravate")
    if _used(game, first) == "scroll_aggravate":  # (either unknown scroll may come first)
        game.perform(first)
        first = bot.next_action(game)
    bot.record(game, game.perform(first))
    assert bot.next_action(game) == Identify("potion_incineration")


def test_confused_with_nothing_in_view_it_waits_for_its_head_to_clear() -> None:
    game = game_on(ROOM)
    game.magic.spells["confusion"] = 5
    assert Autoplayer(SMART).next_action(game) == Wait()


def test_a_warden_in_view_it_wards_its_armour_and_takes_speed() -> None:
    game = game_on(ROOM)
    game.inventory.add("scroll_protect_armour")
    game.inventory.add("potion_speed")
    game.spawn_monster("warden_brute", 9, 1)
    game.update_visibility()
    bot = Autoplayer(SMART)
    assert _used(game, bot.next_action(game)) != "scroll_protect_armour", "an unknown scroll is not a ward"
    magic.identify(game, "scroll_protect_armour")
    ward = bot.next_action(game)
    assert _used(game, ward) == "scroll_protect_armour"
    game.perform(ward)
    assert magic.under(game, "ward")
    magic.identify(game, "potion_speed")
    assert _used(game, bot.next_action(game)) == "potion_speed"


def test_the_standard_bot_tries_nothing_unknown() -> None:
    game = game_on(ROOM)
    game.inventory.add("potion_darkness")
    game.inventory.add("scroll_aggravate")
    assert _used(game, Autoplayer(STANDARD).next_action(game)) is None
    game.magic.spells["confusion"] = 5
    assert Autoplayer(STANDARD).next_action(game) != Wait()
