"""The saved run and the last run's recording (SPEC SAV-1, SAV-2, SAV-3).

One life, one save: the run in progress is kept under ``save.json`` (written on every
floor change, on quit and when the window or page goes away), with its recording so far
inside. Death, victory or abandoning ends the run: the save is deleted and the recording
is kept, complete, as ``last-run.json``, for ``--replay``.

Nothing is lost (SAV-4): a save is only ever replaced by a newer good save. Each write keeps the
previous good save as the backup (``game.storage.storage``). A latest save that cannot be read is
moved aside, byte for byte, as ``save-damaged.json`` (``-2``, ``-3``... when that is taken)
when the run continues from the backup or a new run starts; the backup stays until a newer
good save exists, and the player is told which save was used.

The envelope names its format and version; the game state inside is read by
``game.world.saving`` (which refuses anything unsound with ``SaveError``).
No pygame here, and nothing heavy until a run is loaded: the title asks ``info()``.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import SAVE_VERSION, __version__
from game.storage.memory import MemoryStorage
from game.storage.browser import BrowserStorage
from game.storage.storage import FileStorage, Storage, StorageError, data_dir

if TYPE_CHECKING:
    from game.run.run import Run
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
    from_backup: bool = False  # this is the save before the latest (which is damaged or was set aside)
    damaged: str | None = None  # what is wrong with the latest save, when this is the one before it
    start: str = "island"  # where the run began (its recording's ``start``)
    sight: str = "room"  # how it sees (its recording's ``sight``)

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
    def save(self, run: Run, bot: dict[str, Any] | None = None, new_run: bool = False) -> None:
        """Save the run, its recording inside. ``StorageError`` if refused: then the previous
        save is still there. (``last-run.json`` is written when the run ends, or by ``keep_recording``.)

        ``new_run``: the first save of a run that replaced another (abandoned by the player):
        the old run's backup goes too, so the save before this run's is never another run."""
        self.write(self.save_text(run, bot), new_run)

    def save_text(self, run: Run, bot: dict[str, Any] | None = None) -> str:
        """The save of ``run`` as it is now, as the text ``write`` stores (the app makes it in one
        frame and writes it in the next: on a phone the two together took 100 ms)."""
        game = run.game
        state = game.to_dict()
        recording = run.recording_for(state)  # (a checkpoint due digests the same state)
        envelope = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "game_version": __version__,
            "about": {"seed": game.seed_text, "daily": recording.daily, "turn": game.turn,
                      "where": where_text(game)},
            "game": state, "recording": recording.to_dict(), "bot": bot,
        }
        return json.dumps(envelope, ensure_ascii=False, separators=(",", ":"))

    def write(self, text: str, new_run: bool = False) -> None:
        """Store a save's text (``save_text``); ``StorageError`` and ``new_run`` as ``save`` says."""
        self.storage.write(SAVE_NAME, text)
        if new_run:
            self.storage.drop_backup(SAVE_NAME)

    def keep_recording(self, run: Run) -> None:
        self.storage.write(RECORDING_NAME, run.recording_now().to_json())

    def end(self, run: Run) -> None:
        """The run is over (death, victory or abandoned): keep its recording, delete the save."""
        self.keep_recording(run)
        self.storage.delete(SAVE_NAME)

    def set_aside(self) -> str | None:
        """Move the save that cannot be continued out of the way, its bytes as they are (kept,
        never lost or overwritten); its backup stays. The name it is kept under, or None."""
        return self.storage.set_aside(SAVE_NAME, DAMAGED_NAME)

    # --- reading ---------------------------------------------------------------------------
    def exists(self) -> bool:
        return self.storage.exists(SAVE_NAME) or self._backup_text() is not None

    def info(self) -> SaveInfo | None:
        """What can be continued, or None when nothing is saved. A damaged latest save gives the
        one before it (``from_backup``, ``damaged`` saying what is wrong) when that one is good,
        else ``problem``. Never raises."""
        damage: str | None
        try:
            text = self.storage.read(SAVE_NAME)
        except StorageError as error:
            text, damage = None, str(error)
        else:
            if text is not None:
                try:
                    return _info(_envelope(text))
                except SaveRefused as error:
                    damage = str(error)
            else:
                damage = None
        backup = self._backup_text()
        if backup is not None:
            try:
                return replace(_info(_envelope(backup)), from_backup=True, damaged=damage)
            except SaveRefused:
                pass
        return None if damage is None else SaveInfo(problem=damage)

    def load(self) -> Loaded:
        """The saved run, exactly as it was saved; ``SaveRefused`` saying why not.

        When the latest save cannot be read but the one before it (the backup, from the
        previous floor change or autosave) can, that one is loaded, with a note saying so, and
        the unreadable one is set aside first, byte for byte. The backup stays until a newer
        good save replaces it: a crash before then loses nothing."""
        problem: SaveRefused | None
        try:
            text = self.storage.read(SAVE_NAME)
        except StorageError as error:
            text, problem = None, SaveRefused(str(error))
        else:
            if text is None:
                problem = None
            else:
                try:
                    return _loaded(text)
                except SaveRefused as error:
                    problem = error
        loaded = self._loaded_backup()
        if loaded is None:
            raise problem or SaveRefused("there is no saved run")
        turn = loaded.run.game.turn
        if problem is None:  # set aside before, by an earlier fall-back; no newer save since
            loaded.note = f"You continue from your last good save, turn {turn}."
            return loaded
        try:
            kept = f"it is kept as {self.set_aside()}"
        except StorageError as error:
            kept = f"it could not be kept aside ({error}) and the next save replaces it"
        loaded.note = (f"The latest save could not be read ({problem}); {kept}. "
                       f"You continue from the save before it, turn {turn}.")
        return loaded

    def _backup_text(self) -> str | None:
        try:
            return self.storage.read_backup(SAVE_NAME)
        except StorageError:
            return None

    def _loaded_backup(self) -> Loaded | None:
        backup = self._backup_text()
        try:
            return _loaded(backup) if backup is not None else None
        except SaveRefused:
            return None

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
    if type(envelope.get("version")) is not int or envelope.get("version") != SAVE_VERSION:
        raise SaveRefused(f"the save is from another version of Threshold ({envelope.get('game_version')!r}, "
                        f"save format {envelope.get('version')!r}); this version reads format {SAVE_VERSION}")
    return envelope


