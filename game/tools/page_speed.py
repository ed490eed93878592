"""Browser figures, measured in the page where the player is (SPEC WEB-8).

A journey of its own (``SPEED``) plays run 7 in the page and, before each thing a player
does, empties the game's frame times (``App.frame_times``); the state read after it gives
that activity's frame times, measured by the game's own frame loop with ``perf_counter``
inside the browser. run-game adds what happens before the game: the page's load, the
stand-in runtime (Pyodide, numpy, pygame-ce), our template and the first frame.

Budgets: while playing, p95 <= 8 ms over the frames that draw (the frames in between,
which only yield to the browser, cost ~0.05 ms and are left out of the percentiles) and no
frame over 50 ms; the loading screen's slices <= 50 ms; no draw at all while idle.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.tools.journey import Journey, JourneyResult, Step, both, holds, on, run_where
from game.tools.journeys import APP, GAME, SETTLED, first_frame, py

P95_BUDGET_MS = 8.0
FRAME_LIMIT_MS = 50.0
IDLE_SECONDS = 3
RESET = py(f"{APP}.frame_times.reset()")


def _measured(says: str, do: tuple[str, ...], check=None) -> Step:  # noqa: ANN001
    """A step whose frames are measured alone: the frame times are emptied first."""
    return Step(says, (RESET, *do), check)


SPEED = Journey("speed", "frame times in the page: a new run, idle, walking, exploring, fighting, a floor change", [
    Step("open ?seed=7&start=dungeon: the new run's loading screen and first frames", (*first_frame(), "wait 4"),
         run_where(kind="dungeon")),
    _measured("idle: nothing moves, nothing is pressed", (f"wait {IDLE_SECONDS}",)),
    _measured("walking: ten steps", ("press ArrowLeft", "wait 0.3", "press ArrowLeft", "wait 0.3",
                                     "press ArrowRight", "wait 0.3", "press ArrowRight", "wait 0.3",
                                     "press ArrowLeft", "wait 0.3", "press ArrowRight", "wait 0.3",
                                     "press ArrowLeft", "wait 0.3", "press ArrowRight", "wait 0.3",
                                     "press ArrowLeft", "wait 0.3", "press ArrowRight", "wait 1")),
    _measured("exploring: x until the skeleton shows", ("press x", "wait 6"), SETTLED),
    _measured("fighting: x eight times at the skeleton", ("press x", "wait 0.4") * 8,
              holds(lambda p, _: any("skeleton" in m for m in p["run"]["log_tail"]), "no fight")),
    _measured("a floor change: > on the stairs (the check puts the player there)", (
        py(f"_g = {GAME}; _g.move_actor(_g.player, *_g.floor.level.exit); _g.update_visibility()"),
        "press >", "wait 3"), both(run_where(depth=2))),
    _measured("the zoomed map: o, and o again", ("press o", "wait 1", "press o", "wait 1"),
              run_where(zoomed=False)),
    _measured("a new run from the menu: Esc, Abandon, New run", (
        "press Escape", "press ArrowDown x4", "press Enter", "press ArrowDown", "press Enter", "wait 1",
        "press Enter", "wait 5"),
              both(on("PlayState"), SETTLED)),
], query="seed=7&start=dungeon")


@dataclass
class Figure:
    what: str
    value: float | None
    unit: str
    budget: str = ""
    ok: bool = True


def figures(result: JourneyResult) -> list[Figure]:
    """The browser figures of a played ``SPEED`` journey (or of what it reached)."""
    found: list[Figure] = []
    load = result.run.loads()[-1]
    marks = load.get("marks_ms", {})
    if marks:
        found.append(Figure("page load -> runtime ready (run-game's stand-in: Pyodide, numpy, pygame-ce)",
                            _span(marks, "page_start", "packages_loaded"), "ms"))
        found.append(Figure("template start -> the game's first frame (ours: archive, imports, title)",
                            _span(marks, "template_start", "first_frame"), "ms"))
        found.append(Figure("page load -> first frame, in all", _span(marks, "page_start", "first_frame"), "ms"))
    steps = {step.says: probe for step, probe in zip(result.journey.steps, result.probes)}
    opened = steps.get(SPEED.steps[0].says)
    if opened is not None:
        found.append(Figure("the game's first frame (its first fonts and the backdrop; part of start-up)",
                            _screen(opened, "first frame", "max"), "ms"))
        found.append(_limit(f"loading screen: the longest slice{_note(opened, 'LoadingState')}",
                            _screen(opened, "LoadingState", "max"), FRAME_LIMIT_MS))
        found.append(_limit("the new run's first play frames: the longest", _screen(opened, "PlayState", "max"),
                            FRAME_LIMIT_MS))
    idle = steps.get(SPEED.steps[1].says)
    if idle is not None:
        draws = idle["frame_ms"]["drawn"] / IDLE_SECONDS
        found.append(Figure("idle: draws a second", draws, "/s", "0", draws == 0))
    for step in SPEED.steps[2:5]:
        probe = steps.get(step.says)
        if probe is not None:
            name = step.says.split(":")[0]
            drawing = probe["frame_ms"]["drawing"]
            found.append(Figure(f"{name}: frames drawn, p50", drawing["p50"], "ms"))
            found.append(_limit(f"{name}: frames drawn, p95 (of {drawing['n']})", drawing["p95"], P95_BUDGET_MS))
            found.append(_limit(f"{name}: the longest frame", probe["frame_ms"]["max"], FRAME_LIMIT_MS))
    change = steps.get(SPEED.steps[5].says)
    if change is not None:
        found.append(_limit("a floor change: the longest frame", change["frame_ms"]["max"], FRAME_LIMIT_MS))
    zoom = steps.get(SPEED.steps[6].says)
    if zoom is not None:
        found.append(_limit("the zoomed map (o): the longest frame", zoom["frame_ms"]["max"], FRAME_LIMIT_MS))
    fresh = steps.get(SPEED.steps[7].says)
    if fresh is not None:
        found.append(_limit("a new run from the menu: the longest loading slice", _screen(fresh, "LoadingState", "max"),
                            FRAME_LIMIT_MS))
        others = [s for name, s in fresh["frame_ms"]["by_screen"].items() if name != "LoadingState"]
        longest = max((s["max"] for s in others if s["max"] is not None), default=None)
        found.append(_limit("a new run from the menu: the longest other frame", longest, FRAME_LIMIT_MS))
    return found


def _note(probe: dict[str, Any], screen: str) -> str:
    """What the slowest frame of ``screen`` spent its time on, if it says (the loading screen's steps)."""
    note = next((n for _, name, n in probe["frame_ms"]["slowest"] if name == screen), "")
    return f" ({note})" if note else ""


def _span(marks: dict[str, Any], start: str, end: str) -> float | None:
    return float(marks[end] - marks[start]) if start in marks and end in marks else None


def _screen(probe: dict[str, Any], screen: str, stat: str) -> float | None:
    return probe["frame_ms"]["by_screen"].get(screen, {}).get(stat)


def _limit(what: str, value: float | None, limit: float) -> Figure:
    ok = value is not None and value <= limit
    return Figure(what, value, "ms", f"<= {limit:g}", ok)


def table(found: list[Figure]) -> str:
    lines = [f"{'browser figure':<78}{'value':>10}  budget", "-" * 100]
    for figure in found:
        value = "-" if figure.value is None else f"{figure.value:.1f} {figure.unit}"
        mark = "" if figure.ok else "  OVER"
        lines.append(f"{figure.what:<78}{value:>10}  {figure.budget}{mark}")
    return "\n".join(lines)
