"""The save loader keeps its promise (SPEC SAV-1): a damaged save is refused with one
``SaveError`` that says where and what is wrong, never another exception; and a save that
loads plays. Thousands of damaged saves (keys deleted, values of other types, numbers out of
range, unknown kinds, shuffled lists, bad arrays, flipped bits, cut-off text) are thrown
at the loader, and each damage decides the outcome: structural damage must be refused, naming
the place; an unknown key must be ignored; any other change may load, and then the game is
exactly what the damaged save says (saved again, it is that save, and it loads to itself)."""

from __future__ import annotations

import base64
import copy
import functools
import json
import math
import random
import re
import time
from typing import Any, Callable

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings, strategies as st

from game.bot.autoplay import Autoplayer
from game.content.items import item_label
from game.world.codec import decode_array, encode_array
from game.map.edges import Edge
from game.world import travel
from game.world.game import OVERWORLD, Game
from game.world.fields import MAX_COUNT, at, shown, spelt
from game.world.saving import SAVE_VERSION, SaveError

PLAY_TURNS = 30
Draw = Callable[[st.SearchStrategy[Any]], Any]


WANTED: dict[str, Callable[[Game], bool]] = {
    "dungeon": lambda game: not game.on_overworld and bool(game.floor.actors) and game.turn >= 100,
    "after a warden": lambda game: game.on_overworld and any(game.world.defeated),
    "several floors": lambda game: len(game.floors) >= 4 and not game.on_overworld,
}


@functools.cache
def saves() -> dict[str, dict[str, Any]]:
    """Real saves, made once by the bot: a new run on the island, and the first moment it
    is in a dungeon with monsters about, back on the island after a Warden fell, and four
    floors in (those the bot reaches within a few runs)."""
    found = {"island": as_json(Game.new("saving-0"))}
    for seed in range(1, 6):
        game, bot = Game.new(f"saving-{seed}"), Autoplayer()
        while game.turn < 4000 and game.player.alive and not game.won and bot.stalled is None:
            bot.record(game, game.perform(bot.next_action(game)))
            for name, wanted in WANTED.items():
                if name not in found and game.player.alive and wanted(game):
                    found[name] = as_json(game)
        if len(found) > len(WANTED):
            break
    assert "dungeon" in found, "the bot never got into a dungeon: no save to damage there"
    return found


def as_json(game: Game) -> dict[str, Any]:
    """The game's save, as it comes back from a file."""
    return json.loads(json.dumps(game.to_dict()))


def survives_play(game: Game) -> None:
    """Thirty turns of the bot where the save left off and five on each of its other floors,
    the screen's words for everything on them; then the game saves, and that save loads to
    the same state."""
    names_everything(game)
    bot = Autoplayer()
    for _ in range(PLAY_TURNS):
        game.perform(bot.next_action(game))
    for key in sorted(set(game.floors) - {game.floor_key}):
        if game.over:
            break
        if key == OVERWORLD:
            travel.enter_overworld(game, game.world.entrances[game.world.order[0]])
        else:
            game.enter_dungeon(*(int(n) for n in key.split(":")))
        for _ in range(5):
            game.perform(bot.next_action(game))
    assert Game.from_dict(as_json(game)).digest() == game.digest()


def names_everything(game: Game) -> None:
    """What the sidebar and the hover text say: every monster, item and remembered item on
    every floor, and what the player carries."""
    for floor in game.floors.values():
        for actor in floor.actors:
            assert game.name_of(actor)
        for item in floor.items:
            assert item_label(item.kind, item.count, article=True)
        for kind in floor.item_memory.values():
            assert item_label(kind)
    inventory = game.inventory
    for kind, count in inventory.slots:
        assert item_label(kind, count)
    assert inventory.weapon_kind().name and inventory.armour_kind().name
    assert inventory.ranged is None or item_label(inventory.ranged)


# --- damage ---------------------------------------------------------------------------
DELETE = object()  # a mutation's answer: remove this value from its object or list
OTHER_VALUES = [None, True, False, 0, 1, -1, 0.5, -2.5, float("nan"), float("inf"), "", "dragon", [], {}, [0],
                [1, 2], [[0, 0]], {"x": 1}, 2**31, -(2**31) - 1, 2**63, 10**30, -(10**30)]
