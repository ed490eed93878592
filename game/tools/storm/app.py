"""The storm's app (``game.tools.storm``): one layout's ``App``, driven frame by frame with the
weather's events in simulated time, through the screens of ``game.tools.storm.visits``; every
time the app's safety net shows the error screen, what raised, where, and after which event.

The event that did it is known: the frame calls ``App._platform_event`` before it hands each
event to the screen, and the storm, wrapping it, keeps the last one (a screen that answers an
event with no screen raises there, ``game.app.app.next_screen``).
"""

from __future__ import annotations

import contextlib
import io
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from game.tools.storm.visits import ENDING_VISITS, VISITS

if TYPE_CHECKING:
    from game.render.layout import Layout

STARTS = {"island": "overworld", "dungeon": "dungeon", "vault": "vault", "ship": "ship"}
"""``--start`` -> the kind of floor it begins on."""
STEP_MS = (16, 16, 17, 33, 50, 100, 250)
"""Simulated time between frames: a busy frame rate, a slow one, and a stall."""


@dataclass
class Found:
    """One error screen: what raised, where, on which screen and after which events."""

    error: str
    where: str
    screen: str
    place: str
    trigger: str
    events: list[str]
    traceback: str
    count: int = 1


@dataclass
class Tally:
    """What a storm did and found, over all its layouts."""

    events: int = 0
    frames: int = 0
    errors: int = 0
    quits: int = 0
    runs: int = 0
    visits: int = 0
    screens: Counter = field(default_factory=Counter)
    places: dict[str, set[str]] = field(default_factory=dict)  # "desktop island room" -> screens seen there
    found: dict[tuple[str, str], Found] = field(default_factory=dict)


def _layout(name: str) -> Layout:
    from game.render.layout import LANDSCAPE, phone

    return {"desktop": LANDSCAPE, "upright": phone(390, 844), "sideways": phone(844, 390)}[name]


def screen_name(state: Any) -> str:
    """The screen on show: ``PlayState`` (``:walk`` or ``:zoomed`` while it walks or shows the
    whole floor), ``VerbScreen:question`` for the question before harm, ``HelpState:play`` for
    the help over a run, else the screen's class."""
    name = type(state).__name__
    if name == "VerbScreen" and type(state.menu).__name__ == "Question":
        return f"{name}:question"
    if name == "HelpState" and hasattr(state.under, "game"):
        return f"{name}:play"
    if name != "PlayState":
        return name
    for part, on in (("zoomed", state.zoomed), ("walk", state.walk is not None)):
        if on:
            return f"{name}:{part}"
    return name


