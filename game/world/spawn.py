"""A generated level's placements turned into the actors and items of a floor.

Two kinds of placement grow into bosses here. A ``"warden"`` becomes its region's own Warden
(``warden_kind``: one of five fights, by the region's place in the play order), named and
grown by that rank. A treasure's guardian (``GUARDIANS``) is named from the floor's seeded
stream ("Grimtooth the ogre") and grown with the floor's difficulty.
"""

from __future__ import annotations

from typing import Callable

import numpy as np

from game.content.monsters import GUARDIAN_NAMES, GUARDIANS, MONSTERS, WARDENS
from game.mapgen.captors import FREE_TURNS
from game.rng import Rng
from game.world.actor import Actor, Item
from game.world.floor import Floor
from game.map.level import Level

WARDEN_HP_PER_RANK = 32  # a region's Warden: +32 health and +1 power per region played before
GUARDIAN_HP_PER_DEPTH = 8  # a guardian: +8 health per floor of difficulty past the first (it outclasses grown monsters)
GUARDIAN_DEPTHS_PER_POWER = 2  # and +1 power every two floors
GROWTH_PER_DEPTH = 3  # any other monster: +1/3 of its health per floor of difficulty past its kind's depth
DEPTHS_PER_POWER = 2  # and +1 power every two such floors (SPEC CMB-12)
TRICK_READY = 99  # a boss's ``timer`` at first: its trick is ready the first time it sees you


def warden_kind(rank: int) -> str:
    """The Warden of the region played ``rank``-th (0 = first): five regions, five fights."""
    return WARDENS[rank % len(WARDENS)]


def dress_warden(actor: Actor, rank: int, name: str) -> None:
    """Give a Warden its name and its rank's health and power."""
    actor.max_hp = actor.hp = MONSTERS[actor.kind].hp + WARDEN_HP_PER_RANK * rank
    actor.name, actor.power, actor.timer = name, rank, TRICK_READY


def dress_guardian(actor: Actor, difficulty: int, name: str) -> None:
    """Give a guardian its name ("Grimtooth the ogre") and its floor's health and power."""
    grown = max(0, difficulty - 1)
    actor.max_hp = actor.hp = MONSTERS[actor.kind].hp + GUARDIAN_HP_PER_DEPTH * grown
    actor.power = grown // GUARDIAN_DEPTHS_PER_POWER
    actor.name, actor.timer = f"{name} the {MONSTERS[actor.kind].name}", TRICK_READY


def grow(actor: Actor, difficulty: int) -> None:
    """A monster met deeper than its kind's first floor is older and tougher (SPEC CMB-12): a
    rat of the last region is no rat of the first. Bosses and shopkeepers are grown otherwise."""
    kind = MONSTERS[actor.kind]
    past = max(0, difficulty - kind.depth)
    if kind.boss or kind.behaviour == "keeper" or not past:
        return
    actor.max_hp = actor.hp = kind.hp + kind.hp * past // GROWTH_PER_DEPTH
    actor.power = past // DEPTHS_PER_POWER


def populated_floor(depth: int, level: Level, new_id: Callable[[], int], warden_rank: int = 0,
                    warden_name: str = "", difficulty: int | None = None, names: Rng | None = None) -> Floor:
    """The floor's actors and items; ``names`` (a seeded stream) names its guardians."""
    floor = Floor(depth, level, seen_rooms=np.zeros(level.map.room_count, dtype=bool))
    names = names if names is not None else Rng(depth)
    unused = list(GUARDIAN_NAMES)
    made: list[Actor | None] = []
    for placement in level.placements:
        if placement.kind not in MONSTERS:
            floor.items.append(Item(new_id(), placement.kind, placement.x, placement.y, placement.count,
                                    placement.price, placement.choice))
            made.append(None)
            continue
        kind = warden_kind(warden_rank) if placement.kind == "warden" else placement.kind
        hp = MONSTERS[kind].hp
        actor = Actor(new_id(), kind, placement.x, placement.y, hp, hp,
                      state="asleep" if placement.asleep else "idle", home=(placement.x, placement.y),
                      route=list(placement.route))
        if placement.kind == "warden":
            dress_warden(actor, warden_rank, warden_name)
        elif kind in GUARDIANS:
            name = names.choice(unused or list(GUARDIAN_NAMES))
            if name in unused:
                unused.remove(name)
            dress_guardian(actor, depth if difficulty is None else difficulty, name)
        else:
            grow(actor, depth if difficulty is None else difficulty)
        if placement.captive:
            actor.shackles = FREE_TURNS
        leader = made[placement.leader] if 0 <= placement.leader < len(made) else None
        if leader is not None:
            actor.leader = leader.eid
        floor.add_actor(actor)
        made.append(actor)
    return floor
