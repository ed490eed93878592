"""A fleeing monster's distances (SPEC CMB-9): grown in the floor's bit sets of steps, they are the
walking distances a search a tile at a time finds, through thin walls, doors and corners."""

from __future__ import annotations

from game.ai.fleeing import SAFE_RADIUS, _distances_by_tile, distances
from game.rng import Rng
from game.world.game import Game


def test_the_bit_set_distances_are_the_tile_by_tile_ones_on_real_floors() -> None:
    for seed in ("flee 1", "flee 2", "flee 3"):
        game = Game.in_dungeon(seed)
        area = game.floor.map
        rng = Rng.stream(0, seed)
        floor_tiles = [(x, y) for y in range(area.height) for x in range(area.width) if area.is_floor(x, y)]
        for _ in range(12):
            danger = floor_tiles[rng.below(len(floor_tiles))]
            fast, slow = distances(area, danger), _distances_by_tile(area, danger)
            for y in range(-1, area.height + 1):
                for x in range(-1, area.width + 1):
                    assert fast((x, y)) == slow((x, y)), (seed, danger, (x, y))
        assert any(distances(area, floor_tiles[0])(tile) == SAFE_RADIUS + 1 for tile in floor_tiles)
