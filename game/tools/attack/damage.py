"""Damage for ``game.tools.attack``: what a disk, a browser, an editor or a person does to a
file, drawn from a seeded ``random.Random``. Each function returns what it did, in words,
and the damaged value.

>>> import random
>>> what, data = damage_bytes(random.Random(1), b'{"a": 1}')
>>> isinstance(what, str) and isinstance(data, bytes)
True
>>> edit_text({"a": [1, 2]}, ["a", 1], "NaN")
'{"a":[1,NaN]}'
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

Path_ = list[str | int]  # where in a JSON document: keys and indices from the top
_HOLE = "@@attack-value@@"
BAD_UTF8 = (b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\xc0\xaf", b"\xf8\x88\x80\x80\x80", b"\x80")


def damage_bytes(rng: random.Random, data: bytes) -> tuple[str, bytes]:
    """Truncation, bit flips, bytes put in or taken out, or bytes that are not UTF-8."""
    kind = rng.choice(("truncate", "flip", "insert", "delete", "utf8"))
    size = len(data)
    if kind == "truncate":
        cut = rng.choice((0, 1, size // 2, size - 1, rng.randrange(max(size, 1))))
        return f"truncated to {cut} of {size} bytes", data[:cut]
    buffer = bytearray(data)
    if kind == "flip":
        spots = sorted(rng.randrange(size) for _ in range(rng.choice((1, 1, 2, 8))))
        for spot in spots:
            buffer[spot] ^= 1 << rng.randrange(8)
        return f"bits flipped at bytes {spots[:4]}", bytes(buffer)
    if kind == "insert":
        spot = rng.randrange(size + 1)
        junk = bytes(rng.randrange(256) for _ in range(rng.choice((1, 3, 16))))
        return f"{len(junk)} bytes {junk[:8]!r} put in at byte {spot}", data[:spot] + junk + data[spot:]
    if kind == "delete":
        spot = rng.randrange(size)
        length = rng.choice((1, 2, 50, 5000))
        return f"{length} bytes taken out at byte {spot}", data[:spot] + data[spot + length:]
    spot = rng.randrange(size + 1)
    junk = rng.choice(BAD_UTF8)
    return f"non-UTF-8 bytes {junk!r} put in at byte {spot}", data[:spot] + junk + data[spot:]


def bad_value(rng: random.Random) -> tuple[str, str]:
    """A value a field should not hold, as JSON text (NaN and deep nesting included)."""
    choices: list[tuple[str, Any]] = [
        ("a string", '"text"'), ("an empty string", '""'), ("null", "null"), ("true", "true"),
        ("false", "false"), ("an empty list", "[]"), ("an empty table", "{}"), ("0", "0"), ("1.5", "1.5"),
        ("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity"), ("-1", "-1"),
        ("-2**31", str(-2 ** 31)), ("2**63", str(2 ** 63)), ("10**30", str(10 ** 30)),
        ("a 5000-digit number", "9" * 5000), ("1e400", "1e400"), ("-0.0", "-0.0"),
        ("a list nested 60 deep", "[" * 60 + "]" * 60), ("a list nested 100000 deep", "[" * 100_000 + "]" * 100_000),
        ("a million-character string", json.dumps("é" * 1_000_000, ensure_ascii=False)),
        ("a list of 100000 zeros", "[" + ",".join("0" * 100_000) + "]"),
        ("a lone surrogate", '"\\ud800"'), ("a right-to-left override", '"\\u202eevil"'),
        ("a number as a string", '"12"'), ("a list of strings", '["a", "b"]'),
    ]
    return rng.choice(choices)


def random_path(rng: random.Random, doc: Any, stop: float = 0.2, dicts_only: bool = False) -> Path_:
    """A random place in ``doc``: down random keys and indices, stopping now and then."""
    path: Path_ = []
    node = doc
    while isinstance(node, (dict, list)) and node:
        if path and rng.random() < stop:
            break
        if isinstance(node, dict):
            key = rng.choice(list(node))
            if dicts_only and not isinstance(node[key], dict):
                break
            path.append(key)
            node = node[key]
        else:
            if dicts_only:
                break
            spot = rng.randrange(len(node))
            path.append(spot)
            node = node[spot]
    return path


def get(doc: Any, path: Path_) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def edit_text(doc: Any, path: Path_, value_text: str) -> str:
    """``doc`` as compact JSON with the value at ``path`` replaced by ``value_text`` (any JSON text,
    even what ``json.dumps`` would not write)."""
    copy = json.loads(json.dumps(doc))
    if not path:
        return value_text
    get(copy, path[:-1])[path[-1]] = _HOLE
    return json.dumps(copy, ensure_ascii=False, separators=(",", ":")).replace(json.dumps(_HOLE), value_text, 1)


def remove_key(rng: random.Random, doc: dict[str, Any]) -> tuple[str, str]:
    """``doc`` without one key, somewhere."""
    copy = json.loads(json.dumps(doc))
    path = random_path(rng, copy, stop=0.4, dicts_only=True)
    parent = get(copy, path)
    key = rng.choice(list(parent))
    del parent[key]
    return f"key {path + [key]} removed", json.dumps(copy, ensure_ascii=False, separators=(",", ":"))


def edit_field(rng: random.Random, doc: Any, favourites: list[Path_]) -> tuple[str, str]:
    """``doc`` with one field (a favourite half the time, else anywhere) set to a bad value."""
    path = list(rng.choice(favourites)) if favourites and rng.random() < 0.5 else random_path(rng, doc)
    with_value = [p for p in favourites if _has(doc, p)]
    if not _has(doc, path):
        path = rng.choice(with_value) if with_value else []
    label, value = bad_value(rng)
    return f"{path} set to {label}", edit_text(doc, path, value)


def version_edit(rng: random.Random, doc: dict[str, Any], key: str = "version") -> tuple[str, str]:
    """The format's version as another number, a float, a string, a boolean... (or, for a key
    holding a name such as ``format``, another name)."""
    version = doc.get(key, 1)
    if not isinstance(version, int):
        name = str(version)
        label, value = rng.choice([
            ("another format", '"threshold-recording"'), ("an empty name", '""'), ("its name in capitals",
                                                                                  json.dumps(name.upper())),
            ("its name with a space", json.dumps(name + " ")), ("null", "null"), ("a number", "1")])
        return f"{key} set to {label}", edit_text(doc, [key], value)
    label, value = rng.choice([
        (f"{version}.0 (a float)", f"{version}.0"), ("the next version", str(version + 1)),
        ("the one before", str(version - 1)), ("0", "0"), ("-1", "-1"), (f'"{version}" (a string)', f'"{version}"'),
        ("true", "true"), ("null", "null"), ("NaN", "NaN"), ("1e400", "1e400"), (f"{version}.5", f"{version}.5"),
    ])
    return f"{key} set to {label}", edit_text(doc, [key], value)


def _has(doc: Any, path: Path_) -> bool:
    try:
        get(doc, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def packed(data: bytes) -> str:
    """``data`` as the browser keeps a value (``game.storage.browser.pack``, for any bytes)."""
    return "z1:" + base64.b64encode(zlib.compress(data, 6)).decode("ascii")


def garbled_browser_value(rng: random.Random, data: bytes) -> tuple[str, str]:
    """A ``localStorage`` value the game did not write, or wrote and lost part of."""
    good = packed(data)
    body = good[3:]
    choices = [
        ("the value without its z1: mark", body), ("the text itself, unpacked", data.decode("utf-8", "replace")),
        ("an empty value", ""), ("z1: alone", "z1:"), ("bad base64 (a '!' put in)", "z1:" + body[:40] + "!" + body[40:]),
        ("base64 cut mid-quantum", "z1:" + body[:-3]), ("good base64 of a truncated zlib stream",
                                                       packed(data)[:3] + base64.b64encode(
                                                           zlib.compress(data, 6)[:-20]).decode("ascii")),
        ("good base64 of random bytes", "z1:" + base64.b64encode(rng.randbytes(64)).decode("ascii")),
        ("zlib of bytes that are not UTF-8", packed(b"\xff\xfe" + data[:100])),
        ("another program's mark", "z2:" + body), ("JavaScript's null as text", "null"),
        ("JavaScript's undefined as text", "undefined"),
    ]
    return rng.choice(choices)
