"""The player's actions: small immutable objects whose ``perform`` returns a result.

None of them raise for a refused move; they return ``Impossible`` with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.action import Done, Impossible, NeedsTarget, Result
from game.content.items import ITEMS, item_label, throwable
from game.content.monsters import MONSTERS
from game.content.specials import FIXTURES
from game.world import combat, consumables, specials, vaults
from game.world.blast import Explosion, explode
from game.world.edges import Edge
from game.world.floor_map import DIRECTIONS_4, edge_toward
from game.world.overworld import step_turns
from game.world.projectiles import fly

if TYPE_CHECKING:
    from game.world.actor import Item
    from game.world.game import Game


@dataclass(frozen=True)
class Move:
    """Step one tile (8 directions). Bumping a monster attacks it; bumping a closed
    door opens it; bumping a locked door with a key unlocks it."""

    dx: int
    dy: int

    def perform(self, game: Game) -> Result:
        if (self.dx, self.dy) == (0, 0) or max(abs(self.dx), abs(self.dy)) != 1:
            return Impossible("That is not a direction.")
        floor = game.floor.map
        px, py = game.player.pos
        nx, ny = px + self.dx, py + self.dy
        if not floor.is_floor(nx, ny):
            return Impossible("Water blocks the way." if game.on_overworld else "A wall blocks the way.")
        if self.dx == 0 or self.dy == 0:
            kind = floor.edge_kind_toward(px, py, self.dx, self.dy)
            if kind == Edge.DOOR:
                game.open_door(edge_toward(px, py, self.dx, self.dy), game.player)
                return Done("You open the door.")
            if kind == Edge.LOCKED_DOOR:
                if game.on_overworld:
                    return _sealed_gate(game, nx, ny)
                return _unlock(game, self.dx, self.dy)
            if kind in (Edge.WALL, Edge.HULL):
                return Impossible("A wall blocks the way.")
        elif not floor.can_step(px, py, self.dx, self.dy):
            return Impossible("You cannot squeeze past the corner.")
        monster = game.occupant((nx, ny))
        if monster is not None and specials.peaceful(monster):
            return specials.step_past(game, monster)
        if monster is not None and MONSTERS[monster.kind].shelled:
            combat.sting(game, monster, game.player)
            return Done(f"Your {game.inventory.weapon_kind().name} glances off its shell.")
        if monster is not None:
            game.attack(game.player, monster)
            return Done()
        game.move_actor(game.player, nx, ny)
        game.cue("step")
        if game.on_overworld:
            game.pending_turns += step_turns(game.floor.level.terrain, (nx, ny)) - 1
        return Done(_underfoot(game))


def _underfoot(game: Game) -> str:
    """"You see a stick of TNT here." when the player steps onto items (UI-8), with a ware's
    price, and what a fixture underfoot is for."""
    feature = game.floor.level.feature_at(game.player.pos)
    said = FIXTURES[feature.kind] if feature is not None and feature.kind in FIXTURES else ""
    items = game.floor.items_at(game.player.pos)
    if not items:
        return said
    names = [item_label(item.kind, item.count, article=True) + (f" ({item.price} coins)" if item.price else "")
             for item in items]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    choice = " Take one; the others will be locked away." if any(item.choice for item in items) else ""
    return f"You see {listed} here.{choice}" + (f" {said}" if said else "")


def _sealed_gate(game: Game, x: int, y: int) -> Result:
    world = game.world
    beyond = game.floor.map.room_at(x, y)
    keeper = world.order[max(0, world.order.index(beyond) - 1)] if beyond >= 0 else world.next_region()
    later = "" if world.unlocked(keeper) else f" ({world.names[keeper]} itself is not open yet.)"
    return Impossible(f"The gate to {world.names[beyond]} is sealed. It opens when "
                      f"{world.warden_names[keeper]}, Warden of {world.names[keeper]}, falls.{later}")


def _unlock(game: Game, dx: int, dy: int) -> Result:
    if game.inventory.count("key") == 0:
        return Impossible("The door is locked. A key must lie somewhere on this floor.")
    game.inventory.remove("key")
    px, py = game.player.pos
    game.open_door(edge_toward(px, py, dx, dy), game.player)
    return Done("You unlock the door with your key.")


@dataclass(frozen=True)
class Wait:
    """Let a turn pass."""

    def perform(self, game: Game) -> Result:
        return Done()


@dataclass(frozen=True)
class CloseDoor:
    """Close an open door on one of the four edges of the player's tile.

    With no direction, closes the only open door there, or asks which one.
    """

    dx: int = 0
    dy: int = 0

    def perform(self, game: Game) -> Result:
        floor = game.floor.map
        px, py = game.player.pos
        if (self.dx, self.dy) != (0, 0):
            if (self.dx, self.dy) not in DIRECTIONS_4:
                return Impossible("Doors are closed in one of the four main directions.")
            candidates = [(self.dx, self.dy)]
        else:
            candidates = list(DIRECTIONS_4)
        open_doors = [d for d in candidates if floor.edge_kind_toward(px, py, *d) == Edge.OPEN_DOOR]
        if not open_doors:
            return Impossible("There is no open door there." if (self.dx, self.dy) != (0, 0)
                              else "There is no open door next to you.")
        if len(open_doors) > 1:
            return NeedsTarget("Close which door? (direction)")
        dx, dy = open_doors[0]
        if game.occupant((px + dx, py + dy)) is not None:
            return Impossible("Something stands in the doorway.")
        floor.set_edge(*edge_toward(px, py, dx, dy), Edge.DOOR)
        game.note_door_changed()
        game.cue("door_close")
        return Done("You close the door.")


@dataclass(frozen=True)
class Descend:
    """Take the stairs down, or go down into a region's dungeon from its entrance."""

    def perform(self, game: Game) -> Result:
        if game.on_overworld:
            region = game.world.region_at_entrance(game.player.pos)
            if region is None:
                return Impossible("There is no way down here. Find a region's dungeon entrance.")
            game.descend()
            warden = "" if not game.world.defeated[region] else " Its Warden is already dead."
            return Done(f"You go down into the dungeon of {game.world.names[region]}.{warden}")
        level = game.floor.level
        if not level.stairs_down or game.player.pos != level.exit:
            return Impossible("There are no stairs down here.")
        state = game.floor.vault_state
        if state is not None and not state.cleared:
            return Impossible(f"The stairs are sealed until you {vaults.goal_text(level.vault)}.")
        game.descend()
        return Done(f"You descend to floor {game.depth} of {game.world.names[game.region]}.")


