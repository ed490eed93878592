"""The map's zoom levels (SPEC UI-10): ``+`` and ``-``, the wheel over the map, a pinch; four tile
sizes, the usual one showing 40x30 tiles; kept as an option for the next session."""

from __future__ import annotations

import numpy as np
import pygame

from game.app.app import App
from game.app.options import Options
from game.app.play import PlayState
from game.app.script import run_script
from game.render import palette
from game.render.layout import TILE, ZOOM_TILES
from game.run.recording import Recording
from game.run.run import Run
from tests.helpers import game_on

OPEN_ROOM = """
+-+-+-+-+-+-+-+-+-+
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . @ . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+ + + + + + + + + +
|. . . . . . . . .|
+-+-+-+-+-+-+-+-+-+
"""


def _playing(tmp_path, keys: str = "", resume: bool = False) -> App:
    app = App(Options(fps=0, seed=None if resume else "zoom", start="dungeon", save_dir=str(tmp_path), resume=resume))
    run_script(app, keys)
    assert isinstance(app.state, PlayState)
    return app


def _tiles_in_view(play: PlayState) -> tuple[int, int]:
    assert play.camera is not None
    return play.camera.view_w // play.camera.tile, play.camera.view_h // play.camera.tile


def _player_ring_width(app: App, play: PlayState) -> int:
    """How wide the player's gold ring is drawn on the screen, in pixels (looked for within a
    tile of where the player stands, so walls further off do not count)."""
    play.draw(app.screen, 0.0)
    tile = play.view.tile
    x, y = play.camera.tile_origin(*play.game.player.pos)
    pixels = pygame.surfarray.array3d(app.screen).astype(int).transpose(1, 0, 2)
    near = pixels[y - tile // 2:y + tile + tile // 2, x - tile // 2:x + tile + tile // 2]
    gold = np.all(np.abs(near - np.array(palette.TITLE)) < 60, axis=2)
    xs = np.nonzero(gold)[1]
    return int(xs.max() - xs.min() + 1)


def _step_off_the_stairs(play: PlayState) -> None:
    """Stand on bare floor, where nothing underfoot is drawn over the player's ring, in the open:
    no wall and nothing lying beside it (a wall's or a scroll's gold would be measured as ring)."""
    game = play.game
    x, y = game.player.pos
    rooms, room = game.floor.map.rooms, game.floor.map.rooms[y, x]
    for nx, ny in sorted(((x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4) if dx or dy),
                         key=lambda p: (max(abs(p[0] - x), abs(p[1] - y)), p[1], p[0])):
        around = rooms[ny - 2:ny + 3, nx - 2:nx + 3]
        if around.shape == (5, 5) and (around == room).all() and game.occupant((nx, ny)) is None \
                and not any(max(abs(i.pos[0] - nx), abs(i.pos[1] - ny)) <= 1 for i in game.floor.items):
            game.player.x, game.player.y = nx, ny
            return
    raise AssertionError("the player's room has no open tile near the stairs")


def test_the_usual_zoom_shows_40_by_30_tiles_and_keys_step_through_four_levels(display, tmp_path) -> None:
    app = _playing(tmp_path)
    play = app.state
    _step_off_the_stairs(play)
    assert play.view.tile == TILE and _tiles_in_view(play) == (40, 30)
    run_script(app, "+")
    assert play.view.tile == 32 and _tiles_in_view(play) == (30, 22)
    assert 27 <= _player_ring_width(app, play) <= 32, "the player is drawn at the nearer size"
    run_script(app, "+ +")
    assert play.view.tile == 40, "the nearest level stays"
    assert app.banner is not None and app.banner[0] == "As near as the map goes"
    run_script(app, "-*5")
    assert play.view.tile == 16 and _tiles_in_view(play) == (60, 45)
    assert 11 <= _player_ring_width(app, play) <= 16
    assert app.banner is not None and app.banner[0] == "As far as the map goes"
    assert len(ZOOM_TILES) >= 3


def test_the_zoom_is_kept_for_the_next_session(display, tmp_path) -> None:
    app = _playing(tmp_path, "+")
    assert app.settings.map_tile == 32
    app.runs.save_run()
    again = _playing(tmp_path, resume=True)
    assert again.state.view.tile == 32, "a new session draws the map as near as it was left"


def test_the_player_is_drawn_bigger_at_each_level(display) -> None:
    game = game_on(OPEN_ROOM)
    app = App(Options(fps=0))
    play = PlayState(app, Run(game, Recording(game.seed_text)))
    widths = []
    for tile in ZOOM_TILES:
        play.view.set_tile(tile, app.sprites_at(tile))
        widths.append(_player_ring_width(app, play))
        assert tile - 5 <= widths[-1] <= tile, f"the player's ring at tile {tile} is {widths[-1]} pixels wide"
    assert widths == sorted(set(widths))


def test_the_wheel_zooms_the_map_but_scrolls_the_open_message_log(display, tmp_path) -> None:
    app = _playing(tmp_path)
    play = app.state
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 300), rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.frame()
    assert play.view.tile == 32
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
    app.frame()
    assert play.view.tile == 24
    for number in range(60):
        play.run.note(f"Message {number}")
    from game.app.log_screen import LogScreen

    app.state = archive = LogScreen(play)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0))
    app.frame()
    assert play.view.tile == 24 and archive.scroll == 3, "over the open log the wheel scrolls it"


def _finger(kind: int, finger: int, x: float, y: float) -> None:
    pygame.event.post(pygame.event.Event(kind, x=x, y=y, touch_id=1, finger_id=finger, dx=0.0, dy=0.0, pressure=1.0))


def test_two_fingers_pinch_the_map_nearer_and_farther(display, tmp_path) -> None:
    app = _playing(tmp_path)
    play = app.state
    _finger(pygame.FINGERDOWN, 0, 0.40, 0.5)
    _finger(pygame.FINGERDOWN, 1, 0.50, 0.5)
    _finger(pygame.FINGERMOTION, 1, 0.56, 0.5)  # 0.10 -> 0.16 apart: spread
    app.frame()
    assert play.view.tile == 32
    _finger(pygame.FINGERMOTION, 1, 0.50, 0.5)  # 0.16 -> 0.10: closed again
    _finger(pygame.FINGERMOTION, 1, 0.45, 0.5)  # 0.10 -> 0.05: and more
    app.frame()
    assert play.view.tile == 16
    _finger(pygame.FINGERUP, 1, 0.45, 0.5)
    _finger(pygame.FINGERMOTION, 0, 0.10, 0.5)  # one finger moving is no pinch
    _finger(pygame.FINGERUP, 0, 0.10, 0.5)
    app.frame()
    assert play.view.tile == 16


def test_a_click_finds_the_right_tile_at_every_zoom(display, tmp_path) -> None:
    app = _playing(tmp_path)
    play = app.state
    game = play.game
    for keys in ("", "+", "+", "-*3"):
        run_script(app, keys)
        app.frame()
        x, y = play.camera.tile_origin(*game.player.pos)
        tile = play.view.tile
        assert play.pointer.tile_under((x + tile + tile // 2, y + tile // 2)) == (game.player.x + 1, game.player.y)
