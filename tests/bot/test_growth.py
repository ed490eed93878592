"""The bot grows stronger between fights (SPEC ITM-6, ITM-8): it drinks potions of life and
strength and spends enchanting on what it wears, each choice counted; a naive bot does not."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.bot.policy import NAIVE
from game.world.actions import Enchant, UseSlot
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+
|@ . . . . >|
+-+-+-+-+-+-+
"""


def test_the_bot_drinks_growth_and_enchants_the_least_enchanted_part_it_wears() -> None:
    game = game_on(ROOM)
    game.inventory.armour = "leather_armour"
    game.inventory.add("potion_life", 1)
    game.inventory.add("scroll_enchanting", 2)
    bot = Autoplayer()
    drink = bot.next_action(game)
    assert isinstance(drink, UseSlot) and game.inventory.slots[drink.index][0] == "potion_life"
    game.perform(drink)
    first = bot.next_action(game)
    assert first == Enchant("armour") and bot.choices == 1
    game.perform(first)
    assert bot.next_action(game) == Enchant("weapon"), "then the part enchanted less"
    assert bot.choices == 2


def test_a_naive_bot_keeps_its_scrolls() -> None:
    game = game_on(ROOM)
    game.inventory.add("scroll_enchanting", 1)
    assert not isinstance(Autoplayer(NAIVE).next_action(game), Enchant)
