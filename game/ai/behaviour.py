"""The base behaviour and the moves every behaviour is made of.

``perceive`` looks for enemies and updates the monster's state; ``pursue`` goes
for the current target (attacking when adjacent); ``move_toward`` takes one
step with the shared navigation, opening doors for those who can, never onto ground its
kind avoids (fire, gas, chasms, water: ``game.world.hazards.avoids``, SPEC TER-7). ``Chaser`` is
the plain fight those moves make, for most monsters and for bosses between tricks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.world.senses import fights, visible_enemies
from game.content.monsters import MONSTERS
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, edge_toward
from game.world import gas
from game.world.hazards import avoids, harmful_here, refusals
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

SEARCH_TURNS = 8  # how long a monster looks for a target it lost
WANDER_CHANCE = 0.15


class Behaviour:
    """One kind of monster mind. ``act`` takes one action for the monster."""

    def act(self, game: Game, monster: Actor) -> None:
        raise NotImplementedError


def perceive(game: Game, monster: Actor) -> Actor | None:
    """Pick the enemy to fight, if any is in sight, and update the monster's state.

    A monster already trading blows with someone keeps fighting them: so the
    player can sneak past two factions at war.
    """
    enemies = visible_enemies(game, monster)
    chosen = None
    if enemies:
        engaged = [e for e in enemies if e.eid == monster.target_eid and chebyshev(e.pos, monster.pos) == 1]
        chosen = engaged[0] if engaged else min(enemies, key=lambda e: (chebyshev(e.pos, monster.pos), e.eid))
        monster.state = "hunting"
        monster.target = chosen.pos
        monster.target_eid = chosen.eid
        monster.lost_turns = 0
    elif monster.state == "hunting":
        monster.state = "searching"
        monster.lost_turns = 0
    return chosen


def pursue(game: Game, monster: Actor, enemy: Actor | None) -> None:
    """Attack the enemy when adjacent, else head for the target; give up a lost trail."""
    if enemy is not None and chebyshev(enemy.pos, monster.pos) == 1:
        if take_step(game, monster, enemy.x - monster.x, enemy.y - monster.y):
            return
    if monster.state == "searching":
        monster.lost_turns += 1
        if monster.target is None or monster.pos == monster.target or monster.lost_turns > SEARCH_TURNS:
            monster.state, monster.target, monster.target_eid = "idle", None, None
            return
    if monster.target is not None:
        move_toward(game, monster, monster.target)


def move_toward(game: Game, monster: Actor, goal: tuple[int, int]) -> bool:
    kind = MONSTERS[monster.kind]
    if kind.stationary or monster.pos == goal:
        return False
    rng = game.stream("monsters")
    if kind.erratic and rng.random() < kind.erratic:
        return random_step(game, monster)
    floor = game.floor
    if floor.terrain is not None and gas.confused(game, monster) and rng.random() < gas.CONFUSED_STAGGER:
        return random_step(game, monster)  # its steps stagger in confusion gas (SPEC TER-4)
    step = floor.nav.step_toward(monster.pos, goal, kind.opens_doors, floor.door_version, _blocked(game, monster))
    return step is not None and take_step(game, monster, *step)


def _blocked(game: Game, monster: Actor) -> Callable[[tuple[int, int]], bool]:
    """Which tiles a step of ``monster``'s may not end on now: taken by anyone, or ground its kind
    avoids. A search asks it of many tiles while nothing moves, so its parts are found once."""
    taken = game.floor.occupied()
    player = game.player.pos if game.player.alive else None
    if game.floor.terrain is None:
        return lambda p: p == player or p in taken
    refuses = refusals(game, monster)
    return lambda p: p == player or p in taken or refuses(p)


def take_step(game: Game, monster: Actor, dx: int, dy: int) -> bool:
    """Move, open a door, or attack whoever stands there; False if nothing happened."""
    floor = game.floor.map
    x, y = monster.x + dx, monster.y + dy
    if not floor.is_floor(x, y):
        return False
    if dx == 0 or dy == 0:
        kind = floor.edge_kind_toward(monster.x, monster.y, dx, dy)
        if kind == Edge.DOOR:
            if not MONSTERS[monster.kind].opens_doors:
                return False
            game.open_door(edge_toward(monster.x, monster.y, dx, dy), monster)
            return True
    if not floor.can_step(monster.x, monster.y, dx, dy):
        return False
    other = game.occupant((x, y))
    if other is not None:
        if fights(monster, other) and MONSTERS[monster.kind].damage[1] > 0:
            game.attack(monster, other)
            return True
        return False
    if avoids(game, monster, (x, y)) and not harmful_here(game, monster):
        return False  # never into fire, gas it breathes, a chasm or water it cannot swim (TER-7)
    game.move_actor(monster, x, y)
    return True


def random_step(game: Game, monster: Actor, same_room: bool = False) -> bool:
    floor = game.floor.map
    room = floor.room_at(monster.x, monster.y)
    options = [(dx, dy) for dx, dy in DIRECTIONS_8
               if floor.can_step(monster.x, monster.y, dx, dy) and game.occupant((monster.x + dx, monster.y + dy)) is None
               and (not same_room or floor.room_at(monster.x + dx, monster.y + dy) == room)
               and not avoids(game, monster, (monster.x + dx, monster.y + dy))]
    if not options:
        return False
    dx, dy = game.stream("monsters").choice(options)
    game.move_actor(monster, monster.x + dx, monster.y + dy)
    return True


def idle(game: Game, monster: Actor) -> None:
    """Nothing to do: now and then shuffle about the room."""
    if not MONSTERS[monster.kind].stationary and game.stream("monsters").random() < WANDER_CHANCE:
        random_step(game, monster, same_room=True)


class Chaser(Behaviour):
    """The plain fight: hunt what it sees (following the trail a while when it loses it),
    else wait about. Most monsters, and every boss between its tricks, fight so."""

    def act(self, game: Game, monster: Actor) -> None:
        enemy = perceive(game, monster)
        if monster.state in ("hunting", "searching"):
            pursue(game, monster, enemy)
        else:
            idle(game, monster)
