"""Aiming a staff or a wand (SPEC ITM-21, LIN-2): ``Aim`` in its "zap" mode."""

from __future__ import annotations

from game.app.aim import Aim
from game.world.action import Done
from game.world.actions import UseSlot, Zap
from tests.helpers import game_on

PLAN = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . r . b|. . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def _game():
    game = game_on(PLAN, {"r": "troll", "b": "troll"})
    game.inventory.add("staff_firebolt")
    game.inventory.add("staff_lightning")
    return game


def test_a_zap_aims_at_the_nearest_foe_and_becomes_a_zap_action() -> None:
    game = _game()
    aim = Aim.start(game, "zap", game.perform(UseSlot(1)).item)  # the number key asks for a tile
    assert isinstance(aim, Aim) and (aim.mode, aim.kind, aim.target) == ("zap", "staff_firebolt", (3, 0))
    assert aim.action() == Zap(3, 0, "staff_firebolt")
    assert isinstance(game.perform(aim.action()), Done)


def test_the_preview_stops_a_firebolt_at_the_first_creature_and_lightning_at_the_wall() -> None:
    game = _game()
    aim = Aim.start(game, "zap", "staff_firebolt")
    assert isinstance(aim, Aim)
    aim.target = (8, 0)
    assert aim.preview(game).flight.end == (3, 0)
    lightning = aim.switched(game, "staff_lightning")
    assert lightning.kind == "staff_lightning" and lightning.target == (8, 0)
    assert lightning.preview(game).flight.end == (5, 0)  # through both trolls, up to the thin wall
    assert not lightning.warning(game)


def test_nothing_to_zap_or_no_charges_is_said() -> None:
    game = game_on(PLAN)
    assert Aim.start(game, "zap") == "You have no staff or wand to zap."
    game.inventory.add("wand_beckoning")
    game.inventory.charges["wand_beckoning"].left = 0
    assert Aim.start(game, "zap") == "Your wand of beckoning is spent: only a scroll of recharging will fill it again."
