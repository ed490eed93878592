"""The committed sound effects (UI-5): one OGG per cue, audible, never clipping or clicking,
different from each other, and what ``game.tools.sounds`` makes."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.app.audio import SOUND_NAMES, Audio
from game.paths import asset
from game.tools.sounds import RATE, SOUNDS, measure, render


@pytest.fixture(scope="module")
def decoded() -> dict[str, np.ndarray]:
    """Every committed sound, decoded by pygame (as the game plays it), mono floats at ``RATE``."""
    pygame.mixer.quit()
    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    try:
        sounds = {}
        for name in SOUND_NAMES:
            samples = pygame.sndarray.array(pygame.mixer.Sound(str(asset("sounds", f"{name}.ogg"))))
            sounds[name] = samples.reshape(samples.shape[0], -1).mean(axis=1) / 32768.0
        return sounds
    finally:
        pygame.mixer.quit()


def test_every_cue_has_a_recipe_and_a_file() -> None:
    assert sorted(SOUNDS) == sorted(SOUND_NAMES)
    for name in SOUND_NAMES:
        assert asset("sounds", f"{name}.ogg").stat().st_size > 1000


def test_sounds_are_audible_short_and_never_clip_or_click(decoded) -> None:
    for name, samples in decoded.items():
        seconds = samples.size / RATE
        assert 0.02 <= seconds <= 1.2, (name, seconds)
        assert np.abs(samples).max() < 0.99, f"{name} clips"
        assert measure(samples)["rms_db"] > -40, f"{name} is too quiet to hear"
        tail = np.abs(samples[-int(0.002 * RATE):]).max()
        assert tail < 0.02, f"{name} ends with a click ({tail:.3f})"


def test_footsteps_are_quieter_than_what_must_be_noticed(decoded) -> None:
    step = measure(decoded["step"])["rms_db"]
    for loud in ("explosion", "hurt", "trap", "breach", "death", "door_open"):
        assert measure(decoded[loud])["rms_db"] > step + 10, loud


def test_no_two_sounds_are_alike(decoded) -> None:
    measured = {name: measure(samples) for name, samples in decoded.items()}
    names = sorted(measured)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ma, mb = measured[a], measured[b]
            apart = (abs(ma["seconds"] - mb["seconds"]) > 0.03 or abs(ma["rms_db"] - mb["rms_db"]) > 2
                     or abs(np.log2(ma["centroid_hz"] / mb["centroid_hz"])) > 0.25)
            assert apart, f"{a} and {b} sound alike"


def test_the_files_are_what_the_tool_makes(decoded) -> None:
    """The committed OGGs decode to the tool's synthesis (give or take Vorbis' loss)."""
    for name, samples in decoded.items():
        made = render(name).astype(np.float64)
        assert abs(samples.size - made.size) < 0.01 * RATE, name
        size = min(samples.size, made.size)
        correlation = np.corrcoef(samples[:size], made[:size])[0, 1]
        assert correlation > 0.8, f"{name}: the committed file is not the tool's sound ({correlation:.2f})"


def test_the_player_respects_volume_mute_and_the_per_turn_cap(display) -> None:
    audio = Audio()
    assert not audio.ready and not audio.play("hit"), "silent until unlocked"
    audio.unlock()
    assert audio.ready
    audio.configure(0.5, 0.5, muted=False)
    assert audio.play("hit") and audio._sounds["hit"].get_volume() == pytest.approx(0.25, abs=0.01)
    assert not audio.play("no-such-sound")
    assert audio.play_all(["step", "step", "hit", "kill", "coins", "trap", "door_open"]) == \
        ["step", "hit", "kill", "coins"]
    audio.configure(0.5, 0.5, muted=True)
    assert audio._sounds["hit"].get_volume() == 0.0 and not audio.play("hit")
