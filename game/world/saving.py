"""The whole run as JSON-friendly data and back (SPEC SAV-1, SAV-2).

Versioned: a save from another version, or a damaged one, is refused with one
``SaveError`` (a ``ValueError``) whose message says where and what is wrong,
``floors['0:1'].actors[3].kind: unknown monster 'dragon'``; never with another
exception. And a save that loads can be played: kinds, ranges, array shapes,
positions and ids are checked against each other while loading.

Every part's ``from_dict`` reads its data with the small checked readers here
(``Fields``, ``as_int``, ``as_pos`` ...), passing down the path of what it reads.
"""

from __future__ import annotations

import json
import math
import re
import reprlib
from typing import TYPE_CHECKING, Any, Collection, NoReturn, TypeAlias

from game import SAVE_VERSION
from game.rng import Rng
from game.world.floor_map import OUTSIDE

if TYPE_CHECKING:
    from game.world.floor import Floor
    from game.world.floor_map import FloorMap
    from game.world.game import Game
    from game.world.overworld import World

"""4: trap vaults (a level's field, a floor's revealed cells and sprung traps); 5: a deck's air."""
MAX_COUNT = 2**31 - 1
"""Ids, turns, counters and amounts: kept within numpy's index type in the browser (32 bits)."""
MAX_TEXT = 10_000
MAX_SIDE = 10_000
"""The widest and tallest map a save may hold (PERF-4's largest island)."""
MT_WORDS = 624  # a Mersenne Twister's state: 624 32-bit words, then a position 0..624
DUNGEON_KEY = re.compile(r"(0|[1-9][0-9]{0,5}):[1-9][0-9]{0,5}")
"""A dungeon floor's key, ``region:depth`` (``game.world.game.floor_key``)."""
Pos = tuple[int, int]


class SaveError(ValueError):
    """A save that cannot be loaded. The message starts with where the problem is."""


# --- checked readers ------------------------------------------------------------------
Where: TypeAlias = "str | tuple[Where, str | int]"
"""Where a value is in the save: ``""`` for the whole, or ``at(where, key)``, spelt out only in
an error's message (loading makes many, and fails at most once)."""


def at(where: Where, key: str | int) -> Where:
    """The path of a field or list entry: ``floors['0:1'].actors[3]`` once spelt out."""
    return (where, key)


def spelt(where: Where) -> str:
    if isinstance(where, str):
        return where
    parent, key = where
    text = spelt(parent)
    if isinstance(key, str) and key.isidentifier():
        return f"{text}.{key}" if text else key
    return f"{text}[{key}]" if isinstance(key, int) else f"{text}[{shown(key)}]"


def fail(where: Where, problem: str) -> NoReturn:
    raise SaveError(f"{spelt(where) or 'save'}: {problem}")


def shown(value: Any) -> str:
    """A value as an error message quotes it: long or deep ones cut short, huge numbers by size."""
    if _is_int(value) and not -(10**30) < value < 10**30:
        return f"an integer of {value.bit_length()} bits"
    return _SHORT.repr(value)


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist, _SHORT.maxdict = 2, 40, 40, 4, 4


