"""The phone journeys ``python -m game.tools.pagecheck`` plays (SPEC REN-5, UI-3): taps only, on a
phone held upright (the portrait layout, a 390x664 page) and on its side (the sideways one,
844x390); each canvas is its page's size. Every point tapped is where the game draws that
thing in the page (``tests/tools/test_pagecheck.py`` checks them against the game)."""

from __future__ import annotations

from game.tools.pagecheck.journey import (APP, ON_THE_STAIRS, SETTLE, SETTLED, Journey, Step, both, first_frame, holds, more_rooms, on,
                                run_where)


def tile_east(tiles: int) -> str:
    """The screen point of the tile ``tiles`` east of the player, whom the camera keeps in the
    middle of the 960x720 map view (the tile at 468..492, 348..372)."""
    return f"{480 + 24 * tiles} 360"


BUTTON = {"explore": "1003 692", "wait": "1058 692", "stairs": "1109 692", "map": "1161 692", "menu": "1250 692"}
"""The centres of the sidebar's buttons (game.render.hud.BUTTONS, as drawn at 1280x720)."""
PHONE = (390, 664)
"""A phone held upright, in CSS pixels (an iPhone's page under Safari's bars): the game picks its
portrait layout, a canvas of that size."""
PHONE_BUTTON = {"explore": "39 636", "wait": "101 636", "stairs": "163 636", "pack": "225 636", "map": "287 636",
                "menu": "349 636"}
"""The centres of the phone sidebar's big buttons (game.render.sidebar_compact, at 390x664)."""
PORTRAIT_SIZE = ("expect-py " + APP + ".screen.get_size() == (390, 664)")
READABLE = ("expect-py " + "(lambda page, box: page.css_scale > 0 and abs(box.width / " + APP + ".screen.get_width() "
            "- page.css_scale) < 0.02 and page.text_css(page.min_text) >= 12 and page.css(page.tap) >= 44)"
            "(__import__('game.render.layout', fromlist=['current']).current(), "
            "__import__('platform').window.document.getElementById('canvas').getBoundingClientRect())")
"""In the page: the canvas is shown at the scale its layout was made for, so its least text is 12
CSS pixels (its em) and its taps 44."""


def phone_tile_east(tiles: int) -> str:
    """The tile ``tiles`` east of the player in the portrait layout's 390x359 map view."""
    return f"{195 + 24 * tiles} 180"


PHONE_PLAY = Journey("phone-play", "a phone in portrait, taps only: walk, the buttons, leave floor 1", [
    Step("open a shared link ?seed=7 on a phone, tap to start: the portrait layout, readable",
         (*first_frame("tap"), SETTLE, PORTRAIT_SIZE, READABLE), run_where(kind="overworld")),
    Step("tap a tile three steps east: the player walks there", (f"tap {phone_tile_east(3)}", SETTLE),
         both(SETTLED, holds(lambda p, e: p["run"]["player"]["x"] == e[-1]["run"]["player"]["x"] + 3, "no walk"))),
    Step("tap the stairs button twice: to the entrance, and down", (
        f"tap {PHONE_BUTTON['stairs']}", SETTLE, f"tap {PHONE_BUTTON['stairs']}", SETTLE),
         run_where(kind="dungeon")),
    Step("tap the explore button", (f"tap {PHONE_BUTTON['explore']}", SETTLE), both(SETTLED, holds(
        more_rooms, "no new room seen"))),
    Step("tap the pack button: the pack page; tap it away", (
        f"tap {PHONE_BUTTON['pack']}", SETTLE, "shot phone-pack", "tap 240 30", SETTLE), on("PlayState")),
    Step("the stairs are found (the check puts the player on them); tap stairs", (
        ON_THE_STAIRS,
        f"tap {PHONE_BUTTON['stairs']}", SETTLE, "shot phone-floor-2"), run_where(depth=2)),
], query="seed=7", size=PHONE)