NAMES = ["dragon", "player", "warden", "orc", "coins", "tnt", "dagger", "rocket_launcher", "chain_armour", "key",
         "overworld", "0:1", "4:3", "9:1", "hunting", "notice", "particles", "i4", "u1", "b1"]


def damaged(draw: Draw, value: Any) -> Any:
    """``value`` replaced, changed or deleted (``DELETE``)."""
    if isinstance(value, dict) and {"dtype", "shape", "data"} <= set(value) and draw(st.integers(0, 3)):
        return damaged_array(draw, value)
    how = draw(st.sampled_from(["same kind", "same kind", "same kind", "other", "delete"]))
    if how == "delete":
        return DELETE
    if how == "other" or value is None:
        return draw(st.sampled_from(OTHER_VALUES))
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return draw(st.sampled_from([value + 1, value - 1, -value - 1, value * 1000 + 7, value + 2**32,
                                     draw(st.integers(-(2**40), 2**40))]))
    if isinstance(value, float):
        return draw(st.sampled_from([-value, value * 1000, value + 1, 0.0, float("nan")]))
    if isinstance(value, str):
        return draw(st.sampled_from(NAMES + [value + "x", value[::-1], value[:-1], value.upper()]))
    if isinstance(value, list):
        return damaged_list(draw, value)
    changed = dict(value)
    if changed and not draw(st.booleans()):
        del changed[draw(st.sampled_from(sorted(changed)))]
    else:
        changed[draw(st.sampled_from(["extra", "x", "kind"]))] = draw(st.sampled_from(OTHER_VALUES))
    return changed


def damaged_list(draw: Draw, value: list[Any]) -> list[Any]:
    changed = list(value)
    how = draw(st.sampled_from(["duplicate", "drop", "shuffle", "reverse", "cut", "append", "empty"]))
    if how == "empty" or not changed:
        return [] if changed else [draw(st.sampled_from(OTHER_VALUES))]
    index = draw(st.integers(0, len(changed) - 1))
    if how == "duplicate":
        changed.insert(index, changed[draw(st.integers(0, len(changed) - 1))])
    elif how == "drop":
        del changed[index]
    elif how == "shuffle":
        random.Random(draw(st.integers(0, 2**32))).shuffle(changed)
    elif how == "reverse":
        changed.reverse()
    elif how == "cut":
        del changed[index:]
    else:
        changed.append(draw(st.sampled_from([changed[0], *OTHER_VALUES])))
    return changed


def damaged_array(draw: Draw, array: dict[str, Any]) -> dict[str, Any]:
    """An encoded array with its bytes, shape, dtype or base64 damaged (again, maybe)."""
    changed = dict(array)
    text, shape = array.get("data"), array.get("shape")
    text = text if isinstance(text, str) else ""
    shape = shape if isinstance(shape, list) and all(isinstance(n, int) for n in shape) else [1]
    how = draw(st.sampled_from(["bytes", "bytes", "bytes", "shape", "dtype", "data"]))
    if how == "bytes":
        try:
            raw = bytearray(base64.b64decode(text)) or bytearray(3)
        except ValueError:  # damaged already
            raw = bytearray(3)
        for _ in range(draw(st.integers(1, 3))):
            raw[draw(st.integers(0, len(raw) - 1))] = draw(st.sampled_from([0, 1, 2, 5, 6, 7, 128, 255]))
        changed["data"] = base64.b64encode(bytes(raw)).decode("ascii")
    elif how == "shape":
        changed["shape"] = draw(st.sampled_from([shape[::-1], [n + 1 for n in shape], [n - 1 for n in shape],
                                                 [10**9] * len(shape), [-1] * len(shape), shape + [1], shape[:1],
                                                 [0] * len(shape)]))
    elif how == "dtype":
        changed["dtype"] = draw(st.sampled_from(["i4", "u1", "b1", "i8", "f8", "O", "U3", "V4", "<i4", "zz"]))
    else:
        changed["data"] = draw(st.sampled_from(["", "AAAA", "!!!!", "é", text[:-4], text + "AAAA", text[4:],
                                                "A" * len(text)]))
    return changed


Path = tuple[str | int, ...]


