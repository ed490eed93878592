"""Sound effects (SPEC UI-5): the world names what the player should hear, this plays it.

The world appends cue names to ``Game.cues`` (it never imports pygame); the app hands
each turn's cues to ``Audio.play_all``. The mixer starts only in ``unlock``, when the app
starts (in the browser the page starts the game only after the player's first click: pages
may not make sound before a gesture). Without an audio device the game is silent, never
broken. The sounds are OGG files under ``assets/sounds``, made by ``python -m
game.tools.sounds``; idle frames and the loading screen load them (``preload``), or each is
loaded the first time it plays.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pygame

from game.content.sounds import SOUND_NAMES
from game.paths import asset

__all__ = ["Audio", "SOUND_NAMES", "MAX_PER_TURN"]

MAX_PER_TURN = 4
"""Distinct sounds one turn may start: more is noise, not news."""
CHANNELS = 16
_MIXER_PROBLEMS = (pygame.error, NotImplementedError, OSError)
"""What a missing device, a dummy driver or a pygame without its mixer module raises."""


class Audio:
    """Plays cues by name through pygame's mixer, quietly doing nothing when it cannot."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.volume = 0.64  # master x effects, or 0 when muted
        self._ready = False
        self._failed = False
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}  # None: missing or unknown, said once
        self.played = 0  # cues started, for the page's checks (game.app.probe)

    @property
    def ready(self) -> bool:
        """The mixer is running (sounds load as they are first played)."""
        return self._ready

    def unlock(self) -> None:
        """Start the mixer, the first time only (called on every gesture; a failure means silence, said once)."""
        if self._ready or self._failed or not self.enabled:
            return
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(CHANNELS)
        except _MIXER_PROBLEMS as problem:
            self._failed = True
            print(f"threshold: no sound ({problem})", file=sys.stderr)
            return
        self._ready = True

    def configure(self, master: float, effects: float, muted: bool) -> None:
        """Volumes from 0 to 1, applied at once to every sound already loaded."""
        self.volume = 0.0 if muted else _unit(master) * _unit(effects)
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self.volume)

    def play(self, name: str) -> bool:
        """Play one cue; whether it started (not when locked, silent, muted, or unknown)."""
        if not self._ready or self.volume <= 0.0:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.play()
        except _MIXER_PROBLEMS:  # the mixer went away under us (another owner quit it)
            return False
        self.played += 1
        return True

    def preload(self) -> Iterator[str]:
        """Load every sound not loaded yet, one a step (for the loading screen: decoding an OGG
        in the browser costs milliseconds a player would feel the first time it plays)."""
        if not self._ready:
            return
        for name in SOUND_NAMES:
            if name not in self._sounds:
                self._sound(name)
                yield name

    def status(self) -> dict[str, object]:
        """Whether the mixer runs, failed, and how many cues have played (for checks)."""
        return {"ready": self._ready, "failed": self._failed, "played": self.played,
                "volume": round(self.volume, 3)}

    def play_all(self, names: list[str]) -> list[str]:
        """A turn's cues: each distinct one once, in order, at most ``MAX_PER_TURN``; what played."""
        played: list[str] = []
        for name in dict.fromkeys(names):
            if len(played) >= MAX_PER_TURN:
                break
            if self.play(name):
                played.append(name)
        return played

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = None
            if name not in SOUND_NAMES:
                print(f"threshold: no sound is called {name!r}", file=sys.stderr)
            else:
                try:
                    sound = pygame.mixer.Sound(str(asset("sounds", f"{name}.ogg")))
                    sound.set_volume(self.volume)
                except _MIXER_PROBLEMS as problem:
                    print(f"threshold: sound {name!r} missing ({problem})", file=sys.stderr)
            self._sounds[name] = sound
        return self._sounds[name]


def _unit(value: float) -> float:
    return max(0.0, min(1.0, float(value)))
