"""The recording of a run (SPEC SAV-3): its seed, every command in order, and checks of the state.

Two kinds of check let a replay say where it went out of sync:

- a **checkpoint**, the digest of the whole state, at every floor change and at the end
  (``Checkpoint``): exact, and costly (the state is hashed whole);
- a **trace**, one byte per command (``Recording.trace``), a checksum of a little of the
  state after that command (the turn, the floor, the actors' places and health, the random
  streams' positions; ``game.run.run.state_mark``): cheap enough for every command, as Brogue
  checks its random generator every turn, so a replay stops at the first command whose
  result differs (a desync survives one command unseen with odds of 1 in 256).

A recording is read strictly (``Recording.from_dict``): anything that is not exactly what
the game writes is a ``RecordingError``, including a checkpoint no replay can reach.

No pygame here: recordings are made and replayed in the browser's runtime too.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field
from typing import Any

from game import SAVE_VERSION, __version__
from game.world.action import Action
from game.world.actions import (Ascend, ChooseBoon, CloseDoor, Descend, Drop, Enchant, Fire, FreeCaptive, Identify, Move,
                                OrderAllies, PickUp, Throw, UseSlot, Wait, Zap)
from game.content.items import throwable, zappable

RECORDING_FORMAT = "threshold-recording"
RECORDING_VERSION = 3
"""2: potions and scrolls (identification, enchanting), captives and allies change the floors and add
commands (enchant, identify, free, order); melee by the blunting, weapon styles and fleeing rules
(SPEC CMB-1..CMB-11); staffs, wands and charms (zap); a recording of 1 replays otherwise.
3: a fallen Warden offers boons (the command boon, SPEC GRW-1), and every dungeon floor holds a
scroll of enchanting: a recording of 2 replays otherwise."""
STARTS = ("island", "dungeon", "vault", "ship")
TONES = ("info", "good", "bad", "notice")
SIGHTS = ("room", "tile")  # game.world.tile_sight.SIGHT_MODES
MAX_NOTE = 300
"""The longest note a recording may hold: the game's own are one or two lines; a replay shows a
note as the player's words (``game.world.messages.Message.quoted``), never as the game's."""
MAX_SEED_LENGTH = 64
"""The longest seed a player can type; longer ones (from a file or a URL) are refused."""

ACTIONS: dict[str, type] = {
    "move": Move, "wait": Wait, "close": CloseDoor, "descend": Descend, "ascend": Ascend,
    "pickup": PickUp, "use": UseSlot, "throw": Throw, "fire": Fire, "drop": Drop, "zap": Zap,
    "enchant": Enchant, "identify": Identify, "free": FreeCaptive, "order": OrderAllies, "boon": ChooseBoon,
}
"""Command names in recordings, and the action each one stands for. A new command is a new name
(``["drop", 2]``): how the others are written never changes, so older recordings replay."""
_NAMES = {kind: name for name, kind in ACTIONS.items()}


class RecordingError(ValueError):
    """A recording that cannot be read: damaged, foreign, or from another version."""


def encode(action: Action) -> list[Any]:
    """``Move(1, 0)`` -> ``["move", 1, 0]``; optional fields are kept, so decoding is exact."""
    name = _NAMES.get(type(action))
    if name is None:
        raise TypeError(f"{action!r} is not a command a recording knows")
    # every command in ACTIONS is a dataclass; the Action protocol cannot say so
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
        if spec.type in ("int", int):
            if type(value) is not int or abs(value) > 1_000_000:
                raise RecordingError(f"{entry[0]}: {spec.name} is {str(value)[:20]!r}")
        elif type(value) is not str:
            raise RecordingError(f"{entry[0]}: {spec.name} is {str(value)[:20]!r}")
        elif spec.name == "kind" and not throwable(value):  # the thing thrown (a str field)
            raise RecordingError(f"{entry[0]}: {str(value)[:20]!r} is not a thing to throw")
        elif kind is Zap and spec.name == "item" and not zappable(value):  # the staff or wand zapped
            raise RecordingError(f"{entry[0]}: {str(value)[:20]!r} is not a thing to zap")
    action: Action = kind(*values)
    return action


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
    sight: str = "room"  # how the run sees ("room", "tile": game.world.tile_sight); written when "tile"
    game_version: str = __version__
    commands: list[list[Any]] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    final: Checkpoint | None = None  # set when the run ends (death, victory) or the file is exported
    trace: bytearray | None = field(default_factory=bytearray)
    """One mark of the state after each command (None in a recording made before traces)."""

    def to_dict(self) -> dict[str, Any]:
        return {"format": RECORDING_FORMAT, "version": RECORDING_VERSION, "save_version": SAVE_VERSION,
                "game_version": self.game_version, "seed": self.seed, "start": self.start, "daily": self.daily,
                "commands": self.commands, "checkpoints": [list(dataclasses.astuple(c)) for c in self.checkpoints],
                "final": None if self.final is None else list(dataclasses.astuple(self.final)),
                "trace": None if self.trace is None else self.trace.hex(),
                **({} if self.sight == "room" else {"sight": self.sight})}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_file(cls, path: str) -> Recording:
        """The recording in the file at ``path``; ``RecordingError`` saying why not (missing, a
        folder or a pipe, too big, not UTF-8, not a recording)."""
        from pathlib import Path

        from game.storage.storage import read_regular_file

        try:
            return cls.from_json(read_regular_file(Path(path)).decode("utf-8"))
        except OSError as error:
            raise RecordingError(error.strerror or str(error)) from error
        except UnicodeDecodeError as error:
            raise RecordingError("not a recording (not UTF-8 text)") from error

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
        if not _is_int(data.get("version"), RECORDING_VERSION) or not _is_int(data.get("save_version"), SAVE_VERSION):
            raise RecordingError(f"a recording from another version of the game ({data.get('game_version')!r}); "
                                 f"this is {__version__}")
        seed, start, daily = data.get("seed"), data.get("start"), data.get("daily")
        if not isinstance(seed, str) or start not in STARTS or not (daily is None or _is_date(daily)):
            raise RecordingError("its seed, start or date is missing or wrong")
        commands = data.get("commands")
        if not isinstance(commands, list):
            raise RecordingError("it has no list of commands")
        for index, entry in enumerate(commands):
            _check_command(entry, index)
        checkpoints = [_checkpoint(c, len(commands)) for c in _as_list(data.get("checkpoints"), "checkpoints")]
        final = None if data.get("final") is None else _checkpoint(data["final"], len(commands))
        _check_order(checkpoints, final)
        trace = _trace(data.get("trace"), len(commands))
        sight = data.get("sight", "room")  # a recording from before sight by the tile: by the room
        if sight not in SIGHTS:
            raise RecordingError(f"its sight is {str(sight)[:20]!r}, not one of {', '.join(SIGHTS)}")
        return cls(seed, start, daily, sight, str(data.get("game_version"))[:40], commands, checkpoints, final,
                   trace)


def _check_command(entry: Any, index: int) -> None:
    if isinstance(entry, list) and len(entry) == 3 and entry[0] == "note":
        if isinstance(entry[1], str) and entry[2] in TONES:
            if len(entry[1]) > MAX_NOTE or not entry[1].isprintable():
                raise RecordingError(f"command {index + 1}: a note of over {MAX_NOTE} characters, or with "
                                     "characters that are not printable")
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


_DIGEST = re.compile(r"[0-9a-f]{64}")
_FLOOR = re.compile(r"[a-z0-9:_-]{1,40}")
_MAX_TURN = 1_000_000_000


def _is_int(value: Any, wanted: int) -> bool:
    """``value`` is the int ``wanted`` (not ``1.0``, not ``True``)."""
    return type(value) is int and value == wanted


def _is_date(value: Any) -> bool:
    """A daily's date exactly as the game writes it: ``YYYY-MM-DD``."""
    from game.run.daily import parse_date

    try:
        return isinstance(value, str) and parse_date(value).isoformat() == value
    except ValueError:
        return False


