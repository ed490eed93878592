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
    """The step that takes ``monster`` farthest from ``danger`` by walking distance, if any
    takes it farther than it is."""
    area = game.floor.map
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
    best, choice = distance.get(monster.pos, SAFE_RADIUS + 1), None
    for dx, dy in DIRECTIONS_8:
        there = (monster.x + dx, monster.y + dy)
        far = distance.get(there, SAFE_RADIUS + 1)
        if far > best and area.can_step(monster.x, monster.y, dx, dy) and game.occupant(there) is None:
            best, choice = far, (dx, dy)
    return choice
