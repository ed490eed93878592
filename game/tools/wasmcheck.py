"""Run the world natively and in the browser's Python, and compare (SPEC WEB-1..3).

    python -m game.tools.wasmcheck [--runtime DIR] [--quick] [--only WORKLOAD] [--timeout S]

The browser build runs the game under CPython 3.12 and numpy 2.0.2 compiled to
32-bit WebAssembly, where numpy's index type is int32. This tool runs the same
workloads (``game/tools/worldcheck.py``: new runs over odd seeds, floors of every
level kind, the autoplayer, the benchmark's generation and turns) twice: natively
with this Python, and in headless Chromium through ``run-python`` from
``../shared/wasm`` (``--runtime DIR`` or ``$THRESHOLD_WASM`` name another folder).
Every digest must match. It prints a table of medians and browser/native ratios,
then one JSON line ``{"ok", "compared", "mismatches", "errors",
"browser_over_native"}``, and exits 1 on any mismatch, error or timeout (2 when
the runtime or Chromium is missing).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.cli import seconds
from game.tools.webbuild import stage_sources
from game.tools.worldcheck import WORKLOADS

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path("game") / "tools" / "worldcheck.py"
PREFIX = "WORKLOAD "
TIMED_OUT = 2
"""run-python's exit status when its run timed out."""
INSTALL_CHROMIUM = "apt-get update && apt-get install -y chromium"
WORKPLACE_RUNTIME = Path("/work/shared/wasm")
"""Where the team's machines mount the shared runtime, for checkouts that are not beside it."""


@dataclass
class Side:
    """What one platform reported: records by workload name, and how the run ended."""

    name: str
    records: dict[str, dict[str, Any]]
    failure: str | None = None
    stalled: bool = False
    """The run timed out: the browser stopped answering, or a workload never ended."""


def find_runtime(given: str | None) -> Path | None:
    """The folder holding ``run-python``: ``--runtime``, ``$THRESHOLD_WASM``, ``shared/wasm``
    beside the checkout or one of its parents, or the workplace's own mount."""
    if given:  # only that one: another runtime than the one named would be a silent surprise
        candidates = [Path(given)]
    else:
        candidates = [Path(os.environ["THRESHOLD_WASM"])] if os.environ.get("THRESHOLD_WASM") else []
        candidates += [parent / "shared" / "wasm" for parent in ROOT.parents]
        candidates.append(WORKPLACE_RUNTIME)
    for place in candidates:
        place = place.parent if place.name == "run-python" else place
        if (place / "run-python").is_file():
            return place.resolve()
    return None


def find_chromium(given: str | None) -> str | None:
    """``given`` (a path or a name on PATH), else ``$CHROMIUM``, ``chromium`` or ``chromium-browser``."""
    for name in (given,) if given else (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def runtime_path(text: str) -> str:
    """An argparse type for ``--runtime``: the runtime's folder, or its ``run-python``; not empty
    (``--runtime ""`` would quietly mean the default runtime)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path (give the folder of the runtime, ../shared/wasm)")
    return text


def program(text: str) -> str:
    """An argparse type: a program, a path or a name on PATH, that can be run."""
    if not shutil.which(text):
        raise argparse.ArgumentTypeError(f"no program {text[:200]!r} to run")
    return text


def title_imports() -> list[str]:
    """The modules the title screen's first frame imports that the browser check can import
    too (everything but pygame and what needs it), found by running the title natively."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    listing = ("import asyncio, json, sys\nimport main\n"
               "asyncio.run(main.main(['--frames', '1', '--fps', '0']))\n"
               "print(json.dumps(sorted(m for m in sys.modules if m == 'main' or m.split('.')[0] == 'game')))\n")
    found = json.loads(_python(listing, env).splitlines()[-1])
    probe = ("import importlib, json, sys\nsys.modules['pygame'] = None\nok = []\n"
             f"for name in {found!r}:\n"
             "    try:\n        importlib.import_module(name)\n        ok.append(name)\n"
             "    except ImportError:\n        pass\n"
             "print(json.dumps(ok))\n")
    return json.loads(_python(probe, env).splitlines()[-1])


