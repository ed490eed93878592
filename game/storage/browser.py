"""The browser's storage (SPEC SAV-1, SAV-2): the page's ``localStorage`` through pygbag's
``platform.window``, each value compressed (zlib, then base64) and marked, because the browser
allows about 5 MB per site. When that is full the browser refuses the write: the player is told
it was not saved, and the previous save is still there.

No pygame here: the world-only browser runtime runs this module.

>>> unpack(pack("Þröskuldur"), "a test")
'Þröskuldur'
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import zlib
from typing import Any

from game.storage.storage import APP, BACKUP, Storage, StorageError, aside_names, check_name

_MARK = "z1:"  # a compressed value (zlib + base64); anything else under our keys is foreign
_LEVEL = 1
"""zlib's level: a run's save (about 400 KB of JSON) packs to 31 KB at 1, 26 KB at 6 (9 is 6 times
slower again for 5 % less); on a throttled phone 6 took 17 ms of the frame that writes it."""


class BrowserStorage(Storage):
    """The page's ``localStorage`` (strings only, atomic per key), keys under ``prefix``,
    values compressed and marked so a foreign value is reported, never mis-read."""

    def __init__(self, window: Any, prefix: str = APP + "/") -> None:
        self.local = window.localStorage  # raises where the browser forbids storage: see game.run.saves.default_storage
        self.prefix = prefix

    def key(self, name: str) -> str:
        return self.prefix + check_name(name)

    def describe(self, name: str) -> str:
        return f"the browser's localStorage ({self.key(name)})"

    def full(self) -> str:
        """What a refusal for lack of room means, for the player."""
        return ("The browser's storage for this site is full (about 5 MB): it was not saved. "
                "The previous save is still there; clearing this site's data in the browser makes room.")

    def pack(self, text: str) -> str:
        return pack(text)

    def unpack(self, value: str, where: str) -> str:
        return unpack(value, where)

    def read(self, name: str) -> str | None:
        return self._unpacked(self.key(name), self.describe(name))

    def read_backup(self, name: str) -> str | None:
        return self._unpacked(self.key(name) + BACKUP, self.describe(name + BACKUP))

    def _unpacked(self, key: str, where: str) -> str | None:
        value = self._get(key)
        return None if value is None else self.unpack(value, where)

    def write(self, name: str, text: str) -> None:
        key, backup = self.key(name), self.key(name) + BACKUP
        try:
            packed = self.pack(text)
        except UnicodeEncodeError as error:  # a lone surrogate, from text that never was UTF-8
            raise StorageError(f"{self.describe(name)} was not saved: its text cannot be written as UTF-8.") from error
        old = self._get(key)
        refusal = self._set(key, packed)
        if refusal is not None:
            refusal = self._set_in_room_of(backup, key, packed)
        if refusal is not None:
            if "quota" in f"{type(refusal).__name__} {refusal}".lower():
                raise StorageError(self.full()) from refusal
            raise StorageError(f"The browser refused to store {self.describe(name)} ({refusal}): it was not "
                               "saved. The previous save is still there.") from refusal
        if old is not None and self._good(old):  # only now, the new value stored: the backup moves on
            self._set(backup, old)  # no room for it: the older backup stays as it was

    def _set_in_room_of(self, backup: str, key: str, packed: str) -> Exception | None:
        """Store ``packed`` under ``key`` in the room the (older) ``backup`` takes; when even that
        is not enough, the backup is put back. The browser's refusal, or None."""
        stale = self._get(backup)
        if stale is None:
            return self._set(key, packed)
        if (over := self._set(backup, stale)) is not None:  # not even what is there fits: over the quota
            return over  # (it shrank, or another page filled it): freeing the backup would only lose it
        self._forget(backup)
        refusal = self._set(key, packed)
        if refusal is not None:
            self._set(backup, stale)  # its own room was just freed
        return refusal

    def delete(self, name: str) -> None:
        for key in (self.key(name), self.key(name) + BACKUP):
            self._remove(key)

    def drop_backup(self, name: str) -> None:
        self._remove(self.key(name) + BACKUP)

    def set_aside(self, name: str, aside: str) -> str | None:
        key = self.key(name)
        value = self._get(key)  # the stored string as it is, packed or garbled: never unpacked here
        if value is None:
            return None
        names = aside_names(aside)
        kept = next((n for n in names if self._get(self.key(n)) is None), names[-1])
        refusal = self._set(self.key(kept), value)
        if refusal is not None:
            raise StorageError(f"Could not keep {self.describe(name)} aside ({refusal}).") from refusal
        self._remove(key)
        return kept

    def exists(self, name: str) -> bool:
        return self._get(self.key(name)) is not None

    def _remove(self, key: str) -> None:
        try:
            self.local.removeItem(key)
        except Exception as error:  # a JS exception comes through as a plain Exception
            raise StorageError(f"Could not delete {key} from the browser's storage ({error}).") from error

    def _get(self, key: str) -> str | None:
        try:
            value = self.local.getItem(key)
        except Exception as error:  # a JS exception comes through as a plain Exception
            raise StorageError(f"Could not read {key} from the browser's storage ({error}).") from error
        if value is None or (not isinstance(value, str) and str(value) in ("null", "undefined")):
            return None  # JS null, however the bridge hands it over
        return str(value)

    def _set(self, key: str, value: str) -> Exception | None:
        """Store ``value`` under ``key``; the browser's refusal (QuotaExceededError), or None."""
        try:
            self.local.setItem(key, value)
        except Exception as refusal:  # pygbag turns the DOMException into a plain Exception
            return refusal
        return None

    def _forget(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.local.removeItem(key)

    def _good(self, value: str) -> bool:
        try:
            self.unpack(value, "")
        except StorageError:
            return False
        return True


def pack(text: str) -> str:
    """``text`` as the browser stores it: marked, compressed, base64 (ASCII)."""
    return _MARK + base64.b64encode(zlib.compress(text.encode("utf-8"), _LEVEL)).decode("ascii")


def unpack(value: str, where: str) -> str:
    """The text ``pack`` made ``value`` from; ``StorageError`` naming ``where`` if it is not one."""
    if not value.startswith(_MARK):
        raise StorageError(f"{where} holds something Threshold did not write; it was left as it is.")
    try:
        return zlib.decompress(base64.b64decode(value[len(_MARK):], validate=True)).decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        raise StorageError(f"{where} is damaged and cannot be read ({error}).") from error
