"""A journey through the page: what a player does, step by step, and what each step must do.

A ``Journey`` opens the built page in headless Chromium (``game.tools.pagecheck.rungame``) and plays
its ``Step``s in order: each is a few ``run-game`` steps (keys, taps, waits, a line of
Python in the page), then a screenshot, then the game's state read from inside the page
(``game.app.probe``). After the run each step's ``check`` is asked about the state read
after it (and, if it needs them, the states before): a problem in words, or None.

A step that a journey could not reach (the page stopped, a check inside the page failed)
is reported as not reached. ``game.tools.pagecheck.journeys`` holds the journeys themselves.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import game.tools.pagecheck.rungame as rungame
from game.app.settle import UNSETTLED

Probe = dict[str, Any]
Check = Callable[[Probe, list[Probe]], "str | None"]
"""``check(state after the step, states after every earlier step)`` -> a problem or None."""


@dataclass(frozen=True)
class Step:
    says: str  # what the player does, in the table
    do: tuple[str, ...]  # run-game steps
    check: Check | None = None
    read: str | None = None  # a Python expression read in the page after the step: the check sees it as "read"


@dataclass
class Journey:
    name: str
    what: str
    steps: list[Step]
    query: str = ""
    size: tuple[int, int] | None = None
    iframe: bool = False
    before: tuple[str, ...] = ()  # run-game steps before the first (set-storage...)
    expect_tracebacks: tuple[str, ...] = ()  # a traceback naming each of these is expected (WEB-9)
    files: dict[str, str] = field(default_factory=dict)  # files the steps name (set-storage), by name
    timeout: int = 300
    cpu_throttle: int | None = None  # Chromium's CPU throttling (4 at 390x844: a mid-range phone)


@dataclass
class StepResult:
    journey: str
    number: int
    says: str
    ok: bool
    note: str = ""
    ms: int = 0
    shot: str = ""


@dataclass
class JourneyResult:
    journey: Journey
    steps: list[StepResult]
    run: rungame.PageRun
    probes: list[Probe]
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems and all(step.ok for step in self.steps)


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def page_steps(journey: Journey) -> tuple[list[str], list[int]]:
    """The run-game steps of ``journey``, and for each of its steps the index of its probe step."""
    lines = list(journey.before)
    probe_at = []
    for number, step in enumerate(journey.steps, 1):
        lines.extend(step.do)
        lines.append(f"shot {number:02d}-{slug(step.says)}")
        if step.read is not None:
            lines.append(f"eval-py {step.read}")
        probe_at.append(len(lines))
        lines.append(f"eval-py {rungame.PROBE}")
    return lines, probe_at


def play(journey: Journey, web: Path, out: Path, runtime: str | None = None) -> JourneyResult:
    """Play ``journey`` on the page built in ``web``; pictures and logs go to ``out``."""
    folder = out / journey.name
    if folder.exists():
        shutil.rmtree(folder)  # no picture of an earlier run may pass for this one's
    folder.mkdir(parents=True)
    for name, content in journey.files.items():
        (folder / name).write_text(content, encoding="utf-8")
    lines, probe_at = page_steps(journey)
    page = rungame.Page(web, query=journey.query, size=journey.size, iframe=journey.iframe,
                        timeout=journey.timeout, cpu_throttle=journey.cpu_throttle)
    run = rungame.play(page, [_in_folder(line, folder) for line in lines], folder, runtime)
    reported = run.steps
    probes: list[Probe] = []
    results = []
    for number, (step, index) in enumerate(zip(journey.steps, probe_at), 1):
        shot = f"{number:02d}-{slug(step.says)}.canvas.png"
        probe = _probe(reported, index)
        if probe is not None and step.read is not None:
            probe["read"] = _value(reported[index - 1])
        if probe is None:
            results.append(StepResult(journey.name, number, step.says, False, "not reached", shot=shot))
            continue
        own = reported[_first_of(probe_at, number):index]
        note = _judged(step.check(probe, probes) if step.check is not None else None, own)
        ms = sum(int(r.get("ms", 0)) for r in own)
        results.append(StepResult(journey.name, number, step.says, note is None, note or "", ms, shot))
        probes.append(probe)
    problems = _unexpected(run, journey)
    return JourneyResult(journey, results, run, probes, problems)


def _in_folder(line: str, folder: Path) -> str:
    """``set-storage KEY FILE`` names a file of the journey's folder."""
    parts = line.split(" ", 2)
    if parts[0] == "set-storage" and len(parts) == 3:
        return f"set-storage {parts[1]} {folder / parts[2]}"
    return line


