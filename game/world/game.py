"""The whole state of a run, as one serialisable object (STYLE §12).

``Game`` holds the seed, the random streams, the current floor and the ones
already visited, the player, the turn counter and the message log. Everything
that changes the world goes through ``perform(action)``. ``to_dict`` captures the
full state (including the random streams' positions) and ``digest`` hashes it, so
tests, saves and the autoplayer can compare runs exactly.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from game.action import Action, Done, Result
from game.mapgen.dungeon import DungeonParams, generate_dungeon
from game.rng import Rng, seed_from_text
from game.world.codec import decode_array, decode_level, encode_array, encode_level
from game.world.entity import Entity
from game.world.level import Level
from game.world.messages import MessageLog
from game.world.visibility import visible_rooms

SAVE_VERSION = 1
PLAYER_MAX_HP = 30


@dataclass
class Floor:
    """A floor as the run knows it: the generated level plus what the player has seen."""

    depth: int
    level: Level
    seen_rooms: np.ndarray  # bool, one per room
    visible: list[int] = field(default_factory=list)  # rooms in sight right now
    door_version: int = 0  # bumped when a door changes, so renderers can redraw

    @property
    def map(self):  # noqa: ANN201 - FloorMap, kept short for call sites
        return self.level.map

    @classmethod
    def fresh(cls, depth: int, level: Level) -> Floor:
        return cls(depth, level, np.zeros(level.map.room_count, dtype=bool))

    def to_dict(self) -> dict[str, Any]:
        return {"depth": self.depth, "level": encode_level(self.level), "seen_rooms": encode_array(self.seen_rooms),
                "visible": list(self.visible), "door_version": self.door_version}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Floor:
        level = decode_level(data["level"])
        seen = decode_array(data["seen_rooms"]).astype(bool)
        if seen.shape != (level.map.room_count,):
            raise ValueError("seen-room mask does not match the floor")
        return cls(int(data["depth"]), level, seen, [int(r) for r in data["visible"]], int(data["door_version"]))


class Game:
    """One run. Create with ``Game.new(seed_text)``."""

    def __init__(self, seed_text: str, seed: int, params: DungeonParams) -> None:
        self.seed_text = seed_text
        self.seed = seed
        self.params = params
        self.turn = 0
        self.depth = 0
        self.log = MessageLog()
        self.floors: dict[int, Floor] = {}
        self.floor: Floor | None = None  # type: ignore[assignment]
        self.player = Entity(eid=0, kind="player", x=0, y=0, hp=PLAYER_MAX_HP, max_hp=PLAYER_MAX_HP)
        self.version = 0  # bumped on every change the screen should show

    @classmethod
    def new(cls, seed_text: str, params: DungeonParams = DungeonParams()) -> Game:
        game = cls(seed_text, seed_from_text(seed_text), params)
        game.enter_floor(1)
        game.log.add("You step over the threshold. Find the stairs down (>).", "notice", 0)
        return game

    # --- floors --------------------------------------------------------------
    def floor_rng(self, depth: int) -> Rng:
        """The stream that generates floor ``depth``: independent of play order."""
        return Rng.stream(self.seed, "floor", depth)

    def enter_floor(self, depth: int) -> None:
        if depth not in self.floors:
            level = generate_dungeon(self.floor_rng(depth), self.params)
            self.floors[depth] = Floor.fresh(depth, level)
        self.depth = depth
        self.floor = self.floors[depth]
        self.player.x, self.player.y = self.floor.level.entrance
        self.update_visibility()

    def descend(self) -> None:
        self.enter_floor(self.depth + 1)

    # --- changes -------------------------------------------------------------
    def perform(self, action: Action) -> Result:
        """Try an action for the player; a ``Done`` result costs a turn."""
        result = action.perform(self)
        if isinstance(result, Done):
            self.turn += 1
            if result.message:
                self.log.add(result.message, "info", self.turn)
            self.update_visibility()
            self.version += 1
        return result

    def move_player(self, x: int, y: int) -> None:
        self.player.x, self.player.y = x, y

    def note_door_changed(self) -> None:
        self.floor.door_version += 1

    def update_visibility(self) -> None:
        floor = self.floor
        floor.visible = visible_rooms(floor.map, *self.player.pos)
        floor.seen_rooms[floor.visible] = True

    # --- saving and comparing -----------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "seed_text": self.seed_text,
            "seed": self.seed,
            "params": _params_to_dict(self.params),
            "turn": self.turn,
            "depth": self.depth,
            "player": self.player.to_dict(),
            "floors": {str(d): f.to_dict() for d, f in sorted(self.floors.items())},
            "log": self.log.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Game:
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"save version {data.get('version')!r} is not {SAVE_VERSION}")
        game = cls(str(data["seed_text"]), int(data["seed"]), _params_from_dict(data["params"]))
        game.turn = int(data["turn"])
        game.player = Entity.from_dict(data["player"])
        game.floors = {int(d): Floor.from_dict(f) for d, f in data["floors"].items()}
        game.depth = int(data["depth"])
        game.floor = game.floors[game.depth]
        game.log = MessageLog.from_dict(data["log"])
        return game

    def digest(self) -> str:
        """SHA-256 of the canonical JSON of the full state."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _params_to_dict(params: DungeonParams) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(params)


def _params_from_dict(data: dict[str, Any]) -> DungeonParams:
    fields = dict(data)
    for key in ("room_size", "room_count"):
        if fields.get(key) is not None:
            fields[key] = tuple(fields[key])
    return DungeonParams(**fields)
