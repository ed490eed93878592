"""Blind alien bugs (SPEC VLT-4, seed 002): they walk their routes and sting what they touch."""

from __future__ import annotations

from game.actions import Move, Throw, Wait
from game.ai.behaviours import route_cell, route_period
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . .|
+                   +
|. . . . . . . . . .|
+                   +
|@ . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def bug_on(game, route):  # noqa: ANN001, ANN201
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


def test_tnt_destroys_bugs() -> None:
    game = game_on(HALL, {})
    bug = bug_on(game, [(7, 1), (8, 1)])
    bug.route = [(7, 1)]
    game.inventory.add("tnt", 1)
    game.perform(Throw(7, 1))
    assert not bug.alive


def test_two_bugs_head_to_head_crawl_past_each_other() -> None:
    game = game_on(HALL, {})
    east = bug_on(game, [(3, 0), (4, 0), (5, 0), (6, 0)])
    west = bug_on(game, [(4, 0), (3, 0), (2, 0), (1, 0)])
    for _ in range(3):
        game.perform(Wait())
    assert east.pos[0] > 3 and west.pos[0] < 4, "neither waits for the other forever"
    assert game.occupant(east.pos) is east and game.occupant(west.pos) is west
