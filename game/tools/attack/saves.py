"""Family ``saves`` of ``game.tools.attack``: a real save, damaged in each of the three stores.

The store holds a good save and its backup (one case in seven: no backup); ``save.json`` is
damaged; then ``info()`` and ``load()`` must not crash (only ``SaveRefused`` may come out of
``load``), and nothing may be lost: the damaged bytes stay, exactly, as ``save.json`` or a
``save-damaged*.json``; the backup stays and loads until a newer good save is written; a load
that fell back to the backup says so. Then a new good save must save and load. One file case
in four is also continued by ``main.py --autoplay --headless --continue`` in a subprocess.
"""

from __future__ import annotations

import inspect
import shutil
from typing import Any

from game.run.saves import SAVE_NAME, SaveInfo, SaveRefused, Saves
from game.storage.storage import StorageError
from game.tools.attack.damage import damage_bytes, edit_field, garbled_browser_value, remove_key, version_edit
from game.tools.attack.harness import Case, Family, check_outcome, quiet, run_command, shown
from game.tools.attack.stores import (FileStore, Store, backup_name, digest_of, doc_of, good_saves, make_store,
                                      write_good)

KINDS = ("file", "browser", "memory")
FAVOURITES: list[list[str | int]] = [
    ["version"], ["format"], ["about"], ["about", "turn"], ["about", "seed"], ["game"], ["game", "turn"],
    ["game", "version"], ["game", "seed"], ["game", "seed_text"], ["game", "floor_key"], ["game", "player", "hp"],
    ["game", "player", "x"], ["game", "floors"], ["game", "streams"], ["game", "log", "limit"], ["recording"],
    ["recording", "commands"], ["recording", "checkpoints"], ["recording", "seed"], ["bot"], ["bot", "plan"],
    ["game", "inventory", "slots"], ["game", "world", "order"], ["game", "depth"], ["game", "region"],
]


def damage(case: Case, store: Store) -> tuple[str, Any]:
    """What was done to ``save.json``, and the raw value the store now holds."""
    rng, text = case.rng, good_saves().texts[1]
    data = text.encode("utf-8")
    roll = rng.random()
    if isinstance(store, FileStore) or store.kind == "MemoryStorage":
        roll = roll * 0.9  # no browser garbling outside the browser
    if roll < 0.4:
        what, damaged = damage_bytes(rng, data)
    elif roll < 0.7:
        what, new = edit_field(rng, doc_of(text), FAVOURITES)
        damaged = new.encode("utf-8", "surrogatepass")
    elif roll < 0.8:
        what, new = remove_key(rng, doc_of(text))
        damaged = new.encode("utf-8")
    elif roll < 0.9:
        what, new = version_edit(rng, doc_of(text), rng.choice(("version", "version", "format")))
        damaged = new.encode("utf-8")
    else:
        what, value = garbled_browser_value(rng, data)
        return what, value
    return what, store.held(damaged)


def run(case: Case) -> None:
    kind = KINDS[case.index % len(KINDS)]
    store = make_store(kind, case.scratch)
    with_backup = case.rng.random() >= 1 / 7
    write_good(store, 2 if with_backup else 1)
    backup = store.raw(backup_name()) if with_backup else None
    what, damaged = damage(case, store)
    store.put(SAVE_NAME, damaged)
    case.label = f"{store.kind}, save.json {what}" + ("" if with_backup else " (no backup)")
    twin = None
    if isinstance(store, FileStore) and case.index % 4 == 0:
        twin = case.scratch / "continued"
        shutil.copytree(store.folder, twin)
    outcome = play(case, store, damaged, backup)
    if twin is not None and outcome != "crashed":
        continued(case, twin, damaged, backup, outcome)


def play(case: Case, store: Store, damaged: Any, backup: Any) -> str:
    """The title reads the save, the player continues, plays on, comes back, saves anew.
    ``loaded`` (the damaged save itself), ``backup`` (fell back), or ``refused``."""
    saves_type = case.hook("saves", Saves)
    saves = saves_type(store.storage)
    good = good_saves()
    info(case, saves, "info() before loading")
    loaded = case.guard("load()", lambda: saves.load(), (SaveRefused,))
    if loaded is None:
        return "crashed"
    outcome = "refused" if isinstance(loaded, SaveRefused) else "loaded"
    if outcome == "loaded":
        if digest_of(loaded) == good.digests[0] and damaged != store.held(good.texts[0].encode()):
            outcome = "backup"
            if not getattr(loaded, "note", None):
                case.fail("data lost", "load() fell back to the backup without a note saying so")
        play_on(case, loaded)
    kept(case, store, damaged, backup, outcome, "after load()")
    info(case, saves, "info() after loading")
    if backup is not None:
        again = case.guard("load() a second time", lambda: saves.load(), (SaveRefused,))
        if isinstance(again, SaveRefused):
            case.fail("data lost", f"the good backup no longer loads after the first load() ({str(again)[:120]})")
        kept(case, store, damaged, backup, outcome, "after a second load()")
    new_save(case, saves, store, damaged, loaded if outcome != "refused" else None, outcome)
    return outcome


