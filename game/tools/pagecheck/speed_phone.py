"""More browser figures: the play the ``SPEED`` journey does not reach (sight by the tile, the trap
vault, the derelict deck), on the desktop's canvas, and all of it again on a mid-range phone.

``MORE`` plays, on the 1280x720 canvas, a run that sees by the tile (walking, exploring), then
the same run on a trap vault's floor and on a deck's (walking, exploring). ``PHONE`` plays the
``SPEED`` journey and ``MORE``'s activities on a 390x844 page with Chromium's CPU throttled 4
times (``run-game --cpu-throttle 4``): a fair stand-in for a mid-range phone held upright. Its
waits are longer (the phone is slower), and each activity still measures only its own frames.
Last, it times what a canvas at 2 or 3 pixels a CSS pixel would cost (``canvas_scale``).

The goals (SPEC WEB-8, and the phone's): the frames of play (that draw or play a turn) at p95 <= 8 ms on the desktop
canvas and <= 16.7 ms on the phone, no frame of play over 100 ms on the phone, a new run's and a
new floor's slices within 100 ms there too. They are printed beside each figure, not gated:
``pagecheck --only speed-more`` and ``--only speed-phone`` measure where the game stands.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.tools.pagecheck.canvas_scale import READ as MEASURE_CANVAS, lines as canvas_figures
from game.tools.pagecheck.journey import GAME, SETTLE, Journey, JourneyResult, Step, both, holds, run_where
from game.tools.pagecheck.journeys import APP, first_frame, py
from game.tools.pagecheck.speed_figures import (ANOTHER_RUN, EXPLORING, FIGHTING, FLOOR_CHANGE, NEW_RUN, SPEED, WALKING,
                                                ZOOM, Figure, measured_step, screen_stat)

DESKTOP_GOAL_MS = 8.0
PHONE_GOAL_MS = 16.7
PHONE_LIMIT_MS = 100.0
PHONE_SIZE = (390, 844)
PHONE_THROTTLE = 4
STURDY = (py(f"setattr({GAME}.player, 'max_hp', 10 ** 6)"), py(f"setattr({GAME}.player, 'hp', 10 ** 6)"))
"""The player cannot die: a vault's traps and a deck's vacuum would end the activities early."""
BY_THE_TILE = py(f"setattr({APP}, 'settings', __import__('dataclasses').replace({APP}.settings, sight='tile'))")
"""New runs see by the tile (the option, set for this page only)."""

WALKING_TILE = "by the tile, walking: ten steps"
EXPLORING_TILE = "by the tile, exploring: x"
VAULT = "the trap vault, walking: ten steps"
DECK = "the derelict deck, exploring: x"
TEN_STEPS = ("press ArrowLeft", "wait 0.3", "press ArrowRight", "wait 0.3") * 5

ABANDON = ("press Escape", "press ArrowDown x4", "press Enter", "press ArrowDown", "press Enter", SETTLE)
"""From a run to the title: Esc, Abandon, yes."""


def _tile_run(leave: tuple[str, ...] = ()) -> Step:
    """From the title (after ``leave``), a new run of seed 7 that sees by the tile, into its first dungeon."""
    return Step("a new run seeing by the tile (seed 7), into its first dungeon", (
        *leave, BY_THE_TILE, "press ArrowDown x2", "press Enter", "type 7", "press Enter", SETTLE, "press >", SETTLE,
        "press >", SETTLE, *STURDY), both(run_where(kind="dungeon"), holds(lambda p, _: p["read"] == "tile",
                                                                         "the run does not see by the tile")),
        read=f"{GAME}.sight")


_MORE_STEPS = [
    measured_step(WALKING_TILE, TEN_STEPS),
    measured_step(EXPLORING_TILE, ("press x", "wait 6")),
    Step("the run goes to its trap vault", (py(f"{GAME}.start_on('vault')"), SETTLE, *STURDY), run_where(kind="vault")),
    measured_step(VAULT, TEN_STEPS),
    Step("the run goes to its derelict deck", (py(f"{GAME}.start_on('ship')"), SETTLE, *STURDY),
         run_where(kind="ship")),
    measured_step(DECK, ("press x", "wait 6")),
]

MORE = Journey("speed-more", "frame times in the page: sight by the tile, the trap vault, the derelict deck",
               [Step("open the page: the title's first frame", first_frame(), None), _tile_run(), *_MORE_STEPS])


def _slower(step: Step, factor: float) -> Step:
    """``step`` for a slower machine: each of its waits ``factor`` times as long."""
    do = tuple(f"wait {float(line.split()[1]) * factor:g}" if line.startswith("wait ") else line for line in step.do)
    return replace(step, do=do)


CANVAS = "a sharper canvas: flip and copy at 1, 2 and 3 canvas pixels a CSS pixel"
PHONE = Journey("speed-phone", "frame times in the page on a phone: 390x844, the CPU throttled 4 times", [
    Step("open the page: the title's first frame", first_frame("tap"), None),
    *(_slower(step, PHONE_THROTTLE) for step in SPEED.steps[1:]),
    _tile_run(ABANDON), *(_slower(step, PHONE_THROTTLE) for step in _MORE_STEPS),
    Step(CANVAS, (), holds(lambda p, _: isinstance(p["read"], dict), "the canvas was not measured"),
         read=MEASURE_CANVAS)],
    size=PHONE_SIZE, cpu_throttle=PHONE_THROTTLE, timeout=900)

PLAY = (WALKING, EXPLORING, FIGHTING, WALKING_TILE, EXPLORING_TILE, VAULT, DECK)
"""The activities of play, by the names of the steps that measure them."""


def figures(result: JourneyResult, goal_ms: float, limit_ms: float | None) -> list[Figure]:
    """Each activity's frames of play (p50, p95 against ``goal_ms``) and its longest frame
    (against ``limit_ms``, if any); a new run's and a floor change's longest frames too."""
    steps = {step.says: probe for step, probe in zip(result.journey.steps, result.probes)}
    found: list[Figure] = []
    for says in PLAY:
        if says not in steps:
            continue
        name, stats = says.split(":")[0], steps[says]["frame_ms"]
        drawing = stats["drawing"]
        found.append(Figure(f"{name}: frames of play, p50 (of {drawing['n']})", drawing["p50"], "ms"))
        found.append(_goal(f"{name}: frames of play, p95", drawing["p95"], goal_ms))
        if limit_ms is not None:
            found.append(_goal(f"{name}: the longest frame", stats["max"], limit_ms))
    for says in (NEW_RUN, FLOOR_CHANGE, ZOOM, ANOTHER_RUN):
        if says in steps and limit_ms is not None:
            found.append(_goal(f"{says.split(':')[0]}: the longest frame{_where(steps[says])}", _longest(steps[says]),
                               limit_ms))
    if CANVAS in steps:
        found += [Figure(what, value, "ms") for what, value in canvas_figures(steps[CANVAS].get("read"))]
    return found


def _where(probe: dict[str, Any]) -> str:
    """Which screen the slowest frame was on, and what it did where it says (" (PlayState: a save made)")."""
    slowest = probe["frame_ms"].get("slowest") or []
    if not slowest:
        return ""
    _, screen, note = slowest[0]
    return f" ({screen}{': ' + note if note else ''})"


def _longest(probe: dict[str, Any]) -> float | None:
    loading = screen_stat(probe, "LoadingState", "max")
    longest = probe["frame_ms"]["max"]
    return longest if loading is None else max(loading, longest or 0.0)


def _goal(what: str, value: float | None, goal: float) -> Figure:
    """A figure beside its goal, printed: over it, it says so, and it does not fail the check."""
    over = value is not None and value > goal
    return Figure(what, value, "ms", f"goal {goal:g}" + (" (over, not gated)" if over else ""))
