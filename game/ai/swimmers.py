"""The mind of a monster that lives in deep water (``MonsterKind.aquatic``, SPEC TER-2): an eel.

It never leaves its water (``Level.ground``: the generated ground, whose water no fire
changes). It bites an enemy beside it, swims toward one it sees by water only, and otherwise
drifts now and then within its pool. Walking beside its water is the danger it makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviour import Behaviour, perceive, take_step
from game.map.floor_map import DIRECTIONS_8
from game.map.ground import Ground
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

DRIFT_CHANCE = 0.2


class Lurker(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if enemy is not None and chebyshev(enemy.pos, monster.pos) == 1 \
                and take_step(game, monster, enemy.x - monster.x, enemy.y - monster.y):
            return
        steps = water_steps(game, monster)
        if enemy is not None:
            here = chebyshev(enemy.pos, monster.pos)
            closer = [s for s in steps if chebyshev(enemy.pos, (monster.x + s[0], monster.y + s[1])) < here]
            if closer:
                best = min(closer, key=lambda s: chebyshev(enemy.pos, (monster.x + s[0], monster.y + s[1])))
                take_step(game, monster, *best)
            return
        monster.state, monster.target, monster.target_eid = "idle", None, None
        if steps and game.stream("monsters").random() < DRIFT_CHANCE:
            take_step(game, monster, *game.stream("monsters").choice(steps))


def water_steps(game: Game, monster: Actor) -> list[tuple[int, int]]:
    """The steps (dx, dy) from the monster onto free deep water, in ``DIRECTIONS_8`` order."""
    ground = game.floor.level.ground
    floor = game.floor.map
    if ground is None:
        return []
    out = []
    for dx, dy in DIRECTIONS_8:
        x, y = monster.x + dx, monster.y + dy
        if floor.can_step(monster.x, monster.y, dx, dy) and ground[y, x] == Ground.WATER \
                and game.occupant((x, y)) is None:
            out.append((dx, dy))
    return out