def _python(code: str, env: dict[str, str]) -> str:
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"native helper failed:\n{result.stderr[-2000:]}")
    return result.stdout


def worldcheck_args(title_modules: str, quick: bool, only: list[str]) -> list[str]:
    """The worldcheck script's arguments: the title's modules, a few cases or all, which workloads."""
    return ["--title-modules", title_modules, *(["--quick"] if quick else []),
            *(arg for name in only for arg in ("--only", name))]


def parse_records(stdout: str) -> dict[str, dict[str, Any]]:
    records = {}
    for line in stdout.splitlines():
        if line.startswith(PREFIX):
            record = json.loads(line[len(PREFIX):])
            records[record["name"]] = record
    return records


def run_native(args: list[str], timeout: float) -> Side:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        result = subprocess.run([sys.executable, str(ROOT / SCRIPT), *args], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=timeout)
    except subprocess.TimeoutExpired as expired:
        return Side("native", parse_records(_text(expired.stdout)), f"timed out after {timeout:.0f} s")
    failure = None if result.returncode == 0 else f"exit {result.returncode}: {result.stderr[-1500:]}"
    return Side("native", parse_records(result.stdout), failure)


def run_browser(runtime: Path, chromium: str, args: list[str], timeout: float) -> Side:
    with tempfile.TemporaryDirectory(prefix="wasmcheck-") as temp:
        stage = Path(temp) / "threshold"
        stage_sources(stage)  # exactly the files the web build ships
        command = [str(runtime / "run-python"), "--files", str(stage), "--script", str(stage / SCRIPT),
                   "--timeout", str(int(timeout)), "--chromium", chromium, "--out", str(Path(temp) / "out"),
                   "--", *args]
        try:
            result = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 60)
        except subprocess.TimeoutExpired as expired:
            return Side("browser", parse_records(_text(expired.stdout)), f"run-python hung past {timeout + 60:.0f} s",
                        stalled=True)
    records, said = parse_records(result.stdout), result.stderr[-1500:]
    if result.returncode == TIMED_OUT:
        return Side("browser", records, f"timed out after {timeout:.0f} s: {said}", stalled=True)
    return Side("browser", records, None if result.returncode == 0 else f"run-python exit {result.returncode}: {said}")


def after_a_stall(native: Side, browser: Side, rerun: Callable[[list[str]], Side]) -> tuple[Side, str | None]:
    """The browser's side, with the workloads a stalled run did not report run once more in a
    fresh browser (``rerun(names)``), and a note saying so (None when nothing was run again).

    In the CI run of stop 50, headless Chromium stopped answering in the autoplay workload, which
    takes under a second in the page and passed in every run before and since. The world is deterministic,
    so a workload that hangs for a reason of the game's hangs again and still fails the check; a
    run that ended with an error is never run again."""
    missing = [name for name in native.records if name not in browser.records]
    if not browser.stalled or not missing:
        return browser, None
    again = rerun(missing)
    note = (f"the browser stalled ({browser.failure}); ran {', '.join(missing)} again in a fresh browser: "
            + ("ok" if again.failure is None else "failed again"))
    return Side("browser", {**browser.records, **again.records}, again.failure, again.stalled), note


def _text(output: str | bytes | None) -> str:
    return output.decode("utf-8", "replace") if isinstance(output, bytes) else output or ""


