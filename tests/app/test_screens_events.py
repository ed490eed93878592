"""Every screen answers every kind of event with a screen (TRU-1): a screen's ``on_event`` never
returns None, nor anything that is not a ``State``, whatever the player (or the platform) sends.

Every ``State`` subclass of ``game.app`` is found by walking ``State.__subclasses__()`` after
importing every module of the package, so a new screen is checked as soon as it exists (and
this test says so until it has a way to be built here, as a player meets it). Each is drawn
first (its menu rows and buttons are where it drew them), then given every kind of event SDL
delivers: keys (every key a screen answers, others, with modifiers), text, the mouse over a grid
of the window and on each thing it drew to click, touches, the wheel, the window's events and
the rest of SDL's. After an event that leaves it, the screen is built again for the next.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator

import pygame
import pytest

import game.app
from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.state import State
from game.render import layout
from game.tools.storm.events import KNOWN_KEYS, clickable

NOW = 600_000.0
"""The screens' clock: a screen is drawn at ``NOW`` and handles events a second later (the end
screens ignore keys for half a second after they appear)."""


BASES = {"Overlay"}
"""Screens that are bases of others, never shown by themselves."""


def screens() -> list[type[State]]:
    """Every subclass of ``State`` defined in ``game.app`` (all of its modules imported first)."""
    for module in pkgutil.iter_modules(game.app.__path__):
        importlib.import_module(f"game.app.{module.name}")
    found, waiting = [], list(State.__subclasses__())
    while waiting:
        kind = waiting.pop()
        waiting += kind.__subclasses__()
        if kind.__module__.startswith("game.app.") and kind not in found and kind.__name__ not in BASES:
            found.append(kind)
    return sorted(found, key=lambda kind: kind.__name__)


class Meeting:
    """Where a test meets its screens: the app, and a run of each floor kind's play screen, made
    once and met again in the mode a case asks for (a run takes long to make, a mode does not)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.plays: dict[str, PlayState] = {}

    def play(self, start: str = "dungeon", mode: Callable[[PlayState], object] | None = None) -> PlayState:
        """The play screen of a run beginning at ``start`` (a new one once a run has ended), not
        walking nor zoomed out, then in ``mode``."""
        from game.run.run import Run

        play = self.plays.get(start)
        if play is None or play.game.over or play.game.won:
            play = self.plays[start] = PlayState(self.app, Run.new("screens", start))
            self.app.runs.begin(play.run, new_run=True)
        if play.camera is None:  # new, or zoomed nearer or farther: drawn, as the next frame does
            play.draw(self.app.screen, NOW)  # so a click finds its tile
        play.walk, play.zoomed = None, False
        if mode is not None:
            mode(play)
        return play

    def ended(self, kind: str) -> State:
        from game.app import states
        from game.run.run import Run
        from game.world import events

        play = self.plays.get(kind)
        if play is None:
            play = self.plays[kind] = PlayState(self.app, Run.new("screens", "dungeon"))
            if kind == "VictoryState":
                for region in play.game.world.order:
                    events.warden_falls(play.game, region)
            else:
                play.game.kill(play.game.player, None, "struck down by a test")
        return getattr(states, kind)(self.app, play)


def _aiming(play: PlayState) -> State:
    from game.app.play_aim import AimScreen

    play.game.inventory.add("tnt", 2)
    return AimScreen.start(play, "throw", "tnt")


def _verbs(play: PlayState) -> State:
    from game.app.verbs import VerbMenu, VerbScreen

    return VerbScreen(play, VerbMenu("You", play.pointer.verbs_here(NOW), layout.current().map_area.center))


def _question(play: PlayState) -> State:
    from game.app.question import Question
    from game.app.verbs import VerbScreen

    return VerbScreen(play, Question("A test asks before harm?", [("Go on all the same", lambda: None),
                                                                  ("No", lambda: None)], layout.current().map_area.center))


def _asking(play: PlayState, where: str) -> State:
    from game.app.pack import PackScreen
    from game.app.prompts import SlotPrompt, SlotQuestion

    asked = SlotQuestion("Drop which?", lambda index: None)
    return PackScreen(play, asked) if where == "pack" else SlotPrompt(play, asked)


def _over_play() -> dict[str, Callable[[PlayState], State]]:
    """The screens over the play screen, each opened as the player opens it."""
    from game.app.log_screen import LogScreen
    from game.app.pack import PackScreen
    from game.app.prompts import DirectionPrompt

    return {"AimScreen": _aiming, "VerbScreen": _verbs, "VerbScreen:question": _question, "PackScreen": PackScreen,
            "PackScreen:asking which slot": lambda play: _asking(play, "pack"),
            "SlotPrompt": lambda play: _asking(play, "sidebar"), "LogScreen": LogScreen,
            "DirectionPrompt": lambda play: DirectionPrompt(play, "Close which way?")}


PLAY_MODES: dict[str, Callable[[PlayState], object]] = {
    "zoomed": lambda play: setattr(play, "zoomed", True), "walking": lambda play: play.walks.start("explore"),
}
"""The play screen's own modes, each set as the player sets it."""


