"""Monster behaviours (SPEC MON-1..3, VIS-4), each shown doing what it says."""

from __future__ import annotations

from game.world.actions import Move, Wait
from game.world import senses
from game.world import scheduler
from game.map.edges import Edge
from game.map.floor_map import Side
from tests.helpers import game_on


def monster(game, kind: str):
    return next(m for m in game.floor.actors if m.kind == kind)


def wait(game, turns: int) -> None:
    for _ in range(turns):
        game.perform(Wait())


# Twelve small rooms in a row: the first door (next to the player) is closed, the
# others are open. A sleeper sits two rooms past the door, another ten rooms past.
ROW = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. @D. .o. .o. z|. .o. .o. .o. .o. .o. .o. .o. Z|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def test_sleeper_wakes_at_a_door_opened_two_rooms_away_but_not_ten() -> None:
    game = game_on(ROW.replace(" z|", " zo"), {"z": "zombie", "Z": "slime"})
    near, far = monster(game, "zombie"), monster(game, "slime")
    near.state = far.state = "asleep"
    rooms = game.floor.map.rooms
    assert rooms[0, 7] - rooms[0, 2] == 2 and rooms[0, 23] - rooms[0, 2] == 10
    game.perform(Move(1, 0))  # opens the door
    assert near.state != "asleep", "two rooms away: woken"
    assert far.state == "asleep", "ten rooms away: still asleep"


def test_closed_doors_muffle_noise() -> None:
    game = game_on(ROW, {"z": "zombie", "Z": "slime"})  # a closed wall between rooms 3 and 4
    zombie = monster(game, "zombie")
    zombie.state = "asleep"
    game.floor.map.set_edge(6, 0, Side.W, Edge.DOOR)  # close the door before the zombie's room
    game.note_door_changed()
    game.perform(Move(1, 0))
    assert zombie.state == "asleep"


GUARD_ROOMS = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . .|. . . . . .|. . . .|
+         +           +       +
|. . . G .o@ . . . . .D. . . .|
+         +           +       +
|. . . . .|. . . . . .|. . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def test_guard_chases_then_returns_to_its_post() -> None:
    game = game_on(GUARD_ROOMS, {"G": "skeleton"})
    guard = monster(game, "skeleton")
    post = guard.pos
    game.player.hp = game.player.max_hp = 500
    wait(game, 2)
    assert guard.state == "hunting" and guard.pos != post, "it saw the player through the open door"
    game.player.x, game.player.y = 13, 1  # behind a closed door, out of its sight
    game.update_visibility()
    wait(game, 30)
    assert guard.pos == post and guard.state == "idle"


def test_henchman_call_brings_an_ally_from_the_next_room_but_not_two_rooms_away() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . .D. . .D. . .D. . .|
+     +     +     +     +
|@ . O|. g .|. . .|. . k|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"O": "orc", "g": "goblin", "k": "goblin"})
    orc = monster(game, "orc")
    near = game.occupant((4, 1))
    far = game.occupant((11, 1))
    assert not senses.sees(game, near, game.player), "the ally cannot see the player"
    game.player.hp = game.player.max_hp = 500
    game.perform(Wait())
    assert orc.called_allies
    assert near.state in ("hunting", "searching") and near.target == game.player.pos, "the ally comes"
    assert far.state == "idle" and far.target is None, "two rooms away: not called"
    assert any("shouts for help" in m.text for m in game.log.messages)
    wait(game, 8)
    assert game.floor.map.rooms[near.y, near.x] == game.floor.map.rooms[game.player.y, game.player.x]


