"""Family ``replays`` of ``game.tools.attack``: a good recording, damaged, through ``--replay``.

The recording is a bot's run of 1 500 turns (a note in it, three floor changes), exported as
``last-run.json`` is. Damaged, it goes through ``main.py --replay F --headless``: in-process
(``game.headless.run_headless``) for every case, in a subprocess for one case in five and for
odd paths. Expected: exit 2 for a malformed file, 1 when out of sync (saying where), 0 only
for a recording that says what the intact one says; never a traceback, never a hang; a
recording whose checks (checkpoints, final, trace) were changed never exits 0.
"""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path
from typing import Any

from game.tools.attack.damage import damage_bytes, edit_field, edit_text, remove_key, version_edit
from game.tools.attack.harness import Case, Family, Outcome, check_outcome, quiet, run_command, shown
from game.tools.attack.replays_cases import FIXED

SEED_TEXT = "attack-replay"
STRICT = {"format", "version", "save_version"}  # any change: not this format, exit 2
CHECKED = {"commands", "checkpoints", "final", "seed", "start", "trace"}  # any change: never exit 0
FAVOURITES: list[list[str | int]] = [["version"], ["save_version"], ["format"], ["seed"], ["start"], ["daily"],
                                     ["commands"], ["commands", 0], ["commands", 5, 1], ["checkpoints"],
                                     ["checkpoints", 0], ["checkpoints", 0, 0], ["checkpoints", 1, 3], ["final"],
                                     ["final", 0], ["final", 1], ["final", 2], ["final", 3], ["trace"]]


@functools.lru_cache(maxsize=1)
def good_recording() -> str:
    """The text of a good recording: ``last-run.json`` as the game writes it."""
    from game.bot.autoplay import Autoplayer, play_on
    from game.storage.memory import MemoryStorage
    from game.run.run import Run
    from game.run.saves import RECORDING_NAME, Saves

    run, bot = Run.new(SEED_TEXT), Autoplayer()
    play_on(run, bot, 20)
    run.note("A note from the attack.", "info")
    play_on(run, bot, 1500)
    saves = Saves(MemoryStorage())
    saves.keep_recording(run)
    text = saves.storage.read(RECORDING_NAME)
    assert text is not None, "kept just above"
    return text


def expected(original: dict[str, Any], text: str | bytes) -> set[int]:
    """What a damaged recording must exit with, from what changed in it."""
    try:
        damaged = json.loads(text)
    except (ValueError, RecursionError):
        return {2}
    if not isinstance(damaged, dict):
        return {2}
    missing = object()
    changed = {key for key in set(original) | set(damaged) if not same(original.get(key, missing),
                                                                       damaged.get(key, missing))}
    if changed & STRICT:
        return {2}
    relaxed = {key for key in changed & {"final", "trace"} if damaged.get(key) is None}  # still a valid recording
    if changed & CHECKED - relaxed:
        return {1, 2}
    return {0, 1, 2} if changed else {0}


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values are: ``1.0`` is not ``1``, ``true`` is not ``1``, NaN is nothing."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def random_damage(case: Case, text: str) -> tuple[str, bytes]:
    rng, doc = case.rng, json.loads(text)
    roll = rng.random()
    if roll < 0.35:
        return damage_bytes(rng, text.encode("utf-8"))
    if roll < 0.75:
        what, new = edit_field(rng, doc, FAVOURITES)
    elif roll < 0.9:
        what, new = remove_key(rng, doc)
    else:
        what, new = version_edit(rng, doc, rng.choice(("version", "save_version", "format")))
    return what, new.encode("utf-8")


def run(case: Case) -> None:
    text = good_recording()
    original = json.loads(text)
    path = case.scratch / "last-run.json"
    if case.index < len(FIXED):
        what, expect, make = FIXED[case.index]
        make(path, original, text)
    else:
        what, data = random_damage(case, text)
        path.write_bytes(data)
        expect = expected(original, data)
    case.label = f"recording: {what}"
    args = ["main.py", "--replay", str(path), "--headless"]
    in_process(case, args, expect)
    odd = path.is_symlink() or not path.is_file() or path.stat().st_size > 10_000_000
    if case.index % 5 == 0 or odd or case.hook("always subprocess", False):
        from game.tools.attack.harness import ROOT

        outcome = run_command([str(ROOT / "main.py"), *args[1:]], case.hang, case.scratch)
        check_outcome(case, outcome, expect, shown(args), "main.py in a subprocess")
        said(case, outcome, shown(args))


def in_process(case: Case, args: list[str], expect: set[int]) -> None:
    """``main.py --replay F --headless`` without a new Python: ``parse_options`` and ``run_headless``."""
    from game.app.options import parse_options
    from game.headless import run_headless

    runner = case.hook("run_headless", run_headless)
    status: int | None = None
    with quiet() as (out, err):
        try:
            status = runner(parse_options(args[1:]))
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 2
        except Exception as error:  # noqa: BLE001 - a crash to report
            from game.tools.attack.harness import short_traceback

            case.fail("crash", f"in-process replay raised {short_traceback(error)}", shown(args))
            return
    outcome = Outcome(status, out.getvalue(), err.getvalue(), 0.0)
    check_outcome(case, outcome, expect, shown(args), "in-process")
    said(case, outcome, shown(args))


def said(case: Case, outcome: Outcome, command: str) -> None:
    """Out of sync (exit 1) is said on the JSON line: where, in ``problem``."""
    if outcome.status != 1:
        return
    try:
        line = json.loads(outcome.out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        line = {}
    if not isinstance(line, dict) or line.get("ok") is not False or not line.get("problem"):
        case.fail("no message", "exit 1 without a JSON line saying where it went out of sync", command)


def fifo(path: Path) -> None:
    os.mkfifo(path)


FAMILY = Family("replays", "damaged recordings through main.py --replay --headless",
                {"small": 80, "full": 400}, run, commands=1, chunk=20)
__all__ = ["FAMILY", "edit_text", "expected", "good_recording"]
