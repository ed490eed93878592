"""A marsh eel (SPEC TER-2, ``game.ai.swimmers``): it never leaves its deep water, swims toward
what it sees, and bites whoever stands beside its water."""

from __future__ import annotations

from game.map.ground import Ground, bare
from game.world.actions import Move, Wait
from tests.helpers import game_on

POOL = """
+-+-+-+-+-+-+-+-+-+
|@ . . . . . e . .|
+ + + + + + + + + +
|. . . . . . . . .|
+-+-+-+-+-+-+-+-+-+
"""
WATER = [(x, y) for x in range(3, 8) for y in range(2)]


def pool_game():
    game = game_on(POOL, {"e": "eel"})
    ground = bare(game.floor.map.height, game.floor.map.width)
    for x, y in WATER:
        ground[y, x] = Ground.WATER
    game.floor.level.ground = ground
    eel = next(m for m in game.floor.actors if m.kind == "eel")
    return game, eel


def test_an_eel_swims_toward_you_but_never_leaves_its_water() -> None:
    game, eel = pool_game()
    game.player.hp = game.player.max_hp = 500
    for _ in range(12):
        game.perform(Wait())
        assert eel.pos in WATER, f"the eel left its water for {eel.pos}"
    assert eel.x == 3, "it came to the near edge of its pool"
    assert game.player.pos == (0, 0)
    assert game.player.hp == game.player.max_hp, "two tiles from the water: never bitten"


def test_an_eel_bites_whoever_stands_beside_its_water() -> None:
    game, eel = pool_game()
    game.player.hp = game.player.max_hp = 500
    for _ in range(6):
        game.perform(Wait())
    game.perform(Move(1, 0))
    game.perform(Move(1, 0))  # onto the bank, beside the eel
    assert game.player.pos == (2, 0)
    for _ in range(8):
        game.perform(Wait())
    assert game.player.hp < game.player.max_hp, "bitten on the bank"
    assert eel.pos in WATER
