"""The sound player (UI-5) with SDL's dummy audio driver: silent until unlocked, quiet
about what it cannot play, obedient to the volume options, and sparing per turn."""

from __future__ import annotations

import pygame
import pytest

import game.app.audio as audio_module
from game.app.audio import CHANNELS, MAX_PER_TURN, Audio


@pytest.fixture
def no_mixer():
    """Each test starts with the mixer closed (another test may have left it open) and closes it after."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_the_mixer_starts_only_when_unlocked(no_mixer) -> None:
    audio = Audio()
    assert not audio.ready and not pygame.mixer.get_init(), "making the player opens nothing (browser rule)"
    assert not audio.play("hit") and audio._sounds == {}, "silent and loads nothing until unlocked"
    audio.unlock()
    assert audio.ready and pygame.mixer.get_init()
    assert pygame.mixer.get_num_channels() == CHANNELS >= 16, "room for a busy turn over a long sound"
    audio.unlock()
    assert audio.ready, "unlock is called on every gesture: the second time changes nothing"
    assert audio.play("hit")


def test_a_disabled_player_never_opens_the_mixer(no_mixer) -> None:
    audio = Audio(enabled=False)
    audio.unlock()
    assert not audio.ready and not pygame.mixer.get_init() and not audio.play("hit")


def test_no_audio_device_means_silence_said_once(no_mixer, monkeypatch, capsys) -> None:
    def no_device(*args, **kwargs) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio()
    audio.unlock()
    audio.unlock()
    assert not audio.ready
    audio.play_all(["hit", "kill"])
    assert capsys.readouterr().err.count("no sound") == 1


def test_unknown_and_missing_sounds_are_ignored_and_said_once(no_mixer, monkeypatch, capsys, tmp_path) -> None:
    audio = Audio()
    audio.unlock()
    assert not audio.play("no-such-sound") and not audio.play("no-such-sound")
    assert capsys.readouterr().err.count("no-such-sound") == 1
    monkeypatch.setattr(audio_module, "asset", lambda *parts: tmp_path.joinpath(*parts))
    assert not audio.play("hit") and not audio.play("hit"), "a missing file is silence, not a crash"
    assert capsys.readouterr().err.count("'hit'") == 1
    assert audio.play_all(["kill", "hit"]) == [], "nothing plays, nothing breaks"


def test_volumes_apply_at_once_and_mute_silences(no_mixer) -> None:
    audio = Audio()
    audio.unlock()
    audio.configure(0.5, 0.5, muted=False)
    assert audio.play("hit")
    assert audio._sounds["hit"].get_volume() == pytest.approx(0.25, abs=0.01)
    audio.configure(1.0, 0.4, muted=False)
    assert audio._sounds["hit"].get_volume() == pytest.approx(0.4, abs=0.01), "a loaded sound follows at once"
    audio.configure(2.0, -1.0, muted=False)
    assert audio.volume == 0.0, "volumes are clamped to 0..1"
    audio.configure(1.0, 1.0, muted=True)
    assert audio.volume == 0.0 and audio._sounds["hit"].get_volume() == 0.0
    assert not audio.play("hit") and audio.play_all(["hit", "kill"]) == []
    audio.configure(0.8, 1.0, muted=False)
    assert audio._sounds["hit"].get_volume() == pytest.approx(0.8, abs=0.01), "unmuting restores the volume"
    assert audio.play("kill") and audio._sounds["kill"].get_volume() == pytest.approx(0.8, abs=0.01), \
        "a sound loaded later gets the volume too"


def test_a_turn_plays_each_sound_once_in_order_up_to_the_cap(no_mixer, monkeypatch) -> None:
    audio = Audio()
    audio.unlock()
    turn = ["step", "step", "hit", "kill", "hit", "coins", "trap", "door_open"]
    assert audio.play_all(turn) == ["step", "hit", "kill", "coins"]
    assert MAX_PER_TURN == 4
    started: list[str] = []
    monkeypatch.setattr(audio, "play", lambda name: started.append(name) or name != "no-such-sound")
    audio.play_all(["no-such-sound", "hit", "hit", "explosion", "shockwave", "breach", "kill"])
    assert started == ["no-such-sound", "hit", "explosion", "shockwave", "breach"], \
        "distinct, in order; a sound that cannot play does not use up the turn's share"
    started.clear()
    audio.play_all([])
    assert started == []
