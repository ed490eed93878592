"""Nothing lost (SAV-1, SAV-2, SAV-4): a save is only ever replaced by a newer good save.

A latest save that cannot be read is moved aside byte for byte, whatever the bytes are;
the run continues from the backup, which stays until a newer good save exists; the player
is told which save was used.
"""

from __future__ import annotations

import json
import os

import pytest

from game.app.options import parse_options
from game.bot.autoplay import Autoplayer, play_on
from game.headless import run_headless
from game.storage.memory import MemoryStorage
from game.run.run import Run
from game.run.saves import DAMAGED_NAME, SAVE_NAME, SaveRefused, Saves
from game.storage.storage import FileStorage, StorageError

DAMAGES = [b"{broken", b"\xff\xfe not UTF-8 \x80", b"", b'{"format": "threshold-save", "version": 1.0}']


def saved_twice(saves: Saves, seed: str = "fallback") -> tuple[int, int]:
    """A run saved at two turns (so a backup exists); the two turns."""
    run, bot = Run.new(seed), Autoplayer()
    play_on(run, bot, 60)
    saves.save(run, bot.memory(), new_run=True)
    first = run.game.turn
    play_on(run, bot, 140)
    saves.save(run, bot.memory())
    return first, run.game.turn


@pytest.mark.parametrize("damage", DAMAGES, ids=["json", "not-utf8", "empty", "float-version"])
def test_on_disk_the_backup_survives_the_fall_back_and_the_damage_is_kept_byte_for_byte(tmp_path, damage) -> None:
    storage = FileStorage(tmp_path)
    saves = Saves(storage)
    first, _ = saved_twice(saves)
    backup_bytes = (tmp_path / "save.json.bak").read_bytes()
    (tmp_path / SAVE_NAME).write_bytes(damage)

    info = saves.info()
    assert (info.usable, info.from_backup, info.turn) == (True, True, first)
    assert info.damaged, "the title can say the latest save is damaged"
    loaded = saves.load()
    assert loaded.run.game.turn == first
    assert "could not be read" in loaded.note and f"turn {first}" in loaded.note

    assert (tmp_path / DAMAGED_NAME).read_bytes() == damage, "the damaged bytes are kept, whatever they are"
    assert (tmp_path / "save.json.bak").read_bytes() == backup_bytes, "the backup stays"
    again = saves.load()  # a crash before the next save: the same run can still be continued
    assert again.run.game.digest() == loaded.run.game.digest()
    assert "last good save" in again.note


def test_the_backup_goes_only_when_a_newer_good_save_replaces_it(tmp_path) -> None:
    storage = FileStorage(tmp_path)
    saves = Saves(storage)
    first, _ = saved_twice(saves)
    (tmp_path / SAVE_NAME).write_bytes(b"{broken")
    loaded = saves.load()
    play_on(loaded.run, Autoplayer.from_memory(loaded.bot), first + 30)
    saves.save(loaded.run)
    assert json.loads(storage.read_backup(SAVE_NAME))["about"]["turn"] == first, "still the good one before"
    assert saves.load().run.game.turn == loaded.run.game.turn and saves.load().note is None


def test_a_garbled_browser_value_is_kept_aside_as_it_was() -> None:
    storage = MemoryStorage(window_like=True)
    saves = Saves(storage)
    first, _ = saved_twice(saves)
    garbled = "z1:this is not base64 at all!"
    storage.local.setItem(storage.key(SAVE_NAME), garbled)
    assert saves.load().run.game.turn == first
    assert storage.local.getItem(storage.key(DAMAGED_NAME)) == garbled
    assert storage.read_backup(SAVE_NAME) is not None


def test_each_damaged_save_gets_its_own_place(tmp_path) -> None:
    saves = Saves(FileStorage(tmp_path))
    saved_twice(saves)
    for damage in (b"{one", b"{two"):
        saved_twice(saves)
        (tmp_path / SAVE_NAME).write_bytes(damage)
        saves.load()
    assert (tmp_path / DAMAGED_NAME).read_bytes() == b"{one"
    assert (tmp_path / "save-damaged-2.json").read_bytes() == b"{two"


