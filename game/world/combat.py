"""Melee combat: bump to attack (SPEC §10, CMB-1 and CMB-2), by the rules below.

Chance to hit = 75 % + 5 % x (attacker's accuracy - defender's defence), kept in 5..95 %; a
blow at an unaware foe (asleep, or not hunting its attacker) always lands (CMB-2). A hit deals a
roll of the attacker's damage range, blunted by the defender's armour: a second roll, 0 to the
armour, is taken off, and at least 1 is left (CMB-1). So armour blunts blows by a random amount and
a light blade against light armour still deals its range, not 1 every time. How the player's
weapon strikes (a sweep, a thrust through two, a heavy blow, a sneak attack, a lunge) is
``game.world.arms``. Fights are noisy. The player regains 1 health every ``REGEN_TURNS``
turns; monsters do not heal, but those that flee do (``game.ai.fleeing``).
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


def blunted(game: Game, damage: int, armour: int) -> int:
    """What is left of a blow of ``damage`` after armour: a roll of 0..``armour`` taken off, at
    least 1 (SPEC CMB-1). Blades, thrown knives and bosses' blows alike."""
    return max(1, damage - game.stream("combat").randint(0, armour)) if armour > 0 else max(1, damage)


def unaware(defender: Actor, attacker: Actor) -> bool:
    """Whether ``defender`` does not see ``attacker``'s blow coming (SPEC CMB-2): it is asleep, or
    it is not hunting (nor fleeing) ``attacker``. The player is never caught unaware."""
    if defender.kind == "player":
        return False
    return defender.state not in ("hunting", "fleeing") or defender.target_eid != attacker.eid


def attack(game: Game, attacker: Actor, defender: Actor) -> None:
    """One plain melee attack (a monster's; the player's weapon strikes by ``game.world.arms``)."""
    blow(game, attacker, defender)


def blow(game: Game, attacker: Actor, defender: Actor, times: int = 1, sure: bool = False, how: str = "") -> None:
    """One melee blow, with messages the player can see and the noise it makes: ``times`` the
    damage roll (a sneak attack, a lunge), ``sure`` to never miss, ``how`` said after the damage
    (" (sneak attack)"). A blow at an unaware foe always lands; it wakes and turns the foe."""
    rng = game.stream("combat")
    a, d = stats_of(game, attacker), stats_of(game, defender)
    seen = game.player_sees(attacker) or game.player_sees(defender)
    if not (sure or unaware(defender, attacker)) and rng.below(100) >= hit_chance(a, d):
        if seen:
            game.cue("miss")
            game.log.add(f"{game.name_of(attacker, True)} {game.verb(attacker, 'miss', 'misses')} "
                         f"{game.name_of(defender)}.", "info", game.turn)
    else:
        damage = blunted(game, rng.randint(*a.damage) * times, d.armour) if a.damage[1] > 0 else 0
        defender.hp -= damage
        if seen and damage:
            game.cue("hurt" if defender.kind == "player" else "hit")
            tone = "bad" if defender.kind == "player" else "info"
            game.log.add(f"{game.name_of(attacker, True)} {game.verb(attacker, 'hit', 'hits')} "
                         f"{game.name_of(defender)} for {damage}{how}.", tone, game.turn)
        if defender.hp <= 0:
            game.kill(defender, attacker)
    game.make_noise(attacker.pos, COMBAT_LOUDNESS)
    if defender.kind != "player" and defender.alive and defender.state != "fleeing" and (
            defender.state != "hunting" or attacker.eid != defender.target_eid):
        defender.target_eid = attacker.eid  # hit back whoever hit you (a sleeper wakes)
        defender.target = attacker.pos
        defender.state = "hunting"
