"""Treasure's guardians (LVL-2): mini-bosses that hold their post by the treasure like a
guard (``behaviours.Guard``), each with one telegraphed trick (``game.ai.boss``).

basher: a club blow that throws you back; howler: a howl that wakes the floor and calls it to
you; regenerator: heals as it fights.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviour import Behaviour
from game.ai.boss import Boss, Pos, around, away, enemies_beside, strike, throw_back
from game.content.monsters import MONSTERS
from game.world import combat
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

BASH_DAMAGE, BASH_THROW = (3, 6), 2
HOWL_LOUDNESS = 99
REGEN_EVERY = 2  # actions per point of health (more when deeper)


class Guardian(Boss):
    """Holds its post by the treasure like a guard (``behaviours.Guard``)."""

    def __init__(self, moves: Behaviour) -> None:
        self.moves = moves


class Basher(Guardian):
    cooldown = 3
    blow = "{}'s raised club falls here next turn"

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        if chebyshev(enemy.pos, monster.pos) != 1:
            return ""
        game.note(monster, "raises its club high...")
        return "bash"

    def threatens(self, monster: Actor, pos: Pos) -> bool:
        return monster.windup == "bash" and chebyshev(monster.pos, pos) <= 1

    def strikes(self, game: Game, monster: Actor) -> list[Pos]:
        return around(game, monster) if monster.windup == "bash" else []

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        victims = enemies_beside(game, monster)
        if not victims:
            game.note(monster, "swings its club through empty air.")
            return
        victim = min(victims, key=lambda a: (a.eid != monster.target_eid, a.eid))
        strike(game, monster, victim, BASH_DAMAGE, "clubs")
        if victim.alive and throw_back(game, victim, *away(monster.pos, victim.pos), BASH_THROW):
            if game.player_sees(victim):
                game.log.add(f"{game.name_of(victim, True)} {game.verb(victim, 'are', 'is')} thrown back!",
                             "bad" if victim is game.player else "info", game.turn)
        game.make_noise(monster.pos, combat.COMBAT_LOUDNESS)


class Howler(Guardian):
    cooldown = 1

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        if monster.called_allies:
            return ""
        monster.aim = enemy.pos
        game.note(monster, "throws back its head and fills its lungs...")
        return "howl"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        monster.called_allies = True  # once a life
        goal = monster.aim or game.player.pos
        game.note(monster, "howls! The whole floor stirs.")
        game.cue("warden")
        for other in game.floor.actors:
            spec = MONSTERS[other.kind]
            if other is monster or not other.alive or spec.stationary or spec.behaviour in ("keeper", "bug"):
                continue
            if other.state in ("asleep", "idle", "returning"):
                other.state, other.target, other.target_eid, other.lost_turns = "hunting", goal, None, 0
        game.make_noise(monster.pos, HOWL_LOUDNESS)


class Regenerator(Guardian):
    cooldown = 4

    def every_turn(self, game: Game, monster: Actor) -> None:
        if monster.hp < monster.max_hp and monster.timer % REGEN_EVERY == 0:
            monster.hp = min(monster.max_hp, monster.hp + 1 + monster.power // 2)
            if monster.timer % (2 * REGEN_EVERY) == 0:
                game.note(monster, "heals as you watch; its wounds knit together.")

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        return ""

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        pass
