"""Aiming a throw or a shot (SPEC LIN-2, UI-1 ``t``/``f``).

The target starts on the nearest foe in sight (one the shot reaches, sparing you if it
can), moves with the movement keys or follows the mouse; Tab moves it to the next foe in
sight; a slot's number key throws that slot's kind instead; Enter, Space, the same key
again or a click confirms; Esc cancels. The preview is what will really happen: the
flight along the grid line, where a wall, a closed door or a creature stops it, the
tiles the blast (or the smoke) will reach, and "The blast will reach you!" if it would. On a
derelict's deck it also says when the blast will breach the hull (SHP-2) and how far the air
will go: the rooms joined to the breach by open doors, counting the doors the blast blows open,
are counted in the warning and marked on the map (the rooms the player has seen).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.world.actions import Fire, Throw, Zap
from game.content.items import ITEMS, item_label, throwable, zappable
from game.content.monsters import CONJURED
from game.geometry import line
from game.world.blast import blast_area
from game.world.game import Game
from game.world.navigation import chebyshev
from game.world.projectiles import Flight, fly
from game.world.senses import monsters_seen
from game.world.ships import VentForecast, vent_forecast
from game.world.specials import peaceful
from game.world.zaps import empty

Cell = tuple[int, int]
SELF_BLAST = "The blast will reach you!"
BREACH = "The blast will breach the hull"


@dataclass
class AimPreview:
    flight: Flight
    beyond: list[Cell]  # cells of the line past the stop point, up to the target
    blast: dict[Cell, int]
    hits_you: bool = False  # an explosive's blast reaches the player's tile: the preview says so
    breach: str = ""  # what the blast does to a deck's air, in words ("" when nothing)
    vents: list[Cell] = field(default_factory=list)  # the tiles that would lose their air, of rooms seen

    @property
    def warning(self) -> str:
        """"The blast will reach you! The blast will breach the hull: ...", or ""."""
        return " ".join(filter(None, (SELF_BLAST if self.hits_you else "", self.breach)))


def throwables(game: Game) -> list[str]:
    """The kinds the player could throw now, in slot order."""
    return [kind for kind, _ in game.inventory.slots if throwable(kind)]


def zappables(game: Game) -> list[str]:
    """The staffs and wands the player carries, in slot order (ITM-21)."""
    return [kind for kind, _ in game.inventory.slots if zappable(kind)]


@dataclass
class Aim:
    mode: str  # "throw", "fire" or "zap"
    kind: str  # what flies: "tnt", "smoke_bomb", "throwing_knives", "rockets", "arrows"; the staff or wand zapped
    target: Cell
    range: int
    radius: int  # of the blast or the smoke cloud; 0 for a blade or an arrow
    explosive: bool = True  # a blast the player should not stand in (UI-7)
    stops_at_creatures: bool = True  # a rocket, an arrow, a knife; not TNT nor smoke, which fly over
    _preview: AimPreview | None = field(default=None, repr=False)
    _preview_key: tuple | None = field(default=None, repr=False)

    @classmethod
    def start(cls, game: Game, mode: str, kind: str | None = None) -> Aim | str:
        """A new aim (throwing or zapping ``kind``, else the first throwable or zappable slot), or
        the reason there is nothing to aim. A zap previews its bolt: where it stops (lightning
        goes through creatures) and, for obstruction, the tiles the crystal will fill."""
        if mode == "zap":
            kinds = zappables(game)
            if not kinds:
                return "You have no staff or wand to zap."
            kind = kind if kind in kinds else kinds[0]
            why = empty(game, kind)
            if why:
                return why
            spec = ITEMS[kind]
            aim = cls(mode, kind, game.player.pos, spec.range, int(kind == "staff_obstruction"), False,
                      kind != "staff_lightning")
            aim.target = _first_target(game, aim)
            return aim
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

    def switched(self, game: Game, kind: str | None = None) -> Aim:
        """The same target, throwing (or zapping) ``kind`` (a slot's number key), else the next
        throwable (or zappable) kind in the pack."""
        kinds = zappables(game) if self.mode == "zap" else throwables(game)
        if self.mode == "fire" or len(kinds) < 2 or (kind is not None and kind not in kinds):
            return self
        following = kind or (kinds[(kinds.index(self.kind) + 1) % len(kinds)] if self.kind in kinds else kinds[0])
        aim = Aim.start(game, self.mode, following)
        if isinstance(aim, str):
            return self
        aim.target = self.target
        return aim

    def hits_player(self, game: Game) -> bool:
        """Whether the blast, as aimed, would reach the player (UI-7: ask first)."""
        return self.preview(game).hits_you

    def next_target(self, game: Game) -> Aim:
        """The target moved to the next foe in sight, nearest first, round again after the last (Tab)."""
        foes = [m.pos for m in foes_in_sight(game)]
        if foes:
            self.target = foes[(foes.index(self.target) + 1) % len(foes)] if self.target in foes else foes[0]
        return self

    def warning(self, game: Game) -> str:
        """What the preview warns of: "The blast will reach you!", a breach of the hull and how
        far the air will go, or nothing. A throw it warns of asks before it goes (UI-7)."""
        return self.preview(game).warning

    def move(self, game: Game, dx: int, dy: int) -> None:
        x, y = self.target[0] + dx, self.target[1] + dy
        if game.floor.map.in_bounds(x, y):
            self.target = (x, y)

    def point_at(self, game: Game, cell: Cell) -> None:
        if game.floor.map.in_bounds(*cell):
            self.target = cell

    def action(self) -> Throw | Fire | Zap:
        if self.mode == "zap":
            return Zap(*self.target, self.kind)
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
            blast, doors = blast_area(game, flight.end, self.radius) if flight.end != game.player.pos else ({}, [])
            self._preview = AimPreview(flight, cells[stop + 1:], blast, self.explosive and me in blast)
            if self.explosive and blast:
                forecast = vent_forecast(game.floor, flight.end, doors)
                self._preview.breach = breach_words(game, forecast)
                seen = [room for room in forecast.rooms if game.floor.seen_rooms[room]]
                self._preview.vents = rooms_tiles(game, seen)
            self._preview_key = key
        return self._preview


def breach_words(game: Game, forecast: VentForecast) -> str:
    """"The blast will breach the hull: the air of 3 rooms will vent, yours too." (rooms the
    player has not seen are not counted, only said), or "" when the air is left alone."""
    floor = game.floor
    if not forecast.breaches and not forecast.rooms:
        return ""
    what = BREACH if forecast.breaches else "The blast will open the way to a breach"
    if not forecast.rooms:
        return f"{what} (no air is left there to vent)."
    seen = sum(1 for room in forecast.rooms if floor.seen_rooms[room])
    unseen = len(forecast.rooms) - seen
    rooms = f"{seen} room{'s' if seen != 1 else ''}" if seen else ""
    beyond = "rooms you have not seen" if unseen else ""
    whose = f"{rooms}, and of {beyond}," if rooms and beyond else rooms or beyond
    yours = floor.map.room_at(*game.player.pos) in forecast.rooms
    return f"{what}: the air of {whose} will vent{', yours too' if yours else ''}."


def rooms_tiles(game: Game, rooms: list[int]) -> list[Cell]:
    """The tiles of ``rooms``, row by row."""
    if not rooms:
        return []
    ys, xs = np.nonzero(np.isin(game.floor.map.rooms, rooms))
    return list(zip(xs.tolist(), ys.tolist()))


def foes_in_sight(game: Game) -> list:
    """The monsters in sight that are not peaceful, nor conjured crystal, nearest first (the order
    Tab goes through)."""
    me = game.player.pos
    return sorted((m for m in monsters_seen(game) if not peaceful(m) and m.kind not in CONJURED),
                  key=lambda m: (chebyshev(m.pos, me), m.eid))


def _first_target(game: Game, aim: Aim) -> Cell:
    """The nearest foe in sight that the shot really reaches (in range, nothing stops it first),
    and whose blast leaves the player out if any such foe does; else the nearest foe in sight
    (the preview shows where the shot stops); else the player's own tile."""
    foes = foes_in_sight(game)
    reachable = []
    for monster in foes:
        if chebyshev(monster.pos, game.player.pos) > aim.range:
            continue
        aim.target = monster.pos
        if aim.preview(game).flight.end == monster.pos:
            reachable.append(((aim.hits_player(game), bool(aim.preview(game).breach)), monster.pos))
    aim.target = game.player.pos
    if reachable:
        return min(reachable, key=lambda r: r[0])[1]
    return foes[0].pos if foes else game.player.pos