def _menu_centre(probe_menu_row: int, rows: list[tuple[int, int, int, int]]) -> str:
    x, y, w, h = rows[probe_menu_row]
    return f"{x + w // 2} {y + h // 2}"


TITLE_ROWS = [(557, 309, 167, 34), (449, 351, 383, 34), (551, 393, 178, 34)]
"""The title menu's rows in the page (no Quit there) with no run saved: New run, Daily, Enter seed."""
PAUSE_ROWS = [(395, 228, 171, 44), (405, 280, 151, 44), (424, 332, 112, 44), (373, 384, 214, 44)]
"""The Esc menu's rows: Resume, Options, Help, Save and quit (over the map, off the sidebar;
``tests/tools/test_pagecheck.py`` checks them against the menu the game draws)."""
PHONE_TITLE_ROWS = [(112, 310, 167, 44), (4, 354, 382, 44), (108, 398, 175, 44)]
PHONE_PAUSE_ROWS = [(110, 200, 171, 44), (120, 252, 151, 44), (139, 304, 112, 44), (88, 356, 214, 44)]
"""The same menus in the portrait layout (390x664), each row a finger high."""
PHONE_CONTINUE = "195 310"
"""The title's first row, Continue, once a run is saved (seven rows in the page, centred)."""

PHONE_MENUS = Journey("phone-menus", "a phone, taps only: New run, the menu button, Save and quit, Continue", [
    Step("tap to start: the title, in portrait", (*first_frame("tap"), PORTRAIT_SIZE, "shot phone-title"),
         on("TitleState")),
    Step("tap New run", (f"tap {_menu_centre(0, PHONE_TITLE_ROWS)}", SETTLE), on("PlayState")),
    Step("tap the menu button: the menu", (f"tap {PHONE_BUTTON['menu']}", SETTLE), on("PauseState")),
    Step("tap Save and quit", (f"tap {_menu_centre(3, PHONE_PAUSE_ROWS)}", SETTLE), both(on("TitleState"), holds(
        lambda p, _: p["saved"] is not None, "nothing saved"))),
    Step("tap Continue", (f"tap {PHONE_CONTINUE}", SETTLE), on("PlayState")),
], size=PHONE)

SIDEWAYS = (844, 390)
"""The same phone on its side: the game's sideways layout, a canvas of the page's size."""
SIDEWAYS_TITLE_ROWS = [(545, 63, 167, 44), (437, 107, 382, 44), (541, 151, 175, 44)]
SIDEWAYS_PAUSE_ROWS = [(337, 88, 171, 44), (347, 140, 151, 44), (366, 192, 112, 44), (315, 244, 214, 44)]
SIDEWAYS_BUTTON = {"explore": "596 314", "wait": "692 314", "stairs": "788 314", "pack": "596 362", "map": "692 362",
                   "menu": "788 362"}
"""The sideways layout's title and Esc menu rows and its sidebar's buttons (844x390)."""

PHONE_SIDEWAYS = Journey("phone-sideways", "a phone on its side, taps only: the sideways layout, readable; New run, "
                         "the menu button, Save and quit", [
    Step("tap to start: the title, the page's own size", (*first_frame("tap"), "expect-py " + APP +
                                                          ".screen.get_size() == (844, 390)", READABLE),
         on("TitleState")),
    Step("tap New run", (f"tap {_menu_centre(0, SIDEWAYS_TITLE_ROWS)}", SETTLE, "shot phone-sideways"),
         on("PlayState")),
    Step("tap the menu button: the menu", (f"tap {SIDEWAYS_BUTTON['menu']}", SETTLE), on("PauseState")),
    Step("tap Save and quit", (f"tap {_menu_centre(3, SIDEWAYS_PAUSE_ROWS)}", SETTLE), both(on("TitleState"), holds(
        lambda p, _: p["saved"] is not None, "nothing saved"))),
], size=SIDEWAYS)
