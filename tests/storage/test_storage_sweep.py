"""A save killed midway (SAV-1) leaves its temporary file; the next start of the game removes the
stale ones, and only those: not a write another copy of the game is making now, not a save, not
anything that merely looks like a leftover."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.storage.storage import STALE_AFTER, FileStorage
from tests.conftest import ROOT

WRITER = """
import os, sys
from game.storage.storage import FileStorage

real_fsync, held = os.fsync, []

def fsync_when_told(descriptor):
    if not held:  # the first sync is the new value's temporary file: stop there until told
        held.append(descriptor)
        print("writing", flush=True)
        sys.stdin.readline()
    real_fsync(descriptor)

os.fsync = fsync_when_told
FileStorage(sys.argv[1]).write("save.json", sys.argv[2])
"""


def start_writing(folder: Path, text: str) -> subprocess.Popen[str]:
    """A game saving ``text`` in ``folder``, held just before its temporary file is synced."""
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(folder), text], cwd=ROOT, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert writer.stdout is not None and writer.stdout.readline() == "writing\n", "the writer did not start"
    return writer


def temporary_files(folder: Path) -> set[str]:
    return {path.name for path in folder.iterdir() if path.name.startswith(".tmp-")}


def age(path: Path, seconds: float = STALE_AFTER * 2) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then), follow_symlinks=False)


def test_a_killed_save_leaves_nothing_after_the_next_start(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    FileStorage(folder).write("save.json", "older save")
    FileStorage(folder).write("save.json", "good save")
    killed = start_writing(folder, "the save that was killed")
    killed.kill()
    killed.wait(timeout=10)
    leftovers = temporary_files(folder)
    assert len(leftovers) == 1, "a save killed mid-write leaves its temporary file"
    for name in leftovers:
        age(folder / name)

    other_game = start_writing(folder, "another game's save")  # writing right now, its file fresh
    try:
        being_written = temporary_files(folder) - leftovers
        storage = FileStorage(folder, time.time())  # the next start
        assert temporary_files(folder) == being_written, "the stale file is gone, the one being written stays"
        assert (storage.read("save.json"), storage.read_backup("save.json")) == ("good save", "older save")
        other_game.communicate("go on\n", timeout=10)
    finally:
        other_game.kill()  # (already ended, unless a check above failed)
    assert other_game.returncode == 0, "the other game's write was not disturbed"
    assert (storage.read("save.json"), storage.read_backup("save.json")) == ("another game's save", "good save")
    assert sorted(path.name for path in folder.iterdir()) == ["save.json", "save.json.bak"]


def test_only_plain_files_named_as_the_storage_names_them_are_removed(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not the game's")
    folder = tmp_path / "data"
    storage = FileStorage(folder, time.time())
    storage.write("save.json", "good save")
    (folder / ".tmp-abcd_123").write_bytes(b"left by a killed save")
    (folder / ".tmp-x0y1z2w3").write_bytes(b"left by a killed save")
    kept = {".tmp-ABCDEFGH": "capitals", ".tmp-abc": "too short", ".tmp-abcdefghi": "too long",
            ".tmp-abcdefgh.json": "a suffix", "tmp-abcdefgh": "no dot", "x.tmp-abcdefgh": "another prefix"}
    for name, text in kept.items():
        (folder / name).write_text(text)
    (folder / ".tmp-folder00").mkdir()
    (folder / ".tmp-folder00" / "inside").write_text("kept")
    links = {}
    for link, target in [(".tmp-linkfile", outside), (".tmp-linkgone", tmp_path / "absent")]:
        try:
            os.symlink(target, folder / link)
        except (OSError, NotImplementedError):  # Windows without the right to make links
            continue
        links[link] = target
    for path in [*folder.iterdir(), folder / ".tmp-folder00" / "inside", outside]:
        age(path)

    assert sorted(storage.sweep(time.time())) == [".tmp-abcd_123", ".tmp-x0y1z2w3"]
    left = {path.name for path in folder.iterdir()}
    assert left == {"save.json", ".tmp-folder00", *kept, *links}
    assert {name: (folder / name).read_text() for name in kept} == kept
    assert (folder / ".tmp-folder00" / "inside").read_text() == "kept"
    assert outside.read_text() == "not the game's", "a link is not followed"
    assert storage.read("save.json") == "good save" and storage.sweep(time.time()) == []


def test_sweeping_never_raises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert FileStorage(tmp_path / "not yet made").sweep(time.time()) == []
    assert not (tmp_path / "not yet made").exists(), "the folder is still made on the first write only"
    (tmp_path / "a-file").write_text("not a folder")
    assert FileStorage(tmp_path / "a-file").sweep(time.time()) == []
    stuck = tmp_path / ".tmp-stuck000"
    stuck.write_text("cannot be removed")
    age(stuck)

    def refused(path: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "unlink", refused)
    assert FileStorage(tmp_path).sweep(time.time()) == []
    monkeypatch.undo()
    assert stuck.exists(), "a file that cannot be removed is left for the next time"
    assert FileStorage(tmp_path, time.time()).sweep(time.time()) == [] and not stuck.exists(), \
        "the constructor removed it"
