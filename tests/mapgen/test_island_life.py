"""The island's life (SPEC TER-8): residents, caches and places on every island, harder residents
in regions played later, something met on the way from one entrance to the next, the same life
for the same seed, and the level JSON that lists it."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import pytest

from game.ai.wild import ROAMERS
from game.content.monsters import MONSTERS
from game.mapgen import landmass as lm
from game.mapgen.island_life import HOSTILE, PLACES, IslandLife, LifeParams, place_life, run_life
from game.mapgen.level_json import overworld_json
from game.mapgen.overworld import OverworldLevel, OverworldParams, generate_overworld
from game.rng import Rng, seed_from_text

SEEDS = [str(n) for n in range(1, 11)]


@lru_cache(maxsize=None)
def island(seed: str) -> tuple[OverworldLevel, IslandLife]:
    level = generate_overworld(Rng.stream(seed_from_text(seed), "world"))
    return level, run_life(seed_from_text(seed), level)


def rank_of(level: OverworldLevel, x: int, y: int) -> int:
    return level.order.index(int(level.regions[y, x]))


def hostile(kind: str) -> bool:
    return kind in MONSTERS and not MONSTERS[kind].peaceful and MONSTERS[kind].behaviour != "keeper"


@pytest.mark.parametrize("seed", SEEDS)
def test_every_island_holds_at_least_twenty_residents_and_places(seed: str) -> None:
    level, life = island(seed)
    assert len(life.residents()) + len(life.places) >= 20
    assert len(life.places) >= level.regions.max() + 1  # a place a region, at least


def test_every_kind_of_place_is_met_over_ten_islands_and_each_island_has_a_camp_or_shrine() -> None:
    kinds: Counter[str] = Counter()
    for seed in SEEDS:
        _, life = island(seed)
        here = {kind for kind, _, _ in life.places}
        assert here & {"camp", "shrine"}, seed
        kinds.update(here)
    assert set(kinds) == set(PLACES)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_life_stands_on_walkable_land_off_the_entrances_and_gates_one_thing_a_tile(seed: str) -> None:
    level, life = island(seed)
    gates = {(g.x, g.y) for g in level.gates} | {(g.x + g.toward[0], g.y + g.toward[1]) for g in level.gates}
    things = [(p.x, p.y) for p in life.placements] + [(f.x, f.y) for f in life.features]
    for x, y in things:
        assert lm.BEACH <= level.terrain[y, x] <= lm.HILLS and level.regions[y, x] >= 0, (x, y)
        assert (x, y) not in gates
        assert all(max(abs(x - ex), abs(y - ey)) > 2 for ex, ey in level.entrances), (x, y)
    features = [(f.x, f.y) for f in life.features]
    assert len(set(features)) == len(features)
    creatures = [(p.x, p.y) for p in life.placements if p.kind in MONSTERS]
    assert len(set(creatures)) == len(creatures)


def test_the_first_region_is_gentle_and_later_regions_are_harder() -> None:
    """No foe in the first region played; over ten islands, the foes of the last regions are worth
    more (their kinds' cost) than those of the second, and the toughest kinds only live late."""
    cost_by_rank: Counter[int] = Counter()
    for seed in SEEDS:
        level, life = island(seed)
        for p in life.placements:
            rank = rank_of(level, p.x, p.y)
            if hostile(p.kind):
                assert rank > 0, (seed, p)
                cost_by_rank[rank] += max(1, MONSTERS[p.kind].cost)
                earlier = [k for row in HOSTILE[1:rank + 1] for k, _, _ in row]
                assert p.kind in earlier or p.kind == "skeleton", (seed, p)
    assert cost_by_rank[1] < cost_by_rank[3] and cost_by_rank[1] < cost_by_rank[4]


def test_no_foe_of_the_island_hunts_the_player_across_a_whole_region() -> None:
    """A region is one room in daylight, so whatever hunts what it sees would come from afar: the
    island's foes prowl (``game.ai.wild``) or keep a post (a ruin's guards)."""
    kinds = {p.kind for seed in SEEDS for p in island(seed)[1].placements if hostile(p.kind)}
    assert kinds and all(MONSTERS[k].behaviour in (*ROAMERS, "prowler", "guard") for k in kinds)


@pytest.mark.parametrize("seed", SEEDS)
def test_walking_from_each_entrance_to_the_next_meets_something_on_the_way(seed: str) -> None:
    level, life = island(seed)
    assert len(life.ways) == len(level.order) - 1
    near = LifeParams().beside
    things = [(p.x, p.y) for p in life.placements] + [(f.x, f.y) for f in life.features]
    for (a, b), way in zip(zip(level.order, level.order[1:]), life.ways):
        assert way[0] == level.entrances[a] and way[-1] == level.entrances[b]
        assert all(abs(x1 - x0) + abs(y1 - y0) == 1 for (x0, y0), (x1, y1) in zip(way, way[1:]))
        met = [t for t in things if min(max(abs(t[0] - x), abs(t[1] - y)) for x, y in way) <= near]
        assert len(met) >= 2, (seed, a, b)
        assert any(min(max(abs(c[0] - x), abs(c[1] - y)) for x, y in way) <= near
                   for _, c, _ in life.places), "a place beside the way"


def test_the_same_seed_gives_the_same_life_and_another_seed_another() -> None:
    level, life = island("5")
    again = run_life(seed_from_text("5"), level)
    assert again.placements == life.placements and again.features == life.features
    other = place_life(Rng.stream(seed_from_text("6"), "island"), level)
    assert other.placements != life.placements


def test_life_scales_with_the_island() -> None:
    small = generate_overworld(Rng(3), OverworldParams(width=80, height=60, regions=3))
    big = generate_overworld(Rng(3), OverworldParams(width=300, height=220, regions=5))
    count = [len(place_life(Rng(1), level).residents()) for level in (small, big)]
    assert 0 < count[0] < count[1]


def test_an_island_cut_short_before_its_entrances_has_no_life() -> None:
    level = generate_overworld(Rng(3), OverworldParams(width=40, height=30), until="regions")
    assert place_life(Rng(1), level).placements == []


def test_the_level_json_lists_the_island_life_as_entities() -> None:
    level, life = island("3")
    entities = overworld_json(level, "3")["entities"]
    creatures = [e for e in entities if e["kind"] in MONSTERS]
    assert [(e["kind"], e["x"], e["y"]) for e in creatures] == [
        (p.kind, p.x, p.y) for p in life.placements if p.kind in MONSTERS]
    wares = [e for e in entities if e.get("price")]
    assert wares and all(e["price"] > 0 for e in wares)
    assert {e["kind"] for e in entities if e.get("feature")} >= {"ruin", "tent"} | (
        {"campfire"} if any(k == "camp" for k, _, _ in life.places) else set())
