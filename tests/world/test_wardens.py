"""The five Wardens (RUN-1): five regions, five different fights, each trick announced the turn before."""

from __future__ import annotations

from game.world.actions import Move, Wait
from game.ai.behaviours import endangered
from game.content.descriptions import MONSTER_WORDS
from game.content.items import ITEMS
from game.content.monsters import MONSTERS, WARDENS, is_warden
from game.map.floor_map import DIRECTIONS_8
from game.world.game import Game
from game.world.spawn import dress_warden, warden_kind
from tests.helpers import game_on

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . W . . . @ . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
BESIDE = HALL.replace("W . . . @", ". . . W @")
NEXT_DOOR = """
+-+-+-+-+-+-+-+-+-+-+-+
|. . . . .|. . . . . .|
+         +           +
|. . . W @o. . . . . .|
+         +           +
|. . . . .|. . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+
"""


def warden_game(plan: str, rank: int, seed: str = "warden"):
    game = game_on(plan, {"W": warden_kind(rank)}, seed)
    warden = next(a for a in game.floor.actors if is_warden(a.kind))
    dress_warden(warden, rank, "Test the Warden")
    game.player.hp = game.player.max_hp = 500
    return game, warden


def until_windup(game: Game, warden, turns: int = 12) -> str:
    """Wait until the Warden announces its trick; the log's last line says what is coming."""
    for _ in range(turns):
        game.perform(Wait())
        if warden.windup:
            last = game.log.messages[-1]
            assert last.text.startswith("Test the Warden") and last.turn == game.turn - 1, last
            return last.text
    raise AssertionError(f"no trick in {turns} turns")


def lines_on(game: Game, turn: int) -> list[str]:
    return [m.text for m in game.log.messages if m.turn == turn]


def test_five_regions_five_wardens_five_fights() -> None:
    game = Game.new("five wardens")
    found = []
    for region in game.world.order:
        game.enter_dungeon(region, game.world.floors(region))
        warden = next(a for a in game.floor.actors if is_warden(a.kind))
        assert warden.name.endswith("the Warden") and game.world.warden_names[region] in warden.name
        found.append(warden)
    assert len(found) == 5
    assert len({MONSTERS[w.kind].behaviour for w in found}) == 5, "five different behaviours"
    assert [w.kind for w in found] == list(WARDENS)
    healths = [w.max_hp for w in found]
    assert healths == sorted(healths) and len(set(healths)) == 5, f"later Wardens are tougher: {healths}"
    assert all(kind in MONSTER_WORDS for kind in WARDENS)


def test_the_first_warden_is_a_real_fight() -> None:
    first = MONSTERS[warden_kind(0)]
    for weapon, hits in (("dagger", 8), ("sword", 7)):
        average = sum(ITEMS[weapon].damage) / 2 - first.armour
        assert first.hp / average > hits, f"the first Warden survives more than {hits} average {weapon} hits"
    assert first.hp > 2 * MONSTERS["warden"].hp, "much more than the five-hit Warden of old"


def test_brute_raises_its_maul_then_slams_and_throws_you_back() -> None:
    game, brute = warden_game(BESIDE, 0)
    text = until_windup(game, brute)
    assert "raises its maul" in text
    hp, spot = game.player.hp, game.player.pos
    game.perform(Wait())
    assert game.player.hp < hp and game.player.pos == (spot[0] + 1, spot[1]), "slammed and thrown back a step"
    assert any("brings its maul down" in line for line in lines_on(game, game.turn - 1))


def test_a_careful_player_steps_out_of_the_slam() -> None:
    game, brute = warden_game(BESIDE, 0)
    until_windup(game, brute)
    hp = game.player.hp
    game.perform(Move(1, 0))
    assert game.player.hp == hp and brute.windup == ""


def test_charger_lowers_its_head_then_rushes_along_the_line() -> None:
    game, charger = warden_game(HALL, 1)
    text = until_windup(game, charger)
    assert "lowers its head to charge" in text
    start, hp = charger.pos, game.player.hp
    game.perform(Move(0, 1))  # off the line
    assert charger.y == start[1] and charger.x >= start[0] + 6, "it ran past, along its line"
    assert game.player.hp == hp, "and missed the player who stepped aside"


