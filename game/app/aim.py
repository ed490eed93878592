"""Aiming a throw or a shot (SPEC LIN-2, UI-1 ``t``/``f``).

The target moves with the movement keys or follows the mouse; Enter, Space, the
same key again or a click confirms; Esc cancels. The preview is what will really
happen: the flight along the grid line, where a wall, a closed door or a
creature stops it, and the tiles the blast will reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.actions import Fire, Throw
from game.content.items import ITEMS
from game.geometry import line
from game.world.blast import blast_area
from game.world.game import Game
from game.world.navigation import chebyshev
from game.world.projectiles import Flight, fly

Cell = tuple[int, int]


@dataclass
class AimPreview:
    flight: Flight
    beyond: list[Cell]  # cells of the line past the stop point, up to the target
    blast: dict[Cell, int]


@dataclass
class Aim:
    mode: str  # "throw" or "fire"
    kind: str  # what flies: "tnt", "rockets"
    target: Cell
    range: int
    radius: int
    _preview: AimPreview | None = field(default=None, repr=False)
    _preview_key: tuple | None = field(default=None, repr=False)

    @classmethod
    def start(cls, game: Game, mode: str) -> Aim | str:
        """A new aim, or the reason there is nothing to aim."""
        if mode == "throw":
            kind = "tnt"
            if game.inventory.count(kind) == 0:
                return "You have nothing to throw."
            spec = ITEMS[kind]
        else:
            if game.inventory.ranged is None:
                return "You have nothing to fire."
            if game.inventory.count("rockets") == 0:
                return "You have no rockets left."
            kind, spec = "rockets", ITEMS[game.inventory.ranged]
        aim = cls(mode, kind, game.player.pos, spec.range, spec.blast[0])
        aim.target = _first_target(game, aim)
        return aim

    def hits_player(self, game: Game) -> bool:
        """Whether the blast, as aimed, would reach the player (UI-7: ask first)."""
        return game.player.pos in self.preview(game).blast

    def move(self, game: Game, dx: int, dy: int) -> None:
        x, y = self.target[0] + dx, self.target[1] + dy
        if game.floor.map.in_bounds(x, y):
            self.target = (x, y)

    def point_at(self, game: Game, cell: Cell) -> None:
        if game.floor.map.in_bounds(*cell):
            self.target = cell

    def action(self) -> Throw | Fire:
        return Throw(*self.target, self.kind) if self.mode == "throw" else Fire(*self.target)

    def preview(self, game: Game) -> AimPreview:
        key = (self.target, game.player.pos, game.floor.door_version, game.version)
        if self._preview is None or self._preview_key != key:
            floor = game.floor.map
            occupied = (lambda p: game.occupant(p) is not None) if self.mode == "fire" else (lambda p: False)
            flight = fly(floor, game.player.pos, self.target, occupied, self.range, stop_at_creatures=self.mode == "fire")
            cells = [tuple(c) for c in line(game.player.pos, self.target).tolist()]
            stop = cells.index(flight.end) if flight.end in cells else 0
            blast = blast_area(game, flight.end, self.radius)[0] if flight.end != game.player.pos else {}
            self._preview = AimPreview(flight, cells[stop + 1:], blast)
            self._preview_key = key
        return self._preview


def _first_target(game: Game, aim: Aim) -> Cell:
    """The nearest monster in sight that the shot really reaches (nothing stops it first), and
    whose blast leaves the player out if any such monster does; else the player's own tile."""
    floor = game.floor
    visible = set(floor.visible)
    candidates = sorted((m for m in floor.actors if m.alive and floor.map.rooms[m.y, m.x] in visible
                         and chebyshev(m.pos, game.player.pos) <= aim.range),
                        key=lambda m: (chebyshev(m.pos, game.player.pos), m.eid))
    reachable = []
    for monster in candidates:
        aim.target = monster.pos
        if aim.preview(game).flight.end == monster.pos:
            reachable.append((aim.hits_player(game), monster.pos))
    aim.target = game.player.pos
    return min(reachable, key=lambda r: r[0])[1] if reachable else game.player.pos
