"""Make the game's sound effects (SPEC UI-5): synthesised with numpy in the manner of sfxr,
written as OGG Vorbis into ``assets/sounds``.

    python -m game.tools.sounds [--out DIR] [--report]

Every sound is a recipe of a few voices (an oscillator or noise, an envelope, a pitch
slide, vibrato, a filter whose cutoff may slide), mixed, normalised to its own peak
level and faded out so it never clicks. Noise is drawn from a generator seeded by the
sound's name, and each file's Ogg serial number is fixed too, so a rerun leaves unchanged
sounds byte for byte as they were. Writing OGG needs ``soundfile``
(``pip install -e ".[tools]"``); the game itself only reads the committed files.
``--report`` prints each sound's length, peak and RMS level and spectral centroid.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from game.cli import folder
from game.content.sounds import SOUND_NAMES

RATE = 22050
FADE_S = 0.006
OUT = Path(__file__).resolve().parents[2] / "assets" / "sounds"


@dataclass(frozen=True)
class Voice:
    wave: str  # "square", "saw", "triangle", "sine" or "noise"
    freq: float = 440.0  # Hz at the start (noise: ignored)
    slide: float = 1.0  # the frequency at the end, as a multiple of the start
    attack: float = 0.004  # seconds
    hold: float = 0.0
    decay: float = 0.1
    delay: float = 0.0  # starts this long after the sound does
    duty: float = 0.5  # square waves
    vibrato: tuple[float, float] = (0.0, 0.0)  # (depth as a share of the frequency, rate in Hz)
    lowpass: tuple[float, float] | None = None  # cutoff in Hz at the start and at the end
    highpass: float | None = None  # cutoff in Hz
    gain: float = 1.0


@dataclass(frozen=True)
class Sound:
    doc: str
    voices: tuple[Voice, ...]
    peak_db: float = -3.0


SOUNDS: dict[str, Sound] = {
    "step": Sound("a soft footstep (most moves: quiet and short)",
                  (Voice("noise", attack=0.002, decay=0.05, lowpass=(700, 300)),
                   Voice("sine", 95, 0.7, attack=0.002, decay=0.04, gain=0.5)), peak_db=-17),
    "door_open": Sound("a creaking hinge, then the door against the wall",
                       (Voice("saw", 190, 0.62, attack=0.02, hold=0.1, decay=0.12, vibrato=(0.06, 23), lowpass=(1900, 900)),
                        Voice("noise", delay=0.2, attack=0.002, decay=0.08, lowpass=(380, 200), gain=1.3)), peak_db=-7),
    "door_close": Sound("a door thuds shut and its latch clicks",
                        (Voice("noise", attack=0.002, decay=0.12, lowpass=(500, 160), gain=1.2),
                         Voice("sine", 72, 0.8, attack=0.002, decay=0.1),
                         Voice("square", 1500, delay=0.012, attack=0.0005, decay=0.012, lowpass=(4000, 4000),
                               gain=0.25)), peak_db=-6),
    "hit": Sound("a blow lands",
                 (Voice("noise", attack=0.001, decay=0.07, lowpass=(2800, 700)),
                  Voice("square", 170, 0.45, attack=0.001, decay=0.07, duty=0.4, lowpass=(1500, 500), gain=0.7)),
                 peak_db=-5),
    "miss": Sound("a swish through the air",
                  (Voice("noise", attack=0.03, decay=0.11, lowpass=(5200, 2400), highpass=1400),), peak_db=-12),
    "hurt": Sound("you are hit: a low, rough blow",
                  (Voice("square", 240, 0.5, attack=0.001, decay=0.16, duty=0.3, lowpass=(1800, 500)),
                   Voice("noise", attack=0.001, decay=0.08, lowpass=(1600, 400))), peak_db=-4),
    "kill": Sound("a monster dies: a falling crunch",
                  (Voice("square", 380, 0.16, attack=0.002, hold=0.04, decay=0.26, duty=0.35, lowpass=(2200, 300)),
                   Voice("noise", attack=0.002, decay=0.18, lowpass=(1400, 200))), peak_db=-4),
    "death": Sound("you die: a long fall into the dark",
                   (Voice("saw", 220, 0.25, attack=0.01, hold=0.28, decay=0.48, vibrato=(0.03, 5), lowpass=(1400, 250)),
                    Voice("sine", 110, 0.35, attack=0.01, hold=0.28, decay=0.48, gain=0.8)), peak_db=-3),
    "pickup": Sound("an item picked up: two rising blips",
                    (Voice("square", 660, attack=0.002, decay=0.06, duty=0.25, lowpass=(3500, 3500)),
                     Voice("square", 990, delay=0.06, attack=0.002, decay=0.08, duty=0.25, lowpass=(3500, 3500))),
                    peak_db=-9),
    "coins": Sound("coins jingle",
                   (Voice("triangle", 1320, attack=0.001, decay=0.09),
                    Voice("triangle", 1760, delay=0.045, attack=0.001, decay=0.1),
                    Voice("triangle", 2093, delay=0.1, attack=0.001, decay=0.14, gain=0.8)), peak_db=-10),
    "potion": Sound("a potion drunk: bubbles rising",
                    tuple(Voice("sine", f, 1.7, delay=d, attack=0.004, decay=0.05)
                          for f, d in ((320, 0.0), (410, 0.07), (360, 0.13), (480, 0.19), (430, 0.25))), peak_db=-9),
    "throw": Sound("something thrown or fired whooshes away",
                   (Voice("noise", attack=0.05, decay=0.14, lowpass=(4200, 1500), highpass=700),
                    Voice("sine", 600, 0.5, attack=0.03, decay=0.12, gain=0.25)), peak_db=-11),
    "explosion": Sound("TNT or a rocket goes off: a burst and a rumble",
                       (Voice("noise", attack=0.002, hold=0.05, decay=0.55, lowpass=(3000, 160), gain=1.2),
                        Voice("sine", 62, 0.5, attack=0.002, hold=0.05, decay=0.5)), peak_db=-2),
    "shockwave": Sound("a rocket's shock wave: a deep thump sweeping down",
                       (Voice("sine", 140, 0.18, attack=0.01, hold=0.05, decay=0.6),
                        Voice("noise", attack=0.02, decay=0.4, lowpass=(420, 90), gain=0.8)), peak_db=-3),
    "trap": Sound("a trap springs: a sharp snap and a hiss",
                  (Voice("square", 1900, attack=0.0005, decay=0.012, duty=0.5),
                   Voice("square", 210, 0.6, attack=0.0005, decay=0.05, duty=0.5, lowpass=(2000, 600)),
                   Voice("noise", delay=0.02, attack=0.005, hold=0.05, decay=0.25, highpass=2200, gain=1.6)),
                  peak_db=-3),
    "bug": Sound("an alien bug buzzes and stings",
                 (Voice("saw", 210, 1.1, attack=0.01, hold=0.1, decay=0.12, vibrato=(0.25, 42), lowpass=(2600, 1800)),
                  Voice("square", 880, 0.6, delay=0.15, attack=0.001, decay=0.05, duty=0.2, gain=0.6)), peak_db=-8),
    "breach": Sound("the hull breaks: air rushes out into space",
                    (Voice("noise", attack=0.04, hold=0.25, decay=0.5, lowpass=(5000, 250), gain=1.0),
                     Voice("saw", 90, 0.6, attack=0.04, hold=0.2, decay=0.4, lowpass=(600, 200), gain=0.35)),
                    peak_db=-3),
    "stairs": Sound("down (or up) the stairs: three footfalls in a row",
                    tuple(Voice("triangle", f, 0.9, delay=d, attack=0.002, decay=0.06)
                          for f, d in ((440, 0.0), (392, 0.08), (330, 0.16))), peak_db=-10),
    "warden": Sound("a Warden falls: a bright, held chord",
                    tuple(Voice("triangle", f, attack=0.02, hold=0.3, decay=0.45, gain=g)
                          for f, g in ((262, 1.0), (330, 0.9), (392, 0.9), (523, 0.7))), peak_db=-3),
    "victory": Sound("every Warden has fallen: a short fanfare",
                     tuple(Voice("square", f, delay=d, attack=0.01, hold=h, decay=0.2, duty=0.35,
                                 lowpass=(3000, 3000), gain=0.8)
                           for f, d, h in ((523, 0.0, 0.06), (659, 0.11, 0.06), (784, 0.22, 0.06),
                                           (1047, 0.33, 0.22))), peak_db=-6),
    "menu": Sound("a menu choice: a tiny click", (Voice("square", 1250, attack=0.0005, decay=0.05, duty=0.5),),
                  peak_db=-15),
    "reveal": Sound("a trap-vault cell found safe: a soft blip",
                    (Voice("sine", 880, 1.25, attack=0.002, decay=0.06),), peak_db=-15),
}


def render(name: str) -> np.ndarray:
    """The sound ``name`` as float32 samples in -1..1 at ``RATE``."""
    sound = SOUNDS[name]
    rng = np.random.default_rng(zlib.crc32(name.encode("ascii")))
    voices = [(int(round(voice.delay * RATE)), voice.gain * _voice(voice, rng)) for voice in sound.voices]
    length = max(start + samples.size for start, samples in voices)
    mix = np.zeros(length, dtype=np.float64)
    for start, samples in voices:
        mix[start:start + samples.size] += samples
    mix *= 10 ** (sound.peak_db / 20) / max(1e-9, float(np.abs(mix).max()))
    fade = min(length, int(FADE_S * RATE))  # over the sound's own end: a voice cut short cannot click
    mix[length - fade:] *= np.linspace(1.0, 0.0, fade)
    return mix.astype(np.float32)


def _voice(voice: Voice, rng: np.random.Generator) -> np.ndarray:
    count = int(round((voice.attack + voice.hold + voice.decay) * RATE))
    t = np.arange(count) / RATE
    share = t / max(t[-1], 1e-9)
    if voice.wave == "noise":
        wave = rng.uniform(-1.0, 1.0, count)
    else:
        freq = voice.freq * voice.slide ** share
        depth, rate = voice.vibrato
        freq = freq * (1.0 + depth * np.sin(2 * np.pi * rate * t))
        phase = np.cumsum(freq) / RATE % 1.0
        wave = {"square": np.where(phase < voice.duty, 1.0, -1.0), "saw": 2.0 * phase - 1.0,
                "triangle": 1.0 - 4.0 * np.abs(phase - 0.5), "sine": np.sin(2 * np.pi * phase)}[voice.wave]
    if voice.lowpass is not None:  # two poles: 12 dB an octave, soft enough to keep some bite
        cutoff = voice.lowpass[0] * (voice.lowpass[1] / voice.lowpass[0]) ** share
        wave = _lowpass(_lowpass(wave, cutoff), cutoff)
    if voice.highpass is not None:
        wave = wave - _lowpass(wave, np.full(count, voice.highpass))
    return wave * _envelope(voice, t)


def _envelope(voice: Voice, t: np.ndarray) -> np.ndarray:
    rise = np.clip(t / max(voice.attack, 1e-6), 0.0, 1.0)
    after = np.clip((t - voice.attack - voice.hold) / max(voice.decay, 1e-6), 0.0, 1.0)
    return rise * (1.0 - after) ** 2  # a curved decay, as sfxr's


def _lowpass(wave: np.ndarray, cutoff: np.ndarray) -> np.ndarray:
    """A one-pole low-pass filter whose cutoff may change sample by sample."""
    alpha = 1.0 - np.exp(-2.0 * np.pi * np.minimum(cutoff, RATE / 2) / RATE)
    out = np.empty_like(wave)
    level = 0.0
    for i, (sample, a) in enumerate(zip(wave.tolist(), alpha.tolist())):
        level += a * (sample - level)
        out[i] = level
    return out


def measure(samples: np.ndarray) -> dict[str, float]:
    """Length (s), peak and RMS level (dBFS) and spectral centroid (Hz) of mono samples."""
    samples = samples.astype(np.float64)
    spectrum = np.abs(np.fft.rfft(samples))
    freqs = np.fft.rfftfreq(samples.size, 1.0 / RATE)
    return {"seconds": samples.size / RATE,
            "peak_db": 20 * np.log10(max(1e-9, float(np.abs(samples).max()))),
            "rms_db": 20 * np.log10(max(1e-9, float(np.sqrt(np.mean(samples ** 2))))),
            "centroid_hz": float((spectrum * freqs).sum() / max(1e-9, spectrum.sum()))}


def with_serial(ogg: bytes, serial: int) -> bytes:
    """The Ogg stream ``ogg`` with its serial number set to ``serial`` (and every page's checksum
    made again). libsndfile picks a random serial, so without this a rerun of the tool would
    change every file's bytes though no sound changed.
    """
    out = bytearray(ogg)
    start = 0
    while start < len(out):
        if out[start:start + 4] != b"OggS":
            raise ValueError(f"not an Ogg page at byte {start}")
        segments = out[start + 26]
        end = start + 27 + segments + sum(out[start + 27:start + 27 + segments])
        out[start + 14:start + 18] = serial.to_bytes(4, "little")
        out[start + 22:start + 26] = bytes(4)
        out[start + 22:start + 26] = _ogg_crc(out[start:end]).to_bytes(4, "little")
        start = end
    return bytes(out)


def _ogg_crc(page: bytes | bytearray) -> int:
    """Ogg's page checksum: CRC-32 with polynomial 0x04C11DB7, most significant bit first, no inversion."""
    crc = 0
    for byte in page:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC_TABLE[(crc >> 24) ^ byte]
    return crc


