"""Blind alien bugs (SPEC VLT-4, seed 002): they walk their routes and sting what they touch."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.world.actions import Move, Throw, Wait
from game.ai.behaviours import route_cell, route_period
from game.content.items import ITEMS
from game.map.edges import Edge
from tests.helpers import game_on

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

HALL = """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. . . . . . . . . .|
+                   +
|@ . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def bug_on(game: Game, route: Sequence[tuple[int, int]]) -> Actor:
    bug = game.spawn_monster("alien_bug", *route[0])
    bug.route = list(route)
    return bug


def test_routes_go_back_and_forth_or_round_a_loop() -> None:
    line = [(0, 0), (1, 0), (2, 0)]
    assert route_period(line) == 4
    assert [route_cell(line, step) for step in range(5)] == [(0, 0), (1, 0), (2, 0), (1, 0), (0, 0)]
    loop = [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert route_period(loop) == 4
    assert [route_cell(loop, step) for step in range(5)] == [*loop, (0, 0)]


def test_a_bug_walks_its_route_one_cell_a_turn_and_never_chases() -> None:
    game = game_on(HALL, {})
    bug = bug_on(game, [(5, 0), (6, 0), (7, 0), (8, 0)])
    seen = []
    for _ in range(6):
        game.perform(Wait())
        seen.append(bug.pos)
    assert seen == [(6, 0), (7, 0), (8, 0), (7, 0), (6, 0), (5, 0)]


def test_a_bug_that_walks_into_you_stings_you() -> None:
    game = game_on(HALL, {})
    bug = bug_on(game, [(2, 2), (1, 2), (0, 2)])
    game.player.x, game.player.y = (1, 2)
    hp = game.player.hp
    game.perform(Wait())
    assert game.player.hp < hp and bug.pos == (2, 2), "it stings and waits for the way to clear"
    assert any("stings you" in m.text for m in game.log.messages)


def test_bumping_a_bug_stings_you_and_blades_do_not_hurt_it() -> None:
    game = game_on(HALL, {})
    bug = bug_on(game, [(1, 2), (1, 1)])
    bug.route = [(1, 2)]  # it stays put
    hp = game.player.hp
    game.perform(Move(1, 0))
    assert game.player.hp < hp and bug.hp == bug.max_hp and bug.alive
    assert any("glances off its shell" in m.text for m in game.log.messages)


ROOM = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . .|
+                         +
|. . . . . . . . .{a}. . . .|
+                         +
|. . . . . . . . .{b}. . . .|
+                         +
|. . . . . . . . .{c}. . . .|
+                         +
|@ . . . . . . . .{d}. . . .|
+                         +
|. . . . . . . . .{e}. . . .|
+                         +
|. . . . . . . . .{f}. . . .|
+                         +
|. . . . . . . . .{g}. . . .|
+                         +
|. . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A 13x9 room, the player at its west end; the braces are the west edges of tiles (9, 1..7)."""
CENTRE = (7, 4)
OPEN = ROOM.format(**dict.fromkeys("abcdefg", " "))
WALLED = ROOM.format(**dict.fromkeys("abcdefg", "|"))  # a wall two tiles east of the centre
DOOR = ROOM.format(**{**dict.fromkeys("abcdefg", "|"), "d": "D"})  # ... with a closed door in it


def blast_among_bugs(plan: str) -> tuple[Game, dict[tuple[int, int], Actor]]:
    """A bug that stays put on every tile within 3 of ``CENTRE``, then TNT thrown at the centre:
    the game and its bugs by tile."""
    game = game_on(plan, {})
    cx, cy = CENTRE
    bugs = {}
    for y in range(cy - 3, cy + 4):
        for x in range(cx - 3, cx + 4):
            bugs[(x, y)] = bug = bug_on(game, [(x, y)])
            assert bug.hp == bug.max_hp == 6
    game.inventory.add("tnt", 1)
    game.perform(Throw(*CENTRE))
    return game, bugs


def distance(tile: tuple[int, int]) -> int:
    return max(abs(tile[0] - CENTRE[0]), abs(tile[1] - CENTRE[1]))


def test_tnt_kills_bugs_within_a_tile_wounds_them_at_two_and_spares_them_beyond() -> None:
    assert ITEMS["tnt"].blast == (2, 12), "radius 2, 12 damage at the centre, 8 a tile out, 4 at the rim"
    game, bugs = blast_among_bugs(OPEN)
    for tile, bug in bugs.items():
        after = {0: 0, 1: 0, 2: 2}.get(distance(tile), 6)  # diagonals count as one step, like moves
        assert max(bug.hp, 0) == after and bug.alive == (after > 0), f"bug {distance(tile)} from the blast at {tile}"
    assert game.player.hp == game.player.max_hp, "the thrower, seven tiles away, is unhurt"


def test_a_wall_shields_bugs_inside_the_radius() -> None:
    game, bugs = blast_among_bugs(WALLED)
    for tile, bug in bugs.items():
        behind = tile[0] >= 9
        after = 6 if behind else {0: 0, 1: 0, 2: 2}.get(distance(tile), 6)
        assert max(bug.hp, 0) == after, f"bug at {tile}, {'behind' if behind else 'before'} the wall"
    assert any(distance(tile) == 2 and tile[0] == 9 for tile in bugs), "some bugs behind it are within the radius"


def test_a_closed_door_stops_the_blast_and_is_blown_open() -> None:
    game, bugs = blast_among_bugs(DOOR)
    assert game.floor.map.west[4, 9] == Edge.OPEN_DOOR, "the door is blown open"
    assert bugs[(9, 4)].hp == 6 and bugs[(8, 4)].hp <= 0, "the bug behind the door is spared, the one before it not"
    assert all(bug.hp == 6 for tile, bug in bugs.items() if tile[0] >= 9)


def test_two_bugs_head_to_head_crawl_past_each_other() -> None:
    game = game_on(HALL, {})
    east = bug_on(game, [(3, 0), (4, 0), (5, 0), (6, 0)])
    west = bug_on(game, [(4, 0), (3, 0), (2, 0), (1, 0)])
    for _ in range(3):
        game.perform(Wait())
    assert east.pos[0] > 3 and west.pos[0] < 4, "neither waits for the other forever"
    assert game.occupant(east.pos) is east and game.occupant(west.pos) is west
