"""The run as a player lives it in the window: saved, continued, abandoned, ended; seeds
typed on the title; the daily; the menus (SAV-1, SAV-2, RUN-3, UI-4)."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app.app import App
from game.app.loading import LoadingState
from game.app.menus import ConfirmState, PauseState, SaveProblemState
from game.app.seed_entry import SeedEntryState
from game.app.options import Options
from game.app.play import PlayState
from game.app.title import TitleState
from game.run.saves import DAMAGED_NAME, RECORDING_NAME, SAVE_NAME
from game.storage.storage import FileStorage
from tests.helpers import frames, key, until_playing


def choose(app: App, item: str) -> None:
    """Pick ``item`` in the current screen's menu with the keyboard, as a player would."""
    keys_ = [k for k, _ in app.state.menu.items]
    while keys_[app.state.menu.selected] != item:
        key(pygame.K_DOWN)
        frames(app)
    key(pygame.K_RETURN)
    frames(app)


@pytest.fixture
def app(display, tmp_path) -> App:
    return App(Options(fps=0, save_dir=str(tmp_path)))


def walk(app: App, steps: int = 6) -> None:
    for k in [pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_UP, pygame.K_KP5][:steps] * 2:
        key(k)
        frames(app)


def test_save_and_quit_then_continue_resumes_exactly(app: App, tmp_path) -> None:
    choose(app, "new")
    play = until_playing(app)
    walk(app)
    digest, seed = play.game.digest(), play.game.seed_text
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.state, PauseState)
    choose(app, "save")
    assert isinstance(app.state, TitleState)
    assert (tmp_path / SAVE_NAME).is_file()
    assert app.state.menu.items[0] == ("continue", "Continue")
    assert app.state.save.seed == seed
    choose(app, "continue")
    resumed = until_playing(app)
    assert resumed is not play and resumed.game.digest() == digest


def test_a_floor_change_saves_and_closing_the_window_saves(app: App, tmp_path) -> None:
    choose(app, "new")
    play = until_playing(app)
    game = play.game
    game.player.x, game.player.y = game.world.entrances[game.world.order[0]]
    key(pygame.K_PERIOD, ">", pygame.KMOD_SHIFT)
    frames(app, 4)  # the new run's save is written, then the floor change's is made (at the start of the
    # frame after the one that draws the new floor) and written (at the start of the next)
    assert not game.on_overworld
    storage = FileStorage(tmp_path)
    assert f'"turn":{game.turn}' in storage.read(SAVE_NAME), "going down saved the run"
    walk(app)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    frames(app)
    assert not app.running
    assert f'"turn":{game.turn}' in storage.read(SAVE_NAME), "closing the window saved the run"


def test_death_deletes_the_save_and_keeps_the_recording(app: App, tmp_path) -> None:
    from game.app.states import GameOverState

    choose(app, "new")
    play = until_playing(app)
    walk(app)
    assert (tmp_path / SAVE_NAME).is_file()
    play.game.kill(play.game.player, None)
    frames(app, 2)
    assert isinstance(app.state, GameOverState)
    assert not (tmp_path / SAVE_NAME).exists(), "one life: death ends the saved run"
    assert (tmp_path / RECORDING_NAME).is_file()


def test_the_end_screen_plays_the_same_seed_again(app: App) -> None:
    from game.app.states import GameOverState

    choose(app, "new")
    play = until_playing(app)
    play.game.kill(play.game.player, None)
    frames(app, 2)
    assert isinstance(app.state, GameOverState)
    app.state.opened_ms = -10_000.0  # past the guard against a key held while dying
    key(pygame.K_r, "r")
    frames(app)
    again = until_playing(app)
    assert again.game.seed_text == play.game.seed_text and again.game.turn == 0


def start_and_save(app: App, save_dir) -> str:
    """Start a run from the title, save and quit it from the pause menu; the save's text."""
    choose(app, "new")
    until_playing(app)
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "save")
    return (save_dir / SAVE_NAME).read_text()


def test_a_new_run_over_a_saved_one_asks_first(app: App, tmp_path) -> None:
    saved = start_and_save(app, tmp_path)
    choose(app, "new")
    assert isinstance(app.state, ConfirmState)
    key(pygame.K_ESCAPE)  # keep it
    frames(app)
    assert isinstance(app.state, TitleState) and (tmp_path / SAVE_NAME).read_text() == saved


