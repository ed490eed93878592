"""Locks that matter, used sparingly (LVL-3): a locked door is one every way from the entrance
to the exit crosses, its key lies on the entrance's side, and about one floor in four or
fewer has one."""

from __future__ import annotations

from collections.abc import Iterator

from game.map.level import Level
from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.rng import Rng
from game.map.edges import Edge
from game.map.floor_map import PASSABLE_OPENING_DOORS
from game.world.paths import Navigator

SEEDS = 500


def _floors() -> Iterator[tuple[int, Level]]:
    for seed in range(SEEDS):
        depth = 2 + seed % 4
        yield seed, generate_dungeon(Rng.stream(seed, "locks", depth), DungeonParams(), depth=depth)


def test_every_lock_blocks_the_only_way_and_its_key_is_before_it() -> None:
    shut = PASSABLE_OPENING_DOORS.copy()
    shut[Edge.LOCKED_DOOR] = False
    locked = 0
    for seed, level in _floors():
        area = level.map
        if not ((area.north == Edge.LOCKED_DOOR).any() or (area.west == Edge.LOCKED_DOOR).any()):
            continue
        locked += 1
        nav = Navigator(area, shut)
        width = area.width
        exit_ = level.exit[1] * width + level.exit[0]
        assert nav.path(level.entrance, lambda i, goal=exit_: i == goal) is None, f"seed {seed}: a way round the lock"
        keys = [(p.x, p.y) for p in level.placements if p.kind == "key"]
        assert len(keys) == 1, f"seed {seed}: {len(keys)} keys"
        key = keys[0][1] * width + keys[0][0]
        assert nav.path(level.entrance, lambda i, goal=key: i == goal) is not None, f"seed {seed}: the key is behind its lock"
    assert locked > SEEDS // 10, "locks do appear"
    assert locked <= 0.3 * SEEDS, f"{locked} of {SEEDS} floors locked: not sparingly"