def type_name(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean", int: "an integer",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def as_int(value: Any, where: Where, low: int, high: int) -> int:
    if type(value) is int and low <= value <= high:  # the usual case, quickly
        return value
    if not _is_int(value):
        fail(where, f"expected an integer, not {type_name(value)}")
    if not low <= value <= high:
        fail(where, f"{shown(value)} is not in {low}..{high}")
    return int(value)


def as_number(value: Any, where: Where, low: float, high: float) -> float:
    """A finite int or float in ``low..high``, returned as it is (a save's ``0`` stays ``0``)."""
    if not (_is_int(value) or isinstance(value, float)):
        fail(where, f"expected a number, not {type_name(value)}")
    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        fail(where, f"{shown(value)} is not in {low}..{high}")
    return value


def as_bool(value: Any, where: Where) -> bool:
    if not isinstance(value, bool):
        fail(where, f"expected true or false, not {type_name(value)}")
    return value


def as_str(value: Any, where: Where, max_len: int | None = MAX_TEXT) -> str:
    if not isinstance(value, str):
        fail(where, f"expected a string, not {type_name(value)}")
    if max_len is not None and len(value) > max_len:
        fail(where, f"a string of {len(value)} characters is longer than {max_len}")
    return value


def as_choice(value: Any, where: Where, choices: Collection[str], what: str) -> str:
    """One of ``choices``; anything else is an unknown ``what`` (``unknown monster 'dragon'``)."""
    if not isinstance(value, str) or value not in choices:
        fail(where, f"unknown {what} {shown(value)}")
    return value


def as_list(value: Any, where: Where, length: int | None = None) -> list[Any] | tuple[Any, ...]:
    """A list (or a tuple: ``to_dict`` keeps some, as in ``Game.from_dict(game.to_dict())``)."""
    if not isinstance(value, (list, tuple)):
        fail(where, f"expected a list, not {type_name(value)}")
    if length is not None and len(value) != length:
        fail(where, f"expected a list of {length}, not of {len(value)}")
    return value


def as_pos(value: Any, where: Where, area: FloorMap | None = None, on_floor: bool = False) -> Pos:
    """An ``[x, y]`` pair; with ``area``, a tile of that map (a floor tile with ``on_floor``)."""
    x, y = (as_int(n, at(where, i), -MAX_SIDE, MAX_SIDE) for i, n in enumerate(as_list(value, where, 2)))
    return check_tile(x, y, where, area, on_floor)


def as_pairs(value: Any, where: Where, low: int, high: int) -> list[tuple[int, int]]:
    """A list of ``[a, b]`` pairs of ints in ``low..high`` (door pairs, waypoints)."""
    pairs = as_list(value, where)
    if all(type(p) is list and len(p) == 2 and type(p[0]) is int and type(p[1]) is int
           and low <= p[0] <= high and low <= p[1] <= high for p in pairs):  # the usual case, quickly
        return [(a, b) for a, b in pairs]
    return [tuple(as_int(n, at(at(where, i), j), low, high) for j, n in enumerate(as_list(pair, at(where, i), 2)))
            for i, pair in enumerate(pairs)]


def as_tiles(value: Any, where: Where, area: FloorMap | None = None, on_floor: bool = False) -> list[Pos]:
    """A list of ``[x, y]`` tiles (of ``area``'s map, when given): a route."""
    pairs = as_pairs(value, where, -MAX_SIDE, MAX_SIDE)
    return [check_tile(x, y, at(where, i), area, on_floor) for i, (x, y) in enumerate(pairs)]


def check_tile(x: int, y: int, where: Where, area: FloorMap | None, on_floor: bool = False) -> Pos:
    if area is not None:
        if not area.in_bounds(x, y):
            fail(where, f"({x}, {y}) is outside the {area.width}x{area.height} map")
        if on_floor and area.rooms[y, x] == OUTSIDE:  # (not ``is_floor``: its row lists are made when played)
            fail(where, f"({x}, {y}) is not a floor tile")
    return x, y


def unique(values: list[Any], where: Where, what: str) -> None:
    seen = set()
    for index, value in enumerate(values):
        if value in seen:
            fail(at(where, index), f"{what} {shown(value)} comes twice")
        seen.add(value)


class Fields:
    """A save's object, read field by field with checks; errors name the field's path."""

    def __init__(self, data: Any, where: Where) -> None:
        if not isinstance(data, dict):
            fail(where, f"expected an object, not {type_name(data)}")
        self.data: dict[str, Any] = data
        self.where = where

    def path(self, key: str) -> Where:
        return at(self.where, key)

    def get(self, key: str) -> Any:
        try:
            return self.data[key]
        except KeyError:
            fail(self.where, f"missing {key!r}")

    def integer(self, key: str, low: int, high: int, nullable: bool = False) -> Any:
        value = self.get(key)
        if type(value) is int and low <= value <= high or nullable and value is None:  # quickly
            return value
        return as_int(value, at(self.where, key), low, high)

    def number(self, key: str, low: float, high: float) -> float:
        return as_number(self.get(key), self.path(key), low, high)

    def flag(self, key: str) -> bool:
        return as_bool(self.get(key), self.path(key))

    def text(self, key: str, nullable: bool = False) -> Any:
        value = self.get(key)
        return None if nullable and value is None else as_str(value, self.path(key))

    def choice(self, key: str, choices: Collection[str], what: str, nullable: bool = False) -> Any:
        value = self.get(key)
        if type(value) is str and value in choices or nullable and value is None:  # quickly
            return value
        return as_choice(value, at(self.where, key), choices, what)

    def list(self, key: str, length: int | None = None) -> list[Any] | tuple[Any, ...]:
        return as_list(self.get(key), self.path(key), length)

    def entries(self, key: str, length: int | None = None) -> list[tuple[Any, Where]]:
        """A list's entries, each with its path."""
        path = self.path(key)
        return [(value, at(path, i)) for i, value in enumerate(as_list(self.get(key), path, length))]

    def pos(self, key: str, area: FloorMap | None = None, on_floor: bool = False, nullable: bool = False) -> Any:
        value = self.get(key)
        return None if nullable and value is None else as_pos(value, self.path(key), area, on_floor)

    def tile(self, area: FloorMap | None) -> Pos:
        """The ``x`` and ``y`` fields: where an actor or an item stands, a floor tile of ``area``."""
        x, y = self.integer("x", -MAX_SIDE, MAX_SIDE), self.integer("y", -MAX_SIDE, MAX_SIDE)
        return check_tile(x, y, self.where, area, on_floor=True)


# --- the game -----------------------------------------------------------------------
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
        "record": game.record.to_dict(),
        "cause": game.cause,
        "next_eid": game.next_eid,
        "streams": {name: rng.get_state() for name, rng in sorted(game.streams.items())},
        "floors": {key: f.to_dict() for key, f in sorted(game.floors.items())},
        "log": game.log.to_dict(),
    }


