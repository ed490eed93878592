"""Zapping, charms and charges over time (SPEC ITM-20, ITM-21, ITM-22)."""

from __future__ import annotations

from game.world.action import Done, Impossible, NeedsTarget
from game.world.actions import UseSlot, Wait, Zap
from game.world.zaps import carried_with_charges, recharge_all
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def test_a_staffs_number_key_asks_where_to_zap() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_firebolt")
    assert game.perform(UseSlot(1)) == NeedsTarget("zap", item="staff_firebolt")


def test_zaps_spend_charges_and_a_staff_recharges_with_time() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_firebolt")
    for _ in range(2):
        assert isinstance(game.perform(Zap(9, 0, "staff_firebolt")), Done)
    assert carried_with_charges(game) == ["staff of firebolt (0/2 charges, the next in 43 turns)"]
    refused = game.perform(Zap(9, 0, "staff_firebolt"))
    assert refused == Impossible("Your staff of firebolt has no charges: the next comes in 43 turns.")
    assert game.turn == 2  # a refused zap takes no time
    for _ in range(43):
        game.perform(Wait())
    assert game.inventory.charges["staff_firebolt"].left == 1
    for _ in range(45):
        game.perform(Wait())
    assert game.inventory.charges["staff_firebolt"].left == 2
    assert "Your staff of firebolt is fully charged." in [m.text for m in game.log.messages]


def test_two_staffs_of_a_kind_hold_more_and_recharge_faster() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_firebolt")
    game.inventory.add("staff_firebolt")
    assert game.inventory.count("staff_firebolt") == 2 and game.inventory.charges["staff_firebolt"].left == 4
    game.perform(Zap(9, 0, "staff_firebolt"))
    for _ in range(23):
        game.perform(Wait())
    assert game.inventory.charges["staff_firebolt"].left == 4


def test_a_wand_never_recharges_but_a_scroll_of_recharging_fills_it() -> None:
    game = game_on(ROOM)
    game.inventory.add("wand_beckoning")
    game.inventory.add("staff_slowness")
    for _ in range(3):
        game.perform(Zap(9, 0, "wand_beckoning"))
    game.perform(Zap(9, 0, "staff_slowness"))
    for _ in range(300):
        game.perform(Wait())
    assert game.perform(Zap(9, 0, "wand_beckoning")) == Impossible(
        "Your wand of beckoning is spent: only a scroll of recharging will fill it again.")
    assert game.inventory.count("wand_beckoning") == 1  # an empty wand stays in the pack
    game.perform(Zap(9, 0, "staff_slowness"))
    assert recharge_all(game) == 2
    assert game.inventory.charges["wand_beckoning"].left == 3
    assert game.inventory.charges["staff_slowness"].left == 2


def test_a_charm_of_health_heals_and_is_ready_again_much_later() -> None:
    game = game_on(ROOM)
    game.inventory.add("charm_health")
    assert game.perform(UseSlot(1)) == Impossible("You are already at full health.")
    game.player.hp = 5
    assert game.perform(UseSlot(1)) == Done("The charm glows warm: you heal (+12).")
    assert game.player.hp == 17 and game.inventory.count("charm_health") == 1  # not used up
    assert game.perform(UseSlot(1)) == Impossible("Your charm of health is not ready yet: 149 turns more.")
    assert carried_with_charges(game) == ["charm of health (ready in 149 turns)"]
    for _ in range(149):
        game.perform(Wait())
    assert carried_with_charges(game) == ["charm of health (ready)"]
    assert "Your charm of health is ready again." in [m.text for m in game.log.messages]


def test_a_charm_of_haste_hastes_you() -> None:
    game = game_on(ROOM)
    game.inventory.add("charm_haste")
    game.perform(UseSlot(1))
    assert game.player.hasted > 0


def test_a_charm_of_teleportation_moves_you_elsewhere_on_the_floor() -> None:
    game = game_on(ROOM)
    game.inventory.add("charm_teleportation")
    result = game.perform(UseSlot(1))
    assert isinstance(result, Done) and game.player.pos != (0, 0)
