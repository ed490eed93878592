"""The saved run and the last run's recording (SPEC SAV-1, SAV-2, SAV-3).

One life, one save: the run in progress is kept under ``save.json`` (written on every
floor change, on quit and when the window or page goes away), with its recording so far
inside. Death, victory or abandoning ends the run: the save is deleted and the recording
is kept, complete, as ``last-run.json``, for ``--replay``. A save that cannot be read is never
overwritten by accident: starting a new run over it first sets it aside under
``save-damaged.json``.

The envelope names its format and version; the game state inside is read by
``game.world.saving`` (which refuses anything unsound with ``SaveError``).
No pygame here, and nothing heavy until a run is loaded: the title asks ``info()``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import SAVE_VERSION, __version__
from game.memory_storage import MemoryStorage
from game.browser_storage import BrowserStorage
from game.storage import FileStorage, Storage, StorageError, data_dir

if TYPE_CHECKING:
    from game.run import Run
    from game.world.game import Game

SAVE_FORMAT = "threshold-save"
SAVE_NAME = "save.json"
RECORDING_NAME = "last-run.json"
DAMAGED_NAME = "save-damaged.json"


class SaveRefused(Exception):
    """The saved run cannot be continued; the message says why, in the player's words."""


@dataclass(frozen=True)
class SaveInfo:
    """What the title says about the saved run, read without starting it."""

    seed: str = ""
    daily: str | None = None
    turn: int = 0
    where: str = ""
    problem: str | None = None  # why it cannot be continued

    @property
    def usable(self) -> bool:
        return self.problem is None


@dataclass
class Loaded:
    run: Run
    bot: dict[str, Any] | None  # the autoplayer's memory, when a bot was playing
    note: str | None = None  # something the player should know (continued from the backup)


def where_text(game: Game) -> str:
    return game.whereabouts


class Saves:
    """The save slot and the last recording in one storage."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage

    # --- writing ---------------------------------------------------------------------------
    def save(self, run: Run, bot: dict[str, Any] | None = None) -> None:
        """Save the run, its recording inside. ``StorageError`` if refused: then the previous
        save is still there. (``last-run.json`` is written when the run ends, or by ``keep_recording``.)"""
        game = run.game
        envelope = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game_version": __version__,
            "about": {"seed": game.seed_text, "daily": run.recording.daily, "turn": game.turn,
                      "where": where_text(game)},
            "game": game.to_dict(), "recording": run.recording.to_dict(), "bot": bot,
        }
        self.storage.write(SAVE_NAME, json.dumps(envelope, ensure_ascii=False, separators=(",", ":")))

    def keep_recording(self, run: Run) -> None:
        self.storage.write(RECORDING_NAME, run.recording_now().to_json())

    def end(self, run: Run) -> None:
        """The run is over (death, victory or abandoned): keep its recording, delete the save."""
        self.keep_recording(run)
        self.storage.delete(SAVE_NAME)

    def set_aside(self) -> None:
        """Move a save that cannot be continued out of the way (kept, not lost; only a value the
        storage itself cannot read back, such as a garbled browser entry, is dropped)."""
        try:
            text = self.storage.read(SAVE_NAME)
        except StorageError:
            text = None
        if text is not None:
            self.storage.write(DAMAGED_NAME, text)
        self.storage.delete(SAVE_NAME)

    # --- reading ---------------------------------------------------------------------------
    def exists(self) -> bool:
        return self.storage.exists(SAVE_NAME)

    def info(self) -> SaveInfo | None:
        """What is saved, or None when nothing is; a damaged save gives ``problem``."""
        try:
            text = self.storage.read(SAVE_NAME)
        except StorageError as error:
            return SaveInfo(problem=str(error))
        if text is None:
            return None
        try:
            envelope = _envelope(text)
        except SaveRefused as error:
            return SaveInfo(problem=str(error))
        about = envelope.get("about")
        if not isinstance(about, dict):
            return SaveInfo(problem="the save has no description of its run")
        turn = about.get("turn")
        return SaveInfo(str(about.get("seed", "")), about.get("daily") if isinstance(about.get("daily"), str) else None,
                        turn if type(turn) is int else 0, str(about.get("where", "")))

    def load(self) -> Loaded:
        """The saved run, exactly as it was saved; ``SaveRefused`` saying why not.

        When the save cannot be read but the one before it (the backup, from the previous
        floor change or autosave) can, that one is loaded, with a note saying so; the
        unreadable save is set aside first, so it is never overwritten."""
        try:
            text = self.storage.read(SAVE_NAME)
        except StorageError as error:
            text, problem = None, SaveRefused(str(error))
        else:
            if text is None:
                raise SaveRefused("there is no saved run")
            try:
                return _loaded(text)
            except SaveRefused as error:
                problem = error
        try:
            backup = self.storage.read_backup(SAVE_NAME)
            loaded = _loaded(backup) if backup is not None else None
        except (StorageError, SaveRefused):
            loaded = None
        if loaded is None:
            raise problem
        self.set_aside()
        loaded.note = (f"The latest save could not be read ({problem}); it is kept as {DAMAGED_NAME}. "
                       f"You continue from the save before it, turn {loaded.run.game.turn}.")
        return loaded

    def last_recording(self) -> str | None:
        """The text of the last run's recording (to export), or None."""
        return self.storage.read(RECORDING_NAME)


def _envelope(text: str) -> dict[str, Any]:
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise SaveRefused(f"the save is damaged (not valid JSON: {str(error)[:60]})") from error
    if not isinstance(envelope, dict) or envelope.get("format") != SAVE_FORMAT:
        raise SaveRefused("this is not a Threshold save")
    if envelope.get("version") != SAVE_VERSION:
        raise SaveRefused(f"the save is from another version of Threshold ({envelope.get('game_version')!r}, "
                        f"save format {envelope.get('version')!r}); this version reads format {SAVE_VERSION}")
    return envelope


def _loaded(text: str) -> Loaded:
    from game.run import Recording, RecordingError, Run
    from game.world.game import Game
    from game.world.saving import SaveError

    envelope = _envelope(text)
    try:
        game = Game.from_dict(envelope.get("game"))
    except SaveError as error:
        raise SaveRefused(f"the save is damaged ({error})") from error
    try:
        recording = Recording.from_dict(envelope.get("recording"))
    except RecordingError as error:
        raise SaveRefused(f"the save's recording is damaged ({error})") from error
    if recording.seed != game.seed_text:
        raise SaveRefused("the save's recording is of another seed than its run")
    bot = envelope.get("bot")
    if bot is not None and not isinstance(bot, dict):
        raise SaveRefused("the save's autoplayer memory is damaged")
    return Loaded(Run(game, recording), bot)


def default_storage(save_dir: str | Path | None = None) -> Storage:
    """The page's storage in the browser; files in ``save_dir`` or the data folder elsewhere."""
    if sys.platform == "emscripten":
        try:
            import platform  # pygbag's, which carries ``window``; CPython's has none

            return BrowserStorage(platform.window)
        except Exception as error:  # no page storage (forbidden, private mode): play on, say so
            print(f"threshold: the browser's storage is unavailable ({error}); nothing will be kept",
                  file=sys.stderr)
            return MemoryStorage()
    return FileStorage(Path(save_dir) if save_dir else data_dir())
