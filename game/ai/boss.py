"""Bosses: treasure's guardians (``game.ai.guardians``) and the five Wardens
(``game.ai.wardens``), each with one telegraphed trick; this module holds what they share.

A boss fights like a guard (or a chaser) until its trick is ready. Then it winds up: the log
says what is coming ("Grimtooth the ogre raises its club..."), ``Actor.windup`` remembers it
and ``Actor.aim`` where it goes; on its next action it does it. Bosses are no faster than the
player, so a careful player always has one turn to step aside (``Boss.threatens`` tells which
tiles the trick will hit, ``Boss.strikes`` lists them for the map to mark, ``Boss.blow`` says it
on hover). ``Actor.timer`` counts the boss's actions since its last trick.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviour import Behaviour, perceive
from game.content.monsters import hostile
from game.world import combat
from game.map.floor_map import DIRECTIONS_8, FloorMap
from game.world.projectiles import can_fly
from game.world.senses import faction_of

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]


class Boss(Behaviour):
    """A fighter with one trick: ``ready`` decides to wind up (and says so), ``unleash`` does it."""

    cooldown = 4  # actions between tricks
    moves: Behaviour  # how it fights otherwise
    blow = ""
    """What its wound-up trick does to a tile it strikes, ``{}`` the boss's name: "{}'s raised club
    falls here next turn" (empty for a trick that strikes no tile: a howl, a summons, a blink)."""

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

    def threatens(self, monster: Actor, pos: Pos) -> bool:
        """Whether ``pos`` lies in the way of the trick ``monster`` is winding up."""
        return False

    def strikes(self, game: Game, monster: Actor) -> list[Pos]:
        """The floor tiles the trick ``monster`` is winding up will hit on its next action, as
        ``unleash`` will find them (none for a trick that strikes no tile)."""
        return []


# --- shared moves --------------------------------------------------------------------
def strike(game: Game, boss: Actor, victim: Actor, damage: tuple[int, int], words: str) -> None:
    """A trick's blow: a roll of ``damage`` plus the boss's power, blunted by armour (SPEC CMB-1);
    never misses."""
    low, high = damage
    amount = combat.blunted(game, game.stream("combat").randint(low, high) + boss.power,
                            combat.stats_of(game, victim).armour)
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


def around(game: Game, monster: Actor) -> list[Pos]:
    """The floor tiles one step from ``monster`` (a club or a maul swung round reaches them all,
    as ``enemies_beside`` looks for its victims there)."""
    floor = game.floor.map
    return [(monster.x + dx, monster.y + dy) for dx, dy in DIRECTIONS_8 if floor.is_floor(monster.x + dx, monster.y + dy)]


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
    floor: FloorMap = game.floor.map
    while (x + dx, y + dy) != goal:
        if not floor.can_step(x, y, dx, dy) or game.occupant((x + dx, y + dy)) is not None:
            return False
        x, y = x + dx, y + dy
    return floor.can_step(x, y, dx, dy)