def info(case: Case, saves: Saves, stage: str) -> None:
    answer = case.guard(stage, lambda: saves.info())
    if answer is not None and not isinstance(answer, SaveInfo):
        case.fail("crash", f"{stage} gave {type(answer).__name__}, not a SaveInfo or None")


def play_on(case: Case, loaded: Any) -> None:
    """A loaded save is a run to play: the bot plays a few turns of it (as --continue does)."""
    from game.bot.autoplay import Autoplayer, play_on as bot_plays

    def remembered() -> Autoplayer:  # as --continue reads it: against its run, where it can
        if loaded.bot is None:
            return Autoplayer()
        with_game = "game" in inspect.signature(Autoplayer.from_memory).parameters
        return Autoplayer.from_memory(loaded.bot, loaded.run.game) if with_game else Autoplayer.from_memory(loaded.bot)

    bot = case.guard("Autoplayer.from_memory(the loaded bot's memory)", remembered, (ValueError,))
    if not isinstance(bot, Autoplayer):
        case.hooks["bot refused"] = True  # --continue says so and exits 2
        return
    with quiet():
        case.guard("playing the loaded save on", lambda: bot_plays(loaded.run, bot, loaded.run.game.turn + 3))


def kept(case: Case, store: Store, damaged: Any, backup: Any, outcome: str, stage: str) -> None:
    """The data-loss rule: the damaged bytes and the good backup are still there."""
    places = [SAVE_NAME, *store.aside()]
    if not any(store.raw(name) == damaged for name in places):
        case.fail("data lost", f"{stage} ({outcome}): the damaged save is no longer kept byte for byte "
                               f"(looked in {', '.join(places)}; the store holds {', '.join(store.names())})")
    if backup is not None and backup not in (store.raw(backup_name()), store.raw(SAVE_NAME)):
        case.fail("data lost", f"{stage} ({outcome}): the good backup is gone (the store holds "
                               f"{', '.join(store.names()) or 'nothing'})")


def new_save(case: Case, saves: Saves, store: Store, damaged: Any, loaded: Any, outcome: str) -> None:
    """A new good save must save and load; the damaged bytes stay kept when the game refused them."""
    good = good_saves()
    if loaded is None:  # what the title does before a new run over a save it cannot continue
        case.guard("set_aside()", lambda: saves.set_aside(), (StorageError,))
        loaded = good.loaded(1)
    with quiet():
        bot_memory = loaded.bot if isinstance(loaded.bot, dict) else None
        first = outcome == "refused" and "new_run" in inspect.signature(saves.save).parameters
        saved = case.guard("save() of the run loaded (or, refused, a good one)", lambda: saves.save(loaded.run, bot_memory, **(
            {"new_run": True} if first else {})), (StorageError,))
    if isinstance(saved, StorageError):
        case.fail("data lost", f"a good save was refused after the damage: {str(saved)[:160]}")
        return
    expected = digest_of(loaded)
    back = case.guard("load() of the new good save", lambda: saves.load(), (SaveRefused,))
    if isinstance(back, SaveRefused):
        case.fail("data lost", f"the new good save does not load: {str(back)[:160]}")
    elif back is not None and digest_of(back) != expected:
        case.fail("data lost", "the new good save loads as another run than the one saved")
    if outcome in ("refused", "backup"):
        places = store.aside()
        if not any(store.raw(name) == damaged for name in places):
            case.fail("data lost", f"after a new good save ({outcome}): the damaged save is no longer kept "
                                   f"byte for byte (the store holds {', '.join(store.names())})")


def continued(case: Case, folder: Any, damaged: Any, backup: Any, in_process: str) -> None:
    """``main.py --autoplay --headless --continue`` on the same damaged folder."""
    args = ["main.py", "--autoplay", "--headless", "--continue", "--turns", "40", "--save-dir", str(folder)]
    outcome = run_command([_main(), *args[1:]], case.hang, case.scratch)
    usable = in_process in ("loaded", "backup") and not case.hooks.get("bot refused")
    expect = {0} if usable else {2}
    check_outcome(case, outcome, expect, shown(args), f"--continue (in-process load: {in_process})")
    store = FileStore(folder)
    kept(case, store, damaged, backup, in_process, "after main.py --continue")


def _main() -> str:
    from game.tools.attack.harness import ROOT

    return str(ROOT / "main.py")


FAMILY = Family("saves", "damaged saves in FileStorage, BrowserStorage and MemoryStorage",
                {"small": 120, "full": 600}, run, commands=1, chunk=40)
