"""What a floor's terrain means to those who walk it (SPEC TER-5..TER-7): which tiles a monster
will not step on, which an automatic route never enters, and where fire and gas may spread.

- A monster never steps into a chasm (unless it flies), into deep water (unless it swims or
  flies), into fire, nor into gas it breathes (the undead and conjured things do not breathe).
- The player's automatic moves (travel, auto-explore, click-to-walk, the bot) never enter fire,
  gas or a chasm (``no_go``), and swim (``wet``) only when no dry way leads there
  (``game.bot.explore.dry``, ``game.bot.plans``).
- A step into fire, gas or a chasm the player can see asks first (``game.world.harm``, TRU-4).

All of these read ``Floor.terrain``; a floor without terrain has no hazards and costs nothing.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Callable

import numpy as np
import numpy.typing as npt

from game.content.monsters import CONJURED, MONSTERS
from game.map.edges import BLOCKS_MOVE
from game.map.floor_map import FloorMap
from game.map.ground import Ground

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.floor import Floor
    from game.world.game import Game

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]


def breathes(actor: Actor) -> bool:
    """Whether gas reaches ``actor``: the undead and conjured things do not breathe (TER-4)."""
    return _breathes(actor.kind)


def flies(actor: Actor) -> bool:
    return _flies(actor.kind)


def swims(actor: Actor) -> bool:
    return _swims(actor.kind)


def _breathes(kind: str) -> bool:
    return kind == "player" or (MONSTERS[kind].faction != "undead" and kind not in CONJURED)


def _flies(kind: str) -> bool:
    return kind != "player" and MONSTERS[kind].flies


def _swims(kind: str) -> bool:
    return kind == "player" or MONSTERS[kind].swims or _flies(kind)


def burning(floor: Floor, pos: Pos) -> bool:
    terrain = floor.terrain
    return terrain is not None and _inside(terrain.fire, pos) and bool(terrain.fire[pos[1], pos[0]])


def gassy(floor: Floor, pos: Pos) -> bool:
    terrain = floor.terrain
    return terrain is not None and _inside(terrain.gas, pos) and bool(terrain.gas[pos[1], pos[0]])


def ground_at(floor: Floor, pos: Pos) -> int:
    """The ground code of a tile now (bare floor off the terrain, or with none)."""
    terrain = floor.terrain
    return int(Ground.FLOOR) if terrain is None else terrain.ground_at(*pos)


def _inside(layer: npt.NDArray[np.uint8], pos: Pos) -> bool:
    h, w = layer.shape
    return 0 <= pos[0] < w and 0 <= pos[1] < h


def harmful_here(game: Game, actor: Actor, pos: Pos | None = None) -> bool:
    """Whether ``actor`` would be hurt standing at ``pos`` (its own tile by default): fire, or gas
    it breathes."""
    floor, pos = game.floor, pos or actor.pos
    return burning(floor, pos) or (gassy(floor, pos) and breathes(actor))


def avoids(game: Game, actor: Actor, pos: Pos) -> bool:
    """Whether a monster's mind refuses to step onto ``pos`` (TER-7): a chasm it would fall into,
    water it cannot swim, fire, gas it breathes. Nothing is refused on a floor with no terrain."""
    floor = game.floor
    terrain = floor.terrain
    if terrain is None or not _inside(terrain.ground, pos):
        return False
    ground = int(terrain.ground[pos[1], pos[0]])
    if ground == Ground.CHASM and not flies(actor):
        return True
    if ground == Ground.WATER and not swims(actor):
        return True
    return harmful_here(game, actor, pos)


def refusals(game: Game, actor: Actor) -> Callable[[Pos], bool]:
    """``avoids(game, actor, pos)`` as a function of ``pos`` alone, for a search that asks it of
    many tiles while nothing moves: what the actor is and which layers to read are settled once."""
    terrain = game.floor.terrain
    if terrain is None:
        return lambda pos: False
    ground, fire, gas = terrain.ground, terrain.fire, terrain.gas
    h, w = ground.shape
    refused, breathing = _refused_by_kind(actor.kind)

    def refuses(pos: Pos) -> bool:
        x, y = pos
        if not (0 <= x < w and 0 <= y < h):
            return False
        return ground.item(y, x) in refused or fire.item(y, x) != 0 or (breathing and gas.item(y, x) != 0)
    return refuses


@lru_cache(maxsize=None)
def _refused_by_kind(kind: str) -> tuple[frozenset[int], bool]:
    """The ground codes an actor of ``kind`` will not enter, and whether gas reaches it: settled by
    its kind alone, and every monster's step asks."""
    refused = frozenset(int(code) for code, refuse in ((Ground.CHASM, not _flies(kind)), (Ground.WATER, not _swims(kind)))
                        if refuse)
    return refused, _breathes(kind)


def no_go(floor: Floor, gas: bool = True) -> Mask | None:
    """``[y, x]``: the tiles the player's automatic moves never enter (fire, gas, chasms); None on a
    floor with no terrain. Without ``gas``: a vent's gas comes and goes within a few turns, so the
    bot plans its long routes through it, and waits at its edge for it to clear (planning round
    it, it would turn back and forth as the gas came and went)."""
    terrain = floor.terrain
    if terrain is None:
        return None
    mask: Mask = (terrain.ground == Ground.CHASM) | (terrain.fire > 0)
    return mask | (terrain.gas > 0) if gas else mask


def wet(floor: Floor) -> Mask | None:
    """``[y, x]``: deep water (None when the floor has none)."""
    terrain = floor.terrain
    if terrain is None:
        return None
    water: Mask = terrain.ground == Ground.WATER
    return water if water.any() else None


def crossings(floor_map: FloorMap) -> tuple[Mask, Mask]:
    """Where something spreading may cross between orthogonal neighbours, as a step could: over
    open edges and open doors, never a wall, the hull or a closed or locked door, and only
    between floor tiles. ``(down, right)``: ``down[y, x]`` (shape ``[h - 1, w]``) joins ``(x, y)``
    and ``(x, y + 1)``; ``right[y, x]`` (shape ``[h, w - 1]``) joins ``(x, y)`` and ``(x + 1, y)``."""
    h, w = floor_map.height, floor_map.width
    floor = floor_map.rooms >= 0
    down: Mask = ~BLOCKS_MOVE[floor_map.north[1:h, 0:w]] & floor[:-1, :] & floor[1:, :]
    right: Mask = ~BLOCKS_MOVE[floor_map.west[0:h, 1:w]] & floor[:, :-1] & floor[:, 1:]
    return down, right
