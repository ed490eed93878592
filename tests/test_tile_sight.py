"""Sight by the tile in the world's turns (``game.world.tile_sight``, issue 26): one field of
view a turn however many monsters look."""

from __future__ import annotations

import numpy as np

from game.world import tile_sight
from game.world.actions import Move, Wait
from game.world.action import Done
from game.world.game import Game


# --- monsters use symmetry: one field of view a turn ----------------------------------------
def test_many_awake_monsters_cost_one_field_of_view_a_turn(monkeypatch) -> None:
    """Forty monsters hunting the player on a room floor: each of them asks every turn whether it
    sees the player, and the answer comes from the player's one field of view (SPEC VIS-5: sight
    is symmetric), computed again only when the player moves or a door changes."""
    game = Game.in_dungeon("sight-many-monsters", sight="tile")
    floor = game.floor
    assert tile_sight.by_tile(game) and not game.on_overworld
    player = game.player
    player.hp = player.max_hp = 1_000_000  # the test is about looking, not dying
    floor.actors.clear()
    free = [(int(x), int(y)) for y, x in zip(*np.nonzero(floor.map.rooms >= 0)) if (x, y) != player.pos]
    free.sort(key=lambda p: (max(abs(p[0] - player.x), abs(p[1] - player.y)), p))
    for i, (x, y) in enumerate(free[1:160:4]):  # forty, near and far, none beside the player at first
        monster = game.spawn_monster(("rat", "goblin", "cultist", "zombie")[i % 4], x, y)
        monster.state, monster.target = "hunting", player.pos
    assert len(floor.actors) == 40
    computed, asked = [], []
    real_fov, real_sees = tile_sight.visible_tiles, tile_sight.player_sees_tile
    monkeypatch.setattr(tile_sight, "visible_tiles", lambda *a, **k: computed.append(a[1]) or real_fov(*a, **k))
    monkeypatch.setattr(tile_sight, "player_sees_tile", lambda *a: asked.append(a[1:]) or real_sees(*a))
    doors, turn = floor.door_version, game.turn
    steps = [(1, 0)] * 3 + [(0, 1)] * 3 + [(-1, 0)] * 3 + [(0, -1)] * 3
    for n in range(60):
        dx, dy = steps[n % len(steps)]
        if not isinstance(game.perform(Move(dx, dy)), Done):
            game.perform(Wait())
    turns, door_changes = game.turn - turn, floor.door_version - doors
    assert game.floor is floor and player.alive and turns >= 60
    assert sum(m.alive for m in floor.actors) >= 20, "most of them were there to look all along"
    assert len(asked) >= 10 * turns, f"the monsters asked {len(asked)} times in {turns} turns"
    assert len(computed) <= turns + door_changes, (len(computed), turns, door_changes)
    assert len(computed) >= 10, "the player walked: the field of view followed"
    assert np.array_equal(floor.lit, real_fov(floor.map, player.pos)), "and it was never stale"