@functools.cache
def places(name: str) -> dict[Path, list[Path]]:
    """Every place in a save, grouped by its kind: ``('floors', '*', 'actors', '#', 'kind')`` holds
    the kind of every monster on every floor. An encoded array is one place."""
    found: dict[Path, list[Path]] = {}

    def visit(node: Any, path: Path, kind: Path) -> None:
        found.setdefault(kind, []).append(path)
        if isinstance(node, dict) and not {"dtype", "shape", "data"} <= set(node):
            for key, inner in node.items():
                visit(inner, (*path, key), (*kind, "*" if path == ("floors",) else key))
        elif isinstance(node, list):
            for index, inner in enumerate(node):
                visit(inner, (*path, index), (*kind, "#"))

    visit(saves()[name], (), ())
    return found


def damage(draw: Draw, save: dict[str, Any], name: str) -> Any:
    """A copy of ``save`` damaged in one place: a kind of place first (each as likely as the
    others), then one of its places, on the current floor half the time."""
    kind = draw(st.sampled_from(sorted(places(name), key=str)))
    paths = places(name)[kind]
    here = [p for p in paths if p[:2] == ("floors", saves()[name]["floor_key"])]
    path = draw(st.sampled_from(here if here and draw(st.booleans()) else paths))
    damaged_save = damaged_at(draw, save, path)
    return {} if damaged_save is DELETE else damaged_save


def damaged_at(draw: Draw, node: Any, path: Path) -> Any:
    """``node`` with the value at ``path`` damaged; only the objects and lists on the way are
    copied (the rest is shared with the intact save). A path gone by an earlier damage is left."""
    if not path:
        return damaged(draw, node)
    key, rest = path[0], path[1:]
    if not (isinstance(node, dict) and key in node or isinstance(node, list) and isinstance(key, int)
            and key < len(node)):
        return node
    changed = dict(node) if isinstance(node, dict) else list(node)
    inner = damaged_at(draw, node[key], rest)
    if inner is DELETE:
        del changed[key]
    else:
        changed[key] = inner
    return changed


def damaged_text(draw: Draw, text: bytes) -> bytes:
    """The save file's bytes with bits flipped, bytes dropped or inserted, or cut off."""
    data = bytearray(text)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(data) - 1))
        how = draw(st.sampled_from(["flip", "flip", "drop", "insert", "cut"]))
        if how == "flip":
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif how == "drop":
            del data[at:at + draw(st.integers(1, 20))]
        elif how == "insert":
            data[at:at] = draw(st.sampled_from([b",", b"]", b"}", b"0", b'"', b"\xff", b"-", b"null", b"[[[["]))
        else:
            del data[at:]
            break
    return bytes(data)


# --- what each damage must do -------------------------------------------------------------
REFUSED, MAY_LOAD, IGNORED = "must be refused", "may load", "ignored"
"""A difference from the intact save is either structural (the save must be refused: a key
gone, a value of another type, a name of nothing, a number no field holds, a fixed-length
record or an array's shape, type or length changed), or a value a sound save could hold
(the save may load: then it must be exactly the game it describes), or an unknown key,
which the loader ignores (the save must load as if the key were not there)."""
Difference = tuple[str, Path, str]

FREE_TEXT = {("seed_text",), ("cause",), ("player", "name"), ("floors", "*", "actors", "#", "name"),
             ("world", "names", "#"), ("world", "warden_names", "#")}
"""Places any string may fill (within a length); every other string is a name from a table.
(A log message's text, ``log.messages[i][0]``, too.)"""
NULLABLE = {("cause",), ("region",), ("inventory", "weapon"), ("inventory", "armour"), ("inventory", "ranged"),
            ("params", "dungeon", "room_count"),
            ("floors", "*", "level", "terrain"), ("floors", "*", "level", "vault"), ("floors", "*", "vault_state"),
            ("floors", "*", "ship_state"),
            *((*actor, field) for actor in (("player",), ("floors", "*", "actors", "#"))
              for field in ("aim", "target", "target_eid", "home", "leader", "parent"))}
"""Places where null means "none" (and a random stream's spare gauss, ``streams.*[3]``)."""
COLLECTIONS = {("floors", "*", key) for key in ("actors", "items", "visible", "item_memory", "door_memory",
                                                 "announced", "mapped", "fixture_use", "smoke")} | {
    ("floors", "*", "level", key) for key in ("door_pairs", "placements", "specials", "features")} | {
    ("floors", "*", "level", "placements", "#", "#"), ("floors", "*", "actors", "#", "route"), ("player", "route"),
    ("inventory", "slots"), ("log", "messages"), ("world", "gates"), ("params", "floors_per_region"),
    ("magic", "known"), ("boons", "taken"), ("boons", "offer")}
