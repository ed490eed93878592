"""Sight by the tile (VIS-5) on every level kind the game makes: equal to the definition,
symmetric, and shut in by closed doors."""

from __future__ import annotations

import numpy as np
import pytest

from game.map.edges import BLOCKS_SIGHT, IS_DOOR, Edge
from game.map.floor_map import FloorMap
from game.map.sight import visible_tiles
from game.mapgen.vault import vault_level
from game.tools.mapgen import generate
from game.world.overworld import build_world
from tests.sight_reference import reference_visible


def level_map(kind: str, seed: str) -> FloorMap:
    level = generate(kind, seed)
    if kind == "overworld":
        level = build_world(level, (3,) * len(level.names))[1]
    if kind == "vault":
        level = vault_level(level)
    return level.map


def eyes(area: FloorMap, count: int, seed: int) -> list[tuple[int, int]]:
    ys, xs = np.nonzero(area.rooms >= 0)
    picks = np.random.default_rng(seed).choice(len(xs), count, replace=False)
    return [(int(xs[i]), int(ys[i])) for i in picks]


CASES = [(kind, seed) for kind in ("dungeon", "ship", "vault", "overworld") for seed in ("1", "sight")]


@pytest.mark.parametrize("kind,seed", CASES)
def test_equal_to_the_definition_and_symmetric_on_every_level_kind(kind: str, seed: str) -> None:
    area = level_map(kind, seed)
    radius = 12 if kind == "overworld" else None  # the island is 200x150: keep the reference quick
    for eye in eyes(area, 3, len(seed)):
        seen = visible_tiles(area, eye, radius)
        assert (seen == reference_visible(area, eye, radius)).all(), (kind, seed, eye)
        assert seen[eye[1], eye[0]]
        for other in eyes(area, 25, eye[0]) + [(int(x), int(y)) for y, x in zip(*np.nonzero(seen))][:25]:
            back = visible_tiles(area, other, radius)[eye[1], eye[0]]
            assert back == seen[other[1], other[0]], (kind, seed, eye, other)


@pytest.mark.parametrize("kind,seed", [case for case in CASES if case[0] != "overworld"])
def test_closed_doors_shut_the_eye_in_its_room_and_open_ones_let_it_out(kind: str, seed: str) -> None:
    area = level_map(kind, seed)
    for array in (area.north, area.west):
        array[IS_DOOR[array]] = Edge.DOOR
    area.refresh()
    for eye in eyes(area, 12, 7):
        seen = visible_tiles(area, eye)
        room = area.rooms == area.rooms[eye[1], eye[0]]
        assert not (seen & ~room).any(), (kind, seed, eye)
    if kind != "vault":  # a vault is one room, without doors
        for array in (area.north, area.west):
            array[array == Edge.DOOR] = Edge.OPEN_DOOR
        area.refresh()
        assert any((visible_tiles(area, eye) & (area.rooms != area.rooms[eye[1], eye[0]])).any()
                   for eye in eyes(area, 12, 7))


def largest_rectangle(inside: np.ndarray) -> tuple[int, int, int, int] | None:
    """The largest axis-aligned rectangle of True tiles in ``inside`` (``[y, x]``), as
    ``(x0, y0, x1, y1)`` with the ends included; None when there is no True tile."""
    h, w = inside.shape
    heights = np.zeros(w, dtype=int)
    best, found = 0, None
    for y in range(h):
        heights = np.where(inside[y], heights + 1, 0)
        for x0 in range(w):
            tallest = h
            for x1 in range(x0, w):
                tallest = min(tallest, int(heights[x1]))
                if tallest == 0:
                    break
                if tallest * (x1 - x0 + 1) > best:
                    best, found = tallest * (x1 - x0 + 1), (x0, y - tallest + 1, x1, y)
    return found


def convex_parts(area: FloorMap) -> tuple[list[tuple[int, int, int, int]], int]:
    """Each room's largest rectangle of its own tiles with no blocking edge inside it (a room
    that is a rectangle: the whole room), at least two tiles; and how many rooms are whole
    rectangles. A segment between two tile centres of such a rectangle stays inside it."""
    parts, whole = [], 0
    for room in np.unique(area.rooms[area.rooms >= 0]).tolist():
        ys, xs = np.nonzero(area.rooms == room)
        bx, by = int(xs.min()), int(ys.min())
        box = area.rooms[by:ys.max() + 1, bx:xs.max() + 1] == room
        found = largest_rectangle(box)
        if found is None:
            continue
        x0, y0, x1, y1 = found[0] + bx, found[1] + by, found[2] + bx, found[3] + by
        if (x1 - x0 + 1) * (y1 - y0 + 1) < 2:
            continue
        if BLOCKS_SIGHT[area.north[y0 + 1:y1 + 1, x0:x1 + 1]].any() or \
                BLOCKS_SIGHT[area.west[y0:y1 + 1, x0 + 1:x1 + 1]].any():
            continue  # a wall inside the room: not convex
        parts.append((x0, y0, x1, y1))
        whole += box.all()
    return parts, whole


@pytest.mark.parametrize("kind,seed", [(kind, seed) for kind in ("dungeon", "ship", "vault")
                                       for seed in ("1", "sight", "7")])
def test_every_tile_of_a_convex_room_sees_all_of_it_on_generated_levels(kind: str, seed: str) -> None:
    """From every tile of a room that is a rectangle (or of the largest rectangle inside a room
    of another shape), the whole rectangle is in sight, whatever the doors and walls around."""
    area = level_map(kind, seed)
    parts, whole = convex_parts(area)
    assert len(parts) >= (1 if kind == "vault" else 10), "the level has rooms to check"
    if kind == "dungeon":
        assert whole >= 10, "most room floors' rooms are rectangles"
    checked = 0
    for x0, y0, x1, y1 in parts:
        for y in range(y0, y1 + 1):
            for x in range(x0, x1 + 1):
                seen = visible_tiles(area, (x, y))[y0:y1 + 1, x0:x1 + 1]
                assert seen.all(), (kind, seed, (x, y), (x0, y0, x1, y1), np.argwhere(~seen).tolist())
                checked += 1
    assert checked >= 20
