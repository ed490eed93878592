"""The pull of venting air on a derelict deck (SPEC SHP-2): the way to the nearest breach
from every tile of a venting space, and everything in it (items, monsters, the player)
taking one step along it each turn; whatever stands at a breach is lost in space.
``game.world.ships`` decides which spaces vent and calls ``pull`` once a turn.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from game.content.monsters import is_warden
from game.map.floor_map import DIRECTIONS_8, FloorMap

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.floor import Floor
    from game.world.game import Game

Pos = tuple[int, int]
PullKey = tuple[int, tuple[int, ...], tuple[Pos, ...]]
"""What a pull is worked out from: the door version, the venting rooms, the breach tiles."""


def pull(game: Game, floor: Floor, distance: dict[Pos, int], toward: dict[Pos, Pos]) -> None:
    """Everything in a venting space takes one step toward the nearest breach; what stands
    at one is sucked out into space."""
    state = floor.ship_state
    if state is None:  # (``ships.tick`` calls this on a deck only)
        return
    area = floor.map
    for item in sorted((i for i in floor.items if i.pos in distance), key=lambda i: i.iid):
        if distance[item.pos] == 0:
            floor.items.remove(item)
            state.lost[item.kind] = state.lost.get(item.kind, 0) + 1
        else:
            item.x, item.y = toward[item.pos]
    movers: list[Actor] = sorted((m for m in floor.actors if m.alive and m.pos in distance), key=lambda m: m.eid)
    if game.player.pos in distance:
        movers.append(game.player)

    def occupied(p: Pos) -> bool:
        return game.occupant(p) is not None

    for actor in movers:
        if not actor.alive:
            continue
        if distance[actor.pos] == 0:
            _lose(game, actor)
            continue
        step = toward[actor.pos]
        if occupied(step):  # someone is in the way: any other free tile one step nearer
            nearer = downhill(area, distance, actor.pos, occupied)
            if nearer is None:
                continue
            step = nearer
        game.move_actor(actor, *step)


def _lose(game: Game, actor: Actor) -> None:
    state = game.floor.ship_state
    if state is not None:  # (always, on a deck)
        state.lost[actor.kind] = state.lost.get(actor.kind, 0) + 1
    if actor is game.player:
        game.log.add("The rushing air drags you out through the breach!", "bad", game.turn)
        game.kill(actor, None, cause=f"sucked into space {game.whereabouts}")
        return
    if is_warden(actor.kind):  # the captain is gone for good: the region is won all the same
        game.log.add(f"{game.name_of(actor, True)} is sucked out into space.", "good", game.turn)
        game.kill(actor, game.player)
        return
    if game.player_sees(actor):
        game.log.add(f"{game.name_of(actor, True)} is sucked out into space.", "notice", game.turn)
    actor.hp = 0
    game.floor.remove_actor(actor)


def breach_distances(floor: Floor, rooms: set[int], sources: list[Pos]) -> tuple[dict[Pos, int], dict[Pos, Pos]]:
    """Steps from each tile of the venting rooms to the nearest breach tile, and the step to
    take toward it (cached until a door, a breach or the venting rooms change)."""
    state = floor.ship_state
    key: PullKey = (floor.door_version, tuple(sorted(rooms)), tuple(sorted(sources)))
    if state is not None and state._pull is not None and state._pull[0] == key:
        return state._pull[1], state._pull[2]
    area = floor.map
    distance = {tile: 0 for tile in sources}
    toward: dict[Pos, Pos] = {}
    queue = deque(sorted(distance))
    while queue:
        x, y = queue.popleft()
        for dx, dy in DIRECTIONS_8:
            nxt = (x + dx, y + dy)
            if nxt not in distance and area.room_at(*nxt) in rooms and area.can_step(x, y, dx, dy):
                distance[nxt] = distance[(x, y)] + 1
                toward[nxt] = (x, y)  # (steps are symmetric: the way back is as open)
                queue.append(nxt)
    if state is not None:
        state._pull = (key, distance, toward)
    return distance, toward


def downhill(area: FloorMap, distance: dict[Pos, int], pos: Pos, blocked: Callable[[Pos], bool]) -> Pos | None:
    """The neighbour one step nearer the breach (the first in a fixed order), if it is free."""
    here = distance.get(pos)
    if here is None:
        return None
    x, y = pos
    for dx, dy in DIRECTIONS_8:
        nxt = (x + dx, y + dy)
        if distance.get(nxt) == here - 1 and area.can_step(x, y, dx, dy) and not blocked(nxt):
            return nxt
    return None
