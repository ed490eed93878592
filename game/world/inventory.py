"""What the player carries (SPEC ITM-1, ITM-2).

Equipment is worn, never carried: one weapon, one armour, one launcher. Consumables stack, one
slot per kind, in the order they were first picked up; number keys use slots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.content.items import BARE_HANDS, ITEMS, NO_ARMOUR, ItemKind, item_label
from game.world import charges as charging
from game.world.charges import Charge
from game.world.fields import MAX_COUNT, Fields, Where, as_choice, as_int, as_list, at, fail, unique

MAX_SLOTS = 9


def no_room(kind: str, count: int = 1, name: str = "") -> str:
    """What a full pack says, and how to make room (ITM-2: one slot per kind, nine of them); ``name``
    is what the player calls the thing (``game.world.magic.item_name``), by default its label."""
    return (f"Your pack is full ({MAX_SLOTS} kinds): drop something to make room for "
            f"{name or item_label(kind, count, article=True)}.")


@dataclass
class Inventory:
    slots: list[list[Any]] = field(default_factory=list)  # [kind, count]
    weapon: str | None = None
    armour: str | None = None
    ranged: str | None = None  # a launcher, fired with f
    coins: int = 0
    charges: dict[str, Charge] = field(default_factory=dict)  # staffs, wands, charms (ITM-20): by kind

    def count(self, kind: str) -> int:
        for slot_kind, count in self.slots:
            if slot_kind == kind:
                return int(count)
        return 0

    def can_add(self, kind: str) -> bool:
        return self.count(kind) > 0 or len(self.slots) < MAX_SLOTS

    def add(self, kind: str, count: int = 1, charges: int = -1) -> None:
        """``count`` of ``kind`` into its slot; a staff, a wand or a charm brings ``charges``
        (-1: a new one, full)."""
        for slot in self.slots:
            if slot[0] == kind:
                slot[1] += count
                break
        else:
            if len(self.slots) >= MAX_SLOTS:
                raise ValueError("no free inventory slot")
            self.slots.append([kind, count])
        charging.taken(self, kind, count, charges)

    def remove(self, kind: str, count: int = 1) -> None:
        for index, slot in enumerate(self.slots):
            if slot[0] == kind:
                slot[1] -= count
                if slot[1] <= 0:
                    del self.slots[index]
                    self.charges.pop(kind, None)
                return
        raise ValueError(f"no {kind} to remove")

    def slot(self, index: int) -> tuple[str, int] | None:
        """The kind and count in slot ``index`` (0-based), or None."""
        if 0 <= index < len(self.slots):
            kind, count = self.slots[index]
            return str(kind), int(count)
        return None

    def weapon_kind(self) -> ItemKind:
        return ITEMS[self.weapon] if self.weapon else BARE_HANDS

    def armour_kind(self) -> ItemKind:
        return ITEMS[self.armour] if self.armour else NO_ARMOUR

    def to_dict(self) -> dict[str, Any]:
        return {"slots": [list(s) for s in self.slots], "weapon": self.weapon, "armour": self.armour,
                "ranged": self.ranged, "coins": self.coins,
                "charges": charging.charges_to_dict(self)}

    @classmethod
    def from_dict(cls, data: Any, where: Where = "inventory") -> Inventory:
        """An inventory from ``to_dict`` data, checked (``SaveError``)."""
        fields = Fields(data, where)
        slots: list[list[Any]] = []
        carried: dict[str, int] = {}
        for slot, path in fields.entries("slots"):
            kind, count = as_list(slot, path, 2)
            kind = as_choice(kind, at(path, 0), ITEMS, "item")
            if ITEMS[kind].category != "consumable":
                fail(at(path, 0), f"{kind!r} is not carried in a slot")
            carried[kind] = as_int(count, at(path, 1), 1, MAX_COUNT)
            slots.append([kind, carried[kind]])
        if len(slots) > MAX_SLOTS:
            fail(fields.path("slots"), f"{len(slots)} slots is more than {MAX_SLOTS}")
        unique([kind for kind, _ in slots], fields.path("slots"), "the kind")
        charges = charging.charges_from_dict(fields.get("charges"), fields.path("charges"), carried)
        return cls(slots, _worn(fields, "weapon"), _worn(fields, "armour"), _worn(fields, "ranged"),
                   fields.integer("coins", 0, MAX_COUNT), charges)


def _worn(fields: Fields, category: str) -> str | None:
    """The kind worn as ``category`` (``weapon``, ``armour``, ``ranged``), or None."""
    kind = fields.choice(category, ITEMS, "item", nullable=True)
    if kind is not None and ITEMS[kind].category != category:
        fail(fields.path(category), f"{kind!r} is not worn as {category}")
    return kind
