"""Charms (SPEC ITM-22): rows of ``game.content.items.ITEMS``. A charm is carried in a slot and used
with its number key, like a potion, but it is not used up: it needs ``recharge`` turns to be
ready again. (Charms, not worn rings: they use the slots and keys the pack already has, and each
use is a decision, as a potion is.) What each does is ``game.world.zaps.use_charm``."""

from __future__ import annotations

from typing import Any


def _charm(name: str, depth: int, weight: int, value: int, recharge: int, **extra: Any) -> dict[str, Any]:
    return dict(name=f"charm of {name}", plural=f"charms of {name}", category="consumable", depth=depth,
                weight=weight, value=value, charges=1, recharge=recharge, **extra)


CHARMS: dict[str, dict[str, Any]] = {
    "charm_health": _charm("health", 1, 2, 50, 150, heal=12),
    "charm_teleportation": _charm("teleportation", 2, 2, 50, 200),
    "charm_haste": _charm("haste", 2, 2, 45, 150, turns=8),
}
