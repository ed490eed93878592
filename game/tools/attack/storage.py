"""Family ``storage`` of ``game.tools.attack``: saving into a read-only or a full store.

The store holds a good save and its backup; a newer save is written while the store refuses:
a read-only folder (``chmod 0o500``; as root, who ignores permissions, a refusal is
simulated), a full disk (``ENOSPC``, ``EIO`` or ``EACCES`` raised by the N-th file operation
``game.storage.storage`` makes: creating the temporary file, writing it, syncing it, renaming it),
or a ``MemoryStorage`` or browser storage with a small quota. Saving must fail with a
``StorageError`` that says so (or, with a quota, succeed whole), the previous save and its
backup must be there, byte for byte, and load; once the store accepts writes again, a new
save must save and load.
"""

from __future__ import annotations

import errno
import os
import re
from contextlib import contextmanager
from collections.abc import Iterator
from typing import Any

from game.run.saves import SAVE_NAME, SaveRefused, Saves
from game.storage.browser import BrowserStorage
from game.storage.storage import StorageError
from game.tools.attack.harness import Case, Family, quiet
from game.tools.attack.stores import FileStore, Store, backup_name, digest_of, good_saves, make_store, write_good

CLEAR = re.compile(r"not (been )?(saved|written|kept)|could not|cannot|refused|full", re.IGNORECASE)
OPERATIONS = ("create", "write", "fsync", "replace")
ERRORS = (errno.ENOSPC, errno.ENOSPC, errno.EIO, errno.EACCES, errno.EROFS)


