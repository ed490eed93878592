"""The world's workloads as one script, run natively and in the browser runtime (SPEC WEB-1).

    python game/tools/worldcheck.py [--quick] [--only NAME ...] [--title-modules a,b,c]

``game.tools.wasmcheck`` runs this file twice, natively and under
CPython-on-WebAssembly (``../shared/wasm/run-python``), and compares the digests
it prints. It imports only the standard library until it has timed the imports
themselves, so ``import_title`` is the time from the start of the script to
everything the title screen's first frame imports (less pygame, which the
WebAssembly runtime does not have), as on a fresh page.

Each workload prints one line ``WORKLOAD {json}`` with its name, the time of
every sample in milliseconds, one digest per case, and the error if it raised
(the traceback, so the other workloads still run and report).
"""

from __future__ import annotations

import time

_START = time.perf_counter()

import argparse  # noqa: E402 - the clock starts before any import
import importlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import traceback  # noqa: E402
from types import ModuleType  # noqa: E402
from typing import TYPE_CHECKING, Any, Callable  # noqa: E402

if TYPE_CHECKING:
    from game.bench.workloads import Measured
    from game.bot.autoplay import Autoplayer
    from game.world.game import Game

PREFIX = "WORKLOAD "
NEW_RUN_SEEDS = ("1", "42", "hello world", "Ünïcödé 🐉 seed", "seed " * 120, "   ", "-7", "18446744073709551617")
FLOOR_SEEDS = 20
DUNGEON_SIZES = ((None, None), (37, 23), (121, 75))
ISLAND_SIZES = ((None, None), (97, 61))
VAULT_SIZES = ((None, None), (23, 71), (9, 7))
SHIP_SIZES = ((None, None), (51, 19))
AUTOPLAY_SEEDS = ("3", "autoplay", "99")
AUTOPLAY_TURNS = 500
RUN_MODULES = ("game.world.game", "game.bot.autoplay", "game.world.actions", "game.mapgen.dungeon", "game.mapgen.overworld")


class Workload:
    """What one workload reports: samples (ms), digests per case, an error."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.samples_ms: list[float] = []
        self.digests: dict[str, str] = {}
        self.error: str | None = None

    def time(self, work: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        result = work()
        self.samples_ms.append((time.perf_counter() - start) * 1000.0)
        return result

    def record(self) -> dict[str, Any]:
        return {"name": self.name, "samples_ms": [round(s, 4) for s in self.samples_ms],
                "digests": self.digests, "error": self.error}


def import_title(work: Workload, options: argparse.Namespace) -> None:
    """From the start of the script to the title screen's imports (numpy and the pure game modules)."""
    for name in ["numpy", *filter(None, options.title_modules.split(","))]:
        importlib.import_module(name)
    work.samples_ms.append((time.perf_counter() - _START) * 1000.0)


def import_run(work: Workload, options: argparse.Namespace) -> None:
    """What starting a run imports on top of the title: generators, the world, the monsters' minds."""
    work.time(lambda: [importlib.import_module(name) for name in RUN_MODULES])


def new_run(work: Workload, options: argparse.Namespace) -> None:
    """``Game.new`` for seed strings of every kind; a save round trip must keep the digest."""
    from game.world.game import Game

    for seed in NEW_RUN_SEEDS[:4] if options.quick else NEW_RUN_SEEDS:
        game = work.time(lambda: Game.new(seed))  # noqa: B023 - called at once
        digest = game.digest()
        restored = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        if restored.digest() != digest:
            raise AssertionError(f"seed {seed!r}: a save round trip changes the digest")
        work.digests[f"seed {seed[:24]!r}"] = digest


def dungeon_floors(work: Workload, options: argparse.Namespace) -> None:
    """Room floors (``mapgen --kind dungeon``) at the default size and odd ones."""
    _levels(work, "dungeon", DUNGEON_SIZES, options)


def vault_floors(work: Workload, options: argparse.Namespace) -> None:
    """Trap vaults (``mapgen --kind vault``) at the in-game size and odd ones."""
    _levels(work, "vault", VAULT_SIZES, options)


def ship_floors(work: Workload, options: argparse.Namespace) -> None:
    """Derelict decks (``mapgen --kind ship``) at the in-game size and odd ones."""
    _levels(work, "ship", SHIP_SIZES, options)


def island_floors(work: Workload, options: argparse.Namespace) -> None:
    """Islands (``mapgen --kind overworld``) at the in-game size and an odd one."""
    _levels(work, "overworld", ISLAND_SIZES, options)


