"""A captive and its captors on a floor (SPEC ALY-1): placed by the floor's seed, guarded,
reachable, from the second region on."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from game.content.monsters import MONSTERS
from game.mapgen.captors import CAPTORS, captive_kinds
from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.map.level import Level, Placement
from game.rng import Rng
from tests.helpers import reachable_tiles

SMALL = DungeonParams(width=60, height=40, room_count=None)


def floor(seed: int, depth: int = 3, chance: float = 1.0) -> Level:
    return generate_dungeon(Rng(seed), SMALL, depth=depth, captive_chance=chance)


def captive_of(level: Level) -> Placement | None:
    return next((p for p in level.placements if p.captive), None)


def test_the_same_seed_places_the_same_captive_and_none_without_the_chance() -> None:
    first, again = floor(7), floor(7)
    captive = captive_of(first)
    assert captive is not None and captive.kind in captive_kinds(3)
    assert first.placements == again.placements
    without = floor(7, chance=0.0)
    assert captive_of(without) is None
    rest = [p for p in first.placements if p.captive is False]
    assert without.placements == rest[: len(without.placements)], "the rest of the floor is the same with a captive"


def test_captors_of_another_faction_stand_awake_around_it() -> None:
    for seed in range(12):
        level = floor(seed)
        captive = captive_of(level)
        if captive is None:
            continue  # (no room with space for one)
        index = level.placements.index(captive)
        captors = level.placements[index + 1:]
        room = level.map.room_at(captive.x, captive.y)
        assert CAPTORS[0] <= len(captors) <= CAPTORS[1], "(a captive's room has room for them all)"
        assert len({c.kind for c in captors}) == 1
        for captor in captors:
            assert MONSTERS[captor.kind].faction != MONSTERS[captive.kind].faction
            assert not captor.asleep and not captor.captive
            assert level.map.room_at(captor.x, captor.y) == room
            assert max(abs(captor.x - captive.x), abs(captor.y - captive.y)) <= 3


def test_captives_are_monsters_that_keep_up_and_fight() -> None:
    for kind in captive_kinds(6):
        spec = MONSTERS[kind]
        assert spec.opens_doors and spec.speed >= 90 and spec.damage[1] > 0 and not spec.boss


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63), depth=st.integers(2, 8))
def test_every_captive_can_be_reached_from_the_entrance(seed: int, depth: int) -> None:
    level = floor(seed, depth)
    captive = captive_of(level)
    if captive is None:
        return
    reach = reachable_tiles(level.map, level.entrance, with_key=True)
    assert reach[captive.y, captive.x]
    assert level.map.room_at(captive.x, captive.y) != level.map.room_at(*level.entrance)
