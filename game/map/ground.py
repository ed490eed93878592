"""What covers a floor's tiles besides bare floor (SPEC TER-1): one ``uint8`` code per tile.

A floor's ground is a numpy layer ``[y, x]`` beside its rooms and thin walls: grass and brush
burn, deep water is swum, a chasm drops whoever steps in to the floor below. Fire and gas are
not ground but live layers over it (``game.world.terrain``): fire burns on grass and brush and
leaves ash; gas drifts from tile to tile as the deck's air does, through open doors only.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np
import numpy.typing as npt

GROUND_DTYPE = np.uint8


class Ground(IntEnum):
    FLOOR = 0
    GRASS = 1  # burns, quickly
    BRUSH = 2  # burns, longer and hotter than grass
    WATER = 3  # deep water: swum (heavy items may slip away), fire never crosses it
    CHASM = 4  # a hole: whoever steps in falls to the floor below
    ASH = 5  # what fire leaves: bare, and never burns again
    BRIDGE = 6  # planks over water or a chasm: walked, and they burn


GROUND_NAMES: dict[Ground, str] = {
    Ground.FLOOR: "floor", Ground.GRASS: "grass", Ground.BRUSH: "brush", Ground.WATER: "deep water",
    Ground.CHASM: "a chasm", Ground.ASH: "ash", Ground.BRIDGE: "a bridge",
}

BURNS: npt.NDArray[np.bool_] = np.zeros(256, dtype=bool)
"""``BURNS[code]``: whether fire catches on that ground."""
BURNS[[Ground.GRASS, Ground.BRUSH, Ground.BRIDGE]] = True

BURN_TURNS: npt.NDArray[np.uint8] = np.zeros(256, dtype=np.uint8)
"""How many turns fire burns on a tile of that ground before it leaves ash."""
BURN_TURNS[Ground.GRASS], BURN_TURNS[Ground.BRUSH], BURN_TURNS[Ground.BRIDGE] = 3, 6, 4

WALKED: npt.NDArray[np.bool_] = np.ones(256, dtype=bool)
"""``WALKED[code]``: ground a walker stands on as on floor (not water to swim, not a chasm)."""
WALKED[[Ground.WATER, Ground.CHASM]] = False


def bare(height: int, width: int) -> npt.NDArray[np.uint8]:
    """A ground layer of bare floor everywhere."""
    return np.zeros((height, width), dtype=GROUND_DTYPE)
