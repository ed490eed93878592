"""The autoplayer's fights (``game.bot.fights``) and the ground (SPEC TER-7): caught in fire or gas,
it steps out first, and never flees into a hazard."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.world.game import Game
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


BRUSHWOOD = """
+-+-+-+-+-+-+-+
|; ; ; ; ; . .|
+             +
|; ; @ ; ; . .|
+             +
|; ; ; ; ; . .|
+-+-+-+-+-+-+-+
"""


def _walk_of(game: Game, steps: int) -> list[tuple[int, int]]:
    """Where the bot's moves take it, up to ``steps`` of them, until it does something else (the
    fire held as it is)."""
    bot, walked = Autoplayer(), []
    for _ in range(steps):
        action = bot.next_action(game)
        if not isinstance(action, Move):
            break
        game.move_actor(game.player, game.player.x + action.dx, game.player.y + action.dy)
        walked.append(game.player.pos)
    return walked


def test_beside_a_blaze_in_the_brush_the_bot_walks_off_the_brush_and_waits_for_it_to_burn_out() -> None:
    """It does not stay on brush the fire is about to reach, nor step from one burning tile of brush
    onto the next to catch (a Warden's bomb lit the brush under a bot that died so), nor walk back
    in to reach the stairs under the blaze."""
    for burning_under_it in (False, True):
        game = game_on_plan(BRUSHWOOD, ground=GROUND_MARKS)
        terrain = game.floor.terrain
        assert terrain is not None
        terrain.ground[1, 2] = terrain.ground[1, 1]  # (the player stands on brush too, with the stairs)
        terrain.fire[:, 0:2] = 6
        terrain.fire[1, 2] = 6 if burning_under_it else 0
        walked = _walk_of(game, 8)
        assert walked, "it walks away"
        assert all(not terrain.fire[y, x] for x, y in walked[1:]), f"never into the fire: {walked}"
        out = next(i for i, (x, _) in enumerate(walked + [(9, 9)]) if x >= 4)
        assert walked[out:] and all(x >= 4 for x, _ in walked[out:]), \
            f"it stops three tiles or more from the fire, and stays there: {walked}"
