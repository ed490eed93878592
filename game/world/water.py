"""Deep water (SPEC TER-5): the player swims, and heavy things may slip away.

Each turn the player ends in deep water, one heavy thing carried but not in use may slip away,
one time in ``SLIP_IN``: heavy things are the rows of the item table marked ``heavy`` (TNT,
rockets, javelins, throwing axes); what is worn or held (armour, the weapon) is in use and held
fast. What slips drifts to the nearest dry floor tile within ``SHORE_REACH`` steps of the swimmer
(the shore, where it can be picked up again), or, with no shore that near, sinks out of reach;
the log says which. A stack loses one at a time.
Fire never crosses water (water does not burn: ``game.world.fire``), and monsters that do not
swim never step in (``game.world.hazards.avoids``).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.content.items import ITEMS
from game.map.floor_map import DIRECTIONS_8
from game.map.ground import WALKED, Ground
from game.rng import Rng
from game.world import events, magic

if TYPE_CHECKING:
    from game.world.game import Game
    from game.world.terrain import TerrainState

Pos = tuple[int, int]
SLIP_IN = 2
SHORE_REACH = 6


def heavy_things(game: Game) -> list[str]:
    """What the player carries but does not use that may slip away while swimming: the heavy
    kinds of the pack, in slot order."""
    return [str(kind) for kind, _ in game.inventory.slots if ITEMS[str(kind)].heavy]


def shore(game: Game, terrain: TerrainState, start: Pos) -> Pos | None:
    """The nearest floor tile of dry ground within ``SHORE_REACH`` steps of ``start`` (steps a
    swimmer could take), or None."""
    area = game.floor.map
    distance = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        if (x, y) != start and WALKED[terrain.ground[y, x]] and not terrain.fire[y, x]:
            return (x, y)
        if distance[(x, y)] >= SHORE_REACH:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (x + dx, y + dy)
            if there not in distance and area.can_step(x, y, dx, dy):
                distance[there] = distance[(x, y)] + 1
                queue.append(there)
    return None


def swim(game: Game, terrain: TerrainState, rng: Rng) -> str | None:
    """A turn of the player's swimming: maybe one heavy thing slips away (see the module). What
    slipped, or None."""
    player = game.player
    if terrain.ground_at(*player.pos) != Ground.WATER or not player.alive:
        return None
    things = heavy_things(game)
    if not things or rng.below(SLIP_IN):
        return None
    kind = rng.choice(things)
    game.inventory.remove(kind)
    left = game.inventory.count(kind)
    name = f"One of your {ITEMS[kind].plural}" if left else f"Your {magic.item_name(game, kind)}"
    landing = shore(game, terrain, player.pos)
    if landing is None:
        game.log.add(f"{name} slips away in the water and sinks out of reach.", "bad", game.turn)
    else:
        events.drop_item(game, kind, landing, 1)
        game.log.add(f"{name} slips away in the water; it drifts to the shore.", "bad", game.turn)
    return kind

