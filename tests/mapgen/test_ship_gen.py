"""Derelict decks (SPEC SHP-1, §16): a ship's silhouette in vacuum, hull on every edge between
deck and vacuum, compartments joined by doors, all reachable."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import example, given, settings, strategies as st

from game.mapgen.ship import PASSES, ShipParams, generate_ship
from game.rng import Rng
from game.map.edges import IS_DOOR, Edge
from game.map.floor_map import OUTSIDE, FloorMap
from game.map.level import Level
from tests.helpers import reachable_tiles


def check_deck(level: Level) -> None:
    floor: FloorMap = level.map
    h, w = floor.height, floor.width
    padded = np.full((h + 2, w + 2), OUTSIDE, dtype=np.int32)
    padded[1:-1, 1:-1] = floor.rooms
    for edges, a, b in ((floor.north[:, :w], padded[0:h + 1, 1:w + 1], padded[1:h + 2, 1:w + 1]),
                        (floor.west[:h, :], padded[1:h + 1, 0:w + 1], padded[1:h + 1, 1:w + 2])):
        vacuum = (a == OUTSIDE) != (b == OUTSIDE)
        between = (a != b) & (a != OUTSIDE) & (b != OUTSIDE)
        assert np.array_equal(edges == Edge.HULL, vacuum), "hull exactly where the deck meets vacuum"
        assert not (IS_DOOR[edges] & ~between).any(), "doors only between two compartments, never on the hull"
        assert np.array_equal((edges != Edge.OPEN) & ~vacuum, between), "walls or doors between compartments"
    assert (floor.rooms[[0, -1], :] == OUTSIDE).all() and (floor.rooms[:, [0, -1]] == OUTSIDE).all()
    reach = reachable_tiles(floor, level.entrance)
    assert np.array_equal(reach, floor.floor_mask()), "every compartment reachable from the way in"
    assert level.entrance[0] < level.exit[0], "from the engines to the bridge"


@pytest.mark.parametrize("seed", range(200))
def test_two_hundred_consecutive_seeds_give_valid_decks(seed: int) -> None:
    level = generate_ship(Rng.stream(seed, "deck"), depth=1 + seed % 6, first_deck=seed % 3 == 0)
    check_deck(level)
    third = level.map.width // 3
    assert level.entrance[0] < third and level.exit[0] > 2 * third, "the way in at the engines, down at the bridge"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), width=st.integers(24, 140), height=st.integers(12, 60))
@example(seed=4_294_967_294, width=25, height=12)  # one compartment spanned the deck: way in was bow of way down
def test_any_size_gives_a_valid_deck(seed: int, width: int, height: int) -> None:
    check_deck(generate_ship(Rng(seed), ShipParams(width, height)))


def test_most_decks_are_mirror_symmetric_about_the_keel() -> None:
    symmetric = 0
    for seed in range(30):
        floor = generate_ship(Rng(seed)).map
        mask = floor.floor_mask()
        assert np.array_equal(mask, mask[::-1, :]), "the silhouette always is"
        rooms = floor.rooms
        walls = (rooms[:, 1:] != rooms[:, :-1])
        symmetric += np.array_equal(walls, walls[::-1, :])
    assert 10 <= symmetric < 30, "the compartments often are, not always"


def test_same_seed_same_deck() -> None:
    a, b = generate_ship(Rng(5)), generate_ship(Rng(5))
    assert np.array_equal(a.map.rooms, b.map.rooms) and np.array_equal(a.map.north, b.map.north)
    assert a.placements == b.placements


def test_the_first_deck_holds_the_launcher_and_the_last_the_captain() -> None:
    first = generate_ship(Rng(1), first_deck=True)
    assert "rocket_launcher" in [p.kind for p in first.placements]
    last = generate_ship(Rng(1), captain="warden")
    assert not last.stairs_down and any(p.kind == "warden" and (p.x, p.y) == last.exit for p in last.placements)
    crew = {p.kind for seed in range(10) for p in generate_ship(Rng(seed), depth=4).placements}
    assert {"crewman", "engineer", "boarder"} <= crew


def test_the_pipeline_stops_after_every_pass() -> None:
    for name in PASSES:
        assert generate_ship(Rng(2), until=name).map.floor_mask().any()


def test_mapgen_writes_the_ship_json() -> None:
    import subprocess
    import sys

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "-m", "game.tools.mapgen", "--kind", "ship", "--seed", "7"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["kind"] == "ship" and data["seed"] == "7"
    kinds = {edge["kind"] for edge in data["edges"]}
    assert {"hull", "wall", "door"} <= kinds
    assert any(entity["kind"] in ("crewman", "engineer", "boarder") for entity in data["entities"])


def test_a_deck_is_made_at_the_size_asked_for() -> None:
    """TOOL-1: ``floor_level`` once built a plain ``ShipParams()`` and dropped the size asked for."""
    from game.mapgen.dungeon import DungeonParams
    from game.world import travel
    from game.world.game import Game

    game = Game.new("7")
    region = travel.wreck(game)
    assert region is not None and travel.floor_kind(game, region, 1) == "ship"
    deck = travel.floor_level(game, region, 1, ShipParams(200, 60))
    assert (deck.map.width, deck.map.height) == (200, 60)
    assert travel.floor_level(game, region, 1).map.width == ShipParams().width, "the game's own deck is unchanged"
    with pytest.raises(ValueError, match="is a ship floor, not one made from DungeonParams"):
        travel.floor_level(game, region, 1, DungeonParams())


def test_mapgen_writes_a_deck_of_the_size_asked_for() -> None:
    import subprocess
    import sys

    from tests.conftest import ROOT

    out = subprocess.run([sys.executable, "-m", "game.tools.mapgen", "--kind", "ship", "--seed", "7", "--width", "200",
                          "--height", "60", "--format", "json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert (data["width"], data["height"]) == (200, 60) and len(data["rooms"]) == 60
