"""The island's life in play (SPEC TER-8): a run's island floor holds its residents, caches, wares
and places; residents of later regions are tougher; a campfire heals once, a wayshrine blesses
once; walking into a deer swaps places; and what was used or taken stays so in a save."""

from __future__ import annotations

import json

import pytest

from game.content.monsters import MONSTERS
from game.content.specials import BLESSING
from game.mapgen.island_life import run_life
from game.mapgen.overworld import generate_overworld
from game.rng import Rng
from game.world.action import Done, Impossible
from game.world.actions import Move, PickUp, Wait
from game.world.game import OVERWORLD, Game
from game.world.navigation import chebyshev
from game.world.saving import SaveError


def on_place(game: Game, kind: str) -> tuple[int, int]:
    """Put the player on the first feature of ``kind`` on the island; returns where."""
    feature = next(f for f in game.floor.level.features if f.kind == kind)
    game.move_actor(game.player, *feature.pos)
    return feature.pos


def test_a_new_run_s_island_holds_the_life_its_seed_gives() -> None:
    game = Game.new("4")
    life = run_life(game.seed, generate_overworld(Rng.stream(game.seed, "world"), game.params.world))
    floor = game.floors[OVERWORLD]
    assert sorted((a.kind, a.pos) for a in floor.actors) == sorted(
        (p.kind, (p.x, p.y)) for p in life.placements if p.kind in MONSTERS)
    assert len(floor.items) == len([p for p in life.placements if p.kind not in MONSTERS])
    assert floor.level.features == life.features
    assert any(a.kind == "deer" for a in floor.actors) and any(a.kind == "wolf" for a in floor.actors)
    assert any(item.price for item in floor.items)  # a merchant's wares


def test_residents_of_regions_played_later_are_tougher() -> None:
    game = Game.new("1")
    floor, order = game.floors[OVERWORLD], game.world.order
    wolves = {order.index(floor.map.room_at(*a.pos)): a.max_hp for a in floor.actors if a.kind == "wolf"}
    assert len(wolves) >= 2
    ranks = sorted(wolves)
    assert wolves[ranks[0]] < wolves[ranks[-1]]


def test_a_campfire_heals_once_and_stays_cold_after_a_save() -> None:
    game = Game.new("2")
    pos = on_place(game, "campfire")
    game.player.hp = 10
    result = game.perform(PickUp())
    assert isinstance(result, Done) and game.player.hp == game.player.max_hp
    game.player.hp = 10
    loaded = Game.from_text(json.dumps(game.to_dict()))
    assert loaded.floor.fixture_use[pos] == 1
    assert isinstance(loaded.perform(PickUp()), Impossible) and loaded.player.hp == 10


def test_a_campfire_asks_nothing_of_the_unhurt() -> None:
    game = Game.new("2")
    on_place(game, "campfire")
    assert isinstance(game.perform(PickUp()), Impossible)
    assert not game.floor.fixture_use


def test_a_wayshrine_blesses_once() -> None:
    game = Game.new("2")
    on_place(game, "wayshrine")
    most = game.player.max_hp
    assert isinstance(game.perform(PickUp()), Done)
    assert game.player.max_hp == most + BLESSING
    assert isinstance(game.perform(PickUp()), Impossible)
    assert game.player.max_hp == most + BLESSING


def test_a_cache_taken_from_the_ruins_is_gone_from_a_save() -> None:
    game = Game.new("3")
    ruin = next(f for f in game.floor.level.features
                if f.kind == "ruin" and game.floor.items_at(f.pos) and not game.floor.items_at(f.pos)[-1].price)
    for monster in list(game.floor.actors):  # (its guards would have a word)
        game.floor.remove_actor(monster)
    game.move_actor(game.player, *ruin.pos)
    before = game.inventory.coins + sum(game.inventory.count(k) for k in ("potion_healing",))
    assert isinstance(game.perform(PickUp()), Done)
    loaded = Game.from_text(json.dumps(game.to_dict()))
    assert not loaded.floors[OVERWORLD].items_at(ruin.pos)
    assert loaded.inventory.to_dict() == game.inventory.to_dict() and loaded.inventory.coins >= before - 1


def test_a_save_that_claims_a_used_place_where_none_stands_is_refused() -> None:
    game = Game.new("2")
    data = game.to_dict()
    land = next(p for p in [(x, y) for y in range(40, 100) for x in range(40, 160)]
                if game.floor.map.is_floor(*p) and game.floor.level.feature_at(p) is None)
    data["floors"][OVERWORLD]["fixture_use"] = [[land[0], land[1], 1]]
    with pytest.raises(SaveError, match="no fixture stands"):
        Game.from_text(json.dumps(data))


def test_walking_into_a_deer_swaps_places_with_it() -> None:
    game = Game.new("2")
    deer = next(a for a in game.floor.actors if a.kind == "deer")
    spot = next((deer.x + dx, deer.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if game.floor.map.can_step(deer.x + dx, deer.y + dy, -dx, -dy)
                and game.occupant((deer.x + dx, deer.y + dy)) is None)
    game.move_actor(game.player, *spot)
    where = deer.pos
    result = game.perform(Move(where[0] - spot[0], where[1] - spot[1]))
    assert isinstance(result, Done) and game.player.pos == where and deer.hp == deer.max_hp


def test_the_island_s_turns_stay_quick_and_the_same_for_the_same_seed() -> None:
    games = [Game.new("6"), Game.new("6")]
    for game in games:
        for _ in range(60):
            game.perform(Wait())
    assert games[0].digest() == games[1].digest()
    moved = [a for a in games[0].floor.actors if a.home is not None and a.pos != a.home]
    assert moved  # the residents wander


def test_residents_far_from_the_player_rest_and_those_near_wander() -> None:
    """A resident beyond ``AWAKE`` takes no turns (the island's turns stay cheap), unless it is after
    the player; one near goes about."""
    from game.world.island import AWAKE, awake

    game = Game.new("6")
    far = [a for a in game.floor.actors if chebyshev(a.pos, game.player.pos) > AWAKE + 5]
    near = [a for a in game.floor.actors if chebyshev(a.pos, game.player.pos) <= AWAKE - 10 and a.kind == "deer"]
    assert far and near
    before = {a.eid: a.pos for a in game.floor.actors}
    for _ in range(40):
        game.perform(Wait())
    assert all(a.pos == before[a.eid] for a in far)
    assert any(a.pos != before[a.eid] for a in near)
    far[0].state = "hunting"
    assert far[0] in awake(game, game.floor.actors)
