"""Aiming a throw or a shot (SPEC LIN-2, UI-1 ``t``/``f``).

The target moves with the movement keys or follows the mouse; Enter, Space, the
same key again or a click confirms; Tab picks another thing to throw; Esc cancels.
The preview is what will really happen: the flight along the grid line, where a
wall, a closed door or a creature stops it, and the tiles the blast (or the smoke)
will reach.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.world.actions import Fire, Throw
from game.content.items import ITEMS, item_label, throwable
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


def throwables(game: Game) -> list[str]:
    """The kinds the player could throw now, in slot order."""
    return [kind for kind, _ in game.inventory.slots if throwable(kind)]


@dataclass
class Aim:
    mode: str  # "throw" or "fire"
    kind: str  # what flies: "tnt", "smoke_bomb", "throwing_knives", "rockets", "arrows"
    target: Cell
    range: int
    radius: int  # of the blast or the smoke cloud; 0 for a blade or an arrow
    explosive: bool = True  # a blast the player should not stand in (UI-7)
    stops_at_creatures: bool = True  # a rocket, an arrow, a knife; not TNT nor smoke, which fly over
    _preview: AimPreview | None = field(default=None, repr=False)
    _preview_key: tuple | None = field(default=None, repr=False)

    @classmethod
    def start(cls, game: Game, mode: str, kind: str | None = None) -> Aim | str:
        """A new aim (throwing ``kind``, else the first throwable slot), or the reason there is
        nothing to aim."""
        if mode == "throw":
            kinds = throwables(game)
            if not kinds:
                return "You have nothing to throw."
            kind = kind if kind in kinds else kinds[0]
            spec = ITEMS[kind]
            blade = spec.damage[1] > 0
        else:
            launcher = game.inventory.ranged
            if launcher is None:
                return "You have nothing to fire."
            spec = ITEMS[launcher]
            kind = spec.shoots
            if game.inventory.count(kind) == 0:
                return f"You have no {ITEMS[kind].plural} left."
            blade = True
        aim = cls(mode, kind, game.player.pos, spec.range, spec.blast[0] or spec.smoke, spec.blast[0] > 0, blade)
        aim.target = _first_target(game, aim)
        return aim

    @property
    def label(self) -> str:
        """What is being thrown or fired: "a smoke bomb", "a rocket"."""
        return item_label(self.kind, article=True)

    def switched(self, game: Game) -> Aim:
        """The same target, throwing the next throwable kind in the pack (Tab)."""
        kinds = throwables(game)
        if self.mode != "throw" or len(kinds) < 2:
            return self
        following = kinds[(kinds.index(self.kind) + 1) % len(kinds)] if self.kind in kinds else kinds[0]
        aim = Aim.start(game, "throw", following)
        if isinstance(aim, str):
            return self
        aim.target = self.target
        return aim

    def hits_player(self, game: Game) -> bool:
        """Whether the blast, as aimed, would reach the player (UI-7: ask first)."""
        return self.explosive and game.player.pos in self.preview(game).blast

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
            me = game.player.pos
            occupied = lambda p: p != me and game.occupant(p) is not None  # noqa: E731
            flight = fly(floor, me, self.target, occupied, self.range, stop_at_creatures=self.stops_at_creatures)
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
