"""A phone's layouts (SPEC REN-5): the page's own size as the canvas, the map
above the sidebar held upright and beside it on its side, text of at least 12 CSS pixels and
tap targets of at least 44 on every common phone, the inventory as a page of big rows; the page
picks the layout when it loads."""

from __future__ import annotations

import sys
import types

import pygame
import pytest

from game.app import window
from game.app.app import App
from game.app.options import Options, parse_options, with_page_query
from game.app.script import run_script
from game.render import layout, text
from game.render.layout import LANDSCAPE, PORTRAIT, SIDEWAYS, current, phone
from tests.helpers import menu as verb_menu

UPRIGHT = [(320, 568), (360, 560), (360, 640), (360, 780), (375, 553), (375, 667), (390, 664), (390, 844),
           (412, 915), (430, 932), (768, 1024)]
"""Pages of phones held upright, in CSS pixels: whole screens, and what Safari or Chrome leave
under their bars (375x553, 390x664), up to a tablet."""
ON_ITS_SIDE = [(568, 320), (640, 360), (667, 375), (740, 360), (750, 340), (844, 390), (932, 430)]


@pytest.mark.parametrize("size", UPRIGHT + ON_ITS_SIDE)
def test_every_phone_gets_text_of_12_css_pixels_and_taps_of_44(size) -> None:
    page = phone(*size)
    assert page.compact and page.portrait == (size[1] > size[0])
    assert page.text_css(page.min_text) >= 12 and page.css(page.tap) >= 44
    width, height = page.size
    assert width * page.css_scale <= size[0] + 1 and height * page.css_scale <= size[1] + 1, "the page holds it whole"
    assert page.css_scale >= 0.9, "the canvas is about the page's own size: it is not shrunk"
    map_rect, sidebar = pygame.Rect(page.map_rect), pygame.Rect(page.sidebar_rect)
    assert map_rect.union(sidebar) == page.screen_area and not map_rect.colliderect(sidebar)
    if page.portrait:
        assert map_rect.bottom == sidebar.top and map_rect.height >= 220
    else:
        assert map_rect.right == sidebar.left and map_rect.width >= 300


def _phone_app(tmp_path, page: layout.Layout, keys: str = "x*3", seed: str = "7", start: str = "dungeon") -> App:
    layout.LAYOUTS["test-phone"] = page
    try:
        app = App(Options(fps=0, seed=seed, start=start, save_dir=str(tmp_path), layout="test-phone"))
    finally:
        del layout.LAYOUTS["test-phone"]
    run_script(app, keys)
    return app


def _tap(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=True))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=True))
    app.frame()
    app.frame()


SMALL_AND_LARGE = [(360, 560), (390, 664), (430, 932), (667, 375), (844, 390)]


@pytest.mark.parametrize("size", SMALL_AND_LARGE)
def test_the_sidebar_keeps_its_place_the_seed_health_and_big_buttons(display, tmp_path, size) -> None:
    page = phone(*size)
    app = _phone_app(tmp_path, page)
    play = app.state
    assert app.screen.get_size() == page.size
    assert play.hud.rect == pygame.Rect(page.sidebar_rect)
    assert page.map_area.collidepoint(play.camera.tile_origin(*play.game.player.pos)), "the player is in the map"
    app.redraw()
    lines = [label for _, label in play.hud.texts]
    assert play.game.place_name in lines and any(label.startswith("Seed 7") for label in lines)
    assert any(label.startswith("Health") for label in lines)
    sidebar = pygame.Rect((0, 0), page.sidebar_rect[2:])  # the sidebar's own surface
    for rect, label in play.hud.texts:
        assert sidebar.contains(rect), f"{label!r} runs off the sidebar"
    overlaps = [(la, lb) for i, (a, la) in enumerate(play.hud.texts) for b, lb in play.hud.texts[i + 1:]
                if a.colliderect(b)]
    assert not overlaps, f"sidebar words overlap: {overlaps}"
    smallest = text.render("Ag", page.min_text, (255, 255, 255)).get_height()
    assert min(rect.height for rect, _ in play.hud.texts) >= smallest, "no word is smaller than the least size"
    buttons = {what: rect for rect, what in play.hud.targets}
    assert set(buttons) >= {"explore", "wait", "descend", "pack", "zoom", "menu"}
    for what, rect in buttons.items():
        assert page.css(rect.height) >= 44 and page.css(rect.width) >= 44, f"the {what} button is too small"
        assert page.screen_area.contains(rect)


