"""The goal pass of a trap vault (SPEC VLT-5, VLT-7, VLT-8): some vaults become laser vaults
(``game.mapgen.vault_lasers``), some of the rest watcher vaults; the others keep the goal the
bugs pass gave them (the coins, or the bugs).

A watcher stands on an aisle cell (reachable trap-free) off the coins, the exit and the
emitters, out of its sight of the entrance (more than ``WATCHER_SIGHT`` cells away) when the
vault is big enough, else as far from it as the vault allows. The pass draws from child
streams of the vault's, so every other pass draws as it did before the goals were added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.map.vault_field import WATCHER_SIGHT
from game.mapgen.vault_lasers import lasers_wanted, place_lasers
from game.rng import Rng

if TYPE_CHECKING:
    from game.mapgen.vault import Vault

Pos = tuple[int, int]
WATCHER_SHARE = 0.25  # of the vaults without lasers
WATCHER_TNT = 5  # sticks at the entrance of a watcher's vault: three blasts fell it, with two to spare
MIN_WATCHER_DISTANCE = 3


def place_goal(rng: Rng, vault: Vault, lasers: int | None, watcher: bool | None, depth: int) -> None:
    """Lasers (``lasers`` emitters wanted, or by the seed), else a watcher (``watcher``, or by the seed)."""
    assert vault.maze is not None, "(the goal pass comes after the maze)"
    goal = rng.child("goal")
    wanted = lasers_wanted(goal, depth, 0 if watcher and lasers is None else lasers)
    if wanted:
        vault.lasers = place_lasers(rng.child("lasers"), vault.shape, vault.maze, vault.entrance,
                                    [*vault.coins, vault.exit], wanted)
        if vault.lasers:
            vault.goal = "lasers"
            return
    if watcher if watcher is not None else goal.chance(WATCHER_SHARE):
        vault.watcher = watcher_post(rng.child("watcher"), vault)
        if vault.watcher is not None:
            vault.goal = "watcher"


def watcher_post(rng: Rng, vault: Vault) -> Pos | None:
    """An aisle cell out of sight of the entrance, or the farthest there is; None in a vault too
    small for one (no aisle cell ``MIN_WATCHER_DISTANCE`` away)."""
    assert vault.maze is not None
    spots = vault.maze.copy()
    for x, y in [*vault.coins, vault.exit, *(laser.emitter for laser in vault.lasers)]:
        spots[y, x] = False
    ys, xs = np.nonzero(spots)
    ex, ey = vault.entrance
    distance = np.maximum(np.abs(xs - ex), np.abs(ys - ey))
    if distance.size == 0 or distance.max() < MIN_WATCHER_DISTANCE:
        return None
    far = distance > WATCHER_SIGHT + 1
    chosen = np.nonzero(far if far.any() else distance == distance.max())[0]
    pick = int(chosen[rng.below(len(chosen))])
    return int(xs[pick]), int(ys[pick])