def _boons(meet: Meeting) -> State:
    """A fallen Warden's boons, on a run of their own (an offer left open would open this page
    over every other screen built from the shared runs)."""
    from game.app.boon_screen import BoonScreen
    from game.run.run import Run

    play = meet.plays.get("boons")
    if play is None or not play.game.boons.offer:
        play = meet.plays["boons"] = PlayState(meet.app, Run.new("screens", "island"))
        play.game.boons.offer = ["vigour", "might", "lore"]
        play.draw(meet.app.screen, NOW)
    return BoonScreen(play)


def _replay(meet: Meeting) -> State:
    from game.app.replay_screen import ReplayState
    from game.run.replay import Replayer

    return ReplayState(meet.app, Replayer.start(meet.play().run.recording_now()), 8.0)


def _watch(meet: Meeting, failed: bool) -> State:
    from game.app.board_watch import WatchState

    watch = WatchState(meet.app, "a-run")
    if failed:
        watch.update(NOW)  # no board: it says why, and any key goes to the title
    return watch


def _options(meet: Meeting, mode: str) -> State:
    from game.app.options_screen import OptionsState

    options = OptionsState(meet.app, meet.app.title())
    options.keys_open = mode == "keys"
    if mode == "typing":
        options.board.typing = ""
    return options


def _builders() -> dict[str, Callable[[Meeting], State]]:
    """How each screen is met, by its class's name and, after a colon, which of its modes."""
    from game.app import menus
    from game.app.board_screen import NameEntryState
    from game.app.error_screen import ErrorState
    from game.app.seed_entry import SeedEntryState

    built: dict[str, Callable[[Meeting], State]] = {
        "BoonScreen": _boons,
        "ConfirmState": lambda meet: menus.ConfirmState(meet.app, "Abandon this run?", "A test asks.", meet.app.title,
                                                        meet.app.title),
        "CreditsState": lambda meet: menus.CreditsState(meet.app, meet.app.title()),
        "ErrorState": lambda meet: ErrorState(meet.app, RuntimeError("a test"), meet.play(), "the report"),
        "ErrorState:no screen to carry on with": lambda meet: ErrorState(meet.app, RuntimeError("a test")),
        "GameOverState": lambda meet: meet.ended("GameOverState"),
        "HelpState": lambda meet: menus.HelpState(meet.app, meet.app.title()),
        "HelpState:over a run": lambda meet: menus.HelpState(meet.app, meet.app.title(), meet.play()),
        "LoadingState": lambda meet: meet.app.runs.start_run("screens"),
        "NameEntryState": lambda meet: NameEntryState(meet.app, meet.app.title(), "", lambda name: meet.app.title()),
        "OptionsState": lambda meet: _options(meet, ""),
        "OptionsState:keys": lambda meet: _options(meet, "keys"),
        "OptionsState:typing a board": lambda meet: _options(meet, "typing"),
        "PauseState": lambda meet: menus.PauseState(meet.app, meet.play()),
        "ReplayState": _replay,
        "SaveProblemState": lambda meet: menus.SaveProblemState(meet.app, "a test's problem"),
        "SeedEntryState": lambda meet: SeedEntryState(meet.app, meet.app.title()),
        "TitleState": lambda meet: meet.app.title(),
        "VictoryState": lambda meet: meet.ended("VictoryState"),
        "WatchState": lambda meet: _watch(meet, False),
        "WatchState:failed": lambda meet: _watch(meet, True),
    }
    for start in ("island", "dungeon", "vault", "ship"):
        built[f"PlayState:{start}"] = lambda meet, start=start: meet.play(start)  # type: ignore[misc]
    for name, mode in PLAY_MODES.items():
        built[f"PlayState:{name}"] = lambda meet, mode=mode: meet.play(mode=mode)  # type: ignore[misc]
    for name, over in _over_play().items():
        built[name] = lambda meet, over=over: over(meet.play())  # type: ignore[misc]
    return built


BUILDERS = _builders()


def test_every_screen_of_the_game_is_built_here() -> None:
    missing = {kind.__name__ for kind in screens()} - {name.split(":")[0] for name in BUILDERS}
    assert not missing, f"screens this test does not build (add them to _builders): {sorted(missing)}"


def _keys() -> Iterator[pygame.event.Event]:
    def key(kind: int, code: int, text: str = "", mod: int = 0) -> pygame.event.Event:
        return pygame.event.Event(kind, key=code, unicode=text, mod=mod, scancode=0)

    for code in KNOWN_KEYS:
        text = chr(code) if 32 <= code < 127 else ""
        yield key(pygame.KEYDOWN, code, text)
    for code, text in ((pygame.K_PERIOD, ">"), (pygame.K_SLASH, "?"), (pygame.K_COMMA, "<"), (pygame.K_c, "C")):
        yield key(pygame.KEYDOWN, code, text, pygame.KMOD_SHIFT)
    for code in (pygame.K_c, pygame.K_v, pygame.K_BACKSPACE, pygame.K_a):
        yield key(pygame.KEYDOWN, code, "", pygame.KMOD_CTRL)
    for code, text in ((0, ""), (pygame.K_F1, ""), (pygame.K_LALT, ""), (pygame.K_CAPSLOCK, ""), (0x40000000, "é"),
                       (2**31 - 1, "\r"), (pygame.K_q, "🙂")):
        yield key(pygame.KEYDOWN, code, text, pygame.KMOD_ALT)
    yield key(pygame.KEYUP, pygame.K_RETURN)
    yield key(pygame.KEYUP, pygame.K_ESCAPE, "", pygame.KMOD_SHIFT)