def test_with_no_good_backup_the_damaged_save_is_refused_and_left_in_place(tmp_path) -> None:
    storage = FileStorage(tmp_path)
    saves = Saves(storage)
    saved_twice(saves)
    (tmp_path / SAVE_NAME).write_bytes(b"{one")
    (tmp_path / "save.json.bak").write_bytes(b"{two")
    info = saves.info()
    assert not info.usable and "not valid JSON" in info.problem
    with pytest.raises(SaveRefused):
        saves.load()
    assert (tmp_path / SAVE_NAME).read_bytes() == b"{one", "nothing moved until the player starts over"


def test_a_new_run_does_not_inherit_the_abandoned_run_as_its_backup() -> None:
    storage = MemoryStorage()
    saves = Saves(storage)
    saved_twice(saves, "abandoned")
    run = Run.new("new one")
    saves.save(run, new_run=True)
    assert storage.read_backup(SAVE_NAME) is None
    storage.local.setItem(storage.key(SAVE_NAME), "{damaged")
    with pytest.raises(SaveRefused):
        saves.load()  # not a silent trip back into the abandoned run


def test_continuing_on_the_command_line_says_the_backup_was_used_and_keeps_it(tmp_path, capsys) -> None:
    folder = str(tmp_path)
    for turns in ("50", "120"):
        assert run_headless(parse_options(["--autoplay", "--headless", "--seed", "saves", "--turns", turns,
                                           "--save-at-end", "--save-dir", folder]
                                          + (["--continue"] if turns == "120" else []))) == 0
    (tmp_path / SAVE_NAME).write_bytes(b"\x00broken")
    capsys.readouterr()
    assert run_headless(parse_options(["--autoplay", "--headless", "--continue", "--turns", "150",
                                       "--save-dir", folder])) == 0
    assert "continue from the save before it, turn 50" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == [DAMAGED_NAME, "save.json.bak"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_in_place_of_a_file_is_refused_at_once(tmp_path) -> None:
    os.mkfifo(tmp_path / SAVE_NAME)
    with pytest.raises(StorageError, match="not a plain file"):
        FileStorage(tmp_path).read(SAVE_NAME)
    info = Saves(FileStorage(tmp_path)).info()
    assert info is not None and not info.usable


def test_a_save_with_a_float_version_is_refused() -> None:
    storage = MemoryStorage()
    saves = Saves(storage)
    run = Run.new("float")
    saves.save(run)
    envelope = json.loads(storage.read(SAVE_NAME))
    envelope["version"] = float(envelope["version"])
    storage.local.setItem(storage.key(SAVE_NAME), json.dumps(envelope))
    with pytest.raises(SaveRefused, match="another version"):
        saves.load()


def test_in_the_window_the_title_says_which_save_and_a_new_run_keeps_the_damage_aside(display, tmp_path) -> None:
    from game.app.app import App
    from game.app.menus import ConfirmState
    from game.app.options import Options
    from tests.helpers import until_playing
    from tests.app.test_app_runs import choose

    first, _ = saved_twice(Saves(FileStorage(tmp_path)))
    (tmp_path / SAVE_NAME).write_bytes(b"\xffbroken")
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    assert app.state.save.damaged and app.state.save.turn == first
    choose(app, "continue")
    play = until_playing(app)
    assert play.game.turn == first and "save before it" in app.banner[0]
    app.state = app.title()
    choose(app, "new")
    assert isinstance(app.state, ConfirmState), "the run from the backup is one the player can lose: ask"
    choose(app, "yes")
    until_playing(app)
    app.frame()  # the new run's first save, made
    app.frame()  # and written
    assert (tmp_path / DAMAGED_NAME).read_bytes() == b"\xffbroken"
    assert not (tmp_path / "save.json.bak").exists(), "the abandoned run is not the new run's backup"
    assert Saves(FileStorage(tmp_path)).load().run.game.seed_text == app.run.game.seed_text
