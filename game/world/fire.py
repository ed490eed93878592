"""Fire (SPEC TER-3): it burns on grass, brush and bridges, spreads, burns out, and burns who
stands in it.

- ``ignite`` lights the tiles given that can burn (a firebolt's path, a blast, a potion of
  incineration): each burns for its ground's ``BURN_TURNS``.
- Each turn (``tick``) every burning tile may light each orthogonal neighbour whose ground burns,
  one chance in ``SPREAD_IN`` per neighbour, never across a wall, the hull or a closed door (the
  same crossings a step makes: ``hazards.crossings``) and never into water (water does not burn,
  so fire never crosses it). A closed wooden door beside a fire catches one time in
  ``DOOR_BURN_IN`` and burns open (an open door: a leaf of charcoal, but the way is free); a
  locked door is iron-bound and does not. Then the fire burns down by a turn; where it goes out
  the ground is ash, which never burns again, and a burnt bridge drops its planks into the water
  beside it (into the chasm when only a chasm is beside it).
- Whoever stands in fire burns for ``FIRE_DAMAGE`` each turn, the player and monsters alike
  (conjured crystal does not burn).

Rolls come from the turn's terrain stream (``game.world.terrain_turn``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import numpy as np
import numpy.typing as npt

from game.content.monsters import CONJURED
from game.map.edges import Edge
from game.map.floor_map import tiles_of_edge
from game.map.ground import BURN_TURNS, BURNS, GROUND_NAMES, Ground
from game.rng import Rng
from game.world.hazards import crossings
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.game import Game
    from game.world.terrain import TerrainState

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]
SPREAD_IN = 3
"""A burning tile lights a burnable neighbour one turn in this many (per neighbour)."""
DOOR_BURN_IN = 4
"""A closed wooden door beside a fire burns open one turn in this many."""
FIRE_DAMAGE = (2, 5)
NEAR = 2
"""Fire that spreads this close to the player (and in sight) is told in the log."""


def ignite(game: Game, tiles: Iterable[Pos]) -> list[Pos]:
    """Light every tile of ``tiles`` whose ground burns and that is not burning yet; the tiles lit.
    The log says so when the player sees one catch."""
    terrain = game.floor.terrain
    if terrain is None:
        return []
    h, w = terrain.ground.shape
    lit = []
    for x, y in tiles:
        if 0 <= x < w and 0 <= y < h and BURNS[terrain.ground[y, x]] and not terrain.fire[y, x]:
            terrain.fire[y, x] = BURN_TURNS[terrain.ground[y, x]]
            lit.append((x, y))
    seen = [pos for pos in lit if game.floor.in_sight(*pos)]
    if seen:
        name = GROUND_NAMES[Ground(int(terrain.ground[seen[0][1], seen[0][0]]))].removeprefix("a ")
        game.log.add(f"The {name} catches fire!", "bad", game.turn)
    return lit


def spread(terrain: TerrainState, down: Mask, right: Mask, rng: Rng) -> Mask:
    """``[y, x]``: the tiles that catch this turn from the fire burning now (see the module)."""
    burning = terrain.fire > 0
    draws = rng.byte_array((4, *burning.shape)) < 256 // SPREAD_IN  # one draw per tile and direction
    catch = np.zeros_like(burning)
    catch[1:, :] |= burning[:-1, :] & down & draws[0, 1:, :]  # from the tile above
    catch[:-1, :] |= burning[1:, :] & down & draws[1, :-1, :]  # from below
    catch[:, 1:] |= burning[:, :-1] & right & draws[2, :, 1:]  # from the west
    catch[:, :-1] |= burning[:, 1:] & right & draws[3, :, :-1]  # from the east
    caught: Mask = catch & BURNS[terrain.ground] & ~burning
    return caught


def burn_down(terrain: TerrainState) -> Mask:
    """Every fire burns one turn down; where it goes out the ground is ash (a bridge falls into
    the water or chasm beside it). The tiles that went out."""
    burning = terrain.fire > 0
    terrain.fire[burning] -= 1
    out: Mask = burning & (terrain.fire == 0)
    if out.any():
        ground = terrain.ground
        bridges = out & (ground == Ground.BRIDGE)
        terrain.ground[out] = Ground.ASH
        if bridges.any():
            terrain.ground[bridges & _beside(ground, Ground.CHASM)] = Ground.CHASM
            terrain.ground[bridges & (_beside(ground, Ground.WATER) | ~_beside(ground, Ground.CHASM))] = Ground.WATER
    return out


def _beside(ground: npt.NDArray[np.uint8], code: int) -> Mask:
    """``[y, x]``: tiles with an orthogonal neighbour of ground ``code``."""
    of: Mask = ground == code
    near: Mask = np.zeros_like(of)
    near[1:, :] |= of[:-1, :]
    near[:-1, :] |= of[1:, :]
    near[:, 1:] |= of[:, :-1]
    near[:, :-1] |= of[:, 1:]
    return near


def burn_doors(game: Game, terrain: TerrainState, rng: Rng) -> int:
    """Closed wooden doors beside a fire burn open, one time in ``DOOR_BURN_IN`` each; how many did."""
    area = game.floor.map
    burnt = 0
    for x, y, side, kind in list(area.door_edges()):
        if kind != Edge.DOOR:
            continue
        a, b = tiles_of_edge(x, y, side)
        if not any(area.in_bounds(*t) and terrain.fire[t[1], t[0]] for t in (a, b)):
            continue
        if rng.below(DOOR_BURN_IN):
            continue
        area.set_edge(x, y, side, Edge.OPEN_DOOR)
        burnt += 1
        if game.floor.in_sight(*a) or game.floor.in_sight(*b):
            game.log.add("A door catches fire and burns open.", "notice", game.turn)
    if burnt:
        game.note_door_changed()
        game.update_visibility()
    return burnt


def tick(game: Game, terrain: TerrainState, rng: Rng) -> None:
    """One turn of fire on the floor (see the module): doors, spreading, burning down, burns."""
    if not terrain.fire.any():
        return
    burn_doors(game, terrain, rng)
    down, right = crossings(game.floor.map)
    caught = spread(terrain, down, right, rng)
    burn_down(terrain)
    ys, xs = np.nonzero(caught)
    terrain.fire[caught] = BURN_TURNS[terrain.ground[caught]]
    me = game.player.pos
    if any(chebyshev((x, y), me) <= NEAR and game.floor.in_sight(x, y) for x, y in zip(xs.tolist(), ys.tolist())):
        game.log.add("The fire spreads toward you!", "bad", game.turn)
    burn_those_in_it(game, terrain, rng)


def burn_those_in_it(game: Game, terrain: TerrainState, rng: Rng) -> None:
    """Everyone standing in fire burns (the player first, then monsters by id)."""
    player = game.player
    victims = [a for a in [player, *sorted(game.floor.actors, key=lambda m: m.eid)]
               if a.alive and a.kind not in CONJURED and terrain.fire[a.y, a.x]]
    for victim in victims:
        amount = rng.randint(*FIRE_DAMAGE)
        victim.hp -= amount
        if victim is player:
            game.log.add(f"You burn! ({amount})", "bad", game.turn)
            if player.hp <= 0:
                game.kill(player, None, cause=f"burnt to death {game.whereabouts}")
        else:
            if game.player_sees(victim):
                game.log.add(f"{game.name_of(victim, True)} burns ({amount}).", "info", game.turn)
            if victim.hp <= 0:
                game.kill(victim, None)
