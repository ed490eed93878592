"""The application object: the window, the current screen and one frame of the loop.

``main.py`` owns the asyncio loop and calls ``frame()`` then yields to the
browser every frame; nothing here blocks or awaits.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Iterator
from itertools import chain

import pygame

from typing import TYPE_CHECKING

from game.app.app_runs import RunKeeper
from game.app.audio import Audio
from game.app.frame_times import FrameTimes
from game.app.key_repeats import KeyRepeats
from game.app.options import Options
from game.app.platform import BROWSER
from game.app.settings import Settings, load_settings, save_settings
from game.app.state import State
from game.app.error_screen import ErrorState
from game.app.report import problem_report, show_on_page
from game.app.run_steps import warm_imports
from game.app.title import TitleState
from game.app.window import chosen_layout, open_window
from game.render import motion, palette, surfaces, text
from game.render.banner import draw_banner
from game.render.layout import TILE, use
from game.render.sprites import SpriteBank
from game.run.saves import Saves
from game.run.saves import default_storage

if TYPE_CHECKING:
    from game.run.run import Run

BANNER_MS = 2600.0
FIRST_FRAME = "first frame"
"""How the frame times name the app's first frame: start-up (the first fonts, the backdrop), not a screen's."""


_RUNNING: list[App] = []
"""The app of this process (the page has one), for ``running_app``."""


def running_app() -> App | None:
    """The app most recently opened in this process, if any: what the page's checks read
    (``game.app.probe``) and what the page's error report names (WEB-9)."""
    return _RUNNING[-1] if _RUNNING else None


MENU_SIZES = (38, 30, 18)
"""The text sizes of the title's next screens (the seed entry, the menus) that the title itself
does not draw: the first atlases its idle frames load."""


