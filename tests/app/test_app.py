"""The application driven by real events: title, play, help, zoom, menu, mouse, bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import TYPE_CHECKING

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.app.app import App
from game.app.loading import LoadingState
from game.app.options import Options, parse_options
from game.app.title import TitleState
from game.run.recording import Recording
from game.run.run import Run
from tests.conftest import ROOT
from tests.helpers import frames, key, until_playing

if TYPE_CHECKING:
    from game.app.state import State


def test_title_new_run_then_menu_and_continue(display) -> None:
    app = App(Options(fps=0))
    assert isinstance(app.state, TitleState)
    keys_ = [key_ for key_, _ in app.state.menu.items]
    assert keys_[0] == "new", "no Continue without a saved run"
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.state, LoadingState), "the world is made behind a loading screen, over frames"
    play = until_playing(app)
    key(pygame.K_RIGHT)
    frames(app)
    key(pygame.K_ESCAPE)
    frames(app)
    assert type(app.state).__name__ == "PauseState"
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.state is play, "Esc in the pause menu resumes"


def test_help_and_zoom_toggle(display) -> None:
    app = App(Options(seed="ui", fps=0))
    until_playing(app)
    play = app.state
    key(pygame.K_SLASH, "?", pygame.KMOD_SHIFT)
    frames(app)
    assert type(app.state).__name__ == "HelpState" and app.state.under is play, "the help, over the run"
    key(pygame.K_x, "x")
    frames(app)
    assert app.state is play
    key(pygame.K_o, "o")
    frames(app)
    assert play.zoomed
    key(pygame.K_o, "o")
    frames(app)
    assert not play.zoomed


def test_keys_move_the_player_and_cost_turns(display) -> None:
    app = App(Options(seed="walk", fps=0))
    until_playing(app)
    game = app.state.game
    before = game.turn
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_KP5):
        key(k)
        frames(app)
    assert game.turn > before


def test_clicking_a_seen_tile_walks_there(display) -> None:
    app = App(Options(seed="click", fps=0))
    until_playing(app)
    play = app.state
    frames(app)
    game = play.game
    room = game.floor.map.rooms[game.player.y, game.player.x]
    px, py = game.player.pos
    targets = [(x, y) for y in range(py - 6, py + 7) for x in range(px - 6, px + 7)
               if game.floor.map.room_at(x, y) == room and 3 <= max(abs(x - px), abs(y - py))]
    target = targets[0]
    sx, sy = play.camera.world_to_screen(target[0] + 0.5, target[1] + 0.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(sx), int(sy)), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(sx), int(sy)), button=1))
    frames(app)
    assert play.hover == target
    for _ in range(200):
        if game.player.pos == target:
            break
        play.last_step_ms = -10_000
        frames(app)
    assert game.player.pos == target
    frames(app)
    assert play.hover == play.camera.tile_at(int(sx), int(sy)) != target, "the map moved under the still pointer"


def test_resize_and_focus_events_do_not_break_the_frame(display) -> None:
    app = App(Options(seed="resize", fps=0))
    until_playing(app)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360))
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 3)
    assert app.running


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(presses=st.lists(st.tuples(st.sampled_from([pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_UP, pygame.K_DOWN,
                                                    pygame.K_c, pygame.K_o, pygame.K_SLASH, pygame.K_PERIOD,
                                                    pygame.K_g, pygame.K_t, pygame.K_KP3, pygame.K_SPACE, 0, 1234567]),
                                   st.sampled_from(["", "?", ">", ".", "x", "é"])), max_size=40))
def test_mashing_keys_never_crashes(display, presses) -> None:
    app = App(Options(fps=0))
    for k, uni in presses:
        key(k, uni)
        frames(app)
        if not app.running:  # "Quit" was chosen on the title screen
            assert isinstance(app.state, TitleState)
            break


BAD_COMMAND_LINES = [
    (["--turns", "lots", "--headless", "--autoplay"], "--turns: 'lots' is not a whole number"),
    (["--turns", "1.5", "--headless", "--autoplay"], "--turns: '1.5' is not a whole number"),
    (["--fps", "fast"], "--fps: 'fast' is not a whole number"),
    (["--seed"], "--seed: expected one argument"),
    (["--frames", "-3"], "--frames: -3 is below 0"),
    (["--screenshot", "/no/such/folder/shot.png", "--frames", "1"], "no folder '/no/such/folder'"),
    (["--screenshot", "/tmp", "--frames", "1"], "is a folder, not a file"),
    (["--sed", "typo"], "unrecognized arguments: --sed typo"),
]


@pytest.mark.parametrize(("argv", "message"), BAD_COMMAND_LINES, ids=lambda v: " ".join(v) if isinstance(v, list) else "")
def test_a_bad_command_line_is_a_clear_error_not_a_title_screen(argv: list[str], message: str) -> None:
    """ROB-2: nothing is thrown away silently; the process ends at once with status 2."""
    result = subprocess.run([sys.executable, "main.py", *argv], cwd=ROOT, capture_output=True, text=True, timeout=60,
                            env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"))
    assert result.returncode == 2, result.stderr
    assert message in result.stderr and "Traceback" not in result.stderr


def test_the_browser_ignores_what_it_cannot_read_instead_of_exiting(capsys) -> None:
    """In the page ``sys.exit`` would freeze the loop: the URL's arguments never stop the game."""
    for argv, _ in BAD_COMMAND_LINES:
        assert parse_options(argv, browser=True) == Options()
    assert parse_options(["--help"], browser=True) == Options()
    assert parse_options(["--seed", "abc", "--what"], browser=True).seed == "abc"
    assert "ignoring" in capsys.readouterr().err


