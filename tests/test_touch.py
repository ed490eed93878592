"""Playing with taps only (UI-3): SDL turns a touch into a click (``touch=True``); the sidebar's
buttons and inventory slots, and your own tile, are the verbs a phone has."""

from __future__ import annotations

import pygame

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.script import run_script


def tap(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    """A finger down and up, as SDL delivers it: the touch events and the clicks made from them."""
    x, y = pos
    pygame.event.post(pygame.event.Event(pygame.FINGERDOWN, x=x / 1280, y=y / 720, touch_id=1, finger_id=0,
                                         dx=0.0, dy=0.0, pressure=1.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.FINGERUP, x=x / 1280, y=y / 720, touch_id=1, finger_id=0,
                                         dx=0.0, dy=0.0, pressure=0.0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    for _ in range(frames):
        app.frame()


def button(play: PlayState, command: str) -> tuple[int, int]:
    return next(rect.center for rect, what in play.hud.targets if what == command)


def settle(app: App, clock: list[float], limit: int = 3000) -> None:
    for _ in range(limit):
        clock[0] += 100
        app.frame()
        if getattr(app.state, "walk", None) is None:
            return


def test_a_floor_played_with_taps_only(display, tmp_path) -> None:
    app = App(Options(fps=0, seed="taps", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")  # loaded, on the first floor
    play = app.state
    game = play.game
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)  # the fight is not what this test is about
    clock = [0.0]
    app.now_ms = lambda: clock[0]
    depth = game.depth
    for _ in range(40):
        tap(app, button(play, "explore"))
        settle(app, clock)
        if any(m.text.startswith("Explored.") for m, _ in game.log.last(2)):
            break
    assert game.floor.seen_rooms.all() or any(m.text.startswith("Explored.") for m, _ in game.log.last(2))
    tap(app, button(play, "descend"))  # travel to the stairs
    settle(app, clock)
    assert game.player.pos == game.floor.level.exit
    tap(app, button(play, "descend"))  # and down
    assert game.depth == depth + 1


def test_tapping_yourself_picks_up_and_tapping_a_slot_uses_it(display, tmp_path) -> None:
    app = App(Options(fps=0, seed="tapself", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    play = app.state
    game = play.game
    game.drop_item("tnt", game.player.pos)
    app.frame()
    me = play.camera.world_to_screen(game.player.x + 0.5, game.player.y + 0.5)
    tap(app, (int(me[0]), int(me[1])))
    assert game.inventory.count("tnt") == 1, "a tap on yourself picks up"
    game.player.hp = 10
    game.version += 1
    app.frame()
    slot = next(i for i, (kind, _) in enumerate(game.inventory.slots) if kind == "potion_healing")
    tap(app, button(play, f"use:{slot}"))
    assert game.player.hp > 10, "a tap on the potion's slot drinks it"
    floor = game.floor.map
    game.player.x, game.player.y = next(
        (x, y) for y in range(floor.height) for x in range(floor.width)
        if floor.is_floor(x, y) and (x, y) not in (game.floor.level.entrance, game.floor.level.exit)
        and not game.floor.items_at((x, y)) and game.occupant((x, y)) is None)  # off the stairs
    game.update_visibility()
    play.view.sync(game, 0.0)  # the view learns of the jump (no slide: it was not a step)
    game.version += 1
    app.frame()
    me = play.camera.world_to_screen(game.player.x + 0.5, game.player.y + 0.5)
    turn = game.turn
    tap(app, (int(me[0]), int(me[1])))
    assert play.verbs is not None and play.verbs.verbs[0][0] == "Wait a turn", \
        "with nothing here, a tap on yourself offers what you can do"
    app.frame()  # the menu is drawn: its rows are where they can be tapped
    tap(app, play.verbs.rects[0].center)
    assert game.turn == turn + 1 and play.verbs is None


def test_the_menu_button_opens_the_pause_menu(display, tmp_path) -> None:
    from game.app.menus import PauseState

    app = App(Options(fps=0, seed="tapmenu", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    tap(app, button(app.state, "menu"))
    assert isinstance(app.state, PauseState)


def test_tapping_a_monster_out_of_reach_offers_to_throw_fire_or_walk(display, tmp_path) -> None:
    app = App(Options(fps=0, seed="verbs", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    play = app.state
    game = play.game
    game.inventory.add("tnt", 1)
    floor = game.floor.map
    px, py = game.player.pos
    spot = next((x, y) for y in range(floor.height) for x in range(floor.width)
                if floor.rooms[y, x] == floor.rooms[py, px] and max(abs(x - px), abs(y - py)) == 3
                and game.occupant((x, y)) is None)
    game.spawn_monster("rat", *spot)
    game.update_visibility()
    game.version += 1
    app.frame()
    where = play.camera.world_to_screen(spot[0] + 0.5, spot[1] + 0.5)
    tap(app, (int(where[0]), int(where[1])))
    assert play.verbs is not None
    assert [label for label, _ in play.verbs.verbs] == ["Throw TNT at it", "Walk to it"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, unicode="1", mod=0))
    app.frame()
    assert play.verbs is None
    assert game.inventory.count("tnt") == 0 or play.prompt.startswith("The blast will reach you"), \
        "the TNT is thrown at the rat (or it asks first, the rat being close)"
