"""Monsters that flee when hurt, and come back (SPEC CMB-9).

A kind with ``flees`` (``game.content.monsters``) turns to flee once its health falls to that
share of its most, while it has someone to flee from. Fleeing, it steps down a safety map of
its enemy (``step_away``: a way out of its enemy's sight, not the corner of the room it is in);
out of its enemy's sight it licks its wounds, 1 health every ``MEND_TURNS`` of its turns (in
sight it mends nothing: a foe kept in view cannot heal and come back again and again);
cornered, it fights. Mended to ``RETURN_SHARE`` of its health, it turns back and goes looking
where it last saw its enemy.
"""

from __future__ import annotations

import heapq
from collections import deque
from typing import TYPE_CHECKING

from game.ai.behaviour import take_step
from game.content.monsters import MONSTERS
from game.map.floor_map import DIRECTIONS_8
from game.world.navigation import chebyshev
from game.world.senses import sees

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]
MEND_TURNS = 2
RETURN_SHARE = 0.75
SAFE_RADIUS = 12
STEP = 10  # a step on the safety map, in tenths
FLIGHT_PULL = 12  # how much a step away from the danger is worth, in tenths of a step (Brogue's 1.2)


def flee(game: Game, monster: Actor) -> bool:
    """Whether ``monster`` spent its turn fleeing (its behaviour acts otherwise)."""
    share = MONSTERS[monster.kind].flees
    if not share:
        return False
    enemy = game.actor(monster.target_eid)
    if monster.state != "fleeing":
        if enemy is None or monster.hp > share * monster.max_hp or monster.state != "hunting":
            return False
        monster.state, monster.timer = "fleeing", 0
        game.note(monster, "turns to flee!")
    monster.timer += 1
    if monster.timer % MEND_TURNS == 0 and (enemy is None or not sees(game, monster, enemy)):
        monster.hp = min(monster.max_hp, monster.hp + 1)
    if enemy is None or monster.hp >= RETURN_SHARE * monster.max_hp:
        monster.state, monster.lost_turns = "searching", 0
        monster.target = enemy.pos if enemy is not None else monster.target
        game.note(monster, "comes back to fight!")
        return False
    step = step_away(game, monster, enemy.pos)
    if step is not None and take_step(game, monster, *step):
        return True
    if chebyshev(enemy.pos, monster.pos) == 1:  # cornered: it fights
        take_step(game, monster, enemy.x - monster.x, enemy.y - monster.y)
    return True


def step_away(game: Game, monster: Actor, danger: Pos) -> tuple[int, int] | None:
    """The step down ``monster``'s safety map from ``danger``, if any step leads to safer ground.

    The safety map is Brogue's: each tile within ``SAFE_RADIUS`` steps of the danger starts at
    ``-FLIGHT_PULL`` tenths of its walking distance from it, then every tile takes the least of
    that and a neighbour's value plus a step. Walking distance alone leads a fleeing monster into
    the farthest corner of the room it is in, in plain sight; the pull beyond 1 makes a way out
    that passes a little nearer the danger worth taking, to a safer place further on."""
    area = game.floor.map
    distance = {danger: 0}
    frontier = deque([danger])
    while frontier:
        x, y = frontier.popleft()
        if distance[(x, y)] > SAFE_RADIUS:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (x + dx, y + dy)
            if there not in distance and area.can_step(x, y, dx, dy):
                distance[there] = distance[(x, y)] + 1
                frontier.append(there)
    safety = {tile: -FLIGHT_PULL * far for tile, far in distance.items()}
    queue = [(value, tile) for tile, value in safety.items()]
    heapq.heapify(queue)
    while queue:
        value, (x, y) = heapq.heappop(queue)
        if value > safety[(x, y)]:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (x + dx, y + dy)
            if there in safety and value + STEP < safety[there] and area.can_step(x, y, dx, dy):
                safety[there] = value + STEP
                heapq.heappush(queue, (value + STEP, there))
    best, choice = safety.get(monster.pos, 0), None
    for dx, dy in DIRECTIONS_8:
        there = (monster.x + dx, monster.y + dy)
        safe = safety.get(there)
        if safe is not None and safe < best and area.can_step(monster.x, monster.y, dx, dy) \
                and game.occupant(there) is None:
            best, choice = safe, (dx, dy)
    return choice
