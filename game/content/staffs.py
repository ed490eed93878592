"""Staffs and wands (SPEC ITM-20, ITM-21): rows of ``game.content.items.ITEMS``, zapped at a tile.

A staff holds a few charges and gets one back every ``recharge`` turns; a wand holds more but
never recharges (only a scroll of recharging refills it). Both are carried in a slot, one slot
per kind: a second staff of a kind joins the first, holding more charges and recharging faster.
What each one does is ``game.world.zaps``. The rows are ``ItemKind`` fields, built in ``items``.
"""

from __future__ import annotations

from typing import Any


def _charged(name: str, plural: str, depth: int, weight: int, value: int, charges: int, recharge: int,
             **extra: Any) -> dict[str, Any]:
    return dict(name=name, plural=plural, category="consumable", depth=depth, weight=weight, value=value,
                charges=charges, recharge=recharge, **extra)


STAFFS: dict[str, dict[str, Any]] = {
    "staff_blink": _charged("staff of blinking", "staffs of blinking", 1, 3, 40, 2, 60, range=5),
    "staff_slowness": _charged("staff of slowness", "staffs of slowness", 1, 3, 30, 2, 50, range=8, turns=12),
    "staff_lightning": _charged("staff of lightning", "staffs of lightning", 2, 3, 45, 2, 45, range=8,
                                damage=(3, 7)),
    "staff_firebolt": _charged("staff of firebolt", "staffs of firebolt", 1, 3, 45, 2, 45, range=8, damage=(4, 9)),
    "staff_entrancement": _charged("staff of entrancement", "staffs of entrancement", 3, 2, 50, 1, 80, range=7,
                                   turns=6),
    "staff_obstruction": _charged("staff of obstruction", "staffs of obstruction", 2, 2, 35, 2, 50, range=6,
                                  turns=15),
    "wand_beckoning": _charged("wand of beckoning", "wands of beckoning", 1, 2, 30, 3, 0, range=8),
    "wand_teleport_other": _charged("wand of teleport other", "wands of teleport other", 2, 2, 35, 3, 0, range=8),
}
"""Staffs (``recharge`` > 0) and wands (``recharge`` 0). ``charges``: what a new one holds (and a
staff's most); ``range``: how far the bolt flies; ``damage``: a bolt's harm, no roll to hit and
no armour against it; ``turns``: how long a slowing, an entrancing or a crystal lasts."""