"""Lists of any length: taking entries out, adding or reordering them may load. Every other list
is a record of a fixed length ([x, y], a placement's nine fields, a random stream's 625 words)."""
KEYED_BY_TILE = {("floors", "*", key) for key in ("item_memory", "door_memory", "fixture_use", "smoke")}
"""Collections a floor keeps by tile (``[x, y, ..., what]``) and saves sorted: their order in a save
is not kept (a second entry for one tile is refused: the normalisation below never meets one)."""
OPTIONAL = {("floors", "*", "items", "#", key) for key in ("dropped", "enchant", "charges")} | {
    ("floors", "*", "level", key) for key in ("ground", "theme")} | {("world", "themes")}
"""Keys written only when set (an item's ``to_dict``, a level's ground and theme, a world's themes: SPEC TER-1, TER-2):
missing, they read as unset. (A floor's terrain is there exactly when its level has ground.)"""
MAPS = {("floors",), ("streams",), ("inventory", "charges")}
"""Objects keyed by name (floor keys, stream names, the kinds carried with charges): an unknown key
there is an unknown floor, stream or staff."""
ARRAY_KEYS = {"dtype", "shape", "data"}
WIDE_INTS = {"seed", "streams"}
"""The only places an integer above ``MAX_COUNT`` may be: the run's seed and the random streams."""


@functools.cache
def names_of_things() -> frozenset[str]:
    """Every name a save's tables know (kinds, states, tones, floor keys ...)."""
    from game.content.boons import BOONS
    from game.content.monsters import ABILITIES, MONSTERS
    from game.content.items import ITEMS
    from game.content.specials import DECORATIONS, FIXTURES, SPECIALS
    from game.content.themes import THEMES
    from game.mapgen.overworld import SHAPES
    from game.world.actor import STATES
    from game.map.level import LEVEL_KINDS
    from game.world.messages import TONES
    from game.world.vaults import GOALS

    floor_keys = {key for save in saves().values() for key in save["floors"]}
    return frozenset({"", "player", *MONSTERS, *ABILITIES, *ITEMS, *SPECIALS, *FIXTURES, *DECORATIONS, *SHAPES,
                      *STATES, *LEVEL_KINDS, *TONES, *GOALS, *BOONS, *THEMES, *floor_keys})


def kind_of(path: Path) -> Path:
    return tuple("*" if i == 1 and path[0] == "floors" else "#" if isinstance(key, int) else key
                 for i, key in enumerate(path))


def is_array(value: Any) -> bool:
    return isinstance(value, dict) and ARRAY_KEYS <= set(value)


def differences(intact: Any, damaged: Any, path: Path = (), here: Any = None) -> list[Difference]:
    """How ``damaged`` differs from ``intact``, each difference with its verdict (``here``: the
    damaged save's current floor, which cannot be missing; other dungeon floors can)."""
    if not path and isinstance(damaged, dict):
        here = damaged.get("floor_key")
    if damaged is intact:
        return []
    kind = kind_of(path)
    if intact is None or damaged is None:
        if damaged is None and intact is not None:
            nullable = kind in NULLABLE or kind[:1] == ("streams",) and len(path) == 3 and path[2] == 3
            return [(MAY_LOAD if nullable else REFUSED, path, "null")]
        return [] if damaged is None else [(MAY_LOAD, path, "a value for null")]
    if is_array(intact):
        return array_differences(intact, damaged, path)
    if isinstance(intact, dict):
        if not isinstance(damaged, dict):
            return [(REFUSED, path, f"{type(damaged).__name__} for an object")]
        found = [(REFUSED, ("floor_key",), f"no floor {key}") if path == ("floors",) and key == here else
                 (MAY_LOAD if path == ("floors",) and key != OVERWORLD or kind_of((*path, key)) in OPTIONAL
                  else REFUSED, (*path, key), "missing")
                 for key in intact.keys() - damaged.keys()]
        found += [(REFUSED if path in MAPS else IGNORED, (*path, key), "unknown key")
                  for key in damaged.keys() - intact.keys()]
        for key in intact.keys() & damaged.keys():
            found += differences(intact[key], damaged[key], (*path, key), here)
        return found
    if isinstance(intact, list):
        if not isinstance(damaged, list):
            return [(REFUSED, path, f"{type(damaged).__name__} for a list")]
        if len(damaged) == len(intact):
            return [d for i, (a, b) in enumerate(zip(intact, damaged)) for d in differences(a, b, (*path, i), here)]
        if kind not in COLLECTIONS:
            return [(REFUSED, path, f"{len(damaged)} entries in a record of {len(intact)}")]
        found = [(MAY_LOAD, path, f"{len(damaged)} entries for {len(intact)}")]
        for i, entry in enumerate(damaged):  # a new entry has an old one's shape (if there was one)
            if intact and not any(strictly_equal(entry, old) for old in intact):
                found += differences(intact[0], entry, (*path, i))
        return found
    if strictly_equal(intact, damaged):
        return []
    if path == ("version",):
        sound = False
    elif isinstance(intact, bool):
        sound = isinstance(damaged, bool)
    elif isinstance(intact, int):
        sound = type(damaged) is int and -MAX_COUNT - 1 <= damaged <= (
            2**64 - 1 if path[0] in WIDE_INTS else MAX_COUNT)
    elif isinstance(intact, float):
        sound = type(damaged) in (int, float) and math.isfinite(damaged)
    else:
        sound = isinstance(damaged, str) and (kind in FREE_TEXT or kind == ("log", "messages", "#", "#")
                                              and path[-1] == 0 or damaged in names_of_things())
    return [(MAY_LOAD if sound else REFUSED, path, f"{shown(damaged)} for {shown(intact)}")]


