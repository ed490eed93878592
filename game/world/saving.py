"""The whole run as JSON-friendly data and back (SPEC SAV-1, SAV-2).

Versioned: a save from another version, or one whose contents do not fit
together, is refused with a ``ValueError`` saying why (never a crash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.rng import Rng
from game.world.actor import Actor
from game.world.floor import Floor
from game.world.inventory import Inventory
from game.world.messages import MessageLog
from game.world.overworld import World
from game.world.params import RunParams

if TYPE_CHECKING:
    from game.world.game import Game

SAVE_VERSION = 3


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "version": SAVE_VERSION,
        "seed_text": game.seed_text,
        "seed": game.seed,
        "params": game.params.to_dict(),
        "turn": game.turn,
        "depth": game.depth,
        "region": game.region,
        "max_depth": game.max_depth,
        "floor_key": game.floor_key,
        "world": game.world.to_dict(),
        "player": game.player.to_dict(),
        "inventory": game.inventory.to_dict(),
        "kills": game.kills,
        "cause": game.cause,
        "next_eid": game.next_eid,
        "streams": {name: rng.get_state() for name, rng in sorted(game.streams.items())},
        "floors": {key: f.to_dict() for key, f in sorted(game.floors.items())},
        "log": game.log.to_dict(),
    }


def game_from_dict(cls: type[Game], data: dict[str, Any]) -> Game:
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"save version {data.get('version')!r} is not {SAVE_VERSION}")
    game = cls(str(data["seed_text"]), int(data["seed"]), RunParams.from_dict(data["params"]))
    game.turn = int(data["turn"])
    game.player = Actor.from_dict(data["player"])
    game.inventory = Inventory.from_dict(data["inventory"])
    game.kills = int(data["kills"])
    game.cause = data["cause"]
    game.next_eid = int(data["next_eid"])
    game.streams = {name: Rng.from_state(state) for name, state in data["streams"].items()}
    if set(game.streams) != set(cls.stream_names()):
        raise ValueError("the save's random streams are not this game's")
    game.floors = {str(key): Floor.from_dict(f) for key, f in data["floors"].items()}
    game.depth = int(data["depth"])
    game.region = None if data["region"] is None else int(data["region"])
    game.max_depth = int(data["max_depth"])
    game.world = World.from_dict(data["world"])
    game.floor_key = str(data["floor_key"])
    if game.floor_key not in game.floors:
        raise ValueError("the save's current floor is missing")
    game.floor = game.floors[game.floor_key]
    game.log = MessageLog.from_dict(data["log"])
    return game
