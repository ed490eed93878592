"""The real page, played in headless Chromium with pygbag's own pygame-ce (SPEC WEB-6..9).

    python -m game.tools.pagecheck [--no-build] [--web DIR] [--out DIR] [--only NAME ...]
                                   [--skip-scenes] [--runtime DIR] [--jobs N]

Builds the web archive offline (``game.tools.webbuild``), then plays it through
``../shared/wasm/run-game``:

* the journeys of ``game.tools.pagecheck.journeys``: every screen and floor kind, saves across a
  page reload, the page's queries, a phone's taps, an itch.io-style iframe, sound, an
  error shown on the page; a screenshot of every step and the game's state read from
  inside the page after it;
* the scenes of ``game.tools.scenes``, drawn in the page and natively, compared pixel
  by pixel (``game.tools.page_scenes``);
* the browser figures: time to the first frame, frame times while playing, the longest
  frame on a floor change and a new run, draws at idle (``game.tools.pagecheck.speed_figures``).

It prints a table of steps, the scene table and the figures, and exits 1 on any Python
traceback, page error or failed check (2 when run-game or Chromium is missing). Pictures,
logs and ``result.json`` of every run are under ``--out`` (default ``build/pagecheck``).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from game.cli import folder, whole
from game.tools.pagecheck import journey as journey_module
from game.tools.pagecheck.journey import Journey, JourneyResult
from game.tools.pagecheck.rungame import RunGameMissing, run_game_path
from game.tools.wasmcheck import runtime_path
from game.tools.webbuild import ROOT

DEFAULT_OUT = ROOT / "build" / "pagecheck"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.pagecheck", description=__doc__.split("\n")[0])
    parser.add_argument("--no-build", action="store_true", help="use the page already in --web")
    parser.add_argument("--web", type=folder, default=str(ROOT / "build" / "web"),
                        help="the built page (default build/web)")
    parser.add_argument("--out", type=folder, default=str(DEFAULT_OUT), help="pictures and logs (default build/pagecheck)")
    parser.add_argument("--only", nargs="+", metavar="NAME",
                        help="these journeys only (and no scenes unless named 'scenes', no figures unless 'speed')")
    parser.add_argument("--skip-scenes", action="store_true", help="no scene comparison")
    parser.add_argument("--runtime", type=runtime_path, help="the folder of run-game (default: ../shared/wasm)")
    parser.add_argument("--jobs", type=whole(1, 4), default=1,
                        help="journeys played at once (default 1); one that fails beside others is played again alone")
    args = parser.parse_args(argv)
    refuse_nonsense(parser, args)
    try:
        run_game_path(args.runtime)
    except RunGameMissing as missing:
        print(f"pagecheck: {missing}", file=sys.stderr)
        return 2
    if not args.no_build:
        from game.tools.webbuild import build, check_output

        web = build(args.web.resolve().parent, archive=False)
        problems = check_output(web)
        if problems:
            print(f"pagecheck: the build is not right: {problems}", file=sys.stderr)
            return 1
    from game.tools.pagecheck.journeys import JOURNEYS

    chosen = [j for j in JOURNEYS if not args.only or j.name in args.only]
    results = play_journeys(chosen, args)
    print(step_table(results))
    failed = [r for r in results if not r.ok]
    for result in failed:
        for problem in result.problems:
            print(f"{result.journey.name}: {problem}")
    over = []
    if not args.only or "speed" in args.only:
        over = speed(args)
    for name in [name for name in MEASURED if args.only and name in args.only]:
        over += measured(args, name)
    scenes_failed = False
    if not args.skip_scenes and (not args.only or "scenes" in args.only):
        scenes_failed = compare_scenes(args)
    return 1 if failed or over or scenes_failed else 0


def play_journeys(chosen: list[Journey], args: argparse.Namespace) -> list[JourneyResult]:
    """Play the journeys, ``--jobs`` at once (each in a browser of its own). A journey that fails
    beside others is played again alone, and its first failure printed: on two cores a page
    that shares them may still be loading when a step looks (the speed journey, measured, is
    always played alone: ``speed``)."""
    def timed(journey: Journey, note: str = "") -> JourneyResult:
        started = time.perf_counter()
        result = journey_module.play(journey, args.web, args.out, args.runtime)
        verdict = "ok" if result.ok else "FAILED"
        print(f"{journey.name}: {verdict}{note} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
        return result

    if args.jobs <= 1:
        return [timed(journey) for journey in chosen]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = list(pool.map(timed, chosen))
    for index, result in enumerate(results):
        if not result.ok:
            first = "; ".join([*(f"step {s.number}: {s.note}" for s in result.steps if not s.ok), *result.problems])
            print(f"{result.journey.name}: failed beside another journey ({first}); played again alone",
                  file=sys.stderr)
            results[index] = timed(result.journey, ", alone")
    return results


def refuse_nonsense(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Options that would do something else than asked: an argparse error (exit status 2)."""
    from game.tools.pagecheck.journeys import JOURNEYS
    from game.tools.webbuild import build_folder

    known = sorted({journey.name for journey in JOURNEYS} | {"speed", "scenes", *MEASURED})
    unknown = [name for name in args.only or [] if name not in known]
    if unknown:
        parser.error(f"argument --only: no journey {unknown}; the names are {known}")
    args.web, args.out = Path(args.web), Path(args.out)
    if args.no_build:
        if not (args.web / "index.html").is_file():
            parser.error(f"argument --web: no built page (index.html) in {str(args.web)!r}")
        return
    if args.web.resolve().name != "web":
        parser.error(f"argument --web: the build writes a folder named web, not {str(args.web)!r} "
                     "(or give --no-build)")
    try:
        build_folder(str(args.web.resolve().parent))
    except argparse.ArgumentTypeError as problem:
        parser.error(f"argument --web: {problem}")


