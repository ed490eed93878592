"""``python -m game.tools.fov`` (VIS-5): the mask of every level kind, as JSON and as a picture."""

from __future__ import annotations

import json

import numpy as np
import pytest

from game.map.sight import visible_tiles
from game.map.sight_island import island_visible_tiles
from game.tools import fov


@pytest.mark.parametrize("kind", fov.KINDS)
def test_json_for_every_kind_is_the_mask_of_the_level_mapgen_makes(kind: str, capsys) -> None:
    area = fov.level_of(kind, "7")
    floor = np.ones(area.shape, dtype=bool) if kind == "overworld" else area.rooms >= 0
    ys, xs = np.nonzero(floor)
    at = (int(xs[len(xs) // 2]), int(ys[len(ys) // 2]))
    assert fov.main(["--kind", kind, "--seed", "7", "--at", str(at[0]), str(at[1])]) == 0
    printed = json.loads(capsys.readouterr().out)
    grid = printed["visible"]
    height, width = floor.shape
    assert (printed["width"], printed["height"], printed["at"]) == (width, height, {"x": at[0], "y": at[1]})
    assert len(grid) == height and all(len(row) == width and set(row) <= {0, 1} for row in grid)
    want = island_visible_tiles(area, at, fov.RADIUS) if kind == "overworld" else visible_tiles(area, at)
    assert (np.array(grid, dtype=bool) == want).all() and grid[at[1]][at[0]] == 1
    assert printed["radius"] == (fov.RADIUS if kind == "overworld" else None)


def test_a_radius_and_a_picture(tmp_path, capsys) -> None:
    assert fov.main(["--seed", "1", "--at", "0", "0", "--radius", "2"]) == 0
    grid = np.array(json.loads(capsys.readouterr().out)["visible"])
    assert grid.sum() == 6  # (0,0) in a room's corner: the tiles within 2 of it: 1 + 2 + 2 + 1
    out = tmp_path / "fov.png"
    assert fov.main(["--seed", "1", "--at", "30", "20", "--format", "png", "--out", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
