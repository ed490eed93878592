"""The small checked readers every part of a save is read with (SPEC SAV-1, SAV-2).

A save from another version, or a damaged one, is refused with one ``SaveError`` (a
``ValueError``) whose message says where and what is wrong,
``floors['0:1'].actors[3].kind: unknown monster 'dragon'``; never with another exception.
Every part's ``from_dict`` reads its data with ``Fields``, ``as_int``, ``as_pos`` ...,
passing down the path of what it reads. This module imports no part of the world, so every
part can use it (``game.world.saving`` puts the whole run together).
"""

from __future__ import annotations

import base64
import builtins
import math
import reprlib
from typing import TYPE_CHECKING, Any, Collection, Literal, NoReturn, TypeAlias, cast, overload

import numpy as np
import numpy.typing as npt

from game.map.floor_map import OUTSIDE

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap

MAX_COUNT = 2**31 - 1
"""Ids, turns, counters and amounts: kept within numpy's index type in the browser (32 bits)."""
MAX_TEXT = 10_000
MAX_SIDE = 10_000
"""The widest and tallest map a save may hold (PERF-4's largest island)."""
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
    return cast(float, value)  # an int or a float, as it is


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
    checked = []
    for i, pair in enumerate(pairs):
        a, b = as_list(pair, at(where, i), 2)
        checked.append((as_int(a, at(at(where, i), 0), low, high), as_int(b, at(at(where, i), 1), low, high)))
    return checked


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

    @overload
    def integer(self, key: str, low: int, high: int, nullable: Literal[False] = False) -> int: ...
    @overload
    def integer(self, key: str, low: int, high: int, nullable: bool) -> int | None: ...

    def integer(self, key: str, low: int, high: int, nullable: bool = False) -> int | None:
        value = self.get(key)
        if type(value) is int and low <= value <= high or nullable and value is None:  # quickly
            return value
        return as_int(value, at(self.where, key), low, high)

    def number(self, key: str, low: float, high: float) -> float:
        return as_number(self.get(key), self.path(key), low, high)

    def flag(self, key: str) -> bool:
        return as_bool(self.get(key), self.path(key))

    @overload
    def text(self, key: str, nullable: Literal[False] = False) -> str: ...
    @overload
    def text(self, key: str, nullable: bool) -> str | None: ...

    def text(self, key: str, nullable: bool = False) -> str | None:
        value = self.get(key)
        return None if nullable and value is None else as_str(value, self.path(key))

    @overload
    def choice(self, key: str, choices: Collection[str], what: str, nullable: Literal[False] = False) -> str: ...
    @overload
    def choice(self, key: str, choices: Collection[str], what: str, nullable: bool) -> str | None: ...

    def choice(self, key: str, choices: Collection[str], what: str, nullable: bool = False) -> str | None:
        value = self.get(key)
        if type(value) is str and value in choices or nullable and value is None:  # quickly
            return value
        return as_choice(value, at(self.where, key), choices, what)

    def list(self, key: str, length: int | None = None) -> list[Any] | tuple[Any, ...]:
        return as_list(self.get(key), self.path(key), length)

    def entries(self, key: str, length: int | None = None) -> builtins.list[tuple[Any, Where]]:
        """A list's entries, each with its path."""
        path = self.path(key)
        return [(value, at(path, i)) for i, value in enumerate(as_list(self.get(key), path, length))]

    @overload
    def pos(self, key: str, area: FloorMap | None = None, on_floor: bool = False,
            nullable: Literal[False] = False) -> Pos: ...
    @overload
    def pos(self, key: str, area: FloorMap | None = None, on_floor: bool = False,
            nullable: bool = False) -> Pos | None: ...

    def pos(self, key: str, area: FloorMap | None = None, on_floor: bool = False, nullable: bool = False) -> Pos | None:
        value = self.get(key)
        return None if nullable and value is None else as_pos(value, self.path(key), area, on_floor)

    def tile(self, area: FloorMap | None) -> Pos:
        """The ``x`` and ``y`` fields: where an actor or an item stands, a floor tile of ``area``."""
        x, y = self.integer("x", -MAX_SIDE, MAX_SIDE), self.integer("y", -MAX_SIDE, MAX_SIDE)
        return check_tile(x, y, self.where, area, on_floor=True)


# --- numpy arrays ------------------------------------------------------------------------
MAX_ELEMENTS = (MAX_SIDE + 1) ** 2


def encode_array(array: npt.NDArray[Any]) -> dict[str, Any]:
    """``{"dtype", "shape", "data"}`` with the bytes in little-endian base64."""
    little = array.astype(array.dtype.newbyteorder("<"), copy=False)
    return {"dtype": array.dtype.str.lstrip("<>|="), "shape": list(array.shape),
            "data": base64.b64encode(np.ascontiguousarray(little).tobytes()).decode("ascii")}


def decode_array(data: Any, where: Where, dtype: str, ndim: int) -> npt.NDArray[Any]:
    """The array ``encode_array`` wrote, which must have this ``dtype`` (``"i4"``, ``"u1"``,
    ``"b1"``) and number of dimensions. The data's length is checked against the shape first."""
    fields = Fields(data, where)
    if fields.get("dtype") != dtype:
        fail(fields.path("dtype"), f"expected {dtype!r}, not {shown(fields.get('dtype'))}")
    shape = tuple(as_int(n, path, 0, MAX_ELEMENTS) for n, path in fields.entries("shape", ndim))
    if math.prod(shape) > MAX_ELEMENTS:
        fail(fields.path("shape"), f"{shape} holds more than {MAX_ELEMENTS} values")
    size = math.prod(shape) * np.dtype(dtype).itemsize
    text = fields.get("data")
    if not isinstance(text, str) or len(text) != 4 * -(-size // 3):
        fail(fields.path("data"), f"expected the base64 of {size} bytes")
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except ValueError as error:  # not ASCII, or not base64
        fail(fields.path("data"), f"not base64 ({error})")
    if len(raw) != size:
        fail(fields.path("data"), f"{len(raw)} bytes, not the {size} of shape {shape}")
    if dtype == "b1" and size and np.frombuffer(raw, np.uint8).max() > 1:
        fail(fields.path("data"), "a boolean that is neither 0 nor 1")
    little = np.dtype(dtype).newbyteorder("<")
    return np.frombuffer(raw, dtype=little).reshape(shape).astype(little.newbyteorder("="))
