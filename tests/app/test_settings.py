"""The player's options file (SPEC UI-4): strict to read, never a crash, left alone when damaged."""

from __future__ import annotations

import json
import os

import pytest

from game.app.settings import (DAMAGED_NAME, SETTINGS_NAME, Settings, load_settings, save_settings,
                               settings_from_json, settings_to_json)
from game.storage.storage import FileStorage


class Shelf:
    """A storage in memory, which can be told to refuse reading or writing."""

    def __init__(self, files: dict[str, str] | None = None, refuse: str = "") -> None:
        self.files = dict(files or {})
        self.refuse = refuse

    def read(self, name: str) -> str | None:
        if self.refuse == "read":
            from game.storage.storage import StorageError

            raise StorageError("the disk is not there")
        return self.files.get(name)

    def write(self, name: str, text: str) -> None:
        if self.refuse == "write":
            from game.storage.storage import StorageError

            raise StorageError("the disk is full")
        self.files[name] = text

    def set_aside(self, name: str, aside: str) -> str | None:
        if self.refuse == "set_aside":
            from game.storage.storage import StorageError

            raise StorageError("the disk is read-only")
        if name not in self.files:
            return None
        self.files[aside] = self.files.pop(name)
        return aside


CHANGED = Settings(master_volume=0.3, effects_volume=1.0, muted=True, reduce_motion=True, colour_blind=True,
                   explore_fights=True, map_tile=32, sight="tile")


@pytest.mark.parametrize("settings", [Settings(), CHANGED, Settings(master_volume=0.0, effects_volume=0.1)])
def test_round_trip(settings: Settings) -> None:
    assert settings_from_json(settings_to_json(settings)) == settings


def test_the_file_is_versioned_and_lists_every_option() -> None:
    data = json.loads(settings_to_json(CHANGED))
    assert data == {"version": 1, "master_volume": 0.3, "effects_volume": 1.0, "muted": True,
                    "reduce_motion": True, "colour_blind": True, "explore_fights": True,
                    "map_tile": 32, "sight": "tile"}


def test_missing_options_take_their_defaults_and_unknown_ones_are_ignored() -> None:
    assert settings_from_json('{"version": 1}') == Settings()
    assert settings_from_json('{"muted": true, "subtitles": "big", "version": 7}') == Settings(muted=True), \
        "a newer version's options are skipped, not refused"


def test_volumes_keep_to_the_screens_steps() -> None:
    assert settings_from_json('{"master_volume": 0.54, "effects_volume": 1}').master_volume == 0.5
    assert settings_from_json('{"effects_volume": 1}').effects_volume == 1.0


