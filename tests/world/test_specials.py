"""Special rooms (SPEC LVL-4): where the level analysis puts them, what they do for a player
(a shop that takes coins, a shrine that heals once, training, an armoury's one-of-three, a
book of maps), the shopkeeper you should not anger, decorations that never block, and the
mapgen output that lists them."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
import pytest

from game.world.action import Done, Impossible
from game.world.actions import Move, PickUp, Wait
from game.content.monsters import MONSTERS
from game.content.specials import SPECIALS, TRAINING_TURNS, training_price
from game.bot.explore import explore_route
from game.mapgen.analysis import analyse
from game.world import combat, travel
from game.world.game import Game
from game.world.specials import peaceful

if TYPE_CHECKING:
    from pathlib import Path

    import pygame

    from game.app.app import App
    from game.app.play import PlayState
    from game.world.actor import Item

SEEDS = [str(n) for n in range(1, 9)]


@lru_cache(maxsize=None)
def _run(seed: str) -> Game:
    return Game.new(seed)


def _dungeon_floors(seed: str):
    game = _run(seed)
    for region in game.world.order:
        for depth in range(1, game.world.floors(region) + 1):
            if travel.floor_kind(game, region, depth) == "dungeon":
                yield region, depth, travel.floor_level(game, region, depth)


def _standing_in(kind: str, seeds: Sequence[str] = SEEDS) -> Game:
    """A fresh run with the player inside a special room of ``kind`` (on a free tile)."""
    for seed in seeds:
        for region, depth, level in _dungeon_floors(seed):
            if any(s.kind == kind for s in level.specials):
                game = Game.new(seed)
                game.enter_dungeon(region, depth)
                room = next(s.room for s in game.floor.level.specials if s.kind == kind)
                taken = {a.pos for a in game.floor.actors} | {i.pos for i in game.floor.items} \
                    | {f.pos for f in game.floor.level.features}
                ys, xs = np.nonzero(game.floor.map.rooms == room)
                tile = next((int(x), int(y)) for x, y in zip(xs, ys) if (x, y) not in taken and _dry(game, (x, y)))
                game.move_actor(game.player, *tile)
                game.update_visibility()
                for monster in list(game.floor.actors):  # only the room's own people stay
                    if not peaceful(monster):
                        game.floor.remove_actor(monster)
                return game
    raise AssertionError(f"no {kind} in the first {len(seeds)} runs")


def _dry(game: Game, pos: tuple[int, int]) -> bool:
    """Whether a tile's ground is stood on as floor (no water to swim, no chasm to fall down: TER-5, TER-6)."""
    from game.map.ground import WALKED

    terrain = game.floor.terrain
    return terrain is None or bool(WALKED[terrain.ground[pos[1], pos[0]]])


def _stand_on(game: Game, pos: tuple[int, int]) -> None:
    keeper = game.occupant(pos)
    if keeper is not None and keeper is not game.player:
        game.floor.move_actor(keeper, *game.player.pos)
    game.move_actor(game.player, *pos)
    game.update_visibility()


# --- where they go ---------------------------------------------------------------------------
def test_every_kind_of_special_room_turns_up_in_ordinary_runs() -> None:
    kinds = Counter(s.kind for seed in SEEDS for _, _, level in _dungeon_floors(seed) for s in level.specials)
    assert set(kinds) == set(SPECIALS), kinds
    floors = sum(1 for seed in SEEDS for _ in _dungeon_floors(seed))
    assert sum(kinds.values()) >= floors // 2, "special rooms are too rare to find"


def test_rooms_are_chosen_by_the_level_analysis() -> None:
    for seed in SEEDS[:5]:
        game = _run(seed)
        for region, depth, level in _dungeon_floors(seed):
            rooms = level.map.rooms
            info = analyse(level.map.room_count, level.door_pairs, int(rooms[level.entrance[::-1]]),
                           int(rooms[level.exit[::-1]]))
            degree = Counter(r for pair in level.door_pairs for r in pair)
            for special in level.specials:
                assert special.room not in (info.main_path[0], info.main_path[-1])
                if special.kind == "shop":
                    assert info.distance_from_main[special.room] == 1 and degree[special.room] == 1
                if special.kind == "armoury":
                    assert special.room in info.branch_ends
            if depth == game.world.floors(region) and len(info.main_path) >= 3:
                assert level.special_of(info.main_path[-2]).kind == "shrine", "no shrine before the Warden"


