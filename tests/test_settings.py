"""The player's options file (SPEC UI-4): strict to read, never a crash, left alone when damaged."""

from __future__ import annotations

import json

import pytest

from game.app.settings import (SETTINGS_NAME, Settings, load_settings, save_settings, settings_from_json,
                               settings_to_json)


class Shelf:
    """A storage in memory, which can be told to refuse reading or writing."""

    def __init__(self, files: dict[str, str] | None = None, refuse: str = "") -> None:
        self.files = dict(files or {})
        self.refuse = refuse

    def read(self, name: str) -> str | None:
        if self.refuse == "read":
            from game.storage import StorageError

            raise StorageError("the disk is not there")
        return self.files.get(name)

    def write(self, name: str, text: str) -> None:
        if self.refuse == "write":
            from game.storage import StorageError

            raise StorageError("the disk is full")
        self.files[name] = text


CHANGED = Settings(master_volume=0.3, effects_volume=1.0, muted=True, reduce_motion=True, colour_blind=True)


@pytest.mark.parametrize("settings", [Settings(), CHANGED, Settings(master_volume=0.0, effects_volume=0.1)])
def test_round_trip(settings: Settings) -> None:
    assert settings_from_json(settings_to_json(settings)) == settings


def test_the_file_is_versioned_and_lists_every_option() -> None:
    data = json.loads(settings_to_json(CHANGED))
    assert data == {"version": 1, "master_volume": 0.3, "effects_volume": 1.0, "muted": True,
                    "reduce_motion": True, "colour_blind": True}


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
    ('{"muted": 1}', "muted should be true or false"),
    ('{"reduce_motion": "yes"}', "reduce_motion should be true or false"),
    ('{"colour_blind": null}', "colour_blind should be true or false"),
    ('{"version": "one"}', "version should be a whole number"),
    ('{"version": 0}', "version should be a whole number"),
    ('[1, 2]', "not a table of options"),
    ('"muted"', "not a table of options"),
    ('{"muted": tru', "not valid JSON"),
    ('', "not valid JSON"),
    ('[' * 100_000, "not valid JSON"),
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
