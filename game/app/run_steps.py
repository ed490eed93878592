"""Starting and continuing a run as short steps for the loading screen (SPEC WEB-5).

A new run or a saved one first imports what a run needs beyond the title screen, one
module a step and leaves first (``app.run_imports``, written by ``game.tools.import_order``),
then makes (or reads) the run and prepares its view; the last step returns the play screen. ``RunKeeper.start_run`` and ``RunKeeper.continue_run`` (``app.runs``) hand these to a ``LoadingState``.
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


TITLE_NEXT = ("game.run.seeds", "game.app.loading")
"""What a choice on the title needs first (a new run's seed and loading screen), leaves first:
imported while the title is idle, so that the frame of the choice does not pay for them."""


def import_run_modules() -> Steps[None]:
    """Import each module of ``RUN_IMPORTS`` not yet imported, one a step."""
    from game.app.run_imports import RUN_IMPORTS  # here: the tool that writes it imports this module

    for name in RUN_IMPORTS:
        if name not in sys.modules:
            importlib.import_module(name)
            yield f"imports:{name}"


def warm_imports() -> Steps[None]:
    """The title's next screens, then a run's modules, one a step: the title's idle frames run
    them (``App``), so a player who reads the title a moment starts a run sooner."""
    for name in TITLE_NEXT:
        if name not in sys.modules:
            importlib.import_module(name)
            yield f"imports:{name}"
    yield from import_run_modules()


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
    """A new run of ``seed_text`` (the daily of ``daily``, if given) beginning at ``start``; its
    play screen. A daily asks the board for its attempt first, and says what it counts for."""
    board = asked = None
    if daily is not None:
        from game.app import board_attempts
        from game.app.board_screen import board_for

        board = board_for(app)
        asked = board_attempts.ask(board, daily)  # on its way while the world is made
    yield from prepare_run(app)
    from game.app.play import PlayState
    from game.run.run import Run

    run = yield from Run.new_steps(seed_text, start, daily, sight=app.settings.sight)  # the run keeps it
    play = PlayState(app, run, autoplay=autoplay)
    yield from play.view.prepare(run.game)
    if daily is not None:
        line = yield from board_attempts.answer_steps(board, asked, daily)
        if line:
            app.say(line, 9000)
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
