"""The dark journeys (``game.tools.pagecheck.journeys_dark``), played natively: on every layout and floor
kind, the in-page helper finds each kind of tile the player cannot walk to, the point the steps
click is that tile (by its wall, for a wall), and a click and a tap there keep the play screen."""

from __future__ import annotations

import pygame
import pytest

from game.app.app import App
from game.app.describe import edge_near
from game.app.options import Options
from game.app.script import FRAME_MS, simulated_clock
from game.render import layout
from game.render.layout import LANDSCAPE, phone
from game.tools.pagecheck.journeys_dark import KINDS, OFFSET, place_beside, target_point
from game.tools.pagecheck.journeys_phone import PHONE, SIDEWAYS
from tests.helpers import until_playing
from tests.touches import tap


def frames(app: App, count: int) -> None:
    clock = simulated_clock(app)
    for _ in range(count):
        clock[0] += FRAME_MS
        app.frame()


@pytest.mark.parametrize("size", [LANDSCAPE.size, PHONE, SIDEWAYS], ids=["desktop", "upright", "sideways"])
@pytest.mark.parametrize("floor", list(KINDS))
def test_each_kind_of_dark_tile_is_found_clicked_and_tapped_without_leaving_play(display, tmp_path, monkeypatch,
                                                                                  size, floor: str) -> None:
    monkeypatch.setitem(layout.LAYOUTS, "journey", LANDSCAPE if size == LANDSCAPE.size else phone(*size))
    app = App(Options(fps=0, seed="7", start=floor, save_dir=str(tmp_path), layout="journey"))
    play = until_playing(app)
    for kind in KINDS[floor]:
        placed = place_beside(kind)
        assert placed is not None, f"no {kind} tile {OFFSET} east of a floor tile on the {floor}"
        x, y, tx, ty = placed
        point = target_point(size, kind)
        assert play.camera.tile_at(*point) == (tx, ty), f"the {kind} point is not the tile"
        if kind == "wall":
            assert edge_near(play.game.floor.map, play.camera.screen_to_world(*point)) == (tx, ty, -1, 0)
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1, touch=False))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1, touch=False))
        frames(app, 1)
        assert app.state is play, f"a click on the {kind} tile left the play screen: {type(app.state).__name__}"
        tap(point)
        frames(app, 1)
        assert app.state is play, f"a tap on the {kind} tile left the play screen: {type(app.state).__name__}"
