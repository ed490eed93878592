"""The words for terrain (SPEC REN-7, UI-8): the ground of a tile, its fire and gas only while
in sight, and the player's own tile on the sidebar's "Here:" line, dangers first."""

from __future__ import annotations

from game.map.ground import Ground
from game.map.level import Feature
from game.render import terrain_words
from game.render.here import here_line
from game.world.terrain import TerrainState
from tests.helpers import game_on

ROOMS = """
+-+-+-+-+-+-+-+-+-+
|@ . . . . .|. . .|
+           +     +
|. . . . . .D. . .|
+-+-+-+-+-+-+-+-+-+
"""


def _game():
    game = game_on(ROOMS)
    game.floor.terrain = terrain = TerrainState.fresh(game.floor.level)
    game.floor.seen_rooms[:] = True
    return game, terrain


def test_each_ground_has_its_words_and_bare_floor_none() -> None:
    game, terrain = _game()
    terrain.ground[0, 1:5] = [Ground.WATER, Ground.CHASM, Ground.GRASS, Ground.BRIDGE]
    assert terrain_words.ground_words(game.floor, 1, 0) == "Deep water: you swim here; heavy things may slip away"
    assert terrain_words.ground_words(game.floor, 2, 0) == "A chasm: a fall to the floor below"
    assert terrain_words.ground_words(game.floor, 3, 0).startswith("Grass")
    assert terrain_words.ground_words(game.floor, 4, 0).startswith("A bridge")
    assert terrain_words.ground_words(game.floor, 5, 0) == ""
    assert set(terrain_words.GROUND_WORDS) == set(Ground) - {Ground.FLOOR}, "every kind but floor has words"


def test_a_floor_without_living_terrain_reads_its_generated_ground() -> None:
    game = game_on(ROOMS)
    assert terrain_words.ground_at(game.floor, 1, 0) == Ground.FLOOR
    ground = TerrainState.fresh(game.floor.level).ground
    ground[0, 1] = Ground.ASH
    game.floor.level.ground = ground
    assert terrain_words.ground_words(game.floor, 1, 0).startswith("Ash")


def test_fire_and_gas_are_told_first_and_only_in_sight() -> None:
    game, terrain = _game()
    terrain.ground[0, 2] = terrain.ground[0, 7] = Ground.GRASS
    terrain.fire[0, 2] = terrain.fire[0, 7] = 3
    terrain.gas[1, 3], terrain.gas_kind = 4, "confusion"
    assert terrain_words.with_dangers(game.floor, 2, 0, "Grass: fire runs through it") == \
        "Burning grass: fire burns whoever stands in it."
    assert terrain_words.with_dangers(game.floor, 3, 1, "Floor") == \
        "Confusion gas: whoever breathes it stumbles about."
    assert terrain_words.with_dangers(game.floor, 3, 1, "A sword") == \
        "Confusion gas: whoever breathes it stumbles about. A sword"
    assert terrain_words.danger_words(game.floor, 7, 0) == "", "beyond the closed door, out of sight"


def test_the_here_line_names_the_player_s_terrain_dangers_first() -> None:
    game, terrain = _game()
    assert "deep water (you swim)" not in here_line(game)
    terrain.ground[0, 0] = Ground.WATER
    assert here_line(game)[0] == "deep water (you swim)"
    terrain.ground[0, 0] = Ground.GRASS
    terrain.fire[0, 0], terrain.gas[0, 0], terrain.gas_kind = 2, 5, "poison"
    assert here_line(game)[:2] == ["burning grass", "poison gas"]
    assert "grass" not in here_line(game), "the burning grass is named once"


def test_a_vent_says_what_its_region_breathes() -> None:
    game, _ = _game()
    game.floor.level.theme = "crypts"
    game.floor.level.features.append(Feature("vent", 3, 1))
    assert terrain_words.feature_words(game.floor, "vent") == "A vent in the floor: it breathes confusion gas"
    assert terrain_words.feature_words(game.floor, "torch") == ""
