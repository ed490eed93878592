"""The committed sound effects (UI-5): one OGG per cue, audible, never clipping or clicking,
different from each other, and what ``game.tools.sounds`` makes."""

from __future__ import annotations

import ast
import re
import zlib
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.content.sounds import SOUND_NAMES
from game.paths import asset
from game.tools.sounds import RATE, SOUNDS, Sound, Voice, main, measure, render, with_serial
from tests.conftest import ROOT


def decode(folder: Path) -> dict[str, np.ndarray]:
    """Every sound in ``folder``, decoded by pygame (as the game plays it), mono floats at ``RATE``.
    The mixer is opened at ``RATE`` for this and left as it was found."""
    before = pygame.mixer.get_init()
    pygame.mixer.quit()
    pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    try:
        sounds = {}
        for name in SOUND_NAMES:
            samples = pygame.sndarray.array(pygame.mixer.Sound(str(folder / f"{name}.ogg")))
            sounds[name] = samples.reshape(samples.shape[0], -1).mean(axis=1) / 32768.0
        return sounds
    finally:
        pygame.mixer.quit()
        if before:
            frequency, size, channels = before
            pygame.mixer.init(frequency=frequency, size=size, channels=channels)


@pytest.fixture(scope="module")
def decoded() -> dict[str, np.ndarray]:
    return decode(asset("sounds"))


def test_every_cue_has_a_recipe_and_a_file() -> None:
    assert len(set(SOUND_NAMES)) == len(SOUND_NAMES) == 22
    assert sorted(SOUNDS) == sorted(SOUND_NAMES)
    for name in SOUND_NAMES:
        assert asset("sounds", f"{name}.ogg").stat().st_size > 1000
        assert SOUNDS[name].doc, f"{name}: say what the sound is for"
    shipped = sorted(path.stem for path in asset("sounds").iterdir())
    assert shipped == sorted(SOUND_NAMES), "no stray files in assets/sounds"


