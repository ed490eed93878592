"""The status lines under the place's name, in both sidebars: a trap vault's goal and traps
(VLT-5), a deck's air where the player stands (SHP-2). Worked out apart from their drawing, so a
phone's sidebar can tell whether they changed (``game.render.sidebar_pieces``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.render import palette
from game.world import ships, vaults

if TYPE_CHECKING:
    from game.world.game import Game

Colour = tuple[int, int, int]
Line = tuple[str, int, Colour, int]
"""A line's words, text size, colour, and the height it takes."""

GOALS = {"coins": "Coins", "bugs": "Bugs destroyed", "lasers": "Emitters smashed", "watcher": "Watcher destroyed"}


def vault_lines(game: Game) -> list[Line]:
    """A trap vault's goal and progress, and how many traps it holds; none elsewhere."""
    field, state = game.floor.level.vault, game.floor.vault_state
    if field is None or state is None:
        return []
    if state.cleared:
        goal = ("Vault cleared: the stairs are open", 20, palette.TONE_COLOURS["good"], 22)
    else:
        done, wanted = vaults.progress(game)
        goal = (f"Vault goal: {GOALS[field.goal]} {done} / {wanted}", 20, palette.TITLE, 22)
    return [goal, (f"Traps {np.count_nonzero(field.traps)}, {np.count_nonzero(state.sprung)} sprung", 18, palette.TEXT_DIM, 24)]


def air_lines(game: Game) -> list[Line]:
    """The air where the player stands, and whether it is rushing out; none off a deck."""
    floor, ship = game.floor, game.floor.ship_state
    if ship is None:
        return []
    room = floor.map.room_at(*game.player.pos)
    air, full = ship.air[room], ship.capacity(floor.map, room)
    share = round(100 * air / full) if full else 0
    if room in ships.venting(floor):
        return [(f"Air {share} %: venting toward a breach!", 20, palette.TONE_COLOURS["bad"], 24)]
    if air == 0:
        return [("No air here: get out!", 20, palette.TONE_COLOURS["bad"], 24)]
    return [(f"Air {share} %", 20, palette.TEXT_DIM, 24)]


def height(lines: list[Line]) -> int:
    return sum(line[3] for line in lines)