def test_no_monster_starts_in_a_shop_shrine_or_library() -> None:
    for seed in SEEDS:
        for _, _, level in _dungeon_floors(seed):
            calm = {s.room for s in level.specials if s.kind in ("shop", "shrine", "library")}
            for p in level.placements:
                if p.kind != "shopkeeper" and level.map.rooms[p.y, p.x] in calm:
                    assert p.kind not in MONSTERS, p


def test_mapgen_json_lists_every_special_room_and_its_fixtures_and_wares() -> None:
    from game.tools.mapgen import main

    for seed in SEEDS[:4]:
        for region, depth, level in _dungeon_floors(seed):
            if not level.specials:
                continue
            import io
            from contextlib import redirect_stdout

            out = io.StringIO()
            with redirect_stdout(out):
                assert main(["--seed", seed, "--region", str(region), "--depth", str(depth)]) == 0
            entities = json.loads(out.getvalue())["entities"]
            rooms = {(e["kind"], e["room"]) for e in entities if e.get("special")}
            assert rooms == {(s.kind, s.room) for s in level.specials}
            features = {(e["kind"], e["x"], e["y"]) for e in entities if e.get("feature")}
            assert features == {(f.kind, f.x, f.y) for f in level.features}
            if any(s.kind == "shop" for s in level.specials):
                assert any(e.get("price", 0) > 0 for e in entities)
            return
    raise AssertionError("no special room on the first floors looked at")


def test_decorations_never_block() -> None:
    game = _standing_in("shrine")
    level = game.floor.level
    torch = next(f for f in level.features if f.kind == "torch")
    game.floor.items[:] = []
    before = game.player.pos
    _stand_on(game, (torch.x + 1, torch.y) if level.map.can_step(torch.x + 1, torch.y, -1, 0)
              else (torch.x - 1, torch.y))
    dx = torch.x - game.player.x
    result = game.perform(Move(dx, 0))
    assert isinstance(result, Done) and game.player.pos == torch.pos, (before, torch)


# --- what they do ---------------------------------------------------------------------------
def test_entering_a_special_room_is_announced_once() -> None:
    game = _standing_in("library")
    said = [m for m in game.log.to_dict()["messages"] if "library" in m[0]]
    assert len(said) == 1
    game.perform(Wait())
    pos = game.player.pos
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        if game.floor.map.can_step(*pos, dx, dy) and isinstance(game.perform(Move(dx, dy)), Done):
            break
    assert len([m for m in game.log.to_dict()["messages"] if "library" in m[0]]) == 1


def test_the_book_of_maps_shows_the_whole_floor_once() -> None:
    game = _standing_in("library")
    book = next(f for f in game.floor.level.features if f.kind == "lectern")
    _stand_on(game, book.pos)
    assert not game.floor.seen_rooms.all()
    assert isinstance(game.perform(PickUp()), Done)
    assert game.floor.seen_rooms.all()
    assert isinstance(game.perform(PickUp()), Impossible)
    route, what = explore_route(game)
    end = route[-1]
    assert what == "unexplored" and not game.floor.explored()[game.floor.map.room_at(*end)], \
        "a room known only from the map is still there to explore"


def test_a_shrine_heals_once_and_not_when_unhurt() -> None:
    game = _standing_in("shrine")
    altar = next(f for f in game.floor.level.features if f.kind == "shrine")
    _stand_on(game, altar.pos)
    assert isinstance(game.perform(PickUp()), Impossible), "at full health the blessing waits"
    game.player.hp = 3
    assert isinstance(game.perform(PickUp()), Done)
    assert game.player.hp == game.player.max_hp
    game.player.hp = 3
    assert isinstance(game.perform(PickUp()), Impossible)
    assert game.player.hp == 3


