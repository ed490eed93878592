"""Breadth-first travel over thin walls, for bots, click-to-walk and travel keys.

Diagonal and orthogonal steps cost the same (Chebyshev movement). A route is the one
a plain breadth-first search finds when it tries the steps of ``DIRECTIONS_8`` in order
and stops at the first goal it reaches: among the shortest routes to any goal, the
one whose sequence of steps comes first in that order.

``Navigator(floor, passable)`` is cheap: what it needs of a floor (which way each tile
may step, as Python lists and as bit sets) is built once per floor map and passable
set, and forgotten when an edge changes (``FloorMap.cached``), so a door that opens or
shuts changes the next route. Two searches give the same routes:

- ``route(start, goals, enter)`` takes masks. On floors of up to ``BITSET_TILES`` tiles
  it grows whole layers at once in Python integers used as bit sets (a few hundred
  big-integer operations for a floor), then walks the first route back out of the
  layers; on larger maps it runs the plain search over flat lists.
- ``path(start, is_goal, may_enter)`` takes predicates on flat indices (``y * width + x``).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import Callable, Iterable

import numpy as np
import numpy.typing as npt

from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8, PASSABLE_OPENING_DOORS, FloorMap, Side, step_masks

Pos = tuple[int, int]
Mask = npt.NDArray[np.bool_]
BITSET_TILES = 40_000
"""Maps of at most this many tiles are searched layer by layer in bit sets."""
_UNSEEN, _BLOCKED, _GOAL, _FIRST_STEP = 0, 1, 2, 3  # search states; 3 + k: reached by step k


class _Steps:
    """Which way every tile of one floor may step, for one set of passable edge kinds.

    Built once per floor map (``FloorMap.cached``); when an edge changes, the floor calls
    ``edge_changed`` and only the tiles around that edge are worked out again."""

    def __init__(self, floor: FloorMap, passable: Mask) -> None:
        self.floor, self.passable = floor, passable.tolist()
        w = floor.width
        self.offsets = [dy * w + dx for dx, dy in DIRECTIONS_8]
        self._masks: dict[tuple[int, int], Mask] | None = step_masks(floor, passable)
        self.ways: list[int] = _ways(self._masks).ravel().tolist()  # bit k: the tile may take step k
        self.moves = _moves(w)
        self.rooms: list[int] = floor.rooms.ravel().tolist()
        self._bits: list[int] | None = None

    @property
    def bits(self) -> list[int]:
        """A Python integer per step of ``DIRECTIONS_8``: bit ``i`` set when flat tile ``i`` may
        take it (built on first use, on maps of at most ``BITSET_TILES`` tiles; else empty)."""
        if self._bits is None:
            floor = self.floor
            if floor.width * floor.height > BITSET_TILES:
                self._bits = []
            else:
                masks = self._masks if self._masks is not None else step_masks(floor, np.array(self.passable))
                self._bits = [_to_bits(masks[d]) for d in DIRECTIONS_8]
            self._masks = None
        return self._bits

    def edge_changed(self, x: int, y: int, side: Side, was: int) -> None:
        """Bring the tiles beside the edge ``(x, y, side)`` up to date. An edge is crossed by the
        orthogonal step between its two tiles; it also closes or opens the corners at its two
        ends to diagonal steps, but only when it stops or starts being plainly open."""
        floor = self.floor
        w, h = floor.width, floor.height
        north = side == Side.N
        if was != Edge.OPEN and floor.edge(x, y, side) != Edge.OPEN:  # the corners stay as they were
            tiles = [(x, y - 1), (x, y)] if north else [(x - 1, y), (x, y)]
        elif north:
            tiles = [(tx, ty) for ty in (y - 1, y) for tx in (x - 1, x, x + 1)]
        else:
            tiles = [(tx, ty) for ty in (y - 1, y, y + 1) for tx in (x - 1, x)]
        passable, bits = self.passable, self._bits
        self._masks = None
        for tx, ty in tiles:
            if not (0 <= tx < w and 0 <= ty < h):
                continue
            i = ty * w + tx
            new, old = floor.step_bits(tx, ty, passable), self.ways[i]
            if new != old:
                self.ways[i] = new
                if bits:
                    for k in range(8):
                        if (new ^ old) >> k & 1:
                            bits[k] ^= 1 << i


def _ways(masks: dict[tuple[int, int], Mask]) -> npt.NDArray[np.uint8]:
    """``step_masks`` packed: bit ``k`` of a tile's byte is step ``DIRECTIONS_8[k]``."""
    ways = np.zeros(masks[DIRECTIONS_8[0]].shape, dtype=np.uint8)
    for k, direction in enumerate(DIRECTIONS_8):
        ways |= masks[direction].astype(np.uint8) << np.uint8(k)
    return ways


