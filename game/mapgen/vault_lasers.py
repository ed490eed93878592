"""Laser emitters for a trap vault (SPEC VLT-7; seed 002's "destroy all the lasers").

An emitter stands on an aisle cell of the hidden maze (so it is reachable trap-free); its
beam is a Bresenham line from the next cell towards a random point, cut where it would
leave the vault or come near the entrance. All the beams of a vault keep one rhythm
(``period`` turns), each lit for ``lit`` of them at its own phase.

A laser is kept only when the vault stays solvable with every beam firing: over the aisle
cells and the turns of one period, every emitter can be reached from the entrance without
ending a turn in a lit beam, and from every such place the entrance can be reached again
(no aisle along a beam that lets the player in and then burns them whichever way they go).
"""

from __future__ import annotations

from collections import deque

import numpy as np
from numpy.typing import NDArray

from game.geometry import bresenham
from game.map.vault_field import Laser
from game.rng import Rng

Pos = tuple[int, int]
MIN_BEAM = 4
LASER_SHARE = 0.3  # of the vaults: their goal is the lasers
_STEPS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))


def lasers_wanted(rng: Rng, depth: int, asked: int | None) -> int:
    """``asked``, or by the seed and the depth: none, or 2 to 5 emitters in one vault of ``LASER_SHARE``."""
    if asked is not None:
        return asked
    return min(5, 2 + depth // 3) if rng.chance(LASER_SHARE) else 0


def place_lasers(rng: Rng, shape: NDArray[np.bool_], maze: NDArray[np.bool_], entrance: Pos,
                 keep_clear: list[Pos], count: int, attempts: int = 6) -> tuple[Laser, ...]:
    """Up to ``count`` lasers, emitters on aisle cells away from the entrance and off
    ``keep_clear`` (the coins and the exit), beams that cross no emitter; each one kept only
    when the vault stays solvable with it (``solvable``)."""
    height, width = shape.shape
    near_entrance = np.zeros(shape.shape, dtype=bool)
    ex, ey = entrance
    near_entrance[max(0, ey - 2):ey + 3, max(0, ex - 2):ex + 3] = True  # (the first steps are calm)
    spots = maze & ~near_entrance
    for x, y in keep_clear:
        spots[y, x] = False
    ys, xs = np.nonzero(spots)
    if xs.size == 0:
        return ()
    period = rng.randint(4, 6)
    reach = max(MIN_BEAM + 1, max(height, width))
    lasers: list[Laser] = []
    for _ in range(count * attempts):
        if len(lasers) == count:
            break
        pick = rng.below(len(xs))
        emitter = (int(xs[pick]), int(ys[pick]))
        beam = _beam(rng, emitter, reach, shape & ~near_entrance)
        lit = rng.randint(2, period - 2)
        phase = rng.below(period)
        taken = {laser.emitter for laser in lasers} | {cell for laser in lasers for cell in laser.beam}
        if len(beam) < MIN_BEAM or emitter in taken or any(laser.emitter in beam for laser in lasers):
            continue
        laser = Laser(emitter, tuple(beam), period, lit, phase)
        if solvable(maze, entrance, (*lasers, laser)):
            lasers.append(laser)
    return tuple(lasers)


def _beam(rng: Rng, emitter: Pos, reach: int, allowed: NDArray[np.bool_]) -> list[Pos]:
    """The cells after ``emitter`` on the Bresenham line to the farthest cell towards a random
    far point whose line stays on ``allowed`` cells."""
    height, width = allowed.shape
    while True:
        dx, dy = rng.randint(-reach, reach), rng.randint(-reach, reach)
        if max(abs(dx), abs(dy)) >= MIN_BEAM:
            break
    def inside(x: int, y: int) -> bool:
        return 0 <= x < width and 0 <= y < height and bool(allowed[y, x])

    reach_: list[Pos] = []
    for x, y in bresenham(emitter, (emitter[0] + dx, emitter[1] + dy)).tolist()[1:]:
        if not inside(x, y):
            break
        reach_.append((int(x), int(y)))
    for end in reversed(reach_):  # the line to the last cell kept is a line of its own: retrace it
        beam = [(int(x), int(y)) for x, y in bresenham(emitter, end).tolist()[1:]]
        if all(inside(x, y) for x, y in beam):
            return beam
    return []


def dark_turns(shape: tuple[int, ...], lasers: tuple[Laser, ...]) -> NDArray[np.bool_]:
    """``[t, y, x]`` over one period: True where no beam fires at the end of turn ``t``."""
    period = lasers[0].period if lasers else 1
    dark = np.ones((period, *shape), dtype=bool)
    for laser in lasers:
        xs, ys = [c[0] for c in laser.beam], [c[1] for c in laser.beam]
        for turn in range(period):
            if laser.fires(turn):
                dark[turn, ys, xs] = False
    return dark


def solvable(maze: NDArray[np.bool_], entrance: Pos, lasers: tuple[Laser, ...]) -> bool:
    """Every emitter reachable over the aisles from the entrance at some turn, and the
    entrance reachable again from everywhere the player can get to (see the module)."""
    dark = dark_turns(maze.shape, lasers)
    forward = _reach(maze, dark, entrance, backward=False)
    back = _reach(maze, dark, entrance, backward=True)
    if not all(forward[:, y, x].any() for x, y in (laser.emitter for laser in lasers)):
        return False
    return not (forward & ~back).any()


def _reach(maze: NDArray[np.bool_], dark: NDArray[np.bool_], entrance: Pos, backward: bool) -> NDArray[np.bool_]:
    """States ``[t, y, x]`` (standing at (x, y) before acting on turn t of the period) reachable
    from the entrance at any turn (``backward``: from which the entrance is reachable). A move
    or a wait on turn t into cell c is allowed when c is dark at the end of turn t."""
    period, height, width = dark.shape
    open_ = maze.tolist()
    dark_ = dark.tolist()
    seen = np.zeros(dark.shape, dtype=bool).tolist()
    ex, ey = entrance
    queue = deque((t, ex, ey) for t in range(period))
    for t in range(period):
        seen[t][ey][ex] = True
    while queue:
        t, x, y = queue.popleft()
        for dx, dy in _STEPS:
            nx, ny = x + dx, y + dy
            if not (0 <= nx < width and 0 <= ny < height and open_[ny][nx]):
                continue
            if backward:  # (nx, ny) at t - 1 moves here on turn t - 1: here must be dark then
                before = (t - 1) % period
                if dark_[before][y][x] and not seen[before][ny][nx]:
                    seen[before][ny][nx] = True
                    queue.append((before, nx, ny))
            else:
                after = (t + 1) % period
                if dark_[t][ny][nx] and not seen[after][ny][nx]:
                    seen[after][ny][nx] = True
                    queue.append((after, nx, ny))
    return np.array(seen, dtype=bool)
