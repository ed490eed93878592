"""Trap vaults (SPEC §7, seed 002): the hidden maze, traps on its walls, coins in its aisles,
numbers that count traps, and blind bugs on Bresenham routes."""

from __future__ import annotations

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from game.geometry import bresenham
from game.mapgen.vault import PASSES, Vault, VaultParams, generate_vault
from game.mapgen.vault_shapes import SHAPES
from game.map.vault_field import WATCHER_SIGHT, trap_numbers
from game.rng import Rng


def connected(cells: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """4-neighbour flood fill of a bool grid from ``start`` (independent of the generator)."""
    seen = np.zeros(cells.shape, dtype=bool)
    seen[start[1], start[0]] = True
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= ny < cells.shape[0] and 0 <= nx < cells.shape[1] and cells[ny, nx] and not seen[ny, nx]:
                seen[ny, nx] = True
                queue.append((nx, ny))
    return seen


def check_vault(vault: Vault) -> None:
    shape, maze, traps = vault.shape, vault.maze, vault.traps
    ex, ey = vault.entrance
    # VLT-6: one connected region
    assert shape[ey, ex] and np.array_equal(connected(shape, vault.entrance), shape)
    # VLT-1: the aisles are connected and inside; every aisle cell is a node (even offsets from
    # the entrance) or a connector between two aisle nodes; a tree: connectors = nodes - 1
    assert not (maze & ~shape).any() and maze[ey, ex]
    assert np.array_equal(connected(maze, vault.entrance), maze)
    ys, xs = np.nonzero(maze)
    nodes = connectors = 0
    for x, y in zip(xs.tolist(), ys.tolist()):
        odd_x, odd_y = (x - ex) % 2, (y - ey) % 2
        assert not (odd_x and odd_y), "no aisle on cells two odd offsets from the entrance"
        if not odd_x and not odd_y:
            nodes += 1
        else:
            connectors += 1
            dx, dy = (1, 0) if odd_x else (0, 1)
            assert maze[y - dy, x - dx] and maze[y + dy, x + dx], "a connector joins two nodes"
    assert connectors == nodes - 1, "the maze is a tree"
    # VLT-2: traps on maze walls only, none around the entrance; coins on aisles
    assert not (traps & (maze | ~shape)).any()
    assert not traps[max(0, ey - 1):ey + 2, max(0, ex - 1):ex + 2].any()
    assert len(set(vault.coins)) == len(vault.coins) >= 1
    assert all(maze[y, x] for x, y in vault.coins) and maze[vault.exit[1], vault.exit[0]]
    assert vault.entrance not in vault.coins and vault.exit not in vault.coins
    safe = connected(shape & ~traps, vault.entrance)
    assert all(safe[y, x] for x, y in [*vault.coins, vault.exit]), "every coin and the exit reachable trap-free"
    # VLT-3: the numbers count trapped neighbours; -1 on traps and outside
    assert np.array_equal(vault.numbers, trap_numbers(shape, traps))
    for y in range(shape.shape[0]):
        for x in range(shape.shape[1]):
            if shape[y, x] and not traps[y, x]:
                around = traps[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
                assert vault.numbers[y, x] == around.sum()
            else:
                assert vault.numbers[y, x] == -1
    # VLT-4: routes of straight Bresenham segments inside the vault, one king step at a time
    for bug in vault.bugs:
        traced = [bug.corners[0]]
        for a, b in zip(bug.corners, bug.corners[1:]):
            traced += [tuple(c) for c in bresenham(a, b).tolist()][1:]
        if bug.loops and traced[-1] == traced[0] and len(traced) > 1:
            traced.pop()  # the closing segment ends where the route starts
        assert tuple(traced) == bug.route
        assert all(shape[y, x] for x, y in bug.route)
        steps = list(zip(bug.route, bug.route[1:] + ((bug.route[0],) if bug.loops else ())))
        assert all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in steps)
    assert vault.goal in ("coins", "bugs", "lasers", "watcher")
    assert vault.goal == "coins" or vault.bugs or vault.lasers or vault.watcher
    assert (vault.goal == "lasers") == bool(vault.lasers) and (vault.goal == "watcher") == (vault.watcher is not None)
    check_lasers(vault)
    check_watcher(vault)


def check_watcher(vault: Vault) -> None:
    """VLT-8: the watcher's post is an aisle cell off the coins and the exit, out of its sight of
    the entrance whenever such a cell is, else as far as one is."""
    if vault.watcher is None:
        return
    x, y = vault.watcher
    ex, ey = vault.entrance
    assert vault.maze[y, x] and vault.watcher not in (*vault.coins, vault.exit)
    spots = vault.maze.copy()
    for cx, cy in [*vault.coins, vault.exit]:
        spots[cy, cx] = False
    ys, xs = np.nonzero(spots)
    farthest = int(np.maximum(np.abs(xs - ex), np.abs(ys - ey)).max())
    assert max(abs(x - ex), abs(y - ey)) > min(WATCHER_SIGHT, farthest - 1) or max(abs(x - ex), abs(y - ey)) == farthest


def check_lasers(vault: Vault) -> None:
    """VLT-7: emitters on aisles off the coins, the exit and the entrance's cells; each beam the
    Bresenham cells after its emitter, inside the vault, crossing no emitter, dark for at least
    two turns of its period; and every emitter can be reached from the entrance over the aisles
    without ending a turn in a firing beam (a walk over turns, independent of the generator)."""
    ex, ey = vault.entrance
    emitters = [laser.emitter for laser in vault.lasers]
    assert len(set(emitters)) == len(emitters)
    for laser in vault.lasers:
        x, y = laser.emitter
        assert vault.maze[y, x] and laser.emitter not in (*vault.coins, vault.exit)
        assert max(abs(x - ex), abs(y - ey)) > 2
        line = [tuple(c) for c in bresenham(laser.emitter, laser.beam[-1]).tolist()]
        assert tuple(line[1:]) == laser.beam and len(laser.beam) >= 4
        assert all(vault.shape[y, x] and max(abs(x - ex), abs(y - ey)) > 2 for x, y in laser.beam)
        assert not set(laser.beam) & set(emitters)
        assert 2 <= laser.period - laser.lit and laser.lit >= 1
    if not vault.lasers:
        return
    period = vault.lasers[0].period
    firing = {t: {c for laser in vault.lasers if laser.fires(t) for c in laser.beam} for t in range(period)}
    seen = {(ex, ey, t) for t in range(period)}
    queue = deque(seen)
    while queue:
        x, y, t = queue.popleft()
        for nx, ny in ((x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            state = (nx, ny, (t + 1) % period)
            if (0 <= ny < vault.height and 0 <= nx < vault.width and vault.maze[ny, nx]
                    and (nx, ny) not in firing[t] and state not in seen):
                seen.add(state)
                queue.append(state)
    reached = {(x, y) for x, y, _ in seen}
    assert set(emitters) <= reached, "every emitter can be reached unburnt"


@pytest.mark.parametrize("seed", range(200))
def test_two_hundred_consecutive_seeds_give_valid_vaults(seed: int) -> None:
    check_vault(generate_vault(Rng.stream(seed, "vault"), depth=1 + seed % 8))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(5, 90), height=st.integers(5, 60),
       shape=st.sampled_from(SHAPES), depth=st.integers(1, 12))
def test_any_seed_size_and_shape_gives_a_valid_vault(seed: int, width: int, height: int, shape: str,
                                                     depth: int) -> None:
    check_vault(generate_vault(Rng(seed), VaultParams(width, height, shape=shape), depth=depth))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(5, 70), height=st.integers(5, 50),
       shape=st.sampled_from(SHAPES), depth=st.integers(1, 12), lasers=st.integers(1, 5))
def test_any_seed_gives_a_valid_solvable_laser_vault_when_asked(seed: int, width: int, height: int, shape: str,
                                                                 depth: int, lasers: int) -> None:
    vault = generate_vault(Rng(seed), VaultParams(width, height, shape=shape, lasers=lasers), depth=depth)
    check_vault(vault)
    assert len(vault.lasers) <= lasers


def test_about_a_third_of_the_vaults_are_laser_vaults_and_bigger_ones_always_get_their_lasers() -> None:
    vaults = [generate_vault(Rng.stream(seed, "vault"), depth=1 + seed % 8) for seed in range(90)]
    share = sum(v.goal == "lasers" for v in vaults) / len(vaults)
    assert 0.18 <= share <= 0.45, share
    asked = [generate_vault(Rng(seed), VaultParams(lasers=3)) for seed in range(10)]
    assert all(v.goal == "lasers" and len(v.lasers) >= 2 for v in asked)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(5, 70), height=st.integers(5, 50),
       shape=st.sampled_from(SHAPES), depth=st.integers(1, 12))
