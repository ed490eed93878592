"""Item kinds. Equipment is never carried (ITM-1): picking it up equips it and
drops what was worn. Consumables stack, one inventory slot per kind (ITM-2)."""

from __future__ import annotations

from game.content.charms import CHARMS
from game.content.item_kind import ItemKind as ItemKind  # (re-exported: the kind of every row)
from game.content.potions import POTIONS
from game.content.scrolls import SCROLLS
from game.content.staffs import STAFFS
from game.content.thrown import THROWN
from game.content.weapons import ARMOURS, WEAPONS


ITEMS: dict[str, ItemKind] = {
    "potion_healing": ItemKind("healing potion", "healing potions", "consumable", 1, 10, heal=15, value=20),
    "scroll_mapping": ItemKind("scroll of mapping", "scrolls of mapping", "consumable", 1, 4, value=15),
    "key": ItemKind("key", "keys", "consumable"),
    "tnt": ItemKind("stick of TNT", "sticks of TNT", "consumable", 1, 5, blast=(2, 12), range=8, value=14,
                    heavy=True),
    "rockets": ItemKind("rocket", "rockets", "consumable", 2, 2, value=8, heavy=True),
    "rocket_launcher": ItemKind("rocket launcher", "rocket launchers", "ranged", 2, 2, blast=(2, 10), range=12,
                                ammo=3, shoots="rockets", value=60),
    "coins": ItemKind("pile of coins", "coins", "coins", 1, 12),
    # more to find (ITM-3)
    "potion_speed": ItemKind("potion of speed", "potions of speed", "consumable", 2, 4, turns=20, value=18),
    "scroll_teleport": ItemKind("scroll of teleportation", "scrolls of teleportation", "consumable", 1, 4,
                                value=16),
    "smoke_bomb": ItemKind("smoke bomb", "smoke bombs", "consumable", 2, 4, range=8, smoke=2, turns=12, value=12),
    "throwing_knives": ItemKind("throwing knife", "throwing knives", "consumable", 1, 4, damage=(2, 5), accuracy=1,
                                range=6, stack=4, value=16),
    "bow": ItemKind("bow", "bows", "ranged", 2, 2, damage=(3, 6), accuracy=1, range=10, ammo=8, shoots="arrows",
                    value=45),
    "arrows": ItemKind("arrow", "arrows", "consumable", 2, 3, stack=6, value=10),
    **WEAPONS,  # weapons and armours, and how each weapon is used (game.content.weapons)
    **ARMOURS,
}
ITEMS |= {kind: ItemKind(**row) for kind, row in (POTIONS | SCROLLS).items()}  # (SPEC ITM-4)

ITEMS.update({kind: ItemKind(**row) for kind, row in (STAFFS | CHARMS | THROWN).items()})

BARE_HANDS = ItemKind("bare hands", "bare hands", "weapon", damage=(1, 3))
NO_ARMOUR = ItemKind("no armour", "no armour", "armour")


def throwable(kind: str) -> bool:
    """Thrown by hand with ``t``: explosives, smoke bombs, throwing knives."""
    spec = ITEMS.get(kind)
    return spec is not None and spec.category == "consumable" and spec.range > 0 and not spec.charges


def charged(kind: str) -> bool:
    """A staff, a wand or a charm: carried with charges (ITM-20)."""
    spec = ITEMS.get(kind)
    return spec is not None and spec.charges > 0


def zappable(kind: str) -> bool:
    """A staff or a wand: zapped at a tile (a charm is used where you stand)."""
    spec = ITEMS.get(kind)
    return spec is not None and spec.charges > 0 and spec.range > 0


def item_label(kind: str, count: int = 1, article: bool = False) -> str:
    """``healing potion``, ``3 healing potions``, ``a healing potion`` (with ``article``)."""
    spec = ITEMS[kind]
    if spec.category == "coins":
        return f"{count} coins" if count != 1 else "1 coin"
    if count != 1:
        return f"{count} {spec.plural}"
    if article:
        return ("an " if spec.name[0] in "aeiou" else "a ") + spec.name
    return spec.name
