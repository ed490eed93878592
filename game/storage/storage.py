"""Where saves, recordings and options live (SPEC SAV-1, SAV-2, LAY-5), behind one small interface.

Desktop: files in the user's data folder, by the platform's convention, each written atomically (a
temporary file, flushed and synced, then renamed over the old one), the previous good copy kept beside
it as ``NAME.bak``. The backup changes only once the new value is in place: a write that fails leaves
both the value and its backup as they were; a killed write's temporary file goes at the next start
(``FileStorage.sweep``). Browser: the page's ``localStorage``, values compressed (``BrowserStorage``).
Tests use ``game.storage.memory.MemoryStorage``, a fake with the same behaviour (quota included).

No pygame here: the world-only browser runtime runs this module.

>>> from game.storage.memory import MemoryStorage
>>> storage = MemoryStorage()
>>> storage.write("note.txt", "one"); storage.write("note.txt", "two")
>>> storage.read("note.txt"), storage.read_backup("note.txt"), storage.read("other.txt")
('two', 'one', None)
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

APP = "threshold"
BACKUP = ".bak"  # the previous good value of NAME is kept as NAME.bak
MAX_READ = 64 * 1024 * 1024
"""The largest file read (a save of 200 000 commands is about 5 MB): anything bigger is not ours."""
ASIDE_SLOTS = 9
"""How many values set aside are kept under one name (``save-damaged.json``, ``save-damaged-2.json``, ...)."""
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,99}")
TEMPORARY = ".tmp-"  # a write's temporary file: this, then tempfile's 8 random characters
_TEMPORARY = re.compile(r"\.tmp-[a-z0-9_]{8}")  # no storage name starts with "."
STALE_AFTER = 60.0
"""Seconds after which a temporary file is a leftover: another copy of the game may be writing now (a
5 MB save, synced, takes under a second)."""


class StorageError(Exception):
    """Storage refused a read or a write; the message says what failed and what it means."""


def check_name(name: str) -> str:
    """``name`` if it is a plain file name (letters, digits, ``.``, ``_``, ``-``); else ValueError."""
    if not isinstance(name, str) or not _NAME.fullmatch(name) or ".." in name:
        raise ValueError(f"not a storage name: {name!r} (a plain file name of letters, digits, '.', '_', '-')")
    return name


class Storage:
    """A few named texts that outlive the program. Every write keeps the previous good value."""

    def read(self, name: str) -> str | None:
        """The text stored as ``name``; None when absent; ``StorageError`` when present but unreadable."""
        raise NotImplementedError

    def write(self, name: str, text: str) -> None:
        """Store ``text`` as ``name`` in one piece, keeping the previous good value as its backup."""
        raise NotImplementedError

    def read_backup(self, name: str) -> str | None:
        """The value ``name`` held before its last write (None if there is none)."""
        raise NotImplementedError

    def delete(self, name: str) -> None:
        """Remove ``name`` and its backup (absent is fine)."""
        raise NotImplementedError

    def drop_backup(self, name: str) -> None:
        """Remove the backup of ``name`` only (absent is fine)."""
        raise NotImplementedError

    def set_aside(self, name: str, aside: str) -> str | None:
        """Move the value of ``name``, whatever it holds (even bytes no reader accepts), to the
        first free name of ``aside_names(aside)``, unchanged; ``name``'s backup stays where it is.
        The name it is kept under, or None when ``name`` is absent; ``StorageError`` if it
        cannot be moved (then it is still under ``name``)."""
        raise NotImplementedError

    def exists(self, name: str) -> bool:
        raise NotImplementedError

    def describe(self, name: str) -> str:
        """Where ``name`` lives, in words for a message or the docs."""
        raise NotImplementedError


def aside_names(aside: str) -> list[str]:
    """Where values set aside under ``aside`` go, in order: the first free one is used, and
    when all are taken the last is replaced (the older ones are kept).

    >>> aside_names("save-damaged.json")[:3]
    ['save-damaged.json', 'save-damaged-2.json', 'save-damaged-3.json']
    """
    stem, dot, ext = check_name(aside).rpartition(".")
    stem, ext = (stem, dot + ext) if stem else (ext, "")
    return [aside] + [f"{stem}-{n}{ext}" for n in range(2, ASIDE_SLOTS + 1)]


class FileStorage(Storage):
    """UTF-8 files in ``folder`` (made on the first write). Opened at ``now`` (the caller's clock:
    none is read here), it clears what killed writes left."""

    def __init__(self, folder: Path | str, now: float | None = None) -> None:
        self.folder = Path(folder)
        if now is not None:
            self.sweep(now)

    def sweep(self, now: float, older_than: float = STALE_AFTER) -> list[str]:
        """Remove (and name) the temporary files of killed writes: plain files named as ``_written`` names
        them, untouched for ``older_than`` seconds before ``now``, links not followed. Never raises, so the
        game starts whatever the folder holds; a file it cannot remove stays."""
        removed: list[str] = []
        stale: list[os.DirEntry[str]] = []  # stays empty when there is no folder (yet) or it cannot be read
        with contextlib.suppress(OSError, ValueError), os.scandir(self.folder) as entries:
            before = now - older_than
            stale = [entry for entry in entries if _is_stale_temporary(entry, before)]
        for entry in stale:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)  # a link put here since is removed itself, never its target
                removed.append(entry.name)
        return removed

    def path(self, name: str) -> Path:
        return self.folder / check_name(name)

    def backup_path(self, name: str) -> Path:
        return self.folder / (check_name(name) + BACKUP)

    def read(self, name: str) -> str | None:
        return self._read(self.path(name))

    def read_backup(self, name: str) -> str | None:
        return self._read(self.backup_path(name))

    def _read(self, path: Path) -> str | None:
        try:
            data = read_regular_file(path)
        except FileNotFoundError:
            return None
        except OSError as error:
            raise StorageError(f"Could not read {path} ({_reason(error)}).") from error
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise StorageError(f"{path} is damaged: it is not UTF-8 text.") from error

    def write(self, name: str, text: str) -> None:
        path, backup = self.path(name), self.backup_path(name)
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as error:  # a lone surrogate, from text that never was UTF-8
            raise StorageError(f"{path} was not saved: its text cannot be written as UTF-8 ({error.reason}). "
                               "The previous copy, if any, is still there.") from error
        temporary: list[Path] = []
        try:
            self._replace(path, backup, data, temporary)
        finally:
            for leftover in temporary:  # already renamed away unless something failed
                with contextlib.suppress(OSError):
                    leftover.unlink(missing_ok=True)
        self._sync_folder()

    def _replace(self, path: Path, backup: Path, data: bytes, temporary: list[Path]) -> None:
        """``data`` in place of ``path``; then the value it replaced, if good, as ``backup``."""
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fresh = self._written(data, temporary)
            old = self._good_bytes(path)
            previous = None if old is None else self._written(old, temporary)  # copied: the current file stays
            os.replace(fresh, path)  # the new value is in place: only now may the backup change
        except OSError as error:
            raise StorageError(f"Could not write {path} ({_reason(error)}): it was not saved. "
                               "The previous copy and its backup, if any, are still there.") from error
        if previous is not None:
            with contextlib.suppress(OSError):  # saved; else the backup stays the older one it was
                os.replace(previous, backup)

    def _written(self, data: bytes, temporary: list[Path]) -> Path:
        """``data`` in a new temporary file of the folder, flushed to the disk (its path noted
        in ``temporary`` first, so a failed write leaves nothing behind)."""
        handle = tempfile.NamedTemporaryFile("wb", dir=self.folder, prefix=TEMPORARY, delete=False)
        temporary.append(Path(handle.name))
        with handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        return Path(handle.name)

    @staticmethod
    def _good_bytes(path: Path) -> bytes | None:
        """The current file's bytes if it is readable text: only a good value becomes the backup."""
        try:
            data = read_regular_file(path)
            data.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        return data

    def _sync_folder(self) -> None:
        """Make the renames themselves durable, where the system allows it (POSIX; Windows
        cannot open a folder). Best effort: the data is already synced and in place."""
        if os.name != "posix":
            return
        with contextlib.suppress(OSError):
            descriptor = os.open(self.folder, os.O_RDONLY)
            try:
                os.fsync(descriptor)
            finally:
                os.close(descriptor)

    def delete(self, name: str) -> None:
        for path in (self.path(name), self.backup_path(name)):
            self._unlink(path)

    def drop_backup(self, name: str) -> None:
        self._unlink(self.backup_path(name))

    @staticmethod
    def _unlink(path: Path) -> None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as error:
            raise StorageError(f"Could not delete {path} ({_reason(error)}).") from error

    def set_aside(self, name: str, aside: str) -> str | None:
        path = self.path(name)
        if not os.path.lexists(path):
            return None
        names = aside_names(aside)
        kept = next((n for n in names if not os.path.lexists(self.path(n))), names[-1])
        try:
            os.replace(path, self.path(kept))  # a rename: the bytes are not read, so not changed
        except OSError as error:
            raise StorageError(f"Could not move {path} aside ({_reason(error)}).") from error
        self._sync_folder()
        return kept

    def exists(self, name: str) -> bool:
        return self.path(name).is_file()

    def describe(self, name: str) -> str:
        return str(self.path(name))


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``MAX_READ`` bytes; ``OSError``
    otherwise. Opened without blocking, so a named pipe or a device put in its place is
    refused at once instead of hanging the game."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(descriptor, "rb", closefd=True) as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path.name} is not a plain file")
        if info.st_size > MAX_READ:
            raise OSError(f"{path.name} is {info.st_size} bytes, more than any file of the game")
        data = handle.read(MAX_READ + 1)  # bytes, not text: no newline translation
    if len(data) > MAX_READ:
        raise OSError(f"{path.name} is more than {MAX_READ} bytes")
    return data