def _checkpoint(value: Any, commands: int) -> Checkpoint:
    ok = (isinstance(value, list) and len(value) == 4 and all(type(v) is int for v in value[:2])
          and all(isinstance(v, str) for v in value[2:]) and 0 <= value[0] <= commands
          and 0 <= value[1] <= _MAX_TURN and _FLOOR.fullmatch(value[2]) and _DIGEST.fullmatch(value[3]))
    if not ok:
        raise RecordingError(f"a checkpoint that is not [commands, turn, floor, digest] of this recording "
                             f"(at most {commands} commands, a floor's name, a SHA-256): {str(value)[:80]}")
    return Checkpoint(*value)


def _check_order(checkpoints: list[Checkpoint], final: Checkpoint | None) -> None:
    """Checkpoints come as a run makes them: one per floor change, later ones after more commands
    and no earlier turn; the final one last."""
    points = checkpoints + ([final] if final is not None else [])
    for before, after in zip(points, points[1:]):
        if after.commands < before.commands or after.turn < before.turn or (
                after is not final and after.commands == before.commands):
            raise RecordingError(f"its checkpoints are out of order (commands {before.commands} then "
                                 f"{after.commands}, turns {before.turn} then {after.turn})")


def _trace(value: Any, commands: int) -> bytearray | None:
    if value is None:
        return None
    if not isinstance(value, str) or len(value) != 2 * commands or not re.fullmatch(r"[0-9a-f]*", value):
        raise RecordingError(f"its trace is not one byte (two hex digits) for each of its {commands} commands")
    return bytearray.fromhex(value)
