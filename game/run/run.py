"""A run as it is played: the ``Game``, and the recording of every command given to it (SPEC SAV-3).

Whatever changes a run goes through ``Run``: the player's (or a bot's) actions with
``perform``, and the interface's own lines in the log ("You see a rat.") with
``note``, since the log is part of the state the digest covers. The recording holds
the seed, how the run began, every command in order, and the digest of the whole
state at every floor change and at the end, so a replay can say where it went out
of sync (``game.run.replay``).

No pygame here: recordings are made and replayed in the browser's runtime too.
"""

from __future__ import annotations

import dataclasses
import zlib
from typing import Any

from game.world.action import Action, Impossible, Result
import game.ai.minds  # noqa: F401 - plugs the monsters' minds into the world's turns
from game.progress import Steps, finish
from game.run.recording import Checkpoint, Recording, decode, encode
from game.world.game import Game, RunParams


def state_mark(game: Game) -> int:
    """One byte summing up a little of the state after a command, for the recording's trace:
    the turn, the floor, every actor's place and health there, the random streams' positions.
    Cheap (microseconds), so it is taken after every command."""
    actors = [(a.eid, a.x, a.y, a.hp) for a in game.floor.actors if a.alive]
    marks = [rng.mark() for rng in game.streams.values()]
    text = f"{game.turn}|{game.floor_key}|{game.player.x},{game.player.y},{game.player.hp}|{actors}|{marks}"
    return zlib.crc32(text.encode("utf-8")) & 0xFF


class Run:
    """A game and its recording, kept in step. Create with ``Run.new`` or ``Run(game, recording)``.

    A floor change leaves a checkpoint: the digest of the whole state. It is taken when the
    recording is next looked at (the save that follows a floor change, the next command,
    an export), not in the frame of the floor change itself, which is the game's busiest.
    The state is the same then: nothing but a command changes it.
    """

    def __init__(self, game: Game, recording: Recording) -> None:
        self.game = game
        if recording.daily is not None:
            from game.run.daily import label, parse_date

            game.heading = f"Daily, {label(parse_date(recording.daily))}"
        self._recording = recording
        self._checkpoint_due = False

    @property
    def recording(self) -> Recording:
        """The recording, with the checkpoint a floor change left taken."""
        return self.recording_for(None)

    def recording_for(self, state: dict[str, Any] | None) -> Recording:
        """``recording``, the checkpoint taken from ``state`` (the game's ``to_dict`` now) if given:
        a save has made it already, and on a phone it costs 20 ms."""
        if self._checkpoint_due:
            self._checkpoint_due = False
            self.checkpoint(state)
        return self._recording

    @classmethod
    def new(cls, seed_text: str, start: str = "island", daily: str | None = None,
            params: RunParams = RunParams(), sight: str = "room") -> Run:
        return finish(cls.new_steps(seed_text, start, daily, params, sight))

    @classmethod
    def new_steps(cls, seed_text: str, start: str = "island", daily: str | None = None,
                  params: RunParams = RunParams(), sight: str = "room") -> Steps[Run]:
        """``new`` in steps for the loading screen (``Game.new_steps``); ``sight``, the run's
        (``"room"`` or ``"tile"``), is kept in its recording."""
        game = yield from Game.new_steps(seed_text, params, sight)
        if start != "island":
            game.start_on(start)
        return cls(game, Recording(seed_text, start, daily, sight))

    @property
    def over(self) -> bool:
        return self.game.over or self.game.won

    def perform(self, action: Action) -> Result:
        """The player's action, recorded. A refusal's reason goes to the log (so a replay
        writes the same log); a floor change leaves a checkpoint."""
        self.recording.commands.append(encode(action))
        result = self.game.perform(action)
        if isinstance(result, Impossible):
            self.game.log.add(result.reason, "bad", self.game.turn)
        self._trace()
        if self.over:
            self.checkpoint()
        elif self.game.floor_changed:
            self._checkpoint_due = True
        return result

    def note(self, text: str, tone: str = "info", quoted: bool = False) -> None:
        """A line the interface adds to the log (what the world did not say itself); ``quoted``:
        read from a recording, so shown as the player's words (``game.world.messages.Message``)."""
        self.recording.commands.append(["note", text, tone])
        self.game.log.add(text, tone, self.game.turn, quoted)
        self._trace()

    def _trace(self) -> None:
        trace = self._recording.trace
        if trace is not None:  # None: a run saved before traces, continued
            trace.append(state_mark(self.game))

    @property
    def last_mark(self) -> int | None:
        """The trace's mark of the state after the last command (None without a trace)."""
        trace = self._recording.trace
        return trace[-1] if trace else None

    def checkpoint(self, state: dict[str, Any] | None = None) -> Checkpoint:
        """``state``: the game's ``to_dict`` as it is now, when the caller has it already (a save)."""
        recording = self._recording
        point = Checkpoint(len(recording.commands), self.game.turn, self.game.floor_key, self.game.digest(state))
        if self.over:
            recording.final = point
        elif not recording.checkpoints or recording.checkpoints[-1].commands != point.commands:
            recording.checkpoints.append(point)
        return point

    def recording_now(self) -> Recording:
        """The recording so far, ending with a checkpoint of the state as it is now (for a file:
        a replay of it checks the very end too)."""
        now = Checkpoint(len(self.recording.commands), self.game.turn, self.game.floor_key, self.game.digest())
        trace = self.recording.trace
        return dataclasses.replace(self.recording, commands=list(self.recording.commands),
                                   checkpoints=list(self.recording.checkpoints), final=now,
                                   trace=None if trace is None else bytearray(trace))

    def apply(self, entry: list[Any]) -> Result | None:
        """Do one recorded command (a replay): an action, or a note (``None``), quoted."""
        if entry[0] == "note":
            self.note(entry[1], entry[2], quoted=True)
            return None
        return self.perform(decode(entry))
