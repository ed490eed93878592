"""Zapping staffs and wands, using charms, and time giving their charges back (SPEC ITM-20, ITM-21,
ITM-22). Part of the player's action set, which ``game.world.actions`` gathers.

A staff or a wand in a slot is zapped at a tile: its number key (``UseSlot``) asks for the tile
(``NeedsTarget("zap", item=...)``), then ``Zap`` spends a charge and does what ``game.world.bolts``
says. A charm's number key uses it at once, and it is ready again ``recharge`` turns later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.items import ITEMS, charged, item_label, zappable
from game.world import bolts, charges, consumables
from game.world.action import Done, Impossible, NeedsTarget, Result

if TYPE_CHECKING:
    from game.world.game import Game


def empty(game: Game, kind: str) -> str:
    """Why ``kind`` cannot be used now ("Your staff of firebolt has no charges: the next comes in
    12 turns."), or "" when it has a charge."""
    inventory = game.inventory
    if charges.charge_of(inventory, kind).left > 0:
        return ""
    name = ITEMS[kind].name
    if not ITEMS[kind].recharge:
        return f"Your {name} is spent: only a scroll of recharging will fill it again."
    wait = charges.turns_to_next(inventory, kind)
    if not ITEMS[kind].range:
        return f"Your {name} is not ready yet: {wait} turns more."
    return f"Your {name} has no charges: the next comes in {wait} turns."


def use(game: Game, kind: str) -> Result:
    """A staff's, a wand's or a charm's number key: ask where to zap, or use the charm now."""
    why = empty(game, kind)
    if why:
        return Impossible(why)
    if zappable(kind):
        return NeedsTarget("zap", item=kind)
    return _charm(game, kind)


def _charm(game: Game, kind: str) -> Result:
    spec, player = ITEMS[kind], game.player
    if kind == "charm_health":
        if player.hp >= player.max_hp:
            return Impossible("You are already at full health.")
        healed = min(spec.heal, player.max_hp - player.hp)
        player.hp += healed
        text = f"The charm glows warm: you heal (+{healed})."
    elif kind == "charm_haste":
        consumables.haste(game, spec.turns)
        text = f"The charm hums: you move twice as fast ({player.hasted} turns)."
    elif kind == "charm_teleportation":
        if game.floor.vault_state is not None:
            return Impossible("The vault's wards hold you: the charm stays cold.")
        spot = consumables.teleport_spot(game)
        if spot is None:
            return Impossible("There is nowhere safe on this floor to go.")
        game.effects.append(("teleport", player.pos, spot))
        game.move_actor(player, *spot)
        text = "The charm flares, and the world folds: you stand elsewhere on the floor."
    else:
        return Impossible(f"You cannot use the {spec.name} like that.")
    charges.spend(game.inventory, kind)
    game.cue("potion")
    return Done(text)


@dataclass(frozen=True)
class Zap:
    """Zap the staff or wand ``item`` at a tile: a charge is spent and its bolt flies there
    (``game.world.bolts``). Refused, with no charge spent, when it has none or cannot go."""

    x: int
    y: int
    item: str = "staff_firebolt"

    def perform(self, game: Game) -> Result:
        if not zappable(self.item):
            return Impossible("That is not a thing to zap.")
        if game.inventory.count(self.item) == 0:
            return Impossible(f"You have no {ITEMS[self.item].name}.")
        why = empty(game, self.item)
        if why:
            return Impossible(why)
        if (self.x, self.y) == game.player.pos:
            return Impossible("Aim somewhere else.")
        result = bolts.EFFECTS[self.item](game, self.item, (self.x, self.y))
        if isinstance(result, Done):
            charges.spend(game.inventory, self.item)
            game.cue("throw")
        return result


def after_turn(game: Game, turns: int) -> None:
    """``turns`` passed: staffs and charms recharge (a charm says when it is ready again, a staff
    when it is full), and crystal whose time is up dissolves."""
    for kind in charges.recharge(game.inventory, turns):
        if game.inventory.count(kind):
            ready = "is ready again" if not ITEMS[kind].range else "is fully charged"
            game.log.add(f"Your {ITEMS[kind].name} {ready}.", "notice", game.turn)
    if any(a.kind == "crystal" for a in game.floor.actors):
        bolts.dissolve(game)


def recharge_all(game: Game) -> int:
    """Fill every staff, wand and charm the player carries (a scroll of recharging calls this):
    how many kinds gained charges. Staffs and charms are full at once; a wand gets back the
    charges a new one holds, on top of what it has."""
    return charges.refill(game.inventory)


def carried_with_charges(game: Game) -> list[str]:
    """The staffs, wands and charms in the pack, in slot order, with their charges in words:
    ``["staff of firebolt (1/2 charges, the next in 12 turns)"]``."""
    return [item_label(kind) + charges.words(game.inventory, kind) for kind, _ in game.inventory.slots
            if charged(kind)]
