"""Sound cues (UI-5): the world says what the player should hear; the app plays it, once,
only after the first gesture, and not at all when muted."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.world.actions import CloseDoor, Move, PickUp, UseSlot, Wait
from game.app.app import App
from game.app.audio import SOUND_NAMES
from game.app.options import Options
from game.paths import asset
from tests.helpers import game_on, until_playing

if TYPE_CHECKING:
    from game.world.action import Action
    from game.world.game import Game

ROOM = """
+-+-+-+-+-+-+
|. @ .D. . .|
+-+-+-+-+-+-+
"""


def cues_of(game: Game, action: Action) -> list[str]:
    game.cues.clear()
    game.perform(action)
    return list(game.cues)


def test_every_cue_has_its_sound_file() -> None:
    for name in SOUND_NAMES:
        assert asset("sounds", f"{name}.ogg").is_file(), name


def test_steps_doors_items_and_potions_are_heard() -> None:
    game = game_on(ROOM)
    assert cues_of(game, Move(1, 0)) == ["step"]
    assert cues_of(game, Wait()) == []
    game.drop_item("potion_healing", game.player.pos)
    assert cues_of(game, PickUp()) == ["pickup"]
    game.player.hp -= 10
    slot = next(i for i in range(9) if (game.inventory.slot(i) or ("",))[0] == "potion_healing")
    assert cues_of(game, UseSlot(slot)) == ["potion"]


def test_a_door_opens_and_closes_audibly() -> None:
    game = game_on(ROOM)
    assert cues_of(game, Move(1, 0)) == ["step"]
    assert cues_of(game, Move(1, 0)) == ["door_open"]
    assert cues_of(game, CloseDoor(1, 0)) == ["door_close"]


def test_the_app_plays_a_turns_cues_once_and_not_when_muted(display, tmp_path, monkeypatch) -> None:
    app = App(Options(fps=0, save_dir=str(tmp_path), seed="heard"))
    play = until_playing(app)
    played: list[str] = []
    monkeypatch.setattr(app.audio, "play", lambda name: played.append(name) or True)
    play.game.cues.extend(["hit", "hit", "kill"])
    play.act(Wait(), 0.0)
    assert played == ["hit", "kill"], "each distinct sound once"
    assert play.game.cues == [], "a cue is played once, then forgotten"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_v, unicode="v", mod=0))
    app.frame()
    assert app.settings.muted and app.audio.volume == 0.0
    assert app.banner is not None and app.banner[0] == "Sound off"


def test_the_browser_starts_sound_with_the_game(display, tmp_path, monkeypatch) -> None:
    """The page starts the game only after the player's first click (web/threshold.tmpl waits
    for it, as browsers allow sound only after a gesture), so the mixer starts with the app:
    the first key press no longer pays for it (~40 ms in the browser). A gesture later
    changes nothing."""
    import game.app.app as app_module

    monkeypatch.setattr(app_module, "BROWSER", True)
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    assert app.audio.ready, "sound from the first frame"
    mixer = pygame.mixer.get_init()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)))
    app.frame()
    assert app.audio.ready and pygame.mixer.get_init() == mixer