@lru_cache(maxsize=8)
def _moves(width: int) -> list[tuple[tuple[int, int], ...]]:
    """For each byte of step bits, the steps it allows as ``(search state, flat offset)``."""
    offsets = [dy * width + dx for dx, dy in DIRECTIONS_8]
    return [tuple((_FIRST_STEP + k, offsets[k]) for k in range(8) if bits >> k & 1) for bits in range(256)]


def step_tables(floor: FloorMap, passable: Mask) -> _Steps:
    """The floor's step tables for ``passable`` edges (cached on the floor map): ``ways[i]``
    has bit ``k`` set when flat tile ``i = y * width + x`` may take step ``DIRECTIONS_8[k]``,
    and ``rooms[i]`` is its room id."""
    steps: _Steps = floor.cached(("steps", passable.tobytes()), lambda: _Steps(floor, passable))
    return steps


def _to_bits(mask: Mask) -> int:
    """A boolean array as a Python integer whose bit ``i`` is flat element ``i``."""
    return int.from_bytes(np.packbits(mask.ravel(), bitorder="little").tobytes(), "little")


class Navigator:
    """Shortest routes on one floor, through closed doors (which a walker opens)."""

    def __init__(self, floor: FloorMap, passable: Mask = PASSABLE_OPENING_DOORS) -> None:
        self.floor = floor
        self.width = floor.width
        self.height = floor.height
        self.passable = np.array(passable, dtype=bool)
        self._key = ("steps", self.passable.tobytes())
        _ = self._steps  # built now (or found in the floor's cache)

    @property
    def _steps(self) -> _Steps:
        """The floor's step tables as they are now: a navigator kept across a door change
        sees the door as it is."""
        steps: _Steps = self.floor.cached(self._key, lambda: _Steps(self.floor, self.passable))
        return steps

    # --- with masks ------------------------------------------------------------------
    def route(
        self,
        start: Pos,
        goals: Mask | Iterable[Pos],
        enter: Mask | None = None,
        limit: int = 1_000_000,
    ) -> list[Pos] | None:
        """Tiles from ``start`` (excluded) to the nearest goal (included), or None.

        ``goals`` is a ``[y, x]`` boolean mask or some tiles; ``enter`` a ``[y, x]`` mask
        of the tiles the route may pass (all when None; a goal may always be entered).
        At most ``limit`` tiles are expanded, as in ``path``.
        """
        w, h = self.width, self.height
        goal_mask = _goal_mask(goals, w, h)
        origin = start[1] * w + start[0]
        if goal_mask[start[1], start[0]]:
            return []
        if self._steps.bits:
            found = self._route_bits(origin, goal_mask, enter, limit)
            if found is not None:
                return found or None
        state = np.where(goal_mask, _GOAL, _UNSEEN if enter is None else np.where(enter, _UNSEEN, _BLOCKED))
        return self._search_known(origin, bytearray(state.astype(np.uint8).tobytes()), limit)

    def _search_known(self, origin: int, state: bytearray, limit: int) -> list[Pos] | None:
        """``_search`` when every tile's state is known beforehand (no predicates)."""
        ways, moves = self._steps.ways, self._steps.moves
        state[origin] = _BLOCKED
        queue = [origin]
        append = queue.append
        for here in islice(queue, limit):
            for code, offset in moves[ways[here]]:
                there = here + offset
                known = state[there]
                if not known:
                    state[there] = code
                    append(there)
                elif known == _GOAL:
                    state[there] = code
                    return self._unwind(state, there)
        return None

    def _route_bits(self, origin: int, goal_mask: Mask, enter: Mask | None,
                    limit: int) -> list[Pos] | None:
        """The route by whole layers; ``[]`` for none, None when only the plain search can
        tell (the limit falls inside the last layer)."""
        m0, m1, m2, m3, m4, m5, m6, m7 = self._steps.bits  # the steps of DIRECTIONS_8, written out
        w, v, u = self.width, self.width - 1, self.width + 1
        goals = _to_bits(goal_mask)
        free = goals | (_to_bits(enter) if enter is not None else (1 << self.width * self.height) - 1)
        free &= ~(1 << origin)
        layers = [1 << origin]
        frontier, expanded, counting = layers[0], 0, limit < self.width * self.height
        while True:
            reached = free & (((frontier & m0) >> w) | ((frontier & m1) >> v) | ((frontier & m2) << 1)
                              | ((frontier & m3) << u) | ((frontier & m4) << w) | ((frontier & m5) << v)
                              | ((frontier & m6) >> 1) | ((frontier & m7) >> u))
            if not reached:
                return []
            if counting:
                if expanded >= limit:
                    return []  # the plain search stops before this layer
                expanded += frontier.bit_count()
                if reached & goals and expanded > limit:
                    return None  # the limit stops the search inside this layer: ask the plain search
            if reached & goals:
                return self._walk_out(layers, reached & goals)
            free ^= reached
            layers.append(reached)
            frontier = reached

    def _walk_out(self, layers: list[int], ends: int) -> list[Pos]:
        """The first route in step order through ``layers`` to one of ``ends``."""
        m0, m1, m2, m3, m4, m5, m6, m7 = self._steps.bits
        w, v, u = self.width, self.width - 1, self.width + 1
        useful = [ends]  # tiles of each layer, from the last, on a shortest route to an end
        ahead = ends
        for layer in reversed(layers[1:]):
            ahead = layer & (((ahead << w) & m0) | ((ahead << v) & m1) | ((ahead >> 1) & m2) | ((ahead >> u) & m3)
                             | ((ahead >> w) & m4) | ((ahead >> v) & m5) | ((ahead << 1) & m6) | ((ahead << u) & m7))
            useful.append(ahead)
        useful.reverse()
        ways, moves = self._steps.ways, self._steps.moves
        here, steps = layers[0].bit_length() - 1, []
        for on_route in useful:
            for _, offset in moves[ways[here]]:
                if on_route >> (here + offset) & 1:
                    here += offset
                    break
            steps.append((here % w, here // w))
        return steps

    # --- with predicates -------------------------------------------------------------
    def path(
        self,
        start: Pos,
        is_goal: Callable[[int], bool],
        may_enter: Callable[[int], bool] | None = None,
        limit: int = 1_000_000,
    ) -> list[Pos] | None:
        """Tiles from ``start`` (excluded) to the nearest goal (included), or None.

        ``is_goal`` and ``may_enter`` take flat indices ``y * width + x``; a tile
        that is a goal may always be entered. At most ``limit`` tiles are expanded.
        """
        origin = start[1] * self.width + start[0]
        if is_goal(origin):
            return []
        return self._search(origin, bytearray(self.width * self.height), is_goal, may_enter, limit)

    def _search(self, origin: int, state: bytearray, is_goal: Callable[[int], bool] | None,
                may_enter: Callable[[int], bool] | None, limit: int) -> list[Pos] | None:
        """Plain breadth-first search; ``state`` holds what is known of each tile (``_UNSEEN``
        tiles are asked of the predicates, when given, the first time they are reached)."""
        ways, moves = self._steps.ways, self._steps.moves
        state[origin] = _BLOCKED
        queue = [origin]
        for here in islice(queue, limit):  # the queue grows while it is read
            for code, offset in moves[ways[here]]:
                there = here + offset
                known = state[there]
                if known == _UNSEEN and is_goal is not None:
                    if is_goal(there):
                        known = _GOAL
                    elif may_enter is not None and not may_enter(there):
                        state[there] = known = _BLOCKED
                if known == _GOAL:
                    state[there] = code
                    return self._unwind(state, there)
                if known == _UNSEEN:
                    state[there] = code
                    queue.append(there)
        return None

    def _unwind(self, state: bytearray, end: int) -> list[Pos]:
        w, offsets = self.width, self._steps.offsets
        steps: list[Pos] = []
        node = end
        while state[node] >= _FIRST_STEP:
            steps.append((node % w, node // w))
            node -= offsets[state[node] - _FIRST_STEP]
        steps.reverse()
        return steps


def _goal_mask(goals: Mask | Iterable[Pos], width: int, height: int) -> Mask:
    if isinstance(goals, np.ndarray):
        return goals.astype(bool, copy=False)
    mask = np.zeros((height, width), dtype=bool)
    for x, y in goals:
        if 0 <= x < width and 0 <= y < height:
            mask[y, x] = True
    return mask
