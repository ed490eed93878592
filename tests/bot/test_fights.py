"""The autoplayer's fights (``game.bot.fights``) and the ground (SPEC TER-7): caught in fire or gas,
it steps out first, and never flees into a hazard."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.world.actions import Move
from game.world.drawn import GROUND_MARKS, game_on_plan

SCRUB = """
+-+-+-+-+
|; ; 0 .|
+       +
|; @ . .|
+       +
|; ; 0 .|
+-+-+-+-+
"""


def test_caught_in_fire_the_bot_steps_out_and_not_into_the_chasm() -> None:
    game = game_on_plan(SCRUB, ground=GROUND_MARKS)
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.fire[:, 0:2] = 6
    terrain.fire[1, 1] = 0  # (the player's own tile is bare floor, burning round it)
    terrain.gas[1, 1], terrain.gas_kind = 50, "poison"
    action = Autoplayer().next_action(game)
    assert isinstance(action, Move)
    there = (game.player.x + action.dx, game.player.y + action.dy)
    assert there == (2, 1), "the one tile round it that neither burns nor drops away"
