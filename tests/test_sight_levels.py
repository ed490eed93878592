"""Sight by the tile (VIS-5) on every level kind the game makes: equal to the definition,
symmetric, and shut in by closed doors."""

from __future__ import annotations

import numpy as np
import pytest

from game.map.edges import IS_DOOR, Edge
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
