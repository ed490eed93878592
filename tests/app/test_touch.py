"""Playing with taps only (UI-3): SDL turns a touch into a click (``touch=True``); the sidebar's
buttons and inventory slots, and your own tile, are the verbs a phone has."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.script import run_script
from tests import touches
from tests.helpers import aim_of, asked, menu


def tap(app: App, pos: tuple[int, int], frames: int = 1) -> None:
    """A finger down and up, as SDL delivers it (``tests.touches``): the clicks made from it and
    the touch events, the lift a frame later."""
    touches.press(pos)
    app.frame()
    touches.lift(pos)
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


def test_tapping_yourself_picks_up_and_tapping_a_slot_offers_to_use_it(display, tmp_path) -> None:
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
    tap(app, button(play, f"slot:{slot}"))
    assert menu(app) is not None and menu(app).verbs[0][0] == "Drink the healing potion", \
        "a tap on the potion's slot offers its verbs, drinking first"
    app.frame()  # the menu is drawn: its rows are where they can be tapped
    tap(app, menu(app).rects[0].center)
    assert game.player.hp > 10, "and a tap on the first drinks it"
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
    assert menu(app) is not None and menu(app).verbs[0][0] == "Wait a turn", \
        "with nothing here, a tap on yourself offers what you can do"
    app.frame()  # the menu is drawn: its rows are where they can be tapped
    tap(app, menu(app).rects[0].center)
    assert game.turn == turn + 1 and menu(app) is None


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
    assert menu(app) is not None
    assert [label for label, _ in menu(app).verbs] == ["Throw TNT at it", "Walk to it"]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, unicode="1", mod=0))
    app.frame()
    assert menu(app) is None
    assert game.inventory.count("tnt") == 0 or asked(app).startswith("The blast will reach you"), \
        "the TNT is thrown at the rat (or it asks first, the rat being close)"


# --- a pinch never acts (SPEC UI-10): SDL makes a click of its first finger --------------------

def _standing(tmp_path, where: str) -> tuple[App, PlayState, tuple[int, int]]:
    """On the first floor with no monsters: the player on the stairs down (``stairs``), beside a
    rat to the east (``monster``) or beside an empty tile to the east (``empty``); the screen
    point of the player (stairs) or of that tile east."""
    app = App(Options(fps=0, seed="pinch", start="dungeon", save_dir=str(tmp_path)))
    run_script(app, "")
    play = app.state
    game = play.game
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    floor, level = game.floor.map, game.floor.level
    if where == "stairs":
        spot = level.exit
    else:
        spot = next((x, y) for y in range(floor.height) for x in range(floor.width - 1)
                    if floor.is_floor(x, y) and floor.rooms[y, x] == floor.rooms[y, x + 1] >= 0
                    and floor.is_floor(x + 1, y) and not game.floor.items_at((x, y))
                    and not game.floor.items_at((x + 1, y))
                    and {(x, y), (x + 1, y)}.isdisjoint({level.entrance, level.exit}))
    game.player.x, game.player.y = spot
    if where == "monster":
        game.spawn_monster("rat", spot[0] + 1, spot[1])
    game.update_visibility()
    play.view.sync(game, 0.0)
    game.version += 1
    app.frame()
    tile = spot if where == "stairs" else (spot[0] + 1, spot[1])
    x, y = play.camera.world_to_screen(tile[0] + 0.5, tile[1] + 0.5)
    return app, play, (int(x), int(y))


def _what_happened(play: PlayState) -> tuple:
    game = play.game
    return game.depth, game.player.pos, game.turn, [m.hp for m in game.floor.actors if m is not game.player]


@pytest.mark.parametrize("click_first", [True, False], ids=["click-first", "finger-first"])
@pytest.mark.parametrize("first_lifts_first", [True, False], ids=["first-lifts-first", "second-lifts-first"])
@pytest.mark.parametrize("where", ["stairs", "monster", "empty"])
def test_a_pinch_begun_on_a_thing_zooms_and_does_nothing_else(display, tmp_path, where: str,
                                                              first_lifts_first: bool, click_first: bool) -> None:
    app, play, pos = _standing(tmp_path, where)
    before = _what_happened(play)
    other = (pos[0] + 60, pos[1])
    touches.press(pos, click_first=click_first)  # SDL's click of the first finger...
    app.frame()
    touches.press(other, finger=1, click=False)  # ...and a second finger: a pinch
    app.frame()
    touches.slide((pos[0] + 160, pos[1]), finger=1)  # spread
    app.frame()
    lifts = [(pos, 0, True), (other, 1, False)]
    for at, finger, click in lifts if first_lifts_first else lifts[::-1]:
        touches.lift(at, finger=finger, click=click)
        app.frame()
    assert play.view.tile == 32, "the pinch zoomed the map nearer"
    assert app.state is play and menu(app) is None
    assert _what_happened(play) == before, f"a pinch begun on the {where} acted"


def test_a_finger_landing_again_during_a_pinch_does_not_act(display, tmp_path) -> None:
    """SDL makes a click again of a finger that lands while another is still down."""
    app, play, pos = _standing(tmp_path, "stairs")
    before = _what_happened(play)
    touches.press((pos[0] + 80, pos[1]), finger=0)
    app.frame()
    touches.press(pos, finger=1, click=False)
    app.frame()
    touches.lift((pos[0] + 80, pos[1]), finger=0)  # the first finger up, the one on the stairs stays
    app.frame()
    touches.press((pos[0] + 80, pos[1]), finger=2)  # and down again: a click of it, in a pinch
    app.frame()
    touches.lift((pos[0] + 80, pos[1]), finger=2)
    touches.lift(pos, finger=1, click=False)
    app.frame()
    assert _what_happened(play) == before


@pytest.mark.parametrize("click_first", [True, False], ids=["click-first", "finger-first"])
@pytest.mark.parametrize("where", ["stairs", "monster", "empty"])
def test_a_plain_tap_on_the_same_thing_acts_when_the_finger_lifts(display, tmp_path, where: str,
                                                                  click_first: bool) -> None:
    app, play, pos = _standing(tmp_path, where)
    game = play.game
    depth, here, turn, _ = _what_happened(play)
    touches.press(pos, click_first=click_first)
    app.frame()
    assert _what_happened(play)[:3] == (depth, here, turn), "nothing yet: it may become a pinch"
    touches.lift(pos)
    app.frame()
    if where == "stairs":
        assert game.depth == depth + 1, "a tap on yourself on the stairs takes them"
    elif where == "monster":
        assert game.turn > turn and game.player.pos == here, "a tap on the rat beside you attacks it"
        assert any("rat" in m.text for m, _ in game.log.last(3))
    else:
        assert game.player.pos == (here[0] + 1, here[1]), "a tap on the tile beside you steps there"


def test_after_the_menu_button_a_tap_still_walks_and_one_finger_does_not_zoom(display, tmp_path) -> None:
    """A finger lifted while another screen is up (the menu) is not counted as still down."""
    from game.app.menus import PauseState

    app, play, pos = _standing(tmp_path, "empty")
    here = play.game.player.pos
    touches.press(button(play, "menu"))
    app.frame()
    touches.lift(button(play, "menu"))
    app.frame()
    assert isinstance(app.state, PauseState)
    run_script(app, "Esc")
    assert app.state is play
    touches.press(pos, finger=1)  # the page numbers each new touch afresh
    app.frame()
    touches.lift(pos, finger=1)
    app.frame()
    assert play.game.player.pos == (here[0] + 1, here[1])
    touches.press(pos, finger=2, click=False)  # one finger sliding is no pinch
    touches.slide((pos[0] + 200, pos[1] + 100), finger=2)
    touches.lift((pos[0] + 200, pos[1] + 100), finger=2, click=False)
    app.frame()
    assert play.view.tile == 24


def _phone_with_tnt(tmp_path) -> tuple[App, PlayState]:
    """A phone held upright, on the first floor with no monsters, two sticks of TNT in the pack."""
    app = App(Options(fps=0, seed="phone tnt", start="dungeon", save_dir=str(tmp_path), layout="portrait"))
    run_script(app, "")
    play = app.state
    for monster in list(play.game.floor.actors):
        play.game.floor.remove_actor(monster)
    play.game.inventory.add("tnt", 2)
    play.game.version += 1
    app.frame()
    return app, play


def _aim_tnt_from_the_pack(app: App, play: PlayState) -> None:
    tap(app, button(play, "pack"))
    app.frame()
    row = next(box for box, index in app.state.pack_rows if play.game.inventory.slots[index][0] == "tnt")
    tap(app, row.center)
    assert menu(app) is not None and menu(app).verbs[0][0] == "Throw a stick of TNT\u2026"
    app.frame()
    tap(app, menu(app).rects[0].center)
    assert aim_of(app) is not None and aim_of(app).mode == "throw"


def test_on_a_phone_aiming_says_tap_and_a_tap_off_the_map_cancels_it(display, tmp_path) -> None:
    from game.render.layout import current

    app, play = _phone_with_tnt(tmp_path)
    _aim_tnt_from_the_pack(app, play)
    assert asked(app).startswith("Throw a stick of TNT: tap where") and "Enter" not in asked(app)
    turn = play.game.turn
    sidebar = pygame.Rect(current().sidebar_rect)
    tap(app, (sidebar.right - 30, sidebar.top + 10))  # beside the place's name: no button there
    assert aim_of(app) is None and asked(app) == "", "a tap off the map cancels the throw"
    assert play.game.inventory.count("tnt") == 2 and play.game.turn == turn


def test_on_a_phone_a_throw_that_would_reach_you_asks_a_second_tap(display, tmp_path) -> None:
    app, play = _phone_with_tnt(tmp_path)
    game = play.game
    _aim_tnt_from_the_pack(app, play)
    floor = game.floor.map
    beside = next((game.player.x + dx, game.player.y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                  if floor.is_floor(game.player.x + dx, game.player.y + dy)
                  and floor.rooms[game.player.y + dy, game.player.x + dx] == floor.rooms[game.player.y, game.player.x])
    where = play.camera.world_to_screen(beside[0] + 0.5, beside[1] + 0.5)
    tap(app, (int(where[0]), int(where[1])))
    assert asked(app).startswith("The blast will reach you! Tap it again") and game.inventory.count("tnt") == 2
    tap(app, (int(where[0]), int(where[1])))
    assert game.inventory.count("tnt") == 1, "the second tap throws"