def test_a_call_for_help_does_not_turn_back_a_kin_that_flees() -> None:
    from game.ai.behaviours import call_allies

    plan = """
+-+-+-+-+-+-+-+
|@ . O . g . .|
+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"O": "orc", "g": "goblin"})
    orc, goblin = monster(game, "orc"), monster(game, "goblin")
    goblin.state = "fleeing"
    call_allies(game, orc, game.player)
    assert goblin.state == "fleeing", "it said it fled: it goes on fleeing"


def test_rival_factions_fight_and_let_the_player_sneak_past() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+
|. . . . .|. . . .|
+         +       +
|. O c . .|@ . . .|
+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"O": "orc", "c": "cultist"})
    orc, cultist = monster(game, "orc"), monster(game, "cultist")
    orc.hp = cultist.hp = 100  # so the fight lasts
    wait(game, 3)
    assert orc.target_eid == cultist.eid and cultist.target_eid == orc.eid
    assert orc.hp < 100 or cultist.hp < 100, "they hurt each other"
    game.floor.map.set_edge(5, 1, Side.W, Edge.OPEN_DOOR)  # the player looks in
    game.note_door_changed()
    game.update_visibility()
    assert senses.sees(game, orc, game.player)
    wait(game, 3)
    assert orc.target_eid == cultist.eid and cultist.target_eid == orc.eid, "busy fighting each other"
    assert game.player.hp == game.player.max_hp


def test_spawner_stops_at_its_caps() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+-+
|. . . .|. . . . . . .|
+       +             +
|. N . .|@ . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"N": "nest"})
    nest = monster(game, "nest")
    wait(game, 60)
    spiders = [m for m in game.floor.actors if m.kind == "spider"]
    assert len(spiders) == 3 and nest.spawned == 3, "at most three alive at once"
    for _ in range(10):  # keep killing them: the nest still makes only six in all
        for spider in [m for m in game.floor.actors if m.kind == "spider"]:
            game.kill(spider, game.player)
        wait(game, 20)
    assert nest.spawned == 6
    assert not [m for m in game.floor.actors if m.kind == "spider"], "no more after the sixth"


def test_sidekick_keeps_close_to_its_leader() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|g . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
|@|
+-+
"""
    game = game_on(plan, {"g": "goblin"})
    leader = game.spawn_monster("orc", 11, 0)
    goblin = monster(game, "goblin")
    goblin.leader = leader.eid
    wait(game, 12)
    assert max(abs(goblin.x - leader.x), abs(goblin.y - leader.y)) <= 2


def test_patroller_walks_its_route() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+-+
|. . . .D. . . . . .|
+       +           +
|h . . .|. . . . . .|
+-+-+-+-+-+-+-+-+-+-+
|@|
+-+
"""
    game = game_on(plan, {"h": "ghost"})
    ghost = monster(game, "ghost")
    ghost.route = [(0, 1), (9, 1)]
    visited = set()
    for _ in range(40):
        game.perform(Wait())
        visited.add(ghost.pos)
    assert (0, 1) in visited and (9, 1) in visited, "it went through the door and back"


def test_monsters_that_cannot_open_doors_stay_behind_closed_ones() -> None:
    plan = """
+-+-+-+-+-+-+-+-+-+
|. . . r|. . . . .|
+       +         +
|. . . oD@ . . . .|
+-+-+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"r": "rat", "o": "orc"})
    rat, orc = monster(game, "rat"), monster(game, "orc")
    for m in (rat, orc):
        m.state, m.target = "searching", game.player.pos
    game.player.hp = game.player.max_hp = 500
    wait(game, 6)
    assert game.floor.map.edge(4, 1, Side.W) == Edge.OPEN_DOOR, "the orc opened the door"
    game.floor.map.set_edge(4, 1, Side.W, Edge.DOOR)
    game.note_door_changed()
    game.kill(orc, None)
    rat.state, rat.target = "searching", game.player.pos
    wait(game, 10)
    assert game.floor.map.edge(4, 1, Side.W) == Edge.DOOR and rat.x < 4, "a rat cannot open doors"


def test_monsters_elsewhere_see_you_only_when_a_door_opens_between_you() -> None:
    plan = """
+-+-+-+-+-+-+-+
|. . r|. . . .|
+     +       +
|. . .D@ . . .|
+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"r": "rat"})
    rat = monster(game, "rat")
    assert not senses.sees(game, rat, game.player)
    game.perform(Move(-1, 0))  # open the door
    assert senses.sees(game, rat, game.player)
    assert rat.state == "hunting" or rat.target is not None


def test_speeds_decide_how_often_monsters_act() -> None:
    plan = """
+-+-+-+-+-+-+-+
|@ . . . b . z|
+-+-+-+-+-+-+-+
"""
    game = game_on(plan, {"b": "bat", "z": "zombie"})
    acted: dict[str, int] = {"bat": 0, "zombie": 0}

    def count(game_, actor) -> None:
        acted[actor.kind] += 1

    game.player.energy = scheduler.ACTION_COST
    for _ in range(10):
        scheduler.run_until_player_acts(game, count)
        game.player.energy = scheduler.ACTION_COST
    assert acted == {"bat": 15, "zombie": 6}