def test_good_command_lines_still_parse() -> None:
    options = parse_options(["--seed", "hello world", "--autoplay", "--turns", "20", "--frames", "0", "--fps", "0"],
                            browser=False)
    assert options == Options(seed="hello world", autoplay=True, turns=20, frames=0, fps=0)


def test_death_shows_the_run_summary_then_a_new_run(display) -> None:
    from game.app.states import GameOverState

    app = App(Options(seed="doomed", fps=0))
    play = until_playing(app)
    play.game.kill(play.game.player, None)
    frames(app, 2)
    assert isinstance(app.state, GameOverState)
    summary = app.state
    now = summary.opened_ms
    summary.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="", mod=0), now + 10)
    assert app.state is summary, "a key held while dying does not skip the summary"
    app.state = summary.on_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="", mod=0), now + 1000)
    again = until_playing(app)
    assert again.game is not play.game
    assert again.game.seed_text != "doomed", "a new run gets a new seed"


def test_message_log_opens_on_m_and_closes_on_any_key(display) -> None:
    app = App(Options(seed="log", fps=0))
    until_playing(app)
    play = app.state
    key(pygame.K_m, "m")
    frames(app)
    assert type(app.state).__name__ == "LogScreen" and app.state.play is play
    key(pygame.K_SPACE, " ")
    frames(app)
    assert app.state is play


def test_number_keys_use_inventory_slots(display) -> None:
    app = App(Options(seed="potion", fps=0))
    until_playing(app)
    game = app.state.game
    game.player.hp = 5
    key(pygame.K_1, "1")
    frames(app)
    assert game.player.hp > 5 and game.inventory.count("potion_healing") == 0


def test_a_walk_stops_when_a_monster_comes_into_view(display) -> None:
    app = App(Options(seed="interrupt", fps=0))
    until_playing(app)
    play = app.state
    game = play.game
    game.enter_dungeon(game.world.order[0], 1)
    for monster in list(game.floor.actors):
        game.floor.remove_actor(monster)
    play.view.sync(game, 0)
    room = game.floor.map.rooms[game.player.y, game.player.x]
    far = max(((x, y) for y in range(game.floor.map.height) for x in range(game.floor.map.width)
               if game.floor.map.rooms[y, x] == room), key=lambda t: abs(t[0] - game.player.x) + abs(t[1] - game.player.y))
    frames(app)
    sx, sy = play.camera.world_to_screen(far[0] + 0.5, far[1] + 0.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(sx), int(sy)), button=1))
    frames(app)
    assert play.walk is not None and play.walk.route
    game.spawn_monster("rat", *play.walk.route[-1])  # a rat appears where the walk is going
    play.last_step_ms = -10_000
    frames(app)
    assert play.walk is None and any("You see the rat" in m.text for m in game.log.messages)


