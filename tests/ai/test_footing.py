"""Monsters and the ground (SPEC TER-7): they never step into fire, a chasm or water they cannot
swim, nor into gas they breathe; one standing in fire or gas gets out; swimmers swim."""

from __future__ import annotations

import pytest

from game.map.ground import Ground
from game.world.actions import Wait
from game.world.drawn import GROUND_MARKS, game_on_plan
from game.world.game import Game


def corridor(middle: str, kind: str) -> Game:
    """The player at the west end of a corridor, a hunting ``kind`` at the east end, and ``middle``
    (a ground mark) filling the corridor's middle: the only way between them."""
    game = game_on_plan(f"""
+-+-+-+-+-+-+-+-+
|@ . . {middle} . . . m|
+-+-+-+-+-+-+-+-+
""", {"m": kind}, ground=GROUND_MARKS)
    hunter = game.floor.actors[0]
    hunter.state, hunter.target, hunter.target_eid = "hunting", game.player.pos, game.player.eid
    return game


def hold_fire(game: Game, pos: tuple[int, int]) -> None:
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.ground[pos[1], pos[0]], terrain.fire[pos[1], pos[0]] = Ground.BRUSH, 6


@pytest.mark.parametrize("middle, what", [("0", "chasm"), ("~", "water"), (";", "fire")])
def test_a_monster_will_not_step_into_a_chasm_water_or_fire(middle: str, what: str) -> None:
    game = corridor(middle, "orc")
    orc = game.floor.actors[0]
    for _ in range(15):
        if what == "fire":
            hold_fire(game, (3, 0))
        game.perform(Wait())
        assert orc.alive and orc in game.floor.actors, f"it never went into the {what}"
        assert orc.x > 3, f"it stays on its side of the {what}"
    assert orc.x == 4, "it came as near as it could"


def test_a_monster_will_not_walk_into_poison_gas_but_the_undead_will() -> None:
    for kind, crosses in (("orc", False), ("skeleton", True)):
        game = corridor(".", kind)
        terrain = game.floor.terrain
        assert terrain is not None
        terrain.gas_kind = "poison"
        game.player.max_hp = game.player.hp = 10_000
        monster = game.floor.actors[0]
        for _ in range(12):
            terrain.gas[0, 2:5] = 200
            game.perform(Wait())
        assert (monster.x < 3) == crosses, kind


def test_a_swimmer_swims_across() -> None:
    game = corridor("~", "rat")
    rat = game.floor.actors[0]
    for _ in range(8):
        game.perform(Wait())
    assert rat.x < 3, "the rat swam over to the player"


@pytest.mark.parametrize("what", ["fire", "gas"])
def test_a_monster_in_fire_or_gas_gets_out(what: str) -> None:
    game = game_on_plan("""
+-+-+-+-+-+-+
|@|. . . . .|
+ +         +
|.|. . ; ; .|
+ +         +
|.|. . ; ; .|
+-+-+-+-+-+-+
""", {}, ground=GROUND_MARKS)  # (the player walled off: the orc has nobody to hunt, only the ground)
    orc = game.spawn_monster("orc", 3, 1)
    terrain = game.floor.terrain
    assert terrain is not None
    layer = terrain.fire if what == "fire" else terrain.gas
    terrain.gas_kind = "poison"
    layer[1:3, 3:5] = 6 if what == "fire" else 250
    game.player.max_hp = game.player.hp = 10_000
    game.perform(Wait())
    assert orc.state == "idle" and orc.alive and not (1 <= orc.y <= 2 and 3 <= orc.x <= 4), f"it stepped out of the {what}"


def test_a_search_refuses_exactly_the_ground_a_monster_avoids() -> None:
    """``refusals`` (settled once for a whole search) and ``avoids`` (asked a tile at a time)
    refuse the same tiles, for walkers, swimmers, fliers and those who do not breathe, on
    every kind of ground, in fire and gas, and off the map."""
    from game.content.monsters import MONSTERS
    from game.world.hazards import avoids, refusals

    game = corridor("0", "orc")
    terrain = game.floor.terrain
    assert terrain is not None
    grounds = [int(g) for g in Ground]
    h, w = terrain.ground.shape
    for x in range(w):
        terrain.ground[0, x] = grounds[x % len(grounds)]
        terrain.fire[0, x] = 3 if x % 3 == 0 else 0
        terrain.gas[0, x] = 5 if x % 2 == 0 else 0
    kinds = ["orc", "skeleton"] + [next(k for k, m in MONSTERS.items() if m.flies),
                                   next(k for k, m in MONSTERS.items() if m.swims and not m.flies)]
    tiles = [(x, y) for x in range(-1, w + 1) for y in range(-1, h + 1)]
    refused = 0
    for kind in kinds:
        monster = game.spawn_monster(kind, w - 1, 0)
        refuses = refusals(game, monster)
        assert [refuses(p) for p in tiles] == [avoids(game, monster, p) for p in tiles], kind
        refused += sum(map(refuses, tiles))
        game.floor.remove_actor(monster)
    assert refused > len(kinds), "some tiles are refused"
