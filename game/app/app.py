"""The application object: the window, the current screen and one frame of the loop.

``main.py`` owns the asyncio loop and calls ``frame()`` then yields to the
browser every frame; nothing here blocks or awaits.
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback

import pygame

from game.app.options import Options
from game.app.platform import BROWSER
from game.app.state import State
from game.app.states import ErrorState
from game.app.title import TitleState
from game.paths import asset
from game.progress import Steps
from game.render import text
from game.render.layout import SCREEN_SIZE, TILE
from game.render.sprites import SpriteBank

RUN_IMPORTS = (
    "game.world.edges", "game.world.floor_map", "game.world.shapes", "game.world.level", "game.world.codec",
    "game.content.items", "game.content.monsters", "game.world.actor", "game.world.messages",
    "game.world.inventory", "game.world.navigation", "game.world.paths", "game.world.floor",
    "game.mapgen.noise", "game.mapgen.landmass", "game.mapgen.regions", "game.mapgen.names",
    "game.mapgen.overworld", "game.mapgen.rooms", "game.mapgen.analysis", "game.mapgen.connect",
    "game.mapgen.populate", "game.mapgen.dungeon", "game.world.overworld", "game.world.params",
    "game.world.spawn", "game.world.visibility", "game.world.saving", "game.world.combat", "game.ai.senses",
    "game.ai.behaviour", "game.ai.behaviours", "game.world.game", "game.world.blast", "game.world.projectiles",
    "game.actions", "game.autoplay", "game.render.anim", "game.render.camera", "game.render.floor_layer",
    "game.render.overworld_layer", "game.render.effects", "game.render.view", "game.render.hud",
    "game.app.aim", "game.app.keys", "game.app.play",
)
"""What a run needs beyond the title screen, roughly leaves first, imported one module a
step (in the browser the run's imports take a few hundred milliseconds in all)."""


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
        self.state: State
        if options.seed is not None or options.autoplay:
            from game.seeds import new_seed_text

            self.state = self.start_run(options.seed if options.seed is not None else new_seed_text(),
                                        autoplay=options.autoplay)
        else:
            self.state = TitleState(self)

    def start_run(self, seed_text: str, autoplay: bool = False) -> State:
        """The loading screen of a new run; the play screen once the world is made."""
        from game.app.loading import LoadingState

        shown = seed_text if len(seed_text) <= 48 else seed_text[:47] + "…"
        return LoadingState(self, self._new_run(seed_text, autoplay), "A new run", f"Seed {shown}")

    def _new_run(self, seed_text: str, autoplay: bool) -> Steps[State]:
        for name in RUN_IMPORTS:
            if name not in sys.modules:
                importlib.import_module(name)
                yield "imports"
        from game.app.play import PlayState
        from game.world.game import Game

        game = yield from Game.new_steps(seed_text)
        if self.options.start != "island":
            game.start_on(self.options.start)
        play = PlayState(self, game, autoplay=autoplay)
        yield from play.view.prepare(game)
        return play

    def frame(self) -> None:
        """Events -> state -> draw -> flip. Never blocks.

        A bug in a screen must not crash the game (or freeze the page): the error
        is printed for the developers and the player sees a message screen.
        """
        now = float(pygame.time.get_ticks())
        try:
            for event in pygame.event.get():
                if event.type == pygame.QUIT and not BROWSER:
                    self.running = False
                else:
                    self.state = self.state.on_event(event, now)
            self.state = self.state.update(now)
            self.state.draw(self.screen, now)
        except Exception as error:  # noqa: BLE001 - the safety net of the frame loop
            traceback.print_exc()
            self.state = ErrorState(self, error)
            self.state.draw(self.screen, now)
            if self.strict:
                raise
        pygame.display.flip()
        self.frames += 1
        if self.options.frames and self.frames >= self.options.frames:
            self.running = False

    def pace(self) -> None:
        """Cap the desktop frame rate. Never in the browser: there pygbag runs one frame per
        animation frame of the page, and ``Clock.tick(fps)`` is not patched, so it would
        busy-wait inside the page's frame (8-10 ms a frame on a 120-144 Hz screen)."""
        if not BROWSER and self.options.fps:
            self.clock.tick(self.options.fps)

    def close(self) -> None:
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
