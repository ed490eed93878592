"""Sight by the tile (SPEC VIS-5): the run's second way of seeing, beside rooms.

A run sees either ``"room"`` (SPEC VIS-1..4, seed 004: the whole room you stand in) or
``"tile"``: on room floors and decks, the tiles ``game.map.sight.visible_tiles`` gives from
the player's tile; on the island, ``game.map.sight_island.island_visible_tiles`` within
``RADIUS`` (mountains block, hills shorten sight). Trap vaults keep room rules in both.

By the tile, each floor keeps ``seen_tiles`` (bool ``[y, x]``, saved) and ``lit``, the
tiles in sight now (not saved: it follows from the player's place). Rooms with a tile in
sight are ``floor.visible``, as rooms in sight are by the room, so code that asks about
rooms keeps working; every "is this in sight" asks ``floor.in_sight(x, y)``.

Monsters see the player by the same mask (sight is symmetric): no monster has a field of
view of its own. Monsters see each other by the room rules.

On the island by the tile a dungeon's entrance is known (drawn, named, described) once its
tile is seen, except the next region's (``entrance_known``): ``>`` walks there across land
not seen yet, so the game shows where it leads, as a chart would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.map.sight import visible_tiles
from game.map.sight_island import RADIUS, island_visible_tiles

if TYPE_CHECKING:
    from game.world.floor import Floor
    from game.world.game import Game

SIGHT_MODES = ("room", "tile")
"""The run's sight, as saves, recordings and the options write it."""


def by_tile(game: Game) -> bool:
    """Whether the current floor is seen tile by tile (a tile-sight run, not in a trap vault)."""
    return game.sight == "tile" and game.floor.level.vault is None


def field_of_view(floor: Floor, pos: tuple[int, int]) -> npt.NDArray[np.bool_]:
    """The tiles seen from ``pos`` on ``floor`` (bool ``[y, x]``; do not change it), kept until
    the position or a door changes."""
    key = (pos, floor.door_version)
    if floor._fov_key != key or floor._fov is None:
        terrain = floor.level.terrain
        floor._fov = (island_visible_tiles(terrain, pos, RADIUS) if terrain is not None
                      else visible_tiles(floor.map, pos))
        floor._fov_key = key
    return floor._fov


def player_sees_tile(game: Game, x: int, y: int) -> bool:
    """Whether the player's field of view, from where the player stands now, reaches ``(x, y)``."""
    return bool(field_of_view(game.floor, game.player.pos)[y, x])


def update(game: Game) -> None:
    """What the player sees and remembers after a turn, by the tile."""
    floor = game.floor
    mask = field_of_view(floor, game.player.pos)
    if mask is not floor.lit:
        floor.sight_version += 1
    floor.lit = mask
    if floor.seen_tiles is None:
        floor.seen_tiles = np.zeros(mask.shape, dtype=bool)
    floor.seen_tiles |= mask
    rooms = floor.map.rooms[mask] + 1  # (OUTSIDE, -1, is 0: left out below)
    floor.visible = np.bincount(rooms)[1:].nonzero()[0].tolist()  # (np.unique sorts: slower)
    if game.on_overworld:
        floor.seen_rooms[:] = True  # the regions are named on the map; the land is what is unexplored
    else:
        floor.seen_rooms[floor.visible] = True
    if floor.mapped:
        floor.mapped = [room for room in floor.mapped if room not in floor.visible]
    floor.remember_doors()
    for pos in [p for p in floor.item_memory if mask[p[1], p[0]]]:
        del floor.item_memory[pos]
    for item in floor.items:
        if mask[item.y, item.x]:
            floor.item_memory[item.pos] = item.kind


def entrance_known(game: Game, region: int) -> bool:
    """Whether the player knows where ``region``'s dungeon entrance is on the island: by the
    room always (daylight); by the tile once its tile is seen, and the entrance of the next
    region to conquer (``World.next_region``, where ``>`` walks) from the start."""
    island = game.floors.get("overworld")  # (``game.world.saving.OVERWORLD``, which imports this module)
    seen = None if island is None else island.seen_tiles
    if seen is None or game.sight != "tile":
        return True
    x, y = game.world.entrances[region]
    return bool(seen[y, x]) or region == game.world.next_region()


def restore(game: Game) -> None:
    """After loading a save: the current floor's ``lit`` again (it is not saved)."""
    if by_tile(game):
        game.floor.lit = field_of_view(game.floor, game.player.pos)