def compare(native: Side, browser: Side) -> dict[str, Any]:
    """The verdict: every case's digest equal, no errors, no missing workloads."""
    mismatches, errors, ratios, compared = [], [], {}, 0
    for side in (native, browser):
        if side.failure:
            errors.append({"side": side.name, "workload": None, "error": side.failure})
    for name, mine in native.records.items():
        theirs = browser.records.get(name)
        for which, record in (("native", mine), ("browser", theirs)):
            if record is not None and record["error"]:
                errors.append({"side": which, "workload": name, "error": record["error"]})
        if theirs is None:
            errors.append({"side": "browser", "workload": name, "error": "did not report"})
            continue
        for case, digest in mine["digests"].items():
            compared += 1
            if theirs["digests"].get(case) != digest:
                mismatches.append({"workload": name, "case": case, "native": digest,
                                   "browser": theirs["digests"].get(case)})
        if mine["samples_ms"] and theirs["samples_ms"]:
            ratios[name] = round(statistics.median(theirs["samples_ms"]) / max(1e-6, statistics.median(
                mine["samples_ms"])), 2)
    return {"ok": not mismatches and not errors and compared > 0, "compared": compared, "mismatches": mismatches,
            "errors": errors, "browser_over_native": ratios}


def table(native: Side, browser: Side) -> str:
    rows = [f"{'workload':<17}{'cases':>6}{'native ms':>12}{'browser ms':>12}{'ratio':>8}  digests"]
    for name, mine in native.records.items():
        theirs = browser.records.get(name, {"samples_ms": [], "digests": {}})
        n = statistics.median(mine["samples_ms"]) if mine["samples_ms"] else float("nan")
        b = statistics.median(theirs["samples_ms"]) if theirs["samples_ms"] else float("nan")
        same = sum(theirs["digests"].get(c) == d for c, d in mine["digests"].items())
        verdict = f"{same}/{len(mine['digests'])} equal" if mine["digests"] else "-"
        rows.append(f"{name:<17}{len(mine['digests']):>6}{n:>12.2f}{b:>12.2f}{b / n if n else float('nan'):>8.2f}"
                    f"  {verdict}")
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.wasmcheck", description=__doc__.splitlines()[0])
    parser.add_argument("--runtime", type=runtime_path, help="folder with run-python (default: $THRESHOLD_WASM or ../shared/wasm)")
    parser.add_argument("--chromium", type=program, help="the browser binary (default: $CHROMIUM or chromium on PATH)")
    parser.add_argument("--quick", action="store_true", help="a few cases of each workload")
    parser.add_argument("--only", action="append", choices=sorted(WORKLOADS), metavar="WORKLOAD",
                        help="run only this workload (repeatable; of: %(choices)s)")
    parser.add_argument("--timeout", type=seconds(1, 24 * 3600), default=200.0,
                        help="seconds for each run, native and browser (default 200; both take under 100)")
    args = parser.parse_args(argv)
    runtime = find_runtime(args.runtime)
    if runtime is None:
        print("wasmcheck: no run-python found; give --runtime DIR or set THRESHOLD_WASM "
              "(the folder ../shared/wasm holding run-python)", file=sys.stderr)
        return 2
    chromium = find_chromium(args.chromium)
    if chromium is None:
        print(f"wasmcheck: Chromium is not installed; install it with: {INSTALL_CHROMIUM}", file=sys.stderr)
        return 2
    title = ",".join(title_imports())
    print(f"wasmcheck: native {sys.version.split()[0]}, browser runtime {runtime}", flush=True)
    native = run_native(worldcheck_args(title, args.quick, args.only or []), args.timeout)
    browser = run_browser(runtime, chromium, worldcheck_args(title, args.quick, args.only or []), args.timeout)
    browser, note = after_a_stall(native, browser, lambda names: run_browser(
        runtime, chromium, worldcheck_args(title, args.quick, names), args.timeout))
    verdict = compare(native, browser)
    print(table(native, browser))
    if note:
        print(f"NOTE: {note}", file=sys.stderr)
    for mismatch in verdict["mismatches"][:20]:
        print(f"MISMATCH {mismatch['workload']} / {mismatch['case']}", file=sys.stderr)
    for error in verdict["errors"]:
        print(f"ERROR ({error['side']}, {error['workload']}):\n{error['error']}", file=sys.stderr)
    print(json.dumps(verdict))
    return 0 if verdict["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
