"""The player's actions: small immutable objects whose ``perform`` returns a result.

None of them raise for a refused move; they return ``Impossible`` with a reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.action import Done, Impossible, NeedsTarget, Result
from game.world.edges import Edge
from game.world.floor_map import DIRECTIONS_4, edge_toward

if TYPE_CHECKING:
    from game.world.game import Game


@dataclass(frozen=True)
class Move:
    """Step one tile (8 directions); bumping a closed door opens it instead."""

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
                floor.set_edge(*edge_toward(px, py, self.dx, self.dy), Edge.OPEN_DOOR)
                game.note_door_changed()
                return Done("You open the door.")
            if kind == Edge.LOCKED_DOOR:
                return Impossible("The door is locked.")
            if kind in (Edge.WALL, Edge.HULL):
                return Impossible("A wall blocks the way.")
        elif not floor.can_step(px, py, self.dx, self.dy):
            return Impossible("You cannot squeeze past the corner.")
        game.move_player(nx, ny)
        return Done()


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
        floor.set_edge(*edge_toward(px, py, *open_doors[0]), Edge.DOOR)
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
