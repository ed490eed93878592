"""Balance, measured: the autoplayer plays whole runs and a table shows each region.

    python -m game.tools.balance [--seeds 100] [--first 0] [--turns 40000] [--jobs 2] [--json]
                                 [--sight room|tile|both] [--tile-seeds N]
    python -m game.tools.balance --policy naive --policy smart [--seeds 100] [--json] [--check]

With ``--policy`` it plays the seeds by those bot policies instead and sums each up
(``game.tools.balance.policies``, SPEC ROB-4); what follows is the table of the default mode.

Each seed is one full run (to death, victory, a stall or ``--turns``). Regions are counted
in play order (1 is the first region played, whatever its name). For each: how many runs
reached it, died in it (and of what), its turns, health on arrival at its Warden (the first
turn the Warden is in sight), the Warden fight's length (its first wound to its fall), and
coins earned and spent there. Medians, except coins spent (a mean: most regions have no shop
on the bot's way, so their median is 0). The last lines compare the run against ``TARGETS``; the exit status
is 1 when a target is missed, so the table is a check as well as a report. ``--sight tile`` plays
runs that see by the tile (SPEC VIS-5) instead of by the room; the first line says which.
``--sight both`` plays the same seeds both ways (the first ``--tile-seeds`` of them by the tile,
by default all), prints a table and the targets for each, and fails when either misses one: the
bot plays either mode, and both are held to the same targets (60 seeds by the room, 30 by the
tile: 5 % and 10 % won, 7 % and 3 % died in region 1). A run by the tile takes 1.3 to 1.5 times
as long to play (measured on the same 2-core machine), so CI plays 60 seeds by the room and the
first 30 by the tile (under 2 minutes), then the policies' check over 60 seeds (about 2 minutes).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from multiprocessing import Pool
from statistics import median
from typing import TYPE_CHECKING, TypedDict

from game.bot.autoplay import Autoplayer
from game.cli import count, positive, whole
from game.content.monsters import MONSTERS
from game.run.run import Run
from game.world.tile_sight import SIGHT_MODES
from game.bot.policy import POLICIES
from game.tools.balance import policies
from game.tools.balance.words import hazard_deaths, killer as _killer, verdict as _verdict

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

MAX_SEEDS = 100_000  # runs in one table: 100 take some minutes
MAX_JOBS = 256  # worker processes at once

class Targets(TypedDict):
    first_region_deaths: float
    wins: tuple[float, float]
    warden_fight_turns: int


TARGETS: Targets = {
    "first_region_deaths": 0.15,  # at most this share of runs die in region 1: a fair start
    "wins": (0.05, 0.30),  # a full run is won this often by the standard bot: possible, never routine
    "warden_fight_turns": 6,  # the median Warden fight lasts at least this long: a fight, not a formality
}
"""Targets the standard bot's play is held to. It is the tests', the daily check's and the soak's
pinned play, and it uses few of its items (no staffs, charms or unknown potions: those are the
smart policy's, ``game.bot.policy``), so since monsters grow with depth and healing is scarcer
(SPEC CMB-12, GRW-3) it wins 5 % of its runs by the room and 10 % by the tile (60 and 30 seeds):
the floor is 5 %, a run it can win. How often a skilled player wins is the smart policy's target
(``game.tools.balance.policies``: 25-60 %, 48 % over 100 seeds)."""


@dataclass
class RegionStats:
    reached: int = 0
    died: int = 0
    causes: Counter = field(default_factory=Counter)
    turns: list[int] = field(default_factory=list)
    warden_hp: list[float] = field(default_factory=list)  # share of health on first sight of the Warden
    warden_turns: list[int] = field(default_factory=list)
    coins_earned: list[int] = field(default_factory=list)
    coins_spent: list[int] = field(default_factory=list)


def play_one(seed: str, turns: int, sight: str = "room") -> dict:
    """One full run of the bot, watched turn by turn: what happened in each region."""
    run, bot = Run.new(seed, sight=sight), Autoplayer()
    game = run.game
    regions: dict[int, dict] = {}
    current: dict | None = None
    while game.turn < turns and not game.over and not game.won and bot.stalled is None:
        if game.region is not None and not game.on_overworld:
            index = game.world.order.index(game.region) + 1
            current = regions.setdefault(index, {"region": game.region, "start": game.turn,
                                                 "earned": game.record.coins_earned,
                                                 "spent": game.record.coins_spent, "warden_seen": None,
                                                 "warden_hp": None, "fight": None, "end": None})
            warden = _warden_in_sight(game)
            if current["warden_seen"] is None and warden is not None:
                current["warden_seen"] = game.turn
                current["warden_hp"] = game.player.hp / game.player.max_hp
            if current["fight"] is None and warden is not None and warden.hp < warden.max_hp:
                current["fight"] = game.turn - 1  # the turn it was first hurt
        bot.record(game, run.perform(bot.next_action(game)))
        if current is not None and current["end"] is None and game.world.defeated[current["region"]]:
            current["end"] = game.turn
    for index, region in regions.items():
        region["earned"] = _after(game, regions, index, "coins_earned") - region["earned"]
        region["spent"] = _after(game, regions, index, "coins_spent") - region["spent"]
    last = max(regions, default=0)
    return {"seed": seed, "sight": sight, "won": game.won, "died": game.over and not game.won, "stalled": bot.stalled,
            "turns": game.turn, "cause": game.cause, "last_region": last,
            "regions": {str(k): v for k, v in regions.items()}}


def _warden_in_sight(game: Game) -> Actor | None:
    return next((a for a in game.floor.actors if a.alive and MONSTERS[a.kind].faction == "warden"
                 and game.floor.in_sight(a.x, a.y)), None)


def _after(game: Game, regions: dict[int, dict], index: int, what: str) -> int:
    """The record's count when the next region started (or now, for the last one)."""
    following = regions.get(index + 1)
    if following is not None:
        return following["earned" if what == "coins_earned" else "spent"]
    return getattr(game.record, what)


def tabulate(results: list[dict]) -> dict[int, RegionStats]:
    table: dict[int, RegionStats] = {}
    for result in results:
        regions = result["regions"]
        for key, region in regions.items():
            index = int(key)
            stats = table.setdefault(index, RegionStats())
            stats.reached += 1
            following = regions.get(str(index + 1))
            end = region["end"] if region["end"] is not None else (following["start"] if following else
                                                                   result["turns"])
            stats.turns.append(end - region["start"])
            if region["warden_hp"] is not None:
                stats.warden_hp.append(region["warden_hp"])
            if region["fight"] is not None and region["end"] is not None:
                stats.warden_turns.append(region["end"] - region["fight"])
            stats.coins_earned.append(region["earned"])
            stats.coins_spent.append(region["spent"])
        if result["died"] and result["last_region"]:
            stats = table[result["last_region"]]
            stats.died += 1
            stats.causes[_killer(result["cause"] or "")] += 1
    return dict(sorted(table.items()))


def render(table: dict[int, RegionStats], results: list[dict], sight: str = "room") -> str:
    runs = len(results)
    lines = [f"sight: by the {sight}", f"{runs} runs: {sum(r['won'] for r in results)} won, {sum(r['died'] for r in results)} died, "
             f"{sum(bool(r['stalled']) for r in results)} stalled, "
             f"{sum(not r['won'] and not r['died'] and not r['stalled'] for r in results)} out of turns",
             "",
             "| region | reached | died | deaths by | turns | health at Warden | Warden fight (turns) | "
             "coins earned | coins spent (mean) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for index, stats in table.items():
        causes = ", ".join(f"{name} {n}" for name, n in stats.causes.most_common(3)) or "-"
        lines.append(f"| {index} | {stats.reached} | {stats.died} ({_share(stats.died, runs)}) | {causes} | "
                     f"{_median(stats.turns)} | {_median(stats.warden_hp, percent=True)} | "
                     f"{_median(stats.warden_turns)} | {_median(stats.coins_earned)} | "
                     f"{sum(stats.coins_spent) / max(1, len(stats.coins_spent)):.0f} |")
    return "\n".join(lines)


def check(table: dict[int, RegionStats], results: list[dict]) -> list[str]:
    """Each target and whether it is met: lines starting "ok" or "MISSED"."""
    runs = max(1, len(results))
    first_deaths = table[1].died / runs if 1 in table else 0.0
    wins = sum(r["won"] for r in results) / runs
    fights = [t for stats in table.values() for t in stats.warden_turns]
    low, high = TARGETS["wins"]
    fight = median(fights) if fights else 0
    return [
        _verdict(first_deaths <= TARGETS["first_region_deaths"],
                 f"deaths in region 1: {first_deaths:.0%} (target at most {TARGETS['first_region_deaths']:.0%})"),
        _verdict(low <= wins <= high, f"runs won: {wins:.0%} (target {low:.0%}-{high:.0%})"),
        _verdict(fight >= TARGETS["warden_fight_turns"],
                 f"median Warden fight: {fight} turns (target at least {TARGETS['warden_fight_turns']})"),
        policies.hazard_verdict("the standard bot", hazard_deaths([r["cause"] or "" for r in results if r["died"]])),
    ]


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.0%}" if whole else "-"


def _median(values: list, percent: bool = False) -> str:
    if not values:
        return "-"
    middle = median(values)
    return f"{middle:.0%}" if percent else f"{middle:g}"


def _play(args: tuple[str, int, str]) -> tuple[dict, float]:
    """One run and the seconds it took to play."""
    started = time.perf_counter()
    result = play_one(*args)
    return result, time.perf_counter() - started


def report(results: list[dict], sight: str, seconds: float) -> tuple[str, bool]:
    """One sight's table and its targets, and whether every target is met."""
    table = tabulate(results)
    verdicts = check(table, results)
    text = "\n".join([render(table, results, sight), "", *verdicts,
                      f"({len(results)} runs by the {sight}: {seconds:.0f} s of play)"])
    return text, all(v.startswith("ok") for v in verdicts)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.balance", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=whole(1, MAX_SEEDS), default=100, help="how many runs (default 100)")
    parser.add_argument("--first", type=count, default=0, help="the first seed (default 0)")
    parser.add_argument("--turns", type=positive, default=40_000, help="turns at most per run (default 40 000)")
    parser.add_argument("--jobs", type=whole(1, MAX_JOBS), default=2, help="runs played at once (default 2; 1: "
                        "one after the other in this process)")
    parser.add_argument("--json", action="store_true", help="also print each run as a JSON line; with --policy, "
                        "print only one JSON object")
    parser.add_argument("--policy", action="append", choices=sorted(POLICIES), help="play the seeds by this bot "
                        "policy (repeat for more) and sum each up (game.tools.balance.policies), not by region")
    parser.add_argument("--check", action="store_true", help="with --policy: exit 1 when a policy target is missed")
    parser.add_argument("--sight", choices=(*SIGHT_MODES, "both"), default="room",
                        help="how the runs see: by the room (default), by the tile, or both, seed for seed")
    parser.add_argument("--tile-seeds", type=whole(1, MAX_SEEDS), help="with --sight both: how many of the "
                        "seeds are also played by the tile (default: --seeds)")
    args = parser.parse_args(argv)
    if args.tile_seeds is not None and args.sight != "both":
        parser.error("--tile-seeds is for --sight both")
    if args.check and not args.policy:
        parser.error("--check is for --policy (the table always checks its targets)")
    if args.policy:
        if args.sight == "both":
            parser.error("--policy plays one sight: --sight room or --sight tile")
        return by_policy(list(dict.fromkeys(args.policy)), args)
    started = time.perf_counter()
    sights = SIGHT_MODES if args.sight == "both" else (args.sight,)
    seeds = {sight: args.seeds for sight in sights}
    if args.sight == "both" and args.tile_seeds is not None:
        seeds["tile"] = args.tile_seeds
    work = [(f"balance-{n}", args.turns, sight) for sight in sights
            for n in range(args.first, args.first + seeds[sight])]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            played = pool.map(_play, work, chunksize=1)
    else:
        played = [_play(item) for item in work]
    if args.json:
        for result, _ in played:
            print(json.dumps(result))
    met = []
    for sight in sights:
        results = [result for result, _ in played if result["sight"] == sight]
        text, ok = report(results, sight, sum(took for result, took in played if result["sight"] == sight))
        print(text, end="\n\n")
        met.append(ok)
    if len(sights) > 1:
        missed = [sight for sight, ok in zip(sights, met) if not ok]
        print(_verdict(not missed, "both sights meet the targets" if not missed else
                       "targets missed by the " + " and by the ".join(missed)))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0 if all(met) else 1


def by_policy(names: list[str], args: argparse.Namespace) -> int:
    """The policy mode: the same seeds by each policy, summed up (one JSON object with ``--json``)."""
    work = [(f"balance-{n}", args.turns, name, args.sight) for name in names
            for n in range(args.first, args.first + args.seeds)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            played = pool.starmap(policies.play_policy, work, chunksize=1)
    else:
        played = [policies.play_policy(*item) for item in work]
    summaries = {name: policies.summarise([r for r in played if r["policy"] == name]) for name in names}
    verdicts = policies.check(summaries) if args.check else []
    if args.json:
        print(json.dumps({"policies": summaries}, sort_keys=True))
    else:
        print(f"sight: by the {args.sight}\n{policies.render(summaries)}")
    print("\n".join(verdicts), file=sys.stderr if args.json else sys.stdout)
    return 0 if all(v.startswith("ok") for v in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
