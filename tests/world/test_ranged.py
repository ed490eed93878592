"""Throwing TNT and firing rockets (SPEC ITM-3, LIN-2, SHP-3)."""

from __future__ import annotations

from game.app.play_words import hover_text

import pygame

from game.world.action import Done, Impossible
from game.world.actions import Fire, Throw, UseSlot
from game.app.aim import Aim
from game.world.blast import damage_at, explode
from game.map.edges import Edge
from game.map.floor_map import Side
from game.world.projectiles import fly
from tests.helpers import aim_of, asked, game_on, until_playing

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+                       +
|. . . . . . . . . . . >|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def test_aim_line_is_cut_by_a_closed_door_and_a_wall() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+
|@ . .D. . . . .|
+-+-+-+-+-+-+-+-+
""")
    flight = fly(game.floor.map, (0, 0), (7, 0), lambda p: False)
    assert flight.end == (2, 0) and flight.blocked
    game.floor.map.set_edge(3, 0, Side.W, Edge.OPEN_DOOR)
    assert fly(game.floor.map, (0, 0), (7, 0), lambda p: False).end == (7, 0)
    game.inventory.add("tnt")
    game.floor.map.set_edge(3, 0, Side.W, Edge.DOOR)
    game.note_door_changed()
    aim = Aim.start(game, "throw")
    aim.target = (6, 0)
    preview = aim.preview(game)
    assert preview.flight.end == (2, 0) and preview.beyond == [(3, 0), (4, 0), (5, 0), (6, 0)]


def test_tnt_damage_falls_off_with_distance_and_stops_at_walls() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . a . . . .|
+                   +
|. . . . . b . . . .|
+                   +
|. . . . . . . c|d .|
+-+-+-+-+-+-+-+-+-+-+
""", {"a": "troll", "b": "troll", "c": "troll", "d": "troll"})
    centre, near, rim, behind = (game.occupant(p) for p in ((5, 0), (5, 1), (7, 2), (8, 2)))
    game.inventory.add("tnt")
    result = game.perform(Throw(5, 0))
    texts = [m.text for m in game.log.messages]
    assert isinstance(result, Done) and "The TNT explodes!" in texts and any(t.startswith("The blast hits") for t in texts)
    kills = [i for i, t in enumerate(texts) if t.startswith("You kill")]
    assert all(i > texts.index("The TNT explodes!") for i in kills), "the blast is told before what it killed"
    lost = {a.kind + str(a.pos): a.max_hp - a.hp for a in (centre, near, behind)}
    assert centre.max_hp - centre.hp == damage_at(0, 2, 12) > near.max_hp - near.hp == damage_at(1, 2, 12)
    assert rim.max_hp - rim.hp == damage_at(2, 2, 12) < damage_at(1, 2, 12)
    assert behind.hp == behind.max_hp, f"the wall shields it: {lost}"
    assert game.inventory.count("tnt") == 0 and game.player.hp == game.player.max_hp


def test_explosions_blow_doors_open_and_wake_sleepers() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . .D. . . . . z|
+-+-+-+-+-+-+-+-+-+-+-+
""", {"z": "zombie"})
    zombie = game.occupant((10, 0))
    zombie.state = "asleep"
    game.inventory.add("tnt")
    result = game.perform(Throw(4, 0))
    assert game.floor.map.edge(5, 0, Side.W) == Edge.OPEN_DOOR and isinstance(result, Done)
    assert any("blown open" in message.text for message in game.log.messages)
    assert zombie.state != "asleep", "explosions are loud"


def test_rocket_bursts_on_the_first_creature_in_its_path() -> None:
    game = game_on(HALL)
    first, second = game.spawn_monster("troll", 4, 0), game.spawn_monster("troll", 9, 0)
    for m in (first, second):
        m.hp = m.max_hp = 200
    game.inventory.ranged = "rocket_launcher"
    game.inventory.add("rockets", 1)
    assert isinstance(game.perform(Fire(11, 0)), Done)
    assert first.hp < 200 and second.hp == 200
    assert game.inventory.count("rockets") == 0
    assert isinstance(game.perform(Fire(11, 0)), Impossible), "no rockets left"


def test_shock_wave_throws_monsters_outward_until_a_wall_stops_them() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . .|
+                       +
|. . . . . . . . . g|. .|
+                       +
|. . . . . . . . . . . >|
+-+-+-+-+-+-+-+-+-+-+-+-+
""", {"g": "troll"})
    walled = game.occupant((9, 1))
    free = game.spawn_monster("troll", 6, 1)
    near = game.spawn_monster("troll", 4, 1)
    for m in (walled, free, near):
        m.hp = m.max_hp = 200
    result = explode(game, (5, 1), 2, 10, game.player, shock=True)
    assert near.pos == (2, 1) and result.pushed[near.eid] == 2, "one tile from the centre: thrown two"
    assert free.pos == (8, 1), "thrown east until it is two tiles further"
    assert walled.pos == (9, 1), "outside the blast: not moved"
    result = explode(game, (7, 1), 2, 10, game.player, shock=True)
    assert free.pos == (8, 1) or walled.pos == (9, 1)
    assert walled.pos == (9, 1) and walled.eid not in result.pushed, "the wall east of it stops it"


def test_throw_and_fire_are_refused_without_ammo() -> None:
    game = game_on(HALL)
    assert isinstance(game.perform(Throw(5, 0)), Impossible)
    assert isinstance(game.perform(Fire(5, 0)), Impossible)
    assert isinstance(Aim.start(game, "throw"), str) and isinstance(Aim.start(game, "fire"), str)


def key(k: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, unicode=unicode, mod=0))