def test_a_charge_that_connects_rams_hard() -> None:
    game, charger = warden_game(HALL, 1)
    until_windup(game, charger)
    hp = game.player.hp
    game.perform(Wait())
    assert hp - game.player.hp >= 5 and any("rams you" in line for line in lines_on(game, game.turn - 1))


def test_thrower_draws_back_its_arm_then_bombs_where_you_stood() -> None:
    game, thrower = warden_game(HALL, 2)
    text = until_windup(game, thrower)
    assert "draws back its arm" in text
    hp = game.player.hp
    game.perform(Wait())
    assert hp - game.player.hp >= 8, "the bomb lands on the player who stood still"
    assert any("The bomb bursts. It hits you" in line for line in lines_on(game, game.turn - 1))
    assert any(effect[0] == "explosion" for effect in game.effects)


def test_a_bomb_lands_where_you_were_not_where_you_are() -> None:
    game, thrower = warden_game(HALL, 2)
    until_windup(game, thrower)
    hp = game.player.hp
    game.perform(Move(1, 1))
    assert hp - game.player.hp < 8, "one step away: only the blast's rim"


def test_summoner_raises_its_arms_then_skeletons_rise_but_not_forever() -> None:
    game, summoner = warden_game(HALL, 3)
    text = until_windup(game, summoner)
    assert "raises its arms" in text
    game.perform(Wait())
    risen = [a for a in game.floor.actors if a.kind == "risen"]
    assert len(risen) == 2 and all(a.parent == summoner.eid for a in risen)
    assert any("raises 2 skeletons" in line for line in lines_on(game, game.turn - 1))
    for _ in range(120):
        for skeleton in [a for a in game.floor.actors if a.kind == "risen"]:
            game.kill(skeleton, game.player)
        game.perform(Wait())
    assert summoner.spawned <= 8, "a hard cap: no endless skeletons to farm"


def test_blinker_crackles_then_appears_beside_you() -> None:
    game, blinker = warden_game(HALL, 4)
    text = until_windup(game, blinker)
    assert "air around you crackles" in text
    game.perform(Wait())
    px, py = game.player.pos
    assert max(abs(blinker.x - px), abs(blinker.y - py)) == 1, "it blinked in beside the player"


def test_hurt_blinker_flickers_then_vanishes_into_the_next_room() -> None:
    game, blinker = warden_game(NEXT_DOOR, 4)
    blinker.hp -= 10
    text = until_windup(game, blinker)
    assert "flickers" in text
    room = game.floor.map.room_at(*blinker.pos)
    game.perform(Wait())
    assert game.floor.map.room_at(*blinker.pos) != room, "it blinked away into another room"


def test_the_tiles_a_trick_endangers_are_the_tiles_it_hits() -> None:
    """``endangered`` is what the autoplayer steps out of: standing still in a brute's slam or a
    charger's line hurts, and the first step it calls safe does not."""
    for plan, rank in ((BESIDE, 0), (HALL, 1)):
        game, warden = warden_game(plan, rank)
        until_windup(game, warden)
        me = game.player.pos
        assert endangered(warden, me), f"{warden.windup}: the player's tile is in its way"
        safe = [(dx, dy) for dx, dy in DIRECTIONS_8
                if game.floor.map.can_step(*me, dx, dy) and game.occupant((me[0] + dx, me[1] + dy)) is None
                and not endangered(warden, (me[0] + dx, me[1] + dy))]
        assert safe, f"{warden.windup}: somewhere to step aside"
        hp = game.player.hp
        game.perform(Move(*safe[0]))
        assert game.player.hp == hp, f"{warden.windup}: the step it called safe was safe"


def test_a_thrower_endangers_the_tiles_its_bomb_will_burst_over() -> None:
    game, thrower = warden_game(HALL, 2)
    until_windup(game, thrower)
    x, y = thrower.aim
    assert (x, y) == game.player.pos
    assert all(endangered(thrower, (x + dx, y + dy)) for dx, dy in DIRECTIONS_8)
    assert not endangered(thrower, (x + 2, y)) and not endangered(thrower, (x, y - 2))
