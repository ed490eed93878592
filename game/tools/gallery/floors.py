"""The gallery's hand-drawn floors (``game.map.ascii`` pictures) and how a game is put on the
screen (``game.tools.gallery.shots`` and ``gallery_setups`` use them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState
    from game.world.game import Game

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A long hall, the player at its west end."""


def hand_drawn(plan: str, legend: dict[str, str], seed: str = "gallery") -> Game:
    """The gallery's game on a hand-drawn floor, its log starting on that floor."""
    from game.world.drawn import game_on_plan

    return game_on_plan(plan, legend, seed, "You wake on floor 1 of {region}'s dungeon, a floor drawn by hand.")


def put_on_screen(app: App, game: Game) -> PlayState:
    """Play ``game`` from now on: a ``PlayState`` over it becomes the app's screen."""
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    play = PlayState(app, Run(game, Recording(game.seed_text)))
    app.state = play
    return play


def playing(app: App) -> PlayState:
    """The play screen ``app`` shows, or the one under the screen it shows (aiming, a menu of
    verbs...): the set-ups that point at its map need one."""
    from game.app.play import PlayState

    play = getattr(app.state, "play", app.state)
    assert isinstance(play, PlayState), f"a play screen, not {type(play).__name__}"
    return play
