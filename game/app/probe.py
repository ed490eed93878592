"""What the running game shows, as JSON, for checks that cannot look inside it otherwise.

``python -m game.tools.pagecheck`` plays the real page in Chromium and reads the game's
state between two frames with ``eval-py``::

    __import__("game.app.probe").app.probe.snapshot()

which returns one JSON text: the screen on show, the run (seed, turn, floor, digest,
player), the options and what the app counts (frames, draws, frame times). Reading it
changes nothing. The desktop has it too (tests use it the same way).
"""

from __future__ import annotations

import json
from typing import Any

from game.app.app import App, running_app


def snapshot() -> str:
    """The running app's state as one JSON text (``{"app": null}`` before there is one)."""
    app = running_app()
    return json.dumps(state_of(app) if app is not None else {"app": None}, sort_keys=True)


def state_of(app: App) -> dict[str, Any]:
    state = app.state
    record: dict[str, Any] = {
        "app": True,
        "screen": type(state).__name__,
        "frames": app.frames,
        "drawn": app.drawn,
        "banner": app.banner[0] if app.banner else None,
        "settings": {"master_volume": app.settings.master_volume, "effects_volume": app.settings.effects_volume,
                     "muted": app.settings.muted, "colour_blind": app.settings.colour_blind,
                     "reduce_motion": app.settings.reduce_motion},
        "sound": app.audio.status(),
        "saved": _saved(app),
        "frame_ms": app.frame_times.summary(),
        "error": getattr(state, "report", None),
        "menu": _menu(state),
    }
    play = _play_of(state)
    if play is not None:
        record["run"] = _run(state, play, play.game)
    return record


def _play_of(state: Any) -> Any:
    """The play screen on show, or the one under the screen on show (aiming, the help, the
    pause menu...); None when no run is on screen."""
    for _ in range(4):
        if state is None or hasattr(state, "walks"):  # (the walks are the play screen's own)
            return state
        state = getattr(state, "play", None) or getattr(state, "under", None)
    return None


def _run(state: Any, play: Any, game: Any) -> dict[str, Any]:
    level = game.floor.level
    return {
        "seed": game.seed_text, "turn": game.turn, "floor": game.floor_key, "kind": level.kind,
        "depth": game.depth, "over": game.over, "won": game.won, "digest": game.digest(),
        "player": {"x": game.player.x, "y": game.player.y, "hp": game.player.hp},
        "rooms_seen": int(game.floor.seen_rooms.sum()),
        "log_tail": [message.text for message, _ in game.log.last(6)],
        "walking": play.walk is not None,
        "aiming": getattr(state, "aim", None) is not None,
        "zoomed": bool(play.zoomed),
        "help_open": type(state).__name__ == "HelpState",
        "log_open": type(state).__name__ == "LogScreen",
        "commands": len(play.run.recording.commands),
        "stairs": {"up": list(level.entrance), "down": list(level.exit)},
        "inventory": {str(kind): int(count) for kind, count in game.inventory.slots},
        "coins": game.inventory.coins,
        "vault": _vault(game.floor),
        "air": _air(game),
        "buttons": [[what, list(rect)] for rect, what in getattr(play.hud, "targets", [])],
    }


def _saved(app: App) -> dict[str, Any] | None:
    """The saved run as the title sees it, and the turn of the save before it (the backup)."""
    info = app.saves.info()
    if info is None:
        return None
    return {"seed": info.seed, "turn": info.turn, "daily": info.daily, "problem": info.problem,
            "damaged": info.damaged, "from_backup": info.from_backup, "backup_turn": _backup_turn(app)}


def _backup_turn(app: App) -> int | None:
    try:
        text = app.storage.read_backup("save.json")
        return int(json.loads(text)["about"]["turn"]) if text else None
    except Exception:  # noqa: BLE001 - no backup, or one that cannot be read: there is no turn to give
        return None


def _menu(state: Any) -> list[list[Any]] | None:
    """A menu's items (key, label, the rectangle last drawn), and which is selected."""
    menu = getattr(state, "menu", None)
    if menu is None or not hasattr(menu, "items"):
        return None
    rects = [list(rect) for rect in getattr(menu, "rects", [])]
    return [[key, label, rects[i] if i < len(rects) else None, i == menu.selected]
            for i, (key, label) in enumerate(menu.items)]


def _vault(floor: Any) -> dict[str, int] | None:
    state = floor.vault_state
    if state is None:
        return None
    return {"revealed": int(state.revealed.sum()), "sprung": int(state.sprung.sum())}


def _air(game: Any) -> int | None:
    state = game.floor.ship_state
    if state is None:
        return None
    return int(state.air[game.floor.map.room_at(*game.player.pos)])