class Faults:
    """Stand-ins for ``os`` and ``tempfile`` as ``game.storage.storage`` sees them: the ``nth`` call of
    ``operation`` raises ``OSError(code)`` (a write first writes half of its bytes)."""

    def __init__(self, operation: str, nth: int, code: int) -> None:
        self.operation, self.nth, self.code = operation, nth, code
        self.calls = dict.fromkeys(OPERATIONS, 0)
        self.fired = False

    def _due(self, operation: str) -> bool:
        self.calls[operation] += 1
        if operation == self.operation and self.calls[operation] >= self.nth and not self.fired:
            self.fired = True
            return True
        return False

    def error(self) -> OSError:
        return OSError(self.code, os.strerror(self.code))

    @contextmanager
    def installed(self) -> Iterator[None]:
        import tempfile

        import game.storage.storage as storage

        faults = self

        class FaultyFile:
            def __init__(self, handle: Any) -> None:
                self._handle = handle

            def __getattr__(self, name: str) -> Any:
                return getattr(self._handle, name)

            def __enter__(self) -> FaultyFile:
                self._handle.__enter__()
                return self

            def __exit__(self, *exc: Any) -> Any:
                return self._handle.__exit__(*exc)

            def write(self, data: bytes) -> int:
                if faults._due("write"):
                    self._handle.write(data[:len(data) // 2])
                    raise faults.error()
                return self._handle.write(data)

        class FaultyTempfile:
            def __getattr__(self, name: str) -> Any:
                return getattr(tempfile, name)

            def NamedTemporaryFile(self, *args: Any, **kwargs: Any) -> Any:  # noqa: N802 - tempfile's name
                if faults._due("create"):
                    raise faults.error()
                return FaultyFile(tempfile.NamedTemporaryFile(*args, **kwargs))

        class FaultyOs:
            def __getattr__(self, name: str) -> Any:
                return getattr(os, name)

            def fsync(self, descriptor: int) -> None:
                if faults._due("fsync"):
                    raise faults.error()
                os.fsync(descriptor)

            def replace(self, source: Any, target: Any) -> None:
                if faults._due("replace"):
                    raise faults.error()
                os.replace(source, target)

        # stand-ins for the modules storage.py imports, with only the calls it makes: not module types
        saved = vars(storage)["os"], vars(storage)["tempfile"]
        vars(storage).update(os=FaultyOs(), tempfile=FaultyTempfile())
        try:
            yield
        finally:
            vars(storage).update(os=saved[0], tempfile=saved[1])


@contextmanager
def refusing(case: Case, store: Store, kind: str) -> Iterator[Faults | None]:
    """The store refuses writes while inside; the faults, when they are simulated."""
    rng = case.rng
    if kind == "readonly" and os.geteuid() != 0:
        assert isinstance(store, FileStore), "run() gives the read-only case a FileStore"
        folder = store.folder
        case.label = "FileStorage in a read-only folder (chmod 0o500)"
        os.chmod(folder, 0o500)
        try:
            yield None
        finally:
            os.chmod(folder, 0o700)
        return
    if kind in ("readonly", "fault"):
        faults = (Faults(rng.choice(("create", "replace")), 1, errno.EACCES) if kind == "readonly" else
                  Faults(rng.choice(OPERATIONS), rng.choice((1, 1, 2, 3)), rng.choice(ERRORS)))
        case.label = (f"FileStorage, {'read-only folder (simulated as root)' if kind == 'readonly' else 'full disk'}: "
                      f"{faults.operation} #{faults.nth} raises {errno.errorcode[faults.code]}")
        with faults.installed():
            yield faults
        return
    storage = store.storage
    assert isinstance(storage, BrowserStorage), "run() gives the quota cases a browser or memory store"
    local = storage.local
    used = sum(len(k) + len(v) for k, v in local.items.items())
    sizes = [len(store.held(text.encode("utf-8"))) for text in good_saves().texts]
    grow = sizes[2] - sizes[1]  # what the newer save adds
    room = rng.choice((sizes[1] - sizes[0] - 1, grow - sizes[0] - 100, grow - sizes[0] - 1, -1, 0, grow // 2, grow - 1,
                       grow, grow + sizes[0], 2 * sizes[2], 100 - used))  # the last: a tiny quota of 100
    case.label = (f"{store.kind} with {room} characters free for a save of {sizes[2]} (the save it replaces "
                  f"{sizes[1]}, its backup {sizes[0]})")
    local.quota = used + room
    try:
        yield None
    finally:
        local.quota = None


def run(case: Case) -> None:
    kind = ("readonly", "fault", "memory", "browser")[case.index % 4]
    store = make_store("file" if kind in ("readonly", "fault") else kind, case.scratch)
    write_good(store, 2)
    before = {name: store.raw(name) for name in (SAVE_NAME, backup_name())}
    good = good_saves()
    newer = good.loaded(2)
    saves = case.hook("saves", Saves)(store.storage)
    with refusing(case, store, kind) as faults, quiet():
        result = case.guard("save() into a store that refuses", lambda: saves.save(newer.run, newer.bot),
                            (StorageError,))
    fired = faults is None or faults.fired
    if isinstance(result, StorageError):
        if not str(result).strip() or not CLEAR.search(str(result)):
            case.fail("no message", f"the StorageError does not say the save failed: {str(result)[:160]!r}")
        for name, raw in before.items():
            if store.raw(name) != raw:
                case.fail("data lost", f"after the refused save, {name} is "
                                       f"{'gone' if store.raw(name) is None else 'changed'}")
        back = case.guard("load() after a refused save", lambda: saves.load(), (SaveRefused,))
        if digest_of(back) != good.digests[1]:
            case.fail("data lost", f"after the refused save, load() does not give the previous save ({back!r:.120})")
    elif result is None and not case.failures:  # it went through (a quota with room, a fault that did not matter)
        back = case.guard("load() after the save went through", lambda: saves.load(), (SaveRefused,))
        if digest_of(back) != good.digests[2]:
            case.fail("data lost", f"the save went through{'' if fired else ' (no fault fired)'}, but load() "
                                   f"does not give it back ({back!r:.120})")
    with quiet():
        again = case.guard("save() once the store accepts writes", lambda: saves.save(newer.run, newer.bot),
                           (StorageError,))
    if isinstance(again, StorageError):
        case.fail("data lost", f"a save once the store accepts writes again was refused: {str(again)[:160]}")
    elif digest_of(case.guard("load()", lambda: saves.load())) != good.digests[2]:
        case.fail("data lost", "a save once the store accepts writes again does not load back")


FAMILY = Family("storage", "saving into a read-only or a full store", {"small": 40, "full": 200}, run, chunk=40)