def test_a_bug_in_a_screen_shows_a_message_instead_of_crashing(display, capsys, monkeypatch) -> None:
    from game.app.state import State
    from game.app.error_screen import ErrorState

    class Broken(State):
        def update(self, now_ms: float) -> State:
            raise RuntimeError("boom")

    app = App(Options(fps=0))
    app.state = Broken(app)
    with pytest.raises(RuntimeError, match="boom"):
        frames(app)  # the tests' strict mode: a screen's error fails the test
    assert isinstance(app.state, ErrorState), "after the error screen is shown"
    monkeypatch.setattr(App, "strict", False)  # as a player runs it
    app.state = Broken(app)
    frames(app)
    assert isinstance(app.state, ErrorState) and app.running and "boom" in app.state.message
    assert "RuntimeError: boom" in capsys.readouterr().err, "the traceback is printed for developers"
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.state, TitleState)


def test_after_a_bug_the_player_carries_on_with_the_run_and_can_copy_a_report(display, monkeypatch) -> None:
    """WEB-9: the report names what broke and where (seed, turn, floor); Carry on goes back to the
    screen that failed, with the run as it was, and the game goes on."""
    from game.app import clipboard
    from game.app.error_screen import ErrorState

    monkeypatch.setattr(App, "strict", False)
    app = App(Options(seed="bug", fps=0))
    play = until_playing(app)
    turn, digest = play.game.turn, play.game.digest()
    original = play.update
    broken = []

    def once(now_ms: float) -> State:
        if not broken:
            broken.append(True)
            raise RuntimeError("a deliberate bug")
        return original(now_ms)

    monkeypatch.setattr(play, "update", once)
    frames(app)
    error = app.state
    assert isinstance(error, ErrorState) and error.failed is play
    assert "RuntimeError: a deliberate bug" in error.report and "seed 'bug'" in error.report
    assert f"turn {turn}" in error.report and "play.py" not in error.report.splitlines()[0]
    copied = []
    monkeypatch.setattr(clipboard, "copy", lambda words: copied.append(words) or True)
    key(pygame.K_c)
    frames(app)
    assert copied == [error.report]
    key(pygame.K_RETURN)  # Carry on
    frames(app)
    assert app.state is play and play.game.digest() == digest
    key(pygame.K_RIGHT)
    frames(app, 3)
    assert play.game.turn > turn, "the game goes on"


def test_the_watched_bot_stops_and_says_so_when_it_is_stuck(display, monkeypatch) -> None:
    """ROB-3: the same stall guard as the headless bot; the player gets the controls back."""
    from game.bot import autoplay
    from game.world.actions import Wait

    monkeypatch.setattr(autoplay, "STALL_TURNS", 20)
    app = App(Options(seed="stuck-bot", autoplay=True, fps=0))
    play = until_playing(app)
    monkeypatch.setattr(play.bot, "next_action", lambda game: Wait())
    now = float(pygame.time.get_ticks())  # after the frames' own clock
    for _ in range(60):
        now += 100.0
        play.update(now)
        if play.bot is None:
            break
    assert play.bot is None, "the bot gave up"
    assert any("autoplayer is stuck" in m.text for m in play.game.log.messages)
    turn = play.game.turn
    key(pygame.K_KP5)
    frames(app)
    assert play.game.turn == turn + 1, "the keys work again"


DOOR_PLAN = """
+-+-+-+-+-+-+-+
|. . . .|. . .|
+       +     +
|@ . . .D. . .|
+-+-+-+-+-+-+-+
"""


