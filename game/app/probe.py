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
    }
    game = getattr(state, "game", None)
    if game is not None:
        record["run"] = _run(state, game)
    return record


def _run(state: Any, game: Any) -> dict[str, Any]:
    level = game.floor.level
    return {
        "seed": game.seed_text, "turn": game.turn, "floor": game.floor_key, "kind": level.kind,
        "depth": game.depth, "over": game.over, "won": game.won, "digest": game.digest(),
        "player": {"x": game.player.x, "y": game.player.y, "hp": game.player.hp},
        "rooms_seen": int(game.floor.seen_rooms.sum()),
        "log_tail": [message.text for message, _ in game.log.last(6)],
        "walking": getattr(state, "walk", None) is not None,
        "aiming": getattr(state, "aim", None) is not None,
        "zoomed": bool(getattr(state, "zoomed", False)),
        "help_open": bool(getattr(state, "help_open", False)),
        "log_open": bool(getattr(state, "log_open", False)),
        "commands": len(state.run.recording.commands) if hasattr(state, "run") else None,
    }


def _saved(app: App) -> dict[str, Any] | None:
    info = app.saves.info()
    if info is None:
        return None
    return {"seed": info.seed, "turn": info.turn, "daily": info.daily, "problem": info.problem}
