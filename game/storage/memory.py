"""Storage in memory: the browser's ``localStorage`` faked, with its quota (``game.storage.browser``).

For tests and tools, and for a browser that forbids storage (then nothing persists).
"""

from __future__ import annotations

from game.storage.browser import BrowserStorage, pack, unpack
from game.storage.storage import check_name


class FakeLocalStorage:
    """The part of the browser's ``localStorage`` the game uses, with a quota in characters
    (keys and values, as browsers count) that raises like a full browser does."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError("localStorage stores strings")
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise Exception("QuotaExceededError: Failed to execute 'setItem' on 'Storage': "
                            f"Setting the value of '{key}' exceeded the quota.")
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


class FakeWindow:
    """Stands for pygbag's ``platform.window`` in tests: only ``localStorage``."""

    def __init__(self, quota: int | None = None) -> None:
        self.localStorage = FakeLocalStorage(quota)  # noqa: N815 - the browser's name


class MemoryStorage(BrowserStorage):
    """Texts in a dict (``self.local.items``) with an optional quota in characters over all
    keys: for tests, and in a browser that forbids storage (nothing persists). With
    ``window_like`` the values are stored exactly as the browser stores them (compressed)."""

    def __init__(self, quota: int | None = None, window_like: bool = False) -> None:
        super().__init__(FakeWindow(quota))
        self.window_like = window_like

    def describe(self, name: str) -> str:
        return f"memory only ({check_name(name)}; lost when the game closes)"

    def full(self) -> str:
        return (f"The storage is full ({self.local.quota} characters): it was not saved. "
                "The previous save is still there.")

    def pack(self, text: str) -> str:
        if self.window_like:
            return pack(text)
        text.encode("utf-8")  # what the browser could not store is refused here too (UnicodeEncodeError)
        return text

    def unpack(self, value: str, where: str) -> str:
        return unpack(value, where) if self.window_like else value
