"""Saving and continuing a run (SAV-1, SAV-2): exact, one life, and safe with bad saves."""

from __future__ import annotations

import json

import pytest

from game import SAVE_VERSION
from game.app.options import parse_options
from game.bot.autoplay import Autoplayer, play_on
from game.headless import run_headless
from game.run.replay import replay
from game.run.recording import Recording
from game.run.run import Run
from game.run.saves import DAMAGED_NAME, SAVE_NAME, SaveRefused, Saves
from game.storage.memory import MemoryStorage
from game.storage.storage import FileStorage, StorageError


def played(seed: str, turns: int) -> tuple[Run, Autoplayer]:
    run, bot = Run.new(seed), Autoplayer()
    play_on(run, bot, turns)
    return run, bot


def overwrite(storage: MemoryStorage, text: str) -> None:
    """Damage the save in place, as a failing disk or a meddling hand would (no backup made)."""
    storage.local.setItem(storage.key(SAVE_NAME), text)


def test_a_saved_run_continues_exactly() -> None:
    saves = Saves(MemoryStorage())
    run, bot = played("saved", 400)
    saves.save(run, bot.memory())
    loaded = saves.load()
    assert loaded.run.game.digest() == run.game.digest()
    assert loaded.run.recording.to_dict() == run.recording.to_dict()
    info = saves.info()
    assert (info.seed, info.turn, info.usable) == ("saved", run.game.turn, True)


def test_save_then_continue_plays_on_like_a_run_played_straight_through() -> None:
    straight, _ = played("straight", 900)
    saves = Saves(MemoryStorage())
    half, bot = played("straight", 450)
    saves.save(half, bot.memory())
    loaded = saves.load()
    resumed_bot = Autoplayer.from_memory(json.loads(json.dumps(loaded.bot)))
    play_on(loaded.run, resumed_bot, 900)
    assert loaded.run.game.digest() == straight.game.digest()
    # and the recording, made in two sittings, replays to the same end
    assert replay(loaded.run.recording_now()).ok


def test_the_command_line_save_and_continue_give_the_straight_digest(tmp_path, capsys) -> None:
    def headless(*argv: str) -> dict:
        assert run_headless(parse_options(list(argv))) == 0
        return json.loads(capsys.readouterr().out.strip().splitlines()[-1])

    straight = headless("--autoplay", "--headless", "--seed", "cli", "--turns", "700")
    folder = str(tmp_path / "saves")
    headless("--autoplay", "--headless", "--seed", "cli", "--turns", "350", "--save-dir", folder, "--save-at-end")
    assert (tmp_path / "saves" / SAVE_NAME).is_file()
    resumed = headless("--autoplay", "--headless", "--continue", "--turns", "700", "--save-dir", folder)
    assert resumed["digest"] == straight["digest"]


@pytest.mark.parametrize("how", [["--autoplay"], ["--keys", "x"]], ids=["autoplay", "keys"])
def test_continue_without_a_save_is_a_clear_error(how, tmp_path, capsys) -> None:
    status = run_headless(parse_options([*how, "--headless", "--continue", "--save-dir", str(tmp_path)]))
    assert status == 2
    assert "cannot continue: there is no saved run" in capsys.readouterr().err


def test_the_end_of_a_run_deletes_the_save_and_keeps_a_recording_that_replays() -> None:
    storage = MemoryStorage()
    saves = Saves(storage)
    run, _ = played("ends", 200)
    saves.save(run)
    saves.end(run)
    assert not saves.exists() and saves.info() is None
    assert replay(Recording.from_json(saves.last_recording())).ok


@pytest.mark.parametrize("damage, problem", [
    (lambda text: text[: len(text) // 2], "not valid JSON"),
    (lambda text: "null", "not a Threshold save"),
    (lambda text: text.replace(f'"version":{SAVE_VERSION}', '"version":4', 1), "another version"),
    (lambda text: text.replace('"turn":', '"turn":"many",', 1).replace(',"many",', ',', 1), "damaged"),
])
def test_a_damaged_or_foreign_save_is_refused_with_a_reason(damage, problem) -> None:
    storage = MemoryStorage()
    saves = Saves(storage)
    run, _ = played("damaged", 120)
    saves.save(run)
    overwrite(storage, damage(storage.read(SAVE_NAME)))
    info = saves.info()
    with pytest.raises(SaveRefused, match=problem):
        saves.load()
    if info is not None and info.problem is None:
        return  # damage inside the game state: seen only when the run is read (and refused above)
    assert problem in info.problem


def test_a_damaged_save_is_set_aside_never_lost() -> None:
    storage = MemoryStorage()
    storage.write(SAVE_NAME, "{broken")
    Saves(storage).set_aside()
    assert storage.read(SAVE_NAME) is None
    assert storage.read(DAMAGED_NAME) == "{broken"


def test_a_full_storage_refuses_the_save_and_keeps_the_previous_one() -> None:
    run, _ = played("full", 100)
    probe = MemoryStorage()
    Saves(probe).save(run)
    used = sum(len(key) + len(value) for key, value in probe.local.items.items())
    storage = MemoryStorage(quota=used + 200)  # room for this save, not for a bigger one
    saves = Saves(storage)
    saves.save(run)
    saved_turn, before = run.game.turn, storage.read(SAVE_NAME)
    play_on(run, Autoplayer(), 400)
    with pytest.raises(StorageError):
        saves.save(run)
    assert storage.read(SAVE_NAME) == before
    assert saves.load().run.game.turn == saved_turn


def test_saves_on_disk_are_written_whole_with_a_backup(tmp_path) -> None:
    storage = FileStorage(tmp_path)
    saves = Saves(storage)
    run, bot = played("disk", 150)
    saves.save(run, bot.memory())
    first = storage.read(SAVE_NAME)
    play_on(run, bot, 300)
    saves.save(run, bot.memory())
    assert storage.read_backup(SAVE_NAME) == first
    assert saves.load().run.game.digest() == run.game.digest()
    assert sorted(p.name for p in tmp_path.iterdir() if "tmp" in p.name) == [], "no temporary file is left behind"


def test_a_damaged_save_falls_back_to_the_one_before_it_and_is_kept_aside() -> None:
    storage = MemoryStorage()
    saves = Saves(storage)
    run, bot = played("fallback", 150)
    saves.save(run, bot.memory())
    first_turn = run.game.turn
    play_on(run, bot, 300)
    saves.save(run, bot.memory())
    overwrite(storage, "{damaged")
    loaded = saves.load()
    assert loaded.run.game.turn == first_turn
    assert "could not be read" in loaded.note and DAMAGED_NAME in loaded.note
    assert storage.read(DAMAGED_NAME) == "{damaged"


def test_the_save_after_a_floor_change_carries_the_checkpoint_of_the_state_it_saves() -> None:
    """A floor change leaves a checkpoint due; the save that follows takes it from the very state
    it writes (one ``to_dict``, not two): its digest is the state's, and the saved run goes on."""
    from game.world.actions import Descend

    run = Run.new("checkpoint")
    game = run.game
    game.start_on("dungeon")
    game.move_actor(game.player, *game.floor.level.exit)
    run.perform(Descend())
    assert game.depth == 2
    storage = MemoryStorage()
    Saves(storage).save(run)
    saved = json.loads(storage.read(SAVE_NAME))
    point = saved["recording"]["checkpoints"][-1]
    assert point[3] == game.digest() == run.game.from_dict(saved["game"]).digest()
