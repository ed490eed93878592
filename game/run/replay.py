"""Playing a recording back and checking it (SPEC SAV-3).

A replay starts the recorded seed afresh, gives it the recorded commands one by
one, and checks each against the recording: after every command its trace (a byte
summing up a little of the state, ``game.run.recording``), and at every recorded
checkpoint (the start, each floor change, and the end) the digest of the whole
state. The first difference stops the replay and is reported with where it
happened: the command's number, the turn and the floor.

    python main.py --replay FILE --headless      check a recording, print one JSON line
    python main.py --replay FILE                  watch it (+/- change the speed, space pauses)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.progress import Steps, finish
from game.run.recording import Checkpoint, Recording
from game.run.run import Run


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
        self._due: dict[int, list[Checkpoint]] = {}
        for point in recording.checkpoints + ([recording.final] if recording.final is not None else []):
            self._due.setdefault(point.commands, []).append(point)
        self._check_due()  # a checkpoint before the first command: the world as it began

    @classmethod
    def start_steps(cls, recording: Recording) -> Steps[Replayer]:
        run = yield from Run.new_steps(recording.seed, recording.start, recording.daily, sight=recording.sight)
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
        entry = self.recording.commands[self.done]
        self.run.apply(entry)
        self.done += 1
        trace = self.recording.trace
        if trace is not None and self.run.last_mark != trace[self.done - 1]:
            game = self.run.game
            self.problem = (f"out of sync at command {self.done} of {len(self.recording.commands)} "
                            f"({_shown(entry)}): the state after it differs from the recording's "
                            f"(the replay is on turn {game.turn} on floor {game.floor_key})")
            return
        self._check_due()

    def _check_due(self) -> None:
        for expected in self._due.get(self.done, ()):
            if self.problem is None:
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


def _shown(entry: list[object]) -> str:
    """A command as a person reads it: ``move 1 0``."""
    return " ".join(str(part) for part in entry)[:60]


def replay(recording: Recording) -> ReplayReport:
    """Replay a whole recording headless and report."""
    replayer = Replayer.start(recording)
    while not replayer.finished:
        replayer.step()
    return replayer.report()