def _pointer(points: list[tuple[int, int]]) -> Iterator[pygame.event.Event]:
    width, height = layout.current().size
    for pos in points:
        for touch in (False, True):
            yield pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, -2), buttons=(int(touch), 0, 0), touch=touch)
            for button in (1, 2, 3, 4, 5) if not touch else (1,):
                yield pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=touch)
                yield pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=touch)
        where = {"x": min(1.0, max(0.0, pos[0] / width)), "y": min(1.0, max(0.0, pos[1] / height))}
        for kind in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            for finger in (0, 1):
                yield pygame.event.Event(kind, touch_id=1, finger_id=finger, dx=0.01, dy=0.0, pressure=1.0, **where)


def _others() -> Iterator[pygame.event.Event]:
    """Text, the wheel, the window's events and every other kind SDL sends, as SDL fills them."""
    for text in ("a", "é", " ", "🙂", "\t", "ab"):
        yield pygame.event.Event(pygame.TEXTINPUT, text=text)
    yield pygame.event.Event(pygame.TEXTEDITING, text="e", start=0, length=1)
    for x, y in ((0, 1), (0, -1), (1, 0), (0, 0), (0, 7)):
        yield pygame.event.Event(pygame.MOUSEWHEEL, x=x, y=y, flipped=False, precise_x=float(x), precise_y=float(y),
                                 touch=False)
    yield pygame.event.Event(pygame.VIDEORESIZE, size=(640, 360), w=640, h=360)
    yield pygame.event.Event(pygame.ACTIVEEVENT, gain=0, state=1)
    for name in dir(pygame):
        if name.startswith("WINDOW") and not name.startswith("WINDOWPOS"):
            yield pygame.event.Event(getattr(pygame, name), x=10, y=10)
    plain = ("VIDEOEXPOSE", "QUIT", "USEREVENT", "KEYMAPCHANGED", "CLIPBOARDUPDATE", "RENDER_TARGETS_RESET",
             "RENDER_DEVICE_RESET", "LOCALECHANGED", "APP_TERMINATING", "APP_LOWMEMORY", "APP_WILLENTERBACKGROUND",
             "APP_DIDENTERBACKGROUND", "APP_WILLENTERFOREGROUND", "APP_DIDENTERFOREGROUND", "DROPBEGIN",
             "DROPCOMPLETE")
    for name in plain:
        if hasattr(pygame, name):
            yield pygame.event.Event(getattr(pygame, name))
    yield pygame.event.Event(pygame.DROPFILE, file="/tmp/a-recording.json")
    yield pygame.event.Event(pygame.DROPTEXT, text="dropped")
    yield pygame.event.Event(pygame.AUDIODEVICEADDED, which=0, iscapture=0)
    yield pygame.event.Event(pygame.JOYAXISMOTION, instance_id=0, axis=0, value=0.5)
    yield pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=0, button=0)
    yield pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=0)


def events(state: State) -> Iterator[pygame.event.Event]:
    """Every kind of event, the pointer's at a grid over the window (dark tiles, walls, the sea,
    the sidebar), off it, and in the middle of everything ``state`` drew to click."""
    width, height = layout.current().size
    grid = [(width * i // 6, height * j // 6) for i in range(1, 6) for j in range(1, 6)]
    off = [(-5, -5), (width + 5, height + 5), (0, 0), (width - 1, height - 1)]
    aimed = [rect.center for rect in clickable(state)]
    yield from _keys()
    yield from _pointer(grid + off + aimed)
    yield from _others()


@pytest.fixture(params=["landscape", "portrait"])
def app(request, tmp_path) -> App:
    """The app on the desktop's layout and a phone's (held upright), drawing off screen."""
    return App(Options(fps=0, save_dir=str(tmp_path), layout=request.param))


@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_a_screen_answers_every_kind_of_event_with_a_screen(app: App, name: str) -> None:
    """Each event goes to the screen as the case builds it: after one that left it, a new one;
    the play screen is met in its mode again after every event (a key may have closed its page)."""
    build, meet = BUILDERS[name], Meeting(app)
    state = build(meet)
    state.draw(app.screen, NOW)
    wrong = []
    for event in list(events(state)):
        result = state.on_event(event, NOW + 1000)
        if not isinstance(result, State):
            wrong.append(f"{event} -> {result!r}")
        if result is not state or name.startswith("PlayState"):
            state = build(meet)
            if result is not state:
                state.draw(app.screen, NOW)
    assert not wrong, f"{name}.on_event returned no screen for:\n" + "\n".join(wrong[:20])
