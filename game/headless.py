"""``main.py --headless``: the game without a window (no pygame; SPEC ROB-1, SAV-3, WEB-4).

    --autoplay [--seed S | --daily [DATE]] --turns T     the bot plays; the last line is the run's JSON
    --autoplay --save-at-end                             ... and the run is saved when the bot stops
    --autoplay --record FILE                             ... and its recording written to FILE (as the game exports it)
    --autoplay --continue --turns T                      the saved run (bot and all) plays on to turn T
    --replay FILE                                        check a recording; one JSON line, exit 1 if out of sync
    --seed S --keys "x*20 > g"                           a key script against the real game (UI-9)

Save -> continue -> play gives the same digest as playing straight through
(``game.tools.soak --resume`` checks it).
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.options import Options


def run_headless(options: Options) -> int:
    """Do what ``options`` ask without a window; the exit status (0 fine, 1 a failed check, 2 bad input)."""
    if options.replay:
        return _replay(options.replay)
    if options.keys is not None:
        return _keys(options)
    return _autoplay(options)


def _keys(options: Options) -> int:
    """A key script against the real game (pygame with SDL's dummy drivers; game.app.script)."""
    import dataclasses
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # no window, no sound device
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.app.script import ScriptError, parse_keys, run_script, script_summary

    try:
        parse_keys(options.keys or "")
    except ScriptError as error:
        print(f"threshold: --keys: {error}", file=sys.stderr)
        return 2
    from game.app.app import App

    if options.resume and (problem := _nothing_to_continue(options)):
        print(f"threshold: cannot continue: {problem}", file=sys.stderr)
        return 2
    seed, daily = seed_and_daily(options) if not options.resume else (None, None)
    with tempfile.TemporaryDirectory(prefix="threshold-keys-") as scratch:
        app = App(dataclasses.replace(options, seed=seed, daily=daily, frames=0, screenshot=None,
                                      save_dir=options.save_dir or scratch))
        run_script(app, options.keys or "")
        record = script_summary(app)
        if options.screenshot:
            import pygame

            pygame.image.save(app.screen, options.screenshot)
        app.close()
    print(json.dumps(record))
    return 0 if "error" not in record else 1


def _nothing_to_continue(options: Options) -> str | None:
    """Why ``--continue`` has no run to continue, or None when it has one."""
    from game.run.saves import Saves, default_storage

    info = Saves(default_storage(options.save_dir)).info()
    return "there is no saved run" if info is None else info.problem


def _replay(path: str) -> int:
    from game.run.replay import replay
    from game.run.recording import Recording, RecordingError

    try:
        recording = Recording.from_file(path)
    except RecordingError as problem:
        print(f"threshold: cannot replay {path}: {problem}", file=sys.stderr)
        return 2
    report = replay(recording)
    print(json.dumps({"replay": path, "seed": recording.seed, **report.to_dict()}))
    return 0 if report.ok else 1


def _autoplay(options: Options) -> int:
    from game.bot.autoplay import Autoplayer, play_on, summary
    from game.run.run import Run
    from game.run.saves import SaveRefused, Saves
    from game.run.saves import default_storage
    from game.storage.storage import StorageError

    saves = Saves(default_storage(options.save_dir, time.time()))
    if options.resume:
        try:
            loaded = saves.load()
            bot = Autoplayer.from_memory(loaded.bot, loaded.run.game) if loaded.bot is not None else Autoplayer()
        except (SaveRefused, ValueError) as problem:  # a damaged memory is one ValueError (a SaveError)
            print(f"threshold: cannot continue: {problem}", file=sys.stderr)
            return 2
        run = loaded.run
        if loaded.note:
            print(f"threshold: {loaded.note}", file=sys.stderr)
    else:
        seed, daily = seed_and_daily(options)
        from game.run.saves import sight_option

        run, bot = Run.new(seed, options.start, daily, sight=sight_option(saves.storage)), Autoplayer()
    play_on(run, bot, options.turns)
    if options.save_at_end:
        try:
            saves.end(run) if run.over else saves.save(run, bot.memory(), new_run=not options.resume)
        except StorageError as problem:
            print(f"threshold: the run was not saved: {problem}", file=sys.stderr)
            return 2
    if options.record:
        try:
            with open(options.record, "w", encoding="utf-8") as out:
                out.write(run.recording_now().to_json())
        except OSError as problem:
            print(f"threshold: the recording was not written: {problem.strerror or problem}", file=sys.stderr)
            return 2
    print(json.dumps(summary(run.game, bot.stalled)))
    return 0


def seed_and_daily(options: Options) -> tuple[str, str | None]:
    """The seed text a new run starts from, and the daily's date when it is one."""
    if options.daily is not None:
        from game.run.daily import daily_seed, parse_date, today

        day = today() if options.daily == "today" else parse_date(options.daily)
        return daily_seed(day), day.isoformat()
    if options.seed is not None:
        return options.seed, None
    from game.run.seeds import new_seed_text

    return new_seed_text(), None