@dataclass(frozen=True)
class Ascend:
    """Take the stairs up: to the floor above, or out onto the island."""

    def perform(self, game: Game) -> Result:
        if game.on_overworld or game.player.pos != game.floor.level.entrance:
            return Impossible("There are no stairs up here.")
        region = game.region
        game.ascend()
        if game.on_overworld:
            return Done(f"You climb out into the daylight of {game.world.names[region]}.")
        return Done(f"You climb to floor {game.depth}.")


@dataclass(frozen=True)
class PickUp:
    """Pick up the top item here. Equipment is worn at once and what you wore is
    dropped on this tile (ITM-1); consumables stack in one slot per kind (ITM-2)."""

    def perform(self, game: Game) -> Result:
        items = game.floor.items_at(game.player.pos)
        if not items:
            used = specials.use_fixture(game)
            return used if used is not None else Impossible("There is nothing here to pick up.")
        item = items[-1]
        if item.price:
            refused = specials.buy(game, item)
            if refused is not None:
                return refused
        result = self._take(game, item)
        if isinstance(result, Done) and item.choice:
            return Done(result.message + specials.took_choice(game, item))
        return result

    @staticmethod
    def _take(game: Game, item: Item) -> Result:
        spec = ITEMS[item.kind]
        inventory = game.inventory
        if spec.category in ("weapon", "armour", "ranged"):
            worn = getattr(inventory, spec.category)
            if worn == item.kind:
                return Impossible(f"You already have a {spec.name}.")
            game.floor.items.remove(item)
            setattr(inventory, spec.category, item.kind)
            extra = ""
            if spec.ammo and inventory.can_add(spec.shoots):
                inventory.add(spec.shoots, spec.ammo)
                extra = f" It comes with {item_label(spec.shoots, spec.ammo)}."
            if worn is not None:
                game.drop_item(worn, game.player.pos)
                return Done(f"You take the {spec.name} and leave the {ITEMS[worn].name}.{extra}")
            verb = {"armour": "put on", "weapon": "wield", "ranged": "shoulder"}[spec.category]
            return Done(f"You {verb} the {spec.name}.{extra}")
        game.cue("coins" if spec.category == "coins" else "pickup")
        if spec.category == "coins":
            game.floor.items.remove(item)
            inventory.coins += item.count
            game.record.coins_earned += item.count
            return Done(f"You pick up {item_label(item.kind, item.count)}.")
        if not inventory.can_add(item.kind):
            return Impossible("Your pack has no free slot for that.")
        game.floor.items.remove(item)
        inventory.add(item.kind, item.count)
        return Done(f"You pick up {item_label(item.kind, item.count, article=True)}.")


