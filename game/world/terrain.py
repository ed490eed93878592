"""A floor's living terrain (SPEC TER-1): its ground as it is now, fire and gas.

The generated ground (``Level.ground``) is copied here when a floor is first entered, because
fire changes it (grass burns to ash). ``fire[y, x]`` is how many turns fire still burns on a
tile (0: none); ``gas[y, x]`` how much gas hangs there (0: none), of the kind ``gas_kind``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.map.ground import bare
from game.map.level import Level


@dataclass
class TerrainState:
    ground: npt.NDArray[np.uint8]  # [y, x] codes of game.map.ground.Ground
    fire: npt.NDArray[np.uint8]  # [y, x] turns left burning
    gas: npt.NDArray[np.uint8]  # [y, x] amount of gas
    gas_kind: str = ""  # "poison" or "confusion" ("" while there is none)

    @classmethod
    def fresh(cls, level: Level) -> TerrainState:
        h, w = level.map.rooms.shape
        ground = bare(h, w) if level.ground is None else level.ground.copy()
        return cls(ground, np.zeros((h, w), dtype=np.uint8), np.zeros((h, w), dtype=np.uint8))
