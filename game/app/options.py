"""Command-line options of ``main.py`` / ``threshold``.

On the desktop a bad command line is an error: a clear message and exit status 2
(argparse's), never a title screen that silently ignored what was asked for.
In the browser the page hands the program its own arguments (from the URL), and
``sys.exit`` there does not exit but freezes the page's loop, so the browser
ignores what it cannot read and says so on the console.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from game.app.platform import BROWSER
from game.cli import count, writable_file


STARTS = ("island", "dungeon", "vault", "ship")


@dataclass(frozen=True)
class Options:
    seed: str | None = None
    autoplay: bool = False
    turns: int = 1000
    headless: bool = False
    frames: int = 0  # stop after this many frames (0: run until quit)
    screenshot: str | None = None  # save the last frame here (PNG)
    fps: int = 60  # desktop frame cap; 0 = uncapped
    start: str = "island"  # or the first floor of a kind: "dungeon", "vault"


class _Unreadable(Exception):
    """What the browser's parser raises where argparse would call ``sys.exit``."""


class _BrowserParser(argparse.ArgumentParser):
    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _Unreadable(message or "")

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Unreadable(message)


def _parser(browser: bool) -> argparse.ArgumentParser:
    kind = _BrowserParser if browser else argparse.ArgumentParser
    parser = kind(prog="threshold", description="Threshold, a thin-walled roguelike.")
    parser.add_argument("--seed", help="play this seed (any text; numbers are used as they are)")
    parser.add_argument("--autoplay", action="store_true", help="let the bot play")
    parser.add_argument("--turns", type=count, default=1000, help="turns the bot plays (with --autoplay)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: with --autoplay, print one JSON line about the run")
    parser.add_argument("--frames", type=count, default=0, help="quit after this many frames (0: never)")
    parser.add_argument("--screenshot", type=writable_file, help="save the last frame to this PNG file")
    parser.add_argument("--fps", type=count, default=60, help="frame cap on the desktop (0: none)")
    parser.add_argument("--start", choices=STARTS, default="island",
                        help="begin on the island, or on the run's first floor of a kind")
    return parser


def parse_options(argv: list[str], browser: bool = BROWSER) -> Options:
    """The options in ``argv``. Natively a bad one exits with status 2 and a message
    (``SystemExit``); in the browser it is ignored (see the module's docstring)."""
    parser = _parser(browser)
    if browser:
        try:
            args, unknown = parser.parse_known_args(argv)
        except _Unreadable as problem:
            print(f"threshold: ignoring arguments it cannot read ({problem}): {argv}", file=sys.stderr)
            return Options()
        if unknown:
            print(f"threshold: ignoring unknown arguments {unknown}", file=sys.stderr)
    else:
        args = parser.parse_args(argv)
    return Options(seed=args.seed, autoplay=args.autoplay, turns=args.turns, headless=args.headless,
                   frames=args.frames, screenshot=args.screenshot, fps=args.fps, start=args.start)