def _levels(work: Workload, kind: str, sizes: tuple[tuple[int | None, int | None], ...],
            options: argparse.Namespace) -> None:
    from game.bench.workloads import digest_of
    from game.mapgen.level_json import level_json, overworld_json, vault_json
    from game.tools.mapgen import generate

    to_json: Callable[[Any, str], dict[str, Any]] = (overworld_json if kind == "overworld" else
                                                     vault_json if kind == "vault" else level_json)
    for width, height in sizes[:1] if options.quick else sizes:
        for seed in range(4 if options.quick else FLOOR_SEEDS):
            level = work.time(lambda: generate(kind, str(seed), width, height))  # noqa: B023
            size = "default" if width is None else f"{width}x{height}"
            work.digests[f"{size} seed {seed}"] = digest_of(to_json(level, str(seed)))


def autoplay(work: Workload, options: argparse.Namespace) -> None:
    """The headless autoplayer (ROB-1), every seed for the same number of turns."""
    from game.bot.autoplay import play, summary

    turns = 60 if options.quick else AUTOPLAY_TURNS
    for seed in AUTOPLAY_SEEDS[:1] if options.quick else AUTOPLAY_SEEDS:
        game = work.time(lambda: play(seed, turns))  # noqa: B023
        work.digests[f"seed {seed} x {turns} turns"] = json.dumps(summary(game), sort_keys=True)


def vault_play(work: Workload, options: argparse.Namespace) -> None:
    """The autoplayer in each seed's first trap vault (Minesweeper deduction, bugs, traps)."""
    from game.bot.autoplay import Autoplayer
    from game.world import travel
    from game.world.game import Game

    turns = 60 if options.quick else 300
    for seed in AUTOPLAY_SEEDS[:1] if options.quick else AUTOPLAY_SEEDS:
        game = Game.new(seed)
        region, depth = travel.first_floor(game, "vault")
        game.enter_dungeon(region, depth)
        work.time(lambda: _play_for(game, Autoplayer(), turns, in_the_vault=True))  # noqa: B023 - called at once
        work.digests[f"seed {seed} vault x {turns} turns"] = game.digest()


def deck_play(work: Workload, options: argparse.Namespace) -> None:
    """The autoplayer on each seed's first derelict deck, its hull broken near the way in."""
    from game.bot.autoplay import Autoplayer
    from game.world import ships
    from game.world.game import Game

    turns = 40 if options.quick else 200
    for seed in AUTOPLAY_SEEDS[:1] if options.quick else AUTOPLAY_SEEDS:
        game = Game.new(seed)
        game.start_on("ship")
        area, (ex, ey) = game.floor.map, game.player.pos
        near = sorted((abs(x - ex) + abs(y - ey), x, y) for y in range(area.height) for x in range(area.width)
                      if area.is_floor(x, y) and ships.beside_hull(area, (x, y)) and abs(x - ex) + abs(y - ey) > 3)
        ships.breach_near(game, near[0][1:])
        bot = Autoplayer()
        work.time(lambda: _play_for(game, bot, turns))  # noqa: B023 - called at once
        work.digests[f"seed {seed} deck x {turns} turns"] = game.digest()


def daily(work: Workload, options: argparse.Namespace) -> None:
    """The daily challenge of fixed dates: the same run on every platform (and a few bot turns of it)."""
    import datetime as dt

    from game.bot.autoplay import Autoplayer, play_on
    from game.run.daily import daily_seed
    from game.run.run import Run

    for day in ("2026-11-22",) if options.quick else ("2026-11-22", "2026-11-23", "2027-02-28"):
        run = work.time(lambda: Run.new(daily_seed(dt.date.fromisoformat(day)), daily=day))  # noqa: B023
        play_on(run, Autoplayer(), 40)
        work.digests[f"daily {day}"] = run.game.digest()


def replay_recording(work: Workload, options: argparse.Namespace) -> None:
    """A recording made by the bot, written to JSON, read back and replayed (SAV-3): the
    recording's text and the replay's report must match between the platforms."""
    import hashlib

    from game.bot.autoplay import Autoplayer, play_on
    from game.run.replay import replay
    from game.run.recording import Recording
    from game.run.run import Run

    turns = 80 if options.quick else 400
    for seed in AUTOPLAY_SEEDS[:1] if options.quick else AUTOPLAY_SEEDS:
        run = Run.new(seed)
        play_on(run, Autoplayer(), turns)
        text = run.recording_now().to_json()
        report = work.time(lambda: replay(Recording.from_json(text)))  # noqa: B023
        work.digests[f"seed {seed} recording"] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        assert report.ok, report.problem
        work.digests[f"seed {seed} replay"] = hashlib.sha256(json.dumps(report.to_dict(), sort_keys=True)
                                                             .encode("utf-8")).hexdigest()


