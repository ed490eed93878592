"""The autoplayer's sense of a fire in view (SPEC TER-3, TER-7): not only the tiles that burn
now but the ones that will burn next, so that it leaves a blaze's path instead of stepping from a
burning tile of brush onto the next one to catch.

A tile is *in the fire's path* when it burns now, or when its ground burns (grass, brush, a
bridge) and a fire is within ``REACH`` tiles of it: fire spreads one orthogonal tile a turn at
most, a third of the time, so two tiles are a turn or two of warning. Gas the player breathes
counts as well, and so does a chasm (never a tile to run to).

``way_out`` is the first step of the shortest walk to the nearest tile out of the fire's path,
within ``ESCAPE_RADIUS`` steps, through tiles in its path only when the bot already stands in
one, and never into a fire unless it already burns.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.map.floor_map import DIRECTIONS_8
from game.map.ground import BURNS, Ground

if TYPE_CHECKING:
    from game.world.game import Game

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]
REACH = 2
ESCAPE_RADIUS = 8


def fire_reach(game: Game) -> Mask | None:
    """``[y, x]``: the tiles burning now or about to (see the module); None when nothing burns."""
    terrain = game.floor.terrain
    if terrain is None:
        return None
    fire: Mask = terrain.fire > 0
    if not fire.any():
        return None
    reach: Mask = fire | (_grown(fire, REACH) & BURNS[terrain.ground])
    return reach


def fire_path(game: Game) -> Mask | None:
    """``[y, x]``: the tiles in the path of the fire and gas on the floor (see the module); None
    when nothing burns and no gas drifts."""
    terrain = game.floor.terrain
    if terrain is None:
        return None
    reach = fire_reach(game)
    gas: Mask = terrain.gas > 0
    if reach is None and not gas.any():
        return None
    path: Mask = gas | (terrain.ground == Ground.CHASM)
    return path if reach is None else path | reach


def _grown(mask: Mask, steps: int) -> Mask:
    """``mask`` grown by ``steps`` tiles in the eight directions."""
    grown = mask.copy()
    for _ in range(steps):
        step = grown.copy()
        step[1:, :] |= grown[:-1, :]
        step[:-1, :] |= grown[1:, :]
        step[:, 1:] |= step[:, :-1].copy()
        step[:, :-1] |= step[:, 1:].copy()
        grown = step
    return grown


def way_out(game: Game, path: Mask) -> tuple[int, int] | None:
    """The first step toward the nearest free tile out of ``path``, or None when the bot stands
    out of it already or no such tile is within reach."""
    start = game.player.pos
    if not path[start[1], start[0]]:
        return None
    terrain = game.floor.terrain
    assert terrain is not None
    in_fire = bool(terrain.fire[start[1], start[0]])
    area = game.floor.map
    first: dict[Pos, tuple[int, int] | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and not path[here[1], here[0]]:
            return first[here]
        if depth[here] >= ESCAPE_RADIUS:
            continue
        for dx, dy in DIRECTIONS_8:
            there = (here[0] + dx, here[1] + dy)
            if there in first or not area.can_step(*here, dx, dy) or game.occupant(there) is not None:
                continue
            x, y = there
            if terrain.ground[y, x] == Ground.CHASM or (terrain.fire[y, x] and not in_fire):
                continue
            first[there] = first[here] or (dx, dy)
            depth[there] = depth[here] + 1
            queue.append(there)
    return None
