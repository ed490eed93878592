"""The run in progress, as the app keeps it: starting, continuing, saving and ending it.

The app's ``runs`` (``game.app.app``): a new run or a saved one is made behind the loading
screen; the run on screen is saved on every floor change and every ``AUTOSAVE_TURNS``
turns; death, victory or abandoning end it (one life, one save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.run_steps import continue_steps, new_run_steps
from game.storage.storage import StorageError

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.state import State
    from game.run.run import Run

AUTOSAVE_TURNS = 50
"""Turns between saves within a floor (a floor change always saves): what a crash or a
closed tab can lose at most, where the platform does not say it is closing."""
AUTOSAVE_LATEST = 4 * AUTOSAVE_TURNS
"""An autosave waits for a frame with nothing else to do (a walk's frames are full: on a phone
making a save took 14 ms and writing it 17-26), for this many turns after the last save at most."""


class RunKeeper:
    """The app's runs: ``app.run`` is the run in progress, kept in ``app.saves``."""

    def __init__(self, app: App, launch_start: str) -> None:
        self.app = app
        self.saved_turn = 0  # the turn of the last save
        self.save_due = False  # a save at the start of a frame (``takes_frame``)
        self._pressing = False  # the save due is a new run's or a floor change's: made and written at once
        self._made: tuple[Run, str, int] | None = None  # a save made, written next frame: its run, text and turn
        self._stepped_in = -1  # the frame (``App.frames``) of the last ``save_step``
        self.new_run = False  # the run on screen replaced another and has not been saved yet
        self.launch_start = launch_start  # ``--start`` (or the page's ``?start=``) until the first run has used it

    def start_run(self, seed_text: str, autoplay: bool = False, daily: str | None = None,
                  start: str | None = None) -> State:
        """The loading screen of a new run; the play screen once the world is made.
        A saved run that cannot be read is set aside first (kept, never overwritten).
        ``start``: where it begins ("island", "dungeon", "vault", "ship"); by default the launch
        option's for the first run begun, then the island (launch options apply to one run)."""
        from game.app.loading import LoadingState

        info = self.app.saves.info()
        if info is not None and (info.problem or info.damaged):
            try:
                self.app.saves.set_aside()
            except StorageError as problem:
                self.app.say(f"The old save could not be set aside: {problem}")
        shown = seed_text if len(seed_text) <= 48 else seed_text[:47] + "…"
        heading = "The daily challenge" if daily else "A new run"
        if start is None:
            start, self.launch_start = self.launch_start, "island"
        return LoadingState(self.app, new_run_steps(self.app, seed_text, autoplay, daily, start), heading, f"Seed {shown}")

    def start_daily(self, day: str = "today", ask: bool = False) -> State:
        """Today's (or ``day``'s) daily: its saved run if that is the one saved, else a new one
        (with ``ask``, only once the player agrees to give up another saved run)."""
        from game.app.menus import new_run
        from game.run.daily import daily_seed, parse_date, today

        date = today() if day == "today" else parse_date(day)
        info = self.app.saves.info()
        if info is not None and info.usable and info.daily == date.isoformat():
            return self.continue_run()
        if ask:
            return new_run(self.app, daily_seed(date), self.app.title, daily=date.isoformat())
        return self.start_run(daily_seed(date), daily=date.isoformat())

    def start_daily_named(self, day: str = "today", ask: bool = False) -> State:
        """``start_daily``, after the board's name is asked for when a board is set and none is
        kept yet (a daily's attempt is the name's)."""
        from game.app.board_screen import name_first

        first = name_first(self.app, self.app.title(), lambda: self.start_daily(day, ask))
        return first if first is not None else self.start_daily(day, ask)

    def continue_run(self) -> State:
        """The saved run, exactly where it was; a clear message if it cannot be read."""
        from game.app.loading import LoadingState

        self.launch_start = "island"  # the run shown first is this one: --start is spent
        info = self.app.saves.info()
        seed = f"Seed {info.seed}" if info is not None and info.seed else ""
        return LoadingState(self.app, continue_steps(self.app), "Continuing your run", seed)

    def begin(self, run: Run, new_run: bool = False) -> None:
        """``run`` is the run in progress now (``new_run``: a new one, replacing any other)."""
        self.app.run, self.saved_turn = run, run.game.turn
        self.save_due, self.new_run, self._made, self._pressing = True, new_run, None, True

    def after_action(self, run: Run) -> None:
        """After every action of a run on screen: its sounds; and, for the run in progress,
        a save on every floor change and every ``AUTOSAVE_TURNS`` turns."""
        game = run.game
        if game.cues:
            self.app.audio.play_all(game.cues)
            game.cues.clear()
        newest = self._made[2] if self._made is not None else self.saved_turn  # (made, to be written)
        if run is self.app.run and not run.over and (
                game.floor_changed or game.turn - newest >= AUTOSAVE_TURNS):
            self.save_due = True  # at the start of a frame: not in the frame that draws a new floor
            self._pressing |= game.floor_changed

    @property
    def saving(self) -> bool:
        """A save is due, or made and not written yet (``save_step``)."""
        return self.save_due or self._made is not None

    def takes_frame(self, idle: bool) -> bool:
        """Whether this frame takes the next piece of the save due (``save_step``): a new run's or
        a floor change's at once (SAV-1); an autosave in a frame with nothing else to do (``idle``:
        nothing moves, nothing was pressed), or in any once ``AUTOSAVE_LATEST`` turns late."""
        run = self.app.run
        late = run is not None and run.game.turn - self.saved_turn >= AUTOSAVE_LATEST
        return self.saving and (idle or self._pressing or late)

    def save_step(self) -> str:
        """The save due, a piece at the start of a frame: the run made into text in one frame,
        written in the next (on a throttled phone the two took 100 ms together). What it did."""
        run, self._stepped_in = self.app.run, self.app.frames
        if self._made is None:
            self.save_due = False
            if run is None or run.over:
                self._pressing = False
                return ""
            self._made = (run, self.app.saves.save_text(run), run.game.turn)
            return "a save made"
        (made_for, text, turn), self._made, self._pressing = self._made, None, False
        if made_for is run and not run.over:  # (not a run that ended or was replaced since)
            self._write(text, turn)
        return "a save written"

    @property
    def saved_this_frame(self) -> bool:
        """Whether this frame made or wrote a piece of a save (``save_step``): a walk then takes no
        step in it (``game.app.play_walks``), so the frame holds the save, not a turn as well."""
        return self._stepped_in == self.app.frames

    def save_run(self) -> bool:
        """Save the run in progress now; a refusal (storage full, disk read-only) is shown, not raised."""
        run = self.app.run
        if run is None or run.over:
            return False
        self._made, self.save_due, self._pressing = None, False, False  # older than this save, or this save itself
        return self._write(self.app.saves.save_text(run), run.game.turn)

    def _write(self, text: str, turn: int) -> bool:
        try:
            self.app.saves.write(text, new_run=self.new_run)
        except StorageError as problem:
            self.app.say(f"Not saved: {problem}", 6000)
            return False
        self.saved_turn, self.new_run = turn, False
        return True

    def end_run(self, run: Run) -> None:
        """Death, victory or abandoning: one life, so the save goes; the recording stays."""
        if run is not self.app.run:
            return
        self.app.run, self._made, self.save_due, self._pressing = None, None, False, False
        try:
            self.app.saves.end(run)
        except StorageError as problem:
            self.app.say(f"The run's end was not recorded: {problem}", 6000)
