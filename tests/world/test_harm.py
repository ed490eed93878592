"""The question before harm (SPEC TRU-4, TER-7): a step into fire, gas or a chasm the player can
see is certain to hurt, and says how; a step out of it, or onto ground that does no harm, is not."""

from __future__ import annotations

from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.game import Game
from game.world.harm import step_harm

HEATH = """
+-+-+-+-+-+
|@ ; . ~ .|
+         +
|. ; . ~ .|
+-+-+-+-+-+
"""


def heath() -> Game:
    game = game_on_plan(HEATH, ground=GROUND_MARKS)
    assert game.floor.terrain is not None
    return game


def test_a_step_into_fire_asks_and_says_how_much_it_burns() -> None:
    game = heath()
    assert step_harm(game, 1, 0) is None, "brush that does not burn is only brush"
    game.floor.terrain.fire[0, 1] = 6  # type: ignore[union-attr]
    harm = step_harm(game, 1, 0)
    assert harm is not None and "on fire" in harm.question and "burn you 2 to 5" in harm.question


def test_a_step_into_gas_asks_and_names_the_gas() -> None:
    game = heath()
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.gas[1, 0], terrain.gas_kind = 30, "confusion"
    harm = step_harm(game, 0, 1)
    assert harm is not None and "confusion gas" in harm.question
    terrain.gas_kind = "poison"
    harm = step_harm(game, 0, 1)
    assert harm is not None and "poison gas" in harm.question


def test_a_step_out_of_fire_through_fire_and_a_swim_ask_nothing() -> None:
    game = heath()
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.fire[0:2, 1] = 6
    game.player.x, game.player.y = 1, 0
    assert step_harm(game, 0, 1) is None, "already burning: the way out is not asked about"
    game.player.x, game.player.y = 2, 0
    assert step_harm(game, 1, 0) is None, "swimming is a choice, not a harm"