def test_any_seed_gives_a_valid_watcher_vault_when_asked(seed: int, width: int, height: int, shape: str,
                                                         depth: int) -> None:
    vault = generate_vault(Rng(seed), VaultParams(width, height, shape=shape, watcher=True), depth=depth)
    check_vault(vault)
    assert not vault.lasers


def test_some_vaults_are_watcher_vaults() -> None:
    goals = [generate_vault(Rng.stream(seed, "vault"), depth=1 + seed % 8).goal for seed in range(200)]
    assert 0.08 <= goals.count("watcher") / len(goals) <= 0.3
    assert all(generate_vault(Rng(seed), VaultParams(watcher=True)).goal == "watcher" for seed in range(10))


def test_every_shape_family_appears_and_is_not_always_a_rectangle() -> None:
    names = {generate_vault(Rng.stream(seed, "vault"), until="shape").shape_name for seed in range(60)}
    assert names == set(SHAPES)
    rectangles = [v.shape.all() for v in (generate_vault(Rng(s), VaultParams(shape="ring"), until="shape")
                                          for s in range(5))]
    assert not any(rectangles)


def test_the_pipeline_stops_after_every_pass() -> None:
    for name in PASSES:
        vault = generate_vault(Rng(3), until=name)
        assert (vault.maze is None) == (name == "shape")
        assert (vault.numbers is None) == (name != "numbers")


