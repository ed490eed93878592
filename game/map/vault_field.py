"""A trap vault as play keeps it (SPEC VLT-3; seed 002): where the traps are, the numbers
around them, and the goal. Made by ``game.mapgen.vault``, played by ``game.world.vaults``."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray


def trap_numbers(shape: NDArray[np.bool_], traps: NDArray[np.bool_]) -> NDArray[np.int8]:
    """Trapped neighbours (of 8) of every cell; -1 on traps and outside cells (int8)."""
    height, width = shape.shape
    padded = np.zeros((height + 2, width + 2), dtype=np.int8)
    padded[1:-1, 1:-1] = traps
    counts = np.zeros((height, width), dtype=np.int8)
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            if dx != 1 or dy != 1:
                counts += padded[dy:dy + height, dx:dx + width]
    counts[traps | ~shape] = -1
    return counts


@dataclass
class VaultField:
    """The part of a generated vault that play needs: traps, numbers, the goal and its size."""

    traps: NDArray[np.bool_]  # [y, x]
    numbers: NDArray[np.int8]  # [y, x]: trapped neighbours, -1 on traps and outside
    goal: str  # "coins" or "bugs"
    coins: int  # coins to collect (when the goal is coins)
    bugs: int  # bugs to destroy (when the goal is bugs)

    @property
    def inside(self) -> NDArray[np.bool_]:
        inside: NDArray[np.bool_] = (self.numbers >= 0) | self.traps
        return inside