def array_differences(intact: dict[str, Any], damaged: Any, path: Path) -> list[Difference]:
    """An encoded array: its type, shape and length are structure; its values may change."""
    if not isinstance(damaged, dict):
        return [(REFUSED, path, f"{type(damaged).__name__} for an array")]
    found = [(IGNORED, (*path, key), "unknown key") for key in damaged.keys() - ARRAY_KEYS]
    if not ARRAY_KEYS <= damaged.keys():
        return [*found, (REFUSED, path, "an array without its dtype, shape or data")]
    for key in ("dtype", "shape"):
        if not strictly_equal(intact[key], damaged[key]):
            found.append((REFUSED, (*path, key), f"{shown(damaged[key])} for {shown(intact[key])}"))
    if strictly_equal(intact["data"], damaged["data"]):
        return found
    try:
        raw = base64.b64decode(damaged["data"].encode("ascii"), validate=True)
    except (AttributeError, ValueError):
        return [*found, (REFUSED, (*path, "data"), "not base64")]
    if len(raw) != len(base64.b64decode(intact["data"])):
        return [*found, (REFUSED, (*path, "data"), f"{len(raw)} bytes")]
    if intact["dtype"] == "b1" and max(raw, default=0) > 1:
        return [*found, (REFUSED, (*path, "data"), "a boolean neither 0 nor 1")]
    return [*found, (MAY_LOAD, (*path, "data"), "other values")]


def strictly_equal(a: Any, b: Any) -> bool:
    """Equal as JSON: ``True`` is not ``1``, and ``1`` is not ``1.0``."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strictly_equal(a[key], b[key]) for key in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(map(strictly_equal, a, b))
    return a == b


def without_ignored(intact: Any, damaged: Any, path: Path = ()) -> Any:
    """``damaged`` as the loaded game saves it again: the unknown keys gone, the collections kept
    by tile sorted, one entry a tile."""
    if isinstance(intact, dict) and isinstance(damaged, dict):
        keep = damaged.keys() if path in MAPS else intact.keys() & damaged.keys()
        return {key: without_ignored(intact.get(key), damaged[key], (*path, key)) for key in damaged if key in keep}
    if isinstance(intact, list) and isinstance(damaged, list):
        olds = intact if len(intact) == len(damaged) else intact[:1] * len(damaged)  # (a new entry: an old one's shape)
        entries = [without_ignored(old, entry, (*path, i)) for i, (old, entry) in enumerate(zip(olds, damaged))] \
            if olds or not damaged else damaged
        if kind_of(path) in KEYED_BY_TILE:  # a tile's last entry is the one kept
            return sorted({tuple(entry[:-1]): entry for entry in entries}.values())
        return entries
    return damaged


def spelt_path(path: Path) -> str:
    return spelt(functools.reduce(at, path[1:], path[0])) if path else ""


SAVE_ERROR = re.compile(r"(save|[a-z_]\w*)(\.\w+|\[(\d+|'[^']*')\])*: .+", re.S)
"""A SaveError's message: where, then what is wrong."""