@pytest.mark.parametrize("flags", [{"seed": "typed-at-launch"}, {"daily": "2026-01-02"}])
def test_a_seed_or_daily_given_at_launch_asks_before_replacing_the_saved_run(app: App, tmp_path, flags) -> None:
    """``main.py --seed S`` (or ``--daily``) with a run saved: the same question as the title's
    New run. Keeping it leaves the save untouched; abandoning it starts the asked-for run."""
    saved = start_and_save(app, tmp_path)
    again = App(Options(fps=0, save_dir=str(tmp_path), **flags))
    assert isinstance(again.state, ConfirmState)
    key(pygame.K_ESCAPE)  # keep it
    frames(again)
    assert isinstance(again.state, TitleState) and (tmp_path / SAVE_NAME).read_text() == saved
    third = App(Options(fps=0, save_dir=str(tmp_path), **flags))
    choose(third, "yes")
    play = until_playing(third)
    assert play.run.recording.daily == flags.get("daily")
    if "seed" in flags:
        assert play.game.seed_text == flags["seed"]


def test_a_seed_link_reloaded_after_save_and_quit_continues_its_run(display, tmp_path) -> None:
    """``?seed=S`` (``--seed S``) with that very run saved: reloading the link continues it,
    where it was (TRU-8: it asked "Abandon your saved run?" on every reload). A link that asks
    for another run (another seed, a start elsewhere, another sight) still asks first."""
    from dataclasses import replace

    first = App(Options(seed="a link", fps=0, save_dir=str(tmp_path)))
    play = until_playing(first)
    walk(first)
    key(pygame.K_ESCAPE)
    frames(first)
    choose(first, "save")
    assert isinstance(first.state, TitleState) and play.game.turn > 0
    digest, saved = play.game.digest(), (tmp_path / SAVE_NAME).read_text()

    again = App(Options(seed="a link", fps=0, save_dir=str(tmp_path)))
    assert isinstance(again.state, LoadingState), "no question: the saved run is the link's"
    resumed = until_playing(again)
    assert resumed.game.digest() == digest and resumed.game.seed_text == "a link"
    key(pygame.K_ESCAPE)
    frames(again)
    choose(again, "save")
    saved = (tmp_path / SAVE_NAME).read_text()

    for options in ({"seed": "another link"}, {"seed": "a link", "start": "vault"}):
        other = App(Options(fps=0, save_dir=str(tmp_path), **options))
        assert isinstance(other.state, ConfirmState), options
    seeing = App(Options(fps=0, save_dir=str(tmp_path)))
    seeing.change_settings(replace(seeing.settings, sight="tile"))  # a new run would see by the tile
    assert isinstance(App(Options(seed="a link", fps=0, save_dir=str(tmp_path))).state, ConfirmState)
    assert (tmp_path / SAVE_NAME).read_text() == saved, "asking changes nothing"


def test_abandoning_asks_then_ends_the_run(app: App, tmp_path) -> None:
    choose(app, "new")
    until_playing(app)
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "abandon")
    assert isinstance(app.state, ConfirmState)
    choose(app, "yes")
    assert isinstance(app.state, TitleState)
    assert not (tmp_path / SAVE_NAME).exists() and (tmp_path / RECORDING_NAME).is_file()
    assert app.state.menu.items[0][0] == "new"


def test_a_damaged_save_is_explained_and_set_aside_not_overwritten(display, tmp_path) -> None:
    (tmp_path / SAVE_NAME).write_text('{"format": "threshold-save", "version": 1}')
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    assert app.state.save is not None and not app.state.save.usable
    choose(app, "continue")
    while isinstance(app.state, LoadingState):  # what a run needs loads first, then the save is read
        frames(app)
    assert isinstance(app.state, SaveProblemState)
    assert "another version" in app.state.problem
    choose(app, "new")
    until_playing(app)
    assert (tmp_path / DAMAGED_NAME).read_text() == '{"format": "threshold-save", "version": 1}'


def test_a_typed_seed_of_any_text_starts_that_run(app: App) -> None:
    choose(app, "seed")
    assert isinstance(app.state, SeedEntryState)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="Ünïcödé Жλ 🐉"))
    frames(app)
    assert app.state.seed == "Ünïcödé Жλ ", "what the font draws is taken"
    assert app.state.refused == "🐉 cannot be shown: choose another character", "what it cannot draw is refused"
    key(pygame.K_v, "v")  # a key press is not text (and not the mute key) while typing
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="x"))
    frames(app)
    assert app.state.refused == "", "the message goes with the next character taken"
    key(pygame.K_BACKSPACE)
    frames(app)
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="seed" + "!" * 100))
    frames(app)
    assert len(app.state.seed) == 64, "a sane length limit"
    key(pygame.K_RETURN)
    frames(app)
    play = until_playing(app)
    assert play.game.seed_text == ("Ünïcödé Жλ seed" + "!" * 100)[:64]


def test_the_daily_is_resumed_not_rerolled_the_same_day(app: App) -> None:
    from game.run.daily import daily_seed, today

    choose(app, "daily")
    play = until_playing(app)
    assert play.game.seed_text == daily_seed(today()) and play.run.recording.daily == today().isoformat()
    walk(app)
    turn = play.game.turn
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "save")
    choose(app, "daily")
    again = until_playing(app)
    assert again.game.turn == turn and again.game.seed_text == play.game.seed_text


