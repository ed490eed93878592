"""Command-line options of ``main.py`` / ``threshold``.

On the desktop a bad command line is an error: a clear message and exit status 2
(argparse's), never a title screen that silently ignored what was asked for.
In the browser the page hands the program its own arguments (from the URL), and
``sys.exit`` there does not exit but freezes the page's loop, so the browser
ignores what it cannot read and says so on the console.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, replace
from urllib.parse import parse_qs

from game import __version__
from game.app.platform import BROWSER
from game.cli import MAX_SEED_LENGTH, count, folder, readable_file, seed_text, writable_file

STARTS = ("island", "dungeon", "vault", "ship")
LAYOUTS = ("auto", "landscape", "portrait", "sideways")


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
    daily: str | None = None  # play the daily challenge of this date (YYYY-MM-DD)
    save_dir: str | None = None  # where saves, recordings and options live (default: the user's data folder)
    replay: str | None = None  # play back this recording
    speed: float = 8.0  # replay speed in turns a second, when watched
    save_at_end: bool = False  # with --autoplay: save the run when the bot stops
    resume: bool = False  # --continue: resume the saved run (with --autoplay: let the bot play on)
    keys: str | None = None  # with --headless: play this key script (game.app.script)
    layout: str = "auto"  # the screen's shape: auto (the page's, in the browser; else landscape) or as named
    record: str | None = None  # with --headless --autoplay: write the run's recording here when the bot stops
    board: str | None = None  # the daily board's address (http:// or https://), for submitting and watching
    watch: str | None = None  # watch this run of the board (its id) on the replay screen


class _Unreadable(Exception):
    """What the browser's parser raises where argparse would call ``sys.exit``."""


class _BrowserParser(argparse.ArgumentParser):
    def exit(self, status: int = 0, message: str | None = None) -> None:  # type: ignore[override]
        raise _Unreadable(message or "")

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Unreadable(message)


