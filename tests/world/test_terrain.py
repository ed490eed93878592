"""A floor's terrain is saved with it (SPEC TER-1): ground, fire, gas and its kind, the level's
generated ground and theme come back as they were; damaged terrain is refused (``SaveError``)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from game.map.ground import Ground
from game.map.level import Level
from game.world import fire
from game.world.codec import decode_level, encode_level, encode_array
from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.game import Game
from game.world.saving import SaveError
from game.world.terrain import TerrainState, lay

MARSH = """
+-+-+-+-+-+-+
|@ , ; ~ = 0|
+           +
|. , ; ~ ` .|
+-+-+-+-+-+-+
"""


def marsh() -> Game:
    game = game_on_plan(MARSH, ground=GROUND_MARKS, theme="marsh")
    fire.ignite(game, [(1, 0)])
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.gas[1, 0], terrain.gas_kind = 40, "poison"
    return game


def floor_data(game: Game) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


def test_terrain_survives_a_save() -> None:
    game = marsh()
    back = Game.from_text(json.dumps(game.to_dict()))
    terrain, again = game.floor.terrain, back.floor.terrain
    assert terrain is not None and again is not None
    for layer in ("ground", "fire", "gas"):
        assert np.array_equal(getattr(terrain, layer), getattr(again, layer)), layer
    assert again.gas_kind == "poison" and again.fire[0, 1] == fire.BURN_TURNS[Ground.GRASS]
    assert back.floor.level.theme == "marsh" and back.floor.level.ground is not None
    assert back.digest() == game.digest()


def test_a_floor_with_no_ground_saves_no_terrain_as_before() -> None:
    game = game_on_plan("+-+-+\n|@ .|\n+-+-+")
    assert game.floor.terrain is None
    assert "terrain" not in floor_data(game)["floors"][game.floor_key]
    assert "ground" not in floor_data(game)["floors"][game.floor_key]["level"]


def test_a_level_keeps_its_ground_and_theme() -> None:
    level = marsh().floor.level
    back = decode_level(json.loads(json.dumps(encode_level(level))))
    assert back.theme == "marsh" and back.ground is not None and np.array_equal(back.ground, level.ground)


@pytest.mark.parametrize("damage, problem", [
    (lambda t: t.update(ground=encode_array(np.full((2, 6), 99, dtype=np.uint8))), "ground code 99"),
    (lambda t: t.update(fire=encode_array(np.full((2, 6), 3, dtype=np.uint8))), "fire burns on ground that does not"),
    (lambda t: t.update(gas=encode_array(np.zeros((3, 6), dtype=np.uint8))), "is not the map's"),
    (lambda t: t.update(gas_kind="laughing"), "unknown gas 'laughing'"),
    (lambda t: t.update(gas_kind=""), "gas of no kind"),
    (lambda t: t.update(fire={"dtype": "i4", "shape": [2, 6], "data": ""}), "expected 'u1'"),
    (lambda t: t.pop("ground"), "missing 'ground'"),
])
def test_damaged_terrain_is_refused(damage: Any, problem: str) -> None:
    game = marsh()
    data = floor_data(game)
    damage(data["floors"][game.floor_key]["terrain"])
    with pytest.raises(SaveError, match=problem) as refused:
        Game.from_dict(data)
    assert "terrain" in str(refused.value)


def test_a_bad_ground_or_theme_of_a_level_is_refused() -> None:
    game = marsh()
    data = floor_data(game)
    data["floors"][game.floor_key]["level"]["theme"] = "moon"
    with pytest.raises(SaveError, match="unknown theme 'moon'"):
        Game.from_dict(data)
    data = floor_data(game)
    data["floors"][game.floor_key]["level"]["ground"] = encode_array(np.full((2, 6), 7, dtype=np.uint8))
    with pytest.raises(SaveError, match="ground code 7"):
        Game.from_dict(data)


def test_lay_gives_terrain_only_to_a_floor_with_ground_or_vents() -> None:
    plain = marsh().floor.level
    bare = Level("dungeon", plain.map, plain.entrance, plain.exit)
    assert lay(bare) is None
    state = lay(plain)
    assert isinstance(state, TerrainState) and state.gas_kind == "" and not state.fire.any()
