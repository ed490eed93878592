"""Recordings (SAV-3): every command is recorded, a replay reaches the same digest, and a
tampered recording is reported as out of sync, with where."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game.world.actions import Ascend, CloseDoor, Descend, Fire, Move, PickUp, Throw, UseSlot, Wait
from game.bot.autoplay import Autoplayer, play_on
from game.run.replay import Replayer, replay
from game.run.recording import Recording, RecordingError, decode, encode
from game.run.run import Run

ACTIONS = [Move(1, -1), Wait(), CloseDoor(), CloseDoor(0, 1), Descend(), Ascend(), PickUp(), UseSlot(3),
           Throw(4, 5), Throw(4, 5, "tnt"), Fire(7, 2)]


@pytest.fixture(scope="module")
def bot_run() -> Run:
    """A bot's run that changes floors several times (so it has checkpoints to check)."""
    run = Run.new("recorded")
    play_on(run, Autoplayer(), 1200)
    assert len(run.recording.checkpoints) >= 2, "the run should have gone down at least twice"
    return run


@pytest.mark.parametrize("action", ACTIONS, ids=repr)
def test_every_command_survives_encoding(action) -> None:
    entry = encode(action)
    assert json.loads(json.dumps(entry)) == entry
    assert decode(entry) == action


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4), max_leaves=8))
@settings(max_examples=300)
def test_garbage_is_never_a_command_and_never_crashes(entry) -> None:
    try:
        action = decode(entry)
    except RecordingError:
        return
    assert encode(action) == entry  # whatever decodes is exactly a command


def test_a_recording_replays_to_the_same_digest(bot_run: Run) -> None:
    recording = Recording.from_json(bot_run.recording_now().to_json())
    report = replay(recording)
    assert report.ok, report.problem
    assert report.digest == bot_run.game.digest()
    assert report.checked == len(recording.checkpoints) + 1  # every floor change, and the end
    assert report.commands == len(bot_run.recording.commands)


def test_a_changed_command_is_reported_at_that_command_not_at_the_next_floor(bot_run: Run) -> None:
    recording = bot_run.recording_now()
    before, after = recording.checkpoints[0].commands, recording.checkpoints[1].commands
    index = next(i for i in range(after - 2, before, -1) if recording.commands[i][0] == "move")
    recording.commands[index] = ["wait"]  # one step not taken
    report = replay(recording)
    assert not report.ok
    assert f"out of sync at command {index + 1} of {len(recording.commands)} (wait)" in report.problem
    assert report.commands == index + 1, "the replay stops at the first command whose result differs"


def test_without_a_trace_the_checkpoints_still_find_the_desync(bot_run: Run) -> None:
    """A recording made before traces (or with its trace left out) is checked at floor changes."""
    recording = bot_run.recording_now()
    after = recording.checkpoints[1].commands
    index = next(i for i in range(after - 2, 0, -1) if recording.commands[i][0] == "move")
    recording.commands[index] = ["wait"]
    recording.trace = None
    report = replay(Recording.from_json(recording.to_json()))
    assert not report.ok and f"out of sync at command {after} " in report.problem


def test_the_trace_is_the_same_natively_and_after_a_save(bot_run: Run) -> None:
    """Continuing a saved run goes on tracing: the recording made in two sittings replays."""
    from game.storage.memory import MemoryStorage
    from game.run.saves import Saves

    run, bot = Run.new("traced"), Autoplayer()
    play_on(run, bot, 200)
    saves = Saves(MemoryStorage())
    saves.save(run, bot.memory())
    loaded = saves.load()
    play_on(loaded.run, Autoplayer.from_memory(loaded.bot), 400)
    recording = loaded.run.recording_now()
    assert len(recording.trace) == len(recording.commands) > 200
    assert replay(recording).ok


@pytest.mark.parametrize("where", ["start", "final"])
def test_a_checkpoint_at_command_zero_is_compared(where: str) -> None:
    run = Run.new("zero")
    run.perform(Wait())
    data = run.recording_now().to_dict()
    if where == "start":
        data["checkpoints"] = [[0, 0, "0:1", "0" * 64]]
    else:
        data.update(commands=[], trace="", final=[0, 999999, "0:1", "0" * 64])
    report = replay(Recording.from_dict(data))
    assert not report.ok and "out of sync at command 0 of" in report.problem
    assert report.checked == 1


