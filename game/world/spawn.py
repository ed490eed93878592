"""A generated level's placements turned into the actors and items of a floor."""

from __future__ import annotations

from typing import Callable

import numpy as np

from game.content.monsters import MONSTERS
from game.world.actor import Actor, Item
from game.world.floor import Floor
from game.world.level import Level

WARDEN_HP_PER_RANK = 12  # a region's Warden: +12 health and +1 power per region played before


def populated_floor(depth: int, level: Level, new_id: Callable[[], int], warden_rank: int = 0,
                    warden_name: str = "") -> Floor:
    floor = Floor(depth, level, seen_rooms=np.zeros(level.map.room_count, dtype=bool))
    made: list[Actor | None] = []
    for placement in level.placements:
        if placement.kind not in MONSTERS:
            floor.items.append(Item(new_id(), placement.kind, placement.x, placement.y, placement.count,
                                    placement.price, placement.choice))
            made.append(None)
            continue
        kind = MONSTERS[placement.kind]
        warden = placement.kind == "warden"
        hp = kind.hp + (WARDEN_HP_PER_RANK * warden_rank if warden else 0)
        actor = Actor(new_id(), placement.kind, placement.x, placement.y, hp, hp,
                      state="asleep" if placement.asleep else "idle", home=(placement.x, placement.y),
                      route=list(placement.route))
        if warden:
            actor.name, actor.power = warden_name, warden_rank
        leader = made[placement.leader] if 0 <= placement.leader < len(made) else None
        if leader is not None:
            actor.leader = leader.eid
        floor.add_actor(actor)
        made.append(actor)
    return floor
