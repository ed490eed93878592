"""Breadth-first travel over thin walls, for bots and click-to-walk.

Diagonal and orthogonal steps cost the same (Chebyshev movement). ``Navigator``
caches the flattened step masks of one floor; refresh it when a door changes.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

import numpy as np

from game.world.floor_map import DIRECTIONS_8, PASSABLE_OPENING_DOORS, FloorMap, step_masks

Pos = tuple[int, int]


class Navigator:
    """Shortest paths on one floor, through closed doors (which a walker opens)."""

    def __init__(self, floor: FloorMap, passable: np.ndarray = PASSABLE_OPENING_DOORS) -> None:
        self.width = floor.width
        self.height = floor.height
        masks = step_masks(floor, passable)
        w = self.width
        # (flat offset, allowed-from flat list) per direction
        self._moves = [(dy * w + dx, masks[(dx, dy)].ravel().tolist()) for dx, dy in DIRECTIONS_8]

    def path(
        self,
        start: Pos,
        is_goal: Callable[[int], bool],
        may_enter: Callable[[int], bool] | None = None,
        limit: int = 1_000_000,
    ) -> list[Pos] | None:
        """Tiles from ``start`` (excluded) to the nearest goal (included), or None.

        ``is_goal`` and ``may_enter`` take flat indices ``y * width + x``; a tile
        that is a goal may always be entered.
        """
        w = self.width
        origin = start[1] * w + start[0]
        if is_goal(origin):
            return []
        came_from = {origin: -1}
        queue = deque([origin])
        expanded = 0
        while queue and expanded < limit:
            here = queue.popleft()
            expanded += 1
            for offset, allowed in self._moves:
                if not allowed[here]:
                    continue
                there = here + offset
                if there in came_from:
                    continue
                goal = is_goal(there)
                if not goal and may_enter is not None and not may_enter(there):
                    continue
                came_from[there] = here
                if goal:
                    return self._unwind(came_from, there)
                queue.append(there)
        return None

    def _unwind(self, came_from: dict[int, int], end: int) -> list[Pos]:
        w = self.width
        steps: list[Pos] = []
        node = end
        while came_from[node] != -1:
            steps.append((node % w, node // w))
            node = came_from[node]
        steps.reverse()
        return steps
