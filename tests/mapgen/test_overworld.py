"""The overworld island (SPEC §8): every seed gives a valid island."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import deque

import numpy as np
import pygame
import pytest
from hypothesis import given, settings, strategies as st

from game.content.themes import THEMES
from game.mapgen import landmass as lm
from game.mapgen.names import NameGenerator, default_generator, training_words
from game.mapgen.noise import fractal_noise
from game.mapgen.overworld import OverworldParams, generate_overworld
from game.mapgen.regions import grow_regions, region_borders
from game.progress import Steps
from game.rng import Rng
from tests.conftest import ROOT


def components(mask: np.ndarray) -> list[set[tuple[int, int]]]:
    """4-connected pieces of a boolean grid, by plain BFS (independent of the generator's code)."""
    seen = np.zeros(mask.shape, dtype=bool)
    pieces = []
    for y0, x0 in zip(*np.nonzero(mask)):
        if seen[y0, x0]:
            continue
        piece, queue = set(), deque([(int(x0), int(y0))])
        seen[y0, x0] = True
        while queue:
            x, y = queue.popleft()
            piece.add((x, y))
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= ny < mask.shape[0] and 0 <= nx < mask.shape[1] and mask[ny, nx] and not seen[ny, nx]:
                    seen[ny, nx] = True
                    queue.append((nx, ny))
        pieces.append(piece)
    return pieces


def check_island(level, params: OverworldParams) -> None:
    terrain, regions = level.terrain, level.regions
    land = terrain >= lm.BEACH
    assert len(components(land)) == 1, "one landmass"
    assert not land[0, :].any() and not land[-1, :].any() and not land[:, 0].any() and not land[:, -1].any()
    assert (~land).mean() >= 0.55, "at least 55 % water"
    assert np.array_equal(regions >= 0, land), "every land tile belongs to a region, no water tile does"
    assert set(np.unique(regions[land]).tolist()) == set(range(params.regions))
    for region in range(params.regions):
        assert len(components(regions == region)) == 1, f"region {region} is one piece"
    adjacent = set(region_borders(regions))
    gated = {tuple(sorted(g.regions)) for g in level.gates}
    assert adjacent == gated, "every pair of adjacent regions has a gate"
    for gate in level.gates:
        a, b = gate.regions
        dx, dy = gate.toward
        assert abs(dx) + abs(dy) == 1
        assert regions[gate.y, gate.x] == a and regions[gate.y + dy, gate.x + dx] == b
    assert len(level.entrances) == params.regions
    for region, (x, y) in enumerate(level.entrances):
        assert regions[y, x] == region and terrain[y, x] >= lm.BEACH
    names = level.names + level.warden_names
    assert len(set(n.lower() for n in names)) == len(names), "names never repeat within a run"
    assert sorted(level.order) == list(range(params.regions))
    assert len(level.themes) == params.regions and len(set(level.themes)) == params.regions, \
        "no two regions of an island share a theme (SPEC TER-2)"
    assert THEMES[level.themes[level.order[0]]].gentle, "the region played first is gentle"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(64, 160), height=st.integers(48, 120),
       regions=st.integers(2, 7))
def test_any_seed_gives_a_valid_island(seed: int, width: int, height: int, regions: int) -> None:
    params = OverworldParams(width=width, height=height, regions=regions)
    check_island(generate_overworld(Rng(seed), params), params)


@pytest.mark.parametrize("seed", range(8))
def test_in_game_islands_are_valid(seed: int) -> None:
    params = OverworldParams()
    check_island(generate_overworld(Rng(seed), params), params)


def test_erosion_is_a_selectable_shape() -> None:
    params = OverworldParams(width=90, height=70, shape="erosion")
    level = generate_overworld(Rng(3), params)
    check_island(level, params)


BANDS = ("deep water", "shallow water", "beach", "plains", "forest", "hills", "mountain")


