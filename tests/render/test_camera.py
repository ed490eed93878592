"""Screen <-> world conversion (REN-3) and a camera centred on the player."""

from __future__ import annotations

from hypothesis import given, strategies as st

from game.render.camera import Camera

VIEW = (0, 0, 960, 720)
coords = st.floats(min_value=-500, max_value=500, allow_nan=False)


@given(cx=coords, cy=coords, wx=coords, wy=coords)
def test_world_and_screen_are_inverse(cx: float, cy: float, wx: float, wy: float) -> None:
    cam = Camera(cx, cy, *VIEW, 24)
    sx, sy = cam.world_to_screen(wx, wy)
    bx, by = cam.screen_to_world(sx, sy)
    assert abs(bx - wx) < 1e-6 and abs(by - wy) < 1e-6


def test_followed_tile_sits_in_the_middle_of_the_view() -> None:
    cam = Camera.following(10, 7, VIEW, 24)
    x, y = cam.tile_origin(10, 7)
    assert (x + 12, y + 12) == (480, 360)
    assert cam.tile_at(480, 360) == (10, 7)
    assert cam.tile_at(480 - 13, 360) == (9, 7)


def test_view_shows_about_forty_by_thirty_tiles() -> None:
    x0, y0, x1, y1 = Camera.following(50, 50, VIEW, 24).visible_tiles()
    assert 40 <= x1 - x0 <= 42 and 30 <= y1 - y0 <= 32


def test_the_camera_says_which_tiles_it_shows_whole() -> None:
    """What the sidebar's "In view" checks (TRU-5): a tile cut by the view's edge is not shown."""
    cam = Camera.following(10, 7, (0, 0, 390, 359), 24)  # a phone held upright: 16 by 15 tiles
    shown = [x for x in range(-10, 30) if cam.shows(x, 7)]
    assert shown == list(range(3, 18)) and all(cam.shows(10, y) for y in range(1, 14))
    assert not cam.shows(10, 0) and not cam.shows(10, 14)
