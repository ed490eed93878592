"""Where saves live (SAV-1, SAV-2, LAY-5): files written whole, the browser's storage
compressed, a full or broken storage reported in words, never a crash or a lost save."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.run.saves import default_storage
from game.storage.memory import FakeWindow, MemoryStorage
from game.storage.browser import BrowserStorage
from game.storage.storage import (
    FileStorage,
    Storage,
    StorageError,
    data_dir,
)

KINDS = ["file", "browser", "memory", "memory-window-like"]
UNICODE = "Þröskuldur — 敷居 🗝️ \r\n tab\t nul\x00 end"
SAVE = json.dumps({"floor": [[0, 1, 2, 3] * 40 for _ in range(60)], "name": "Ada"}, separators=(",", ":"))


def make(kind: str, folder: Path) -> Storage:
    if kind == "file":
        return FileStorage(folder / "data")
    if kind == "browser":
        return BrowserStorage(FakeWindow())
    return MemoryStorage(window_like=kind == "memory-window-like")


def files_in(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# --- every kind --------------------------------------------------------------------------
@pytest.mark.parametrize("kind", KINDS)
def test_texts_come_back_as_they_were_written(kind: str, tmp_path: Path) -> None:
    storage = make(kind, tmp_path)
    large = "".join(f"{n:07d} ⚔ line of the save\n" for n in range(40_000))  # about 1 MB
    assert len(large) > 1_000_000
    for name, text in [("save.json", UNICODE), ("empty.txt", ""), ("big.json", large)]:
        assert storage.read(name) is None and not storage.exists(name)
        storage.write(name, text)
        assert storage.read(name) == text and storage.exists(name)


@pytest.mark.parametrize("kind", KINDS)
def test_the_backup_holds_the_previous_value_and_delete_removes_both(kind: str, tmp_path: Path) -> None:
    storage = make(kind, tmp_path)
    assert storage.read_backup("save.json") is None
    storage.write("save.json", "first")
    assert storage.read_backup("save.json") is None, "nothing came before the first write"
    storage.write("save.json", "second")
    storage.write("save.json", "third")
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("third", "second")
    storage.delete("save.json")
    assert (storage.read("save.json"), storage.read_backup("save.json")) == (None, None)
    assert not storage.exists("save.json")
    storage.delete("save.json")  # absent is fine


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ["../save.json", "a/b", "a\\b", "..", ".", "", ".hidden", "a..b", "sävé", "a b"])
def test_only_plain_names_are_accepted(kind: str, name: str, tmp_path: Path) -> None:
    storage = make(kind, tmp_path)
    for use in (storage.read, storage.exists, storage.delete, storage.describe, storage.read_backup,
                lambda n: storage.write(n, "x")):
        with pytest.raises(ValueError):
            use(name)
    assert not (tmp_path / "save.json").exists()


@settings(max_examples=40, deadline=None)
@given(text=st.text())
def test_any_text_survives_every_kind(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    folder = tmp_path_factory.mktemp("any")
    for kind in KINDS:
        storage = make(kind, folder)
        storage.write("t.txt", text)
        assert storage.read("t.txt") == text, kind


# --- files on the desktop ----------------------------------------------------------------
def test_the_folder_is_made_on_the_first_write_only(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path / "a" / "b")
    assert storage.read("save.json") is None and not (tmp_path / "a").exists()
    storage.write("save.json", "x")
    assert files_in(tmp_path / "a" / "b") == ["save.json"]
    assert storage.describe("save.json") == str(tmp_path / "a" / "b" / "save.json")


def test_files_are_utf8_on_disk(tmp_path: Path) -> None:
    FileStorage(tmp_path).write("save.json", UNICODE)
    assert (tmp_path / "save.json").read_bytes() == UNICODE.encode("utf-8")


def test_a_crash_before_the_rename_leaves_the_old_save_whole(tmp_path: Path, monkeypatch) -> None:
    storage = FileStorage(tmp_path)
    storage.write("save.json", "old save")
    storage.write("save.json", "good save")
    real_replace = os.replace

    def dies_on_the_final_rename(source, target) -> None:
        if Path(target).name == "save.json":
            raise OSError(5, "Input/output error")
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", dies_on_the_final_rename)
    with pytest.raises(StorageError) as refused:
        storage.write("save.json", "new save " * 1000)
    monkeypatch.undo()
    message = str(refused.value)
    assert str(tmp_path / "save.json") in message and "Input/output error" in message
    assert "not saved" in message and "previous" in message
    assert storage.read("save.json") == "good save"
    assert storage.read_backup("save.json") == "old save", "the backup changes only once the new save is in"
    assert files_in(tmp_path) == ["save.json", "save.json.bak"], "no half-written file is left"


def test_a_full_disk_while_writing_changes_nothing(tmp_path: Path, monkeypatch) -> None:
    storage = FileStorage(tmp_path)
    storage.write("save.json", "older")
    storage.write("save.json", "good")

    def disk_full(descriptor: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(StorageError, match="No space left on device"):
        storage.write("save.json", "new")
    monkeypatch.undo()
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("good", "older")
    assert files_in(tmp_path) == ["save.json", "save.json.bak"]


def test_a_folder_that_cannot_be_made_is_a_storage_error_naming_it(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")  # works even as root, unlike a read-only folder
    storage = FileStorage(blocker / "threshold")
    with pytest.raises(StorageError) as refused:
        storage.write("save.json", "x")
    assert str(blocker / "threshold" / "save.json") in str(refused.value)
    with pytest.raises(StorageError):
        storage.read("save.json")
    assert blocker.read_text() == "not a folder"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs POSIX permissions that apply")
def test_a_read_only_folder_is_a_storage_error(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    storage.write("save.json", "kept")
    tmp_path.chmod(0o500)
    try:
        with pytest.raises(StorageError, match="save.json"):
            storage.write("save.json", "new")
        assert storage.read("save.json") == "kept"
    finally:
        tmp_path.chmod(0o700)


def test_an_unreadable_file_is_a_storage_error_not_absent(tmp_path: Path) -> None:
    (tmp_path / "save.json").mkdir()  # something there that cannot be read as a file
    (tmp_path / "bad.json").write_bytes(b"\xff\xfe not utf-8")
    storage = FileStorage(tmp_path)
    with pytest.raises(StorageError, match="save.json"):
        storage.read("save.json")
    with pytest.raises(StorageError, match="bad.json"):
        storage.read("bad.json")


def test_a_damaged_current_file_does_not_overwrite_the_good_backup(tmp_path: Path) -> None:
    storage = FileStorage(tmp_path)
    storage.write("save.json", "good")
    storage.write("save.json", "newer")
    (tmp_path / "save.json").write_bytes(b"\xff\xfe")  # damaged behind our back
    storage.write("save.json", "newest")
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("newest", "good")


# --- the browser -------------------------------------------------------------------------
def test_the_browser_stores_values_compressed_ascii_and_marked() -> None:
    window = FakeWindow()
    storage = BrowserStorage(window)
    storage.write("save.json", SAVE + UNICODE)
    stored = window.localStorage.items["threshold/save.json"]
    assert stored.isascii() and stored.startswith("z1:")
    assert len(stored) < len(SAVE) / 10
    assert storage.read("save.json") == SAVE + UNICODE
    assert storage.describe("save.json") == "the browser's localStorage (threshold/save.json)"


def test_a_full_browser_refuses_in_words_and_keeps_the_previous_save() -> None:
    window = FakeWindow()
    storage = BrowserStorage(window)
    storage.write("save.json", "old")
    storage.write("save.json", SAVE)
    used = sum(len(k) + len(v) for k, v in window.localStorage.items.items())
    window.localStorage.quota = used + 20
    too_big = os.urandom(4000).hex()  # does not compress
    with pytest.raises(StorageError) as refused:
        storage.write("save.json", too_big)
    message = str(refused.value)
    assert "full" in message and "not saved" in message and "previous save is still there" in message
    assert storage.read("save.json") == SAVE


def test_when_only_the_backup_does_not_fit_the_new_value_is_still_saved() -> None:
    window = FakeWindow()
    storage = BrowserStorage(window)
    storage.write("save.json", "oldest")
    previous = os.urandom(1000).hex()  # does not compress
    storage.write("save.json", previous)
    used = sum(len(k) + len(v) for k, v in window.localStorage.items.items())
    window.localStorage.quota = used + 100  # room for the bigger new value, not for the previous beside it
    storage.write("save.json", previous + "new")
    assert storage.read("save.json") == previous + "new"
    assert storage.read_backup("save.json") == "oldest", "no room for the previous value: the older backup stays"


def test_a_new_value_that_fits_only_without_a_backup_is_saved_without_one() -> None:
    window = FakeWindow()
    storage = BrowserStorage(window)
    storage.write("save.json", os.urandom(250).hex())
    used = sum(len(k) + len(v) for k, v in window.localStorage.items.items())
    window.localStorage.quota = 2 * used + 10  # the backup fits, then the bigger new value does not beside it
    bigger = os.urandom(500).hex()
    storage.write("save.json", bigger)
    assert storage.read("save.json") == bigger
    assert storage.read_backup("save.json") is None


@pytest.mark.parametrize(("stored", "says"), [
    ('{"plain": "json"}', "did not write"), ("", "did not write"),
    ("z1:not base64!", "damaged"), ("z1:" + "QUJD", "damaged"),  # QUJD: base64 of b"ABC", not zlib
])
def test_a_foreign_or_garbled_browser_value_is_reported_not_misread(stored: str, says: str) -> None:
    window = FakeWindow()
    window.localStorage.items["threshold/save.json"] = stored
    storage = BrowserStorage(window)
    with pytest.raises(StorageError, match="threshold/save.json") as refused:
        storage.read("save.json")
    assert says in str(refused.value)
    storage.write("save.json", "mine")
    assert storage.read("save.json") == "mine"
    assert storage.read_backup("save.json") is None, "a foreign value is not kept as the backup"


def test_the_browser_bridge_failing_is_a_storage_error() -> None:
    class Broken:
        def getItem(self, key: str) -> str:  # noqa: N802
            raise Exception("SecurityError: The operation is insecure.")

    class Window:
        localStorage = Broken()  # noqa: N815

    storage = BrowserStorage(Window())
    with pytest.raises(StorageError, match="SecurityError"):
        storage.read("save.json")
    with pytest.raises(StorageError):
        storage.write("save.json", "x")


def test_other_keys_of_the_page_are_left_alone() -> None:
    window = FakeWindow()
    window.localStorage.items["other-game/save.json"] = "theirs"
    storage = BrowserStorage(window, prefix="threshold/")
    storage.write("save.json", "ours")
    storage.delete("save.json")
    assert window.localStorage.items == {"other-game/save.json": "theirs"}


def test_memory_storage_has_a_quota_like_the_browser() -> None:
    storage = MemoryStorage(quota=100)
    storage.write("a.txt", "x" * 50)
    with pytest.raises(StorageError, match="full"):
        storage.write("b.txt", "y" * 80)
    assert storage.read("a.txt") == "x" * 50 and storage.read("b.txt") is None


# --- where ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("platform", "environ", "expected"), [
    ("linux", {}, "/home/u/.local/share/threshold"),
    ("linux", {"XDG_DATA_HOME": "/data/xdg"}, "/data/xdg/threshold"),
    ("linux", {"XDG_DATA_HOME": "relative/xdg"}, "/home/u/.local/share/threshold"),
    ("linux", {"XDG_DATA_HOME": ""}, "/home/u/.local/share/threshold"),
    ("freebsd14", {"XDG_DATA_HOME": "/x"}, "/x/threshold"),
    ("darwin", {"XDG_DATA_HOME": "/x"}, "/home/u/Library/Application Support/Threshold"),
    ("win32", {}, "/home/u/AppData/Roaming/Threshold"),
])
def test_data_dir_follows_each_platforms_convention(platform: str, environ: dict, expected: str) -> None:
    assert data_dir(platform, environ, Path("/home/u")).as_posix() == expected


def test_data_dir_on_windows_uses_appdata() -> None:
    appdata = r"C:\Users\u\AppData\Roaming"
    assert data_dir("win32", {"APPDATA": appdata}, Path("/home/u")) == Path(appdata) / "Threshold"


def test_default_storage_is_files_in_the_given_folder_or_the_data_folder(tmp_path: Path) -> None:
    storage = default_storage(tmp_path / "saves")
    assert isinstance(storage, FileStorage) and storage.folder == tmp_path / "saves"
    from_text = default_storage(str(tmp_path))
    assert isinstance(from_text, FileStorage) and from_text.folder == tmp_path
    fallback = default_storage()
    assert isinstance(fallback, FileStorage) and fallback.folder == data_dir()


def test_default_storage_in_the_browser_uses_the_page(monkeypatch) -> None:
    import platform

    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", FakeWindow(), raising=False)
    assert isinstance(default_storage(), BrowserStorage) and not isinstance(default_storage(), MemoryStorage)
    monkeypatch.delattr(platform, "window")
    assert isinstance(default_storage(), MemoryStorage), "no page storage: play on, in memory"


@pytest.mark.parametrize("make", ["file", "browser", "memory"])
def test_text_that_cannot_be_utf8_is_refused_and_the_old_value_stays(make: str, tmp_path) -> None:
    storage = {"file": lambda: FileStorage(tmp_path), "browser": lambda: MemoryStorage(window_like=True),
               "memory": lambda: MemoryStorage()}[make]()
    storage.write("save.json", "good")
    with pytest.raises(StorageError, match="UTF-8"):
        storage.write("save.json", "bad \udcff surrogate")
    assert storage.read("save.json") == "good"


@pytest.mark.parametrize("window_like", [True, False])
def test_a_refused_write_leaves_the_value_and_its_backup_as_they_were(window_like: bool) -> None:
    storage = MemoryStorage(window_like=window_like)
    storage.write("save.json", "oldest")
    storage.write("save.json", "previous")
    storage.local.quota = sum(len(k) + len(v) for k, v in storage.local.items.items()) + 10
    with pytest.raises(StorageError, match="full"):
        storage.write("save.json", os.urandom(500).hex())  # fits neither beside the backup nor in its room
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("previous", "oldest")


def test_over_its_quota_a_store_keeps_the_backup_it_could_not_put_back() -> None:
    storage = MemoryStorage()
    storage.write("save.json", "oldest")
    storage.write("save.json", "previous")
    storage.local.quota = 10  # less than is stored already (a quota that shrank, or another page's data)
    with pytest.raises(StorageError, match="full"):
        storage.write("save.json", "newer")
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("previous", "oldest")
