"""Javelins, darts and throwing axes (SPEC ITM-23): thrown at the first creature, picked up again."""

from __future__ import annotations

import pytest

from game.content.items import ITEMS, throwable
from game.world.actions import Throw
from tests.helpers import game_on

LINE = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


@pytest.mark.parametrize("kind", ["javelins", "darts", "throwing_axes"])
def test_a_thrown_weapon_hurts_the_first_creature_and_lies_where_it_stops(kind: str) -> None:
    game = game_on(LINE.replace("@ . .", "@ . t"), {"t": "troll"})
    troll = game.occupant((2, 0))
    game.inventory.add(kind, 30)
    for _ in range(30):
        if troll.hp < troll.max_hp:
            break
        game.perform(Throw(5, 0, kind))
    low, high = ITEMS[kind].damage
    assert 1 <= troll.max_hp - troll.hp <= high - 2  # its damage, less the troll's armour of 2
    assert [(i.kind, i.pos) for i in game.floor.items] == [(kind, (2, 0))]  # all under the troll


def test_a_javelin_flies_short_and_darts_far() -> None:
    game = game_on(LINE)
    game.inventory.add("javelins")
    game.inventory.add("darts")
    game.perform(Throw(9, 0, "javelins"))
    game.perform(Throw(9, 0, "darts"))
    assert {i.kind: i.pos for i in game.floor.items} == {"javelins": (4, 0), "darts": (7, 0)}
    assert throwable("javelins") and not throwable("staff_firebolt")