def test_ctrl_c_copies_the_seed(app: App, monkeypatch) -> None:
    from game.app import clipboard

    copied: list[str] = []
    monkeypatch.setattr(clipboard, "copy", lambda text: copied.append(text) or True)
    app.state = app.runs.start_run("copy me")
    until_playing(app)
    key(pygame.K_c, "\x03", pygame.KMOD_CTRL)
    frames(app)
    assert copied == ["copy me"]
    assert app.banner is not None and "copied" in app.banner[0]


def test_help_and_credits_open_from_the_title_and_go_back(app: App) -> None:
    choose(app, "credits")
    assert type(app.state).__name__ == "CreditsState"
    assert any("game-icons" in line.lower() for line in app.state.lines)
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "help")
    assert type(app.state).__name__ == "HelpState"
    key(pygame.K_ESCAPE)
    frames(app)
    assert isinstance(app.state, TitleState)


def test_mashing_keys_through_every_menu_never_crashes(app: App) -> None:
    rng = random.Random(7)
    keys_ = [pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_ESCAPE,
             pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_v, pygame.K_r, pygame.K_c]
    for _ in range(400):
        if rng.random() < 0.1:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(["a", "é", "🐉", "\x00"])))
        else:
            key(rng.choice(keys_), "", rng.choice([0, 0, pygame.KMOD_CTRL]))
        frames(app)
        if not app.running:
            app.running = True
            app.state = TitleState(app)
    assert app.frames >= 400


def test_a_run_is_not_playable_twice_from_one_save(app: App) -> None:
    """Continue loads the save; the loaded run is the one the app saves from then on."""
    choose(app, "new")
    until_playing(app)
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "save")
    assert app.run is None
    choose(app, "continue")
    play = until_playing(app)
    assert isinstance(play, PlayState) and app.run is play.run


def test_options_apply_at_once_and_are_kept(display, tmp_path) -> None:
    from game.render import motion, palette

    app = App(Options(fps=0, save_dir=str(tmp_path)))
    choose(app, "options")
    assert type(app.state).__name__ == "OptionsState"
    key(pygame.K_LEFT)  # master volume 80 % -> 70 %
    frames(app)
    for row in ("reduce_motion", "colour_blind"):
        while app.state.selected != [name for name, _ in __import__("game.app.options_screen",
                                                                     fromlist=["ROWS"]).ROWS].index(row):
            key(pygame.K_DOWN)
            frames(app)
        key(pygame.K_RETURN)
        frames(app)
    assert app.settings.master_volume == 0.7 and app.settings.reduce_motion and app.settings.colour_blind
    assert motion.reduced and palette.colour_blind, "applied at once"
    assert abs(app.audio.volume - 0.7 * 0.8) < 1e-9
    again = App(Options(fps=0, save_dir=str(tmp_path)))
    assert again.settings == app.settings, "kept for next time"
    again.change_settings(type(app.settings)())
    assert not motion.reduced and not palette.colour_blind


def test_damaged_options_give_the_defaults_and_a_message(display, tmp_path) -> None:
    (tmp_path / "settings.json").write_text('{"master_volume": "loud"}')
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    assert app.settings == type(app.settings)()
    assert "master_volume" in app.settings_message
    assert (tmp_path / "settings.json").read_text() == '{"master_volume": "loud"}', "left alone until changed"


def test_pasting_a_seed(app: App, monkeypatch) -> None:
    from game.app import clipboard

    monkeypatch.setattr(pygame.scrap, "get_text", lambda: "  pasted\n seed  ")
    assert clipboard.paste() == "pasted seed", "one line, spaces tidied"
    choose(app, "seed")
    key(pygame.K_v, "\x16", pygame.KMOD_CTRL)
    frames(app)
    assert app.state.seed == "pasted seed"


def test_the_browser_pastes_through_the_pages_text_box(monkeypatch) -> None:
    import platform
    import types

    from game.app import clipboard

    monkeypatch.setattr(clipboard, "BROWSER", True)
    monkeypatch.setattr(platform, "window", types.SimpleNamespace(prompt=lambda question, default: "from the page"),
                        raising=False)
    assert clipboard.paste() == "from the page"


def test_a_save_refused_keeps_you_in_the_run_and_says_why(app: App, monkeypatch) -> None:
    from game.storage.storage import StorageError

    choose(app, "new")
    play = until_playing(app)

    def refuse(text: str, new_run: bool = False) -> None:
        raise StorageError("the browser's storage for this site is full")

    monkeypatch.setattr(app.saves, "write", refuse)
    key(pygame.K_ESCAPE)
    frames(app)
    choose(app, "save")
    assert isinstance(app.state, PauseState) and app.run is play.run, "nothing is thrown away"
    assert "full" in app.banner[0]