class App:
    strict = False
    """Re-raise a screen's error after showing the error screen, instead of carrying on.
    The tests set it (``tests/conftest.py``), so the safety net never hides a bug from them."""

    def __init__(self, options: Options, screen: pygame.Surface | None = None) -> None:
        """``screen``: draw there instead of the window (tests: a surface of the browser's pixel format)."""
        self.options = options
        _RUNNING[:] = [self]
        pygame.display.init()
        pygame.font.init()
        # pygame's smoothscale has SIMD code on the desktop that rounds otherwise than its plain C
        # code, the only one the browser's build has: the plain one everywhere, the same pixels.
        pygame.transform.set_smoothscale_backend("GENERIC")
        use(chosen_layout(options.layout))  # before anything is drawn or sized
        self.screen = open_window() if screen is None else screen
        surfaces.use_screen(screen)  # pictures in the screen's pixel format (None: the display's)
        pygame.key.set_repeat(220, 70)
        self.keys = KeyRepeats()  # presses told from repeats; repeats that came while busy dropped
        self.sprites = SpriteBank(TILE)  # the sidebar's, and the map's at the usual zoom
        self._sprite_banks = {TILE: self.sprites}
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.drawn = 0  # frames actually drawn: a still screen is not redrawn (PERF-7)
        self.draw_ms = 0.0  # how long the last drawing took, flip and all: a walk fits its steps to it
        self.frame_times = FrameTimes()  # how long frames take, for the page's speed check (WEB-8)
        self.now_ms = lambda: float(pygame.time.get_ticks())  # a key script simulates time (game.app.script)
        self.script_clock: list[float] | None = None  # that simulated time, once a script has begun it
        self.storage = default_storage(options.save_dir, time.time())
        self.saves = Saves(self.storage)
        self.settings, self.settings_message = load_settings(self.storage)
        self.audio = Audio()
        self.apply_settings()
        # A page may make sound only after a click or a key, and ours starts the game only after
        # the player's first click (web/threshold.tmpl waits for it), so the mixer starts here on
        # every platform: not in the frame of the first key, where it added ~40 ms in the browser.
        self.audio.unlock()
        self.run: Run | None = None  # the run in progress (saved on quit), if any
        self.runs = RunKeeper(self, options.start)  # the run in progress: started, continued, saved, ended
        self.banner: tuple[str, float] | None = None  # a short message over any screen, and until when
        self.screen_by: object | None = None
        """The screen whose drawing alone the window shows (None: a banner over it, or nothing yet):
        it may leave what it drew as it is (``PlayState.draw``'s sidebar)."""
        self.fingers: set[int] = set()
        """The fingers on a touch screen now, whatever screen their events reached (a pinch tells a
        tap from the first of two fingers by them; a screen left mid-touch would miss the lift)."""
        self.state: State = self._first_state(options)
        self._warm_up: Iterator[object] | None = chain(text.preload(MENU_SIZES), self.audio.preload(),
                                                                   warm_imports())
        """The glyph atlases, the sounds, the next screens' modules and a run's not loaded yet, one each
        idle frame (a frame that draws nothing): loaded the first time a screen needed them, they made
        its frame stutter in the browser (an atlas ~15 ms there; the seed entry's imports and first
        drawing together 70 ms). The loading screen loads what is left (run_steps)."""

    def _first_state(self, options: Options) -> State:
        if options.replay:
            from game.app.replay_screen import replay_state

            return replay_state(self, options.replay)
        if options.watch:
            from game.app.board_watch import WatchState

            return WatchState(self, options.watch)
        if options.resume:
            return self.runs.continue_run()
        if options.daily is not None:
            runs = self.runs
            return runs.start_daily(options.daily) if options.headless else runs.start_daily_named(options.daily, True)
        if options.seed is not None and not (options.autoplay or options.headless):
            from game.app.menus import launched_run

            return launched_run(self, options.seed)  # its saved run continues; another is asked about
        if options.seed is not None or options.autoplay:
            from game.run.seeds import new_seed_text

            return self.runs.start_run(options.seed if options.seed is not None else new_seed_text(),
                                  autoplay=options.autoplay)
        return self.title()

    def title(self) -> State:
        """A fresh title screen (it rereads the save). Screens go back to it through here, so
        none of them imports the title and the title can import them."""
        return TitleState(self)

    # --- options -----------------------------------------------------------------------------
    def apply_settings(self) -> None:
        settings = self.settings
        self.audio.configure(settings.master_volume, settings.effects_volume, settings.muted)
        motion.set_reduced(settings.reduce_motion)
        palette.use_colour_blind(settings.colour_blind)

    def change_settings(self, settings: Settings) -> None:
        """Apply at once, and keep for next time (in the same storage as the saves)."""
        self.settings = settings
        self.apply_settings()
        self.settings_message = save_settings(self.storage, settings)

    def sprites_at(self, tile: int) -> SpriteBank:
        """The sprites made at a map tile size (a zoom level), made once."""
        if tile not in self._sprite_banks:
            self._sprite_banks[tile] = SpriteBank(tile)
        return self._sprite_banks[tile]

    def toggle_mute(self) -> None:
        from dataclasses import replace

        self.change_settings(replace(self.settings, muted=not self.settings.muted))
        self.say("Sound off" if self.settings.muted else "Sound on")

    def say(self, message: str, duration_ms: float = BANNER_MS) -> None:
        """A short message over whatever screen is up (copied, saved, not saved...)."""
        self.banner = (message, self.now_ms() + duration_ms)

    # --- the frame ---------------------------------------------------------------------------
    def frame(self) -> None:
        """Events -> state -> draw -> flip. Never blocks.

        A bug in a screen must not crash the game (or freeze the page): the error
        is printed for the developers and the player sees a message screen.
        """
        now = self.now_ms()
        started, drawn = time.perf_counter(), self.drawn
        screen = type(self.state).__name__ if self.frames else FIRST_FRAME
        note = ""  # what an idle frame warmed up, or a piece of a save (for the page's speed check)
        played = False  # whether the frame played a turn (a frame of play, drawn or not)
        try:
            if self.runs.takes_frame(idle=False) and not self.state.owes_drawing():
                note = self._save_step()
            before, acted = self.state, self._acted()
            events = self.keys.events()
            for event in events:
                self._platform_event(event)
                if event.type == pygame.QUIT and not BROWSER:
                    self.running = False
                else:
                    self.state = next_screen(self.state, self.state.on_event(event, now), "on_event")
            self.state = next_screen(self.state, self.state.update(now), "update")
            if events or self.state is not before or self.banner is not None or self.state.animating(now) \
                    or self.drawn == 0:
                if self.state is before and self.drawn and self.state.puts_off_drawing():
                    note = note or "a turn, drawn the next frame"
                else:
                    self._draw(now)
            elif not note:  # an idle frame: the autosave due, else a piece of work ahead
                note = self._save_step() if self.runs.takes_frame(idle=True) else self._work_ahead()
            played = self._acted() != acted
            if self.state is not before or played:
                self.keys.busy()  # nor one queued while a turn was played or a screen made
        except Exception as error:  # noqa: BLE001 - the safety net of the frame loop
            traceback.print_exc()
            report = problem_report(self, error, screen)
            show_on_page(report)
            self.state = ErrorState(self, error, failed=self.state, report=report)
            self.state.draw(self.screen, now)
            pygame.display.flip()
            if self.strict:
                raise
        self.frame_times.add((time.perf_counter() - started) * 1000.0, screen, self.drawn != drawn or played,
                             note or getattr(self.state, "frame_note", ""))
        self.frames += 1
        if self.options.frames and self.frames >= self.options.frames:
            self.running = False

    def _save_step(self) -> str:
        """A piece of the save due (``RunKeeper.save_step``); what it did."""
        done = self.runs.save_step()
        self.keys.busy()  # a repeat queued during the save's disk sync was never meant
        return done

    def _work_ahead(self) -> str:
        """An idle frame's piece of work ahead: the app's (modules, atlases), then the screen's."""
        warmed = next(self._warm_up, None) if self._warm_up is not None else self.state.ahead()
        if warmed is None:
            self._warm_up = None
            return ""
        return f"warm-up {warmed}"

    def _acted(self) -> int:
        """How many actions the run in progress has performed (the world's version)."""
        return self.run.game.version if self.run is not None else -1

    def redraw(self) -> None:
        """Draw the screen now, whether or not anything changed."""
        self._draw(self.now_ms())

    def _draw(self, now: float) -> None:
        started = time.perf_counter()
        self.state.draw(self.screen, now)
        self.screen_by = None if self._draw_banner(now) else self.state
        pygame.display.flip()
        self.drawn, self.draw_ms = self.drawn + 1, (time.perf_counter() - started) * 1000.0

    def _platform_event(self, event: pygame.event.Event) -> None:
        """The fingers down; sound after the first gesture; a save when the window closes or is left."""
        if event.type == pygame.FINGERDOWN:
            self.fingers.add(event.finger_id)
        elif event.type == pygame.FINGERUP:
            self.fingers.discard(event.finger_id)
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.audio.unlock()
        if event.type in (pygame.QUIT, pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN,
                          pygame.APP_WILLENTERBACKGROUND, pygame.APP_TERMINATING):
            if self.run is not None and self.run.game.turn != self.runs.saved_turn:
                self.runs.save_run()

    def _draw_banner(self, now: float) -> bool:  # (whether it drew the banner)
        if self.banner is None:
            return False
        message, until = self.banner
        if now > until:
            self.banner = None
            return False
        draw_banner(self.screen, message)
        return True

    def pace(self) -> None:
        """Cap the desktop frame rate. Never in the browser: there pygbag runs one frame per
        animation frame of the page, and ``Clock.tick(fps)`` is not patched, so it would
        busy-wait inside the page's frame (8-10 ms a frame on a 120-144 Hz screen)."""
        if not BROWSER and self.options.fps:
            self.clock.tick(self.options.fps)

    def close(self) -> None:
        self.runs.save_run()
        if self.options.screenshot:
            pygame.image.save(self.screen, self.options.screenshot)
        if not BROWSER:
            text.forget()
            surfaces.use_screen(None)
            pygame.quit()


def next_screen(screen: State, answer: object, what: str) -> State:
    """The screen that ``screen``'s ``what`` answered, checked: a handler that answers anything
    but a screen (a bare ``return``) is a bug, raised here while ``screen`` is still the app's
    screen, so the error screen can offer *Carry on* back to it instead of losing the run's screen."""
    if not isinstance(answer, State):
        raise TypeError(f"{type(screen).__name__}.{what} answered {answer!r}, not a screen")
    return answer