def cue_names(node: ast.expr) -> set[str]:
    """The names an argument can give: a string, or either side of ``a if test else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return cue_names(node.body) | cue_names(node.orelse)
    return set()


def test_every_cue_the_game_emits_has_a_sound() -> None:
    """Each name given to ``game.cue(...)`` or ``audio.play(...)`` is a known sound (a typo would be silence)."""
    emitted: set[str] = set()
    for path in (ROOT / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args
                    and (node.func.attr == "cue" or ast.unparse(node.func).endswith("audio.play"))):
                emitted |= cue_names(node.args[0])
    assert {"step", "hit", "hurt", "pickup", "coins", "explosion", "menu"} <= emitted, "the search finds the calls"
    assert emitted <= set(SOUND_NAMES), sorted(emitted - set(SOUND_NAMES))


def test_sounds_are_audible_short_and_never_clip_or_click(decoded) -> None:
    for name, samples in decoded.items():
        seconds = samples.size / RATE
        assert 0.045 <= seconds <= 0.82, (name, seconds)
        assert np.abs(samples).max() < 0.9, f"{name} clips"
        assert measure(samples)["rms_db"] > -40, f"{name} is too quiet to hear"
        tail = np.abs(samples[-int(0.003 * RATE):]).max()
        assert tail < 0.02, f"{name} ends with a click ({tail:.3f})"
    assert decoded["step"].size / RATE <= 0.08, "a footstep is over before the next move"


def test_footsteps_are_quieter_than_what_must_be_noticed(decoded) -> None:
    step = measure(decoded["step"])
    assert step["peak_db"] < -12, "steps play on most moves: keep them soft"
    for loud in ("explosion", "hurt", "trap", "breach", "death", "door_open"):
        assert measure(decoded[loud])["rms_db"] > step["rms_db"] + 10, loud
        assert measure(decoded[loud])["peak_db"] > step["peak_db"] + 8, loud


def test_no_two_sounds_are_alike(decoded) -> None:
    measured = {name: measure(samples) for name, samples in decoded.items()}
    names = sorted(measured)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ma, mb = measured[a], measured[b]
            apart = (abs(ma["seconds"] - mb["seconds"]) > 0.03 or abs(ma["rms_db"] - mb["rms_db"]) > 2
                     or abs(np.log2(ma["centroid_hz"] / mb["centroid_hz"])) > 0.25)
            assert apart, f"{a} and {b} sound alike"
            size = min(decoded[a].size, decoded[b].size)
            correlation = np.corrcoef(decoded[a][:size], decoded[b][:size])[0, 1]
            assert abs(correlation) < 0.5, f"{a} and {b} are the same wave ({correlation:.2f})"


def test_the_shock_wave_is_deeper_than_the_explosion(decoded) -> None:
    explosion, shockwave = measure(decoded["explosion"]), measure(decoded["shockwave"])
    assert shockwave["centroid_hz"] < explosion["centroid_hz"] / 4


def test_the_files_are_what_the_recipes_make(decoded) -> None:
    """The committed OGGs decode to the tool's synthesis (give or take Vorbis' loss): a
    recipe changed without running ``python -m game.tools.sounds`` fails here."""
    for name, samples in decoded.items():
        made = render(name).astype(np.float64)
        assert abs(samples.size - made.size) < 0.01 * RATE, name
        size = min(samples.size, made.size)
        correlation = np.corrcoef(samples[:size], made[:size])[0, 1]
        assert correlation > 0.8, f"{name}: the committed file is not the tool's sound ({correlation:.2f}); " \
                                  "run python -m game.tools.sounds"


def test_the_tool_regenerates_the_committed_files(decoded, tmp_path, capsys) -> None:
    """Needs the encoder (``pip install -e ".[tools]"``). Vorbis streams carry a random serial
    number, so the files are compared as sound, not as bytes."""
    pytest.importorskip("soundfile")
    assert main(["--out", str(tmp_path), "--report"]) == 0
    report = capsys.readouterr().out
    assert all(re.search(rf"^{name} .* s  peak .* centroid", report, re.MULTILINE) for name in SOUND_NAMES)
    remade = decode(tmp_path)
    for name in SOUND_NAMES:
        assert remade[name].size == decoded[name].size, name
        assert np.abs(remade[name] - decoded[name]).max() < 0.01, name


def test_the_files_have_steady_bytes() -> None:
    """Each stream's serial is the CRC of its name (libsndfile picks a random one), so a rerun
    of the tool leaves unchanged sounds byte for byte as they were; the page checksums hold."""
    for name in SOUND_NAMES:
        data = asset("sounds", f"{name}.ogg").read_bytes()
        serial = zlib.crc32(name.encode("ascii"))
        assert int.from_bytes(data[14:18], "little") == serial, f"{name}: run python -m game.tools.sounds"
        assert with_serial(data, serial) == data, f"{name}: a page checksum is wrong"
        assert with_serial(with_serial(data, 7), serial) == data
    with pytest.raises(ValueError):
        with_serial(b"RIFF" + bytes(40), 1)


def test_noise_is_seeded() -> None:
    assert np.array_equal(render("breach"), render("breach"))
    assert not np.array_equal(render("breach")[:2000], render("explosion")[:2000])


def test_a_voice_cut_short_still_fades_out(monkeypatch) -> None:
    """A recipe whose tone stops at full level (no decay) still ends in silence, not a click."""
    monkeypatch.setitem(SOUNDS, "abrupt", Sound("a test tone", (Voice("square", 440, attack=0.0, hold=0.1, decay=0.0),)))
    samples = render("abrupt")
    assert samples.size == pytest.approx(0.1 * RATE, abs=2)
    assert np.abs(samples).max() == pytest.approx(10 ** (-3 / 20), rel=1e-3), "normalised to its peak level"
    assert abs(samples[-1]) < 1e-3 and np.abs(samples[-int(0.002 * RATE):]).max() < 0.4
