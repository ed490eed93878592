"""The player's allies between floors (SPEC ALY-3): who goes along when the player leaves a
floor, and where they stand when the player arrives.

Like Brogue's followers, an ally that follows (not told to wait) and stands within
``STAIRS_RANGE`` of the player when the player takes the stairs goes along; when a Warden's fall
carries the player back to the island, every following ally of that floor goes too. On the
island they keep out of sight (``Game.party``, saved with the run) and come down with the player
into the next dungeon. An ally left behind stays on its floor, and is found there again.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from game.map.floor_map import DIRECTIONS_8
from game.world.navigation import chebyshev

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

ALLY_CAP = 3
"""At most this many allies at once, wherever they are."""
STAIRS_RANGE = 2
"""A following ally this near the player (Chebyshev) takes the stairs with them."""
ARRIVAL_REACH = 6
"""How far from the player (in steps) arriving allies are placed, at most."""


def allies(game: Game) -> list[Actor]:
    """Every living ally of the run: on any floor, or travelling with the player."""
    found = [a for key in sorted(game.floors) for a in game.floors[key].actors if a.ally and a.alive]
    return found + [a for a in game.party if a.alive]


def allies_here(game: Game) -> list[Actor]:
    """The living allies on the player's floor."""
    return [a for a in game.floor.actors if a.ally and a.alive]


def leave(game: Game, everyone: bool = False) -> None:
    """The player leaves the floor: following allies near them (``everyone``: anywhere on it)
    go along, into ``game.party``."""
    floor = game.floor
    if floor is None:
        return
    going = [a for a in allies_here(game) if not a.waiting
             and (everyone or chebyshev(a.pos, game.player.pos) <= STAIRS_RANGE)]
    for ally in going:
        floor.remove_actor(ally)
        ally.state, ally.target, ally.target_eid, ally.energy = "idle", None, None, 0
    game.party.extend(going)


def arrive(game: Game) -> None:
    """The player has arrived on a floor: the party stands on the free tiles nearest them
    (on the island it stays out of sight). One with no room stays in the party."""
    if game.on_overworld or not game.party:
        return
    tiles = free_tiles_near(game, game.player.pos, len(game.party))
    placed = game.party[: len(tiles)]
    for ally, (x, y) in zip(placed, tiles):
        ally.x, ally.y = x, y
        ally.home = None
        game.floor.add_actor(ally)
    game.party = game.party[len(tiles):]


def free_tiles_near(game: Game, start: tuple[int, int], count: int) -> list[tuple[int, int]]:
    """Up to ``count`` tiles nobody stands on, reachable from ``start`` in few steps, nearest first."""
    area = game.floor.map
    seen = {start}
    queue = deque([(start, 0)])
    found: list[tuple[int, int]] = []
    while queue and len(found) < count:
        (x, y), steps = queue.popleft()
        if steps >= ARRIVAL_REACH:
            continue
        for dx, dy in DIRECTIONS_8:
            nxt = (x + dx, y + dy)
            if nxt in seen or not area.can_step(x, y, dx, dy):
                continue
            seen.add(nxt)
            if game.occupant(nxt) is None:
                found.append(nxt)
                if len(found) == count:
                    break
            queue.append((nxt, steps + 1))
    return found
