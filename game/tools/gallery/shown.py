"""The gallery's situations for what the player must be shown (TRU-3, TRU-5): a goblin beside
an open door that sees into the player's room, an ogre's raised club marked on the tiles it
will hit, the player's own cell in a trap vault, a laser vault's beams (VLT-7) and a watcher's
gaze (VLT-8). Each takes the ``App`` and leaves the
picture on its screen (``game.tools.gallery.shots`` lists them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.gallery.floors import hand_drawn, playing, put_on_screen
from game.tools.gallery.setups import point_at

if TYPE_CHECKING:
    from game.app.app import App

NEXT_ROOM = """
+-+-+-+-+-+-+-+-+-+
|@ . . .|. . . . .|
+       +         +
|. . . .og . . . .|
+       +         +
|. . . .|. . . . >|
+-+-+-+-+-+-+-+-+-+
"""
"""Two rooms joined by an open door; a goblin stands beside it in the east room, the player
across the west room."""
GUARDED = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . . . . . . . . . . .|
+                       +
|. . . G @ . . . . . . .|
+                       +
|. . . . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""
"""An ogre beside the player, in the middle of a hall."""


def doorway(app: App) -> None:
    """The goblin beside the open door sees the player's room, so it is drawn and listed though its
    own room is dark; the pointer on it."""
    game = hand_drawn(NEXT_ROOM, {"g": "goblin"})
    game.floor.actors[0].state = "idle"
    put_on_screen(app, game)
    point_at(app, (4.5, 1.5))


def raised_club(app: App) -> None:
    """Grimtooth the ogre has raised its club: the eight tiles round it are marked; the pointer on one."""
    from game.world.actions import Wait
    from game.world.spawn import dress_guardian

    game = hand_drawn(GUARDED, {"G": "ogre"})
    ogre = game.floor.actors[0]
    dress_guardian(ogre, 1, "Grimtooth")
    game.player.hp = game.player.max_hp = 60
    for _ in range(6):
        if ogre.windup:
            break
        game.perform(Wait())
    put_on_screen(app, game)
    point_at(app, (ogre.x + 0.5, ogre.y - 0.5))


def own_cell(app: App) -> None:
    """In the run's trap vault, the player on the revealed cell with traps around it nearest the
    entrance: its number on the badge at the sprite's corner and on the Here line."""
    play = playing(app)
    game = play.game
    state, field_ = game.floor.vault_state, game.floor.level.vault
    assert state is not None and field_ is not None, "a trap vault's floor"
    numbers = field_.numbers
    px, py = game.player.pos
    cells = sorted((abs(int(x) - px) + abs(int(y) - py), int(y), int(x)) for y, x in zip(*state.revealed.nonzero())
                   if numbers[y, x] > 0)
    _, y, x = cells[0]
    game.move_actor(game.player, x, y)
    game.update_visibility()
    game.version += 1  # the sidebar is drawn again
    play.view.sync(game, app.now_ms())


def laser_beams(app: App, hover: bool = False) -> None:
    """In the run's laser vault: the player on the safe cell nearest the middle of the first
    beam, the cells around revealed as if walked, on a turn when that beam fires or warns and the
    beams show as many looks as they can; the pointer on the beam's middle (``hover``)."""
    from game.render.laser_marks import DARK, look
    from game.world import vaults

    play = playing(app)
    game = play.game
    state, field_ = game.floor.vault_state, game.floor.level.vault
    assert state is not None and field_ is not None and field_.lasers, "a laser vault's floor"
    first = field_.lasers[0]
    middle = first.beam[len(first.beam) // 2]
    taken = {cell for laser in field_.lasers for cell in (laser.emitter, *laser.beam)}
    safe = [(int(x), int(y)) for y, x in zip(*(field_.numbers >= 0).nonzero()) if (int(x), int(y)) not in taken]
    x, y = min(safe, key=lambda c: (max(abs(c[0] - middle[0]), abs(c[1] - middle[1])), c[1], c[0]))
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            vaults.reveal(field_, state, x + dx, y + dy)
    game.move_actor(game.player, x, y)
    turns = [t for t in range(game.turn, game.turn + first.period) if look(first, t) != DARK]
    game.turn = max(turns, key=lambda t: (len({look(laser, t) for laser in field_.lasers}), first.fires(t)))
    game.update_visibility()
    game.version += 1
    play.view.sync(game, app.now_ms())
    if hover:
        point_at(app, (middle[0] + 0.5, middle[1] + 0.5))


def watcher_hunting(app: App, hunting: bool = True) -> None:
    """In the run's watcher vault (VLT-8): the player on the revealed safe cell nearest five cells
    from the watcher (``hunting``: it has seen them and turned to hunt) or just beyond its sight (not yet)."""
    from game.map.vault_field import WATCHER_SIGHT
    from game.world import vaults
    from game.world.actions import Wait

    play = playing(app)
    game = play.game
    state, field_ = game.floor.vault_state, game.floor.level.vault
    watcher = next(m for m in game.floor.actors if m.kind == "watcher")
    assert state is not None and field_ is not None, "a watcher's vault"
    away = 5 if hunting else WATCHER_SIGHT + 1
    safe = [(int(x), int(y)) for y, x in zip(*(field_.numbers >= 0).nonzero())]
    x, y = min(safe, key=lambda c: (abs(max(abs(c[0] - watcher.x), abs(c[1] - watcher.y)) - away), c[1], c[0]))
    for dy in range(-2, 3):
        for dx in range(-2, 3):
            vaults.reveal(field_, state, x + dx, y + dy)
    game.move_actor(game.player, x, y)
    for _ in range(4 if hunting else 0):  # (it acts three turns of five)
        game.perform(Wait())
        if watcher.state == "hunting":
            break
    game.update_visibility()
    game.version += 1
    play.view.sync(game, app.now_ms())


HELPERS = {f.__name__: f for f in (doorway, raised_club, own_cell, laser_beams, watcher_hunting)}