def keeps_its_promise(intact: dict[str, Any], damaged: Any, load: Callable[[], Game], one_damage: bool) -> None:
    """``load`` refuses ``damaged`` with a SaveError naming the place when a difference is structural;
    loads it when it differs only by unknown keys (to the intact game); otherwise either refuses it,
    or loads exactly the game it describes, which saves again to itself and plays."""
    found = differences(intact, damaged)
    structural = [d for d in found if d[0] == REFUSED]
    try:
        game = load()
    except SaveError as error:
        message = str(error)
        assert SAVE_ERROR.fullmatch(message), f"the message does not start with where: {message!r}"
        assert any(verdict != IGNORED for verdict, _, _ in found), f"{message}: refused for {found or 'nothing'}"
        if one_damage and len(structural) == 1:  # the message names the place, or the object holding it
            place = structural[0][1]
            where = spelt_path(place[:-2] if place[-1:] and place[-1] in ARRAY_KEYS else place[:-1])
            assert message.startswith(where), f"{structural[0]}: refused as {message!r}, not at {where}"
        event("refused: structural" if structural else "refused: a value")
        return
    assert not structural, f"loaded, though {structural[:3]}"
    event("loaded: intact but for unknown keys" if all(verdict == IGNORED for verdict, _, _ in found) else "loaded: values")
    resaved = as_json(game)
    assert resaved == without_ignored(intact, damaged), "the loaded game is not the one the save describes"
    if all(verdict == IGNORED for verdict, _, _ in found):
        assert game.digest() == Game.from_dict(intact).digest()
    again = Game.from_text(json.dumps(game.to_dict()))
    assert again.digest() == game.digest() and as_json(again) == resaved
    survives_play(game)


# --- the promise ------------------------------------------------------------------------
@settings(max_examples=1500, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_a_damaged_save_is_refused_when_its_structure_is_broken_and_else_loads_as_it_says(
        data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(saves())), label="save")
    save = saves()[name]
    damages = data.draw(st.sampled_from([1, 1, 1, 2, 3]), label="damages")
    for _ in range(damages):
        save = damage(data.draw, save, name)
    keeps_its_promise(saves()[name], save, lambda: Game.from_dict(save), damages == 1)


@settings(max_examples=500, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_a_save_file_with_damaged_bytes_is_refused_when_broken_and_else_loads_as_it_says(
        data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(saves())), label="save")
    text = damaged_text(data.draw, json.dumps(saves()[name]).encode("utf-8"))
    try:
        parsed = json.loads(text)
    except (ValueError, RecursionError):
        with pytest.raises(SaveError, match=r"^save: (not valid JSON \(|nested too deeply)"):
            Game.from_text(text)
        event("refused: not JSON")
        return
    keeps_its_promise(saves()[name], parsed, lambda: Game.from_text(text), False)


def test_the_intact_saves_load_as_they_were_and_loading_leaves_them_alone() -> None:
    for name, save in saves().items():
        before = copy.deepcopy(save)
        game = Game.from_dict(save)
        assert as_json(game) == save, name
        assert Game.from_text(json.dumps(save)).digest() == game.digest()
        assert Game.from_dict(game.to_dict()).digest() == game.digest(), "to_dict's own tuples load too"
        survives_play(game)
        assert save == before, f"loading and playing {name!r} changed the save it was loaded from"


# --- the messages ---------------------------------------------------------------------------
def a_save(name: str = "dungeon") -> dict[str, Any]:
    return copy.deepcopy(saves()[name])


def test_a_save_from_another_version_is_refused_naming_the_version() -> None:
    save = a_save()
    older = SAVE_VERSION - 1
    with pytest.raises(SaveError, match=rf"^version: this save is from version {older}; this game reads version {SAVE_VERSION}$"):
        Game.from_dict({**save, "version": older})
    with pytest.raises(SaveError, match=r"version '3'"):
        Game.from_dict({**save, "version": "3"})


def test_an_unknown_monster_is_refused_naming_it_and_where_it_is() -> None:
    save = a_save()
    key = save["floor_key"]
    save["floors"][key]["actors"][0]["kind"] = "dragon"
    with pytest.raises(SaveError) as refused:
        Game.from_dict(save)
    assert str(refused.value) == f"floors[{key!r}].actors[0].kind: unknown monster 'dragon'"