SPEED_TRIES = 3
"""The machines are shared and noisy: a budget is met when one of this many runs meets them all."""


def speed(args: argparse.Namespace) -> list[str]:
    """Play the speed journey and print the browser figures; the figures over their budget."""
    from game.tools.pagecheck import speed_figures as page_speed

    for attempt in range(1, SPEED_TRIES + 1):
        result = journey_module.play(page_speed.SPEED, args.web, args.out, args.runtime)
        found = page_speed.figures(result)
        if result.ok and all(figure.ok for figure in found):
            break
        missed = [f"{f.what} {f.value}" for f in found if not f.ok] + result.problems
        print(f"speed: run {attempt} of {SPEED_TRIES} missed: {'; '.join(missed) or 'a step'}", file=sys.stderr)
    print()
    print(step_table([result]))
    print()
    print(page_speed.table(found))
    problems = [f"speed: {problem}" for problem in result.problems]
    problems += [f"{figure.what}: {figure.value} {figure.unit}, budget {figure.budget}" for figure in found
                 if not figure.ok]
    for problem in problems:
        print(problem)
    return problems + [f"step {step.number}: {step.note}" for step in result.steps if not step.ok]


MEASURED = ("speed-more", "speed-phone")
"""Journeys that measure where the page stands against goals it does not meet yet: printed, not
gated, and played only when named (``game.tools.pagecheck.speed_phone``)."""


def measured(args: argparse.Namespace, name: str) -> list[str]:
    """Play ``speed-more`` (the desktop's canvas) or ``speed-phone`` and print their figures; the
    problems are the journey's own (a step that failed), not the goals missed."""
    from game.tools.pagecheck import speed_figures, speed_phone

    phone = name == "speed-phone"
    result = journey_module.play(speed_phone.PHONE if phone else speed_phone.MORE, args.web, args.out, args.runtime)
    found = speed_phone.figures(result, speed_phone.PHONE_GOAL_MS if phone else speed_phone.DESKTOP_GOAL_MS,
                                speed_phone.PHONE_LIMIT_MS if phone else None)
    print()
    print(step_table([result]))
    print()
    print(speed_figures.table(found))
    problems = [f"{name}: {problem}" for problem in result.problems] + \
        [f"{name} step {step.number}: {step.note}" for step in result.steps if not step.ok]
    for problem in problems:
        print(problem)
    return problems


def compare_scenes(args: argparse.Namespace) -> bool:
    """Draw every scene in the page (``--jobs`` at once) and natively; print the table; whether any failed to draw.
    A scene over the pixel goal is reported, not failed: its differences are explained in docs/web.md."""
    from game.tools import page_scenes, scenes

    out = args.out / "scenes"
    with ThreadPoolExecutor(args.jobs) as pool:  # the pages --jobs at once; the native frames one at a time
        shots = list(pool.map(lambda scene: page_scenes.shoot(args.web, out, scene, args.runtime), scenes.SCENES))
    results = [page_scenes.judge(out, result, shot) for result, shot in shots]
    print()
    print(page_scenes.table(results))
    return any(result.problem for result in results)


def step_table(results: list[JourneyResult]) -> str:
    lines = [f"{'journey':<12} {'#':>2}  {'ok':<4} {'ms':>6}  step", "-" * 100]
    for result in results:
        for step in result.steps:
            mark = "ok" if step.ok else "FAIL"
            note = f"  <- {step.note}" if step.note else ""
            lines.append(f"{result.journey.name:<12} {step.number:>2}  {mark:<4} {step.ms:>6}  {step.says}{note}")
    return "\n".join(lines)