def test_deeper_vaults_hold_more_traps_and_bugs() -> None:
    def totals(depth: int) -> tuple[float, int]:
        vaults = [generate_vault(Rng.stream(seed, "deep"), VaultParams(shape="hall"), depth=depth) for seed in range(20)]
        share = sum(int(v.traps.sum()) for v in vaults) / sum(int((v.shape & ~v.maze).sum()) for v in vaults)
        return share, sum(len(v.bugs) for v in vaults)
    (shallow_traps, shallow_bugs), (deep_traps, deep_bugs) = totals(1), totals(8)
    assert deep_traps > shallow_traps + 0.1 and deep_bugs > shallow_bugs


NUMBERS_FIXTURE = """
x . . #
. . x #
. . . .
"""


def test_numbers_count_the_traps_among_the_eight_neighbours() -> None:
    rows = [line.split() for line in NUMBERS_FIXTURE.strip().splitlines()]
    shape = np.array([[c != "#" for c in row] for row in rows])
    traps = np.array([[c == "x" for c in row] for row in rows])
    assert trap_numbers(shape, traps).tolist() == [
        [-1, 2, 1, -1],
        [1, 2, -1, -1],
        [0, 1, 1, 1],
    ]


def test_a_thousand_square_vault_is_made_in_seconds() -> None:
    vault = generate_vault(Rng(1), VaultParams(1000, 1000, shape="hall"), until="maze")
    assert vault.maze.sum() > 400_000


def test_the_level_json_carries_the_goal_the_lasers_and_the_watcher() -> None:
    """SPEC §16: a laser vault's emitters, beams and rhythms, and a watcher's post."""
    import json

    from game.mapgen.level_json import vault_json

    vault = generate_vault(Rng(11), VaultParams(lasers=3), depth=4)
    data = json.loads(json.dumps(vault_json(vault, "11")))
    assert data["goal"] == "lasers" and len(data["lasers"]) == len(vault.lasers) >= 2
    for entry, laser in zip(data["lasers"], vault.lasers):
        assert (entry["x"], entry["y"]) == laser.emitter
        assert [tuple(c) for c in entry["beam"]] == list(laser.beam)
        assert (entry["period"], entry["lit"], entry["phase"]) == (laser.period, laser.lit, laser.phase)
    assert data["watcher"] is None
    plain = vault_json(generate_vault(Rng(11), VaultParams(lasers=0, watcher=False)), "11")
    assert plain["goal"] in ("coins", "bugs") and plain["lasers"] == [] and plain["watcher"] is None
    watched = generate_vault(Rng(11), VaultParams(watcher=True))
    assert vault_json(watched, "11")["watcher"] == {"x": watched.watcher[0], "y": watched.watcher[1]}