@pytest.mark.parametrize("size", [(360, 560), (844, 390), (667, 375)])
def test_a_monster_in_view_is_listed_however_short_the_sidebar(display, tmp_path, size) -> None:
    app = _phone_app(tmp_path, phone(*size), keys="x*3", seed="7", start="dungeon")
    play = app.state
    from game.render.sidebar_in_view import in_view

    assert in_view(play.game), "seed 7's first floor: the skeleton comes into view"
    play.game.log.add("A message long enough to wrap over two lines of the sidebar, or even three, or four.")
    play.game.version += 1
    app.redraw()
    assert play.hud.badges, "a monster in view has its row and state"


def test_the_map_is_above_the_sidebar_upright_and_beside_it_on_its_side(display, tmp_path) -> None:
    upright = _phone_app(tmp_path / "a", PORTRAIT)
    assert pygame.Rect(current().map_rect).bottom == upright.state.hud.rect.top
    assert upright.state.hud.rect.width == upright.screen.get_width()
    layout.use(LANDSCAPE)
    sideways = _phone_app(tmp_path / "b", SIDEWAYS)
    assert pygame.Rect(current().map_rect).right == sideways.state.hud.rect.left
    assert sideways.state.hud.rect.height == sideways.screen.get_height()


@pytest.mark.parametrize("size", [(360, 560), (390, 664), (844, 390), (667, 375)])
def test_every_menu_row_fits_the_screen_and_is_a_finger_high(display, tmp_path, size) -> None:
    """The title, the Esc menu and the end screen: rows inside the screen, apart, at least 44 CSS pixels."""
    page = phone(*size)
    app = _phone_app(tmp_path, page, keys="")
    menus = []
    title = app.title()
    app.state = title
    app.redraw()
    menus.append(("title", title.menu))
    run_script(app, "")
    from game.app.menus import PauseState

    play = app.runs.start_run("7", start="dungeon")
    app.state = play
    run_script(app, "")
    pause = PauseState(app, app.state)
    app.state = pause
    app.redraw()
    menus.append(("pause", pause.menu))
    for name, menu in menus:
        assert menu.rects, name
        for rect in menu.rects:
            assert page.screen_area.contains(rect), f"a row of the {name} menu is off the screen: {rect}"
            assert page.css(rect.height) >= 44
        for a, b in zip(menu.rects, menu.rects[1:]):
            assert not a.colliderect(b), f"two rows of the {name} menu overlap"


def test_the_pack_button_opens_big_rows_and_a_tap_on_one_offers_to_use_it(display, tmp_path) -> None:
    app = _phone_app(tmp_path, PORTRAIT)
    play = app.state
    game = play.game
    game.player.hp = 5  # hurt: the healing potion in slot 1 does something
    pack = next(rect for rect, what in play.hud.targets if what == "pack")
    _tap(app, pack.center)
    assert app.state.pack_rows, "the pack page lists the slots"
    slot, index = app.state.pack_rows[0]
    assert game.inventory.slots[index][0] == "potion_healing" and PORTRAIT.css(slot.height) >= 44
    _tap(app, slot.center)
    assert app.state.play is play and game.player.hp == 5, "the page closes; nothing is spent by a tap alone"
    labels = [label for label, _ in verb_menu(app).verbs]
    assert labels[0] == "Drink the healing potion" and labels[1].startswith("Drop "), labels
    app.redraw()
    for row in verb_menu(app).rects:
        assert PORTRAIT.css(row.height) >= 44 and not row.colliderect(PORTRAIT.map_area)
    _tap(app, verb_menu(app).rects[0].center)
    assert game.player.hp > 5, "the potion is drunk"


