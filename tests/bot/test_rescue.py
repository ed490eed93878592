"""The autoplayer and captives (SPEC ALY-1): freed by default when no foe is in view, else passed by."""

from __future__ import annotations

from game.bot.autoplay import Autoplayer
from game.bot.policy import NAIVE, STANDARD
from game.bot.rescue import past_captive
from game.mapgen.captors import FREE_TURNS
from game.world.actions import FreeCaptive, Move
from tests.helpers import game_on

PLAN = """
+-+-+-+-+-+-+-+-+
|@ g . . . . . >|
+               +
|. . . . . . . .|
+-+-+-+-+-+-+-+-+
"""


def with_captive():
    game = game_on(PLAN, {"g": "goblin"})
    goblin = next(a for a in game.floor.actors if a.kind == "goblin")
    goblin.shackles = FREE_TURNS
    return game, goblin


def test_a_captive_in_the_way_is_freed_or_stepped_round() -> None:
    game, goblin = with_captive()
    plan = [(1, 0), (2, 0)]
    assert past_captive(game, goblin, plan, True, []) == FreeCaptive(1, 0)
    rat = game.spawn_monster("rat", 7, 1)
    for action in (past_captive(game, goblin, plan, False, []), past_captive(game, goblin, plan, True, [rat])):
        assert isinstance(action, Move) and (action.dx, action.dy) == (1, 1), "round it, to where the plan goes on"


def test_the_bot_frees_a_captive_it_meets_and_a_naive_one_never_does() -> None:
    corridor = """
+-+-+-+-+-+-+-+-+
|@ g . . . . . >|
+-+-+-+-+-+-+-+-+
"""
    for policy, frees in ((STANDARD, True), (NAIVE, False)):
        game = game_on(corridor, {"g": "goblin"})
        goblin = next(a for a in game.floor.actors if a.kind == "goblin")
        goblin.shackles = FREE_TURNS
        bot = Autoplayer(policy)
        for _ in range(20):
            bot.record(game, game.perform(bot.next_action(game)))
        assert goblin.ally is frees and goblin.captive is not frees


def test_a_captive_blocking_a_corridor_is_freed_with_a_foe_beyond_it_but_not_with_one_beside_the_bot() -> None:
    """A captive in a corridor and a bat beyond it that could not get past held a bot still for
    400 turns: with no way round, it frees the captive, unless a foe is beside it."""
    corridor = """
+-+-+-+-+-+-+-+-+
|. @ g . . . . >|
+-+-+-+-+-+-+-+-+
"""
    game = game_on(corridor, {"g": "goblin"})
    goblin = next(a for a in game.floor.actors if a.kind == "goblin")
    goblin.shackles = FREE_TURNS
    plan = [(2, 0), (3, 0)]
    bat = game.spawn_monster("bat", 4, 0)
    assert past_captive(game, goblin, plan, True, [bat]) == FreeCaptive(1, 0)
    assert past_captive(game, goblin, plan, False, [bat]) is None, "a policy that never frees passes it by"
    rat = game.spawn_monster("rat", 0, 0)
    assert past_captive(game, goblin, plan, True, [bat, rat]) is None, "not with a rat at its back"


def test_a_bot_that_does_not_free_a_captive_in_a_corridor_goes_round_another_way() -> None:
    """A naive bot never frees: with no step round the captive, its plans take the other way (a
    marsh's captive goblin held one still for 400 turns, a way round in plain view)."""
    loop = """
+-+-+-+-+-+-+-+-+
|@ g . . . . . >|
+ +-+-+-+-+-+-+ +
|. . . . . . . .|
+-+-+-+-+-+-+-+-+
"""
    game = game_on(loop, {"g": "goblin"})
    goblin = next(a for a in game.floor.actors if a.kind == "goblin")
    goblin.shackles = FREE_TURNS
    bot, start = Autoplayer(NAIVE), game.floor
    for _ in range(40):
        if game.floor is not start:
            break
        bot.record(game, game.perform(bot.next_action(game)))
    assert game.floor is not start, f"it went round and down the stairs (it stands at {game.player.pos})"
    assert goblin.captive, "and left the captive be"
