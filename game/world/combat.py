"""Melee combat: bump to attack (SPEC §10), by the rules below.

Chance to hit = 75 % + 5 % x (attacker's accuracy - defender's defence), kept in
5..95 %. A hit deals a roll of the attacker's damage range minus the defender's
armour, at least 1. Fights are noisy. The player regains 1 health every
``REGEN_TURNS`` turns; monsters do not heal.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.content.monsters import MONSTERS
from game.world import magic

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

BASE_HIT = 75
REGEN_TURNS = 10
COMBAT_LOUDNESS = 2


@dataclass(frozen=True)
class Stats:
    accuracy: int
    damage: tuple[int, int]
    defence: int
    armour: int


def stats_of(game: Game, actor: Actor) -> Stats:
    if actor.kind == "player":
        weapon, armour = game.inventory.weapon_kind(), game.inventory.armour_kind()
        trained = game.record
        return magic.empowered(game, Stats(weapon.accuracy + trained.accuracy, weapon.damage,
                                           armour.defence + trained.defence, armour.armour))
    kind = MONSTERS[actor.kind]
    bonus = actor.power
    return Stats(kind.accuracy + bonus, (kind.damage[0] + bonus, kind.damage[1] + bonus), kind.defence, kind.armour)


def hit_chance(attacker: Stats, defender: Stats) -> int:
    return max(5, min(95, BASE_HIT + 5 * (attacker.accuracy - defender.defence)))


def sting(game: Game, bug: Actor, victim: Actor) -> None:
    """A shelled bug touched someone, or someone touched it: it always stings (seed 002)."""
    low, high = MONSTERS[bug.kind].damage
    damage = game.stream("combat").randint(low, high)
    victim.hp -= damage
    if game.player_sees(victim):
        game.cue("bug")
        tone = "bad" if victim.kind == "player" else "info"
        game.log.add(f"{game.name_of(bug, True)} {game.verb(bug, 'sting', 'stings')} {game.name_of(victim)} "
                     f"for {damage}.", tone, game.turn)
    if victim.hp <= 0:
        game.kill(victim, bug)


def attack(game: Game, attacker: Actor, defender: Actor) -> None:
    """One melee attack, with messages the player can see and the noise it makes."""
    rng = game.stream("combat")
    a, d = stats_of(game, attacker), stats_of(game, defender)
    seen = game.player_sees(attacker) or game.player_sees(defender)
    if rng.below(100) >= hit_chance(a, d):
        if seen:
            game.cue("miss")
            game.log.add(f"{game.name_of(attacker, True)} {game.verb(attacker, 'miss', 'misses')} "
                         f"{game.name_of(defender)}.", "info", game.turn)
    else:
        damage = max(1, rng.randint(*a.damage) - d.armour) if a.damage[1] > 0 else 0
        defender.hp -= damage
        if seen and damage:
            game.cue("hurt" if defender.kind == "player" else "hit")
            tone = "bad" if defender.kind == "player" else "info"
            game.log.add(f"{game.name_of(attacker, True)} {game.verb(attacker, 'hit', 'hits')} "
                         f"{game.name_of(defender)} for {damage}.", tone, game.turn)
        if defender.hp <= 0:
            game.kill(defender, attacker)
    game.make_noise(attacker.pos, COMBAT_LOUDNESS)
    if defender.kind != "player" and defender.alive and attacker.eid != defender.target_eid:
        defender.target_eid = attacker.eid  # hit back whoever hit you
        defender.target = attacker.pos
        defender.state = "hunting"