def test_a_full_pack_stands_in_columns_on_a_phone_on_its_side(display, tmp_path) -> None:
    app = _phone_app(tmp_path, SIDEWAYS)
    play = app.state
    inventory = play.game.inventory
    for kind in ("tnt", "smoke_bomb", "throwing_knives", "scroll_mapping", "key", "potion_speed", "scroll_teleport",
                 "rockets", "arrows"):
        if inventory.can_add(kind):
            inventory.add(kind, 1)
    assert len(inventory.slots) >= 8, "a full pack"
    play.game.version += 1  # the sidebar redraws
    pack = next(rect for rect, what in play.hud.targets if what == "pack")
    _tap(app, pack.center)
    rows = [box for box, _ in app.state.pack_rows]
    assert len(rows) == len(inventory.slots)
    for box in rows:
        assert SIDEWAYS.screen_area.contains(box) and SIDEWAYS.css(box.height) >= 44
    assert not any(a.colliderect(b) for i, a in enumerate(rows) for b in rows[i + 1:])


def test_the_page_picks_the_layout_of_its_own_size(monkeypatch) -> None:
    fake = types.SimpleNamespace(window=types.SimpleNamespace(innerWidth=390, innerHeight=664))
    monkeypatch.setattr(window, "BROWSER", True)
    monkeypatch.setitem(sys.modules, "platform", fake)
    assert window.chosen_layout("auto") == phone(390, 664)
    assert window.chosen_layout("auto").size == (390, 664)
    fake.window.innerWidth, fake.window.innerHeight = 844, 390
    assert window.chosen_layout("auto").size == (844, 390) and not current().portrait, "on its side: its own"
    fake.window.innerWidth, fake.window.innerHeight = 1280, 720
    assert window.chosen_layout("auto") is LANDSCAPE, "a computer's page: the desktop's layout"
    fake.window.innerWidth, fake.window.innerHeight = 1920, 1080
    assert window.chosen_layout("auto") is LANDSCAPE
    assert window.chosen_layout("portrait") is PORTRAIT and window.chosen_layout("sideways") is SIDEWAYS


def test_the_desktop_is_landscape_unless_told() -> None:
    assert window.chosen_layout("auto") is LANDSCAPE
    assert parse_options(["--layout", "portrait"], browser=False).layout == "portrait"
    assert parse_options(["--layout", "sideways"], browser=False).layout == "sideways"
    assert with_page_query(Options(), "?layout=portrait").layout == "portrait"
    assert with_page_query(Options(), "?layout=upside-down").layout == "auto", "a bad value is ignored"
    with pytest.raises(SystemExit):
        parse_options(["--layout", "upside-down"], browser=False)


def test_a_replay_is_watched_with_taps_on_a_phone(display, tmp_path) -> None:
    """No keys on a phone: a tap on the map pauses a replay and goes on, the map button shows the
    whole floor, the menu button leaves for the title."""
    from game.app.replay_screen import ReplayState

    played = _phone_app(tmp_path / "run", PORTRAIT, keys="x*3")
    recording = tmp_path / "run.json"
    recording.write_text(played.state.run.recording_now().to_json(), encoding="utf-8")
    layout.use(LANDSCAPE)
    layout.LAYOUTS["test-phone"] = PORTRAIT
    try:
        app = App(Options(fps=0, replay=str(recording), save_dir=str(tmp_path / "watch"), layout="test-phone"))
    finally:
        del layout.LAYOUTS["test-phone"]
    clock = [0.0]
    app.now_ms = lambda: clock[0]
    for _ in range(200):
        clock[0] += 100.0
        app.frame()
        if isinstance(app.state, ReplayState):
            break
    watch = app.state
    assert isinstance(watch, ReplayState)
    for _ in range(15):  # a second and a half: the first tap of the page is past
        clock[0] += 100.0
        app.frame()
    _tap(app, PORTRAIT.map_area.center)
    assert watch.paused, "a tap on the map pauses"
    _tap(app, PORTRAIT.map_area.center)
    assert not watch.paused, "and another goes on"
    buttons = {what: rect for rect, what in watch.hud.targets}
    _tap(app, buttons["zoom"].center)
    assert watch.zoomed
    _tap(app, buttons["menu"].center)
    assert type(app.state).__name__ == "TitleState"


