"""Minds that keep near a leader: the sidekick (MON-1) and the player's allies (SPEC ALY-2).

A sidekick keeps within ``SIDEKICK_RANGE`` of its leader and joins its leader's fights. An ally
is a freed captive with the sidekick's mind and the player as its leader: it fights the foes it
sees, then comes back to the player, opening doors as it goes. Told to wait, it holds its tile
and fights only what stands next to it. A captive (ALY-1) does nothing at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviour import Behaviour, idle, move_toward, perceive, pursue, take_step
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

SIDEKICK_RANGE = 2


class Sidekick(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if monster.state in ("hunting", "searching"):
            pursue(game, monster, enemy)
            return
        leader = game.actor(monster.leader) if monster.leader is not None else None
        if leader is None:
            idle(game, monster)
            return
        if leader.state == "hunting" and leader.target is not None:
            monster.state, monster.target, monster.target_eid = "hunting", leader.target, leader.target_eid
            pursue(game, monster, game.actor(leader.target_eid))
        elif chebyshev(monster.pos, leader.pos) > SIDEKICK_RANGE:
            move_toward(game, monster, leader.pos)


class Ally(Sidekick):
    """The player's ally: a sidekick of the player's (its ``leader`` is the player), or, told to
    wait, a sentry that strikes only what comes next to it."""

    def act(self, game: Game, monster: Actor) -> None:
        monster.leader = game.player.eid
        if not monster.waiting:
            super().act(game, monster)
            return
        enemy = perceive(game, monster)
        if enemy is not None and chebyshev(enemy.pos, monster.pos) == 1 \
                and take_step(game, monster, enemy.x - monster.x, enemy.y - monster.y):
            return
        monster.state, monster.target, monster.target_eid = "idle", None, None


ALLY = Ally()


def take_turn(game: Game, monster: Actor) -> bool:
    """The turn of a captive (nothing) or an ally; False for any other monster."""
    if monster.captive:
        return True
    if monster.ally:
        ALLY.act(game, monster)
        return True
    return False
