"""The gallery's hand-drawn floors (``game.map.ascii`` pictures) and how a game is put on the
screen (``game.tools.gallery_shots`` and ``gallery_setups`` use them)."""

from __future__ import annotations

HALL = """
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . . . . . . . . . . . .|
+                                       +
|. . . . . . . . . . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""A long hall, the player at its west end."""


def hand_drawn(plan: str, legend: dict[str, str], seed: str = "gallery"):  # noqa: ANN201 - Game
    """A game on a hand-drawn floor (``game.map.ascii``): ``@`` the player, ``legend`` marks to monsters or items."""
    from game.content.monsters import MONSTERS
    from game.map.ascii import parse_map
    from game.map.level import Level
    from game.world.floor import Floor
    from game.world.game import Game

    floor, marks = parse_map(plan)
    start = next(p for p, c in marks.items() if c == "@")
    game = Game.new(seed)
    region = game.world.order[0]
    key = f"{region}:1"
    game.floors[key] = Floor.fresh(1, Level("dungeon", floor, start, start))
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = start
    game.log.messages.clear(), game.log.repeats.clear()  # not the island's welcome: the run starts here
    game.log.add(f"You wake on floor 1 of {game.world.names[region]}'s dungeon, a floor drawn by hand.", "notice")
    for pos, char in sorted(marks.items()):
        kind = legend.get(char)
        if kind in MONSTERS:
            game.spawn_monster(kind, *pos)
        elif kind is not None:
            game.drop_item(kind, pos)
    game.update_visibility()
    return game


def put_on_screen(app, game):  # noqa: ANN001, ANN201 - App, Game -> PlayState
    """Play ``game`` from now on: a ``PlayState`` over it becomes the app's screen."""
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    play = PlayState(app, Run(game, Recording(game.seed_text)))
    app.state = play
    return play