def _judged(note: str | None, own: list[dict[str, Any]]) -> str | None:
    """The check's ``note`` on a step whose run-game steps reported ``own``: a settle that ran out
    of time fails the step, saying what the game was still doing; a failed check says how the
    step's last settle ended."""
    settles = [str(_value(r)) for r in own if r.get("step") == SETTLE and r.get("ok")]
    stuck = next((said for said in settles if UNSETTLED in said), None)
    if stuck is not None:
        return stuck + (f"; {note}" if note else "")
    return f"{note} ({settles[-1]})" if note is not None and settles else note


def _first_of(probe_at: list[int], number: int) -> int:
    return probe_at[number - 2] + 1 if number > 1 else 0


def _probe(reported: list[dict[str, Any]], index: int) -> Probe | None:
    if index >= len(reported) or not reported[index].get("ok") or "output" not in reported[index]:
        return None
    return json.loads(ast.literal_eval(reported[index]["output"]))


def _value(reported: dict[str, Any]) -> Any:
    """What an ``eval-py`` step printed, as a Python value where it is one (a repr), else as text."""
    try:
        return ast.literal_eval(reported.get("output", ""))
    except (ValueError, SyntaxError):
        return reported.get("output")


def _unexpected(run: rungame.PageRun, journey: Journey) -> list[str]:
    """Tracebacks, page errors and failed page steps, but for the tracebacks the journey expects."""
    problems = []
    expected = list(journey.expect_tracebacks)
    for traceback in run.tracebacks:
        match = next((e for e in expected if e in traceback), None)
        if match is not None:
            expected.remove(match)
        else:
            problems.append("traceback: " + traceback.strip().splitlines()[-1][:300])
    problems += [f"expected a traceback naming {e!r}, none came" for e in expected]
    return problems + run.problems


# --- checks ---------------------------------------------------------------------------------------
def on(screen: str) -> Check:
    def check(probe: Probe, _: list[Probe]) -> str | None:
        return None if probe.get("screen") == screen else f"the screen is {probe.get('screen')}, not {screen}"
    return check


def run_where(**wanted: Any) -> Check:
    """The run on screen has these values (a callable value is a test of the value)."""
    def check(probe: Probe, _: list[Probe]) -> str | None:
        run = probe.get("run")
        if run is None:
            return f"no run on screen ({probe.get('screen')})"
        for key, value in wanted.items():
            have = run.get(key)
            if not (value(have) if callable(value) else have == value):
                return f"{key} is {have!r}" + ("" if callable(value) else f", not {value!r}")
        return None
    return check


def both(*checks: Check) -> Check:
    def check(probe: Probe, earlier: list[Probe]) -> str | None:
        return next((note for c in checks if (note := c(probe, earlier)) is not None), None)
    return check


def holds(test: Callable[[Probe, list[Probe]], bool], problem: str) -> Check:
    """A check from a test of the probe (and the earlier ones) and what to say when it fails."""
    def check(probe: Probe, earlier: list[Probe]) -> str | None:
        try:
            return None if test(probe, earlier) else problem
        except (KeyError, TypeError, IndexError, ValueError) as missing:  # (ValueError: a read that is not JSON)
            return f"{problem} ({type(missing).__name__}: {missing})"
    return check


APP = "__import__('game.app.app', fromlist=['running_app']).running_app()"
"""The page's running ``App``, in an ``eval-py`` line."""
GAME = f"{APP}.state.game"
SETTLED = run_where(walking=False)


def py(line: str) -> str:
    return f"eval-py {line}"


ON_THE_STAIRS = py(f"_g = {GAME}; _g.move_actor(_g.player, *_g.floor.level.exit); _g.update_visibility()")
"""Puts the player on the stairs down, as a map and a walk would (a floor's stairs are far)."""


SETTLE = py(f"str(__import__('game.app.settle', fromlist=['settle']).settle({APP}))")
"""Waits on the game's state, not the clock: plays the page's frames from inside (``game.app.settle``)
until nothing is loading, walking, saving or animating (a run's loading screen, a walk, a floor
change's save, a bomb's flight and blast), at most 30 s, and prints what it waited for and how
long. run-game has no step that waits on the game; an ``eval-py`` line runs between two frames
until it returns. A step whose settle ran out of time fails, saying what the game was still doing."""


def first_frame(gesture: str = "click") -> tuple[str, ...]:
    """The player's first gesture on the page (it starts the game), then its first frame."""
    return (f"{gesture} 640 360", "wait-ready")


def more_rooms(probe: Probe, earlier: list[Probe]) -> bool:
    return probe["run"]["rooms_seen"] > earlier[-1]["run"]["rooms_seen"]


def same_run_as(step: int) -> Callable[[Probe, list[Probe]], bool]:
    """The run on screen is exactly the one seen after step ``step`` (1-based): same digest."""
    def same(probe: Probe, earlier: list[Probe]) -> bool:
        return probe["run"]["digest"] == earlier[step - 1]["run"]["digest"]
    return same