def bands_by_height(heights: np.ndarray, line: float) -> np.ndarray:
    """OVW-3 written out: below the line deep water, or shallow within 40 of it; above it beach
    (< line + 15), plains (< line + 35), mountain (> 255 - 25), hills (> 255 - 50), forest otherwise."""
    h = heights
    return np.select([h < line - 40, h < line, h < line + 15, h < line + 35, h > 255 - 25, h > 255 - 50],
                     [lm.DEEP, lm.SHALLOW, lm.BEACH, lm.PLAINS, lm.MOUNTAIN, lm.HILLS], lm.FOREST).astype(np.uint8)


@pytest.mark.parametrize("seed", range(8))
def test_terrain_has_every_band_and_follows_the_waterline(seed: int) -> None:
    level = generate_overworld(Rng(seed), OverworldParams(), keep_heights=True)
    terrain, heights, line = level.terrain, level.heights, level.waterline
    flat = np.sort(heights.ravel())
    assert line == flat[int((flat.size - 1) * 0.6)], "waterline at index (n-1)*0.6 of the sorted heights"
    island = level.regions >= 0
    assert np.array_equal(terrain >= lm.BEACH, island), "all the land is the one island"
    expected = bands_by_height(heights, line)
    expected[~island & (heights >= line)] = lm.SHALLOW  # OVW-4: the other islands sink
    for band, name in enumerate(BANDS):
        wrong = (terrain == band) != (expected == band)
        assert not wrong.any(), f"{wrong.sum()} tiles are {name} where the heights say otherwise, or not where they say so"
    present = {BANDS[band] for band in np.unique(terrain)}
    assert present == set(BANDS) - ({"deep water"} if line < 40 else set()), \
        f"the island shows {sorted(present)} (deep water is missing only when the waterline is under 40)"
    for low in range(lm.BEACH, lm.MOUNTAIN):  # each land band lies wholly below the next
        assert heights[terrain == low].max() < heights[terrain == low + 1].min(), \
            f"from the sea inward {BANDS[low]} comes before {BANDS[low + 1]}"
    near_deep = lm.dilate(terrain == lm.DEEP, 1)
    assert not (near_deep & island).any(), "shallow water rings the island: deep water never touches land"


def test_noise_is_deterministic_fractal_and_bounded() -> None:
    a = fractal_noise(Rng(4), (60, 80))
    assert a.dtype == np.float32 and a.shape == (60, 80)
    assert np.array_equal(a, fractal_noise(Rng(4), (60, 80)))
    assert not np.array_equal(a, fractal_noise(Rng(5), (60, 80)))
    assert np.abs(a).max() <= 1.0
    smooth = fractal_noise(Rng(4), (60, 80), octaves=1)
    assert np.abs(np.diff(smooth, axis=1)).mean() < np.abs(np.diff(a, axis=1)).mean(), "octaves add detail"


def test_largest_landmass_joins_runs_across_rows() -> None:
    picture = [
        "..........",
        ".##....#..",
        ".#.#...#..",
        ".#..##.#..",
        ".######...",
        "........##",
    ]
    land = np.array([[c == "#" for c in row] for row in picture])
    kept = lm.largest_landmass(land)
    assert kept.sum() == 12, "the U joined through its bottom row; the lone tile and the others dropped"
    assert kept[1, 2] and kept[3, 5] and kept[4, 6] and not kept[2, 3] and not kept[1, 7] and not kept[5, 8]


def test_regions_follow_walking_distance_not_straight_lines() -> None:
    # Two cores; the tile at (5, 2) is close to core A in a straight line, but a
    # lake (water) forces a long walk from A, so it belongs to B.
    picture = [
        "A....~~~~",
        "~~~~.~...",
        "~~~~.~.x.",
        "~~~~...B.",
    ]
    land = np.array([[c != "~" for c in row] for row in picture])
    regions = grow_regions(land, [(0, 0), (7, 3)])
    assert regions[2, 7] == 1 and regions[0, 0] == 0
    assert regions[2, 6] == 1, "the straight-line neighbour of A's column still walks to B faster"


