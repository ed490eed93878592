"""The application object: the window, the current screen and one frame of the loop.

``main.py`` owns the asyncio loop and calls ``frame()`` then yields to the
browser every frame; nothing here blocks or awaits.
"""

from __future__ import annotations

import os
import traceback

import pygame

from typing import TYPE_CHECKING

from game.app.audio import Audio
from game.app.options import Options
from game.app.platform import BROWSER
from game.app.run_steps import continue_steps, new_run_steps
from game.app.settings import Settings, load_settings, save_settings
from game.app.state import State
from game.app.states import ErrorState
from game.app.title import TitleState
from game.paths import asset
from game.render import motion, palette, text
from game.render.layout import SCREEN_SIZE, TILE
from game.render.sprites import SpriteBank
from game.saves import Saves
from game.saves import default_storage
from game.storage import StorageError

if TYPE_CHECKING:
    from game.run import Run

AUTOSAVE_TURNS = 50
"""Turns between saves within a floor (a floor change always saves): what a crash or a
closed tab can lose at most, where the platform does not say it is closing."""
BANNER_MS = 2600.0


class App:
    strict = False
    """Re-raise a screen's error after showing the error screen, instead of carrying on.
    The tests set it (``tests/conftest.py``), so the safety net never hides a bug from them."""

    def __init__(self, options: Options) -> None:
        self.options = options
        pygame.display.init()
        pygame.font.init()
        self.screen = _open_window()
        pygame.key.set_repeat(220, 70)
        self.sprites = SpriteBank(TILE)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.drawn = 0  # frames actually drawn: a still screen is not redrawn (PERF-7)
        self.now_ms = lambda: float(pygame.time.get_ticks())  # a key script simulates time (game.app.script)
        self.storage = default_storage(options.save_dir)
        self.saves = Saves(self.storage)
        self.settings, self.settings_message = load_settings(self.storage)
        self.audio = Audio()
        self.apply_settings()
        if not BROWSER:
            self.audio.unlock()  # the browser lets a page play sound only after a click or a key
        self.run: Run | None = None  # the run in progress (saved on quit), if any
        self._saved_turn = 0
        self._save_due = False
        self.banner: tuple[str, float] | None = None  # a short message over any screen, and until when
        self.state: State = self._first_state(options)

    def _first_state(self, options: Options) -> State:
        if options.replay:
            from game.app.replay_screen import replay_state

            return replay_state(self, options.replay)
        if options.resume:
            return self.continue_run()
        if options.daily is not None:
            return self.start_daily(options.daily, ask=not options.headless)
        if options.seed is not None and not (options.autoplay or options.headless):
            from game.app.menus import new_run

            return new_run(self, options.seed, self.title)  # asks before replacing a saved run
        if options.seed is not None or options.autoplay:
            from game.seeds import new_seed_text

            return self.start_run(options.seed if options.seed is not None else new_seed_text(),
                                  autoplay=options.autoplay)
        return self.title()

    def title(self) -> State:
        """A fresh title screen (it rereads the save). Screens go back to it through here, so
        none of them imports the title and the title can import them."""
        return TitleState(self)

    # --- runs --------------------------------------------------------------------------------
    def start_run(self, seed_text: str, autoplay: bool = False, daily: str | None = None) -> State:
        """The loading screen of a new run; the play screen once the world is made.
        A saved run that cannot be read is set aside first (kept, never overwritten)."""
        from game.app.loading import LoadingState

        info = self.saves.info()
        if info is not None and not info.usable:
            try:
                self.saves.set_aside()
            except StorageError as problem:
                self.say(f"The old save could not be set aside: {problem}")
        shown = seed_text if len(seed_text) <= 48 else seed_text[:47] + "…"
        heading = "The daily challenge" if daily else "A new run"
        return LoadingState(self, new_run_steps(self, seed_text, autoplay, daily), heading, f"Seed {shown}")

    def start_daily(self, day: str = "today", ask: bool = False) -> State:
        """Today's (or ``day``'s) daily: its saved run if that is the one saved, else a new one
        (with ``ask``, only once the player agrees to give up another saved run)."""
        from game.app.menus import new_run
        from game.daily import daily_seed, parse_date, today

        date = today() if day == "today" else parse_date(day)
        info = self.saves.info()
        if info is not None and info.usable and info.daily == date.isoformat():
            return self.continue_run()
        if ask:
            return new_run(self, daily_seed(date), self.title, daily=date.isoformat())
        return self.start_run(daily_seed(date), daily=date.isoformat())

    def continue_run(self) -> State:
        """The saved run, exactly where it was; a clear message if it cannot be read."""
        from game.app.loading import LoadingState

        info = self.saves.info()
        seed = f"Seed {info.seed}" if info is not None and info.seed else ""
        return LoadingState(self, continue_steps(self), "Continuing your run", seed)

    def begin(self, run: Run) -> None:
        self.run, self._saved_turn = run, run.game.turn
        self._save_due = True

    def after_action(self, run: Run) -> None:
        """After every action of a run on screen: its sounds; and, for the run in progress,
        a save on every floor change and every ``AUTOSAVE_TURNS`` turns."""
        game = run.game
        if game.cues:
            self.audio.play_all(game.cues)
            game.cues.clear()
        if run is self.run and not run.over and (
                game.floor_changed or game.turn - self._saved_turn >= AUTOSAVE_TURNS):
            self._save_due = True  # at the start of the next frame: not in the frame that draws a new floor

    def save_run(self) -> bool:
        """Save the run in progress; a refusal (storage full, disk read-only) is shown, not raised."""
        if self.run is None or self.run.over:
            return False
        try:
            self.saves.save(self.run)
        except StorageError as problem:
            self.say(f"Not saved: {problem}", 6000)
            return False
        self._saved_turn = self.run.game.turn
        return True

    def end_run(self, run: Run) -> None:
        """Death, victory or abandoning: one life, so the save goes; the recording stays."""
        if run is not self.run:
            return
        self.run = None
        try:
            self.saves.end(run)
        except StorageError as problem:
            self.say(f"The run's end was not recorded: {problem}", 6000)

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
        try:
            if self._save_due:
                self._save_due = False
                self.save_run()
            before = self.state
            events = pygame.event.get()
            for event in events:
                self._platform_event(event)
                if event.type == pygame.QUIT and not BROWSER:
                    self.running = False
                else:
                    self.state = self.state.on_event(event, now)
            self.state = self.state.update(now)
            if events or self.state is not before or self.banner is not None or self.state.animating(now) \
                    or self.drawn == 0:
                self.state.draw(self.screen, now)
                self._draw_banner(now)
                pygame.display.flip()
                self.drawn += 1
        except Exception as error:  # noqa: BLE001 - the safety net of the frame loop
            traceback.print_exc()
            self.state = ErrorState(self, error)
            self.state.draw(self.screen, now)
            pygame.display.flip()
            if self.strict:
                raise
        self.frames += 1
        if self.options.frames and self.frames >= self.options.frames:
            self.running = False

    def _platform_event(self, event: pygame.event.Event) -> None:
        """Sound after the first gesture; a save when the window closes or is left."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
            self.audio.unlock()
        if event.type in (pygame.QUIT, pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED, pygame.WINDOWHIDDEN,
                          pygame.APP_WILLENTERBACKGROUND, pygame.APP_TERMINATING):
            if self.run is not None and self.run.game.turn != self._saved_turn:
                self.save_run()

    def _draw_banner(self, now: float) -> None:
        if self.banner is None:
            return
        message, until = self.banner
        if now > until:
            self.banner = None
            return
        picture = text.render(message, 24, palette.TEXT)
        box = picture.get_rect(midtop=(SCREEN_SIZE[0] // 2, 14)).inflate(28, 14)
        pygame.draw.rect(self.screen, palette.PANEL, box, border_radius=6)
        pygame.draw.rect(self.screen, palette.PANEL_EDGE, box, 1, border_radius=6)
        self.screen.blit(picture, picture.get_rect(center=box.center))

    def pace(self) -> None:
        """Cap the desktop frame rate. Never in the browser: there pygbag runs one frame per
        animation frame of the page, and ``Clock.tick(fps)`` is not patched, so it would
        busy-wait inside the page's frame (8-10 ms a frame on a 120-144 Hz screen)."""
        if not BROWSER and self.options.fps:
            self.clock.tick(self.options.fps)

    def close(self) -> None:
        self.save_run()
        if self.options.screenshot:
            pygame.image.save(self.screen, self.options.screenshot)
        if not BROWSER:
            text.forget()
            pygame.quit()


def _open_window() -> pygame.Surface:
    """1280x720 logical canvas; on the desktop the window resizes and scales it."""
    pygame.display.set_caption("Threshold")
    try:
        icon = pygame.image.load(str(asset("sprites", "player.png")))
        pygame.display.set_icon(icon)
    except (pygame.error, FileNotFoundError):
        pass
    if BROWSER or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return pygame.display.set_mode(SCREEN_SIZE)
    # pygame's SCALED mode scales by whole numbers in a window (so a window smaller
    # than 1280x720 crops the picture) unless this hint is set; then it fits any size.
    os.environ.setdefault("SDL_HINT_RENDER_SCALE_QUALITY", "1")
    os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")  # smooth, not blocky, scaling
    try:
        return pygame.display.set_mode(SCREEN_SIZE, pygame.SCALED | pygame.RESIZABLE)
    except pygame.error:
        return pygame.display.set_mode(SCREEN_SIZE)
