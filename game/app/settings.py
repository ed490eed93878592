"""The player's options (SPEC UI-4), kept in the same storage as the saves.

A file that cannot be read (damaged, not ours, over ``MAX_BYTES``, a pipe or a folder)
gives the defaults and a message, and is left alone until the player changes an option;
then it is set aside, byte for byte, as ``settings-damaged.json`` (never overwritten), and
a good one takes its place.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from game.render.layout import TILE, ZOOM_TILES

if TYPE_CHECKING:
    from game.storage.storage import Storage

SETTINGS_NAME = "settings.json"
DAMAGED_NAME = "settings-damaged.json"  # where an unreadable options file is kept (game.storage.storage.aside_names)
VERSION = 1
MAX_BYTES = 64 * 1024
"""An options file is some 150 bytes: a larger one is not ours, and is not read as options."""


@dataclass(frozen=True)
class Settings:
    master_volume: float = 0.8  # 0..1, in steps of 0.1
    effects_volume: float = 0.8
    muted: bool = False
    reduce_motion: bool = False  # no camera slides, no screen effects
    colour_blind: bool = False  # the colour-blind-safe palette
    explore_fights: bool = False  # x beside a foe attacks it (else x refuses with a foe in view)
    map_tile: int = TILE  # the map's zoom: a tile's size in pixels, one of ``ZOOM_TILES``
    sight: str = "room"  # how a new run sees, one of ``CHOICES["sight"]`` (a run keeps its own)


CHOICES = {"sight": ("room", "tile")}
"""The options that are one of a few words, and their words (``game.world.tile_sight.SIGHT_MODES``)."""
EXPLORE_FIGHTS = "Explore fights what blocks it"
"""The option ``explore_fights`` as the options screen names it (and ``x`` refused points to it)."""


def settings_from_json(text: str) -> Settings:
    """Strict: ``ValueError`` with a clear message for anything odd. Unknown keys are
    ignored (a newer version's options); missing ones take their defaults.

    >>> settings_from_json('{"version": 1, "muted": true, "master_volume": 0.5}')
    Settings(master_volume=0.5, effects_volume=0.8, muted=True, reduce_motion=False, colour_blind=False, explore_fights=False, map_tile=24, sight='room')
    >>> settings_from_json('{"master_volume": 2}')
    Traceback (most recent call last):
    ValueError: master_volume should be a number from 0 to 1, not 2
    """
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ValueError(f"larger than {MAX_BYTES // 1024} KiB: not an options file")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ValueError(f"not valid JSON ({str(error)[:60]})") from None
    if not isinstance(data, dict):
        raise ValueError("not a table of options")
    version = data.get("version", VERSION)
    if type(version) is not int or version < 1:
        raise ValueError(f"version should be a whole number from 1, not {str(version)[:20]}")
    values: dict[str, Any] = {}
    for spec in fields(Settings):
        if spec.name not in data:
            continue
        value = data[spec.name]
        if spec.type in ("float", float):
            if type(value) not in (int, float) or not 0.0 <= value <= 1.0:
                raise ValueError(f"{spec.name} should be a number from 0 to 1, not {str(value)[:20]}")
            value = round(float(value), 1)  # to the screen's steps
        elif spec.type in ("int", int):
            if type(value) is not int or value not in ZOOM_TILES:
                raise ValueError(f"{spec.name} should be one of {', '.join(map(str, ZOOM_TILES))}, not {str(value)[:20]}")
        elif spec.name in CHOICES:
            if type(value) is not str or value not in CHOICES[spec.name]:
                words = " or ".join(f'"{word}"' for word in CHOICES[spec.name])
                raise ValueError(f"{spec.name} should be {words}, not {str(value)[:20]}")
        elif type(value) is not bool:
            raise ValueError(f"{spec.name} should be true or false, not {str(value)[:20]}")
        values[spec.name] = value
    return Settings(**values)


def settings_to_json(settings: Settings) -> str:
    """The file's text: ``{"version": 1, ...}`` and every option."""
    return json.dumps({"version": VERSION, **asdict(settings)}, indent=1)


def load_settings(storage: Storage) -> tuple[Settings, str | None]:
    """The stored options, or the defaults and why they could not be read."""
    try:
        text = storage.read(SETTINGS_NAME)
    except Exception as error:  # noqa: BLE001 - StorageError, or a page whose storage throws
        return Settings(), f"Your options could not be read ({error}); the defaults are used."
    if text is None:
        return Settings(), None
    try:
        return settings_from_json(text), None
    except ValueError as error:
        return Settings(), f"Your options could not be read ({error}); the defaults are used."


def save_settings(storage: Storage, settings: Settings) -> str | None:
    """Keep the options; a message instead of an exception when the storage refuses. A stored
    file that cannot be read is first set aside (``DAMAGED_NAME``), never overwritten: if it
    cannot be moved, the new options are not kept either."""
    _, problem = load_settings(storage)
    try:
        kept = storage.set_aside(SETTINGS_NAME, DAMAGED_NAME) if problem is not None else None
        storage.write(SETTINGS_NAME, settings_to_json(settings))
    except Exception as error:  # noqa: BLE001 - StorageError: the options still apply, just not kept
        return f"Your options apply but could not be kept ({error})."
    if kept is not None:
        return f"Your old options could not be read; they are kept as {kept}. The new ones are kept."
    return None
