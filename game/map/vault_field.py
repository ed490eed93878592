"""A trap vault as play keeps it (SPEC VLT-3, VLT-7; seed 002): where the traps are, the numbers
around them, the goal, and the laser emitters with their beams. Made by ``game.mapgen.vault``,
played by ``game.world.vaults`` and ``game.world.lasers``."""

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


Pos = tuple[int, int]
WATCHER_SIGHT = 6
"""How far a vault's watcher sees (SPEC VLT-8), in king's moves: it is placed farther than that
from the entrance, and hunts whom it sees that near (``game.ai.watcher``)."""


@dataclass(frozen=True)
class Laser:
    """A laser emitter and its beam (SPEC VLT-7): the beam's cells, a Bresenham line from the cell
    after the emitter, fire together for ``lit`` turns of every ``period``, on a fixed rhythm.

    >>> laser = Laser((0, 0), ((1, 0), (2, 0)), period=4, lit=2, phase=1)
    >>> [laser.fires(turn) for turn in range(6)]
    [False, True, True, False, False, True]
    """

    emitter: Pos
    beam: tuple[Pos, ...]
    period: int
    lit: int
    phase: int

    def fires(self, turn: int) -> bool:
        """Whether the beam burns whoever stands in it when turn ``turn`` ends."""
        return (turn + self.phase) % self.period >= self.period - self.lit


@dataclass
class VaultField:
    """The part of a generated vault that play needs: traps, numbers, the goal and its size."""

    traps: NDArray[np.bool_]  # [y, x]
    numbers: NDArray[np.int8]  # [y, x]: trapped neighbours, -1 on traps and outside
    goal: str  # "coins", "bugs" or "lasers"
    coins: int  # coins to collect (when the goal is coins)
    bugs: int  # bugs to destroy (when the goal is bugs)
    lasers: tuple[Laser, ...] = ()  # emitters to smash (when the goal is lasers)

    @property
    def inside(self) -> NDArray[np.bool_]:
        inside: NDArray[np.bool_] = (self.numbers >= 0) | self.traps
        return inside