def _is_stale_temporary(entry: os.DirEntry[str], before: float) -> bool:
    """Whether ``entry`` is a plain file named like our temporary files, last changed before ``before``."""
    try:
        return (_TEMPORARY.fullmatch(entry.name) is not None and entry.is_file(follow_symlinks=False)
                and entry.stat(follow_symlinks=False).st_mtime < before)
    except OSError:
        return False


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__


def data_dir(platform: str = sys.platform, environ: Mapping[str, str] = os.environ,
             home: Path | None = None) -> Path:
    """The user's data folder for the game, by the platform's convention.

    >>> home = Path("/home/u")
    >>> data_dir("linux", {}, home).as_posix(), data_dir("linux", {"XDG_DATA_HOME": "/d"}, home).as_posix()
    ('/home/u/.local/share/threshold', '/d/threshold')
    >>> data_dir("darwin", {}, home).as_posix()
    '/home/u/Library/Application Support/Threshold'
    """
    home = Path.home() if home is None else home
    if platform == "win32":
        appdata = environ.get("APPDATA", "")
        return (Path(appdata) if appdata else home / "AppData" / "Roaming") / "Threshold"
    if platform == "darwin":
        return home / "Library" / "Application Support" / "Threshold"
    xdg = environ.get("XDG_DATA_HOME", "")  # the XDG spec: a relative value is to be ignored
    return (Path(xdg) if xdg and PurePosixPath(xdg).is_absolute() else home / ".local" / "share") / APP
