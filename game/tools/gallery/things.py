"""The gallery's set-ups for things (``game.tools.gallery.shots``): the verbs a
click on an item, a door or a slot offers, ``p``'s question, and a full pack. Each takes the
``App`` and leaves the picture on its screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.tools.gallery.floors import hand_drawn, put_on_screen
from game.tools.gallery.setups import click

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState

THINGS = """
+-+-+-+-+-+-+-+
|@ . . s . . k|
+ + + +-+-+-+-+
|. . . .D. . .|
+-+-+-+-+-+-+-+
"""
"""A sword three steps east, a key at the east end, a closed door below (``D``)."""
FULL = ("tnt", "smoke_bomb", "throwing_knives", "scroll_mapping", "potion_speed", "scroll_teleport", "rockets",
        "arrows")
"""With the healing potion a run starts with: nine kinds, a full pack."""


def things(app: App, full: bool = False) -> PlayState:
    """``THINGS`` on screen, seen whole; three sticks of TNT in the pack (``full``: nine kinds)."""
    game = hand_drawn(THINGS, {"s": "sword", "k": "key"})
    game.floor.seen_rooms[:] = True
    game.inventory.add("tnt", 3)
    for kind in FULL[1:] if full else ():
        game.inventory.add(kind, 2)
    play = put_on_screen(app, game)
    app.frame()
    return play


def verbs_for_an_item(app: App) -> None:
    """A click on the sword: wield it (walking there), or walk to it."""
    things(app)
    click(app, (3.5, 0.5))


def verbs_for_a_find_in_a_full_pack(app: App) -> None:
    """A click on the key with nine kinds in the pack: make room for it, or walk to it."""
    things(app, full=True)
    click(app, (6.5, 0.5))


def verbs_for_a_door(app: App) -> None:
    """A click by the closed door across the room: open it (walking there), or walk to it."""
    things(app)
    click(app, (3.95, 1.5))


def verbs_for_a_slot(app: App) -> None:
    """A click (a tap) on the TNT's slot in the sidebar: throw it, or drop the stack."""
    play = things(app)
    app.redraw()
    cell = next(rect for rect, what in play.hud.targets if what == "slot:1")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=cell.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=cell.center, button=1))
    app.frame()


def drop_question(app: App) -> None:
    """``p`` with a full pack: "Drop which?" (on a phone: the pack page asks it)."""
    from game.app.play_items import ask_drop

    play = things(app, full=True)
    app.state = ask_drop(play, app.now_ms())
    app.frame()


def pack_page(app: App) -> None:
    """The pack page over the run on screen (a phone's ``pack`` button)."""
    from game.app.pack import PackScreen
    from game.tools.gallery.floors import playing

    app.state = PackScreen(playing(app))


HELPERS = {f.__name__: f for f in (verbs_for_an_item, verbs_for_a_find_in_a_full_pack, verbs_for_a_door,
                                   verbs_for_a_slot, drop_question, pack_page)}