@pytest.mark.parametrize("start", [(0, 1), (3, 1)], ids=["across the room", "beside the door"])
def test_clicking_through_a_door_into_an_unseen_room_opens_it(display, start) -> None:
    """UI-2: clicking a door opens it, though the room behind it has not been seen."""
    from game.app.play import PlayState
    from game.map.edges import Edge
    from game.map.floor_map import Side
    from tests.helpers import game_on

    game = game_on(DOOR_PLAN, {})
    game.player.x, game.player.y = start
    game.update_visibility()
    app = App(Options(fps=0))
    clock = [0.0]
    app.now_ms = lambda: clock[0]
    play = PlayState(app, Run(game, Recording(game.seed_text)))
    app.state = play
    frames(app)
    beyond = (4, 1)
    assert not game.floor.seen_rooms[game.floor.map.room_at(*beyond)]
    sx, sy = play.camera.world_to_screen(beyond[0] + 0.5, beyond[1] + 0.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(sx), int(sy)), button=1))
    for _ in range(20):  # whole frames: one that holds a slow sidebar back draws it the next (turn_pacing)
        frames(app)
        clock[0] += 100.0
    assert game.floor.map.edge(4, 1, Side.W) == Edge.OPEN_DOOR, "the door is open"
    assert game.floor.seen_rooms[game.floor.map.room_at(*beyond)], "and the room beyond is seen"


def test_the_message_archive_scrolls_through_the_whole_log(display) -> None:
    from game.app.log_screen import draw_log

    app = App(Options(seed="archive", fps=0))
    play = until_playing(app)
    for i in range(300):
        play.game.log.add(f"message number {i}", "info", i)
    key(pygame.K_m)
    frames(app)
    archive = app.state
    assert type(archive).__name__ == "LogScreen" and archive.scroll == 0
    key(pygame.K_HOME)
    frames(app)
    top = archive.scroll
    assert top > 250, "Home goes back to the first message kept"
    screen = pygame.Surface((1280, 720))
    draw_log(screen, play.game, top)
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert archive.scroll == top - 20
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    frames(app)
    assert archive.scroll == top - 23
    key(pygame.K_END)
    frames(app)
    assert archive.scroll == 0 and app.state is archive
    key(pygame.K_x, "x")
    frames(app)
    assert app.state is play
    assert len(play.game.log.messages) > 300, "the archive keeps far more than a screen"


def test_a_still_screen_is_not_redrawn(display) -> None:
    """PERF-7: with no input and nothing moving, frames are not drawn (nor flipped)."""
    app = App(Options(seed="still", fps=0))
    play = until_playing(app)
    clock = [0.0]
    app.now_ms = lambda: clock[0]
    for _ in range(60):  # let the first slides end
        clock[0] += 17
        app.frame()
    drawn = app.drawn
    for _ in range(120):
        clock[0] += 17
        app.frame()
    assert app.drawn == drawn, "idle: nothing drawn"
    key(pygame.K_KP5)  # a turn passes
    clock[0] += 17
    app.frame()
    assert app.drawn > drawn and play.game.turn > 0
    app.state = TitleState(app)
    app.frame()
    drawn = app.drawn
    for _ in range(60):
        clock[0] += 17
        app.frame()
    assert app.drawn == drawn, "the title is still too"


def test_a_long_banner_wraps_inside_the_screen(display) -> None:
    """Continuing from the backup says why at length: it ran off both edges of the screen."""
    from game.render.banner import draw_banner

    surface = pygame.Surface((1280, 720))
    message = ("The latest save could not be read (the browser's localStorage (threshold/save.json) is damaged "
               "and cannot be read (Only base64 data is allowed).); it is kept as save-damaged.json. You continue "
               "from the save before it, turn 10.")
    box = draw_banner(surface, message)
    assert surface.get_rect().contains(box), box
    assert box.height > draw_banner(surface, "Saved").height, "the message takes several lines"


