"""The monster behaviours (SPEC MON-1), one class each, chosen by the kind table.

chaser: goes for any enemy it sees, follows the trail a while when it loses it.
sleeper: a chaser that sleeps until a noise (or the player next to it) wakes it.
guard: holds a post; chases only near it, then walks back.
patroller: walks a fixed route of rooms back and forth; chases what it sees.
sidekick: keeps close to its leader and joins its leader's fights (``game.ai.allies``, with the
    player's allies).
henchman: a chaser that, on first sight of an enemy, calls the allies of its
    own and neighbouring rooms.
spawner: never moves; makes monsters up to a hard cap, alive and in total.
boarder: a chaser that blows itself up next to its enemy (and breaches a hull it
    stands by).
basher, howler, regenerator (treasure's guardians) and brute, charger, thrower,
    summoner, blinker (the Wardens): ``game.ai.guardians`` and ``game.ai.wardens``.
lurker: lives in deep water and never leaves it (``game.ai.swimmers``).
grazer, prowler: the island's residents, shy or keeping to their ground (``game.ai.wild``).
bug: blind (seed 002); walks its route one cell a turn, round a loop or back and
    forth, and stings whatever stands in its way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.allies import Sidekick, take_turn as captive_or_ally_turn
from game.ai.behaviour import Behaviour, Chaser, idle, move_toward, perceive, pursue
from game.ai.boss import Boss
from game.ai.fleeing import flee
from game.ai.footing import escape
from game.ai.guardians import Basher, Howler, Regenerator
from game.ai.swimmers import Lurker
from game.ai.wardens import Blinker, Brute, Charger, Summoner, Thrower
from game.ai.watcher import Watcher
from game.ai.wild import Grazer, Prowler, island_mind
from game.world.senses import faction_of
from game.content.monsters import MONSTERS
from game.world import combat
from game.world.blast import explode
from game.world.scheduler import ACTION_COST
from game.map.floor_map import DIRECTIONS_8
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

GUARD_LEASH = 8
WAKE_CHANCE = 0.3
SPAWN_PERIOD = 6
SPAWN_ALIVE_CAP = 3
SPAWN_TOTAL_CAP = 6
BOARDER_BLAST = (1, 9)  # radius, power


class Sleeper(Chaser):
    def act(self, game: Game, monster: Actor) -> None:
        if monster.state == "asleep":
            if chebyshev(game.player.pos, monster.pos) == 1 and game.stream("monsters").random() < WAKE_CHANCE:
                monster.state = "hunting"
                monster.target = game.player.pos
                game.note(monster, "wakes up!")
            return
        super().act(game, monster)


class Guard(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        home = monster.home or monster.pos
        enemy = perceive(game, monster)
        if enemy is not None and chebyshev(enemy.pos, home) <= GUARD_LEASH:
            pursue(game, monster, enemy)
            return
        if monster.state == "searching" and monster.lost_turns < 3 and monster.target is not None:
            pursue(game, monster, None)
            return
        if monster.pos != home:
            monster.state, monster.target, monster.target_eid = "returning", None, None
            if not move_toward(game, monster, home):
                monster.lost_turns += 1
        else:
            monster.state = "idle"


class Patroller(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if monster.state in ("hunting", "searching"):
            pursue(game, monster, enemy)
            return
        if not monster.route:
            idle(game, monster)
            return
        monster.state = "idle"
        waypoint = monster.route[monster.route_index % len(monster.route)]
        if monster.pos == waypoint or chebyshev(monster.pos, waypoint) <= 1 and game.occupant(waypoint):
            monster.route_index = (monster.route_index + 1) % len(monster.route)
            waypoint = monster.route[monster.route_index]
        move_toward(game, monster, waypoint)


class Henchman(Chaser):
    def act(self, game: Game, monster: Actor) -> None:
        if monster.state == "idle":
            monster.called_allies = False
        enemy = perceive(game, monster)
        if enemy is not None and not monster.called_allies:
            monster.called_allies = True
            call_allies(game, monster, enemy)
        if monster.state in ("hunting", "searching"):
            pursue(game, monster, enemy)
        else:
            idle(game, monster)


def call_allies(game: Game, caller: Actor, enemy: Actor) -> None:
    """Allies of the caller's faction in its room and the neighbouring rooms come running; one
    fleeing goes on fleeing (it comes back by its own rule, SPEC CMB-9: the log said it fled)."""
    floor = game.floor
    room = floor.map.room_at(caller.x, caller.y)
    rooms = {room, *floor.graph.neighbours(room)}
    game.note(caller, "shouts for help!")
    for ally in floor.actors:
        if ally is caller or not ally.alive or faction_of(ally) != faction_of(caller):
            continue
        if floor.map.room_at(ally.x, ally.y) in rooms and ally.state not in ("hunting", "fleeing"):
            ally.state, ally.target, ally.target_eid, ally.lost_turns = "hunting", enemy.pos, enemy.eid, 0


class Spawner(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        monster.timer += 1
        if monster.timer % SPAWN_PERIOD:
            return
        if monster.spawned >= SPAWN_TOTAL_CAP:
            return
        alive = sum(1 for a in game.floor.actors if a.parent == monster.eid and a.alive)
        if alive >= SPAWN_ALIVE_CAP:
            return
        floor = game.floor.map
        room = floor.room_at(monster.x, monster.y)
        free = [(monster.x + dx, monster.y + dy) for dx, dy in DIRECTIONS_8
                if floor.can_step(monster.x, monster.y, dx, dy) and floor.room_at(monster.x + dx, monster.y + dy) == room
                and game.occupant((monster.x + dx, monster.y + dy)) is None]
        if not free:
            return
        x, y = game.stream("monsters").choice(free)
        child = game.spawn_monster(MONSTERS[monster.kind].spawn, x, y)
        child.parent = monster.eid
        monster.spawned += 1
        game.note(child, "crawls out of the nest.")


class Boarder(Chaser):
    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if enemy is not None and chebyshev(enemy.pos, monster.pos) == 1:
            game.note(monster, "bursts!")
            monster.hp = 0
            game.floor.remove_actor(monster)
            explode(game, monster.pos, BOARDER_BLAST[0], BOARDER_BLAST[1], monster)
            return
        super().act(game, monster)


class Bug(Behaviour):
    def act(self, game: Game, monster: Actor) -> None:
        if len(monster.route) < 2:
            return
        there = route_cell(monster.route, monster.route_index + 1)
        occupant = game.occupant(there)
        if occupant is not None and occupant is not monster:
            if occupant.kind != monster.kind:
                combat.sting(game, monster, occupant)
            elif len(occupant.route) >= 2 and route_cell(occupant.route, occupant.route_index + 1) == monster.pos:
                _crawl_past(game, monster, occupant)  # head to head: they would wait for each other forever
            return  # otherwise it waits for the way to clear
        game.move_actor(monster, *there)
        monster.route_index = (monster.route_index + 1) % route_period(monster.route)


def _crawl_past(game: Game, bug: Actor, other: Actor) -> None:
    """Two bugs head to head swap cells; the other one spends its next action doing so."""
    here, there = bug.pos, other.pos
    game.move_actor(bug, *there)  # (the floor's index of who stands where takes them in this order)
    game.move_actor(other, *here)
    for each in (bug, other):
        each.route_index = (each.route_index + 1) % route_period(each.route)
    other.energy -= ACTION_COST


def route_period(route: list[tuple[int, int]]) -> int:
    """Steps until a bug is back where it started: round a loop, or there and back."""
    (x0, y0), (x1, y1) = route[0], route[-1]
    loops = len(route) > 2 and max(abs(x1 - x0), abs(y1 - y0)) == 1
    return len(route) if loops else max(1, 2 * len(route) - 2)


def route_cell(route: list[tuple[int, int]], step: int) -> tuple[int, int]:
    """Where a bug is after ``step`` steps of its patrol."""
    step %= route_period(route)
    x, y = route[step] if step < len(route) else route[2 * len(route) - 2 - step]
    return (x, y)


class Keeper(Chaser):
    """A shopkeeper (LVL-4): keeps to its shop while unhurt; once hurt it hunts like a chaser."""

    def act(self, game: Game, monster: Actor) -> None:
        if monster.hp >= monster.max_hp:
            monster.state, monster.target, monster.target_eid = "idle", None, None
            if monster.home is not None and monster.pos != monster.home:
                move_toward(game, monster, monster.home)
            return
        super().act(game, monster)


BEHAVIOURS: dict[str, Behaviour] = {
    "chaser": Chaser(),
    "sleeper": Sleeper(),
    "guard": Guard(),
    "patroller": Patroller(),
    "sidekick": Sidekick(),
    "henchman": Henchman(),
    "spawner": Spawner(),
    "bug": Bug(),
    "watcher": Watcher(),
    "boarder": Boarder(),
    "keeper": Keeper(),
    "lurker": Lurker(),  # lives in deep water (game.ai.swimmers)
    "grazer": Grazer(),  # the island's residents (game.ai.wild)
    "prowler": Prowler(),
    # guardians and Wardens (game.ai.guardians, game.ai.wardens): one telegraphed trick each
    "basher": Basher(Guard()),
    "howler": Howler(Guard()),
    "regenerator": Regenerator(Guard()),
    "brute": Brute(),
    "charger": Charger(),
    "thrower": Thrower(),
    "summoner": Summoner(),
    "blinker": Blinker(),
}


def take_turn(game: Game, monster: Actor) -> None:
    """One action for a monster, by its kind's behaviour (a captive's or an ally's by ``allies``; on the
    island a roamer's by ``game.ai.wild.island_mind``), unless it is getting out of fire or gas
    (``game.ai.footing``) or fleeing (``game.ai.fleeing``)."""
    if not captive_or_ally_turn(game, monster) and not escape(game, monster) and not flee(game, monster):
        BEHAVIOURS[island_mind(game, MONSTERS[monster.kind].behaviour)].act(game, monster)


def endangered(monster: Actor, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` is in the way of the trick ``monster`` is winding up (for careful
    players: the autoplayer steps out of it)."""
    behaviour = BEHAVIOURS[MONSTERS[monster.kind].behaviour]
    return bool(monster.windup) and isinstance(behaviour, Boss) and behaviour.threatens(monster, pos)


def blows_coming(game: Game) -> dict[tuple[int, int], tuple[Actor, str]]:
    """The tiles a boss the player sees will strike on its next action, each with the boss and
    what falls there ("Grimtooth the ogre's raised club falls here next turn"): what the map
    marks and hover says (TRU-5), as the log has announced it. Only tiles the player knows."""
    floor = game.floor
    coming: dict[tuple[int, int], tuple[Actor, str]] = {}
    for monster in floor.actors:
        if not monster.windup or not monster.alive:  # (drawn every frame: the cheap test first)
            continue
        behaviour = BEHAVIOURS[MONSTERS[monster.kind].behaviour]
        if not isinstance(behaviour, Boss) or not behaviour.blow or not game.player_sees(monster):
            continue
        words = behaviour.blow.format(game.name_of(monster, True))
        for pos in behaviour.strikes(game, monster):
            if floor.known(*pos):
                coming.setdefault(pos, (monster, words))
    return coming