@dataclass(frozen=True)
class UseSlot:
    """Use the consumable in inventory slot ``index`` (0-based; keys 1-9)."""

    index: int

    def perform(self, game: Game) -> Result:
        slot = game.inventory.slot(self.index)
        if slot is None:
            return Impossible(f"Slot {self.index + 1} is empty.")
        kind, _ = slot
        if kind == "potion_healing":
            player = game.player
            if player.hp >= player.max_hp:
                return Impossible("You are already at full health.")
            healed = min(ITEMS[kind].heal, player.max_hp - player.hp)
            player.hp += healed
            game.cue("potion")
            game.inventory.remove(kind)
            return Done(f"You drink the healing potion (+{healed}).")
        if kind == "scroll_mapping":
            game.floor.reveal_all()
            game.inventory.remove(kind)
            return Done("The scroll shows you the whole floor.")
        if kind == "potion_speed":
            consumables.haste(game, ITEMS[kind].turns)
            game.cue("potion")
            game.inventory.remove(kind)
            return Done(f"You drink the potion of speed. You move twice as fast ({game.player.hasted} turns).")
        if kind == "scroll_teleport":
            return _teleport(game)
        if kind == "key":
            return Impossible("Walk into a locked door to use a key.")
        if kind in ("rockets", "arrows"):
            launcher = game.inventory.ranged
            if launcher is None or ITEMS[launcher].shoots != kind:
                return Impossible(f"{ITEMS[kind].plural.capitalize()} need a "
                                  f"{'launcher' if kind == 'rockets' else 'bow'}.")
            return NeedsTarget("fire")
        if throwable(kind):
            return NeedsTarget(f"throw:{kind}")
        return Impossible(f"You cannot use the {ITEMS[kind].name} like that.")


def _teleport(game: Game) -> Result:
    if game.floor.vault_state is not None:
        return Impossible("The vault's wards hold you: the scroll's words will not come.")
    spot = consumables.teleport_spot(game)
    if spot is None:
        return Impossible("There is nowhere safe on this floor to go.")
    game.inventory.remove("scroll_teleport")
    game.effects.append(("teleport", game.player.pos, spot))
    game.cue("potion")
    game.move_actor(game.player, *spot)
    return Done("You read the scroll, and the world folds: you stand elsewhere on the floor." + _tail(_underfoot(game)))


def _tail(text: str) -> str:
    return f" {text}" if text else ""


def _explodes(game: Game, what: str) -> None:
    """Said before the blast does anything, so "You kill the rat." comes after it in the log."""
    game.log.add(f"The {what} explodes!", "info", game.turn)


def _blast_report(explosion: Explosion) -> str:
    hurt = [f"{name} ({amount})" for name, amount in explosion.hurt]
    text = ""
    if hurt:
        text += "The blast hits " + (", ".join(hurt[:-1]) + " and " + hurt[-1] if len(hurt) > 1 else hurt[0]) + "."
    if explosion.doors_blown:
        text += " A door is blown open." if len(explosion.doors_blown) == 1 else " Doors are blown open."
    return text.strip()


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
        return Done(_blast_report(explode(game, flight.end, radius, power, game.player)))


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
        return Done(_blast_report(explode(game, flight.end, radius, power, game.player, shock=True)))