def test_names_are_markov_new_words_and_never_repeat() -> None:
    generator = default_generator()
    used: set[str] = set()
    rng = Rng(8)
    names = [generator.name(rng, used) for _ in range(60)]
    assert len(set(names)) == 60
    training = set(training_words())
    assert not [n for n in names if n.lower() in training], "new names, not copies of the list"
    only_copies = NameGenerator(("abc",), order=3)  # it can only ever grow "abc", a training word
    fallback = only_copies.name(Rng(1), set(), min_length=3)
    assert fallback.lower() != "abc" and fallback.lower().startswith("abc"), "a numbered fallback keeps it new"


def run_tool(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.tools.mapgen", "--kind", "overworld", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def test_tool_writes_the_spec_json() -> None:
    out = run_tool("--seed", "isle", "--width", "100", "--height", "80")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert set(data) == {"kind", "seed", "width", "height", "terrain", "regions", "gates", "entrances", "names",
                         "themes", "entities"}
    assert data["kind"] == "overworld" and data["seed"] == "isle" and (data["width"], data["height"]) == (100, 80)
    terrain, regions = np.array(data["terrain"]), np.array(data["regions"])
    assert terrain.shape == regions.shape == (80, 100) and terrain.max() <= 6 and regions.min() == -1
    for gate in data["gates"]:
        a, b = gate["regions"]
        assert regions[gate["y"], gate["x"]] == a
        assert any(regions[gate["y"] + dy, gate["x"] + dx] == b for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    assert sorted(e["region"] for e in data["entrances"]) == list(range(len(data["names"])))
    assert len(set(data["themes"])) == len(data["themes"]) == len(data["names"])  # (SPEC TER-2)
    assert out.stdout == run_tool("--seed", "isle", "--width", "100", "--height", "80").stdout


def test_tool_png_and_refusals(tmp_path) -> None:
    target = tmp_path / "island.png"
    assert run_tool("--seed", "2", "--format", "png", "--out", str(target)).returncode == 0
    assert pygame.image.load(str(target)).get_width() >= 600
    assert run_tool("--format", "ascii").returncode != 0
    assert run_tool("--width", "8").returncode != 0


def test_an_island_whose_tile_indices_overflow_32_bits_is_refused() -> None:
    """Flat tile indices are np.intp, int32 in the browser (WEB-3): refuse, never wrap around."""
    OverworldParams(width=10_000, height=10_000)  # PERF-4's size is fine
    with pytest.raises(ValueError, match="32 bits"):
        OverworldParams(width=50_000, height=50_000)


def _edge_distance(land: np.ndarray) -> int:
    ys, xs = np.nonzero(land)
    height, width = land.shape
    return int(min(xs.min(), ys.min(), width - 1 - xs.max(), height - 1 - ys.max()))


def test_the_mask_alone_keeps_the_island_off_the_edges() -> None:
    """OVW-2: on 200 seeds of the in-game island no land lies within 2 tiles of an edge."""
    distances = [_edge_distance(generate_overworld(Rng.stream(seed, "world"), OverworldParams(),
                                                   until="landmass").terrain >= lm.BEACH)
                 for seed in range(200)]
    assert min(distances) >= 2, sorted(distances)[:10]


def test_nothing_but_the_mask_keeps_land_off_the_edges(monkeypatch) -> None:
    """With a flat mask (no particles) the noise alone reaches the edges: no rim is forced."""
    monkeypatch.setattr(lm, "particle_mask_steps", lambda rng, h, w: iter_flat(h, w))
    touching = [_edge_distance(generate_overworld(Rng.stream(seed, "world"), OverworldParams(),
                                                  until="terrain").terrain >= lm.BEACH) == 0
                for seed in range(10)]
    assert sum(touching) >= 5


def iter_flat(height: int, width: int) -> Steps[np.ndarray]:
    yield "mask"
    return np.full((height, width), 255.0, dtype=np.float32)
