"""Freeing a captive (SPEC ALY-1) and ordering allies (ALY-2), at the world's level."""

from __future__ import annotations

from game.mapgen.captors import FREE_TURNS
from game.world.action import Ask, Done, Impossible
from game.world.actions import FreeCaptive, Move, OrderAllies, Wait
from game.world.captives import free, standing
from game.world.party import ALLY_CAP
from game.world.senses import faction_of, visible_enemies
from tests.helpers import game_on

ROOM = """
+-+-+-+-+-+-+-+-+-+-+
|@ g . . . . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""


def shackled(game, kind: str = "goblin"):
    captive = next(a for a in game.floor.actors if a.kind == kind)
    captive.shackles = FREE_TURNS
    return captive


def test_bumping_a_captive_asks_and_takes_no_turn() -> None:
    game = game_on(ROOM, {"g": "goblin"})
    goblin = shackled(game)
    result = game.perform(Move(1, 0))
    assert isinstance(result, Ask) and "Free the captive goblin?" in result.question
    assert result.action == FreeCaptive(1, 0)
    assert game.turn == 0 and goblin.hp == goblin.max_hp and goblin.captive, "not attacked, no time spent"
    assert "A captive goblin, shackled" in standing(goblin) and "5 turns" in standing(goblin)


def test_freeing_takes_its_turns_and_makes_an_ally() -> None:
    game = game_on(ROOM, {"g": "goblin"})
    goblin = shackled(game)
    result = game.perform(FreeCaptive(1, 0))
    assert isinstance(result, Done) and "You free the goblin" in result.message
    assert game.turn == FREE_TURNS
    assert goblin.ally and not goblin.captive and faction_of(goblin) == "player"
    assert game.log.messages[-1].text.startswith("You free the goblin")
    assert "Your ally" in standing(goblin) and game.name_of(goblin) == "your goblin"


def test_being_hurt_stops_the_work_and_the_work_done_is_kept() -> None:
    game = game_on(ROOM, {"g": "goblin", "r": "rat"})
    goblin = shackled(game)
    rat = game.spawn_monster("rat", 0, 1)
    rat.power = 60  # it never misses (and hits hard: the player can take it)
    game.player.hp = game.player.max_hp = 500
    result = game.perform(FreeCaptive(1, 0))
    assert isinstance(result, Done) and "Hurt, you stop" in result.message
    assert game.player.hp < game.player.max_hp
    assert goblin.captive and goblin.shackles == FREE_TURNS - game.turn and game.turn < FREE_TURNS
    assert rat.target_eid == game.player.eid, "the rat went for you, not the captive"
    game.kill(rat, game.player)
    asked = game.perform(Move(1, 0))
    assert isinstance(asked, Ask) and "more turns" in asked.question
    before = game.turn
    game.perform(asked.action)
    assert goblin.ally and game.turn - before == FREE_TURNS - 1, "it went on where it stopped"


def test_a_captive_does_nothing_and_monsters_leave_it_alone() -> None:
    plan = """
+-+-+-+-+-+-+
|g c . . . .|
+-+-+-+-+-+-+
|@|
+-+
"""
    game = game_on(plan, {"g": "goblin", "c": "cultist"})  # rival factions: they fight on sight
    goblin = shackled(game)
    for _ in range(15):
        game.perform(Wait())
    assert goblin.hp == goblin.max_hp and goblin.pos == (0, 0)
    cultist = next(a for a in game.floor.actors if a.kind == "cultist")
    assert cultist.target_eid != goblin.eid


def test_once_freed_a_captive_is_fought_by_monsters_that_fight_only_the_player() -> None:
    game = game_on(ROOM, {"g": "goblin", "r": "rat"})  # vermin fight nobody but the player's side
    goblin = shackled(game)
    rat = game.spawn_monster("rat", 9, 1)
    assert goblin not in visible_enemies(game, rat), "a captive is left alone"
    free(game, goblin)
    assert goblin in visible_enemies(game, rat), "an ally is the player's side: the rat sees an enemy in it"


def test_no_more_allies_than_the_cap() -> None:
    plan = """
+-+-+-+-+-+-+-+-+
|@ g . o o o . .|
+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"g": "goblin", "o": "orc"})
    shackled(game)
    for orc in [a for a in game.floor.actors if a.kind == "orc"]:
        free(game, orc)
    assert ALLY_CAP == 3
    result = game.perform(Move(1, 0))
    assert isinstance(result, Impossible) and "3 allies already" in result.reason
    assert isinstance(game.perform(FreeCaptive(1, 0)), Impossible)


def test_allies_obey_wait_and_follow() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|@ g . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"g": "goblin"})
    assert isinstance(game.perform(OrderAllies("wait")), Impossible), "no allies yet"
    goblin = next(a for a in game.floor.actors if a.kind == "goblin")
    free(game, goblin)
    assert isinstance(game.perform(OrderAllies("sit")), Impossible)
    result = game.perform(OrderAllies("wait"))
    assert isinstance(result, Done) and "wait" in result.message and goblin.waiting
    game.perform(Move(1, 0))  # swaps places with it
    for _ in range(8):
        game.perform(Move(1, 0))
    assert goblin.pos == (0, 0), "it waits where it was told"
    game.perform(OrderAllies("follow"))
    for _ in range(12):
        game.perform(Wait())
    assert max(abs(goblin.x - game.player.x), abs(goblin.y - game.player.y)) <= 2
