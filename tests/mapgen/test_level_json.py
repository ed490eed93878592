"""The level JSON (SPEC §16) carries the themes and the terrain, and reads back the same."""

from __future__ import annotations

import json

import numpy as np
import pytest

from game.map.ground import Ground
from game.mapgen.level_json import ground_from_json, level_json, overworld_json
from game.mapgen.overworld import generate_overworld
from game.mapgen.terrain import VENT
from game.rng import Rng, seed_from_text
from game.world import travel
from game.world.game import Game


def test_a_floors_terrain_and_theme_round_trip_through_the_json() -> None:
    game = Game.new("json-terrain")
    region = game.world.order[0]
    level = travel.floor_level(game, region, 1)
    data = json.loads(json.dumps(level_json(level, "json-terrain")))
    assert data["theme"] == game.world.themes[region] == level.theme
    assert level.ground is not None and (level.ground != Ground.FLOOR).any()
    assert np.array_equal(ground_from_json(data), level.ground)
    kinds = {entry["kind"] for entry in data["terrain"]}
    assert kinds <= {"grass", "brush", "water", "chasm", "ash", "bridge"} and kinds
    listed = [(e["y"], e["x"]) for e in data["terrain"]]
    assert listed == sorted(listed), "row by row"
    vents = [f for f in level.features if f.kind == VENT]
    assert [e for e in data["entities"] if e["kind"] == VENT] == [
        {"kind": VENT, "x": v.x, "y": v.y, "feature": True} for v in vents]


def test_a_themed_floor_with_vents_lists_them_as_fixtures() -> None:
    from game.mapgen.dungeon import generate_dungeon

    level = generate_dungeon(Rng(9), depth=2, theme="crypts")
    data = level_json(level, "9")
    assert data["theme"] == "crypts"
    assert 1 <= sum(e["kind"] == VENT and e.get("feature") for e in data["entities"]) <= 3


def test_the_islands_json_names_each_regions_theme_as_the_game_has_it() -> None:
    game = Game.new("json-island")
    island = generate_overworld(Rng.stream(seed_from_text("json-island"), "world"))
    data = overworld_json(island, "json-island")
    assert data["themes"] == game.world.themes
    assert len(data["themes"]) == len(data["names"])


def test_unknown_terrain_is_refused() -> None:
    with pytest.raises(ValueError):
        ground_from_json({"width": 2, "height": 2, "terrain": [{"kind": "lava", "x": 0, "y": 0}]})
    with pytest.raises(ValueError):
        ground_from_json({"width": 2, "height": 2, "terrain": [{"kind": "water", "x": 2, "y": 0}]})
