"""The three stores ``game.tools.attack`` damages, seen from below the game's storage API
(the bytes of a file, the string under a ``localStorage`` key), and the good saves it starts
from: a run played a few turns with the autoplayer and saved twice, so a backup exists.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.storage.browser import BrowserStorage
from game.storage.memory import FakeWindow, MemoryStorage
from game.run.saves import DAMAGED_NAME, SAVE_NAME, Saves
from game.storage.storage import BACKUP, FileStorage, Storage
from game.tools.attack.damage import packed

SEED_TEXT = "attack"
TURNS = (30, 60, 90)  # the backup, the save, and a newer save still to be written


class Store:
    """A storage and its raw values (bytes for files, strings for the browser and memory)."""

    kind = ""
    storage: Storage

    def raw(self, name: str) -> Any:
        raise NotImplementedError

    def put(self, name: str, raw: Any) -> None:
        raise NotImplementedError

    def names(self) -> list[str]:
        raise NotImplementedError

    def held(self, data: bytes) -> Any:
        """The raw value this store holds for a value written as ``data``."""
        raise NotImplementedError

    def aside(self) -> list[str]:
        """The names damaged saves are kept under (``save-damaged.json``, ``save-damaged-2.json``...)."""
        stem, _, ext = DAMAGED_NAME.rpartition(".")
        pattern = re.compile(re.escape(stem) + r"(-\d+)?" + re.escape("." + ext))
        return sorted(n for n in self.names() if pattern.fullmatch(n))

    def describe(self) -> str:
        return self.kind


class FileStore(Store):
    kind = "FileStorage"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.storage = FileStorage(folder)

    def raw(self, name: str) -> Any:
        path = self.folder / name
        if not os.path.lexists(path):
            return None
        mode = os.lstat(path).st_mode
        if stat.S_ISREG(mode):
            return path.read_bytes()
        if stat.S_ISLNK(mode):
            return ("symlink", os.readlink(path))
        if stat.S_ISDIR(mode):
            return ("folder", sorted(os.listdir(path)))
        return ("special", stat.S_IFMT(mode))

    def put(self, name: str, raw: Any) -> None:
        (self.folder / name).write_bytes(raw)

    def names(self) -> list[str]:
        return sorted(os.listdir(self.folder)) if self.folder.is_dir() else []

    def held(self, data: bytes) -> Any:
        return data

    def describe(self) -> str:
        return f"FileStorage({self.folder})"


class BrowserStore(Store):
    kind = "BrowserStorage"
    prefix = "threshold/"

    def __init__(self, quota: int | None = None) -> None:
        window = FakeWindow(quota)
        self.window: FakeWindow | None = window  # None: the memory store has none
        self.storage = BrowserStorage(window, self.prefix)
        self.items = window.localStorage.items

    def raw(self, name: str) -> Any:
        return self.items.get(self.prefix + name)

    def put(self, name: str, raw: Any) -> None:
        self.items[self.prefix + name] = raw

    def names(self) -> list[str]:
        return sorted(k[len(self.prefix):] for k in self.items if k.startswith(self.prefix))

    def held(self, data: bytes) -> Any:
        return packed(data)


class MemoryStore(BrowserStore):
    kind = "MemoryStorage"

    def __init__(self, quota: int | None = None) -> None:
        self.storage = MemoryStorage(quota)
        self.window = None
        self.prefix = self.storage.prefix
        self.items = self.storage.local.items

    def held(self, data: bytes) -> Any:
        return data.decode("utf-8", "surrogateescape")  # a JS string may hold lone surrogates too


def make_store(kind: str, scratch: Path, quota: int | None = None) -> Store:
    if kind == "file":
        return FileStore(scratch / "saves")
    return BrowserStore(quota) if kind == "browser" else MemoryStore(quota)


@dataclass(frozen=True)
class GoodSaves:
    texts: tuple[str, ...]  # save.json's text at each of TURNS
    digests: tuple[str, ...]  # the game's digest when loaded

    def loaded(self, which: int) -> Any:
        """A fresh ``Loaded`` of good save ``which`` (0 the backup, 1 the save, 2 the newer)."""
        saves = Saves(MemoryStorage())
        saves.storage.write(SAVE_NAME, self.texts[which])
        return saves.load()


@functools.lru_cache(maxsize=1)
def good_saves() -> GoodSaves:
    from game.bot.autoplay import Autoplayer, play_on
    from game.run.run import Run

    run, bot = Run.new(SEED_TEXT), Autoplayer()
    texts, digests = [], []
    for turns in TURNS:
        play_on(run, bot, turns)
        saves = Saves(MemoryStorage())
        saves.save(run, bot.memory())
        text = saves.storage.read(SAVE_NAME)
        assert text is not None, "saved just above"
        texts.append(text)
        digests.append(saves.load().run.game.digest())
    return GoodSaves(tuple(texts), tuple(digests))


def write_good(store: Store, count: int = 2) -> None:
    """The first ``count`` good saves, written in turn: with 2, ``save.json`` and its backup."""
    for text in good_saves().texts[:count]:
        store.storage.write(SAVE_NAME, text)


def backup_name() -> str:
    return SAVE_NAME + BACKUP


def digest_of(loaded: Any) -> str | None:
    try:
        return loaded.run.game.digest()
    except Exception:  # noqa: BLE001 - a damaged run that cannot even digest: no digest
        return None


def doc_of(text: str) -> dict[str, Any]:
    return json.loads(text)