def test_aiming_with_keys_and_mouse_in_the_app(display) -> None:
    from game.app.app import App
    from game.app.options import Options

    app = App(Options(seed="aim", fps=0))
    play = until_playing(app)
    game = play.game
    game.inventory.add("tnt", 3)
    key(pygame.K_t, "t")
    app.frame()
    assert aim_of(app) is not None and aim_of(app).target == game.player.pos
    x, y = game.player.pos
    step = 1 if x + 3 < game.floor.map.width else -1
    for _ in range(3):
        key(pygame.K_RIGHT if step > 0 else pygame.K_LEFT)
    app.frame()
    assert aim_of(app).target == (x + 3 * step, y)
    key(pygame.K_ESCAPE)
    app.frame()
    assert aim_of(app) is None and game.inventory.count("tnt") == 3, "Esc cancels"
    slot = next(i for i, (k, _) in enumerate(game.inventory.slots) if k == "tnt")
    key(pygame.K_1 + slot, str(slot + 1))
    app.frame()
    assert aim_of(app) is not None, "using the TNT slot starts a throw"
    target = play.camera.world_to_screen(x + 2 * step + 0.5, y + 0.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(target[0]), int(target[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(target[0]), int(target[1])), button=1))
    app.frame()
    assert aim_of(app) is not None and asked(app).startswith("The blast will reach you"), \
        "two tiles away the blast reaches you: it asks first (UI-7)"
    assert game.inventory.count("tnt") == 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(target[0]), int(target[1])), button=1))
    app.frame()
    assert aim_of(app) is None and game.inventory.count("tnt") == 2, "a second click throws anyway"
    assert play.view.effects.running, "the explosion is animated"
    turn = game.turn
    key(pygame.K_KP5)  # wait a turn, while the explosion still plays
    app.frame()
    assert game.turn == turn + 1, "input is not blocked by the animation"


def test_using_a_tnt_slot_asks_for_a_target() -> None:
    game = game_on(HALL)
    game.inventory.add("tnt")
    slot = next(i for i, (k, _) in enumerate(game.inventory.slots) if k == "tnt")
    result = game.perform(UseSlot(slot))
    assert not isinstance(result, Done) and (result.kind, result.item) == ("throw", "tnt")


def test_auto_aim_picks_a_monster_the_shot_reaches() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+
|. . .|a . . . . . .|
+                   +
|@ . . . . . b . . .|
+-+-+-+-+-+-+-+-+-+-+
""", {"a": "rat", "b": "rat"})
    game.inventory.ranged = "rocket_launcher"
    game.inventory.add("rockets", 3)
    near, far = game.occupant((3, 0)), game.occupant((6, 1))
    aim = Aim.start(game, "fire")
    aim.target = near.pos
    assert aim.preview(game).flight.end != near.pos, "the nearer rat is behind a wall"
    assert Aim.start(game, "fire").target == far.pos, "so the rocket aims at the one it reaches"


def test_a_blast_that_would_reach_you_is_not_chosen_when_a_safe_one_exists() -> None:
    game = game_on("""
+-+-+-+-+-+-+-+-+-+-+-+-+
|@ a . . . . . b . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
""", {"a": "rat", "b": "rat"})
    game.inventory.add("tnt", 2)
    aim = Aim.start(game, "throw")
    assert aim.target == (7, 0) and not aim.hits_player(game), "the far rat, not the one beside you"


def test_while_aiming_the_sidebar_describes_the_target(display) -> None:
    from game.app.app import App
    from game.app.options import Options

    app = App(Options(seed="aimtext", fps=0))
    play = until_playing(app)
    play.game.inventory.add("tnt", 1)
    key(pygame.K_t, "t")
    app.frame()
    aim, target = aim_of(app), play.game.player.pos
    play.hover = target
    described = hover_text(play)
    play.hover = None  # aiming at the same tile, the pointer off the map
    aim.target = target
    assert described and hover_text(play, aim, app.state.prompt) == described, "the target's description, not the pointer's"


def test_the_rockets_slot_fires_and_ammo_is_shown_once(display) -> None:
    from game.world.action import NeedsTarget
    from game.render import text
    from game.render.hud import Hud
    from game.render.layout import SIDEBAR_RECT, TILE
    from game.render.sprites import SpriteBank

    game = game_on(HALL)
    game.inventory.add("rockets", 2)
    slot = next(i for i, (k, _) in enumerate(game.inventory.slots) if k == "rockets")
    assert isinstance(game.perform(UseSlot(slot)), Impossible), "no launcher, no use"
    game.inventory.ranged = "rocket_launcher"
    result = game.perform(UseSlot(slot))
    assert isinstance(result, NeedsTarget) and result.kind == "fire", "the slot's key aims the launcher"
    shown: list[str] = []
    original = text.render
    text.render = lambda s, size, colour: (shown.append(s), original(s, size, colour))[1]
    try:
        Hud(SIDEBAR_RECT, SpriteBank(TILE)).draw(pygame.Surface((1280, 720)), game)
    finally:
        text.render = original
    assert sum("2 rockets" in s or "(2)" in s for s in shown) == 1, "the ammunition is counted in one place"


def test_the_blast_hits_before_it_kills() -> None:
    """TRU-5: "You kill the rat." came before "The blast hits the rat (12).": the hit is told
    first, then each death, then nothing more of that blast."""
    game = game_on("""
+-+-+-+-+-+-+-+-+
|@ . . . r z . .|
+-+-+-+-+-+-+-+-+
""", {"r": "rat", "z": "zombie"})
    game.inventory.add("tnt")
    before = len(game.log.messages)
    game.perform(Throw(4, 0))
    texts = [m.text for m in game.log.messages[before:]]
    hit = next(i for i, t in enumerate(texts) if t.startswith("The blast hits the rat"))
    assert texts.index("The TNT explodes!") < hit < texts.index("You kill the rat."), texts
