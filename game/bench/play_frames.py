"""One frame of the play screen drawn headless, the bench's ``frame`` rows (PERF-1)."""

from __future__ import annotations

import time

from game.bench.compared import median_ms


def bench_frame(repeat: int, island: bool = False, sight: str = "room") -> float:
    import pygame

    from game.bot.autoplay import Autoplayer
    from game.render.hud import Hud
    from game.render.layout import SCREEN_SIZE, SIDEBAR_RECT, TILE
    from game.render.sprites import SpriteBank
    from game.render.view import PlayView

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(SCREEN_SIZE)
    from game.world.game import Game

    game = Game.new("bench", sight=sight) if island else Game.in_dungeon("bench", sight=sight)
    bot = Autoplayer()
    for _ in range(250 if not island else 0):
        game.perform(bot.next_action(game))
    sprites = SpriteBank(TILE)
    view, hud = PlayView(sprites), Hud(SIDEBAR_RECT, sprites)
    now = 0.0
    samples = []
    for frame in range(repeat + 30):
        if frame % 6 == 0 and not game.over:  # a step every 6 frames: slides and a moving camera are measured too
            game.perform(bot.next_action(game))
        view.sync(game, now)
        start = time.perf_counter()
        view.draw(screen, game, now)
        hud.draw(screen, game)
        elapsed = time.perf_counter() - start
        if frame >= 30:  # warm-up: caches, first text renders
            samples.append(elapsed)
        now += 16.0
    return median_ms(samples)
