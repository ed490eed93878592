"""Allies between floors and in saves (SPEC ALY-3)."""

from __future__ import annotations

import json

from game.world.actions import Ascend, Descend, Move
from game.world.captives import free
from game.world.game import Game
from game.world.party import STAIRS_RANGE, allies, free_tiles_near


def ally_at(game: Game, pos: tuple[int, int], kind: str = "goblin"):
    actor = game.spawn_monster(kind, *pos)
    free(game, actor)
    return actor


def on_the_stairs() -> Game:
    game = Game.in_dungeon("allies")
    exit_ = game.floor.level.exit
    game.move_actor(game.player, *exit_)
    return game


def test_a_following_ally_beside_you_takes_the_stairs_and_others_stay() -> None:
    game = on_the_stairs()
    beside = ally_at(game, free_tiles_near(game, game.player.pos, 1)[0])
    tiles = [t for t in free_tiles_near(game, game.player.pos, 60)
             if max(abs(t[0] - game.player.x), abs(t[1] - game.player.y)) > STAIRS_RANGE]
    far = ally_at(game, tiles[0], "orc")
    told = ally_at(game, free_tiles_near(game, game.player.pos, 3)[-1], "cultist")
    told.waiting = True
    upper = game.floor
    game.perform(Descend())
    assert game.depth == 2
    assert beside in game.floor.actors and beside not in upper.actors
    assert max(abs(beside.x - game.player.x), abs(beside.y - game.player.y)) <= 6
    assert far in upper.actors and told in upper.actors, "far off, or told to wait: left behind"
    assert len(allies(game)) == 3


def test_allies_are_saved_and_loaded_with_their_orders() -> None:
    game = on_the_stairs()
    tiles = free_tiles_near(game, game.player.pos, 3)
    goblin = ally_at(game, tiles[0])
    orc = ally_at(game, tiles[1], "orc")
    orc.waiting = True
    captive = game.spawn_monster("cultist", *tiles[2])
    captive.shackles = 4
    loaded = Game.from_text(json.dumps(game.to_dict()))
    assert loaded.digest() == game.digest()
    by_id = {a.eid: a for a in loaded.floor.actors}
    assert by_id[goblin.eid].ally and not by_id[goblin.eid].waiting
    assert by_id[orc.eid].ally and by_id[orc.eid].waiting
    assert by_id[captive.eid].captive and by_id[captive.eid].shackles == 4


def test_allies_come_up_to_the_island_out_of_sight_and_down_into_the_next_dungeon() -> None:
    game = Game.in_dungeon("allies")
    game.move_actor(game.player, *game.floor.level.entrance)
    goblin = ally_at(game, free_tiles_near(game, game.player.pos, 1)[0])
    game.perform(Ascend())
    assert game.on_overworld and game.party == [goblin] and goblin not in game.floor.actors
    assert all(a.home is not None and not a.ally for a in game.floor.actors)  # only the island's own live there
    loaded = Game.from_dict(game.to_dict())
    assert [a.eid for a in loaded.party] == [goblin.eid] and loaded.digest() == game.digest()
    region = game.world.order[0]
    game.move_actor(game.player, *game.world.entrances[region])
    game.perform(Descend())
    assert not game.party and goblin in game.floor.actors
    assert goblin.alive and max(abs(goblin.x - game.player.x), abs(goblin.y - game.player.y)) <= 6


def test_an_ally_is_not_attacked_by_bumping_it() -> None:
    game = Game.in_dungeon("allies")
    pos = free_tiles_near(game, game.player.pos, 1)[0]
    goblin = ally_at(game, pos)
    here = game.player.pos
    game.perform(Move(pos[0] - here[0], pos[1] - here[1]))
    assert goblin.hp == goblin.max_hp and game.player.pos == pos and goblin.pos == here
