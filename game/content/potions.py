"""Potions (SPEC ITM-4, ITM-6): their rows for the item table, the colours an unknown one shows,
and the words for hovering. What drinking one does is ``game.world.potions``.

The rows are keyword dictionaries that ``game.content.items`` turns into ``ItemKind``s (this
module cannot import that one: it is imported by it). Numbers a potion needs ride on the
table's own fields: ``heal`` (healing's health, life's added maximum) and ``turns`` (how long a
spell lasts); the others are the constants below.
"""

from __future__ import annotations

from typing import Any

POTIONS: dict[str, dict[str, Any]] = {
    # (potion_healing and potion_speed, older, are rows of game.content.items.ITEMS itself)
    "potion_strength": dict(name="potion of strength", plural="potions of strength", category="consumable",
                            depth=2, weight=3, value=60),
    "potion_life": dict(name="potion of life", plural="potions of life", category="consumable", depth=3, weight=2,
                        heal=10, value=90),
    "potion_darkness": dict(name="potion of darkness", plural="potions of darkness", category="consumable",
                            depth=1, weight=4, turns=40, value=12),
    "potion_hallucination": dict(name="potion of hallucination", plural="potions of hallucination",
                                 category="consumable", depth=1, weight=4, turns=60, value=12),
    "potion_incineration": dict(name="potion of incineration", plural="potions of incineration",
                                category="consumable", depth=1, weight=4, value=14),
    "potion_confusion": dict(name="potion of confusion", plural="potions of confusion", category="consumable",
                             depth=1, weight=4, turns=8, value=12),
}

STRENGTH_GAIN = 1
"""A potion of strength adds this, for good, to the player's accuracy and to both ends of the
damage of every blow (SPEC ITM-6)."""
FLAMES = (5, 9)
"""What a potion of incineration's flames do to everyone beside the drinker."""
SELF_BURN = (2, 4)
"""What they do to the drinker, at their heart but already past the worst of them."""

COLOURS: tuple[tuple[str, tuple[int, int, int]], ...] = (
    ("murky", (210, 200, 150)), ("violet", (220, 190, 255)), ("crimson", (255, 175, 185)),
    ("amber", (255, 190, 80)), ("turquoise", (90, 230, 220)), ("pink", (255, 195, 230)),
    ("golden", (250, 225, 90)), ("smoky", (200, 200, 212)), ("milky", (240, 238, 226)),
    ("emerald", (110, 235, 130)), ("azure", (165, 205, 255)), ("tangerine", (255, 190, 135)),
)
"""What an unknown potion looks like: a colour word and its sprite's tint (``potion_look_<word>``).
More colours than potion kinds, so which colours a seed uses is part of the shuffle."""

UNKNOWN_POTION = "An unknown potion. Drink it to learn what it does (some potions do harm)."

POTION_WORDS = {
    "potion_strength": "Drink it to grow stronger for good: +1 to hit and +1 to the damage of every blow.",
    "potion_life": "Drink it to be healed fully and to gain 10 maximum health for good.",
    "potion_darkness": "Drink it and the shadows gather round you: monsters that are not already after you "
                       "do not notice you unless beside you.",
    "potion_hallucination": "Harmless but bewildering: for a while you cannot tell one monster from another.",
    "potion_incineration": "Flames burst out of the bottle: they burn everything beside you, and you a little. "
                           "Best drunk with foes all around.",
    "potion_confusion": "Your head spins: for a few turns your steps go in random directions.",
}
