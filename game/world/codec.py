"""Turning numpy arrays and levels into JSON-friendly values and back (saves, digests)."""

from __future__ import annotations

import base64
import math
from typing import Any

import numpy as np

from game.world.floor_map import ROOM_ID, FloorMap
from game.world.level import Level, Placement


def encode_array(array: np.ndarray) -> dict[str, Any]:
    """``{"dtype", "shape", "data"}`` with the bytes in little-endian base64."""
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return {"dtype": array.dtype.str.lstrip("<>|="), "shape": list(array.shape),
            "data": base64.b64encode(np.ascontiguousarray(little).tobytes()).decode("ascii")}


def decode_array(data: dict[str, Any]) -> np.ndarray:
    dtype = np.dtype(str(data["dtype"])).newbyteorder("<")
    raw = base64.b64decode(str(data["data"]).encode("ascii"), validate=True)
    shape = tuple(int(n) for n in data["shape"])
    array = np.frombuffer(raw, dtype=dtype)
    if array.size != math.prod(shape):
        raise ValueError("array data does not match its shape")
    return array.reshape(shape).astype(dtype.newbyteorder("="))


def encode_floor_map(floor: FloorMap) -> dict[str, Any]:
    return {"rooms": encode_array(floor.rooms), "north": encode_array(floor.north), "west": encode_array(floor.west)}


def decode_floor_map(data: dict[str, Any]) -> FloorMap:
    floor = FloorMap(decode_array(data["rooms"]).astype(ROOM_ID), decode_array(data["north"]).astype(np.uint8),
                     decode_array(data["west"]).astype(np.uint8))
    h, w = floor.rooms.shape
    if floor.north.shape != (h + 1, w + 1) or floor.west.shape != (h + 1, w + 1):
        raise ValueError("edge arrays do not match the tile grid")
    return floor


def encode_level(level: Level) -> dict[str, Any]:
    return {"kind": level.kind, "map": encode_floor_map(level.map), "entrance": list(level.entrance),
            "exit": list(level.exit), "door_pairs": [list(p) for p in level.door_pairs],
            "placements": [[p.kind, p.x, p.y, p.count, p.asleep, p.leader, [list(w) for w in p.route]]
                           for p in level.placements],
            "stairs_down": level.stairs_down,
            "terrain": None if level.terrain is None else encode_array(level.terrain)}


def decode_level(data: dict[str, Any]) -> Level:
    return Level(
        kind=str(data["kind"]), map=decode_floor_map(data["map"]),
        entrance=(int(data["entrance"][0]), int(data["entrance"][1])),
        exit=(int(data["exit"][0]), int(data["exit"][1])),
        door_pairs=[(int(a), int(b)) for a, b in data["door_pairs"]],
        placements=[Placement(str(k), int(x), int(y), int(c), bool(a), int(lead), tuple((int(wx), int(wy)) for wx, wy in r))
                    for k, x, y, c, a, lead, r in data["placements"]],
        stairs_down=bool(data["stairs_down"]),
        terrain=None if data["terrain"] is None else decode_array(data["terrain"]).astype(np.uint8),
    )
