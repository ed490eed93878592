"""Soak the game with the autoplayer: many seeds, many turns, and count what went wrong.

    python -m game.tools.soak [--seeds 100] [--turns 5000] [--first 0] [--quiet] [--resume-at TURN]

Each run is ``main.py --autoplay --headless`` in-process: one JSON line per seed
(the autoplayer's summary), then one last line ``{"runs", "died", "won", "alive",
"stalled", "errors", "vaults_entered", "vaults_cleared", "trap_hits", "decks_entered",
"breaches", "lost_to_space", "resume_mismatches", "resumes_skipped", "stalls": [...],
"errors_seen": [...], "seconds"}``. A run stalls when the bot can
make no progress (ROB-3): it stops and says why. Exits 1 when any run
stalled, raised or resumed differently (below); 2 for arguments that make no sense.

``--resume-at TURN`` also plays every seed a second time, saved at TURN (the whole
save written and read back, the bot's memory too) and continued to the end: the
digest, and the stall if the run stalled, must equal the ones played straight through
(SAV-2); ``resume_mismatches`` counts the seeds where they did not. TURN must come
before ``--turns``. A run that stopped before TURN (death, victory or a stall) is
saved at the last turn before it stopped instead, so the continued run must still
reach that end by itself; a finished run is never saved, so when even that turn
cannot be had (the last action went several turns at once, straight to the end) the
check is skipped, the seed's line saying why (``resume_skipped``) and
``resumes_skipped`` counting them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from typing import Any

from game.bot.autoplay import Autoplayer, play_on, play_run, summary
from game.cli import count, positive
from game.world.game import Game


def resume_check(seed: str, save_at: int, turns: int, straight: Game, stalled: str | None) -> dict[str, object]:
    """``seed`` played again to ``save_at`` (or the last turn before ``straight``, the run played
    straight through, stopped), saved, loaded, and played on to ``turns``: ``{"resumed_same": ...}``
    whether it ends as ``straight`` did (digest and stall), or ``{"resume_skipped": why}``."""
    from game.storage.memory import MemoryStorage
    from game.run.run import Run
    from game.run.saves import Saves

    run, bot = Run.new(seed), Autoplayer()
    play_on(run, bot, min(save_at, straight.turn - 1))
    if run.over:
        return {"resume_skipped": f"the run was over at turn {run.game.turn}, before it could be saved"}
    saves = Saves(MemoryStorage())
    saves.save(run, bot.memory())
    loaded = saves.load()
    run = loaded.run
    bot = Autoplayer.from_memory(json.loads(json.dumps(loaded.bot)), run.game)
    play_on(run, bot, turns)
    return {"resumed_same": run.game.digest() == straight.digest() and bot.stalled == stalled}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.soak", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=positive, default=100, help="how many seeds (default 100)")
    parser.add_argument("--first", type=count, default=0, help="the first seed (default 0)")
    parser.add_argument("--turns", type=count, default=5000, help="turns per run (default 5000)")
    parser.add_argument("--quiet", action="store_true", help="print only the last line")
    parser.add_argument("--resume-at", type=count, default=0,
                        help="also save each run at this turn, continue it, and compare digests")
    args = parser.parse_args(argv)
    if args.resume_at >= args.turns:
        parser.error(f"--resume-at {args.resume_at} must come before the last turn, --turns {args.turns}")
    started = time.perf_counter()
    # a JSON object: counts, lost_to_space by the monster's kind, and at the end the stalls and errors
    totals: dict[str, Any] = {"runs": 0, "died": 0, "won": 0, "alive": 0, "stalled": 0, "errors": 0, "vaults_entered": 0,
              "vaults_cleared": 0, "trap_hits": 0, "decks_entered": 0, "breaches": 0, "lost_to_space": {},
              "resume_mismatches": 0, "resumes_skipped": 0}
    stalls, errors = [], []
    for seed in range(args.first, args.first + args.seeds):
        totals["runs"] += 1
        try:
            game, stalled = play_run(str(seed), args.turns)
        except Exception:  # noqa: BLE001 - counted and reported: a soak run must see every failure
            totals["errors"] += 1
            errors.append({"seed": str(seed), "error": traceback.format_exc(limit=6)})
            continue
        record: dict[str, Any] = summary(game, stalled)  # JSON values: summary's docstring says which
        if args.resume_at:
            try:
                record.update(resume_check(str(seed), args.resume_at, args.turns, game, stalled))
            except Exception:  # noqa: BLE001 - counted and reported like any failure of a run
                totals["errors"] += 1
                errors.append({"seed": str(seed), "error": traceback.format_exc(limit=6)})
                record["resumed_same"] = False
            totals["resume_mismatches"] += record.get("resumed_same") is False
            totals["resumes_skipped"] += "resume_skipped" in record
        totals["won" if record["won"] else "alive" if record["alive"] else "died"] += 1
        totals["vaults_entered"] += record["floors_by_kind"].get("vault", 0)
        totals["vaults_cleared"] += record["vaults_cleared"]
        totals["trap_hits"] += record["trap_hits"]
        totals["decks_entered"] += record["floors_by_kind"].get("ship", 0)
        totals["breaches"] += record["breaches"]
        for kind, lost in record["lost_to_space"].items():
            totals["lost_to_space"][kind] = totals["lost_to_space"].get(kind, 0) + lost
        if stalled:
            totals["stalled"] += 1
            stalls.append({"seed": record["seed"], "turns": record["turns"], "reason": stalled})
        if not args.quiet:
            print(json.dumps(record), flush=True)
    totals.update(stalls=stalls, errors_seen=errors, seconds=round(time.perf_counter() - started, 1))
    print(json.dumps(totals))
    return 1 if totals["stalled"] or totals["errors"] or totals["resume_mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
