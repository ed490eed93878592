"""Playing a recording back and checking it (SPEC SAV-3).

A replay starts the recorded seed afresh, gives it the recorded commands one by
one, and at every recorded checkpoint (each floor change, and the end) compares
the digest of the whole state with the recorded one. The first difference is
reported with where it happened: the command's number, the turn and the floor.

    python main.py --replay FILE --headless      check a recording, print one JSON line
    python main.py --replay FILE                  watch it (+/- change the speed, space pauses)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.progress import Steps, finish
from game.run import Checkpoint, Recording, Run


@dataclass(frozen=True)
class ReplayReport:
    ok: bool
    commands: int  # commands replayed
    checked: int  # checkpoints compared
    turn: int
    digest: str
    problem: str | None = None

    def to_dict(self) -> dict[str, object]:
        return {"ok": self.ok, "commands": self.commands, "checked": self.checked, "turn": self.turn,
                "digest": self.digest, "problem": self.problem}


class Replayer:
    """Steps a recording through a fresh run, checking checkpoints as it goes."""

    def __init__(self, recording: Recording, run: Run) -> None:
        self.recording = recording
        self.run = run
        self.done = 0  # commands applied
        self.checked = 0
        self.problem: str | None = None
        self._due = {c.commands: c for c in recording.checkpoints}
        if recording.final is not None:
            self._due[recording.final.commands] = recording.final

    @classmethod
    def start_steps(cls, recording: Recording) -> Steps[Replayer]:
        run = yield from Run.new_steps(recording.seed, recording.start, recording.daily)
        return cls(recording, run)

    @classmethod
    def start(cls, recording: Recording) -> Replayer:
        return finish(cls.start_steps(recording))

    @property
    def finished(self) -> bool:
        return self.problem is not None or self.done >= len(self.recording.commands)

    def step(self) -> None:
        """Apply the next command, then compare the checkpoint recorded there, if any."""
        if self.finished:
            return
        self.run.apply(self.recording.commands[self.done])
        self.done += 1
        expected = self._due.get(self.done)
        if expected is not None:
            self._compare(expected)

    def _compare(self, expected: Checkpoint) -> None:
        game = self.run.game
        self.checked += 1
        digest = game.digest()
        if digest != expected.digest or game.turn != expected.turn or game.floor_key != expected.floor:
            self.problem = (f"out of sync at command {self.done} of {len(self.recording.commands)}: the recording "
                            f"was on turn {expected.turn} on floor {expected.floor} (digest {expected.digest[:12]}), "
                            f"the replay is on turn {game.turn} on floor {game.floor_key} (digest {digest[:12]})")

    def report(self) -> ReplayReport:
        game = self.run.game
        return ReplayReport(self.problem is None, self.done, self.checked, game.turn, game.digest(), self.problem)


def replay(recording: Recording) -> ReplayReport:
    """Replay a whole recording headless and report."""
    replayer = Replayer.start(recording)
    while not replayer.finished:
        replayer.step()
    return replayer.report()
