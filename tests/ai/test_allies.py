"""The player's allies' minds (SPEC ALY-2): the sidekick's, with the player as leader."""

from __future__ import annotations

from game.world.actions import Move, Wait
from game.world.captives import free
from game.world.senses import fights
from tests.helpers import game_on


def ally(game, kind: str):
    found = next(a for a in game.floor.actors if a.kind == kind)
    free(game, found)
    return found


def near(a, b, reach: int = 2) -> bool:
    return max(abs(a.x - b.x), abs(a.y - b.y)) <= reach


def test_an_ally_follows_through_closed_doors() -> None:
    plan = """
+-+-+-+-+-+-+-+-+
|o . . .D. . . .|
+       +       +
|@ . . .|. . . .|
+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"o": "orc"})
    orc = ally(game, "orc")
    for dx in (1, 1, 1, 0, 1, 1, 1, 1):  # (east along the lower row, then up to the door and through)
        game.perform(Move(dx, 0) if dx else Move(0, -1))
    game.perform(Move(1, 0))  # opens the door
    for _ in range(4):
        game.perform(Move(1, 0))
    for _ in range(6):
        game.perform(Wait())
    assert game.player.x >= 5 and orc.x >= 4 and near(orc, game.player), (orc.pos, game.player.pos)


def test_an_ally_fights_a_foe_next_to_it_and_never_the_player() -> None:
    plan = """
+-+-+-+-+-+-+-+-+
|@ g r . . . . .|
+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"g": "goblin", "r": "rat"})
    goblin = ally(game, "goblin")
    rat = next(a for a in game.floor.actors if a.kind == "rat")
    for _ in range(20):
        game.perform(Wait())
    assert not rat.alive, "the goblin killed the rat (you only waited)"
    assert game.kills == 0 and any("Your goblin hits the rat" in m.text for m in game.log.messages)
    assert game.player.hp == game.player.max_hp and goblin.alive
    assert not fights(goblin, game.player) and not fights(game.player, goblin)


def test_monsters_fight_allies() -> None:
    plan = """
+-+-+-+-+-+-+
|o . . . . s|
+-+-+-+-+-+-+
|@|
+-+
"""
    game = game_on(plan, {"o": "orc", "s": "skeleton"})  # undead and greenskins leave each other alone
    orc = ally(game, "orc")
    skeleton = next(a for a in game.floor.actors if a.kind == "skeleton")
    assert fights(skeleton, orc) and fights(orc, skeleton)
    for _ in range(30):
        game.perform(Wait())
    assert orc.hp < orc.max_hp or not skeleton.alive or skeleton.hp < skeleton.max_hp


def test_a_waiting_ally_holds_its_tile_and_a_following_one_goes_for_the_foe() -> None:
    plan = """
+-+-+-+-+-+-+-+
|g . . . . . S|
+-+-+-+-+-+-+-+
|@|
+-+
"""
    game = game_on(plan, {"g": "goblin", "S": "slime"})  # a sleeping slime, out of the way
    goblin = ally(game, "goblin")
    goblin.waiting, goblin.home = True, goblin.pos
    slime = next(a for a in game.floor.actors if a.kind == "slime")
    for _ in range(6):
        game.perform(Wait())
    assert goblin.pos == (0, 0) and slime.hp == slime.max_hp
    goblin.waiting = False
    for _ in range(12):
        game.perform(Wait())
    assert slime.hp < slime.max_hp or not slime.alive, "following, it fights the foes it sees"
