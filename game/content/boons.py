"""Boons (SPEC GRW-1): at every fallen Warden but the last, the player chooses one of three.
Each row says what the boon does, in the words the choice shows; what it does to the numbers is
``game.world.boons``. A boon is taken once: it is never offered again in the run.

The boons are few and strong, each a different way to grow: a Warden is the run's milestone,
and the choice should be felt at once (more health, harder blows, a new way to fight, lore that
turns the unknown potions into tools).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Boon:
    name: str
    does: str
    """What it does, as the choice shows it (a phrase after the name: "Vigour: +10 most health...")."""


VIGOUR_HEALTH = 10
MIGHT = 2
BULWARK_ARMOUR, BULWARK_DEFENCE = 1, 2
SHADOW_TIMES, SHADOW_DAGGER_TIMES = 3, 5  # a dagger sneaks at x3 already: with the boon, x5
REGENERATION = 2  # times as fast (the words say "twice")
ARCANA = 2  # times as fast (the words say "twice")

BOONS: dict[str, Boon] = {
    "vigour": Boon("Vigour", f"+{VIGOUR_HEALTH} most health, and you are healed whole"),
    "might": Boon("Might", f"+{MIGHT} damage and accuracy to every blow, for good"),
    "bulwark": Boon("Bulwark", f"+{BULWARK_ARMOUR} armour and +{BULWARK_DEFENCE} defence, whatever you wear"),
    "shadow": Boon("Shadowstrike", f"a blow at a sleeping or unaware foe deals x{SHADOW_TIMES} with any weapon, "
                                   f"x{SHADOW_DAGGER_TIMES} with a dagger"),
    "regeneration": Boon("Regeneration", "you heal twice as fast"),
    "lore": Boon("Lore", "you know every potion and scroll there is"),
    "arcana": Boon("Arcana", "staffs and charms recharge twice as fast, and all you carry are filled now"),
}
"""Every boon, in the order a choice lists them."""

OFFERED = 3
"""How many boons a fallen Warden offers (fewer only when fewer are left)."""