def _ware(game: Game) -> Item:
    return next(i for i in game.floor.items if i.price and i.kind == "potion_healing")


def test_coins_buy_wares_and_too_few_coins_buy_nothing() -> None:
    game = _standing_in("shop")
    ware = _ware(game)
    _stand_on(game, ware.pos)
    game.inventory.coins = ware.price - 1
    potions = game.inventory.count("potion_healing")
    result = game.perform(PickUp())
    assert isinstance(result, Impossible) and f"{ware.price} coins" in result.reason
    assert game.inventory.count("potion_healing") == potions and ware in game.floor.items
    game.inventory.coins = ware.price + 5
    price = ware.price
    assert isinstance(game.perform(PickUp()), Done)
    assert game.inventory.coins == 5 and game.inventory.count("potion_healing") == potions + 1
    assert game.record.coins_spent == price


def _shop_prices(seeds: Sequence[str] = SEEDS) -> Iterator[tuple[int, list[tuple[str, int]]]]:
    """Every shop of these runs as the player finds it: its floor's difficulty and, for each ware
    on show, its kind and the price the sidebar names (``..., for sale: N coins``)."""
    from game.app.describe import tile_text

    for seed in seeds:
        for region, depth, level in _dungeon_floors(seed):
            for shop in (s.room for s in level.specials if s.kind == "shop"):
                game = Game.new(seed)
                game.enter_dungeon(region, depth)
                rooms = game.floor.map.rooms
                wares = [item for item in game.floor.items if item.price and rooms[item.y, item.x] == shop]
                taken = {a.pos for a in game.floor.actors} | {i.pos for i in game.floor.items}
                ys, xs = np.nonzero(rooms == shop)
                game.move_actor(game.player, *next((int(x), int(y)) for x, y in zip(xs, ys)
                                                   if (x, y) not in taken and _dry(game, (x, y))))
                game.update_visibility()
                shown = []
                for item in wares:
                    words = tile_text(game, item.pos)
                    price = re.search(r", for sale: (\d+) coins", words)
                    assert price, f"a ware without its price in sight: {words!r}"
                    shown.append((item.kind, int(price[1])))
                yield game.world.difficulty(region, depth), shown


def test_prices_rise_with_depth() -> None:
    """The same ware costs more in a deeper shop: by the prices shown in the shops of eight runs."""
    prices: dict[str, dict[int, int]] = {}
    shops = 0
    for difficulty, shown in _shop_prices():
        shops += 1
        assert len(shown) >= 4 and "potion_healing" in dict(shown), "a shop shows a healing potion and more"
        for kind, price in shown:
            assert prices.setdefault(kind, {}).setdefault(difficulty, price) == price, \
                f"a {kind} costs {price} here, {prices[kind][difficulty]} in another shop as deep"
    for kind, by_depth in prices.items():
        depths = sorted(by_depth)
        asked = [by_depth[d] for d in depths]
        assert asked == sorted(set(asked)), f"{kind}: {dict(zip(depths, asked))} (difficulty: price)"
    compared = {kind for kind, by_depth in prices.items() if max(by_depth) - min(by_depth) >= 4}
    assert shops >= 10 and len(compared) >= 8, f"{shops} shops; wares seen four floors apart: {sorted(compared)}"
    healing = prices["potion_healing"]
    assert healing[max(healing)] >= 1.5 * healing[min(healing)], f"healing potions: {healing}"


