"""The fixed cases of the ``replays`` family of ``game.tools.attack``: one each of the damage a
recording must be refused for (exit 2) or found out of sync by (exit 1, or 2), and the intact
one (exit 0). Each is ``(what, expected exit statuses, make(path, original document, text))``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.tools.attack.damage import edit_text

Make = Callable[[Path, dict[str, Any], str], None]
ANOTHER_DIGEST = "0" * 63 + "1"


def _dumped(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def changed(edit: Callable[[dict[str, Any]], Any]) -> Make:
    """A copy of the document, changed by ``edit`` (which changes it in place or returns the text)."""
    def make(path: Path, original: dict[str, Any], text: str) -> None:
        doc = json.loads(text)
        result = edit(doc)
        path.write_text(result if isinstance(result, str) else _dumped(doc), encoding="utf-8")
    return make


def raw(value: Callable[[dict[str, Any], str], bytes]) -> Make:
    def make(path: Path, original: dict[str, Any], text: str) -> None:
        path.write_bytes(value(original, text))
    return make


def field(where: list[str | int], value_text: str) -> Make:
    return changed(lambda doc: edit_text(doc, where, value_text))


def _other_digest(point: list[Any]) -> None:
    point[3] = ANOTHER_DIGEST if point[3] != ANOTHER_DIGEST else "f" * 64


def _extended(doc: dict[str, Any], extra: int, last: Any = None) -> None:
    doc["commands"] += [["wait"]] * extra + ([last] if last is not None else [])
    if doc.get("trace") is not None:
        doc["trace"] += "00" * (extra + (last is not None))


def _folder(path: Path, original: dict[str, Any], text: str) -> None:
    path.mkdir()
    (path / "inside.json").write_text(text, encoding="utf-8")


def _fifo(path: Path, original: dict[str, Any], text: str) -> None:
    os.mkfifo(path)


def _zero(path: Path, original: dict[str, Any], text: str) -> None:
    os.symlink("/dev/zero", path)


def _huge(path: Path, original: dict[str, Any], text: str) -> None:
    with open(path, "wb") as handle:  # valid JSON, but bigger than any recording: 65 MiB of spaces first
        handle.write(b" " * (65 * 1024 * 1024))
        handle.write(text.encode("utf-8"))


FIXED: list[tuple[str, set[int], Make]] = [
    ("intact", {0}, changed(lambda doc: None)),
    ("a checkpoint's digest changed", {1}, changed(lambda doc: _other_digest(doc["checkpoints"][1]))),
    ("the final digest changed", {1}, changed(lambda doc: _other_digest(doc["final"]))),
    ("a checkpoint at command 0 with a bogus digest", {1, 2},
     changed(lambda doc: doc["checkpoints"].insert(0, [0, 0, doc["checkpoints"][0][2], ANOTHER_DIGEST]))),
    ("a checkpoint given twice, the first with a bogus digest", {1, 2},
     changed(lambda doc: doc["checkpoints"].insert(1, doc["checkpoints"][1][:3] + [ANOTHER_DIGEST]))),
    ("a checkpoint past the last command", {2},
     changed(lambda doc: doc["checkpoints"].append([len(doc["commands"]) + 1] + doc["final"][1:]))),
    ("the final checkpoint past the last command", {2},
     changed(lambda doc: doc["final"].__setitem__(0, len(doc["commands"]) + 1))),
    ("the final checkpoint at command 0", {1, 2}, changed(lambda doc: doc["final"].__setitem__(0, 0))),
    ("a command with an unknown letter", {2}, changed(lambda doc: doc["commands"][7].__setitem__(0, "q"))),
    ("a command named in capitals", {2}, changed(lambda doc: doc["commands"][3].__setitem__(0, "MOVE"))),
    ("an empty command", {2}, changed(lambda doc: doc["commands"].__setitem__(4, []))),
    ("200 000 more commands after the final checkpoint", {1, 2}, changed(lambda doc: _extended(doc, 200_000))),
    ("200 000 more commands, the last one malformed", {2}, changed(lambda doc: _extended(doc, 200_000, ["jump"]))),
    ("version 1.0 (a float)", {2}, field(["version"], "1.0")),
    ("save_version as a float", {2}, changed(lambda doc: _dumped(doc).replace(
        f'"save_version":{doc["save_version"]}', f'"save_version":{doc["save_version"]}.0'))),
    ("version true", {2}, field(["version"], "true")),
    ("another seed", {1, 2}, field(["seed"], '"attack-replay-2"')),
    ("another start", {1, 2}, field(["start"], '"dungeon"')),
    ("commands null", {2}, field(["commands"], "null")),
    ("a checkpoint's digest as a number", {2}, field(["checkpoints", 0, 3], "12345")),
    ("checkpoints as a table", {2}, field(["checkpoints"], "{}")),
    ("the final turn one more", {1, 2}, changed(lambda doc: doc["final"].__setitem__(1, doc["final"][1] + 1))),
    ("the final floor another", {1, 2}, field(["final", 2], '"1:1"')),
    ("a move by 1.0", {2}, field(["commands", 0, 1], "1.0")),
    ("a move by true", {2}, field(["commands", 0, 1], "true")),
    ("a note of an unknown tone", {2}, changed(lambda doc: next(c for c in doc["commands"] if c[0] == "note")
                                               .__setitem__(2, "shouting"))),
    ("a byte-order mark first", {0, 2}, raw(lambda doc, text: b"\xef\xbb\xbf" + text.encode("utf-8"))),
    ("an empty file", {2}, raw(lambda doc, text: b"")),
    ("not UTF-8", {2}, raw(lambda doc, text: text.encode("utf-8")[:500] + b"\xff\xfe" + text.encode("utf-8")[500:])),
    ("a folder", {2}, _folder),
    ("a named pipe (nobody writes to it)", {2}, _fifo),
    ("a link to /dev/zero", {2}, _zero),
    ("65 MiB of spaces before it", {2}, _huge),
    ("nested 100000 lists deep", {2}, raw(lambda doc, text: b"[" * 100_000 + b"]" * 100_000)),
    ("a 5000-digit move", {2}, field(["commands", 0, 1], "9" * 5000)),
    ("NaN as a checkpoint's turn", {2}, field(["checkpoints", 0, 1], "NaN")),
    ("one byte of the trace changed", {1, 2}, changed(lambda doc: doc.__setitem__(
        "trace", doc["trace"][:40] + ("00" if doc["trace"][40:42] != "00" else "01") + doc["trace"][42:]))),
    ("no trace (a recording from before traces)", {0}, field(["trace"], "null")),
    ("a trace one byte short", {2}, changed(lambda doc: doc.__setitem__("trace", doc["trace"][:-2]))),
    ("a JSON list", {2}, raw(lambda doc, text: b"[1, 2, 3]")),
    ("a save given as a recording", {2}, field(["format"], '"threshold-save"')),
    ("a seed of a million characters", {1, 2}, field(["seed"], json.dumps("s" * 1_000_000))),
    ("a checkpoint's floor of 10 000 characters", {2}, field(["checkpoints", 0, 2], json.dumps("x" * 10_000))),
    ("a checkpoint at turn -1", {2}, field(["checkpoints", 0, 1], "-1")),
    ("checkpoints out of order", {2}, changed(lambda doc: doc["checkpoints"].reverse())),
]
