"""Treasure's guardians (LVL-2): a named mini-boss at every branch-end treasure, with a trick."""

from __future__ import annotations

import itertools
import re

import pytest

from game.world.actions import Move, Wait
from game.content.descriptions import MONSTER_WORDS
from game.content.items import ITEMS
from game.content.monsters import GUARDIANS, MONSTERS
from game.mapgen.analysis import analyse
from game.mapgen.dungeon import generate_dungeon
from game.rng import Rng
from game.world.spawn import dress_guardian, populated_floor
from tests.helpers import game_on

NAMED = re.compile(r"^[A-Z][A-Za-z' ]+ the (ogre|warg|cave troll)$")


def floor_at(seed: int, depth: int):
    level = generate_dungeon(Rng(seed), depth=depth)
    ids = itertools.count(1)
    return level, populated_floor(depth, level, lambda: next(ids), names=Rng.stream(seed, "guardians"))


@pytest.mark.parametrize("depth", [1, 3, 6])
def test_every_branch_end_treasure_has_a_named_guardian(depth: int) -> None:
    guarded = 0
    for seed in range(12):
        level, floor = floor_at(seed, depth)
        rooms = level.map.rooms
        info = analyse(level.map.room_count, level.door_pairs, int(rooms[level.entrance[1], level.entrance[0]]),
                       int(rooms[level.exit[1], level.exit[0]]))
        guardians = [a for a in floor.actors if a.kind in GUARDIANS]
        for guardian in guardians:
            room = int(rooms[guardian.y, guardian.x])
            assert room in info.branch_ends, "guardians stand at the ends of side branches"
            treasure = [i for i in floor.items if rooms[i.y, i.x] == room and ITEMS[i.kind].category in
                        ("weapon", "armour", "ranged")]
            assert treasure, "beside a treasure"
            assert NAMED.match(guardian.name), guardian.name
            assert MONSTERS[guardian.kind].behaviour in ("basher", "howler", "regenerator")
        assert len({g.name for g in guardians}) == len(guardians), "each has its own name"
        guarded += bool(guardians)
    assert guarded >= 10, "nearly every floor has a guarded treasure"


def test_guardians_are_named_the_same_for_the_same_seed() -> None:
    names = [[a.name for a in floor_at(5, 3)[1].actors if a.kind in GUARDIANS] for _ in range(2)]
    assert names[0] == names[1] and names[0]


@pytest.mark.parametrize("depth", [1, 2, 4, 8])
def test_guardians_outclass_the_floor_they_guard_and_grow_with_depth(depth: int) -> None:
    for seed in range(6):
        _, floor = floor_at(seed, depth)
        guardians = [a for a in floor.actors if a.kind in GUARDIANS]
        others = [a for a in floor.actors if a.kind not in GUARDIANS and not MONSTERS[a.kind].boss
                  and MONSTERS[a.kind].behaviour != "keeper"]  # a shopkeeper is no floor monster
        for guardian in guardians:
            assert all(guardian.max_hp > other.max_hp for other in others), (guardian.name, depth)
    for kind in GUARDIANS:
        game = game_on("+-+-+\n|G .|\n+-+-+\n".replace(".", "@"), {"G": kind})
        shallow, deep = game.floor.actors[0], game.spawn_monster(kind, 0, 0)
        dress_guardian(shallow, 1, "A")
        dress_guardian(deep, 7, "B")
        assert deep.max_hp > shallow.max_hp and deep.power > shallow.power
        assert kind in MONSTER_WORDS


ROOM = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|. . . G @ . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def guardian_game(kind: str, plan: str = ROOM):
    game = game_on(plan, {"G": kind, "Z": "zombie"})
    guardian = next(a for a in game.floor.actors if a.kind == kind)
    dress_guardian(guardian, 1, "Grimtooth")
    game.player.hp = game.player.max_hp = 500
    return game, guardian


def test_ogre_raises_its_club_then_clubs_you_two_steps_back() -> None:
    game, ogre = guardian_game("ogre")
    for _ in range(4):
        game.perform(Wait())
        if ogre.windup:
            break
    assert ogre.windup == "bash" and "Grimtooth the ogre raises its club" in game.log.messages[-1].text
    hp, (x, y) = game.player.hp, game.player.pos
    game.perform(Wait())
    assert game.player.hp < hp and game.player.pos == (x + 2, y), "clubbed and thrown two steps back"


def test_a_careful_player_steps_back_from_the_club() -> None:
    game, ogre = guardian_game("ogre")
    for _ in range(4):
        if not ogre.windup:
            game.perform(Wait())
    assert ogre.windup == "bash"
    hp = game.player.hp
    game.perform(Move(1, 0))
    assert game.player.hp == hp and "empty air" in game.log.messages[-1].text


def test_warg_fills_its_lungs_then_howls_the_floor_awake() -> None:
    plan = ROOM.replace("|. . . . . . . . . . . .|\n+-", "|. . . . . . . . . . . Z|\n+-")
    game, warg = guardian_game("warg", plan)
    zombie = next(a for a in game.floor.actors if a.kind == "zombie")
    zombie.state = "asleep"
    game.perform(Wait())
    assert warg.windup == "howl" and "fills its lungs" in game.log.messages[-1].text
    assert zombie.state == "asleep"
    game.perform(Wait())
    assert any("howls!" in m.text for m in game.log.messages if m.turn == game.turn - 1)
    assert zombie.state != "asleep", "the howl woke the floor"


def test_cave_troll_heals_as_it_fights() -> None:
    game, troll = guardian_game("cave_troll")
    troll.hp -= 8
    wounded = troll.hp
    game.player.x += 6  # out of its reach, still in sight
    for _ in range(6):
        game.perform(Wait())
    assert troll.hp > wounded
