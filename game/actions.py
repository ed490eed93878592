"""The player's actions: small immutable objects whose ``perform`` returns a result.

None of them raise for a refused move; they return ``Impossible`` with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.action import Done, Impossible, NeedsTarget, Result
from game.content.items import ITEMS, item_label
from game.world.edges import Edge
from game.world.floor_map import DIRECTIONS_4, edge_toward

if TYPE_CHECKING:
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
            return Impossible("A wall blocks the way.")
        if self.dx == 0 or self.dy == 0:
            kind = floor.edge_kind_toward(px, py, self.dx, self.dy)
            if kind == Edge.DOOR:
                game.open_door(edge_toward(px, py, self.dx, self.dy), game.player)
                return Done("You open the door.")
            if kind == Edge.LOCKED_DOOR:
                return _unlock(game, self.dx, self.dy)
            if kind in (Edge.WALL, Edge.HULL):
                return Impossible("A wall blocks the way.")
        elif not floor.can_step(px, py, self.dx, self.dy):
            return Impossible("You cannot squeeze past the corner.")
        monster = game.occupant((nx, ny))
        if monster is not None:
            game.attack(game.player, monster)
            return Done()
        game.move_actor(game.player, nx, ny)
        return Done()


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
        return Done("You close the door.")


@dataclass(frozen=True)
class Descend:
    """Take the stairs down when standing on them."""

    def perform(self, game: Game) -> Result:
        if game.player.pos != game.floor.level.exit:
            return Impossible("There are no stairs down here.")
        game.descend()
        return Done(f"You descend to depth {game.depth}.")


@dataclass(frozen=True)
class PickUp:
    """Pick up the top item here. Equipment is worn at once and what you wore is
    dropped on this tile (ITM-1); consumables stack in one slot per kind (ITM-2)."""

    def perform(self, game: Game) -> Result:
        items = game.floor.items_at(game.player.pos)
        if not items:
            return Impossible("There is nothing here to pick up.")
        item = items[-1]
        spec = ITEMS[item.kind]
        inventory = game.inventory
        if spec.category in ("weapon", "armour"):
            worn = inventory.weapon if spec.category == "weapon" else inventory.armour
            game.floor.items.remove(item)
            if spec.category == "weapon":
                inventory.weapon = item.kind
            else:
                inventory.armour = item.kind
            if worn is not None:
                game.drop_item(worn, game.player.pos)
                return Done(f"You take the {spec.name} and leave the {ITEMS[worn].name}.")
            return Done(f"You put on the {spec.name}." if spec.category == "armour" else f"You wield the {spec.name}.")
        if spec.category == "coins":
            game.floor.items.remove(item)
            inventory.coins += item.count
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
            game.inventory.remove(kind)
            return Done(f"You drink the healing potion (+{healed}).")
        if kind == "scroll_mapping":
            game.floor.seen_rooms[:] = True
            game.inventory.remove(kind)
            return Done("The scroll shows you the whole floor.")
        if kind == "key":
            return Impossible("Walk into a locked door to use a key.")
        return Impossible(f"You cannot use the {ITEMS[kind].name} like that.")
