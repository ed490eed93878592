"""The autoplayer's routes (``game.bot.plans``) and terrain (SPEC TER-7): it never walks into fire,
gas or a chasm it can see, and swims only when no dry way leads on."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.map.ground import Ground
from game.world.drawn import GROUND_MARKS, game_on_plan

FEN = """
+-+-+-+-+-+-+-+-+
|@ 0 ; ~ . . . >|
+               +
|. 0 ; ~ . . . .|
+               +
|. . . . . . . .|
+-+-+-+-+-+-+-+-+
"""


def test_the_bot_takes_the_dry_safe_way_to_the_stairs() -> None:
    game = game_on_plan(FEN, ground=GROUND_MARKS)
    terrain = game.floor.terrain
    assert terrain is not None
    start, bot = game.floor_key, Autoplayer()
    stood = []
    for _ in range(60):
        if game.floor_key != start:
            break
        terrain.fire[0:2, 2] = 6  # the brush keeps burning
        bot.record(game, game.perform(bot.next_action(game)))
        if game.floor_key == start:
            stood.append(game.player.pos)
    assert game.floor_key != start and game.player.alive, "it went down the stairs"
    assert not any(terrain.ground[y, x] in (Ground.CHASM, Ground.WATER) or terrain.fire[y, x] for x, y in stood)
    assert game.player.hp == game.player.max_hp
