"""Straight lines on a grid (SPEC §11): even separation and Bresenham.

``spread(a, b, na, nb)`` lays out ``na`` copies of ``a`` and ``nb`` of ``b`` as
evenly as possible, by the recursive definition of seed 000 ("Even Separation
Algorithm"): a sequence is as spread out as possible if it is homogeneous; or if
it alternates one by one between two equally frequent elements; or if the more
frequent element forms groups separated by single less-frequent elements, the
groups have at most two sizes differing by one, and the sequence of group sizes
is itself as spread out as possible. Each level of the recursion at most halves
the length, so the depth is logarithmic and the total work linear.

``line(start, end)`` walks from one cell to another in steps of one cardinal and
one ordinal direction, spread with ``spread``; ``bresenham(start, end)`` is the
classic integer algorithm, used for the bugs' patrol routes.
"""

from __future__ import annotations

from typing import TypeVar

import numpy as np
from numpy.typing import NDArray

T = TypeVar("T")
Cell = tuple[int, int]


def spread(a: T, b: T, na: int, nb: int) -> list[T]:
    """``na`` copies of ``a`` and ``nb`` of ``b``, as spread out as possible.

    >>> "".join(spread("a", "b", 17, 4))
    'aaabaaaabaaabaaaabaaa'
    >>> spread(1, 2, 2, 2)
    [1, 2, 1, 2]
    """
    if na < 0 or nb < 0:
        raise ValueError("counts must not be negative")
    if na < nb:
        return spread(b, a, nb, na)
    if nb == 0:
        return [a] * na
    if na == nb:
        return [a, b] * na
    groups = nb + 1
    small = na // groups
    large_count = na - groups * small
    sizes = spread(small, small + 1, groups - large_count, large_count)
    runs = {small: [a] * small + [b], small + 1: [a] * (small + 1) + [b]}
    out: list[T] = []
    for size in sizes:
        out += runs[size]
    out.pop()  # no separator after the last group
    return out


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


def line(start: Cell, end: Cell) -> NDArray[np.intp]:
    """The cells from ``start`` to ``end`` (both included) as an ``(n, 2)`` ``np.intp`` array
    (numpy's index type, so the cells can index a grid on every platform).

    The steps are one cardinal and one ordinal direction, spread evenly. The line
    is symmetric: it is always traced from the smaller endpoint, so the line from
    B to A is exactly the reverse of the line from A to B.

    >>> line((0, 0), (5, 2)).tolist()
    [[0, 0], [1, 0], [2, 1], [3, 1], [4, 2], [5, 2]]
    """
    if tuple(end) < tuple(start):
        return line(end, start)[::-1].copy()
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    long, short = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    ordinal = (_sign(dx), _sign(dy))
    cardinal = (_sign(dx), 0) if abs(dx) >= abs(dy) else (0, _sign(dy))
    steps = spread(cardinal, ordinal, long - short, short)
    cells = np.empty((long + 1, 2), dtype=np.intp)
    cells[0] = (x0, y0)
    if long:
        cells[1:] = np.cumsum(np.array(steps, dtype=np.intp), axis=0) + (x0, y0)
    return cells


def bresenham(start: Cell, end: Cell) -> NDArray[np.intp]:
    """Bresenham's line algorithm: the cells from ``start`` to ``end`` (both included).

    At an exact half-way tie it steps diagonally first:

    >>> bresenham((0, 0), (4, 2)).tolist()
    [[0, 0], [1, 1], [2, 1], [3, 2], [4, 2]]
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = _sign(x1 - x0), _sign(y1 - y0)
    error = dx + dy
    cells = [(x0, y0)]
    x, y = x0, y0
    while (x, y) != (x1, y1):
        doubled = 2 * error
        if doubled >= dy:
            error += dy
            x += sx
        if doubled <= dx:
            error += dx
            y += sy
        cells.append((x, y))
    return np.array(cells, dtype=np.intp)
