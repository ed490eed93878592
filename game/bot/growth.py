"""What the bot does to grow stronger when nothing is in view (SPEC ITM-6, ITM-8): it drinks
potions of life and of strength, and spends a scroll of enchanting on what it wears, choosing
as its policy chooses (``Autoplayer.choose``: every choice counted for the balance tool)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.action import Action
from game.world.actions import Enchant

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

GROWTH_POTIONS = ("potion_life", "potion_strength")


def grow(bot: Autoplayer, game: Game) -> Action | None:
    """A potion of growth to drink, or an enchantment to spend, with no foe in view; else None."""
    if not bot.policy.uses_items or bot.fights.threats(game) or game.floor.vault_state is not None:
        return None
    for kind in GROWTH_POTIONS:
        drink = bot.fights.use(kind, game)
        if drink is not None:
            return drink
    if not game.inventory.count("scroll_enchanting"):
        return None
    options = [part for part in ("armour", "weapon") if getattr(game.inventory, part)] or ["weapon"]
    plus = game.magic.plus
    best = min(range(len(options)), key=lambda i: (plus.get(options[i], 0), i))  # the one enchanted least
    return Enchant(bot.choose(options, best))