@pytest.mark.parametrize("page", [PORTRAIT, SIDEWAYS, phone(360, 560)], ids=lambda page: "x".join(map(str, page.size)))
def test_a_menu_of_verbs_on_a_phone_has_rows_a_finger_high_and_hides_nothing_on_the_map(display, page) -> None:
    from game.app.verbs import VerbMenu

    layout.use(page)
    menu = VerbMenu("Yourself", [(verb, lambda: None) for verb in ("Wait", "Rest", "Explore", "Close a door")],
                    at=page.map_area.center)
    screen = pygame.Surface(page.size)
    menu.draw(screen)
    assert len(menu.rects) == 4
    for rect in menu.rects:
        assert page.css(rect.height) >= 44 and page.screen_area.contains(rect)
        assert not rect.colliderect(page.map_area), "the map (you, what you tapped) stays in sight"
    assert not any(a.colliderect(b) for a, b in zip(menu.rects, menu.rects[1:]))
    picked = menu.choose(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.rects[2].center, button=1))
    assert picked is menu.verbs[2][1]


def test_the_message_archive_scrolls_by_dragging_and_closes_with_a_tap(display, tmp_path) -> None:
    app = _phone_app(tmp_path, PORTRAIT)
    play = app.state
    for number in range(80):
        play.game.log.add(f"Message number {number}")
    play.game.version += 1
    app.redraw()
    messages = next(rect for rect, what in play.hud.targets if what == "log")
    _tap(app, messages.center)
    archive = app.state
    assert type(archive).__name__ == "LogScreen" and archive.scroll == 0, "a tap on the sidebar's messages opens it"
    middle = PORTRAIT.map_area.center
    events = [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=middle, button=1, touch=True)]
    events += [pygame.event.Event(pygame.MOUSEMOTION, pos=(middle[0], middle[1] + 22 * step), rel=(0, 22),
                                  buttons=(1, 0, 0), touch=True) for step in range(1, 4)]
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(middle[0], middle[1] + 66), button=1, touch=True))
    for event in events:
        pygame.event.post(event)
    app.frame()
    assert app.state is archive, "a drag is no tap: the archive stays open"
    assert archive.scroll == 3, "dragged down three lines: three older lines come into view"
    _tap(app, middle)
    assert app.state is play, "a tap closes it"


def test_the_phones_slots_show_an_unknown_potion_by_its_look_and_a_staffs_charges(display, tmp_path, monkeypatch) -> None:
    from game.world import charges, magic

    app = _phone_app(tmp_path, PORTRAIT)
    play = app.state
    game = play.game
    game.inventory.add("potion_darkness")
    game.inventory.add("staff_firebolt")
    charges.spend(game.inventory, "staff_firebolt")
    game.version += 1  # (what the sidebar draws changed: the world's actions say so themselves)
    drawn: list[str] = []
    icon = play.hud.sprites.icon
    monkeypatch.setattr(play.hud.sprites, "icon", lambda name, size: drawn.append(name) or icon(name, size))
    texts: list[str] = []
    render = text.render
    monkeypatch.setattr(text, "render", lambda words, size, colour: texts.append(words) or render(words, size, colour))
    app.redraw()
    assert not magic.knows(game, "potion_darkness")
    assert magic.sprite_of(game, "potion_darkness") in drawn and "potion_darkness" not in drawn, "its look, not its kind"
    left = game.inventory.charges["staff_firebolt"].left
    assert str(left) in texts, "the staff's cell says the charges left"
