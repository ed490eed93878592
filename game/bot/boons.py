"""Which boon the bot takes when a fallen Warden offers them (SPEC GRW-1, ROB-4): the one it
judges best for how it fights, chosen through ``Autoplayer.choose`` (so its policy picks, and the
choice counts for the balance tool)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.items import charged
from game.world.action import Action
from game.world.boons import ChooseBoon

if TYPE_CHECKING:
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

PREFERENCE = ("vigour", "might", "bulwark", "regeneration", "arcana", "shadow", "lore")
"""Best first, for a bot that fights most things head on."""


def worth(game: Game, boon: str) -> int:
    """How much the bot values ``boon`` now: its place in ``PREFERENCE``, with arcana first when
    it carries two charged things or more, and shadowstrike first with a dagger (the bot sneaks
    on sleepers)."""
    if boon == "arcana" and sum(charged(kind) for kind, _ in game.inventory.slots) >= 2:
        return -1
    if boon == "shadow" and game.inventory.weapon_kind().style == "sneak":
        return -1
    return PREFERENCE.index(boon)


def choose_boon(bot: Autoplayer, game: Game) -> Action:
    """The boon to take of those offered (there are some)."""
    offered = list(game.boons.offer)
    best = min(range(len(offered)), key=lambda i: (worth(game, offered[i]), i))
    return ChooseBoon(bot.choose(offered, best))
