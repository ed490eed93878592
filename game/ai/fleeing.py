"""Monsters that flee when hurt, and come back (SPEC CMB-9).

A kind with ``flees`` (``game.content.monsters``) turns to flee once its health falls to that
share of its most, while it has someone to flee from. Fleeing, it steps to the tile farthest
from its enemy by walking distance (through what it may cross, within ``SAFE_RADIUS``); out of
its enemy's sight it licks its wounds, 1 health every ``MEND_TURNS`` of its turns (in sight it
mends nothing: a foe kept in view cannot heal and come back again and again); cornered, it
fights. Mended to ``RETURN_SHARE`` of its health, it turns back and goes looking
where it last saw its enemy.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.ai.behaviour import take_step
from game.content.monsters import MONSTERS
from game.map.floor_map import DIRECTIONS_8, PASSABLE_NOW
from game.world.navigation import chebyshev
from game.world.paths import step_tables
from game.world.senses import sees

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]
MEND_TURNS = 2
RETURN_SHARE = 0.75
SAFE_RADIUS = 12


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
    """The step that takes ``monster`` farthest from ``danger`` by walking distance (``distances``),
    if any takes it farther than it is."""
    area = game.floor.map
    far_from = distances(area, danger)
    best, choice = far_from(monster.pos), None
    for dx, dy in DIRECTIONS_8:
        there = (monster.x + dx, monster.y + dy)
        far = far_from(there)
        if far > best and area.can_step(monster.x, monster.y, dx, dy) and game.occupant(there) is None:
            best, choice = far, (dx, dy)
    return choice


def distances(area: FloorMap, danger: Pos) -> Callable[[Pos], int]:
    """Each tile's walking distance from ``danger`` as steps go now, ``SAFE_RADIUS + 1`` for any
    farther. Grown a whole layer at a time in the floor's bit sets of steps (``game.world.paths``);
    a tile at a time on maps too large for them. (A fleeing monster asks every turn: the search a
    tile at a time was an eighth of a bot's run.)"""
    bits = step_tables(area, PASSABLE_NOW).bits
    if not bits:
        return _distances_by_tile(area, danger)
    m0, m1, m2, m3, m4, m5, m6, m7 = bits  # the steps of DIRECTIONS_8, as in ``Navigator._route_bits``
    w, v, u = area.width, area.width - 1, area.width + 1
    seen = frontier = 1 << (danger[1] * w + danger[0])
    layers = [frontier]
    for _ in range(SAFE_RADIUS):
        frontier = ~seen & (((frontier & m0) >> w) | ((frontier & m1) >> v) | ((frontier & m2) << 1)
                            | ((frontier & m3) << u) | ((frontier & m4) << w) | ((frontier & m5) << v)
                            | ((frontier & m6) >> 1) | ((frontier & m7) >> u))
        if not frontier:
            break
        seen |= frontier
        layers.append(frontier)

    def far_from(tile: Pos) -> int:
        x, y = tile
        if not (0 <= x < area.width and 0 <= y < area.height):
            return SAFE_RADIUS + 1
        index = y * w + x
        return next((k for k, layer in enumerate(layers) if layer >> index & 1), SAFE_RADIUS + 1)
    return far_from


def _distances_by_tile(area: FloorMap, danger: Pos) -> Callable[[Pos], int]:
    distance = {danger: 0}
    frontier = deque([danger])
    while frontier:
        x, y = frontier.popleft()
        if distance[(x, y)] >= SAFE_RADIUS:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (x + dx, y + dy)
            if there not in distance and area.can_step(x, y, dx, dy):
                distance[there] = distance[(x, y)] + 1
                frontier.append(there)
    return lambda tile: distance.get(tile, SAFE_RADIUS + 1)
