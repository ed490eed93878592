"""Explosions (SPEC ITM-3, SHP-3): TNT and rockets.

The blast fills the tiles within its radius that it can reach from the centre
without crossing a wall (a flood over edges, so it does not go through walls).
Closed and locked doors at its edge stop it but are blown open. Everyone in it
is hurt, less with distance; it is loud; what burns in it catches fire (SPEC TER-3). A rocket's blast also sends a shock
wave that throws monsters outward, farther the closer they were, until a wall,
a door or someone else stops them.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.world import fire, ships
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, EdgeRef, edge_toward
from game.world.projectiles import can_fly

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Cell = tuple[int, int]
BLAST_LOUDNESS = 6


@dataclass
class Explosion:
    """What happened, for messages, tests and the animation."""

    centre: Cell
    radius: int
    tiles: dict[Cell, int] = field(default_factory=dict)  # tile -> distance from the centre
    doors_blown: list[EdgeRef] = field(default_factory=list)
    damage: dict[int, int] = field(default_factory=dict)  # eid -> damage dealt
    hurt: list[tuple[str, int]] = field(default_factory=list)  # (name, damage) of those the player saw hurt
    pushed: dict[int, int] = field(default_factory=dict)  # eid -> tiles thrown
    breaches: list[EdgeRef] = field(default_factory=list)  # hull edges it broke


def blast_area(game: Game, centre: Cell, radius: int) -> tuple[dict[Cell, int], list[EdgeRef]]:
    """Tiles the blast reaches (with their step distance) and the closed doors it hits."""
    floor = game.floor.map
    reached = {centre: 0}
    doors: list[EdgeRef] = []
    queue = deque([centre])
    while queue:
        x, y = queue.popleft()
        distance = reached[(x, y)]
        if distance >= radius:
            continue
        for dx, dy in DIRECTIONS_8:
            nxt = (x + dx, y + dy)
            if nxt in reached or not floor.is_floor(*nxt):
                continue
            if dx == 0 or dy == 0:
                kind = floor.edge_kind_toward(x, y, dx, dy)
                if kind in (Edge.DOOR, Edge.LOCKED_DOOR):
                    edge = edge_toward(x, y, dx, dy)
                    if edge not in doors:
                        doors.append(edge)
                    continue
            if can_fly(floor, x, y, dx, dy):
                reached[nxt] = distance + 1
                queue.append(nxt)
    return reached, doors


def damage_at(distance: int, radius: int, power: int) -> int:
    """Full power at the centre, falling off linearly to a third at the rim.

    >>> [damage_at(d, 2, 12) for d in range(3)]
    [12, 8, 4]
    """
    return max(1, round(power * (1 - 2 * distance / (3 * max(1, radius)))))


def report(explosion: Explosion, hits: str = "The blast hits") -> str:
    """What the player is told of a blast: whom it hit, then the doors it blew open ("" for nothing).

    >>> report(Explosion((0, 0), 2, hurt=[("the rat", 12), ("you", 4)], doors_blown=[(1, 0, 0)]))
    'The blast hits the rat (12) and you (4). A door is blown open.'
    """
    hurt = [f"{name} ({amount})" for name, amount in explosion.hurt]
    words = f"{hits} {', '.join(hurt[:-1])} and {hurt[-1]}." if len(hurt) > 1 else f"{hits} {hurt[0]}." if hurt else ""
    if explosion.doors_blown:
        words += " A door is blown open." if len(explosion.doors_blown) == 1 else " Doors are blown open."
    return words.strip()


def explode(game: Game, centre: Cell, radius: int, power: int, source: Actor, shock: bool = False,
            hits: str = "The blast hits") -> Explosion:
    """The blast of ``power`` at ``centre``: everyone in it is hurt, and the log tells whom it hit
    (``report``, beginning with ``hits``) before it tells who died of it."""
    floor = game.floor
    result = Explosion(centre, radius)
    result.tiles, doors = blast_area(game, centre, radius)
    for edge in doors:
        floor.map.set_edge(*edge, Edge.OPEN_DOOR)
        result.doors_blown.append(edge)
    if doors:
        game.note_door_changed()
    victims = [a for a in [game.player, *floor.actors] if a.alive and a.pos in result.tiles]
    for victim in sorted(victims, key=lambda a: a.eid):
        amount = damage_at(result.tiles[victim.pos], radius, power)
        victim.hp -= amount
        result.damage[victim.eid] = amount
        if game.player_sees(victim):
            result.hurt.append((game.name_of(victim), amount))
    told = report(result, hits)
    if told:
        game.log.add(told, "bad" if game.player.eid in result.damage else "info", game.turn)
    for victim in sorted(victims, key=lambda a: a.eid):
        if victim.hp <= 0:
            game.kill(victim, source)
    game.cue("explosion")
    if shock:
        game.cue("shockwave")
        _shock_wave(game, centre, radius, result)
    fire.ignite(game, sorted(result.tiles))  # the grass and brush it hits catch fire (SPEC TER-3)
    result.breaches = ships.breach_near(game, centre)  # on a derelict's deck, beside its hull
    if result.breaches:
        game.cue("breach")
    game.make_noise(centre, BLAST_LOUDNESS)
    game.effects.append(("explosion", centre, radius, game.turn))
    return result


def _shock_wave(game: Game, centre: Cell, radius: int, result: Explosion) -> None:
    """Throw surviving monsters away from the centre: radius+1-distance tiles each."""
    floor = game.floor
    cx, cy = centre
    movers = [m for m in floor.actors if m.alive and m.pos in result.tiles]
    movers.sort(key=lambda m: (-result.tiles[m.pos], m.eid))  # the outermost move first
    for monster in movers:
        dx, dy = (monster.x > cx) - (monster.x < cx), (monster.y > cy) - (monster.y < cy)
        if (dx, dy) == (0, 0):
            continue  # at the very centre: nowhere in particular to be thrown
        distance = result.tiles[monster.pos]
        thrown = 0
        for _ in range(radius + 1 - distance):
            nx, ny = monster.x + dx, monster.y + dy
            if not can_fly(floor.map, monster.x, monster.y, dx, dy) or game.occupant((nx, ny)) is not None:
                break  # a wall, a door or someone else stops it
            game.move_actor(monster, nx, ny)
            thrown += 1
        if thrown:
            result.pushed[monster.eid] = thrown
