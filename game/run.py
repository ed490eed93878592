"""A run as it is played: the ``Game``, and the recording of every command given to it (SPEC SAV-3).

Whatever changes a run goes through ``Run``: the player's (or a bot's) actions with
``perform``, and the interface's own lines in the log ("You see a rat.") with
``note``, since the log is part of the state the digest covers. The recording holds
the seed, how the run began, every command in order, and the digest of the whole
state at every floor change and at the end, so a replay can say where it went out
of sync (``game.replay``).

No pygame here: recordings are made and replayed in the browser's runtime too.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from typing import Any

from game import __version__
from game.action import Action, Impossible, Result
from game.content.items import throwable
import game.ai  # noqa: F401 - plugs the monsters' minds into the world's turns
from game.actions import Ascend, CloseDoor, Descend, Fire, Move, PickUp, Throw, UseSlot, Wait
from game.progress import Steps, finish
from game.world.game import Game, RunParams
from game import SAVE_VERSION

RECORDING_FORMAT = "threshold-recording"
RECORDING_VERSION = 1
STARTS = ("island", "dungeon", "vault", "ship")
TONES = ("info", "good", "bad", "notice")
MAX_SEED_LENGTH = 64
"""The longest seed a player can type; longer ones (from a file or a URL) are refused."""

ACTIONS: dict[str, type] = {
    "move": Move, "wait": Wait, "close": CloseDoor, "descend": Descend, "ascend": Ascend,
    "pickup": PickUp, "use": UseSlot, "throw": Throw, "fire": Fire,
}
"""Command names in recordings, and the action each one stands for."""
_NAMES = {kind: name for name, kind in ACTIONS.items()}


class RecordingError(ValueError):
    """A recording that cannot be read: damaged, foreign, or from another version."""


def encode(action: Action) -> list[Any]:
    """``Move(1, 0)`` -> ``["move", 1, 0]``; optional fields are kept, so decoding is exact."""
    name = _NAMES.get(type(action))
    if name is None:
        raise TypeError(f"{action!r} is not a command a recording knows")
    return [name, *dataclasses.astuple(action)]  # type: ignore[call-overload]


def decode(entry: Any) -> Action:
    """The action an encoded command stands for; ``RecordingError`` when it is not one."""
    if not isinstance(entry, list) or not entry or not isinstance(entry[0], str) or entry[0] not in ACTIONS:
        raise RecordingError(f"not a command: {str(entry)[:60]}")
    kind = ACTIONS[entry[0]]
    fields = dataclasses.fields(kind)
    values = entry[1:]
    required = sum(f.default is dataclasses.MISSING for f in fields)
    if not required <= len(values) <= len(fields):
        raise RecordingError(f"{entry[0]} takes {required}-{len(fields)} values, not {len(values)}")
    for spec, value in zip(fields, values):
        wanted = int if spec.type in ("int", int) else str
        if type(value) is not wanted or (wanted is int and abs(value) > 1_000_000):
            raise RecordingError(f"{entry[0]}: {spec.name} is {str(value)[:20]!r}")
        if spec.name == "kind" and not throwable(value):
            raise RecordingError(f"{entry[0]}: {str(value)[:20]!r} is not a thing to throw")
    return kind(*values)


@dataclass(frozen=True)
class Checkpoint:
    """The state after ``commands`` commands: where the player had just arrived, and its digest."""

    commands: int
    turn: int
    floor: str
    digest: str


@dataclass
class Recording:
    seed: str
    start: str = "island"
    daily: str | None = None  # the date of a daily challenge, YYYY-MM-DD
    game_version: str = __version__
    commands: list[list[Any]] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    final: Checkpoint | None = None  # set when the run ends (death, victory) or the file is exported

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORDING_FORMAT, "version": RECORDING_VERSION, "save_version": SAVE_VERSION,
                "game_version": self.game_version, "seed": self.seed, "start": self.start, "daily": self.daily,
                "commands": self.commands, "checkpoints": [list(dataclasses.astuple(c)) for c in self.checkpoints],
                "final": None if self.final is None else list(dataclasses.astuple(self.final))}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Recording:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordingError(f"not a recording (not valid JSON: {error})") from error
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Recording:
        """Checked: a recording of this format and version, every command decodable."""
        if not isinstance(data, dict) or data.get("format") != RECORDING_FORMAT:
            raise RecordingError("not a Threshold recording")
        if data.get("version") != RECORDING_VERSION or data.get("save_version") != SAVE_VERSION:
            raise RecordingError(f"a recording from another version of the game ({data.get('game_version')!r}); "
                                 f"this is {__version__}")
        seed, start, daily = data.get("seed"), data.get("start"), data.get("daily")
        if not isinstance(seed, str) or start not in STARTS or not (daily is None or isinstance(daily, str)):
            raise RecordingError("its seed, start or date is missing or wrong")
        commands = data.get("commands")
        if not isinstance(commands, list):
            raise RecordingError("it has no list of commands")
        for index, entry in enumerate(commands):
            _check_command(entry, index)
        checkpoints = [_checkpoint(c, len(commands)) for c in _as_list(data.get("checkpoints"), "checkpoints")]
        final = None if data.get("final") is None else _checkpoint(data["final"], len(commands))
        return cls(seed, start, daily, str(data.get("game_version")), commands, checkpoints, final)


def _check_command(entry: Any, index: int) -> None:
    if isinstance(entry, list) and len(entry) == 3 and entry[0] == "note":
        if isinstance(entry[1], str) and entry[2] in TONES:
            return
    else:
        try:
            decode(entry)
            return
        except RecordingError as error:
            raise RecordingError(f"command {index + 1}: {error}") from None
    raise RecordingError(f"command {index + 1}: a note that is not [\"note\", text, tone]")


def _as_list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordingError(f"its {what} are not a list")
    return value


def _checkpoint(value: Any, commands: int) -> Checkpoint:
    ok = (isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value[:2])
          and all(isinstance(v, str) for v in value[2:]) and 0 <= value[0] <= commands)
    if not ok:
        raise RecordingError(f"a checkpoint that is not [commands, turn, floor, digest]: {str(value)[:80]}")
    return Checkpoint(*value)


class Run:
    """A game and its recording, kept in step. Create with ``Run.new`` or ``Run(game, recording)``.

    A floor change leaves a checkpoint: the digest of the whole state. It is taken when the
    recording is next looked at (the save that follows a floor change, the next command,
    an export), not in the frame of the floor change itself, which is the game's busiest.
    The state is the same then: nothing but a command changes it.
    """

    def __init__(self, game: Game, recording: Recording) -> None:
        self.game = game
        self._recording = recording
        self._checkpoint_due = False

    @property
    def recording(self) -> Recording:
        """The recording, with the checkpoint a floor change left taken."""
        if self._checkpoint_due:
            self._checkpoint_due = False
            self.checkpoint()
        return self._recording

    @classmethod
    def new(cls, seed_text: str, start: str = "island", daily: str | None = None,
            params: RunParams = RunParams()) -> Run:
        return finish(cls.new_steps(seed_text, start, daily, params))

    @classmethod
    def new_steps(cls, seed_text: str, start: str = "island", daily: str | None = None,
                  params: RunParams = RunParams()) -> Steps[Run]:
        """``new`` in steps for the loading screen (``Game.new_steps``)."""
        game = yield from Game.new_steps(seed_text, params)
        if start != "island":
            game.start_on(start)
        return cls(game, Recording(seed_text, start, daily))

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
        if self.over:
            self.checkpoint()
        elif self.game.floor_changed:
            self._checkpoint_due = True
        return result

    def note(self, text: str, tone: str = "info") -> None:
        """A line the interface adds to the log (what the world did not say itself)."""
        self.recording.commands.append(["note", text, tone])
        self.game.log.add(text, tone, self.game.turn)

    def checkpoint(self) -> Checkpoint:
        recording = self._recording
        point = Checkpoint(len(recording.commands), self.game.turn, self.game.floor_key, self.game.digest())
        if self.over:
            recording.final = point
        elif not recording.checkpoints or recording.checkpoints[-1].commands != point.commands:
            recording.checkpoints.append(point)
        return point

    def recording_now(self) -> Recording:
        """The recording so far, ending with a checkpoint of the state as it is now (for a file:
        a replay of it checks the very end too)."""
        now = Checkpoint(len(self.recording.commands), self.game.turn, self.game.floor_key, self.game.digest())
        return dataclasses.replace(self.recording, commands=list(self.recording.commands),
                                   checkpoints=list(self.recording.checkpoints), final=now)

    def apply(self, entry: list[Any]) -> Result | None:
        """Do one recorded command (a replay): an action, or a note (``None``)."""
        if entry[0] == "note":
            self.note(entry[1], entry[2])
            return None
        return self.perform(decode(entry))