def test_the_shopkeeper_is_peaceful_until_hurt_then_deadly_and_its_death_frees_the_shop() -> None:
    game = _standing_in("shop")
    keeper = next(a for a in game.floor.actors if a.kind == "shopkeeper")
    _stand_on(game, (keeper.x, keeper.y))  # the keeper steps aside, onto our tile
    game.move_actor(game.player, *game.player.pos)
    near = next((keeper.x + dx, keeper.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))
                if game.floor.map.can_step(keeper.x, keeper.y, dx, dy) and game.occupant((keeper.x + dx, keeper.y + dy))
                is None)
    game.move_actor(game.player, *near)
    game.update_visibility()
    hp, theirs = keeper.hp, keeper.pos
    result = game.perform(Move(keeper.x - game.player.x, keeper.y - game.player.y))
    assert isinstance(result, Done) and keeper.hp == hp, "walking into it is no attack"
    assert game.player.pos == theirs and keeper.pos != theirs, "it steps aside: it never blocks the way"
    for _ in range(5):
        game.perform(Wait())
        game.perform(Move(keeper.x - game.player.x, keeper.y - game.player.y)) \
            if max(abs(keeper.x - game.player.x), abs(keeper.y - game.player.y)) == 1 else None
    assert game.player.hp == game.player.max_hp, "a peaceful keeper never attacks, even walking home past you"
    keeper.hp -= 1  # a stray blast
    game.player.hp = game.player.max_hp = 500
    for _ in range(10):
        game.perform(Wait())
    assert game.player.hp < 500, "a hurt keeper fights"
    game.kill(keeper, game.player)
    assert not any(i.price for i in game.floor.items), "the wares are free once it is dead"


def test_an_armourys_pieces_are_one_choice() -> None:
    game = _standing_in("armoury")
    pieces = [i for i in game.floor.items if i.choice]
    assert len(pieces) >= 2
    _stand_on(game, pieces[0].pos)
    result = game.perform(PickUp())
    assert isinstance(result, Done) and "lock" in result.message
    assert not any(i.choice == pieces[0].choice for i in game.floor.items if i is not pieces[0])


def test_training_raises_a_skill_for_coins_or_for_turns() -> None:
    game = _standing_in("training")
    dummies = {f.kind: f for f in game.floor.level.features if f.kind.startswith("dummy_")}
    target = game.player
    before = combat.stats_of(game, target)
    _stand_on(game, dummies["dummy_accuracy"].pos)
    game.inventory.coins = training_price(game.max_depth)
    assert isinstance(game.perform(PickUp()), Done)
    assert game.inventory.coins == 0 and combat.stats_of(game, target).accuracy == before.accuracy + 1
    assert isinstance(game.perform(PickUp()), Impossible), "one lesson a dummy"
    _stand_on(game, dummies["dummy_defence"].pos)
    turn = game.turn
    for _ in range(TRAINING_TURNS):
        assert isinstance(game.perform(PickUp()), Done)
    assert game.turn - turn >= TRAINING_TURNS
    assert combat.stats_of(game, target).defence == before.defence + 1


def test_special_state_survives_a_save() -> None:
    game = _standing_in("shop")
    ware = _ware(game)
    _stand_on(game, ware.pos)
    game.inventory.coins = 100
    game.perform(PickUp())
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.digest() == game.digest()
    assert again.record.coins_spent == game.record.coins_spent > 0
    assert again.floor.announced == game.floor.announced
    assert again.floor.level.specials == game.floor.level.specials


@pytest.mark.parametrize("kind", ["shop", "shrine"])
def test_special_rooms_read_at_a_glance(display: pygame.Surface, kind: str) -> None:
    """The room's floor is its own colour, and its fixtures and decorations are drawn."""
    from game.render.layout import TILE
    from game.render.sprites import SpriteBank
    from game.render.view import PlayView

    game = _standing_in(kind)
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    view.layer.update(np.ones(game.floor.map.room_count, dtype=bool), [])  # rooms are drawn once seen
    lit = view.layer.lit
    room = next(s.room for s in game.floor.level.specials if s.kind == kind)
    taken = {f.pos for f in game.floor.level.features}
    ys, xs = np.nonzero(game.floor.map.rooms == room)
    plain = next((int(x), int(y)) for x, y in zip(xs, ys) if (x, y) not in taken)
    ordinary = next(r for r in range(game.floor.map.room_count) if game.floor.level.special_of(r) is None)
    oy, ox = (int(v[0]) for v in np.nonzero(game.floor.map.rooms == ordinary))
    middle = TILE // 2
    special_colour = lit.get_at((plain[0] * TILE + middle, plain[1] * TILE + middle))[:3]
    ordinary_colour = lit.get_at((ox * TILE + middle, oy * TILE + middle))[:3]
    assert sum(abs(a - b) for a, b in zip(special_colour, ordinary_colour)) > 40
    feature = game.floor.level.features[0]
    picture = lit.subsurface((feature.x * TILE, feature.y * TILE, TILE, TILE))
    colours = {picture.get_at((x, y))[:3] for x in range(4, TILE - 4) for y in range(4, TILE - 4)}
    assert len(colours) > 12, "the decoration is drawn into the floor picture"