@pytest.mark.parametrize("start", ["island", "dungeon"])
def test_clicks_on_the_dark_a_wall_or_the_sea_keep_the_run_on_screen(display, start) -> None:
    """TRU-1: a click on a tile the player cannot walk to (the dark, a wall's far side, an
    unseen room, the sea) does nothing; the play screen stays, the turn with it."""
    app = App(Options(seed="dark-clicks", start=start, fps=0))
    play = until_playing(app)
    frames(app)
    game, area = play.game, play.camera
    floor = game.floor
    unreachable = [(x, y) for y in range(floor.map.height) for x in range(floor.map.width)
                   if floor.map.room_at(x, y) < 0 or not floor.seen_rooms[floor.map.room_at(x, y)]]
    on_screen = [t for t in unreachable if current_map_area().collidepoint(area.world_to_screen(t[0] + 0.5, t[1] + 0.5))]
    assert on_screen, "the map shows some dark tile to click"
    turn = game.turn
    for tile in on_screen[:: max(1, len(on_screen) // 40)]:
        sx, sy = area.world_to_screen(tile[0] + 0.5, tile[1] + 0.5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(sx), int(sy)), button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(sx), int(sy)), button=1))
        frames(app)
        assert app.state is play, f"a click on {tile} left the play screen for {type(app.state).__name__}"
    assert game.turn == turn


def current_map_area() -> pygame.Rect:
    from game.render.layout import current

    return current().map_area


def test_a_screen_that_answers_no_screen_is_an_error_with_carry_on(display, monkeypatch) -> None:
    """TRU-1 at its cause: a handler that answers None (a bare ``return``) is caught by the
    frame while its screen is still the app's, so the error screen offers *Carry on* back to it."""
    from game.app.error_screen import ErrorState

    monkeypatch.setattr(App, "strict", False)
    app = App(Options(seed="none-answer", fps=0))
    play = until_playing(app)
    turn = play.game.turn
    monkeypatch.setattr(play, "on_event", lambda event, now_ms: None)
    key(pygame.K_PERIOD, ".")
    frames(app)
    error = app.state
    assert isinstance(error, ErrorState) and error.failed is play and "not a screen" in error.message
    assert error.menu.items[0] == ("carry", "Carry on")
    monkeypatch.undo()
    key(pygame.K_RETURN)
    frames(app)
    assert app.state is play and play.game.turn == turn


def test_the_error_screen_offers_carry_on_whenever_the_run_is_intact(display, monkeypatch) -> None:
    """TRU-1: even with the failed screen lost, a run in progress is carried on with, not
    sent back to its last save."""
    from game.app.error_screen import ErrorState
    from game.app.play import PlayState

    monkeypatch.setattr(App, "strict", False)
    app = App(Options(seed="lost-screen", fps=0))
    play = until_playing(app)
    key(pygame.K_RIGHT)
    frames(app, 3)
    turn = play.game.turn
    app.state = ErrorState(app, RuntimeError("lost"), failed=None)
    assert app.state.menu.items[0] == ("carry", "Carry on")
    key(pygame.K_RETURN)
    frames(app)
    assert isinstance(app.state, PlayState) and app.state.run is play.run and app.state.game.turn == turn
    app.run = None
    assert ("carry", "Carry on") not in ErrorState(app, RuntimeError("no run")).menu.items


@pytest.mark.parametrize("size", [(390, 844), (844, 390)])
def test_a_phones_error_screen_keeps_its_choices_above_the_pages_report_box(display, size) -> None:
    """TRU-1: in the page the report box covers up to 38% of the bottom; the choices stay above it."""
    from game.app.error_screen import PAGE_BOX, ErrorState
    from game.render import layout

    layout.use(layout.phone(*size))
    surface = pygame.Surface(layout.current().size)
    app = App(Options(seed="phone-error", fps=0), screen=surface)
    until_playing(app)
    error = ErrorState(app, RuntimeError("x" * 150), failed=app.state)
    error.draw(surface, 0)
    height = layout.current().size[1]
    assert len(error.menu.rects) == 3
    assert all(rect.bottom <= height * (1 - PAGE_BOX) for rect in error.menu.rects)
