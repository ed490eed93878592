"""Bosses: treasure's guardians and the five Wardens, each with one telegraphed trick.

A boss fights like a guard (or a chaser) until its trick is ready. Then it winds up: the log
says what is coming ("Grimtooth the ogre raises its club..."), ``Actor.windup`` remembers it
and ``Actor.aim`` where it goes; on its next action it does it. Bosses are no faster than the
player, so a careful player always has one turn to step aside. ``Actor.timer`` counts the
boss's actions since its last trick.

Guardians: basher (a club blow that throws you back), howler (a howl that wakes the floor and
calls it to you), regenerator (heals as it fights).
Wardens: brute (slams the ground around it), charger (rushes along a line), thrower (lobs a
bomb at where you stood), summoner (raises skeletons, capped), blinker (vanishes into a
neighbouring room when hurt, and appears beside you from afar).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.ai.behaviour import Behaviour, idle, perceive, pursue
from game.content.monsters import MONSTERS, hostile
from game.world import combat
from game.world.blast import explode
from game.world.floor_map import DIRECTIONS_8
from game.world.navigation import chebyshev
from game.world.projectiles import can_fly, fly
from game.world.scheduler import ACTION_COST
from game.world.senses import faction_of

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]

BASH_DAMAGE, BASH_THROW = (3, 6), 2
HOWL_LOUDNESS = 99
REGEN_EVERY = 2  # actions per point of health (more when deeper)
SLAM_DAMAGE = (4, 7)
CHARGE_RANGE, CHARGE_DAMAGE = (2, 7), (5, 8)
THROW_RANGE, BOMB_RADIUS, BOMB_POWER = (3, 7), 1, 8
SUMMON_COUNT, SUMMON_ALIVE_CAP, SUMMON_TOTAL_CAP = 2, 3, 8
BLINK_RANGE = 3  # from this far it blinks in beside you


class Boss(Behaviour):
    """A fighter with one trick: ``ready`` decides to wind up (and says so), ``unleash`` does it."""

    cooldown = 4  # actions between tricks
    moves: Behaviour  # how it fights otherwise

    def act(self, game: Game, monster: Actor) -> None:
        monster.timer += 1
        self.every_turn(game, monster)
        if monster.windup:
            trick = monster.windup
            self.unleash(game, monster, trick)
            monster.windup, monster.aim, monster.timer = "", None, 0
            return
        if monster.timer >= self.cooldown and monster.state != "asleep":
            enemy = perceive(game, monster)
            if enemy is not None:
                trick = self.ready(game, monster, enemy)
                if trick:
                    monster.windup = trick
                    return
        self.moves.act(game, monster)

    def every_turn(self, game: Game, monster: Actor) -> None:
        """Something it does every action, trick or not (a troll's healing)."""

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        """The trick to wind up now against ``enemy`` (announcing it), or ``""``."""
        return ""

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        raise NotImplementedError


class Fighter(Behaviour):
    """The plain fight under a boss's trick: hunt what it sees, else wait about."""

    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if monster.state in ("hunting", "searching"):
            pursue(game, monster, enemy)
        else:
            idle(game, monster)


# --- shared moves --------------------------------------------------------------------
def strike(game: Game, boss: Actor, victim: Actor, damage: tuple[int, int], words: str) -> None:
    """A trick's blow: a roll of ``damage`` plus the boss's power, less armour; never misses."""
    low, high = damage
    amount = max(1, game.stream("combat").randint(low, high) + boss.power - combat.stats_of(game, victim).armour)
    victim.hp -= amount
    if game.player_sees(victim) or game.player_sees(boss):
        game.cue("hurt" if victim is game.player else "hit")
        tone = "bad" if victim is game.player else "info"
        game.log.add(f"{game.name_of(boss, True)} {words} {game.name_of(victim)} for {amount}.", tone, game.turn)
    if victim.hp <= 0:
        game.kill(victim, boss)


def throw_back(game: Game, victim: Actor, dx: int, dy: int, tiles: int) -> int:
    """Push ``victim`` up to ``tiles`` along ``(dx, dy)`` until a wall, a door or someone stops it."""
    moved = 0
    for _ in range(tiles):
        nx, ny = victim.x + dx, victim.y + dy
        if not victim.alive or not can_fly(game.floor.map, victim.x, victim.y, dx, dy) or game.occupant((nx, ny)):
            break
        game.move_actor(victim, nx, ny)
        moved += 1
    return moved


def away(source: Pos, target: Pos) -> tuple[int, int]:
    return (target[0] > source[0]) - (target[0] < source[0]), (target[1] > source[1]) - (target[1] < source[1])


def enemies_beside(game: Game, monster: Actor) -> list[Actor]:
    near = [game.occupant((monster.x + dx, monster.y + dy)) for dx, dy in DIRECTIONS_8]
    return [a for a in near if a is not None and a.alive and hostile(faction_of(monster), faction_of(a))]


def free_tiles_near(game: Game, centre: Pos, room_only: bool = True) -> list[Pos]:
    """Free tiles one step from ``centre`` (in its room, if ``room_only``), in a fixed order."""
    floor = game.floor.map
    room = floor.room_at(*centre)
    return [(centre[0] + dx, centre[1] + dy) for dx, dy in DIRECTIONS_8
            if floor.can_step(centre[0], centre[1], dx, dy) and game.occupant((centre[0] + dx, centre[1] + dy)) is None
            and (not room_only or floor.room_at(centre[0] + dx, centre[1] + dy) == room)]


def straight_line(a: Pos, b: Pos) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return dx == 0 or dy == 0 or abs(dx) == abs(dy)


def clear_walk(game: Game, start: Pos, goal: Pos) -> bool:
    """Whether a charge from ``start`` can walk the straight line up to ``goal`` (nobody between)."""
    dx, dy = away(start, goal)
    x, y = start
    floor = game.floor.map
    while (x + dx, y + dy) != goal:
        if not floor.can_step(x, y, dx, dy) or game.occupant((x + dx, y + dy)) is not None:
            return False
        x, y = x + dx, y + dy
    return floor.can_step(x, y, dx, dy)


def endangered(monster: Actor, pos: Pos) -> bool:
    """Whether a tile is in the way of the trick ``monster`` is winding up (for careful players:
    the autoplayer steps out of it)."""
    if monster.windup in ("slam", "bash"):
        return chebyshev(monster.pos, pos) <= 1
    if monster.windup == "charge" and monster.aim is not None:
        return pos != monster.pos and straight_line(monster.pos, pos) and away(monster.pos, pos) == away(
            monster.pos, monster.aim)
    if monster.windup == "throw" and monster.aim is not None:
        return chebyshev(monster.aim, pos) <= BOMB_RADIUS
    return False


# --- guardians ------------------------------------------------------------------------
class Guardian(Boss):
    """Holds its post by the treasure like a guard (``behaviours.Guard``)."""

    def __init__(self, moves: Behaviour) -> None:
        self.moves = moves


class Basher(Guardian):
    cooldown = 3

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        if chebyshev(enemy.pos, monster.pos) != 1:
            return ""
        game.note(monster, "raises its club high...")
        return "bash"

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


# --- Wardens ----------------------------------------------------------------------------
class Brute(Boss):
    cooldown = 3

    def __init__(self) -> None:
        self.moves = Fighter()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        if chebyshev(enemy.pos, monster.pos) != 1:
            return ""
        game.note(monster, "raises its maul over its head...")
        return "slam"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        game.note(monster, "brings its maul down. The floor shakes!")
        game.effects.append(("explosion", monster.pos, 1, game.turn))
        game.cue("explosion")
        for victim in sorted(enemies_beside(game, monster), key=lambda a: a.eid):
            strike(game, monster, victim, SLAM_DAMAGE, "crushes")
            if victim.alive:
                throw_back(game, victim, *away(monster.pos, victim.pos), 1)
        game.make_noise(monster.pos, 4)


class Charger(Boss):
    cooldown = 3

    def __init__(self) -> None:
        self.moves = Fighter()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        low, high = CHARGE_RANGE
        if not (low <= chebyshev(enemy.pos, monster.pos) <= high and straight_line(monster.pos, enemy.pos)
                and clear_walk(game, monster.pos, enemy.pos)):
            return ""
        monster.aim = enemy.pos
        game.note(monster, "lowers its head to charge!")
        return "charge"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        dx, dy = away(monster.pos, monster.aim or monster.pos)
        if (dx, dy) == (0, 0):
            return
        game.note(monster, "charges!")
        floor = game.floor.map
        for _ in range(CHARGE_RANGE[1] + 2):
            there = (monster.x + dx, monster.y + dy)
            if not floor.can_step(monster.x, monster.y, dx, dy):
                game.note(monster, "crashes into the wall and staggers.")
                monster.energy -= ACTION_COST  # dazed: it loses its next action
                return
            other = game.occupant(there)
            if other is not None:
                if hostile(faction_of(monster), faction_of(other)):
                    strike(game, monster, other, CHARGE_DAMAGE, "rams")
                    if other.alive:
                        throw_back(game, other, dx, dy, 1)
                return
            game.move_actor(monster, *there)
        game.make_noise(monster.pos, 3)


class KeepsRange(Behaviour):
    """A thrower's footwork: it fights what stands beside it, backs off what comes close and
    holds its ground at throwing range."""

    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if enemy is None or chebyshev(enemy.pos, monster.pos) > THROW_RANGE[1]:
            Fighter().act(game, monster)
            return
        distance = chebyshev(enemy.pos, monster.pos)
        if distance == 1:
            pursue(game, monster, enemy)
        elif distance < THROW_RANGE[0]:
            options = [p for p in free_tiles_near(game, monster.pos, room_only=False)
                       if chebyshev(p, enemy.pos) > distance]
            if options:
                game.move_actor(monster, *min(options, key=lambda p: (-chebyshev(p, enemy.pos), p)))


class Thrower(Boss):
    cooldown = 3

    def __init__(self) -> None:
        self.moves = KeepsRange()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        low, high = THROW_RANGE
        if not low <= chebyshev(enemy.pos, monster.pos) <= high:
            return ""
        flight = fly(game.floor.map, monster.pos, enemy.pos, lambda p: game.occupant(p) is not None)
        if flight.hit != enemy.pos:
            return ""
        monster.aim = enemy.pos
        game.note(monster, "lights a bomb and draws back its arm...")
        return "throw"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        aim = monster.aim or monster.pos
        flight = fly(game.floor.map, monster.pos, aim, lambda p: False, stop_at_creatures=False)
        game.note(monster, "throws a bomb!")
        game.cue("throw")
        game.effects.append(("flight", "tnt", [tuple(c) for c in flight.path.tolist()]))
        if chebyshev(flight.end, monster.pos) > BOMB_RADIUS:
            blast = explode(game, flight.end, BOMB_RADIUS, BOMB_POWER + monster.power, monster)
            if blast.hurt:
                hurt = ", ".join(f"{name} ({amount})" for name, amount in blast.hurt)
                tone = "bad" if game.player.eid in blast.damage else "info"
                game.log.add(f"The bomb bursts. It hits {hurt}.", tone, game.turn)


class Summoner(Boss):
    cooldown = 6

    def __init__(self) -> None:
        self.moves = Fighter()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        alive = sum(1 for a in game.floor.actors if a.parent == monster.eid and a.alive)
        if monster.spawned >= SUMMON_TOTAL_CAP or alive >= SUMMON_ALIVE_CAP or not free_tiles_near(game, monster.pos):
            return ""
        game.note(monster, "raises its arms; the bones on the floor begin to rattle...")
        return "summon"

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        rng = game.stream("monsters")
        raised = 0
        for _ in range(min(SUMMON_COUNT, SUMMON_TOTAL_CAP - monster.spawned)):
            free = free_tiles_near(game, monster.pos)
            if not free:
                break
            x, y = rng.choice(free)
            child = game.spawn_monster("risen", x, y)
            child.parent = monster.eid
            child.state, child.target, child.target_eid = "hunting", monster.target, monster.target_eid
            monster.spawned += 1
            raised += 1
        if raised:
            game.note(monster, f"raises {'a skeleton' if raised == 1 else f'{raised} skeletons'} from the dust!")
            game.cue("reveal")


class Blinker(Boss):
    cooldown = 4

    def __init__(self) -> None:
        self.moves = Fighter()

    def ready(self, game: Game, monster: Actor, enemy: Actor) -> str:
        distance = chebyshev(enemy.pos, monster.pos)
        if distance == 1 and monster.hp < monster.max_hp:
            aim = self._hideout(game, monster)
            if aim is None:
                return ""
            monster.aim = aim
            game.note(monster, "flickers; its outline starts to fade...")
            return "blink_away"
        if distance >= BLINK_RANGE and free_tiles_near(game, enemy.pos, room_only=False):
            monster.aim = enemy.pos
            game.note(monster, "fixes its eyes on you; the air around you crackles...")
            return "blink_in"
        return ""

    def _hideout(self, game: Game, monster: Actor) -> Pos | None:
        """A free tile in a neighbouring room: where it goes to catch its breath."""
        floor = game.floor
        room = floor.map.room_at(*monster.pos)
        options = []
        for other in sorted(floor.graph.neighbours(room)):
            ys, xs = np.nonzero(floor.map.rooms == other)
            free = [(int(x), int(y)) for x, y in zip(xs.tolist(), ys.tolist()) if game.occupant((x, y)) is None]
            options.extend(free)
        return game.stream("monsters").choice(options) if options else None

    def unleash(self, game: Game, monster: Actor, trick: str) -> None:
        aim = monster.aim or monster.pos
        if trick == "blink_in":
            free = free_tiles_near(game, aim, room_only=False)
            if not free:
                return
            there = min(free, key=lambda p: (chebyshev(p, game.player.pos), p))
            game.move_actor(monster, *there)
            game.note(monster, "appears out of thin air!")
            game.update_visibility()
            enemy = game.actor(monster.target_eid) or game.player
            if chebyshev(enemy.pos, monster.pos) == 1:
                game.attack(monster, enemy)
            return
        if game.occupant(aim) is not None:
            return
        game.note(monster, "vanishes!")
        game.move_actor(monster, *aim)
        game.update_visibility()
        monster.state, monster.target_eid = "searching", None
        monster.target, monster.lost_turns = game.player.pos, 0