class Storm:
    """One layout's app, blown through every floor kind, sight and screen."""

    def __init__(self, rng: random.Random, tally: Tally, save_dir: str, layout: str) -> None:
        from game.app.app import App
        from game.app.options import Options
        from game.app.script import simulated_clock
        from game.render import layout as layouts
        from game.tools.storm.events import Weather

        self.rng, self.tally, self.layout = rng, tally, layout
        layouts.LAYOUTS[f"storm-{layout}"] = _layout(layout)
        try:
            self.app = App(Options(fps=0, save_dir=save_dir, layout=f"storm-{layout}"))
        finally:
            del layouts.LAYOUTS[f"storm-{layout}"]
        self.clock = simulated_clock(self.app)
        self.handled: tuple[Any, str] | None = None  # the event handled last in this frame, and by which screen
        self._platform_event = self.app._platform_event
        # the storm listens in on this one app's events: patching an instance's method is the point here
        self.app._platform_event = self._handling  # type: ignore[method-assign]
        self.weather = Weather(rng)
        self.play: Any = None  # the play screen of the run on show, when there is one
        self.place = layout
        self.failing = False  # the last frame reached the error screen
        self.shown: Any = None  # the error screen last counted

    # --- frames ------------------------------------------------------------------------------
    def _handling(self, event: Any) -> None:
        """The app's own ``_platform_event``, which the frame calls before each event goes to the
        screen: the event, and the screen it goes to, kept."""
        self.handled = (event, screen_name(self.app.state))
        self._platform_event(event)

    def frame(self, events: list[Any]) -> None:
        """Post ``events``, run one frame of simulated time, and see what it reached."""
        import pygame

        from game.app.error_screen import ErrorState

        for event in events:
            pygame.event.post(event)
        before = screen_name(self.app.state)
        self.clock[0] += self.rng.choice(STEP_MS)
        caught = io.StringIO()
        self.handled = None
        with contextlib.redirect_stderr(caught):
            self.app.frame()
        self.tally.frames += 1
        self.tally.events += len(events)
        state = self.app.state
        if isinstance(state, ErrorState) and state is not self.shown:
            self.shown = state
            self._error(state, before, events, caught.getvalue())
            return
        self.failing = False
        if not self.app.running:  # the title's Quit (the desktop's): not a bug, the storm goes on
            self.tally.quits += 1
            self.app.running = True
            self.app.state = self.app.title()
        self.settle()

    def _seen(self) -> None:
        from game.app.play import PlayState

        state = self.app.state
        name = screen_name(state)
        self.tally.screens[name] += 1
        self.tally.places.setdefault(self.place, set()).add(name)
        if type(state) is PlayState:
            self.play = state

    def _error(self, state: Any, before: str, events: list[Any], printed: str) -> None:
        """Count it, keep its first traceback, and go on as a player would: *Carry on* when the
        screen offers it (and it did not just fail again), else the title."""
        self.tally.errors += 1
        start = printed.rfind("Traceback (most recent call last)")
        trace = printed[start:] if start >= 0 else state.report
        lines = [line for line in trace.strip().splitlines() if line.strip()]
        error = lines[-1] if lines else state.message
        where = next((line.strip() for line in reversed(lines) if line.strip().startswith('File "')), "")
        trigger = f"{self.handled[0]} on {self.handled[1]}" if self.handled else "no event (the screen's update)"
        key = (error[:160], where)
        if key in self.tally.found:
            self.tally.found[key].count += 1
        else:
            self.tally.found[key] = Found(error, where, before, self.place, trigger, [str(e) for e in events], trace)
        carry = state.failed is not None and not self.failing
        self.failing = True
        self.app.state = state.failed if carry else self.app.title()
        if not carry:
            self.play = None

    def settle(self) -> None:
        """A loading screen ignores input and takes as many frames as the machine's speed makes
        it: it is let finish without events (and without time passing), so a storm is the same
        on any machine."""
        from game.app.loading import LoadingState

        while isinstance(self.app.state, LoadingState):
            with contextlib.redirect_stderr(io.StringIO()):
                self.app.frame()
        self._seen()

    def blow(self, until: float) -> None:
        """Random events, frame by frame, wherever they lead, until ``until`` events in all
        have blown (at least one frame of them)."""
        start = self.tally.events
        while self.tally.events == start or self.tally.events < until:
            self.frame(self.weather.batch(self.app.state))

    # --- the runs and screens ------------------------------------------------------------------
    def run_for(self, start: str, sight: str) -> Any:
        """The play screen of a run on ``start``'s kind of floor seen by ``sight``: the one on
        show if it is one, else a new one."""
        from game.app.play import PlayState

        play = self.play
        if (play is not None and type(play) is PlayState and play.run is self.app.run and not play.run.over
                and play.game.floor.level.kind == STARTS[start] and play.game.sight == sight):
            play.walk, play.zoomed = None, False
            return play
        if self.app.settings.sight != sight:
            self.app.change_settings(replace(self.app.settings, sight=sight))
        self.tally.runs += 1
        self.app.state = self.app.runs.start_run(str(self.rng.randrange(10**9)), start=start)
        self.settle()
        self.play = self.app.state
        return self.app.state

    def visit(self, start: str, sight: str, each: float, ending: str) -> None:
        """Every screen of ``VISITS`` in turn on this run's kind of floor, about ``each`` events
        each; the last, ``ending``: "death" or "victory"."""
        from game.app.states import GRACE_MS

        self.place = f"{self.layout} {start} {sight}"
        for name, enter in VISITS:
            if name in ENDING_VISITS and name != ending:
                continue
            play = self.run_for(start, sight)
            with contextlib.redirect_stderr(io.StringIO()):
                entered = enter(self, play)
            self.app.state = entered if entered is not None else play
            self._seen()  # reached (a walk may end in its first frame: a monster came into view)
            self.frame([])  # drawn once, so its rectangles are known to the weather
            if name in ENDING_VISITS:
                self.clock[0] += GRACE_MS  # past the keys it ignores at first (a key held while dying)
            self.tally.visits += 1
            self.blow(self.tally.visits * each)
