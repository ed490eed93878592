"""Browser figures, measured in the page where the player is (SPEC WEB-8).

A journey of its own (``SPEED``) plays run 7 in the page and, before each thing a player
does, empties the game's frame times (``App.frame_times``); the state read after it gives
that activity's frame times, measured by the game's own frame loop with ``perf_counter``
inside the browser. run-game adds what happens before the game: the page's load, the
stand-in runtime (Pyodide, numpy, pygame-ce), our template and the first frame.

Budgets: while playing, frame time p95 <= 8 ms and no frame over 50 ms; the loading
screen's slices <= 50 ms; no draw at all while idle. A frame is one pass of the game's loop,
60 a second; most only yield to the browser (~0.05 ms), so the frames of play (that draw or
play a turn) are also reported apart: their p95 is the cost of a turn's frame (an action, the
monsters, the sidebar, the map, the canvas), 5-11 ms in the browser, against a goal of 8 that
is printed, not gated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.tools.pagecheck.journey import Check, Journey, JourneyResult, Step, both, holds, on, run_where
from game.tools.pagecheck.journeys import APP, ON_THE_STAIRS, SETTLED, first_frame, py

P95_BUDGET_MS = 8.0
FRAME_LIMIT_MS = 50.0
IDLE_SECONDS = 3
RESET = py(f"{APP}.frame_times.reset()")


def measured_step(says: str, do: tuple[str, ...], check: Check | None = None) -> Step:
    """A step whose frames are measured alone: the frame times are emptied first."""
    return Step(says, (RESET, *do), check)


FIGHTS = py(f"setattr({APP}, 'settings', __import__('dataclasses').replace({APP}.settings, explore_fights=True))")
"""x beside a foe strikes it (the option "explore fights what blocks it", for this page only): without
it x refuses while a foe is in view, and a fight of x presses measured eight refusals."""


def _struck(probe: dict[str, Any], _: Any) -> bool:
    """Whether the player struck the skeleton: hit, missed or killed it."""
    return any(m.startswith(("You hit the skeleton", "You miss the skeleton", "You kill the skeleton"))
               for m in probe["run"]["log_tail"])


SPEED = Journey("speed", "frame times in the page: the title, a new run, idle, walking, exploring, fighting, "
                         "a floor change, the zoomed map, another new run", [
    Step("open the page: the title's first frame", first_frame(), on("TitleState")),
    measured_step("Enter seed 7: the new run's loading screen and its first frames", (
        "press ArrowDown x2", "press Enter", "type 7", "press Enter", "wait 5"), run_where(kind="overworld")),
    Step("> > into the first dungeon", ("press >", "wait 2", "press >", "wait 3"), run_where(kind="dungeon")),
    measured_step("idle: nothing moves, nothing is pressed", (f"wait {IDLE_SECONDS}",)),
    measured_step("walking: ten steps", ("press ArrowLeft", "wait 0.3", "press ArrowRight", "wait 0.3") * 5),
    measured_step("exploring: x until the skeleton shows", ("press x", "wait 6"), SETTLED),
    measured_step("fighting: the skeleton comes (. four times), x strikes it (six times)", (
        FIGHTS, *("press .", "wait 0.4") * 4, *("press x", "wait 0.4") * 6), holds(_struck, "no blow struck")),
    measured_step("a floor change: > on the stairs (the check puts the player there)", (
        ON_THE_STAIRS,
        "press >", "wait 3"), run_where(depth=2)),
    measured_step("the zoomed map: o, and o again", ("press o", "wait 1", "press o", "wait 1"),
              run_where(zoomed=False)),
    measured_step("a new run from the menu: Esc, Abandon, New run", (
        "press Escape", "press ArrowDown x4", "press Enter", "press ArrowDown", "press Enter", "wait 1",
        "press Enter", "wait 5"), both(on("PlayState"), SETTLED)),
])
"""Each measured step is named by what it does; ``figures`` finds them by those names."""
TITLE, NEW_RUN, _, IDLE, WALKING, EXPLORING, FIGHTING, FLOOR_CHANGE, ZOOM, ANOTHER_RUN = (
    step.says for step in SPEED.steps)


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
    marks = result.run.loads()[-1].get("marks_ms", {})
    if marks:
        found.append(Figure("page load -> runtime ready (run-game's stand-in: Pyodide, numpy, pygame-ce)",
                            _span(marks, "page_start", "packages_loaded"), "ms"))
        found.append(Figure("template start -> the title's first frame (ours: archive, imports, title)",
                            _span(marks, "template_start", "first_frame"), "ms"))
        found.append(Figure("page load -> the title's first frame, in all", _span(marks, "page_start", "first_frame"),
                            "ms"))
    steps = {step.says: probe for step, probe in zip(result.journey.steps, result.probes)}
    if TITLE in steps:
        found.append(Figure("the title's first frame (its fonts and the backdrop; part of start-up)",
                            screen_stat(steps[TITLE], "first frame", "max"), "ms"))
    if NEW_RUN in steps:
        found += _new_run("a new run", steps[NEW_RUN])
    if IDLE in steps:
        draws = steps[IDLE]["frame_ms"]["drawn"] / IDLE_SECONDS
        found.append(Figure("idle: draws a second", draws, "/s", "0", draws == 0))
    for says in (WALKING, EXPLORING, FIGHTING):
        if says in steps:
            name, stats = says.split(":")[0], steps[says]["frame_ms"]
            drawing = stats["drawing"]
            found.append(Figure(f"{name}: frame p50 (of {stats['n']} frames)", stats["p50"], "ms"))
            found.append(_limit(f"{name}: frame p95", stats["p95"], P95_BUDGET_MS))
            found.append(Figure(f"{name}: frames of play, p50 (of {drawing['n']})", drawing["p50"], "ms"))
            over = drawing["p95"] is not None and drawing["p95"] > P95_BUDGET_MS
            found.append(Figure(f"{name}: frames of play, p95", drawing["p95"], "ms",
                                f"goal {P95_BUDGET_MS:g}" + (" (over, not gated)" if over else "")))
            found.append(_limit(f"{name}: the longest frame", stats["max"], FRAME_LIMIT_MS))
    for says, name in ((FLOOR_CHANGE, "a floor change"), (ZOOM, "the zoomed map (o)")):
        if says in steps:
            found.append(_limit(f"{name}: the longest frame", steps[says]["frame_ms"]["max"], FRAME_LIMIT_MS))
    if ANOTHER_RUN in steps:
        found += _new_run("another new run, from the menu", steps[ANOTHER_RUN])
    return found


def _new_run(name: str, probe: dict[str, Any]) -> list[Figure]:
    """A new run's figures: its loading screen's longest slice, and its longest other frame."""
    others = [(stats["max"], screen) for screen, stats in probe["frame_ms"]["by_screen"].items()
              if screen != "LoadingState" and stats["max"] is not None]
    longest, where = max(others, default=(None, ""))
    return [_limit(f"{name}: the loading screen's longest slice{_note(probe, 'LoadingState')}",
                   screen_stat(probe, "LoadingState", "max"), FRAME_LIMIT_MS),
            _limit(f"{name}: its longest other frame ({where}{_note(probe, where, ': ')})" if where
                   else f"{name}: its longest other frame", longest, FRAME_LIMIT_MS)]


def _note(probe: dict[str, Any], screen: str, joined: str = "") -> str:
    """What the slowest frame of ``screen`` spent its time on, if it says (the loading screen's steps,
    an idle frame's warm-up): `` (note)``, or ``joined`` and the note if given."""
    note = next((n for _, name, n in probe["frame_ms"]["slowest"] if name == screen), "")
    if not note:
        return ""
    return f"{joined}{note}" if joined else f" ({note})"


def _span(marks: dict[str, Any], start: str, end: str) -> float | None:
    return float(marks[end] - marks[start]) if start in marks and end in marks else None


def screen_stat(probe: dict[str, Any], screen: str, stat: str) -> float | None:
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