def game_from_json(text: str | bytes) -> Game:
    """A game from a save file's text; ``SaveError`` for anything that is not a sound save."""
    from game.world.game import Game

    if not isinstance(text, (str, bytes, bytearray)):
        fail("", f"expected the text of a save, not {type_name(text)}")
    try:
        data = json.loads(text)
    except RecursionError:
        fail("", "nested too deeply to be a save")
    except ValueError as error:  # bad JSON, bad UTF-8, an integer of thousands of digits
        raise SaveError(f"save: not valid JSON ({error})") from error
    return Game.from_dict(data)


def game_from_dict(cls: type[Game], data: Any) -> Game:
    # The parts read themselves with the readers above, so they are imported here, not above.
    from game.world.actor import Actor
    from game.world.game import OVERWORLD
    from game.world.inventory import Inventory
    from game.world.messages import MessageLog
    from game.world.params import RunParams
    from game.world.specials import Record

    fields = Fields(data, "")
    version = fields.get("version")
    if not _is_int(version) or version != SAVE_VERSION:
        fail("version", f"this save is from version {shown(version)}; this game reads version {SAVE_VERSION}")
    game = cls(as_str(fields.get("seed_text"), "seed_text", max_len=None), fields.integer("seed", 0, 2**64 - 1),
               RunParams.from_dict(fields.get("params"), "params"))
    game.floors = _floors(fields, OVERWORLD)
    game.world = _world(fields, game.floors, OVERWORLD)
    game.floor_key = fields.choice("floor_key", game.floors, "floor")
    game.floor = game.floors[game.floor_key]
    game.region = fields.integer("region", 0, game.world.regions - 1, nullable=True)
    game.depth = fields.integer("depth", 0, MAX_COUNT)
    here = (None, 0) if game.floor_key == OVERWORLD else _region_depth(game.floor_key)
    if (game.region, game.depth) != here:
        fail("region", f"region {game.region} depth {game.depth} is not the current floor {game.floor_key!r}")
    game.turn = fields.integer("turn", 0, MAX_COUNT)
    game.max_depth = fields.integer("max_depth", 0, MAX_COUNT)
    game.player = Actor.from_dict(fields.get("player"), "player", game.floor.map)
    if game.player.kind != "player" or game.player.eid != 0:
        fail("player", f"the player is a {game.player.kind!r} with id {game.player.eid}")
    game.inventory = Inventory.from_dict(fields.get("inventory"), "inventory")
    game.kills = fields.integer("kills", 0, MAX_COUNT)
    game.record = Record.from_dict(fields.get("record"), "record")
    game.cause = fields.text("cause", nullable=True)
    game.next_eid = fields.integer("next_eid", 1, MAX_COUNT)
    _check_ids(game.floors, game.next_eid)
    game.streams = _streams(fields, cls.stream_names())
    game.log = MessageLog.from_dict(fields.get("log"), "log")
    return game