def test_a_changed_digest_is_reported(bot_run: Run) -> None:
    data = bot_run.recording_now().to_dict()
    data["final"][3] = "0" * 64
    report = replay(Recording.from_dict(data))
    assert not report.ok and "digest 000000000000" in report.problem


def test_notes_from_the_interface_are_replayed_too() -> None:
    run = Run.new("notes")
    run.perform(Wait())
    run.note("You see a rat.", "notice")
    run.perform(Move(0, 0))  # refused: its reason goes to the log, and so to the digest
    run.checkpoint()
    recording = run.recording_now()
    assert ["note", "You see a rat.", "notice"] in recording.commands
    replayer = Replayer.start(recording)
    while not replayer.finished:
        replayer.step()
    assert replayer.problem is None
    texts = [m.text for m, _ in replayer.run.game.log.last(5)]
    assert "You see a rat." in texts and "That is not a direction." in texts


def test_a_replayed_note_is_shown_as_the_players_words_never_the_games() -> None:
    """Anyone can write a recording's notes: a watcher sees them marked as the player's, in the
    plain colour, and the state's digest is the same as the run's own."""
    from game.world.messages import QUOTE

    run = Run.new("notes")
    run.note("You have won a prize: claim it at evil.example!", "good")
    run.perform(Wait())
    own = [m for m, _ in run.game.log.last(5) if "prize" in m.text][0]
    assert own.shown == own.text and own.shown_tone == "good", "the player's own run shows its own lines"
    replayer = Replayer.start(run.recording_now())
    while not replayer.finished:
        replayer.step()
    assert replayer.problem is None
    (replayed,) = [m for m, _ in replayer.run.game.log.last(5) if "prize" in m.text]
    assert replayed.shown == QUOTE + "You have won a prize: claim it at evil.example!"
    assert replayed.shown_tone == "info"
    assert replayer.run.game.digest() == run.game.digest()


@pytest.mark.parametrize("text", ["x" * 301, "a line\nbreak", "bidi \u202e trick"])
def test_a_note_no_game_would_write_is_refused(text: str) -> None:
    run = Run.new("refused")
    data = run.recording_now().to_dict()
    data["commands"].append(["note", text, "info"])
    data["trace"] = None
    with pytest.raises(RecordingError, match="note"):
        Recording.from_dict(data)


def test_a_run_started_on_a_vault_replays() -> None:
    run = Run.new("vaulted", start="vault")
    play_on(run, Autoplayer(), 150)
    report = replay(Recording.from_json(run.recording_now().to_json()))
    assert report.ok, report.problem
    assert report.digest == run.game.digest()


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format="something"), "not a Threshold recording"),
    (lambda d: d.update(version=99), "another version"),
    (lambda d: d.update(save_version=1), "another version"),
    (lambda d: d.update(seed=None), "seed"),
    (lambda d: d.update(start="moon"), "start"),
    (lambda d: d["commands"].append(["fly", 1]), "command"),
    (lambda d: d["commands"].append(["move", 1]), "move takes"),
    (lambda d: d["commands"].append(["throw", 1, 2, "cake"]), "not a thing to throw"),
    (lambda d: d["commands"].append(["note", 3, "info"]), "note"),
    (lambda d: d.update(final=[1, 2]), "checkpoint"),
    (lambda d: d.update(final=[2, 1, "0:1", "0" * 64]), "checkpoint"),  # past the last command
    (lambda d: d.update(final=[1, 1, "0:1", "zz"]), "checkpoint"),
    (lambda d: d.update(final=[1, -1, "0:1", "0" * 64]), "checkpoint"),
    (lambda d: d.update(checkpoints=[[1, 5, "0:1", "0" * 64]], final=[1, 1, "0:1", "0" * 64]), "out of order"),
    (lambda d: d.update(checkpoints=[[1, 1, "0:1", "0" * 64], [0, 1, "0:1", "0" * 64]]), "out of order"),
    (lambda d: d.update(version=1.0), "another version"),
    (lambda d: d.update(daily="\ud800"), "date"),
    (lambda d: d.update(daily="2026-13-01"), "date"),
    (lambda d: d.update(daily=" 2026-11-25"), "date"),
    (lambda d: d.update(trace="00" * 5), "trace"),
    (lambda d: d.update(trace="zz"), "trace"),
    (lambda d: d.update(trace=7), "trace"),
])
def test_a_foreign_or_damaged_recording_is_refused_clearly(change, message) -> None:
    run = Run.new("refused")
    run.perform(Wait())
    data = run.recording_now().to_dict()
    change(data)
    with pytest.raises(RecordingError, match=message):
        Recording.from_dict(data)


