"""Command-line options of ``main.py`` / ``threshold``.

Parsing never fails the game: unknown arguments (the browser runtime may pass
its own) are ignored, and a bad value falls back to the default with a warning.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass


@dataclass(frozen=True)
class Options:
    seed: str | None = None
    autoplay: bool = False
    turns: int = 1000
    headless: bool = False
    frames: int = 0  # stop after this many frames (0: run until quit)
    screenshot: str | None = None  # save the last frame here (PNG)
    fps: int = 60  # desktop frame cap; 0 = uncapped


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="threshold", description="Threshold, a thin-walled roguelike.")
    parser.add_argument("--seed", help="play this seed (any text; numbers are used as they are)")
    parser.add_argument("--autoplay", action="store_true", help="let the bot play")
    parser.add_argument("--turns", type=int, default=1000, help="turns the bot plays (with --autoplay)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: with --autoplay, print one JSON line about the run")
    parser.add_argument("--frames", type=int, default=0, help="quit after this many frames")
    parser.add_argument("--screenshot", help="save the last frame to this PNG file")
    parser.add_argument("--fps", type=int, default=60, help="frame cap on the desktop (0: none)")
    return parser


def parse_options(argv: list[str]) -> Options:
    parser = _parser()
    try:
        args, unknown = parser.parse_known_args(argv)
    except SystemExit as exit_:
        if exit_.code == 0:  # --help was printed
            raise
        print("threshold: ignoring arguments it cannot read", file=sys.stderr)
        return Options()
    if unknown:
        print(f"threshold: ignoring unknown arguments {unknown}", file=sys.stderr)
    return Options(
        seed=args.seed, autoplay=args.autoplay, turns=max(0, args.turns), headless=args.headless,
        frames=max(0, args.frames), screenshot=args.screenshot, fps=max(0, args.fps),
    )
