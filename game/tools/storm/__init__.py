"""A storm of random events through the app: nothing a player does may end a screen.

    python -m game.tools.storm [--events 10000] [--seed 0] [--json]

The real ``App`` (not strict: its safety net, the error screen, is the signal) is played with
seeded random events (``game.tools.storm.events``: keys, text, clicks, taps, pinches, the wheel,
focus, the pointer leaving, resizes) on every layout (the desktop's, a phone held upright, one
on its side), every floor kind (the island, a dungeon, a trap vault, a derelict deck) and both
sights (by the room, by the tile). Each of those 24 runs visits every screen in turn (``VISITS``:
play and its pages, aiming, verbs, walks, the menus, the title and its pages, the end screens)
and lets the weather blow there; the weather goes where it likes from there (a key that leaves
a screen leaves it). Time is simulated (``game.app.script``), new seeds and today's date come
from the storm's seed: the same seed, the same storm.

It prints how many events reached the game, the screens they reached, and each distinct error
with its count, the screen, the frame's events and its traceback; the last line is JSON (all
of it with ``--json``). Exit status 1 when the error screen was reached at all.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import json
import os
import random
import tempfile
import time
from collections.abc import Iterator
from typing import Any

from game.tools.storm.app import STARTS, Storm, Tally
from game.tools.storm.visits import ENDINGS, SCREENS, VISITS

EVENTS = 10_000
LAYOUT_NAMES = ("desktop", "upright", "sideways")
SIGHTS = ("room", "tile")
DAY = dt.date(2026, 1, 1)
"""Today, for the storm (the title's daily challenge)."""


@contextlib.contextmanager
def same_every_time(rng: random.Random) -> Iterator[None]:
    """New seeds from ``rng`` and a fixed today, for the storm's length; and the app's safety net
    on (not strict, as tests make it): the error screen is what the storm counts."""
    from game.app import states
    from game.app.app import App
    from game.run import daily, seeds

    saved = (seeds.new_seed_text, states.new_seed_text, daily.today, App.strict)
    seed = lambda: str(rng.randrange(100_000_000, 1_000_000_000))  # noqa: E731
    seeds.new_seed_text = states.new_seed_text = seed
    daily.today = lambda: DAY
    App.strict = False
    try:
        yield
    finally:
        seeds.new_seed_text, states.new_seed_text, daily.today, App.strict = saved


def storm(events: int = EVENTS, seed: int = 0, layouts: tuple[str, ...] = LAYOUT_NAMES,
          starts: tuple[str, ...] = tuple(STARTS), sights: tuple[str, ...] = SIGHTS) -> Tally:
    """Blow ``events`` random events (about: whole frames) over every layout, floor kind, sight and screen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # stdout is the storm's (--json: JSON only)
    from game.render import layout as layouts_module

    rng = random.Random(seed)
    tally = Tally()
    each = events / (len(layouts) * len(starts) * len(sights) * (len(VISITS) - 1))
    with tempfile.TemporaryDirectory(prefix="threshold-storm-") as save_dir, same_every_time(random.Random(seed + 1)):
        try:
            for layout in layouts:
                blown = Storm(rng, tally, os.path.join(save_dir, layout), layout)
                for number, (start, sight) in enumerate((start, sight) for start in starts for sight in sights):
                    blown.visit(start, sight, each, ("death", "victory")[(number + number // len(sights)) % 2])
        finally:
            layouts_module.use(layouts_module.LANDSCAPE)
    return tally


def report(tally: Tally, seconds: float) -> dict[str, Any]:
    missed = {place: [s for s in SCREENS if s not in seen and not (s in ENDINGS and seen & set(ENDINGS))]
              for place, seen in sorted(tally.places.items())}
    return {"events": tally.events, "frames": tally.frames, "runs": tally.runs, "quits": tally.quits,
            "error_screens": tally.errors, "distinct_errors": len(tally.found),
            "errors": [{"count": f.count, "error": f.error, "where": f.where, "screen": f.screen, "place": f.place,
                        "trigger": f.trigger, "events": f.events, "traceback": f.traceback} for f in tally.found.values()],
            "screens": dict(sorted(tally.screens.items())),
            "missed": {place: names for place, names in missed.items() if names},
            "seconds": round(seconds, 1), "events_per_second": round(tally.events / max(seconds, 1e-9))}


def main(argv: list[str] | None = None) -> int:
    from game.cli import count, positive

    parser = argparse.ArgumentParser(prog="python -m game.tools.storm", description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=positive, default=EVENTS, help=f"about how many events (default {EVENTS})")
    parser.add_argument("--seed", type=count, default=0, help="the storm's seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print only the JSON, tracebacks and all")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = storm(args.events, args.seed)
    result = report(tally, time.perf_counter() - started)
    if args.json:
        print(json.dumps(result))
        return 1 if tally.errors else 0
    for found in tally.found.values():
        print(f"--- {found.count} x {found.error} {found.where}\n    first on {found.screen} ({found.place}), "
              f"the event: {found.trigger}\n    the frame's events: {found.events}\n{found.traceback.rstrip()}\n")
    print(f"{tally.events} events in {tally.frames} frames over {tally.runs} runs, {len(tally.screens)} screens: "
          f"{tally.errors} error screens ({len(tally.found)} distinct); {result['seconds']} s, "
          f"{result['events_per_second']} events/s")
    brief = {key: value for key, value in result.items() if key != "errors"}
    brief["errors"] = [{key: e[key] for key in ("count", "error", "where", "screen")} for e in result["errors"]]
    print(json.dumps(brief))
    return 1 if tally.errors else 0
