"""The application object: the window, the current screen and one frame of the loop.

``main.py`` owns the asyncio loop and calls ``frame()`` then yields to the
browser every frame; nothing here blocks or awaits.
"""

from __future__ import annotations

import os
import traceback

import pygame

from game.app.options import Options
from game.app.platform import BROWSER
from game.app.play import PlayState
from game.app.state import State
from game.app.states import ErrorState, TitleState
from game.paths import asset
from game.render.layout import SCREEN_SIZE, TILE
from game.render.sprites import SpriteBank
from game.world.game import Game


class App:
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
            from game.app.states import new_seed_text

            self.state = self.start_run(options.seed if options.seed is not None else new_seed_text(),
                                        autoplay=options.autoplay)
        else:
            self.state = TitleState(self)

    def start_run(self, seed_text: str, autoplay: bool = False) -> State:
        return PlayState(self, Game.new(seed_text), autoplay=autoplay)

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
        pygame.display.flip()
        self.frames += 1
        if self.options.frames and self.frames >= self.options.frames:
            self.running = False

    def pace(self) -> None:
        """Cap the desktop frame rate (the browser paces frames itself)."""
        if not BROWSER and self.options.fps:
            self.clock.tick(self.options.fps)

    def close(self) -> None:
        if self.options.screenshot:
            pygame.image.save(self.screen, self.options.screenshot)
        if not BROWSER:
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