@pytest.mark.parametrize(("text", "says"), [
    ('{"master_volume": 1.5}', "master_volume should be a number from 0 to 1"),
    ('{"effects_volume": -0.1}', "effects_volume should be a number from 0 to 1"),
    ('{"master_volume": "loud"}', "master_volume should be a number"),
    ('{"master_volume": true}', "master_volume should be a number"),
    ('{"master_volume": NaN}', "master_volume should be a number"),
    ('{"effects_volume": Infinity}', "effects_volume should be a number"),
    ('{"effects_volume": null}', "effects_volume should be a number"),
    ('{"map_tile": 33}', "map_tile should be one of 16, 24, 32, 40"),
    ('{"map_tile": 24.0}', "map_tile should be one of"),
    ('{"map_tile": true}', "map_tile should be one of"),
    ('{"muted": 1}', "muted should be true or false"),
    ('{"reduce_motion": "yes"}', "reduce_motion should be true or false"),
    ('{"colour_blind": null}', "colour_blind should be true or false"),
    ('{"version": "one"}', "version should be a whole number"),
    ('{"version": 0}', "version should be a whole number"),
    ('[1, 2]', "not a table of options"),
    ('"muted"', "not a table of options"),
    ('{"muted": tru', "not valid JSON"),
    ('', "not valid JSON"),
    ('[' * 60_000, "not valid JSON"),  # nested too deep for the parser
    ('{"muted": true, "notes": "' + "x" * 65_536 + '"}', "larger than 64 KiB: not an options file"),
    ("{" + " " * 10_000 + "\u00e9" * 30_000 + "}", "larger than 64 KiB"),  # 40 002 letters, 70 002 bytes
])
def test_anything_odd_is_refused_with_a_clear_message(text: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        settings_from_json(text)


def test_no_file_gives_the_defaults_quietly() -> None:
    assert load_settings(Shelf()) == (Settings(), None)


def test_a_kept_file_is_read_back() -> None:
    shelf = Shelf()
    assert save_settings(shelf, CHANGED) is None
    assert set(shelf.files) == {SETTINGS_NAME}
    assert load_settings(shelf) == (CHANGED, None)


@pytest.mark.parametrize("text", ['{"master_volume": "loud"}', "{{{", "\x00\xff", '{"muted": 3}'])
def test_a_damaged_file_gives_the_defaults_and_a_message_and_is_left_alone(text: str) -> None:
    shelf = Shelf({SETTINGS_NAME: text})
    settings, message = load_settings(shelf)
    assert settings == Settings()
    assert message is not None and message.startswith("Your options could not be read (")
    assert message.endswith("; the defaults are used.")
    assert shelf.files[SETTINGS_NAME] == text, "not overwritten until the player changes an option"


def test_the_message_says_what_is_wrong() -> None:
    _, message = load_settings(Shelf({SETTINGS_NAME: '{"master_volume": "loud"}'}))
    assert "master_volume should be a number from 0 to 1" in message


def test_a_storage_that_cannot_read_gives_the_defaults_and_a_message() -> None:
    settings, message = load_settings(Shelf(refuse="read"))
    assert settings == Settings()
    assert message == "Your options could not be read (the disk is not there); the defaults are used."


def test_a_storage_that_refuses_to_keep_them_gives_a_message_not_an_exception() -> None:
    message = save_settings(Shelf(refuse="write"), CHANGED)
    assert message is not None and "the disk is full" in message


def test_a_bug_is_not_taken_for_a_damaged_file() -> None:
    """Only reading the storage is guarded broadly; a mistake in the game's own code still shows."""

    class Broken:
        def read(self, name: str) -> str:
            return 42  # type: ignore[return-value] - not a text: a bug, not a damaged file

    with pytest.raises(TypeError):
        load_settings(Broken())


@pytest.mark.parametrize("text", ['{"master_volume": "loud"}', "{{{", '{"notes": "' + "x" * 70_000 + '"}'])
def test_a_damaged_file_is_set_aside_not_overwritten_when_an_option_changes(text: str) -> None:
    shelf = Shelf({SETTINGS_NAME: text})
    message = save_settings(shelf, CHANGED)
    assert shelf.files[DAMAGED_NAME] == text, "kept as it was"
    assert message == f"Your old options could not be read; they are kept as {DAMAGED_NAME}. The new ones are kept."
    assert load_settings(shelf) == (CHANGED, None)
    assert save_settings(shelf, Settings()) is None, "a good file is simply replaced"
    assert shelf.files[DAMAGED_NAME] == text


def test_a_damaged_file_that_cannot_be_set_aside_is_not_overwritten_either() -> None:
    shelf = Shelf({SETTINGS_NAME: "{{{"}, refuse="set_aside")
    message = save_settings(shelf, CHANGED)
    assert message == "Your options apply but could not be kept (the disk is read-only)."
    assert shelf.files == {SETTINGS_NAME: "{{{"}


def test_a_file_that_is_not_text_is_kept_byte_for_byte_on_the_disk(tmp_path) -> None:
    """The storage keeps only a readable file as the backup: an options file of other bytes
    was lost at the first change of an option."""
    (tmp_path / SETTINGS_NAME).write_bytes(b"\xff\xfe{not ours}")
    storage = FileStorage(tmp_path)
    assert load_settings(storage)[1] is not None
    assert DAMAGED_NAME in save_settings(storage, CHANGED)
    assert (tmp_path / DAMAGED_NAME).read_bytes() == b"\xff\xfe{not ours}"
    assert load_settings(storage) == (CHANGED, None)


def test_a_file_over_64_kib_gives_the_defaults(tmp_path) -> None:
    big = '{"muted": true, "notes": "' + "x" * 65_536 + '"}'
    (tmp_path / SETTINGS_NAME).write_text(big, encoding="utf-8")
    settings, message = load_settings(FileStorage(tmp_path))
    assert settings == Settings() and "larger than 64 KiB" in message
    assert (tmp_path / SETTINGS_NAME).read_text(encoding="utf-8") == big, "left alone"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_named_pipe_in_place_of_the_file_is_refused_at_once(tmp_path) -> None:
    """ROB-2: start-up once waited for a writer to open the pipe."""
    import threading

    os.mkfifo(tmp_path / SETTINGS_NAME)
    storage, answers = FileStorage(tmp_path), []
    reader = threading.Thread(target=lambda: answers.append(load_settings(storage)), daemon=True)
    reader.start()
    reader.join(10)
    if reader.is_alive():  # let the stuck reader go before failing
        os.close(os.open(tmp_path / SETTINGS_NAME, os.O_WRONLY | os.O_NONBLOCK))
    assert answers, "load_settings blocked on a named pipe"
    assert answers[0][0] == Settings() and "could not be read" in answers[0][1]
    assert DAMAGED_NAME in save_settings(storage, CHANGED), "the pipe is moved aside, not written into"
    assert load_settings(storage) == (CHANGED, None)