def test_a_peaceful_keeper_walking_home_never_strikes_whoever_stands_there() -> None:
    game = _standing_in("shop")
    keeper = next(a for a in game.floor.actors if a.kind == "shopkeeper")
    home = keeper.home
    aside = next((home[0] + dx, home[1] + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                 if game.floor.map.can_step(*home, dx, dy) and game.occupant((home[0] + dx, home[1] + dy)) is None)
    game.floor.move_actor(keeper, *aside)
    game.move_actor(game.player, *home)  # standing on its spot, in its way home
    game.update_visibility()
    for _ in range(10):
        game.perform(Wait())
    assert game.player.hp == game.player.max_hp


def _app_in(kind: str, tmp_path: Path) -> tuple[App, PlayState]:
    """The game's window on the floor of the first run with a special room of ``kind``, its
    ordinary monsters gone (the room's shopkeeper stays)."""
    from game.app.app import App
    from game.app.options import Options
    from tests.helpers import until_playing

    found = _standing_in(kind)
    app = App(Options(fps=0, save_dir=str(tmp_path), seed=found.seed_text))
    play = until_playing(app)
    play.game.enter_dungeon(found.region, found.depth)
    for monster in [m for m in play.game.floor.actors if not peaceful(m)]:
        play.game.floor.remove_actor(monster)
    return app, play


def test_pressing_g_on_a_dummy_without_coins_practises_until_learned(display: pygame.Surface, tmp_path: Path) -> None:
    """In the window: one g starts the practice, which goes on by itself like resting."""
    import pygame

    app, play = _app_in("training", tmp_path)
    game = play.game
    post = next(f for f in game.floor.level.features if f.kind == "dummy_defence")
    game.move_actor(game.player, *post.pos)
    game.update_visibility()
    game.inventory.coins = 0
    play.view.sync(game, 0)
    turn = game.turn
    clock = [0.0]
    app.now_ms = lambda: clock[0]  # simulated time, as key scripts do: 100 ms a frame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, unicode="g", mod=0))
    for _ in range(2000):
        clock[0] += 100.0
        app.frame()
        if game.record.defence and play.walk is None:
            break
    assert game.record.defence == 1 and game.turn - turn >= TRAINING_TURNS
    assert play.walk is None, "the practice stops once learned"


def test_exploring_beside_the_shopkeeper_never_attacks_it(display: pygame.Surface, tmp_path: Path) -> None:
    """x beside a foe fights it; a peaceful shopkeeper is no foe."""
    import pygame

    app, play = _app_in("shop", tmp_path)
    game = play.game
    keeper = next(a for a in game.floor.actors if a.kind == "shopkeeper")
    beside = next((keeper.x + dx, keeper.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if game.floor.map.can_step(keeper.x, keeper.y, dx, dy)
                  and game.occupant((keeper.x + dx, keeper.y + dy)) is None)
    game.move_actor(game.player, *beside)
    game.update_visibility()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, unicode="x", mod=0))
    turn = game.turn
    app.frame()
    assert keeper.hp == keeper.max_hp and peaceful(keeper)
    assert not any("attack" in m.text.lower() for m in game.log.messages), "no blow at the keeper"
    assert play.walk is not None or game.turn > turn, "x explores on (past the keeper, if its way leads there)"
