"""The player's actions with things carried: using a slot (drinking, reading), dropping it,
throwing and firing, and what the player sees underfoot. Part of the player's action set, which
``game.world.actions`` gathers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.action import Done, Impossible, NeedsTarget, Result
from game.content.items import ITEMS, charged, throwable
from game.content.specials import FIXTURES
from game.world import charges, consumables, events, magic, potions, scrolls, zaps
from game.world.blast import explode
from game.world.projectiles import fly

if TYPE_CHECKING:
    from game.world.game import Game


def underfoot(game: Game) -> str:
    """"You see a stick of TNT here." when the player steps onto items (UI-8), with a ware's
    price, and what a fixture underfoot is for."""
    feature = game.floor.level.feature_at(game.player.pos)
    said = FIXTURES[feature.kind] if feature is not None and feature.kind in FIXTURES else ""
    items = game.floor.items_at(game.player.pos)
    if not items:
        return said
    names = [magic.item_name(game, item.kind, item.count, True, item.enchant)
             + (f" ({item.price} coins)" if item.price else "")
             for item in items]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    choice = " Take one; the others will be locked away." if any(item.choice for item in items) else ""
    return f"You see {listed} here.{choice}" + (f" {said}" if said else "")



@dataclass(frozen=True)
class UseSlot:
    """Use the consumable in inventory slot ``index`` (0-based; keys 1-9)."""

    index: int

    def perform(self, game: Game) -> Result:
        slot = game.inventory.slot(self.index)
        if slot is None:
            return Impossible(f"Slot {self.index + 1} is empty.")
        kind, _ = slot
        if charged(kind):
            return zaps.use(game, kind)
        if magic.magical(kind):
            result = (potions.drink if kind in magic.POTION_KINDS else scrolls.read)(game, kind)
            if kind == "scroll_teleport" and isinstance(result, Done):  # (what lies where it took you)
                return Done(result.message + _tail(underfoot(game)))
            return result
        if kind == "key":
            return Impossible("Walk into a locked door to use a key.")
        if kind in ("rockets", "arrows"):
            launcher = game.inventory.ranged
            if launcher is None or ITEMS[launcher].shoots != kind:
                return Impossible(f"{ITEMS[kind].plural.capitalize()} need a "
                                  f"{'launcher' if kind == 'rockets' else 'bow'}.")
            return NeedsTarget("fire")
        if throwable(kind):
            return NeedsTarget("throw", item=kind)
        return Impossible(f"You cannot use the {magic.item_name(game, kind)} like that.")


@dataclass(frozen=True)
class Drop:
    """Put down the whole stack in inventory slot ``index`` (0-based) where you stand, as Brogue
    drops a stack: it takes a turn, and frees the slot. It lies under what was there already, so
    ``g`` then takes what you made room for; it joins a stack of its kind lying free there. Steps
    and exploring leave it where it is (``Item.dropped``); ``g`` takes it back."""

    index: int

    def perform(self, game: Game) -> Result:
        slot = game.inventory.slot(self.index)
        if slot is None:
            return Impossible(f"Slot {self.index + 1} is empty.")
        kind, count = slot
        held = charges.charge_of(game.inventory, kind).left if charged(kind) else -1
        game.inventory.remove(kind, count)
        events.put_down(game, kind, count, held)
        return Done(f"You drop {magic.item_name(game, kind, count, article=True)}.")


def _tail(text: str) -> str:
    return f" {text}" if text else ""


def _explodes(game: Game, what: str) -> None:
    """Said before the blast does anything, so "You kill the rat." comes after it in the log."""
    game.log.add(f"The {what} explodes!", "info", game.turn)


@dataclass(frozen=True)
class Throw:
    """Throw something at a tile. An explosive or a smoke bomb flies over creatures, stops
    at walls and closed doors, and goes off (or lets out its smoke) where it lands; a
    throwing knife stops at the first creature in its way and may hit it."""

    x: int
    y: int
    kind: str = "tnt"

    def perform(self, game: Game) -> Result:
        if self.kind not in ITEMS or not throwable(self.kind):
            return Impossible("That is not a thing to throw.")
        spec = ITEMS[self.kind]
        if game.inventory.count(self.kind) == 0:
            return Impossible(f"You have no {spec.plural}.")
        if (self.x, self.y) == game.player.pos:
            return Impossible("Throw it somewhere else.")
        blade = spec.damage[1] > 0
        me = game.player.pos
        flight = fly(game.floor.map, me, (self.x, self.y), lambda p: p != me and game.occupant(p) is not None,
                     spec.range, stop_at_creatures=blade)
        if flight.end == game.player.pos:
            return Impossible("Something right next to you is in the way.")
        game.inventory.remove(self.kind)
        game.effects.append(("flight", self.kind, [tuple(c) for c in flight.path.tolist()]))
        game.cue("throw")
        if blade:
            return Done(consumables.hurl(game, self.kind, flight))
        if spec.smoke:
            consumables.release_smoke(game, flight.end, spec.smoke, spec.turns)
            return Done("The smoke bomb bursts into a thick grey cloud. Nobody sees into it or out of it "
                        "but from right beside.")
        radius, power = spec.blast
        _explodes(game, "TNT" if self.kind == "tnt" else spec.name)
        explode(game, flight.end, radius, power, game.player)  # it tells whom it hits, then who dies
        return Done()


@dataclass(frozen=True)
class Fire:
    """Fire the launcher at a tile: the rocket explodes on the first creature,
    wall or door in its way, and its shock wave throws monsters back. A bow's
    arrow stops there too, and may hit the creature."""

    x: int
    y: int

    def perform(self, game: Game) -> Result:
        launcher = game.inventory.ranged
        if launcher is None:
            return Impossible("You have nothing to fire.")
        spec = ITEMS[launcher]
        ammo = spec.shoots
        if game.inventory.count(ammo) == 0:
            return Impossible(f"You have no {ITEMS[ammo].plural} left.")
        if (self.x, self.y) == game.player.pos:
            return Impossible("Aim somewhere else.")
        flight = fly(game.floor.map, game.player.pos, (self.x, self.y),
                     lambda p: game.occupant(p) is not None and p != game.player.pos, spec.range)
        if flight.end == game.player.pos:
            return Impossible("Something right next to you is in the way.")
        game.inventory.remove(ammo)
        game.effects.append(("flight", ammo, [tuple(c) for c in flight.path.tolist()]))
        game.cue("throw")
        if not spec.blast[0]:
            return Done(consumables.hurl(game, ammo, flight, launcher))
        radius, power = spec.blast
        _explodes(game, "rocket")
        explode(game, flight.end, radius, power, game.player, shock=True)
        return Done()
