"""What an item kind is: one row of ``game.content.items.ITEMS``. Its own module, so that
the tables of each family (``game.content.weapons``) build rows without importing ``ITEMS``."""

from __future__ import annotations

from dataclasses import dataclass


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
    style: str = ""  # weapons: how it is used (game.content.weapons.STYLES); "" a plain blade
    charges: int = 0  # staffs, wands and charms: the charges a new one holds (ITM-20)
    recharge: int = 0  # turns to get one charge back (0: a wand, which never recharges)
    heavy: bool = False  # carried in the pack, may slip away while the player swims (SPEC TER-5)
