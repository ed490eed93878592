"""The run (SPEC RUN-1, RUN-2, RUN-4): island -> dungeon -> Warden -> island -> ... -> victory."""

from __future__ import annotations

import json


from game.world.action import Done, Impossible
from game.world.actions import Ascend, Descend, Move
from game.content.monsters import is_warden
from game.bot.autoplay import Autoplayer, play
from game.mapgen import landmass as lm
from game.mapgen.dungeon import DungeonParams
from game.mapgen.overworld import OverworldParams
from game.map.edges import Edge
from game.map.floor_map import DIRECTIONS_8
from game.world import events
from game.world.game import OVERWORLD, Game, RunParams

from tests.helpers import until_playing

SMALL = RunParams(DungeonParams(width=40, height=30, room_count=None), OverworldParams(width=60, height=45, regions=2),
                  (1,))


def test_a_run_starts_on_the_island_near_the_first_entrance() -> None:
    game = Game.new("start")
    assert game.on_overworld and game.floor.level.kind == "overworld"
    first = game.world.order[0]
    ex, ey = game.world.entrances[first]
    assert max(abs(game.player.x - ex), abs(game.player.y - ey)) <= 1
    assert game.world.unlocked(first) and not any(game.world.unlocked(r) for r in game.world.order[1:])
    assert game.floor.visible == list(range(game.world.regions)), "daylight: the whole island in view"


def _bot_game(seed: str) -> tuple[Game, list[str]]:
    """The bot's run of a two-region world, and the floors it went through."""
    game = Game.new(seed, SMALL)
    bot = Autoplayer()
    trail: list[str] = []
    for _ in range(6000):
        if game.over or game.won:
            break
        game.perform(bot.next_action(game))
        if not trail or trail[-1] != game.floor_key:
            trail.append(game.floor_key)
    return game, trail


def test_bot_walks_to_the_entrance_descends_kills_the_warden_and_comes_back_up() -> None:
    # the first seed the bot wins (about one in five on this small world)
    game, trail = next(((g, t) for g, t in map(_bot_game, (str(n) for n in range(10, 40))) if g.won), (None, []))
    assert game is not None, "the bot won none of 30 two-region runs"
    first, second = game.world.order
    assert trail[:3] == [OVERWORLD, f"{first}:1", OVERWORLD], "island, first dungeon, back after its Warden"
    assert f"{second}:1" in trail, "then on through the opened gates to the next region"
    assert game.won and game.world.defeated == [True, True] and game.on_overworld
    assert any("Warden of" in m.text and "falls" in m.text for m in game.log.messages)


def test_gates_open_in_play_order_and_sealed_gates_say_why() -> None:
    game = Game.new("gates")
    world, island = game.world, game.floors[OVERWORLD]
    order = world.order
    for edge, regions in world.gates:
        expected = Edge.OPEN_DOOR if set(regions) <= {order[0]} else Edge.LOCKED_DOOR
        assert island.map.edge(*edge) == expected
    edge, regions = next((e, r) for e, r in world.gates if order[0] in r)
    x, y, side = edge
    inside = (x, y) if island.map.room_at(x, y) == order[0] else ((x, y - 1) if side == 0 else (x - 1, y))
    outside = (x, y) if inside != (x, y) else ((x, y - 1) if side == 0 else (x - 1, y))
    game.player.x, game.player.y = inside
    result = game.perform(Move(outside[0] - inside[0], outside[1] - inside[1]))
    beyond = island.map.room_at(*outside)
    keeper = order[order.index(beyond) - 1]
    assert isinstance(result, Impossible) and "sealed" in result.reason
    assert f"{world.warden_names[keeper]}, Warden of {world.names[keeper]}" in result.reason
    game.region = order[0]
    events.warden_falls(game, order[0])
    if beyond == order[1]:
        assert island.map.edge(*edge) == Edge.OPEN_DOOR, "the fallen Warden's gates to the next region open"
    assert world.unlocked(order[1]) and world.next_region() == order[1]


def test_entrances_lead_down_and_stairs_up_lead_back_out() -> None:
    game = Game.new("stairs")
    first = game.world.order[0]
    assert isinstance(game.perform(Descend()), Impossible), "not standing on the entrance"
    game.player.x, game.player.y = game.world.entrances[first]
    assert isinstance(game.perform(Descend()), Done) and game.floor_key == f"{first}:1"
    assert game.player.pos == game.floor.level.entrance
    assert isinstance(game.perform(Ascend()), Done) and game.on_overworld
    assert game.player.pos == game.world.entrances[first]


def test_the_deepest_floor_has_a_warden_instead_of_stairs() -> None:
    game = Game.new("deep", SMALL)
    first = game.world.order[0]
    game.enter_dungeon(first, 1)
    level = game.floor.level
    wardens = [a for a in game.floor.actors if is_warden(a.kind)]
    assert not level.stairs_down and len(wardens) == 1 and wardens[0].pos == level.exit
    assert wardens[0].name == f"{game.world.warden_names[first]} the Warden"
    assert game.name_of(wardens[0]) == wardens[0].name
    game.player.x, game.player.y = level.exit
    assert isinstance(game.perform(Descend()), Impossible)


def test_hills_and_mountains_are_slow_water_is_impassable() -> None:
    game = Game.new("terrain")
    island = game.floor
    terrain = island.level.terrain
    costs = {}
    for kind in (lm.HILLS, lm.MOUNTAIN, lm.PLAINS, lm.FOREST):
        spots = [(x, y) for y, x in zip(*((terrain == kind).nonzero()))]
        for x, y in spots:
            steps = [(dx, dy) for dx, dy in DIRECTIONS_8 if island.map.can_step(x - dx, y - dy, dx, dy)]
            if steps:
                dx, dy = steps[0]
                game.player.x, game.player.y = x - dx, y - dy
                before = game.turn
                assert isinstance(game.perform(Move(dx, dy)), Done)
                costs[kind] = game.turn - before
                break
    assert costs == {lm.HILLS: 2, lm.MOUNTAIN: 3, lm.PLAINS: 1, lm.FOREST: 1}
    water = [(x, y) for y, x in zip(*((terrain <= lm.SHALLOW).nonzero()))]
    assert all(not island.map.is_floor(x, y) for x, y in water[:200])


def test_floors_are_kept_and_the_whole_run_saves() -> None:
    game = play("keep", 1500)
    keys = set(game.floors)
    again = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    assert again.digest() == game.digest() and set(again.floors) == keys
    assert again.world.to_dict() == game.world.to_dict()


def test_victory_screen(display, monkeypatch) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.states import VictoryState

    app = App(Options(seed="win", fps=0))
    until_playing(app)
    game = app.state.game
    for region in game.world.order:
        game.region = region
        events.warden_falls(game, region)
    game.returning = None
    app.frame()
    assert isinstance(app.state, VictoryState)
    from game.render import text

    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda s, size, colour: (shown.append(s), original(s, size, colour))[1])
    app.state.draw(app.screen, 0.0)  # a still screen is not redrawn by the loop (PERF-7): draw it here
    assert "Every Warden has fallen" in shown and f"Seed {game.seed_text}" in shown
