"""What actors perceive (SPEC VIS-4): sight by rooms, hearing through portals. World rules,
read by the monsters' minds (``game.ai``) and by the player's view of them.

Sight is symmetric and room-based (and smoke hides, see ``sees``): two actors see each other when they stand in
the same room, or when one of them stands next to an open door (or opening)
looking into the other's room. So monsters elsewhere do not see you until a door
opens between you. In a run that sees by the tile (``game.world.tile_sight``), the player
and a monster see each other when the player's field of view reaches the monster's tile.

What the player is shown of the monsters is this same rule (``monsters_seen``, TRU-3), not the rooms
or tiles in sight: by the room, a monster beside an open door sees the whole room beyond it, so
the player in that room sees the monster though not the room it stands in, and the map draws
it, the sidebar lists it and a walk stops for it. Whatever sees you is shown; whatever is
shown sees you.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.monsters import HOSTILE_FACTIONS, MONSTERS, hostile
from game.world import magic, tile_sight
from game.world.specials import calm_keeper, wild_calm

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

FIGHTING_FACTIONS = frozenset(f for pair in HOSTILE_FACTIONS for f in pair)


def faction_of(actor: Actor) -> str:
    """The player's faction is ``"player"``, and so is an ally's (SPEC ALY-2)."""
    return "player" if actor.kind == "player" or actor.ally else MONSTERS[actor.kind].faction


def fights(a: Actor, b: Actor) -> bool:
    """Whether ``a`` would fight ``b``: their factions are at war, and neither is a captive
    (SPEC ALY-1: monsters ignore it) nor a shopkeeper nobody has hurt, nor a peaceful wild creature (TER-8)."""
    if not hostile(faction_of(a), faction_of(b)):  # (first: most pairs a monster looks at are kin)
        return False
    return not (a.captive or b.captive or calm_keeper(a) or calm_keeper(b) or wild_calm(a) or wild_calm(b))


def sees(game: Game, a: Actor, b: Actor) -> bool:
    """Whether ``a`` and ``b`` see each other. Smoke (a smoke bomb's) hides whoever stands in
    it from anyone not right beside them, and blinds them to anyone farther."""
    floor = game.floor
    if floor.smoke and max(abs(a.x - b.x), abs(a.y - b.y)) > 1 and (
            floor.smoke.get(a.pos, 0) > game.turn or floor.smoke.get(b.pos, 0) > game.turn):
        return False
    if (a is game.player or b is game.player) and tile_sight.by_tile(game):
        other = b if a is game.player else a  # by the tile: the player's field of view, both ways
        return a is b or tile_sight.player_sees_tile(game, other.x, other.y)
    room_a, room_b = floor.map.room_at(a.x, a.y), floor.map.room_at(b.x, b.y)
    if room_a == room_b:
        return room_a >= 0
    return room_b in floor.sight(a.pos) or room_a in floor.sight(b.pos)


def monsters_seen(game: Game) -> list[Actor]:
    """The living monsters the player sees now, in the floor's order: exactly those that see the
    player (``sees`` is one rule both ways). What the map draws, the sidebar lists under *In
    view*, hover describes, aiming offers and a walk stops for."""
    player, floor = game.player, game.floor
    if not floor.smoke and tile_sight.by_tile(game):  # ``sees`` by the tile, in one look at the mask a monster
        lit = tile_sight.field_of_view(floor, player.pos)
        return [m for m in floor.actors if m.alive and m is not player and lit[m.y, m.x]]
    return [m for m in floor.actors if m.alive and m is not player and sees(game, player, m)]


def visible_enemies(game: Game, monster: Actor) -> list[Actor]:
    """Hostile actors the monster can see: the player, and rival factions (and the player's
    allies, and for an ally every monster it would fight).

    Rivals are looked for only in rooms from which sight is possible at all: the
    rooms the monster sees, and the rooms joined to its own by an opening.
    """
    mine = faction_of(monster)
    found = []
    player = game.player
    if player.alive and mine != "player" and sees(game, monster, player) and not magic.unnoticed(game, monster):
        found.append(player)
    floor = game.floor
    if mine in FIGHTING_FACTIONS or mine == "player" or floor.has_allies():
        room = floor.map.room_at(monster.x, monster.y)
        nearby = set(floor.sight(monster.pos)) | set(floor.graph.open_neighbours(room, floor.door_version))
        for near in sorted(nearby):
            for other in floor.in_room(near):
                if other is not monster and other.alive and fights(monster, other) and sees(game, monster, other):
                    found.append(other)
    return found


def hear(game: Game, origin: tuple[int, int], loudness: int, rooms: list[int] | None = None) -> None:
    """A noise at ``origin`` (made in ``rooms``, by default the origin's room): sleepers
    wake and idle monsters come to look.

    The noise reaches rooms through portals, losing 1 per open doorway and 3 per
    closed door; a monster hears it when at least 1 is left in its room.
    """
    floor = game.floor
    sources = [r for r in (rooms if rooms is not None else [floor.map.room_at(*origin)]) if r >= 0]
    if not sources:
        return
    levels = floor.graph.noise_levels(sources, loudness)
    for monster in floor.actors:
        if monster.state in ("hunting", "searching", "fleeing") or MONSTERS[monster.kind].stationary \
                or monster.ally or monster.captive:
            continue  # busy with a trail of its own, running, shackled, or keeping to the player
        if levels.get(floor.map.room_at(monster.x, monster.y), 0) >= 1:
            monster.state = "searching"
            monster.target = origin
            monster.lost_turns = 0
