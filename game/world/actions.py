"""The player's actions: small immutable objects whose ``perform`` returns a result. Moving,
doors, stairs and picking up are here; using, dropping, throwing and firing things carried are in
``game.world.item_actions`` and gathered here, so every action is imported from this module.

None of them raise for a refused move; they return ``Impossible`` with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.world.action import Done, Impossible, NeedsTarget, Result
from game.content.items import ITEMS, item_label
from game.content.monsters import MONSTERS
from game.content.weapons import STYLES
from game.world import arms, captives, chasm, combat, events, hazards, island, magic, potions, specials, travel, vaults
from game.map.edges import Edge
from game.map.ground import Ground
from game.map.floor_map import DIRECTIONS_4, edge_toward
from game.world.inventory import no_room
from game.world.overworld import step_turns

from game.world.boons import ChooseBoon
from game.world.captives import FreeCaptive, OrderAllies
from game.world.item_actions import Drop, Fire, Throw, UseSlot, underfoot
from game.world.scrolls import Enchant, Identify
from game.world.zaps import Zap

if TYPE_CHECKING:
    from game.world.actor import Item
    from game.world.game import Game

__all__ = ["Ascend", "ChooseBoon", "CloseDoor", "Descend", "Drop", "Enchant", "Fire", "FreeCaptive", "Identify", "Move",
           "OrderAllies", "PickUp", "Throw", "UseSlot", "Wait", "Zap"]


@dataclass(frozen=True)
class Move:
    """Step one tile (8 directions). Bumping a monster attacks it, the way the weapon strikes
    (``game.world.arms``); with a rapier, a step toward a foe two tiles away lunges at it. A
    shopkeeper or an ally swaps places; a captive asks whether to free it. Bumping a closed
    door opens it; bumping a locked door with a key unlocks it."""

    dx: int
    dy: int

    def perform(self, game: Game) -> Result:
        if (self.dx, self.dy) == (0, 0) or max(abs(self.dx), abs(self.dy)) != 1:
            return Impossible("That is not a direction.")
        if (staggered := potions.stagger(game, self.dx, self.dy)) != (self.dx, self.dy):
            return Move(*staggered).perform(game)  # confused (SPEC ITM-6): the same stagger all this turn
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
        if monster is not None and monster.captive:
            return captives.bump(game, monster, self.dx, self.dy)
        if monster is not None and specials.peaceful(monster):
            return specials.step_past(game, monster)
        if monster is not None and MONSTERS[monster.kind].shelled:
            combat.sting(game, monster, game.player)
            return Done(f"Your {game.inventory.weapon_kind().name} glances off its shell.")
        if monster is not None:
            arms.strike(game, monster)
            return Done()
        if hazards.ground_at(game.floor, (nx, ny)) == Ground.CHASM and not chasm.below(game):
            return Impossible("The chasm has no bottom you could climb down to.")  # (none on a deepest floor: TER-6)
        lunging = arms.lunge_target(game, self.dx, self.dy)  # a rapier (SPEC CMB-8)
        game.move_actor(game.player, nx, ny)  # (into a chasm: a fall to the floor below)
        game.cue("step")
        if lunging is not None and not game.floor_changed:
            arms.lunge(game, lunging)
        if game.on_overworld:
            game.pending_turns += step_turns(game.floor.level.terrain, (nx, ny)) - 1
        return Done(underfoot(game))


def _sealed_gate(game: Game, x: int, y: int) -> Result:
    world = game.world
    beyond = game.floor.map.room_at(x, y)
    keeper = world.order[max(0, world.order.index(beyond) - 1)] if beyond >= 0 else world.next_region()
    if keeper is None:  # (every Warden has fallen: then every gate is open)
        return Impossible(f"The gate to {world.names[beyond]} is sealed.")
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
            return NeedsTarget("direction", "Close which door? (direction)")
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
            travel.descend(game)
            warden = "" if not game.world.defeated[region] else " Its Warden is already dead."
            return Done(f"You go down into the dungeon of {game.world.names[region]}.{warden}")
        level, region = game.floor.level, game.region
        if not level.stairs_down or game.player.pos != level.exit or region is None:
            return Impossible("There are no stairs down here.")
        state = game.floor.vault_state
        if state is not None and level.vault is not None and not state.cleared:
            return Impossible(f"The stairs are sealed until you {vaults.goal_text(level.vault)}.")
        travel.descend(game)
        return Done(f"You descend to floor {game.depth} of {game.world.names[region]}.")


@dataclass(frozen=True)
class Ascend:
    """Take the stairs up: to the floor above, or out onto the island."""

    def perform(self, game: Game) -> Result:
        if game.on_overworld or game.player.pos != game.floor.level.entrance:
            return Impossible("There are no stairs up here.")
        region = game.region
        travel.ascend(game)
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
            used = island.use_place(game) or specials.use_fixture(game)
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
            if worn == item.kind and game.magic.plus.get(spec.category, 0) >= item.enchant:
                return Impossible(f"You already have a {spec.name}.")
            game.floor.items.remove(item)
            was, taken = magic.worn_name(game, spec.category), magic.item_name(game, item.kind, plus=item.enchant)
            setattr(inventory, spec.category, item.kind)
            old_plus = magic.take_enchant(game, spec.category, item.enchant)
            extra = f" {STYLES[spec.style]}" if spec.style else ""  # how the weapon is used (CMB-3)
            if spec.ammo and inventory.can_add(spec.shoots):
                inventory.add(spec.shoots, spec.ammo)
                extra = f" It comes with {item_label(spec.shoots, spec.ammo)}."
            if worn is not None:
                events.drop_item(game, worn, game.player.pos, enchant=old_plus)
                return Done(f"You take the {taken} and leave the {was}.{extra}")
            verb = {"armour": "put on", "weapon": "wield", "ranged": "shoulder"}[spec.category]
            return Done(f"You {verb} the {taken}.{extra}")
        game.cue("coins" if spec.category == "coins" else "pickup")
        if spec.category == "coins":
            game.floor.items.remove(item)
            specials.earn_coins(game, item.count)
            return Done(f"You pick up {item_label(item.kind, item.count)}.")
        if not inventory.can_add(item.kind):
            return Impossible(no_room(item.kind, item.count, magic.item_name(game, item.kind, item.count, True)))
        game.floor.items.remove(item)
        inventory.add(item.kind, item.count, item.charges)
        return Done(f"You pick up {magic.item_name(game, item.kind, item.count, article=True)}.")
