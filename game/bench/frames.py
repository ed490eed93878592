"""The longest frames a player waits through, measured in a fresh process (SPEC WEB-5).

    python -m game.bench.frames --seed S

Starts the real app headless on its title screen, presses Enter on "New run" and
times every frame until the play screen has drawn its first frames, imports
included (a fresh process, as a player's first run). Then it walks into the first
region's dungeon and down to its second floor, timing the frames that make and
show each new floor. Prints one JSON object: ``new_run_ms`` and ``new_floor_ms``,
the frame times in milliseconds.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from typing import TYPE_CHECKING

import numpy  # noqa: F401  main.py imports numpy before the first frame; so does this

from game.cli import seed_text

if TYPE_CHECKING:
    from game.app.app import App

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

AFTER_PLAY_FRAMES = 5
MAX_FRAMES = 600


def _timed_frame(app: App) -> float:
    start = time.perf_counter()
    app.frame()
    return (time.perf_counter() - start) * 1000.0


def new_run_frames(app: App, seed: str) -> list[float]:
    """Enter on the title's "New run" (with ``seed``), every frame until play has drawn a few."""
    import pygame

    import game.run.seeds
    from game.app.title import TitleState

    assert isinstance(app.state, TitleState)
    game.run.seeds.new_seed_text = lambda: seed  # the title picks a random seed; the bench wants a fixed one
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=0))
    times: list[float] = []
    played = 0
    while played < AFTER_PLAY_FRAMES and len(times) < MAX_FRAMES:
        times.append(_timed_frame(app))
        played += type(app.state).__name__ == "PlayState"
    if played < AFTER_PLAY_FRAMES:
        raise RuntimeError(f"no play screen after {MAX_FRAMES} frames")
    return times


def new_floor_frames(app: App) -> list[float]:
    """The frames of going down into the first region's dungeon, then to its second floor."""
    import pygame

    from game.app.play import PlayState

    play = app.state
    assert isinstance(play, PlayState), "new_run_frames leaves the app playing"
    game = play.game
    times: list[float] = []
    for _ in range(2):
        level = game.floor.level
        game.player.x, game.player.y = (game.world.entrances[game.world.order[0]] if game.on_overworld
                                        else level.exit)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PERIOD, unicode=">",
                                             mod=pygame.KMOD_SHIFT))
        before = game.floor_key
        times.append(_timed_frame(app))
        if game.floor_key == before:
            raise RuntimeError("the stairs did not lead to a new floor")
        times.extend(_timed_frame(app) for _ in range(AFTER_PLAY_FRAMES))
    return times


def idle_draws_per_second(app: App, seconds: float = 2.0) -> float:
    """Frames drawn per second while nothing happens: no input, nothing moving (PERF-7: 0).
    The screen first settles (slides and blasts end), then ``seconds`` of 60 FPS frames run on
    a simulated clock."""
    clock = [app.now_ms()]
    real = app.now_ms
    app.now_ms = lambda: clock[0]
    try:
        for _ in range(60):  # a second to settle
            clock[0] += 1000 / 60
            app.frame()
        before = app.drawn
        for _ in range(round(60 * seconds)):
            clock[0] += 1000 / 60
            app.frame()
        return (app.drawn - before) / seconds
    finally:
        app.now_ms = real


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.frames", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=seed_text, default="bench-frames", help="the new run's seed")
    args = parser.parse_args(argv)
    from game.app.app import App
    from game.app.options import Options

    with tempfile.TemporaryDirectory(prefix="threshold-bench-") as saves:  # a fresh player: no saved run
        app = App(Options(fps=0, save_dir=saves))
        for _ in range(3):
            app.frame()
        idle_title = idle_draws_per_second(app)
        result = {"new_run_ms": new_run_frames(app, args.seed), "new_floor_ms": new_floor_frames(app),
                  "idle_title": [idle_title], "idle_play": [idle_draws_per_second(app)]}
        app.run = None  # nothing to save on the way out
    print(json.dumps({key: [round(t, 3) for t in times] for key, times in result.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
