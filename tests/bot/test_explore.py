"""Auto-explore, travel and rest (UI-6), and key scripts (UI-9), played through the real screens."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
import pytest

from game.app.app import App
from game.app.options import Options, parse_options
from game.app.script import ScriptError, parse_keys, run_script, script_summary
from game.bot.explore import explore_route, stairs_route
from game.world.game import Game
from tests.conftest import ROOT
from tests.helpers import game_on

if TYPE_CHECKING:
    from game.app.play import PlayState

HALL = """
+-+-+-+-+-+-+-+
|. @ .D. . . >|
+     +-+-+   +
|. . .D. . .D.|
+-+-+-+-+-+-+-+
"""


def clear_monsters(game: Game) -> None:
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)


def scripted(seed: str, keys: str, tmp_path, start: str = "dungeon", fights: bool = False) -> tuple[App, dict]:
    app = App(Options(fps=0, seed=seed, start=start, save_dir=str(tmp_path)))
    app.settings = replace(app.settings, explore_fights=fights)
    run_script(app, keys)
    return app, script_summary(app)


def test_explore_goes_through_doors_into_rooms_not_seen() -> None:
    game = game_on(HALL)
    route, what = explore_route(game)
    assert what == "unexplored" and route, "the door east leads to a room not seen yet"
    assert not game.floor.seen_rooms[game.floor.map.rooms[route[-1][1], route[-1][0]]]
    for room in range(game.floor.map.room_count):
        game.floor.seen_rooms[room] = True
    assert explore_route(game) == ([], "")


def test_travel_finds_the_known_stairs_and_says_when_they_are_unknown() -> None:
    game = game_on(HALL)
    route, why = stairs_route(game, down=True)
    assert route is None and "not found the stairs" in why
    game.floor.seen_rooms[:] = True
    route, what = stairs_route(game, down=True)
    assert route[-1] == game.floor.level.exit and what == "the stairs down"


def test_x_explores_a_floor_and_stops_for_monsters_or_when_done(tmp_path) -> None:
    app, record = scripted("5", "x*40", tmp_path, fights=True)  # the option: x fights what blocks it
    assert record["rooms_seen"] >= record["rooms"] // 2, record
    assert record["log_tail"], "it says why it stopped"
    app, record = scripted("5", "x*40", tmp_path / "b")  # by default x stops for a foe in view, and says so
    assert record["log_tail"][-1].startswith("Not while the "), record["log_tail"]


def test_travel_to_the_stairs_then_down_without_the_mouse(tmp_path) -> None:
    app = App(Options(fps=0, seed="stairs", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    game = app.state.game
    game.floor.seen_rooms[:] = True  # as if explored: the stairs are known
    clear_monsters(game)  # nothing to interrupt the walk
    depth = game.depth
    run_script(app, ">")
    assert game.player.pos == game.floor.level.exit, "> away from the stairs walks to them"
    run_script(app, ">")
    assert game.depth == depth + 1, "> on the stairs goes down"


def test_any_key_stops_a_walk(tmp_path) -> None:
    app = App(Options(fps=0, seed="stop", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    play = app.state
    play.game.floor.seen_rooms[:] = True
    clear_monsters(play.game)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PERIOD, unicode=">", mod=pygame.KMOD_SHIFT))
    app.frame()
    assert play.walk is not None and play.walk.route
    turn = play.game.turn
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, unicode="", mod=0))
    app.frame()
    assert play.walk is None and play.game.turn == turn, "the key stops the walk and does nothing else"


def test_rest_heals_and_is_refused_with_a_monster_in_view(tmp_path) -> None:
    app = App(Options(fps=0, seed="rest", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    game = app.state.game
    clear_monsters(game)
    game.player.hp = 10
    run_script(app, "z")
    assert game.player.hp == game.player.max_hp and "You are rested." in [m.text for m, _ in game.log.last(3)]
    game.player.hp = 10
    nx, ny = next((game.player.x + dx, game.player.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if game.floor.map.can_step(game.player.x, game.player.y, dx, dy))
    game.spawn_monster("rat", nx, ny)
    game.update_visibility()
    run_script(app, "z")
    assert game.player.hp <= 10 and "You cannot rest with the rat in view." in [m.text for m, _ in game.log.last(3)]


def test_keys_parse_and_refuse_what_is_not_a_key() -> None:
    assert len(parse_keys("x*3 > g 1 Up Esc")) == 8
    with pytest.raises(ScriptError):
        parse_keys("Flurb")


def test_the_command_line_key_script(tmp_path) -> None:
    result = subprocess.run([sys.executable, "main.py", "--seed", "5", "--headless", "--start", "dungeon",
                             "--keys", "x*10", "--screenshot", str(tmp_path / "shot.png")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    record = json.loads(result.stdout.strip().splitlines()[-1])
    assert record["rooms_seen"] > 1 and record["seed"] == "5" and record["log_tail"]
    assert (tmp_path / "shot.png").stat().st_size > 10_000
    with pytest.raises(SystemExit):
        parse_options(["--keys", "x"])  # a window-less script needs --headless


def test_the_same_script_gives_the_same_game(tmp_path) -> None:
    first = scripted("same", "x*5 . x*5", tmp_path / "a")[1]
    again = scripted("same", "x*5 . x*5", tmp_path / "b")[1]
    assert first["digest"] == again["digest"]
    assert Game.new("same").digest() != first["digest"]


def test_x_beside_a_foe_fights_it_instead_of_walking_away(tmp_path) -> None:
    """With the option "explore fights what blocks it" (off by default: see test_explore_honest)."""
    app = App(Options(fps=0, seed="fight", start="dungeon", save_dir=str(tmp_path)))
    app.settings = replace(app.settings, explore_fights=True)
    run_script(app, "")
    game = app.state.game
    clear_monsters(game)
    px, py = game.player.pos
    spot = next((px + dx, py + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if game.floor.map.can_step(px, py, dx, dy))
    rat = game.spawn_monster("rat", *spot)
    game.update_visibility()
    run_script(app, "x")
    assert game.player.pos == (px, py) and (rat.hp < rat.max_hp or not rat.alive or
                                            any("miss the rat" in m.text for m, _ in game.log.last(3)))


ARMOURY_PATH = """
+-+-+-+-+-+-+-+-+
|@ A P .D. . . .|
+-+-+-+-+-+-+-+-+
"""


def explored(play: PlayState, frames: int = 400) -> None:
    """``x``, then its steps until it stops."""
    play.walks.start("explore")
    now = 0.0
    for _ in range(frames):
        if play.walk is None:
            return
        now += 100.0
        play.update(now)


def test_x_walks_over_a_battle_axe_and_leaves_it_for_g() -> None:
    """The README: weapons and armour wait for g, on a step and in auto-explore."""
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run
    from tests.helpers import game_on

    game = game_on(ARMOURY_PATH, {"A": "axe", "P": "potion_healing"})
    game.drop_item("plate_armour", game.player.pos)  # it stands on plate armour too
    weapon, armour, potions = game.inventory.weapon, game.inventory.armour, game.inventory.count("potion_healing")
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    explored(play)
    assert game.player.pos == (3, 0) and game.floor.seen_rooms.all(), "it walked on and opened the door"
    assert game.inventory.count("potion_healing") == potions + 1, "the potion on its way is taken"
    assert (game.inventory.weapon, game.inventory.armour) == (weapon, armour), "nothing was worn"
    assert [item.kind for item in game.floor.items_at((1, 0))] == ["axe"], "the axe waits for g"
    assert [item.kind for item in game.floor.items_at((0, 0))] == ["plate_armour"]
    game.player.x, game.player.y = 4, 0
    game.update_visibility()
    assert explore_route(game)[1] != "item", "x does not walk back to the axe either"


# A room seen whole (by the room): the way east to the stairs runs past a chasm (0), a burning
# patch of brush (;) and a pond (~); there is a dry way round them through the bottom row.
MOOR = """
+-+-+-+-+-+-+-+
|@ 0 ; ~ . . >|
+             +
|. 0 ; ~ . . .|
+             +
|. . . . . . .|
+-+-+-+-+-+-+-+
"""


def test_travel_goes_round_fire_and_chasms_and_would_rather_not_swim() -> None:
    from game.world.drawn import GROUND_MARKS, game_on_plan

    game = game_on_plan(MOOR, ground=GROUND_MARKS)
    terrain = game.floor.terrain
    assert terrain is not None
    terrain.fire[0:2, 2] = 6
    route, _ = stairs_route(game, down=True)
    assert route is not None and route[-1] == (6, 0)
    assert all(terrain.ground[y, x] not in (3, 4) and not terrain.fire[y, x] for x, y in route), \
        "no water, no chasm, nothing burning"
    assert any(y == 2 for _, y in route), "round by the bottom row"
    terrain.ground[2, 3] = 3  # the bottom row flooded too: now only swimming gets there
    route, _ = stairs_route(game, down=True)
    assert route is not None and any(terrain.ground[y, x] == 3 for x, y in route), "it swims when it must"
    assert not any(terrain.ground[y, x] == 4 or terrain.fire[y, x] for x, y in route)
