"""The run in progress, as the app keeps it: starting, continuing, saving and ending it.

A base of ``App`` (``game.app.app``): a new run or a saved one is made behind the loading
screen; the run on screen is saved on every floor change and every ``AUTOSAVE_TURNS``
turns; death, victory or abandoning end it (one life, one save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.run_steps import continue_steps, new_run_steps
from game.storage.storage import StorageError

if TYPE_CHECKING:
    from game.app.state import State
    from game.run.run import Run
    from game.run.saves import Saves

AUTOSAVE_TURNS = 50
"""Turns between saves within a floor (a floor change always saves): what a crash or a
closed tab can lose at most, where the platform does not say it is closing."""


class RunKeeper:
    """Runs for the app: ``saves`` and ``say`` are the app's own."""

    saves: Saves
    run: Run | None
    _saved_turn: int
    _save_due: bool
    _new_run: bool  # the run on screen replaced another and has not been saved yet
    launch_start: str  # ``--start`` (or the page's ``?start=``) until the first run has used it

    def start_run(self, seed_text: str, autoplay: bool = False, daily: str | None = None,
                  start: str | None = None) -> State:
        """The loading screen of a new run; the play screen once the world is made.
        A saved run that cannot be read is set aside first (kept, never overwritten).
        ``start``: where it begins ("island", "dungeon", "vault", "ship"); by default the launch
        option's for the first run begun, then the island (launch options apply to one run)."""
        from game.app.loading import LoadingState

        info = self.saves.info()
        if info is not None and (info.problem or info.damaged):
            try:
                self.saves.set_aside()
            except StorageError as problem:
                self.say(f"The old save could not be set aside: {problem}")
        shown = seed_text if len(seed_text) <= 48 else seed_text[:47] + "…"
        heading = "The daily challenge" if daily else "A new run"
        if start is None:
            start, self.launch_start = self.launch_start, "island"
        return LoadingState(self, new_run_steps(self, seed_text, autoplay, daily, start), heading, f"Seed {shown}")

    def start_daily(self, day: str = "today", ask: bool = False) -> State:
        """Today's (or ``day``'s) daily: its saved run if that is the one saved, else a new one
        (with ``ask``, only once the player agrees to give up another saved run)."""
        from game.app.menus import new_run
        from game.run.daily import daily_seed, parse_date, today

        date = today() if day == "today" else parse_date(day)
        info = self.saves.info()
        if info is not None and info.usable and info.daily == date.isoformat():
            return self.continue_run()
        if ask:
            return new_run(self, daily_seed(date), self.title, daily=date.isoformat())
        return self.start_run(daily_seed(date), daily=date.isoformat())

    def continue_run(self) -> State:
        """The saved run, exactly where it was; a clear message if it cannot be read."""
        from game.app.loading import LoadingState

        self.launch_start = "island"  # the run shown first is this one: --start is spent
        info = self.saves.info()
        seed = f"Seed {info.seed}" if info is not None and info.seed else ""
        return LoadingState(self, continue_steps(self), "Continuing your run", seed)

    def begin(self, run: Run, new_run: bool = False) -> None:
        """``run`` is the run in progress now (``new_run``: a new one, replacing any other)."""
        self.run, self._saved_turn = run, run.game.turn
        self._save_due, self._new_run = True, new_run

    def after_action(self, run: Run) -> None:
        """After every action of a run on screen: its sounds; and, for the run in progress,
        a save on every floor change and every ``AUTOSAVE_TURNS`` turns."""
        game = run.game
        if game.cues:
            self.audio.play_all(game.cues)
            game.cues.clear()
        if run is self.run and not run.over and (
                game.floor_changed or game.turn - self._saved_turn >= AUTOSAVE_TURNS):
            self._save_due = True  # at the start of the next frame: not in the frame that draws a new floor

    def save_run(self) -> bool:
        """Save the run in progress; a refusal (storage full, disk read-only) is shown, not raised."""
        if self.run is None or self.run.over:
            return False
        try:
            self.saves.save(self.run, new_run=self._new_run)
        except StorageError as problem:
            self.say(f"Not saved: {problem}", 6000)
            return False
        self._saved_turn, self._new_run = self.run.game.turn, False
        return True

    def end_run(self, run: Run) -> None:
        """Death, victory or abandoning: one life, so the save goes; the recording stays."""
        if run is not self.run:
            return
        self.run = None
        try:
            self.saves.end(run)
        except StorageError as problem:
            self.say(f"The run's end was not recorded: {problem}", 6000)
