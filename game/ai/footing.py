"""Monsters and the ground under them (SPEC TER-7): a monster standing in fire or in gas it
breathes spends its turn getting out, toward the nearest tile that is neither (and no chasm, no
water it cannot swim), within ``ESCAPE_RADIUS`` steps; fire so drives monsters away, and a
monster in gas leaves it. Its other steps never enter such tiles (``game.ai.behaviour``).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.content.monsters import MONSTERS
from game.map.floor_map import DIRECTIONS_8
from game.world.hazards import avoids, harmful_here

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]
ESCAPE_RADIUS = 8


def escape(game: Game, monster: Actor) -> bool:
    """Whether ``monster`` spent its turn stepping out of fire or gas (it stands in none: False)."""
    if game.floor.terrain is None or MONSTERS[monster.kind].stationary or not harmful_here(game, monster):
        return False
    step = _way_out(game, monster)
    if step is None:
        return False  # nowhere better within reach: it acts as it would
    game.move_actor(monster, monster.x + step[0], monster.y + step[1])
    return True


def _way_out(game: Game, monster: Actor) -> tuple[int, int] | None:
    """The first step of the shortest way (over free tiles it would enter, or into fire and gas
    on the way) to the nearest tile it would not mind standing on."""
    area = game.floor.map
    start = monster.pos
    first: dict[Pos, tuple[int, int] | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here != start and not avoids(game, monster, here):
            return first[here]
        if depth[here] >= ESCAPE_RADIUS:
            continue
        x, y = here
        for dx, dy in DIRECTIONS_8:
            there = (x + dx, y + dy)
            if there in first or not area.can_step(x, y, dx, dy) or game.occupant(there) is not None:
                continue
            if avoids(game, monster, there) and not harmful_here(game, monster, there):
                continue  # a chasm or water it cannot swim: never a way out
            first[there] = first[here] or (dx, dy)
            depth[there] = depth[here] + 1
            queue.append(there)
    return None
