"""Scrolls (SPEC ITM-4, ITM-7): their rows for the item table, the syllables an unknown one's
title is made of, and the words for hovering. What reading one does is ``game.world.scrolls``.

Rows are keyword dictionaries, as in ``game.content.potions`` (and for the same reason).
"""

from __future__ import annotations

from typing import Any

SCROLLS: dict[str, dict[str, Any]] = {
    # (scroll_mapping and scroll_teleport, older, are rows of game.content.items.ITEMS itself)
    "scroll_enchanting": dict(name="scroll of enchanting", plural="scrolls of enchanting", category="consumable",
                              depth=1, weight=3, value=40),
    "scroll_identify": dict(name="scroll of identify", plural="scrolls of identify", category="consumable",
                            depth=1, weight=5, value=15),
    "scroll_protect_armour": dict(name="scroll of protect armour", plural="scrolls of protect armour",
                                  category="consumable", depth=2, weight=3, turns=40, value=20),
    "scroll_aggravate": dict(name="scroll of aggravate monsters", plural="scrolls of aggravate monsters",
                             category="consumable", depth=1, weight=3, value=12),
    "scroll_recharging": dict(name="scroll of recharging", plural="scrolls of recharging", category="consumable",
                              depth=2, weight=2, value=30),
}

WARD = 2
"""A scroll of protect armour adds this to the armour worn while its ward lasts (SPEC ITM-7)."""

SYLLABLES = ("XUN", "BLAH", "ZOK", "KLAT", "MOR", "VEX", "TRI", "OBN", "ZEB", "RAQ", "UUL", "SNA", "PHO",
             "GRU", "DRA", "KEL", "NIM", "ORB", "YAX", "FEH", "IPS", "LOR", "WUD", "AKH")
"""What an unknown scroll's title is made of: two or three of these, drawn per seed."""

UNKNOWN_SCROLL = "An unknown scroll. Read it to learn what it does (some scrolls do harm)."

SCROLL_WORDS = {
    "scroll_enchanting": "Read it to make one thing better for good: the weapon or the armour you wear. "
                         "You choose which.",
    "scroll_identify": "Read it to learn what one unknown potion or scroll you carry is.",
    "scroll_protect_armour": "Read it to ward your armour: blows are blunted by 2 more for a while.",
    "scroll_aggravate": "A shriek goes out from it: every monster on the floor wakes and comes for you.",
    "scroll_recharging": "Read it to fill every charged thing you carry to its full charges.",
}
