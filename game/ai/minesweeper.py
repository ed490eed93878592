"""Minesweeper reasoning over what a player of a trap vault knows (SPEC VLT-3).

Knowledge is three grids: ``inside`` (cells of the vault), ``revealed`` (cells whose
number is shown) with their ``numbers``, and ``known_traps`` (traps already found
the hard way). Every revealed number constrains its hidden neighbours: exactly
``number - known traps around it`` of them are traps. From these constraints
``deduce`` finds cells that are certainly safe and certainly trapped (the single
constraint rules, then the subset rule between pairs of constraints, repeated
until nothing changes), and ``risk`` estimates, for every other hidden cell, the
chance it holds a trap, so a player with no safe move takes the least risky one.

>>> inside = np.ones((1, 3), dtype=bool)
>>> revealed = np.array([[True, False, False]])
>>> numbers = np.array([[0, 0, 0]])
>>> safe, traps = deduce(inside, revealed, numbers, np.zeros((1, 3), dtype=bool))
>>> safe.tolist(), traps.tolist()
([[False, True, False]], [[False, False, False]])
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

Cell = tuple[int, int]
_NEIGHBOURS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]
_BY_BITS = [tuple(step for k, step in enumerate(_NEIGHBOURS) if bits >> k & 1) for bits in range(256)]
"""The neighbours a byte of flags names, bit ``k`` for ``_NEIGHBOURS[k]``."""


def _constraints(inside: NDArray[np.bool_], hidden: NDArray[np.bool_], revealed: NDArray[np.bool_],
                 numbers: NDArray[np.int8], traps: NDArray[np.bool_]) -> list[tuple[frozenset[Cell], int]]:
    """(hidden neighbours, traps among them) for every revealed number with hidden neighbours.
    The neighbours of all of them are gathered at once in numpy, then read as plain lists (cell
    by cell in numpy, this was a fifth of a bot's run through the vaults)."""
    frontier = revealed & inside & _touching(hidden)
    ys, xs = np.nonzero(frontier)
    if not len(xs):
        return []
    trapped = np.pad(traps & inside, 1)
    unknown = np.pad(hidden & inside & ~traps, 1)
    around_traps = np.stack([trapped[ys + 1 + dy, xs + 1 + dx] for dx, dy in _NEIGHBOURS]).sum(axis=0)
    around_unknown = sum(unknown[ys + 1 + dy, xs + 1 + dx].astype(np.int64) << k
                         for k, (dx, dy) in enumerate(_NEIGHBOURS)).tolist()  # a bit per neighbour
    left = (numbers[ys, xs].astype(np.int64) - around_traps).tolist()
    return [(frozenset((x + dx, y + dy) for dx, dy in _BY_BITS[bits]), count)
            for x, y, bits, count in zip(xs.tolist(), ys.tolist(), around_unknown, left) if bits]


def _touching(mask: NDArray[np.bool_]) -> NDArray[np.bool_]:
    """Cells with a neighbour (of 8) in ``mask``."""
    padded = np.zeros((mask.shape[0] + 2, mask.shape[1] + 2), dtype=bool)
    padded[1:-1, 1:-1] = mask
    near = np.zeros(mask.shape, dtype=bool)
    height, width = mask.shape
    for dy in (0, 1, 2):
        for dx in (0, 1, 2):
            if dx != 1 or dy != 1:
                near |= padded[dy:dy + height, dx:dx + width]
    return near


def deduce(inside: NDArray[np.bool_], revealed: NDArray[np.bool_], numbers: NDArray[np.int8],
           known_traps: NDArray[np.bool_]) -> tuple[NDArray[np.bool_], NDArray[np.bool_]]:
    """Hidden cells that are certainly safe, and certainly trapped (two bool grids)."""
    safe = np.zeros(inside.shape, dtype=bool)
    traps = known_traps.copy()
    for _ in range(inside.size):  # each round settles at least one cell, or stops
        hidden = inside & ~revealed & ~safe & ~traps
        settled = _settle(_constraints(inside, hidden, revealed, numbers, traps))
        if not settled:
            break
        for (x, y), trapped in settled.items():
            (traps if trapped else safe)[y, x] = True
    return safe, traps & ~known_traps


def _settle(constraints: list[tuple[frozenset[Cell], int]]) -> dict[Cell, bool]:
    """Cells the constraints decide: True for a trap, False for safe.

    One constraint alone: no traps left, or as many traps as cells. Two that overlap
    (``A`` with ``a`` traps, ``B`` with ``b``): the overlap holds at most ``m = min(a, |A&B|)``
    traps, so ``B - A`` holds at least ``b - m``; when that is all of ``B - A``, they are
    traps and the overlap holds exactly ``m``: all of it when ``m = |A&B|``, and all of
    ``A``'s traps when ``m = a``, which leaves ``A - B`` safe.
    """
    settled: dict[Cell, bool] = {}
    for cells, count in constraints:
        if count == 0:
            settled.update(dict.fromkeys(cells, False))
        elif count == len(cells):
            settled.update(dict.fromkeys(cells, True))
    if settled:
        return settled
    by_cell: dict[Cell, list[int]] = {}
    for index, (cells, _) in enumerate(constraints):
        for cell in cells:
            by_cell.setdefault(cell, []).append(index)
    for index, (a_cells, a) in enumerate(constraints):
        partners = sorted({p for cell in a_cells for p in by_cell[cell] if p != index})
        for partner in partners:
            b_cells, b = constraints[partner]
            overlap = a_cells & b_cells
            b_rest, a_rest = b_cells - a_cells, a_cells - b_cells
            most = min(a, len(overlap))
            if b_rest and b - most == len(b_rest):
                settled.update(dict.fromkeys(b_rest, True))
                if most == len(overlap):
                    settled.update(dict.fromkeys(overlap, True))
                if most == a:
                    settled.update(dict.fromkeys(a_rest, False))
        if settled:
            return settled
    return settled


def risk(inside: NDArray[np.bool_], revealed: NDArray[np.bool_], numbers: NDArray[np.int8],
         known_traps: NDArray[np.bool_], traps_left: float) -> NDArray[np.float64]:
    """A chance of a trap for every hidden cell (float grid; 0 on cells that are not hidden).

    A cell next to revealed numbers takes the worst share its constraints give it
    (traps left around a number over the hidden cells around it); a cell next to none
    takes the density of the traps not yet accounted for over the cells not yet known.
    """
    safe, traps = deduce(inside, revealed, numbers, known_traps)
    hidden = inside & ~revealed & ~known_traps
    chance = np.zeros(inside.shape, dtype=np.float64)
    constraints = _constraints(inside, hidden & ~safe & ~traps, revealed, numbers, known_traps | traps)
    near = np.zeros(inside.shape, dtype=bool)
    for cells, count in constraints:
        share = count / len(cells)
        for x, y in cells:
            near[y, x] = True
            chance[y, x] = max(chance[y, x], share)
    far = hidden & ~near & ~safe & ~traps
    unknown = int(far.sum())
    if unknown:
        chance[far] = min(1.0, max(0.0, traps_left) / unknown)
    chance[safe] = 0.0
    chance[traps] = 1.0
    chance[~hidden] = 0.0
    return chance