def test_the_regions_themes_are_kept_and_an_unknown_one_is_refused() -> None:
    save = a_save()
    game = Game.from_dict(save)
    assert game.world.themes == save["world"]["themes"] and all(game.world.themes)  # (SPEC TER-2)
    save["world"]["themes"][1] = "lava_lake"
    with pytest.raises(SaveError, match=r"^world\.themes\[1\]: unknown theme 'lava_lake'$"):
        Game.from_dict(save)
    save["world"]["themes"] = save["world"]["themes"][:-1]
    with pytest.raises(SaveError, match=r"^world\.themes"):
        Game.from_dict(save)
    del save["world"]["themes"]
    assert Game.from_dict(save).world.themes == [""] * len(save["world"]["names"]), "an older save: no themes"


def test_an_unknown_item_is_refused() -> None:
    save = a_save()
    key = next(key for key, floor in save["floors"].items() if floor["items"])
    save["floors"][key]["items"][0]["kind"] = "wand_of_wishing"
    with pytest.raises(SaveError, match=rf"^floors\[{key!r}\]\.items\[0\]\.kind: unknown item 'wand_of_wishing'$"):
        Game.from_dict(save)
    save = a_save()
    save["inventory"]["weapon"] = "tnt"
    with pytest.raises(SaveError, match=r"^inventory\.weapon: 'tnt' is not worn as weapon$"):
        Game.from_dict(save)


def test_a_second_memory_of_one_door_is_refused_not_silently_dropped() -> None:
    key = "door_memory"  # (fixture use and smoke are keyed by tile the same way and refuse the same)
    save = a_save()
    floor_key, floor = next((k, f) for k, f in save["floors"].items() if f[key])
    entries = floor[key]
    entries.append(list(entries[0][:-1]) + [entries[0][-1]])
    with pytest.raises(SaveError, match=rf"^floors\[{floor_key!r}\]\.{key}\[{len(entries) - 1}\]: "):
        Game.from_dict(save)


def test_an_edge_code_out_of_range_is_refused() -> None:
    save = a_save()
    where = save["floors"][save["floor_key"]]["level"]["map"]
    north = decode_array(where["north"], "north", "u1", 2)
    north[3, 4] = len(Edge) + 3
    where["north"] = encode_array(north)
    with pytest.raises(SaveError, match=r"\.level\.map\.north: edge code 9 is not an edge \(0\.\.5\)$"):
        Game.from_dict(save)


def test_the_player_off_the_floor_is_refused() -> None:
    save = a_save()
    rooms = decode_array(save["floors"][save["floor_key"]]["level"]["map"]["rooms"], "rooms", "i4", 2)
    y, x = (int(n[0]) for n in np.nonzero(rooms < 0))
    save["player"]["x"], save["player"]["y"] = x, y
    with pytest.raises(SaveError, match=rf"^player: \({x}, {y}\) is not a floor tile$"):
        Game.from_dict(save)


def test_an_absurd_array_shape_is_refused_at_once() -> None:
    save = a_save()
    save["floors"][OVERWORLD]["level"]["map"]["rooms"]["shape"] = [10**6, 10**6]
    start = time.perf_counter()
    with pytest.raises(SaveError, match=r"^floors\.overworld\.level\.map\.rooms\.shape: .* holds more than"):
        Game.from_dict(save)
    assert time.perf_counter() - start < 0.5


def test_a_truncated_save_is_refused() -> None:
    text = json.dumps(saves()["dungeon"]).encode("utf-8")
    for length in (0, 1, len(text) // 3, len(text) - 1):
        with pytest.raises(SaveError, match=r"^save: not valid JSON \("):
            Game.from_text(text[:length])


@pytest.mark.parametrize("text, problem", [
    (b"\xff\xfe\x00garbage", "save: not valid JSON"),
    (b"[1, 2, 3]", "save: expected an object, not a list"),
    (b'{"version": %d}' % SAVE_VERSION, "save: missing 'seed_text'"),
    (b"[" * 100_000, "save: nested too deeply to be a save"),
    (None, "save: expected the text of a save, not null"),
])
def test_what_is_not_a_save_is_refused(text: bytes | None, problem: str) -> None:
    with pytest.raises(SaveError, match="^" + re.escape(problem)):
        Game.from_text(text)  # type: ignore[arg-type]
