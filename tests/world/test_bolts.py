"""What each staff and wand does when zapped (SPEC ITM-21)."""

from __future__ import annotations

from game.world.action import Done, Impossible
from game.world.actions import Wait, Zap
from tests.helpers import game_on
from tests.world.test_ranged import HALL  # an open hall, the player in its corner, the stairs across



def _zapper(kind: str, plan: str = HALL, legend: dict[str, str] | None = None):
    game = game_on(plan, legend)
    game.inventory.add(kind)
    return game


def test_a_firebolt_burns_the_first_creature_and_never_misses() -> None:
    game = _zapper("staff_firebolt", legend={"a": "troll", "b": "troll"},
                   plan=HALL.replace("@ . . . . .", "@ . . a . b"))
    near, far = game.occupant((3, 0)), game.occupant((5, 0))
    for _ in range(2):
        hp = near.hp
        assert isinstance(game.perform(Zap(5, 0, "staff_firebolt")), Done)
        assert 4 <= hp - near.hp <= 9  # armour does not stand against it
    assert far.hp == far.max_hp  # the first creature stopped the bolt
    assert near.state == "hunting"


def test_lightning_strikes_every_creature_in_the_line_up_to_the_wall() -> None:
    game = _zapper("staff_lightning", legend={"a": "troll", "b": "troll", "c": "troll"},
                   plan="""
+-+-+-+-+-+-+-+-+
|@ . a . b|c . .|
+-+-+-+-+-+-+-+-+
""")
    a, b, c = (game.occupant(p) for p in ((2, 0), (4, 0), (5, 0)))
    assert isinstance(game.perform(Zap(7, 0, "staff_lightning")), Done)
    assert a.hp < a.max_hp and b.hp < b.max_hp
    assert c.hp == c.max_hp  # behind the thin wall


def test_a_bolt_stops_at_a_thin_wall_and_a_closed_door() -> None:
    game = _zapper("staff_slowness", legend={"r": "troll", "s": "troll"}, plan="""
+-+-+-+-+-+-+
|@ .|r . . .|
+-+-+-+-+-+-+
|. .D. s . .|
+-+-+-+-+-+-+
""")
    troll = game.occupant((2, 0))
    result = game.perform(Zap(4, 0, "staff_slowness"))
    assert result == Done("The bolt hits nothing.")
    assert troll.slowed == 0
    game.player.x, game.player.y = 0, 1
    game.perform(Zap(4, 1, "staff_slowness"))
    assert game.occupant((3, 1)).slowed == 0  # the closed door stopped it


def test_slowness_halves_a_monsters_speed_for_a_while() -> None:
    from game.world.scheduler import speed_of

    game = _zapper("staff_slowness", legend={"r": "rat"}, plan=HALL.replace("@ . . . . .", "@ . . . . r"))
    rat = game.occupant((5, 0))
    fast = speed_of(rat)
    game.perform(Zap(5, 0, "staff_slowness"))
    assert rat.slowed > 0 and speed_of(rat) == fast // 2
    for _ in range(20):
        game.perform(Wait())
    assert rat.slowed == 0 and speed_of(rat) == fast


def test_an_entranced_monster_loses_its_turns_then_wakes() -> None:
    game = _zapper("staff_entrancement", legend={"r": "rat"}, plan=HALL.replace("@ . . . . .", "@ . . r . ."))
    rat = game.occupant((3, 0))
    assert game.perform(Zap(3, 0, "staff_entrancement")) == Done("The rat stands entranced.")
    for _ in range(5):
        game.perform(Wait())
        assert rat.pos == (3, 0)  # it would have run at you
    for _ in range(3):
        game.perform(Wait())
    assert rat.held == 0 and rat.pos != (3, 0)


def test_blinking_flies_you_through_open_space_and_stops_before_a_creature() -> None:
    game = _zapper("staff_blink", legend={"r": "troll"}, plan=HALL.replace("@ . . . . . . .", "@ . . . . . . r"))
    assert game.perform(Zap(7, 0, "staff_blink")) == Done("You blink 5 tiles.")
    assert game.player.pos == (5, 0)  # its range is 5
    game.player.x = 6
    assert isinstance(game.perform(Zap(7, 0, "staff_blink")), Impossible)  # nowhere to go: no charge spent
    assert game.inventory.charges["staff_blink"].left == 1


def test_obstruction_grows_crystal_that_blocks_the_way_then_dissolves() -> None:
    game = _zapper("staff_obstruction")
    assert game.perform(Zap(4, 1, "staff_obstruction")) == Done("Crystal grows over 9 tiles.")
    crystals = [a for a in game.floor.actors if a.kind == "crystal"]
    assert sorted(c.pos for c in crystals) == [(x, y) for x in (3, 4, 5) for y in (0, 1, 2)]
    # nothing flies through: a bolt now stops at the first crystal
    game.inventory.add("staff_firebolt")
    game.perform(Zap(8, 0, "staff_firebolt"))
    first, *behind = (c for c in crystals if c.y == 0)
    assert first.pos == (3, 0) and first.hp < first.max_hp
    assert all(c.hp == c.max_hp for c in behind)
    for _ in range(16):
        game.perform(Wait())
    assert not [a for a in game.floor.actors if a.kind == "crystal"]
    assert "The crystal dissolves." in [m.text for m in game.log.messages]


def test_beckoning_pulls_the_creature_to_you() -> None:
    game = _zapper("wand_beckoning", legend={"o": "troll"}, plan=HALL.replace("@ . . . . . .", "@ . . . . . o"))
    troll = game.occupant((6, 0))
    assert game.perform(Zap(6, 0, "wand_beckoning")) == Done("The troll is pulled to you.")
    assert troll.pos == (1, 0)


def test_teleport_other_sends_the_creature_far_away() -> None:
    game = _zapper("wand_teleport_other", legend={"o": "troll"}, plan=HALL.replace("@ . .", "@ . o"))
    troll = game.occupant((2, 0))
    assert game.perform(Zap(2, 0, "wand_teleport_other")) == Done("The troll vanishes.")
    assert max(abs(troll.x), abs(troll.y)) >= 8
