"""Weapons and armours (merged into ``game.content.items.ITEMS``), and how each weapon is used.

A weapon's ``style`` is how it fights, not only its numbers (SPEC CMB-3..CMB-8; the rules are in
``game.world.arms``):

- ``""`` a sword: balanced, nothing special;
- ``"sneak"`` a dagger: triple damage on a sleeping or unaware foe;
- ``"sweep"`` a battle axe: every blow hits every foe beside you;
- ``"pierce"`` a spear: hits the foe and the one behind it, in a line;
- ``"heavy"`` a mace or a war hammer: each blow takes two turns, and hits hard;
- ``"lunge"`` a rapier: stepping toward a foe two tiles away, over an empty tile in a straight
  line, strikes it at once, never missing, for triple damage.

Armour takes a random amount, 0 to its armour, off every blow it stops (CMB-1); heavy armour
also costs defence (more blows land).
"""

from __future__ import annotations

from game.content.item_kind import ItemKind

SNEAK_TIMES = 3  # a dagger's damage on a sleeping or unaware foe
LUNGE_TIMES = 3  # a rapier's lunge
HEAVY_TURNS = 2  # a mace's or hammer's blow takes this many turns

STYLES: dict[str, str] = {
    "": "",
    "sneak": f"It deals {SNEAK_TIMES} times the damage to a sleeping or unaware foe.",
    "sweep": "Each blow hits every foe beside you.",
    "pierce": "Each blow hits the foe and the one behind it in a line.",
    "heavy": f"Slow and heavy: each blow takes {HEAVY_TURNS} turns, and hits hard.",
    "lunge": (f"It lunges: step toward a foe two tiles away in a straight line, over an empty tile, to "
              f"strike at once for {LUNGE_TIMES} times the damage, never missing."),
}
"""What each style does, as hover and the log say it (a weapon's line when it is taken)."""

WEAPONS: dict[str, ItemKind] = {
    "dagger": ItemKind("dagger", "daggers", "weapon", 1, 3, damage=(2, 5), accuracy=3, value=20, style="sneak"),
    "sword": ItemKind("sword", "swords", "weapon", 2, 3, damage=(3, 7), accuracy=1, value=35),
    "spear": ItemKind("spear", "spears", "weapon", 2, 2, damage=(3, 6), accuracy=1, value=40, style="pierce"),
    "rapier": ItemKind("rapier", "rapiers", "weapon", 2, 2, damage=(2, 6), accuracy=2, value=45, style="lunge"),
    "mace": ItemKind("mace", "maces", "weapon", 2, 2, damage=(6, 12), accuracy=0, value=45, style="heavy"),
    "axe": ItemKind("battle axe", "battle axes", "weapon", 3, 2, damage=(4, 8), accuracy=-1, value=55,
                    style="sweep"),
    "war_hammer": ItemKind("war hammer", "war hammers", "weapon", 4, 1, damage=(9, 17), accuracy=-1, value=80,
                           style="heavy"),
}

ARMOURS: dict[str, ItemKind] = {
    "leather_armour": ItemKind("leather armour", "leather armours", "armour", 1, 3, armour=2, value=25),
    "scale_armour": ItemKind("scale mail", "scale mails", "armour", 2, 3, armour=3, value=40),
    "chain_armour": ItemKind("chain mail", "chain mails", "armour", 3, 2, armour=4, defence=-1, value=60),
    "plate_armour": ItemKind("plate armour", "plate armours", "armour", 4, 1, armour=6, defence=-3, value=110),
}

WEAPON_WORDS: dict[str, str] = {
    "dagger": "A light blade: accurate, and deadly from the shadows. " + STYLES["sneak"],
    "sword": "A balanced blade: no tricks, no weakness.",
    "spear": "A long shaft. " + STYLES["pierce"],
    "rapier": "A thin, quick blade. " + STYLES["lunge"],
    "mace": "An iron head on a haft. " + STYLES["heavy"],
    "axe": "A broad, heavy blade. " + STYLES["sweep"],
    "war_hammer": "The heaviest blows there are. " + STYLES["heavy"],
    "leather_armour": "Takes a little off most blows.",
    "scale_armour": "Takes some off most blows, and you dodge as well as ever.",
    "chain_armour": "Takes much off most blows, but slows your dodging.",
    "plate_armour": "Takes the most off most blows, but you hardly dodge: many more blows land.",
}
"""Hover's words for each weapon and armour (``game.content.descriptions``)."""


def blow_turns(kind: ItemKind) -> int:
    """How many turns one blow of this weapon takes."""
    return HEAVY_TURNS if kind.style == "heavy" else 1


def worth(kind: ItemKind) -> float:
    """A rough worth of a weapon in a straight fight: its mean blow times its chance to land against
    an even foe (75 % + 5 % an accuracy point), per turn (the autoplayer compares weapons so)."""
    return sum(kind.damage) / 2 * (75 + 5 * kind.accuracy) / 100 / blow_turns(kind)
