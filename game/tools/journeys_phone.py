"""The phone journeys ``python -m game.tools.pagecheck`` plays (SPEC REN-5, UI-3): taps only, on a
phone held upright (the portrait layout, 480x960) and on its side (the landscape one)."""

from __future__ import annotations

from game.tools.journey import (APP, ON_THE_STAIRS, SETTLED, Journey, Step, both, first_frame, holds, more_rooms, on,
                                run_where)


def tile_east(tiles: int) -> str:
    """The screen point of the tile ``tiles`` east of the player, whom the camera keeps in the
    middle of the 960x720 map view (the tile at 468..492, 348..372)."""
    return f"{480 + 24 * tiles} 360"


BUTTON = {"explore": "1003 692", "wait": "1058 692", "stairs": "1109 692", "map": "1161 692", "menu": "1250 692"}
"""The centres of the sidebar's buttons (game.render.hud.BUTTONS, as drawn at 1280x720)."""
PHONE = (390, 844)
"""A phone held upright, in CSS pixels: the game picks its portrait layout (480x960)."""
PHONE_BUTTON = {"explore": "47 924", "wait": "124 924", "stairs": "201 924", "pack": "278 924", "map": "355 924",
                "menu": "432 924"}
"""The centres of the portrait sidebar's big buttons (game.render.sidebar_portrait, at 480x960)."""
PORTRAIT_SIZE = ("expect-py " + APP + ".screen.get_size() == (480, 960)")


def phone_tile_east(tiles: int) -> str:
    """The tile ``tiles`` east of the player in the portrait layout's 480x552 map view."""
    return f"{240 + 24 * tiles} 276"


PHONE_PLAY = Journey("phone-play", "a phone in portrait, taps only: walk, the buttons, leave floor 1", [
    Step("open a shared link ?seed=7 on a phone, tap to start: the portrait layout",
         (*first_frame("tap"), "wait 3", PORTRAIT_SIZE), run_where(kind="overworld")),
    Step("tap a tile three steps east: the player walks there", (f"tap {phone_tile_east(3)}", "wait 2"),
         both(SETTLED, holds(lambda p, e: p["run"]["player"]["x"] == e[-1]["run"]["player"]["x"] + 3, "no walk"))),
    Step("tap the stairs button twice: to the entrance, and down", (
        f"tap {PHONE_BUTTON['stairs']}", "wait 4", f"tap {PHONE_BUTTON['stairs']}", "wait 3"),
         run_where(kind="dungeon")),
    Step("tap the explore button", (f"tap {PHONE_BUTTON['explore']}", "wait 10"), both(SETTLED, holds(
        more_rooms, "no new room seen"))),
    Step("tap the pack button: the pack page; tap it away", (
        f"tap {PHONE_BUTTON['pack']}", "wait 1", "shot phone-pack", "tap 240 30", "wait 1"), on("PlayState")),
    Step("the stairs are found (the check puts the player on them); tap stairs", (
        ON_THE_STAIRS,
        f"tap {PHONE_BUTTON['stairs']}", "wait 3", "shot phone-floor-2"), run_where(depth=2)),
], query="seed=7", size=PHONE)


def _menu_centre(probe_menu_row: int, rows: list[tuple[int, int, int, int]]) -> str:
    x, y, w, h = rows[probe_menu_row]
    return f"{x + w // 2} {y + h // 2}"


TITLE_ROWS = [(557, 309, 167, 34), (449, 351, 383, 34), (551, 393, 178, 34)]
"""The title menu's rows in the page (no Quit there) with no run saved: New run, Daily, Enter seed."""
PAUSE_ROWS = [(395, 228, 171, 44), (405, 280, 151, 44), (424, 332, 112, 44), (373, 384, 214, 44)]
"""The Esc menu's rows: Resume, Options, Help, Save and quit (over the map, off the sidebar;
``tests/test_pagecheck.py`` checks them against the menu the game draws)."""
PHONE_TITLE_ROWS = [(157, 298, 167, 56), (49, 354, 382, 56), (153, 410, 175, 56)]
PHONE_PAUSE_ROWS = [(155, 332, 171, 56), (165, 388, 151, 56), (184, 444, 112, 56), (133, 500, 214, 56)]
"""The same menus in the portrait layout (480x960), each row a finger high."""

PHONE_MENUS = Journey("phone-menus", "a phone, taps only: New run, the menu button, Save and quit, Continue", [
    Step("tap to start: the title, in portrait", (*first_frame("tap"), PORTRAIT_SIZE, "shot phone-title"),
         on("TitleState")),
    Step("tap New run", (f"tap {_menu_centre(0, PHONE_TITLE_ROWS)}", "wait 4"), on("PlayState")),
    Step("tap the menu button: the menu", (f"tap {PHONE_BUTTON['menu']}", "wait 1"), on("PauseState")),
    Step("tap Save and quit", (f"tap {_menu_centre(3, PHONE_PAUSE_ROWS)}", "wait 1"), both(on("TitleState"), holds(
        lambda p, _: p["saved"] is not None, "nothing saved"))),
    Step("tap Continue", ("tap 240 346", "wait 3"), on("PlayState")),
], size=PHONE)

SIDEWAYS = (844, 390)
"""The same phone on its side: the game keeps its landscape layout (1280x720)."""

PHONE_SIDEWAYS = Journey("phone-sideways", "a phone on its side, taps only: landscape; New run, the Esc button, "
                         "Save and quit", [
    Step("tap to start: the title, in landscape", (*first_frame("tap"), "expect-py " + APP +
                                                    ".screen.get_size() == (1280, 720)"), on("TitleState")),
    Step("tap New run", (f"tap {_menu_centre(0, TITLE_ROWS)}", "wait 4"), on("PlayState")),
    Step("tap the Esc button: the menu", (f"tap {BUTTON['menu']}", "wait 1"), on("PauseState")),
    Step("tap Save and quit", (f"tap {_menu_centre(3, PAUSE_ROWS)}", "wait 1"), both(on("TitleState"), holds(
        lambda p, _: p["saved"] is not None, "nothing saved"))),
], size=SIDEWAYS)
