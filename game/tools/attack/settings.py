"""Family ``settings`` of ``game.tools.attack``: a damaged ``settings.json`` beside the saves.

Garbage, wrong types, NaN, a huge file, deep nesting, a folder, a named pipe or a link to
``/dev/zero`` in its place, bytes that are not UTF-8. ``load_settings`` (what the game does
at start) must give the defaults and a message for a file it cannot use, and never raise;
``main.py --headless --seed 1 --save-dir D --keys x`` must start and exit 0, not hang;
and the file must still be there, exactly as it was. Past the fixed cases, one in three is a garbled
value in the browser's storage instead (in-process only).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from game.tools.attack.damage import damage_bytes, edit_field, garbled_browser_value
from game.tools.attack.harness import ROOT, Case, Family, check_outcome, run_command, shown
from game.tools.attack.stores import BrowserStore, FileStore

Make = Callable[[Path], object]  # writes the settings file (what it returns is not used)
GOOD = '{"version": 1, "master_volume": 0.5, "effects_volume": 0.8, "muted": true, "reduce_motion": false}'


def text(value: str | bytes) -> Make:
    data = value.encode("utf-8") if isinstance(value, str) else value
    return lambda path: path.write_bytes(data)


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.json").write_text(GOOD, encoding="utf-8")


def _spaces(megabytes: int) -> Make:
    def make(path: Path) -> None:
        with open(path, "wb") as handle:
            handle.write(b" " * (megabytes * 1024 * 1024))
            handle.write(b"{}")
    return make


# (what, make it, whether the game must say it could not read it: True, False, or None for either)
FIXED: list[tuple[str, Make, bool | None]] = [
    ("random bytes", text(bytes(range(256)) * 2), True),
    ("not UTF-8", text(GOOD.encode("utf-8")[:20] + b"\xff\xfe" + GOOD.encode("utf-8")[20:]), True),
    ("an empty file", text(b""), True),
    ("an empty table", text("{}"), False),
    ("good options", text(GOOD), False),
    ("a volume as a word", text('{"master_volume": "loud"}'), True),
    ("a volume of NaN", text('{"master_volume": NaN}'), True),
    ("a volume of 1e400", text('{"effects_volume": 1e400}'), True),
    ("muted as 1", text('{"muted": 1}'), True),
    ("version 1.0", text('{"version": 1.0}'), None),
    ("a newer version", text('{"version": 2, "muted": true}'), False),
    ("a list", text("[1, 2, 3]"), True),
    ("lists nested 100000 deep", text("[" * 100_000 + "]" * 100_000), True),
    ("5 MiB of spaces, then {}", _spaces(5), None),
    ("65 MiB of spaces, then {}", _spaces(65), None),
    ("a folder named settings.json", _folder, True),
    ("a named pipe named settings.json", lambda path: os.mkfifo(path), True),
    ("a link to /dev/zero", lambda path: os.symlink("/dev/zero", path), True),
    ("a link to nowhere", lambda path: os.symlink(path.parent / "nowhere", path), None),
    ("a byte-order mark first", text(b"\xef\xbb\xbf" + GOOD.encode("utf-8")), None),
    ("null", text("null"), True),
    ("colour_blind as a word", text('{"colour_blind": "yes"}'), True),
    ("reduce_motion null", text('{"reduce_motion": null}'), True),
    ("a 5000-digit volume", text('{"master_volume": ' + "9" * 5000 + "}"), True),
    ("a key given twice", text('{"muted": true, "muted": false}'), False),
    ("a version of -1", text('{"version": -1}'), True),
]


def random_damage(case: Case) -> tuple[str, Make, bool | None]:
    if case.rng.random() < 0.5:
        what, data = damage_bytes(case.rng, GOOD.encode("utf-8"))
        return what, text(data), None
    what, new = edit_field(case.rng, json.loads(GOOD), [["master_volume"], ["muted"], ["version"]])
    return what, text(new.encode("utf-8", "surrogatepass")), None


def run(case: Case) -> None:
    from game.app.settings import SETTINGS_NAME

    if case.index >= len(FIXED) and case.index % 3 == 0:
        return in_browser(case, SETTINGS_NAME)
    what, make, unreadable = FIXED[case.index] if case.index < len(FIXED) else random_damage(case)
    case.label = f"settings.json: {what}"
    store = FileStore(case.scratch / "saves")
    make(store.folder / SETTINGS_NAME)
    before = store.raw(SETTINGS_NAME)
    loaded(case, store, unreadable)
    args = ["main.py", "--headless", "--seed", "1", "--save-dir", str(store.folder), "--keys", "x"]
    outcome = run_command([str(ROOT / "main.py"), *args[1:]], case.hang, case.scratch)
    check_outcome(case, outcome, {0}, shown(args), "the game's start")
    if store.raw(SETTINGS_NAME) != before:
        case.fail("data lost", "settings.json was changed or removed by loading it or by starting the game",
                  shown(args))


def loaded(case: Case, store: FileStore | BrowserStore, unreadable: bool | None) -> None:
    """What the game does at start: the options, or the defaults and a message; never an exception."""
    from game.app.settings import Settings, load_settings

    answer = case.guard("load_settings()", lambda: case.hook("load_settings", load_settings)(store.storage))
    if answer is None:
        return
    settings, message = answer
    if unreadable and (not message or settings != Settings()):
        case.fail("no message", f"an unreadable file gave {settings} and the message {message!r}, "
                                "not the defaults and a message")
    if unreadable is False and message:
        case.fail("exit status", f"good options were refused: {message}")


def in_browser(case: Case, name: str) -> None:
    store = BrowserStore()
    what, value = garbled_browser_value(case.rng, GOOD.encode("utf-8"))
    case.label = f"settings in the browser's storage: {what}"
    store.put(name, value)
    loaded(case, store, None if value == store.held(GOOD.encode("utf-8")) else True)
    if store.raw(name) != value:
        case.fail("data lost", "the unreadable options were changed or removed by loading them")


FAMILY = Family("settings", "a damaged settings.json: the game starts with the defaults and says so",
                {"small": 36, "full": 200}, run, commands=1, chunk=12)