def date_text(text: str) -> str:
    """An argparse type: ``today`` or a date like 2026-11-22."""
    if text == "today":
        return text
    from game.run.daily import parse_date  # light: no world modules at import

    try:
        return parse_date(text).isoformat()
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def speed(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0.5 <= value <= 1000:
        raise argparse.ArgumentTypeError("the speed is between 0.5 and 1000 turns a second")
    return value


def board_text(text: str) -> str:
    """An argparse type: a board's address, ``http://`` or ``https://`` and a host."""
    from game.app.board_http import board_url

    try:
        return board_url(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def run_id(text: str) -> str:
    """An argparse type: a board's run id (letters, digits, ``-`` and ``_``, at most 128)."""
    if not 1 <= len(text) <= 128 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in text):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a run id (letters, digits, - and _)")
    return text


def _parser(browser: bool) -> argparse.ArgumentParser:
    kind = _BrowserParser if browser else argparse.ArgumentParser
    parser = kind(prog="threshold", description="Threshold, a thin-walled roguelike.")
    parser.add_argument("--version", action="version", version=f"Threshold {__version__}",
                        help="print the game's version and stop")
    parser.add_argument("--seed", type=seed_text,
                        help=f"play this seed (any text up to {MAX_SEED_LENGTH} characters; numbers are used as they are)")
    parser.add_argument("--daily", nargs="?", const="today", type=date_text, metavar="YYYY-MM-DD",
                        help="play the daily challenge (today's in UTC, or of the date given)")
    parser.add_argument("--autoplay", action="store_true", help="let the bot play")
    parser.add_argument("--turns", type=count, default=1000, help="turns the bot plays (with --autoplay)")
    parser.add_argument("--headless", action="store_true",
                        help="no window: with --autoplay, print one JSON line about the run")
    parser.add_argument("--frames", type=count, default=0, help="quit after this many frames (0: never)")
    parser.add_argument("--screenshot", type=writable_file, help="save the last frame to this PNG file")
    parser.add_argument("--fps", type=count, default=60, help="frame cap on the desktop (0: none)")
    parser.add_argument("--start", choices=STARTS, default="island",
                        help="begin on the island, or on the run's first floor of a kind")
    parser.add_argument("--save-dir", type=folder, help="where saves, recordings and options go "
                        "(default: the user's data folder, e.g. ~/.local/share/threshold)")
    parser.add_argument("--replay", type=readable_file, metavar="FILE",
                        help="play back a recording and check it (with --headless: just check, print JSON)")
    parser.add_argument("--speed", type=speed, default=8.0, help="replay speed, turns a second (default 8)")
    parser.add_argument("--save-at-end", action="store_true", help="with --autoplay: save the run when the bot stops")
    parser.add_argument("--continue", dest="resume", action="store_true", help="resume the saved run")
    parser.add_argument("--layout", choices=LAYOUTS, default="auto",
                        help="the screen's shape: portrait (a phone held upright: the sidebar under the map, big "
                        "text and buttons) or sideways (a phone on its side) draw a common phone's page "
                        "(default: the page's own in the browser, landscape on the desktop)")
    parser.add_argument("--record", type=writable_file, metavar="FILE",
                        help="with --headless --autoplay: write the run's recording to FILE when the bot stops")
    parser.add_argument("--board", type=board_text, metavar="URL",
                        help="the daily board (a Threshold server, e.g. https://board.example.org): the end "
                        "screen of a daily offers to submit the run there")
    parser.add_argument("--watch", type=run_id, metavar="RUN_ID", help="watch a run of the board (with --board)")
    parser.add_argument("--keys", metavar="SCRIPT", help='with --headless: play a key script, e.g. "x*20 > g 1" '
                        "(key names as in the help; *N repeats), then print the run's JSON")
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
        if args.seed is not None and args.daily is not None:
            parser.error("give --seed or --daily, not both")
        if args.replay and (args.autoplay or args.resume):
            parser.error("--replay plays a recording: it does not go with --autoplay or --continue")
        if args.keys is not None and not args.headless:
            parser.error("--keys plays a script without a window: add --headless")
        if args.keys is not None and args.autoplay:
            parser.error("--keys and --autoplay both play the game: choose one")
        if args.record is not None and not (args.headless and args.autoplay):
            parser.error("--record writes the bot's run: it goes with --headless --autoplay")
        if args.watch is not None and (args.board is None or args.headless or args.replay or args.autoplay):
            parser.error("--watch plays a board's run on the screen: it needs --board URL, and no --headless, "
                         "--replay or --autoplay")
    return Options(seed=args.seed, autoplay=args.autoplay, turns=args.turns, headless=args.headless,
                   frames=args.frames, screenshot=args.screenshot, fps=args.fps, start=args.start,
                   daily=args.daily, save_dir=args.save_dir, replay=args.replay, speed=args.speed,
                   save_at_end=args.save_at_end, resume=args.resume, keys=args.keys, layout=args.layout,
                   record=args.record, board=args.board, watch=args.watch)


def with_page_query(options: Options, search: str | None, environ: Mapping[str, str] = os.environ) -> Options:
    """The page's ``?seed=…`` or ``?daily`` (or ``?daily=2026-11-22``) in the browser, and
    ``?start=dungeon|vault|ship`` as ``--start`` does (``?seed=7&start=vault``), ``?layout=portrait`` as ``--layout``,
    and ``?watch=RUN_ID`` as ``--watch`` (the board's run, from the page's board).

    pygbag hands each query item with ``=`` to the program as an environment variable
    (``?seed=abc`` -> ``os.environ["seed"]``), but decoded with JavaScript's ``decodeURI``,
    which leaves ``%26``, ``%2B``... encoded and ``+`` as a plus; so the page's own
    ``location.search`` is read first (``search``), and the environment is the fallback.
    A value that cannot be used is ignored with a note on the console.
    """
    query: dict[str, str] = {}
    if search:
        query = {key: values[-1] for key, values in parse_qs(search.lstrip("?"), keep_blank_values=True).items()}
    else:
        query = {key: environ[key] for key in ("seed", "daily", "start", "layout", "watch") if key in environ}
    options = _with_start(options, query.get("start"))
    if query.get("layout") in LAYOUTS:
        options = replace(options, layout=query["layout"])
    elif "layout" in query:
        print(f"threshold: ignoring layout={query['layout']!r} (one of {', '.join(LAYOUTS)})", file=sys.stderr)
    if query.get("watch"):
        try:
            return replace(options, watch=run_id(query["watch"]), seed=None, daily=None)
        except argparse.ArgumentTypeError as problem:
            print(f"threshold: ignoring watch ({problem})", file=sys.stderr)
    seed, daily = query.get("seed"), query.get("daily")
    if seed is not None and seed.strip():
        if len(seed) > MAX_SEED_LENGTH:
            print(f"threshold: ignoring a seed of {len(seed)} characters (at most {MAX_SEED_LENGTH})", file=sys.stderr)
        else:
            return replace(options, seed=seed, daily=None)
    if daily is not None:
        try:
            return replace(options, daily=date_text(daily or "today") if daily not in ("", "1", "today") else "today")
        except argparse.ArgumentTypeError as problem:
            print(f"threshold: ignoring daily={daily!r} ({problem})", file=sys.stderr)
    return options


def _with_start(options: Options, start: str | None) -> Options:
    if start is None:
        return options
    if start not in STARTS:
        print(f"threshold: ignoring start={start!r} (one of {', '.join(STARTS)})", file=sys.stderr)
        return options
    return replace(options, start=start)