def _region_depth(key: str) -> tuple[int, int]:
    region, depth = key.split(":")
    return int(region), int(depth)


def _floors(fields: Fields, overworld: str) -> dict[str, Floor]:
    from game.world.floor import Floor

    floors = {}
    for key, data in Fields(fields.get("floors"), "floors").data.items():
        where = at("floors", key)
        if not (key == overworld or isinstance(key, str) and DUNGEON_KEY.fullmatch(key)):
            fail(where, f"not a floor: keys are {overworld!r} or 'region:depth'")
        floor = floors[key] = Floor.from_dict(data, where)
        if (floor.level.kind == "overworld") != (key == overworld):
            fail(at(at(where, "level"), "kind"), f"a {floor.level.kind!r} level cannot be floor {key!r}")
        if floor.depth != (0 if key == overworld else _region_depth(key)[1]):
            fail(at(where, "depth"), f"floor {key!r} cannot be at depth {floor.depth}")
    if overworld not in floors:
        fail("floors", f"missing {overworld!r}")
    if floors[overworld].level.terrain is None:
        fail(at(at(at("floors", overworld), "level"), "terrain"), "the island has no terrain")
    return floors


def _world(fields: Fields, floors: dict[str, Floor], overworld: str) -> World:
    from game.world.overworld import World

    world = World.from_dict(fields.get("world"), "world", floors[overworld].map)
    for key in floors:
        if key != overworld:
            region, depth = _region_depth(key)
            if region >= world.regions or depth > world.floors(region):
                fail(at("floors", key), f"the island has no floor {depth} in region {region}")
            if depth == world.floors(region) and floors[key].level.stairs_down:
                fail(at(at(at("floors", key), "level"), "stairs_down"), "the deepest floor has no stairs down")
    return world


def _check_ids(floors: dict[str, Floor], next_eid: int) -> None:
    """Monsters and items have ids of their own, each below ``next_eid`` (the player's is 0)."""
    seen = {0}
    for key, floor in floors.items():
        for what, things in (("actors", floor.actors), ("items", floor.items)):
            for index, thing in enumerate(things):
                number = thing.eid if what == "actors" else thing.iid
                where = at(at(at("floors", key), what), index)
                if number in seen:
                    fail(where, f"id {number} is used twice")
                if number >= next_eid:
                    fail(where, f"id {number} is not below next_eid {next_eid}")
                seen.add(number)


def _streams(fields: Fields, names: tuple[str, ...]) -> dict[str, Rng]:
    streams = Fields(fields.get("streams"), "streams")
    if set(streams.data) != set(names):
        fail("streams", f"the random streams are {shown(list(streams.data))}, not {sorted(names)}")
    return {name: _stream(streams.get(name), streams.path(name)) for name in names}


def _stream(value: Any, where: Where) -> Rng:
    """``Rng.get_state()``: the seed, ``random.Random``'s state version (3), its 625 ints, gauss."""
    seed, version, internal, gauss = as_list(value, where, 4)
    as_int(seed, at(where, 0), 0, 2**64 - 1)
    as_int(version, at(where, 1), 3, 3)
    words = as_list(internal, at(where, 2), MT_WORDS + 1)
    if not (set(map(type, words)) == {int} and min(words) >= 0 and max(words) < 2**32):
        for index, word in enumerate(words[:MT_WORDS]):
            as_int(word, at(at(where, 2), index), 0, 2**32 - 1)
    as_int(words[MT_WORDS], at(at(where, 2), MT_WORDS), 0, MT_WORDS)
    if not any(words[1:MT_WORDS]) and words[0] < 2**31:
        fail(at(where, 2), "the generator's state is all zeros")
    if gauss is not None:
        as_number(gauss, at(where, 3), -math.inf, math.inf)
    return Rng.from_state(value)