def save_and_continue(work: Workload, options: argparse.Namespace) -> None:
    """A run saved as the browser saves it (compressed into a stand-in for localStorage), read
    back and played on: the same digest as played straight through (SAV-2)."""
    from game.bot.autoplay import Autoplayer, play_on
    from game.run.run import Run
    from game.run.saves import Saves
    from game.storage.memory import MemoryStorage

    half, turns = (60, 120) if options.quick else (250, 500)
    for seed in AUTOPLAY_SEEDS[:1] if options.quick else AUTOPLAY_SEEDS:
        straight = Run.new(seed)
        play_on(straight, Autoplayer(), turns)
        run, bot = Run.new(seed), Autoplayer()
        play_on(run, bot, half)
        saves = Saves(MemoryStorage(window_like=True))
        work.time(lambda: saves.save(run, bot.memory()))  # noqa: B023 - called at once
        loaded = saves.load()
        play_on(loaded.run, Autoplayer.from_memory(loaded.bot, loaded.run.game), turns)
        assert loaded.run.game.digest() == straight.game.digest(), "continued != straight"
        work.digests[f"seed {seed} saved at {half}, continued to {turns}"] = loaded.run.game.digest()


def _play_for(game: Game, bot: Autoplayer, turns: int, in_the_vault: bool = False) -> None:
    """``bot`` plays ``game`` up to turn ``turns`` or its end (``in_the_vault``: or the vault's)."""
    while game.turn < turns and not game.over and not (in_the_vault and game.floor.vault_state is None):
        bot.record(game, game.perform(bot.next_action(game)))


def _bench(runner: Callable[[ModuleType, argparse.Namespace], Measured]
           ) -> Callable[[Workload, argparse.Namespace], None]:
    """A workload of ``game.bench.workloads`` (given to ``runner``, imported once the imports are timed)."""
    def run(work: Workload, options: argparse.Namespace) -> None:
        from game.bench import workloads

        measured = runner(workloads, options)
        work.samples_ms = [s * 1000.0 for s in measured.samples]
        work.digests = measured.digests
    return run


WORKLOADS: dict[str, Callable[[Workload, argparse.Namespace], None]] = {
    "import_title": import_title,
    "import_run": import_run,
    "new_run": new_run,
    "dungeon_floors": dungeon_floors,
    "vault_floors": vault_floors,
    "ship_floors": ship_floors,
    "island_floors": island_floors,
    "autoplay": autoplay,
    "vault_play": vault_play,
    "deck_play": deck_play,
    "terrain_play": lambda w, o: importlib.import_module("game.bench.terrain").terrain_play(w, o),
    "daily": daily,
    "replay": replay_recording,
    "save": save_and_continue,
    "bench_floor": _bench(lambda w, o: w.floor_workload(5 if o.quick else 30)),
    "bench_vault": _bench(lambda w, o: w.vault_workload(5 if o.quick else 30)),
    "bench_turn": _bench(lambda w, o: importlib.import_module("game.bench.turns").turn_workload(10 if o.quick else 60)),
    "bench_vent_turn": _bench(lambda w, o: importlib.import_module("game.bench.turns").vent_turn_workload(
        10 if o.quick else 60)),
    "bench_island": _bench(lambda w, o: w.island_workload(2 if o.quick else 8)),
    "bench_overworld": _bench(lambda w, o: w.island_workload(1 if o.quick else 3, 1024, 1024, "bench-overworld")),
    "bench_floor_path": _bench(lambda w, o: w.path_workload(10 if o.quick else 40, w.floor_paths())),
    "bench_monster_path": _bench(lambda w, o: w.monster_walk_workload(10 if o.quick else 40, w.floor_paths())),
    "bench_island_path": _bench(lambda w, o: w.path_workload(3 if o.quick else 9, w.island_paths(1 if o.quick else 3))),
    "sight": _bench(lambda w, o: importlib.import_module("game.tools.fov").levels_workload(o.quick)),
    "bench_regions": _bench(lambda w, o: w.regions_workload(1 if o.quick else 3, 256 if o.quick else 1024)),
}


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="worldcheck", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few cases of each workload (for tests)")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), help="run only these")
    parser.add_argument("--title-modules", default="", help="comma-separated modules the title screen imports")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    options = parse(sys.argv[1:] if argv is None else argv)
    names = [n for n in WORKLOADS if not options.only or n in options.only]
    for name in names:
        work = Workload(name)
        try:
            WORKLOADS[name](work, options)
        except Exception:  # noqa: BLE001 - reported in the record, so the other workloads still run
            work.error = traceback.format_exc(limit=12)
        print(PREFIX + json.dumps(work.record(), sort_keys=True), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
