"""Item kinds. Equipment is never carried (ITM-1): picking it up equips it and
drops what was worn. Consumables stack, one inventory slot per kind (ITM-2)."""

from __future__ import annotations

from dataclasses import dataclass

from game.content.charms import CHARMS
from game.content.staffs import STAFFS
from game.content.thrown import THROWN


@dataclass(frozen=True)
class ItemKind:
    name: str
    plural: str
    category: str  # "weapon", "armour", "ranged", "consumable", "coins"
    depth: int = 1  # shallowest floor where it is placed
    weight: int = 0  # relative frequency among loot
    damage: tuple[int, int] = (0, 0)  # weapons, and what a thrown blade or a bow's arrow deals
    accuracy: int = 0  # weapons, thrown blades and bows
    armour: int = 0  # armour
    defence: int = 0  # armour (negative: heavy)
    heal: int = 0  # potions
    blast: tuple[int, int] = (0, 0)  # explosives: (radius, power)
    range: int = 0  # thrown things and launchers
    ammo: int = 0  # launchers: shots that come with one
    shoots: str = ""  # launchers: the consumable they fire ("rockets", "arrows")
    smoke: int = 0  # smoke bombs: the radius of the cloud
    turns: int = 0  # how long an effect lasts: a potion of speed's haste, a smoke cloud
    stack: int = 1  # how many lie together where one is found (throwing knives, arrows)
    value: int = 0  # base price in coins in a shop (0: never sold); shops scale it by depth
    charges: int = 0  # staffs, wands and charms: the charges a new one holds (ITM-20)
    recharge: int = 0  # turns to get one charge back (0: a wand, which never recharges)


ITEMS: dict[str, ItemKind] = {
    "potion_healing": ItemKind("healing potion", "healing potions", "consumable", 1, 10, heal=15, value=20),
    "scroll_mapping": ItemKind("scroll of mapping", "scrolls of mapping", "consumable", 1, 4, value=15),
    "key": ItemKind("key", "keys", "consumable"),
    "tnt": ItemKind("stick of TNT", "sticks of TNT", "consumable", 1, 5, blast=(2, 12), range=8, value=14),
    "rockets": ItemKind("rocket", "rockets", "consumable", 2, 2, value=8),
    "rocket_launcher": ItemKind("rocket launcher", "rocket launchers", "ranged", 2, 2, blast=(2, 10), range=12,
                                ammo=3, shoots="rockets", value=60),
    "coins": ItemKind("pile of coins", "coins", "coins", 1, 12),
    "dagger": ItemKind("dagger", "daggers", "weapon", 1, 3, damage=(2, 4), accuracy=2, value=20),
    "sword": ItemKind("sword", "swords", "weapon", 2, 3, damage=(3, 6), accuracy=1, value=35),
    "axe": ItemKind("battle axe", "battle axes", "weapon", 3, 2, damage=(4, 9), accuracy=-1, value=55),
    "leather_armour": ItemKind("leather armour", "leather armours", "armour", 1, 3, armour=1, value=25),
    "chain_armour": ItemKind("chain mail", "chain mails", "armour", 3, 2, armour=3, defence=-1, value=60),
    # more to find (ITM-3)
    "potion_speed": ItemKind("potion of speed", "potions of speed", "consumable", 2, 4, turns=20, value=18),
    "scroll_teleport": ItemKind("scroll of teleportation", "scrolls of teleportation", "consumable", 1, 4,
                                value=16),
    "smoke_bomb": ItemKind("smoke bomb", "smoke bombs", "consumable", 2, 4, range=8, smoke=2, turns=12, value=12),
    "throwing_knives": ItemKind("throwing knife", "throwing knives", "consumable", 1, 4, damage=(2, 5), accuracy=1,
                                range=6, stack=4, value=16),
    "scale_armour": ItemKind("scale mail", "scale mails", "armour", 2, 3, armour=2, value=40),
    "plate_armour": ItemKind("plate armour", "plate armours", "armour", 4, 1, armour=5, defence=-3, value=110),
    "bow": ItemKind("bow", "bows", "ranged", 2, 2, damage=(3, 6), accuracy=1, range=10, ammo=8, shoots="arrows",
                    value=45),
    "arrows": ItemKind("arrow", "arrows", "consumable", 2, 3, stack=6, value=10),
}

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