def _info(envelope: dict[str, Any]) -> SaveInfo:
    about = envelope.get("about")
    if not isinstance(about, dict):
        raise SaveRefused("the save has no description of its run")
    turn, daily = about.get("turn"), about.get("daily")
    recording = envelope.get("recording")
    recording = recording if isinstance(recording, dict) else {}
    start, sight = recording.get("start", "island"), recording.get("sight", "room")
    return SaveInfo(str(about.get("seed", ""))[:200], daily if isinstance(daily, str) else None,
                    turn if type(turn) is int else 0, str(about.get("where", ""))[:200],
                    start=start if isinstance(start, str) else "", sight=sight if isinstance(sight, str) else "")


def _loaded(text: str) -> Loaded:
    from game.run.recording import Recording, RecordingError
    from game.run.run import Run
    from game.world.game import Game
    from game.world.saving import SaveError

    envelope = _envelope(text)
    data: Any = envelope.get("game")  # any JSON value, or None: from_dict checks it (SaveError)
    try:
        game = Game.from_dict(data)
    except SaveError as error:
        raise SaveRefused(f"the save is damaged ({error})") from error
    try:
        recording = Recording.from_dict(envelope.get("recording"))
    except RecordingError as error:
        raise SaveRefused(f"the save's recording is damaged ({error})") from error
    if recording.seed != game.seed_text:
        raise SaveRefused("the save's recording is of another seed than its run")
    if recording.sight != game.sight:
        raise SaveRefused(f"the save's recording sees by the {recording.sight}, its run by the {game.sight}")
    bot = envelope.get("bot")
    if bot is not None and not isinstance(bot, dict):
        raise SaveRefused("the save's autoplayer memory is damaged")
    return Loaded(Run(game, recording), bot)


def sight_option(storage: Storage) -> str:
    """How a new run sees, as the player's options say (``sight`` in ``settings.json``, read by
    ``game.app.settings``, which needs pygame): ``"room"`` when it is not there or not readable."""
    try:
        data = json.loads(storage.read("settings.json") or "{}")
    except Exception:  # noqa: BLE001 - a damaged file or a refusing storage: the options screen says so
        return "room"
    sight = data.get("sight") if isinstance(data, dict) else None
    return sight if sight in ("room", "tile") else "room"


def default_storage(save_dir: str | Path | None = None, now: float | None = None) -> Storage:
    """The page's storage in the browser; files in ``save_dir`` or the data folder elsewhere,
    cleared at ``now`` (the caller's clock) of what killed saves left."""
    if sys.platform == "emscripten":
        try:
            import platform  # pygbag's, which carries ``window``; CPython's has none

            return BrowserStorage(platform.window)
        except Exception as error:  # no page storage (forbidden, private mode): play on, say so
            print(f"threshold: the browser's storage is unavailable ({error}); nothing will be kept",
                  file=sys.stderr)
            return MemoryStorage()
    return FileStorage(Path(save_dir) if save_dir else data_dir(), now)
