"""A captive and its captors on a floor (SPEC ALY-1).

Now and then (``CAPTIVE_CHANCE`` of the room floors from the second region played on) a monster
of the floor's depth lies shackled in a room, a side room when there is one, with a group of
captors of another faction around it, awake. Freeing it is the player's choice: turns of work
next to danger, for an ally (``game.world.captives``). Drawn from a stream of its own, so the
rest of the floor is the same with or without one.
"""

from __future__ import annotations

from game.content.monsters import MONSTERS, MonsterKind
from game.mapgen.analysis import RoomAnalysis
from game.mapgen.room_tiles import RoomTiles
from game.map.level import Placement
from game.rng import Rng

CAPTIVE_CHANCE = 0.35
"""Of the room floors that may hold one: about two captives in a run of five regions."""
FREE_TURNS = 5
"""Turns of work to free a captive: a new captive's shackles (``game.world.captives``)."""
CAPTORS = (2, 3)
"""How many captors guard a captive (fewer and more both possible)."""
ROOM_TILES = 8
"""A captive's room has at least this many free tiles (itself, its captors, room to fight)."""


def captive_kinds(depth: int) -> list[str]:
    """Who may be held captive on a floor of ``depth``: the floor's own monsters that can keep up
    with the player (not slow, able to open doors) and fight."""
    return [k for k, m in MONSTERS.items() if _common(m, depth) and m.opens_doors and m.speed >= 90]


def captor_kinds(depth: int, captive: str) -> list[str]:
    """Who may hold ``captive``: the floor's monsters of another faction that stay put (no
    patrollers) and fight."""
    faction = MONSTERS[captive].faction
    return [k for k, m in MONSTERS.items() if _common(m, depth) and m.faction != faction
            and m.behaviour not in ("patroller", "spawner")]


def _common(kind: MonsterKind, depth: int) -> bool:
    return kind.weight > 0 and not kind.boss and kind.depth <= depth and kind.damage[1] > 0 \
        and not kind.stationary and not kind.shelled


def place_captive(rng: Rng, info: RoomAnalysis, rooms: RoomTiles, out: list[Placement], depth: int,
                  exclude: set[int], chance: float) -> None:
    """With ``chance``, a captive and its captors in a room reachable from the entrance (not one
    of ``exclude``: the entrance's, the exit's, special and key rooms)."""
    if chance <= 0 or not rng.chance(chance):
        return
    reachable = [r for r, d in enumerate(info.distance_from_main) if d >= 0 and r not in exclude
                 and len(rooms.free_tiles(r)) >= ROOM_TILES]
    side = [r for r in reachable if info.distance_from_main[r] > 0]
    kinds = captive_kinds(depth)
    if not reachable or not kinds:
        return
    room = rng.choice(side or reachable)
    kind = _weighted(rng, kinds)
    tile = rng.choice(rooms.free_tiles(room))
    rooms.taken.add(tile)
    out.append(Placement(kind, *tile, captive=True))
    captors = captor_kinds(depth, kind)
    if not captors:
        return
    captor = _weighted(rng, captors)
    for _ in range(rng.randint(*CAPTORS)):
        spot = rooms.take_near(tile)
        if spot is not None:
            out.append(Placement(captor, *spot))


def _weighted(rng: Rng, kinds: list[str]) -> str:
    roll = rng.random() * sum(MONSTERS[k].weight for k in kinds)
    for kind in kinds:
        roll -= MONSTERS[kind].weight
        if roll < 0:
            return kind
    return kinds[-1]
