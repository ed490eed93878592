"""Movement, doors and stairs as the player experiences them."""

from __future__ import annotations

import pytest

from game.world.action import Done, Impossible, NeedsTarget
from game.world.actions import Ascend, CloseDoor, Descend, Move, Wait
from game.map.edges import Edge
from game.map.floor_map import Side
from game.world.game import Game
from tests.helpers import game_on

def at(plan: str, x: int, y: int) -> str:
    """The picture with the player's mark on tile (x, y)."""
    lines = plan.strip("\n").split("\n")
    row = list(lines[2 * y + 1])
    row[2 * x + 1] = "@"
    lines[2 * y + 1] = "".join(row)
    return "\n".join(lines)


CORRIDOR = """
+-+-+-+-+-+-+
|. . .D. . >|
+     +     +
|. . .|. . .|
+-+-+-+-+-+-+
"""


def test_walking_costs_a_turn_and_walls_cost_nothing() -> None:
    game = game_on(at(CORRIDOR, 0, 0))
    assert isinstance(game.perform(Move(1, 1)), Done) and game.player.pos == (1, 1) and game.turn == 1
    result = game.perform(Move(0, 1))
    assert isinstance(result, Impossible) and "wall" in result.reason.lower()
    assert game.turn == 1 and game.player.pos == (1, 1)
    assert isinstance(game.perform(Move(2, 0)), Impossible), "not a single step"


def test_bumping_a_closed_door_opens_it_then_you_walk_through() -> None:
    game = game_on(at(CORRIDOR, 2, 0))
    result = game.perform(Move(1, 0))
    assert isinstance(result, Done) and "open" in result.message
    assert game.player.pos == (2, 0) and game.turn == 1
    assert game.floor.map.edge(3, 0, Side.W) == Edge.OPEN_DOOR
    game.perform(Move(1, 0))
    assert game.player.pos == (3, 0) and game.turn == 2


def test_doorways_are_passed_orthogonally() -> None:
    game = game_on(at(CORRIDOR.replace("D", "o"), 2, 1))
    assert isinstance(game.perform(Move(1, -1)), Impossible)
    assert game.player.pos == (2, 1)


def test_locked_door_refuses() -> None:
    game = game_on(at(CORRIDOR.replace("D", "L"), 2, 0))
    result = game.perform(Move(1, 0))
    assert isinstance(result, Impossible) and "locked" in result.reason
    assert game.turn == 0


def test_close_door_takes_a_turn_and_asks_when_there_are_two() -> None:
    game = game_on(at(CORRIDOR.replace("D", "o"), 2, 0))
    assert isinstance(game.perform(CloseDoor()), Done)
    assert game.floor.map.edge(3, 0, Side.W) == Edge.DOOR and game.turn == 1
    assert isinstance(game.perform(CloseDoor()), Impossible), "nothing left to close"
    two = game_on("""
+-+-+-+
|.o@ .|
+-+o+-+
|. . >|
+-+-+-+
""")
    assert isinstance(two.perform(CloseDoor()), NeedsTarget)
    assert isinstance(two.perform(CloseDoor(0, 1)), Done)
    assert two.floor.map.edge(1, 1, Side.N) == Edge.DOOR
    assert two.floor.map.edge(1, 0, Side.W) == Edge.OPEN_DOOR
    assert isinstance(two.perform(CloseDoor(1, 1)), Impossible)


def test_descend_only_on_the_stairs_and_it_makes_a_deeper_floor() -> None:
    game = Game.in_dungeon("stairs")
    assert isinstance(game.perform(Descend()), Impossible)
    first, key = game.floor, game.floor_key
    game.player.x, game.player.y = game.floor.level.exit
    result = game.perform(Descend())
    assert isinstance(result, Done) and game.depth == 2
    assert game.floor is not first and game.player.pos == game.floor.level.entrance
    assert game.floors[key] is first, "floors are kept while the run lasts"
    game.player.x, game.player.y = game.floor.level.entrance
    assert isinstance(game.perform(Ascend()), Done) and game.floor is first
    assert game.player.pos == first.level.exit, "climbing up arrives on the stairs down"


@pytest.mark.parametrize("action", [Wait(), Move(0, -1)])
def test_actions_are_values(action: object) -> None:
    assert action == type(action)(**vars(action))



def test_what_an_action_waits_for_is_a_kind_not_a_coded_sentence() -> None:
    """A door to close asks a direction with its question; a throw names the item it throws:
    the interface reads ``kind`` (and ``item``), never parses ``prompt``."""
    from game.world.actions import UseSlot

    two = game_on("""
+-+-+-+
|.o@ .|
+-+o+-+
|. . >|
+-+-+-+
""")
    asked = two.perform(CloseDoor())
    assert isinstance(asked, NeedsTarget) and asked.kind == "direction" and "Close which door" in asked.prompt
    two.inventory.add("tnt", 2)
    slot = next(i for i, (kind, _) in enumerate(two.inventory.slots) if kind == "tnt")
    throw = two.perform(UseSlot(slot))
    assert isinstance(throw, NeedsTarget) and (throw.kind, throw.item, throw.prompt) == ("throw", "tnt", "")
