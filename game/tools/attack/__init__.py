"""Attack the game with bad input, within a bounded, seeded budget (ROB-2).

    python -m game.tools.attack [--budget small|full] [--cases N] [--seed S] [--family F ...]
    python -m game.tools.attack --family saves --seed 1 --case 37 [--keep DIR]   # one case again

Families: ``saves`` (damaged saves in the three stores), ``replays`` (damaged recordings
through ``--replay``), ``cli`` (bad command lines of ``main.py`` and every ``game.tools``
module), ``settings`` (a damaged ``settings.json``), ``storage`` (a read-only or full save
folder). Every case's damage comes from a ``random.Random`` seeded by the family, ``--seed``
and the case's number, so a run is reproducible and any case can be played again alone.

A failure is a crash (a traceback, or an exception in-process), a hang (over ``--hang-after``
seconds, 30 by default), a wrong exit status (bad input exits 2 with a message, good input 0),
no message (a refusal that does not say why), or data lost (a good save, its backup or a
damaged save's bytes gone). It prints, per family, the cases tried and the failures, each
failure with a command that plays it again, then one JSON line ``{"families", "failures",
"seconds", ...}``; it exits 1 on any failure. CI runs the default (``--budget small``, seed 1,
two workers): about 540 cases, a minute or two, plus 30 s for each hang found.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from game.cli import count
from game.tools.attack.harness import (HANG_MARK, HANG_SECONDS, ROOT, Failure, Family, command_env, hang_stack,
                                       recipe, run_case, stderr_tail, work, worker_lines)

FAMILIES = {"saves": "game.tools.attack.saves", "replays": "game.tools.attack.replays",
            "cli": "game.tools.attack.cli", "settings": "game.tools.attack.settings",
            "storage": "game.tools.attack.storage"}
BUDGETS = ("small", "full")
DEFAULT_SEED = 1


def family(name: str) -> Family:
    return importlib.import_module(FAMILIES[name]).FAMILY


def seconds(text: str) -> float:
    """An argparse type: seconds, more than 0 and finite."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value < 86_400:
        raise argparse.ArgumentTypeError(f"{text} is not between 0 and 86400 seconds")
    return value


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.tools.attack", description=__doc__.splitlines()[0])
    parser.add_argument("--budget", choices=BUDGETS, default="small", help="how many cases (default small: CI)")
    parser.add_argument("--cases", type=count, help="this many cases of each family instead")
    parser.add_argument("--seed", type=count, default=DEFAULT_SEED, help=f"the attack's seed (default {DEFAULT_SEED})")
    parser.add_argument("--family", action="append", choices=sorted(FAMILIES), help="only these families")
    parser.add_argument("--case", type=count, help="play this one case of --family again, and say what it found")
    parser.add_argument("--keep", type=Path, help="keep each case's files in this folder (to look at, or rerun)")
    parser.add_argument("--jobs", type=count, default=2, help="workers at once (default 2)")
    parser.add_argument("--hang-after", type=seconds, default=HANG_SECONDS,
                        help=f"seconds before a command or case counts as a hang (default {HANG_SECONDS:.0f})")
    parser.add_argument("--worker", nargs=2, type=count, metavar=("FIRST", "LAST"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.case is not None and len(args.family or []) != 1:
        parser.error("--case needs exactly one --family")
    if args.worker is not None and len(args.family or []) != 1:
        parser.error("--worker needs exactly one --family")
    if args.keep is not None and args.keep.exists() and not args.keep.is_dir():
        parser.error(f"--keep {str(args.keep)!r} is a file, not a folder")
    if args.jobs < 1:
        parser.error("--jobs is at least 1")
    return args


def worker_argv(args: argparse.Namespace, name: str, first: int, last: int) -> list[str]:
    argv = [sys.executable, "-m", "game.tools.attack", "--family", name, "--seed", str(args.seed),
            "--hang-after", repr(args.hang_after), "--worker", str(first), str(last)]
    return argv + (["--keep", str(args.keep)] if args.keep is not None else [])


def run_range(args: argparse.Namespace, chosen: Family, first: int, last: int) -> tuple[int, list[Failure]]:
    """Cases ``first``..``last - 1`` in workers: a worker that dies mid-case (a hang ended by its
    watchdog, or a crash of the interpreter) is reported, and a new one goes on from the next case."""
    tried = 0
    failures: list[Failure] = []
    scratch = Path(args.keep) if args.keep is not None else Path(tempfile.gettempdir())
    while first < last:
        limit = args.hang_after * (chosen.commands + 1) * (last - first) + 120
        process = subprocess.Popen(worker_argv(args, chosen.name, first, last), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, cwd=ROOT, env=command_env(scratch))
        try:
            out, err = process.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            process.kill()
            out, err = process.communicate()
        started, done, label = None, set(), ""
        for line in worker_lines(out.decode("utf-8", "replace")):
            if "start" in line:
                started, label = line["start"], ""
            elif "label" in line:
                label = line["text"] + ": "
            else:
                done.add(line["done"])
                tried += 1
                failures.extend(Failure(**f) for f in line["failures"])
        if started is None or started in done:
            if len(done) < last - first:  # the worker died between cases, or never started
                lost = max(done) + 1 if done else first
                failures.append(Failure("crash", f"the worker died: {stderr_tail(err.decode('utf-8', 'replace'))}",
                                        None, chosen.name, lost, recipe(chosen.name, args.seed, lost)))
                tried += 1
                first = lost + 1
                continue
            break
        text = err.decode("utf-8", "replace")
        if HANG_MARK in text:
            kind, what = "hang", f"{label}no answer within {args.hang_after:.0f} s, in {hang_stack(text)}"
        else:
            kind, what = "crash", f"{label}the interpreter died (exit {process.returncode}): {stderr_tail(text, 6)}"
        failures.append(Failure(kind, what, None, chosen.name, started, recipe(chosen.name, args.seed, started)))
        tried += 1
        first = started + 1
    return tried, failures


def campaign(args: argparse.Namespace, names: list[str]) -> dict[str, tuple[int, list[Failure]]]:
    """Every family's cases, in chunks, ``--jobs`` workers at a time."""
    jobs = []
    for name in names:
        chosen = family(name)
        total = args.cases if args.cases is not None else chosen.counts[args.budget]
        total = min(total, chosen.size(args.seed)) if chosen.size is not None else total
        jobs += [(name, chosen, start, min(start + chosen.chunk, total)) for start in range(0, total, chosen.chunk)]
    jobs.sort(key=lambda job: -(job[3] - job[2]) * (job[1].commands + 1))  # the longest first
    results: dict[str, tuple[int, list[Failure]]] = {name: (0, []) for name in names}
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = [(name, pool.submit(run_range, args, chosen, a, b)) for name, chosen, a, b in jobs]
        for name, future in futures:
            tried, failures = future.result()
            results[name] = (results[name][0] + tried, results[name][1] + failures)
    for name in names:
        results[name][1].sort(key=lambda f: f.case)
    return results


def report(results: dict[str, tuple[int, list[Failure]]], args: argparse.Namespace, took: float) -> int:
    every = [f for _, failures in results.values() for f in failures]
    for failure in every:
        print(f"FAIL {failure.family}#{failure.case} {failure.kind}: {failure.what}")
        if failure.command:
            print(f"     command: {failure.command}")
        print(f"     again:   {failure.recipe}")
    print()
    print(f"{'family':<10} {'tried':>6} {'failures':>9}")
    for name, (tried, failures) in results.items():
        print(f"{name:<10} {tried:>6} {len(failures):>9}")
    summary = {"families": {name: {"tried": tried, "failures": len(failures)} for name, (tried, failures)
                            in results.items()},
               "failures": [{"family": f.family, "case": f.case, "kind": f.kind, "what": f.what,
                             "command": f.command, "recipe": f.recipe} for f in every],
               "seed": args.seed, "budget": args.budget, "cases": args.cases, "seconds": round(took, 1)}
    print(json.dumps(summary, ensure_ascii=False))
    return 1 if every else 0


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    names = args.family or list(FAMILIES)
    if args.worker is not None:
        work(family(names[0]), args.seed, args.worker[0], args.worker[1], args.hang_after, args.keep)
        return 0
    started = time.perf_counter()
    if args.case is not None:
        failures = run_case(family(names[0]), args.seed, args.case, args.hang_after, args.keep, watchdog=True,
                            tell=lambda text: print(f"{names[0]}#{args.case}: {text}", flush=True))
        return report({names[0]: (1, failures)}, args, time.perf_counter() - started)
    return report(campaign(args, names), args, time.perf_counter() - started)