def test_not_json_is_refused() -> None:
    with pytest.raises(RecordingError, match="not valid JSON"):
        Recording.from_json("{this is not")


def test_the_command_line_checks_a_recording_and_says_where_it_broke(bot_run: Run, tmp_path, capsys) -> None:
    from game.app.options import parse_options
    from game.headless import run_headless

    good = tmp_path / "good.json"
    good.write_text(bot_run.recording_now().to_json(), encoding="utf-8")
    assert run_headless(parse_options(["--replay", str(good), "--headless"])) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    data = json.loads(good.read_text(encoding="utf-8"))
    data["commands"][5] = ["wait"] if data["commands"][5] != ["wait"] else ["move", 1, 0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert run_headless(parse_options(["--replay", str(bad), "--headless"])) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["ok"] is False and "out of sync at command" in report["problem"]
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    assert run_headless(parse_options(["--replay", str(broken), "--headless"])) == 2
    assert "cannot replay" in capsys.readouterr().err


def test_a_recording_file_that_is_not_a_plain_file_or_not_text_is_refused_at_once(tmp_path) -> None:
    import os

    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    cases = {"binary.json": "UTF-8", "missing.json": "No such file", ".": "not a plain file|Is a directory"}
    if hasattr(os, "mkfifo"):
        os.mkfifo(tmp_path / "pipe.json")
        cases["pipe.json"] = "not a plain file"  # opened without blocking: no hang
    for name, message in cases.items():
        with pytest.raises(RecordingError, match=message):
            Recording.from_file(str(tmp_path / name))


def test_the_bot_writes_its_daily_recording_with_record_and_it_replays_in_sync(tmp_path) -> None:
    """``main.py --headless --autoplay --daily DATE --record FILE``: the recording the game
    exports, of the daily's seed, which ``--replay`` finds in sync (the daily board's input)."""
    import json
    import subprocess
    import sys
    from pathlib import Path

    from game.run.daily import daily_seed, parse_date

    root = Path(__file__).resolve().parents[2]
    path = tmp_path / "daily.json"
    made = subprocess.run([sys.executable, "main.py", "--headless", "--autoplay", "--daily", "2026-11-25",
                           "--turns", "120", "--record", str(path)], cwd=root, capture_output=True, text=True,
                          timeout=120)
    assert made.returncode == 0, made.stderr
    recording = json.loads(path.read_text(encoding="utf-8"))
    assert recording["seed"] == daily_seed(parse_date("2026-11-25")) and recording["daily"] == "2026-11-25"
    checked = subprocess.run([sys.executable, "main.py", "--headless", "--replay", str(path)], cwd=root,
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0 and json.loads(checked.stdout.splitlines()[-1])["ok"] is True


def test_freeing_a_captive_and_ordering_allies_are_recorded_and_replayed() -> None:
    from game.mapgen.captors import FREE_TURNS
    from game.world.actions import FreeCaptive, OrderAllies

    assert encode(FreeCaptive(1, -1)) == ["free", 1, -1] and decode(["free", 1, -1]) == FreeCaptive(1, -1)
    assert encode(OrderAllies("wait")) == ["order", "wait"] and decode(["order", "follow"]) == OrderAllies("follow")

    def played(commands: list | None = None) -> Run:
        run = Run.new("allies-recorded", "dungeon")
        game = run.game
        px, py = game.player.pos
        spot = next((px + dx, py + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1))
                    if game.floor.map.can_step(px, py, dx, dy) and game.occupant((px + dx, py + dy)) is None)
        game.spawn_monster("goblin", *spot).shackles = FREE_TURNS
        for action in ([decode(c) for c in commands] if commands is not None
                       else [FreeCaptive(spot[0] - px, spot[1] - py), OrderAllies("wait")]):
            run.perform(action)
        return run

    first = played()
    assert [a for a in first.game.floor.actors if a.ally and a.waiting]
    assert [c[0] for c in first.recording.commands] == ["free", "order"]
    assert played(first.recording.commands).game.digest() == first.game.digest()
