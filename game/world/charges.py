"""The charges of what is carried with charges: staffs, wands and charms (SPEC ITM-20).

One slot per kind (ITM-2), so the state is one ``Charge`` per kind, kept by the inventory beside
its slots: ``left``, the charges there now, and ``wait``, the turns until the next comes back.
Two staffs of a kind in one slot hold twice the charges and recharge twice as fast. A wand
(``recharge`` 0) never recharges. A staff put down keeps its charges (``Item.charges``); one
found is full.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.content.items import ITEMS, charged
from game.world.fields import MAX_COUNT, Fields, Where, as_choice, as_int, as_list, at, fail

if TYPE_CHECKING:
    from game.world.inventory import Inventory


@dataclass
class Charge:
    left: int  # charges there now
    wait: int = 0  # recharging: turns (times the staffs in the slot) until the next charge; 0 when full

    def to_list(self) -> list[int]:
        return [self.left, self.wait]


def most(kind: str, count: int) -> int:
    """The charges ``count`` of ``kind`` hold when full (a wand's has no most: it is what it holds)."""
    return ITEMS[kind].charges * count


def charge_of(inventory: Inventory, kind: str) -> Charge:
    """The charge state of the carried ``kind`` (full, if it was put in a slot without one)."""
    state = inventory.charges.get(kind)
    if state is None:
        state = inventory.charges[kind] = Charge(most(kind, inventory.count(kind)))
    return state


def taken(inventory: Inventory, kind: str, count: int, charges: int = -1) -> None:
    """``count`` of ``kind`` joined the pack holding ``charges`` (-1: new, so full)."""
    if not charged(kind):
        return
    brought = most(kind, count) if charges < 0 else charges
    state = inventory.charges.get(kind)
    if state is None:
        inventory.charges[kind] = Charge(brought)
    else:
        state.left += brought


def spend(inventory: Inventory, kind: str) -> None:
    """One charge used; a staff or charm that was full starts recharging."""
    state = charge_of(inventory, kind)
    state.left -= 1
    if ITEMS[kind].recharge and state.wait <= 0:
        state.wait = ITEMS[kind].recharge


def recharge(inventory: Inventory, turns: int) -> list[str]:
    """``turns`` have passed: staffs and charms get charges back. The kinds that became full."""
    full = []
    for kind, state in sorted(inventory.charges.items()):
        spec, count = ITEMS[kind], inventory.count(kind)
        top = most(kind, count)
        if not spec.recharge or state.left >= top:
            state.wait = 0
            continue
        if state.wait <= 0:  # below full but not recharging yet (a staff picked up half spent)
            state.wait = spec.recharge
        state.wait -= turns * count
        while state.wait <= 0 and state.left < top:
            state.left += 1
            state.wait += spec.recharge
        if state.left >= top:
            state.wait = 0
            full.append(kind)
    return full


def refill(inventory: Inventory) -> int:
    """Every staff, wand and charm carried is full again (a scroll of recharging): how many
    kinds gained charges. A wand gets back what a new one holds, on top of what is left."""
    filled = 0
    for kind, count in [(str(k), int(c)) for k, c in inventory.slots]:
        if not charged(kind):
            continue
        state, top = charge_of(inventory, kind), most(kind, count)
        if state.left < top:
            state.left, state.wait, filled = top if ITEMS[kind].recharge else state.left + top, 0, filled + 1
        elif not ITEMS[kind].recharge:
            state.left, filled = state.left + top, filled + 1
    return filled


def turns_to_next(inventory: Inventory, kind: str) -> int:
    """Turns until the carried ``kind`` gets its next charge back."""
    count, state = max(1, inventory.count(kind)), charge_of(inventory, kind)
    wait = state.wait if state.wait > 0 else ITEMS[kind].recharge
    return -(-wait // count)


def words(inventory: Inventory, kind: str) -> str:
    """" (1/2 charges, the next in 12 turns)", " (3 charges)", " (ready)", or "" for other kinds."""
    if not charged(kind) or inventory.count(kind) == 0:
        return ""
    spec, count, state = ITEMS[kind], inventory.count(kind), charge_of(inventory, kind)
    if not spec.recharge:
        return f" ({state.left} charge{'s' if state.left != 1 else ''})"
    top = most(kind, count)
    if spec.range == 0 and top == 1:  # a charm
        return " (ready)" if state.left else f" (ready in {turns_to_next(inventory, kind)} turns)"
    following = f", the next in {turns_to_next(inventory, kind)} turns" if state.left < top else ""
    return f" ({state.left}/{top} charges{following})"


def charges_to_dict(inventory: Inventory) -> dict[str, list[int]]:
    """``{kind: [left, wait]}`` for every staff, wand and charm carried."""
    return {kind: charge_of(inventory, kind).to_list() for kind in sorted(str(k) for k, _ in inventory.slots)
            if charged(kind)}


def charges_from_dict(data: Any, where: Where, carried: dict[str, int]) -> dict[str, Charge]:
    """The charge states of a save, checked (``SaveError``): one for each charged kind carried."""
    charges = {}
    for kind, value in Fields(data, where).data.items():
        path = at(where, kind)
        kind = as_choice(kind, path, ITEMS, "item")
        if not charged(kind) or kind not in carried:
            fail(path, f"{kind!r} is not carried with charges")
        left, wait = as_list(value, path, 2)
        charges[kind] = Charge(as_int(left, at(path, 0), 0, MAX_COUNT), as_int(wait, at(path, 1), 0, MAX_COUNT))
    for kind in sorted(carried):
        if charged(kind) and kind not in charges:
            fail(where, f"missing the charges of {kind!r}")
    return charges