def _crc_table() -> tuple[int, ...]:
    table = []
    for index in range(256):
        value = index << 24
        for _ in range(8):
            value = ((value << 1) ^ 0x04C11DB7) if value & 0x80000000 else value << 1
        table.append(value & 0xFFFFFFFF)
    return tuple(table)


_CRC_TABLE = _crc_table()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.sounds", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=folder, default=str(OUT), help="folder for the OGG files (default assets/sounds)")
    parser.add_argument("--report", action="store_true", help="print each sound's measures")
    args = parser.parse_args(argv)
    missing = sorted(set(SOUND_NAMES) ^ set(SOUNDS))
    if missing:
        print(f"sounds: recipes and the game's cues differ: {missing}", file=sys.stderr)
        return 1
    try:
        import soundfile
    except ImportError:
        print('sounds: writing OGG needs soundfile (pip install -e ".[tools]")', file=sys.stderr)
        return 2
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as problem:
        parser.error(f"argument --out: cannot make the folder {args.out!r} ({problem.strerror})")
    for name in SOUND_NAMES:
        samples = render(name)
        path = out / f"{name}.ogg"
        soundfile.write(str(path), samples, RATE, format="OGG", subtype="VORBIS")
        path.write_bytes(with_serial(path.read_bytes(), zlib.crc32(name.encode("ascii"))))
        if args.report:
            m = measure(samples)
            print(f"{name:11} {m['seconds']:5.3f} s  peak {m['peak_db']:6.1f} dB  rms {m['rms_db']:6.1f} dB  "
                  f"centroid {m['centroid_hz']:6.0f} Hz   {SOUNDS[name].doc}")
    print(f"sounds: wrote {len(SOUND_NAMES)} OGG files to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
