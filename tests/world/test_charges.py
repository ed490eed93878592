"""Charges kept with what is carried, put down, picked up and saved (SPEC ITM-20, SAV-2)."""

from __future__ import annotations

import pytest

from game.world.actions import Drop, PickUp, Wait, Zap
from game.world.fields import SaveError
from game.world.game import Game
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+
|@ . . . . . . .|
+-+-+-+-+-+-+-+-+
"""


def test_a_save_keeps_charges_recharge_times_and_spells() -> None:
    game = game_on(ROOM.replace(". . . . . .|", ". . . . . r|"), {"r": "troll"})
    game.inventory.add("staff_slowness")
    game.inventory.add("wand_beckoning")
    game.perform(Zap(7, 0, "staff_slowness"))
    game.perform(Zap(7, 0, "wand_beckoning"))
    troll = next(a for a in game.floor.actors if a.kind == "troll")
    copy = Game.from_dict(game.to_dict())
    assert copy.digest() == game.digest()
    assert {k: v.to_list() for k, v in copy.inventory.charges.items()} == {
        "staff_slowness": [1, 48], "wand_beckoning": [2, 0]}
    assert next(a for a in copy.floor.actors if a.kind == "troll").slowed == troll.slowed > 0


def test_a_save_without_a_carried_staffs_charges_is_refused() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_blink")
    data = game.to_dict()
    del data["inventory"]["charges"]["staff_blink"]
    with pytest.raises(SaveError, match="missing the charges of 'staff_blink'"):
        Game.from_dict(data)


def test_a_staff_put_down_keeps_its_charges_and_one_found_is_full() -> None:
    game = game_on(ROOM)
    game.inventory.add("staff_firebolt")
    game.perform(Zap(7, 0, "staff_firebolt"))
    game.perform(Drop(1))  # slot 0: the healing potion every run starts with
    assert game.inventory.count("staff_firebolt") == 0 and "staff_firebolt" not in game.inventory.charges
    for _ in range(100):  # it does not recharge lying on the floor
        game.perform(Wait())
    game.perform(PickUp())
    assert game.inventory.charges["staff_firebolt"].left == 1
    game.drop_item("staff_firebolt", game.player.pos)  # a new one, found
    game.perform(PickUp())
    assert game.inventory.count("staff_firebolt") == 2 and game.inventory.charges["staff_firebolt"].left == 3
