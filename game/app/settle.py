"""Letting the running game settle in real time: what the page's checks wait on (SPEC WEB-6).

A step of ``python -m game.tools.pagecheck`` presses a key in the page, then looks at the game
once what the key began is over: a run loaded, a walk ended (a click's, exploring, travel to
the stairs), the flight and blast of a thrown bomb shown, the save of a floor change written.
``settle`` plays the app's frames itself until then, on the app's own clock, and says what it
waited for and how long. The page calls it from an ``eval-py`` line, which runs synchronously
between two of the page's frames: its loop then carries on as before, at the same time of day.

``game.app.script`` settles the same way, on a simulated clock it installs for good (a key
script's frames are then 100 ms each): right for a scripted run, wrong in a page that goes on
in real time afterwards, so this module never touches the clock.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.state import State

LIMIT_MS = 30_000.0
"""The longest a settle waits (real time): a floor's exploring takes 1-3 s in the page, a new
run's loading 1-3 s; past this something is stuck, and the step after it says what."""
UNSETTLED = "not settled"
"""In a ``Settled``'s text when the limit came first (the page's checks look for it)."""


@dataclass(frozen=True)
class Settled:
    """How a settle ended: the screen then, the frames played and the real time they took,
    and what the game was still doing if the limit came first (None: it had settled)."""

    screen: str
    frames: int
    ms: float
    busy: str | None = None

    @property
    def ok(self) -> bool:
        return self.busy is None

    def __str__(self) -> str:
        spent = f"{self.frames} frame{'' if self.frames == 1 else 's'}, {self.ms:.0f} ms"
        if self.ok:
            return f"{self.screen} settled after {spent}"
        return f"{self.screen} {UNSETTLED}: still {self.busy} after {spent}"


def working(state: State) -> str | None:
    """What a screen is still doing by itself that play depends on: "loading" (the loading
    screen), "walking" (a walk under way); None when neither."""
    from game.app.loading import LoadingState

    if isinstance(state, LoadingState):
        return "loading"
    if getattr(state, "walk", None) is not None:
        return "walking"
    return None


def busy(app: App) -> str | None:
    """What the game is still doing by itself: ``working``, or "saving" (a save due at the next
    frame, as after a floor change), or "animating" (a slide of the play screen, a thrown thing's
    flight, a blast), or "opening" (the end screen, deaf to keys for a moment so that a key held
    while dying does not skip it); None when it waits for the player. The flicker of flames never
    ends, so it does not count; neither does a screen's idle blink (the seed entry's cursor)."""
    from game.app.states import GRACE_MS, GameOverState

    state = app.state
    doing = working(state)
    if doing is not None:
        return doing
    if app.runs.saving:
        return "saving"
    view = getattr(state, "view", None)
    now = app.now_ms()
    if view is not None and (view.motion.busy(now) or view.effects.busy(now)):
        return "animating"
    if isinstance(state, GameOverState) and (state.opened_ms is None or now - state.opened_ms < GRACE_MS):
        return "opening"
    return None


def settle(app: App, limit_ms: float = LIMIT_MS, least: int = 1) -> Settled:
    """Play ``app``'s frames until ``busy`` says nothing (after at least ``least`` frames, so that
    an event just delivered, or a change made from outside the loop, is taken), or until
    ``limit_ms`` of real time have passed, or the app stops running (then nothing more happens).

    The frames are those of ``main.py``'s loop without the hand-back to the browser: ``App.pace``
    caps them at the desktop's frame rate; in the browser nothing does (the page paces its loop,
    and no blocking sleep is allowed there), so they run back to back. That only draws more
    often: walks and animations go by the clock, not by frames."""
    started = time.perf_counter()
    frames = 0
    while app.running:
        elapsed = (time.perf_counter() - started) * 1000.0
        if frames >= least and busy(app) is None:
            break
        if elapsed >= limit_ms:
            return Settled(type(app.state).__name__, frames, elapsed, busy(app))
        app.frame()
        app.pace()
        frames += 1
    return Settled(type(app.state).__name__, frames, (time.perf_counter() - started) * 1000.0)
