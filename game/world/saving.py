"""The whole run as JSON-friendly data and back (SPEC SAV-1, SAV-2).

Versioned: a save from another version, or a damaged one, is refused with one
``SaveError`` whose message says where and what is wrong; never with another exception.
And a save that loads can be played: kinds, ranges, array shapes, positions and ids are
checked against each other while loading. The parts read themselves with the checked
readers of ``game.world.fields``.
"""

from __future__ import annotations

import json
import math
import re
from typing import TYPE_CHECKING, Any

from game import SAVE_VERSION
from game.rng import Rng
from game.world.actor import Actor, Item
from game.world.fields import (MAX_COUNT, Fields, SaveError, Where, _is_int, as_int, as_list, as_number, as_str, at,
                               fail, shown, type_name)
from game.world.floor import Floor
from game.world.inventory import Inventory
from game.world.boons import Boons
from game.world.magic import Magic
from game.world.messages import MessageLog
from game.world.overworld import World
from game.world.params import RunParams
from game.world.specials import Record
from game.world.tile_sight import SIGHT_MODES, restore as restore_sight

if TYPE_CHECKING:
    from game.world.game import Game

__all__ = ["OVERWORLD", "SAVE_VERSION", "SaveError", "game_from_dict", "game_from_text", "game_to_dict"]

OVERWORLD = "overworld"
"""The island's floor key; a dungeon floor's is ``region:depth``."""
MT_WORDS = 624  # a Mersenne Twister's state: 624 32-bit words, then a position 0..624
DUNGEON_KEY = re.compile(r"(0|[1-9][0-9]{0,5}):[1-9][0-9]{0,5}")
"""A dungeon floor's key, ``region:depth`` (``game.world.game.floor_key``)."""


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
        "party": [a.to_dict() for a in game.party],
        "inventory": game.inventory.to_dict(),
        "kills": game.kills,
        "record": game.record.to_dict(),
        "magic": game.magic.to_dict(),
        "boons": game.boons.to_dict(),
        "cause": game.cause,
        "next_eid": game.next_eid,
        "streams": {name: rng.get_state() for name, rng in sorted(game.streams.items())},
        "floors": {key: f.to_dict() for key, f in sorted(game.floors.items())},
        **({"fallen": {key: [item.to_dict() for item in items] for key, items in sorted(game.fallen.items())}}
           if game.fallen else {}),  # written only when something fell: a save (and its digest) as before
        "log": game.log.to_dict(),
        **({} if game.sight == "room" else {"sight": game.sight}),  # a save from before sight by the tile: by the room
    }


def game_from_text(cls: type[Game], text: str | bytes) -> Game:
    """A game from a save file's text; ``SaveError`` for anything that is not a sound save."""
    if not isinstance(text, (str, bytes, bytearray)):
        fail("", f"expected the text of a save, not {type_name(text)}")
    try:
        data = json.loads(text)
    except RecursionError:
        fail("", "nested too deeply to be a save")
    except ValueError as error:  # bad JSON, bad UTF-8, an integer of thousands of digits
        raise SaveError(f"save: not valid JSON ({error})") from error
    return cls.from_dict(data)


def game_from_dict(cls: type[Game], data: Any) -> Game:
    fields = Fields(data, "")
    version = fields.get("version")
    if not _is_int(version) or version != SAVE_VERSION:
        fail("version", f"this save is from version {shown(version)}; this game reads version {SAVE_VERSION}")
    game = cls(as_str(fields.get("seed_text"), "seed_text", max_len=None), fields.integer("seed", 0, 2**64 - 1),
               RunParams.from_dict(fields.get("params"), "params"))
    game.sight = fields.choice("sight", SIGHT_MODES, "sight") if "sight" in fields.data else "room"
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
    game.party = [_ally(data, path) for data, path in fields.entries("party")]
    game.inventory = Inventory.from_dict(fields.get("inventory"), "inventory")
    game.kills = fields.integer("kills", 0, MAX_COUNT)
    game.record = Record.from_dict(fields.get("record"), "record")
    game.magic = Magic.from_dict(fields.get("magic"), "magic", game.seed)
    game.boons = Boons.from_dict(fields.get("boons"), "boons")
    game.cause = fields.text("cause", nullable=True)
    game.next_eid = fields.integer("next_eid", 1, MAX_COUNT)
    game.fallen = _fallen(fields, game) if "fallen" in fields.data else {}
    _check_ids(game.floors, game.next_eid, game.party, game.fallen)
    game.streams = _streams(fields, cls.stream_names())
    game.log = MessageLog.from_dict(fields.get("log"), "log")
    restore_sight(game)
    return game


def _fallen(fields: Fields, game: Game) -> dict[str, list[Item]]:
    """Items fallen through a chasm to a floor below not made yet: keyed by that floor, one of the
    run's dungeon floors that does not exist yet."""
    fallen: dict[str, list[Item]] = {}
    for key, data in Fields(fields.get("fallen"), "fallen").data.items():
        where = at("fallen", key)
        if not (isinstance(key, str) and DUNGEON_KEY.fullmatch(key)) or key in game.floors:
            fail(where, "not a dungeon floor still to be made")
        region, depth = _region_depth(key)
        if region >= game.world.regions or not 2 <= depth <= game.world.floors(region):
            fail(where, f"the run has no floor {key!r} below another")
        fallen[key] = [Item.from_dict(item, at(where, i)) for i, item in enumerate(as_list(data, where))]
    return fallen


def _region_depth(key: str) -> tuple[int, int]:
    region, depth = key.split(":")
    return int(region), int(depth)


def _floors(fields: Fields, overworld: str) -> dict[str, Floor]:
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
    world = World.from_dict(fields.get("world"), "world", floors[overworld].map)
    for key in floors:
        if key != overworld:
            region, depth = _region_depth(key)
            if region >= world.regions or depth > world.floors(region):
                fail(at("floors", key), f"the island has no floor {depth} in region {region}")
            if depth == world.floors(region) and floors[key].level.stairs_down:
                fail(at(at(at("floors", key), "level"), "stairs_down"), "the deepest floor has no stairs down")
    return world


def _ally(data: Any, where: Where) -> Actor:
    """An ally travelling with the player (``Game.party``): where it stood no longer matters."""
    actor = Actor.from_dict(data, where)
    if actor.kind == "player" or not actor.ally:
        fail(where, "only the player's allies travel with the player")
    return actor


def _check_ids(floors: dict[str, Floor], next_eid: int, party: list[Actor],
               fallen: dict[str, list[Item]] | None = None) -> None:
    """Monsters, allies and items (those still falling too) have ids of their own, each below
    ``next_eid`` (the player's is 0)."""
    seen = {0}
    lists = [(at(at("floors", key), what), numbers) for key, floor in floors.items()
             for what, numbers in (("actors", [a.eid for a in floor.actors]), ("items", [i.iid for i in floor.items]))]
    lists += [(at("fallen", key), [i.iid for i in items]) for key, items in (fallen or {}).items()]
    for place, numbers in [*lists, ("party", [a.eid for a in party])]:
        for index, number in enumerate(numbers):
            where = at(place, index)
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
