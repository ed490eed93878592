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


def drawn_game(plan: str, legend: dict[str, str] | None = None, seed: str = "test",
               welcome: str | None = None) -> Game:
    """A game on a hand-drawn floor (``game.map.ascii``): ``@`` the player, ``>`` the stairs
    (else they are under the player), ``legend`` marks to monster or item kinds placed there.
    With ``welcome`` the log holds only that line (not the island's welcome) before the floor
    is populated. The tests' ``game_on`` is this too."""
    from game.content.monsters import MONSTERS
    from game.map.ascii import parse_map
    from game.map.level import Level
    from game.world.floor import Floor
    from game.world.game import Game

    floor, marks = parse_map(plan)
    start = next(p for p, c in marks.items() if c == "@")
    exit_ = next((p for p, c in marks.items() if c == ">"), start)
    game = Game.new(seed)
    region = game.world.order[0]
    key = f"{region}:1"
    game.floors[key] = Floor.fresh(1, Level("dungeon", floor, start, exit_))
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = start
    if welcome is not None:
        game.log.messages.clear()
        game.log.repeats.clear()
        game.log.add(welcome.format(region=game.world.names[region]), "notice")
    for pos, char in sorted(marks.items()):
        kind = (legend or {}).get(char)
        if kind in MONSTERS:
            game.spawn_monster(kind, *pos)
        elif kind is not None:
            game.drop_item(kind, pos)
    game.update_visibility()
    return game


def hand_drawn(plan: str, legend: dict[str, str], seed: str = "gallery") -> Game:
    """The gallery's game on a hand-drawn floor, its log starting on that floor."""
    return drawn_game(plan, legend, seed, "You wake on floor 1 of {region}'s dungeon, a floor drawn by hand.")


def put_on_screen(app: App, game: Game) -> PlayState:
    """Play ``game`` from now on: a ``PlayState`` over it becomes the app's screen."""
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    play = PlayState(app, Run(game, Recording(game.seed_text)))
    app.state = play
    return play


def playing(app: App) -> PlayState:
    """The play screen ``app`` shows (the set-ups that point at its map need one)."""
    from game.app.play import PlayState

    play = app.state
    assert isinstance(play, PlayState), f"a play screen, not {type(play).__name__}"
    return play
