"""The field-of-view bench rows (VIS-5): their workloads, and tcod's like-for-like map."""

from __future__ import annotations

import numpy as np
import pytest

from game.bench import fov
from game.map.ascii import parse_map


def test_the_workloads_give_the_same_digests_every_time() -> None:
    maps = fov.floors(2)
    first, again = fov.tile_workload(5, maps), fov.tile_workload(3, maps)
    assert first.digests == again.digests and len(first.digests) == 2
    assert len(first.samples) == 2 * fov.EYES
    islands = fov.islands(1)
    assert fov.island_workload(3, islands).digests == fov.island_workload(3, islands).digests


def test_tcods_map_is_the_floor_at_double_resolution() -> None:
    area, _ = parse_map("""
+-+-+
|. o|
+ +-+
|.|
+-+
""")
    clear = fov.doubled_transparency(area)
    assert clear.shape == (5, 5)
    assert ["".join(".#"[not c] for c in row) for row in clear.tolist()] == [
        "#####",
        "#...#",
        "#.###",
        "#.#..",
        "###..",
    ]


def test_tcod_is_timed_beside_ours_when_installed() -> None:
    pytest.importorskip("tcod")
    median, about = fov.tcod_tiles(fov.floors(1), 5)
    assert median is not None and median > 0 and "agree with ours" in about
    assert fov.tcod_island(fov.islands(1), 5)[0] is not None
    assert np.isfinite(fov.bench_fov_island(5).median)
