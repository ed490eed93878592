"""Starting and continuing a run as short steps for the loading screen (SPEC WEB-5).

A new run or a saved one first imports what a run needs beyond the title screen, one
module a step, then makes (or reads) the run and prepares its view; the last step returns
the play screen. ``RunKeeper.start_run`` and ``RunKeeper.continue_run`` (``app.runs``) hand these to a ``LoadingState``.
The screens are imported when the steps run, so the title screen does not load them.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING

from game.progress import Steps

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.state import State

RUN_IMPORTS = (
    "numpy.random",  # numpy imports it lazily, at the island noise's first draw: 40 ms in the page
    "game.map.edges", "game.map.floor_map", "game.map.shapes", "game.map.level", "game.map.vault_field",
    "game.content.items", "game.content.monsters", "game.content.specials", "game.world.fields",
    "game.mapgen.noise", "game.mapgen.landmass", "game.world.action", "game.world.inventory",
    "game.world.specials", "game.world.vaults", "game.world.codec",  # the codec's own imports first: one
    "game.world.actor", "game.world.messages",                       # slice of them all was 50-110 ms in the page
    "game.world.navigation", "game.world.paths", "game.world.floor", "game.mapgen.regions", "game.mapgen.names",
    "game.mapgen.overworld", "game.mapgen.rooms", "game.mapgen.analysis", "game.mapgen.connect",
    "game.mapgen.room_tiles",
    "game.mapgen.captors", "game.mapgen.populate", "game.mapgen.dungeon", "game.world.overworld", "game.world.params",
    "game.world.spawn", "game.world.visibility", "game.world.saving", "game.world.combat", "game.world.senses",
    "game.ai.behaviour", "game.ai.boss", "game.ai.guardians", "game.ai.wardens", "game.ai.behaviours",
    "game.content.potions", "game.content.scrolls", "game.world.magic", "game.world.potions", "game.world.party",
    "game.world.travel", "game.world.turns", "game.world.captives", "game.ai.allies",
    "game.world.game", "game.world.blast", "game.world.projectiles", "game.world.scrolls", "game.world.actions",
    "game.bot.policy", "game.bot.doorways", "game.bot.rescue", "game.bot.fights", "game.bot.plans", "game.bot.autoplay", "game.render.anim", "game.render.camera", "game.render.floor_layer",
    "game.render.overworld_layer", "game.render.effects", "game.render.view", "game.render.hud",
    "game.run.run", "game.run.daily", "game.world.harm", "game.content.descriptions", "game.app.state",
    "game.app.widgets", "game.app.keys", "game.app.held_keys", "game.app.overlay", "game.app.verbs",
    "game.app.describe", "game.app.walking", "game.app.aim", "game.app.help_page", "game.app.question",
    "game.app.zoomed_hover", "game.app.prompts", "game.app.pack", "game.app.log_screen", "game.app.menus",
    "game.app.play_aim", "game.app.play_zoom", "game.app.play_walks", "game.app.play_items", "game.app.play_pointer",
    "game.app.play_words",  # the play screen's parts a step each: all in its one slice were 128 ms in the page
    "game.app.play",
)
"""What a run needs beyond the title screen, roughly leaves first, imported one module a
step (in the browser the run's imports take a few hundred milliseconds in all)."""


def import_run_modules() -> Steps[None]:
    """Import each module of ``RUN_IMPORTS`` not yet imported, one a step."""
    for name in RUN_IMPORTS:
        if name not in sys.modules:
            importlib.import_module(name)
            yield f"imports:{name}"


def prepare_run(app: App) -> Steps[None]:
    """What a run needs before its first frame, a piece a step: its modules, the text's glyph
    atlases and the sounds (each loaded in play would make a frame stutter in the browser)."""
    yield from import_run_modules()
    from game.render import text

    for size in text.preload():
        yield f"imports:text {size}"
    for sound in app.audio.preload():
        yield f"imports:sound {sound}"


def new_run_steps(app: App, seed_text: str, autoplay: bool, daily: str | None,
                  start: str = "island") -> Steps[State]:
    """A new run of ``seed_text`` (the daily of ``daily``, if given) beginning at ``start``; its play screen."""
    yield from prepare_run(app)
    from game.app.play import PlayState
    from game.run.run import Run

    run = yield from Run.new_steps(seed_text, start, daily, sight=app.settings.sight)  # the run keeps it
    play = PlayState(app, run, autoplay=autoplay)
    yield from play.view.prepare(run.game)
    app.runs.begin(run, new_run=True)
    return play


def continue_steps(app: App) -> Steps[State]:
    """The saved run's play screen, or a screen that says why it cannot be read."""
    yield from prepare_run(app)
    from game.app.menus import SaveProblemState
    from game.app.play import PlayState
    from game.run.saves import SaveRefused

    try:
        loaded = app.saves.load()
    except SaveRefused as problem:
        return SaveProblemState(app, str(problem))
    play = PlayState(app, loaded.run)
    yield from play.view.prepare(loaded.run.game)
    app.runs.begin(loaded.run)
    if loaded.note:
        app.say(loaded.note, 9000)  # what happened to the save: longer than a greeting
    else:
        app.say(f"Welcome back: seed {loaded.run.game.seed_text}, turn {loaded.run.game.turn}.")
    return play
