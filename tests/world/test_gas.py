"""Gas (SPEC TER-4): it breathes from vents, drifts through open doors and never through a wall
or a closed door, thins away, hurts (poison) or confuses, and the undead do not breathe it."""

from __future__ import annotations

from game.world import gas, magic
from game.world.actions import CloseDoor, Wait
from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.game import Game

# A vent (V) in the west room; an open door (o) east into the middle room, a closed door (D) north
# into the top room; a wall between the middle room and the east room.
ROOMS = """
+-+-+-+-+-+-+-+-+-+
|. . .|. . . . . .|
+-+D+-+-+-+-+-+-+-+
|. V .o. . .|. . .|
+     +     +     +
|@ . .|. . .|. . .|
+-+-+-+-+-+-+-+-+-+
"""


def rooms(kind: str = "poison", plan: str = ROOMS, legend: dict[str, str] | None = None) -> Game:
    game = game_on_plan(plan, {"V": "vent", **(legend or {})}, ground=GROUND_MARKS)
    assert game.floor.terrain is not None
    game.floor.terrain.gas_kind = kind
    return game


def wait(game: Game, turns: int) -> None:
    for _ in range(turns):
        game.perform(Wait())


def puffing(game: Game) -> None:
    """Wait until the vent at (1, 1) is at the start of a burst."""
    while gas.phase(game.turn, (1, 1)) != 0:
        game.turn += 1


def test_gas_drifts_through_an_open_door_but_not_a_closed_door_nor_a_wall() -> None:
    game = rooms()
    terrain = game.floor.terrain
    assert terrain is not None
    game.player.max_hp = game.player.hp = 10_000  # (it breathes the gas all along)
    puffing(game)
    wait(game, 6)
    assert terrain.gas[1, 1] > 0, "the vent breathed"
    assert terrain.gas[1, 3:6].any(), "the gas went through the open door"
    assert not terrain.gas[0, :].any(), "not through the closed door"
    assert not terrain.gas[:, 6:].any(), "nor through the wall"
    assert any("hisses from a vent" in m.text for m in game.log.messages)


def test_closing_the_door_keeps_the_gas_out() -> None:
    game = rooms()
    terrain = game.floor.terrain
    assert terrain is not None
    game.player.max_hp = game.player.hp = 10_000
    game.player.x, game.player.y = 2, 1  # beside the open door
    assert game.perform(CloseDoor(1, 0)).__class__.__name__ == "Done"
    puffing(game)
    wait(game, 8)
    assert terrain.gas[1, 0:3].any() and not terrain.gas[:, 3:].any()


def test_gas_thins_away_between_bursts() -> None:
    game = rooms()
    terrain = game.floor.terrain
    assert terrain is not None
    game.player.max_hp = game.player.hp = 10_000
    puffing(game)
    wait(game, gas.VENT_BURST + 1)
    assert terrain.gas.any()
    wait(game, gas.VENT_PERIOD - gas.VENT_BURST - 2)
    assert not terrain.gas.any(), "a burst's gas is gone before the next"


def test_poison_gas_hurts_the_living_and_not_the_undead() -> None:
    game = rooms(legend={"r": "rat", "z": "zombie"}, plan="""
+-+-+-+-+-+
|@ V r z .|
+-+-+-+-+-+
""")
    terrain = game.floor.terrain
    assert terrain is not None
    rat, zombie = sorted(game.floor.actors, key=lambda m: m.kind)
    for monster in (rat, zombie):
        monster.held = 50  # entranced: they stand in it
    terrain.gas[0, :] = 200
    hp = game.player.hp, rat.hp, zombie.hp
    game.perform(Wait())
    assert game.player.hp < hp[0] and (rat.hp < hp[1] or not rat.alive)
    assert zombie.hp == hp[2], "the undead do not breathe"
    assert any("poison gas burns your lungs" in m.text for m in game.log.messages)


def test_confusion_gas_confuses_the_player() -> None:
    game = rooms("confusion")
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.gas[game.player.y, game.player.x] = 100
    game.perform(Wait())
    assert magic.under(game, "confusion")
    assert game.player.hp == game.player.max_hp, "it does not hurt"
