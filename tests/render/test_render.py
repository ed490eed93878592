"""What the play screen shows: centred player, lit and remembered rooms, walls, doors, HUD."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame
import pytest

from game.world.actions import Move, Wait
from game.bot.autoplay import Autoplayer
from tests.helpers import play_in_dungeon
from game.world.game import Game
from game.render import glyph_layout, palette, text
from game.render.floor_layer import FloorLayer
from game.render.hud import Hud
from game.render.layout import MAP_RECT, SIDEBAR_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.map.edges import Edge
from game.map.floor_map import Side

if TYPE_CHECKING:
    from pygame.typing import Point, RectLike

CENTRE_TILE = (MAP_RECT[2] // 2 - TILE // 2, MAP_RECT[3] // 2 - TILE // 2)


def _view_of(game, display):
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    view.draw(display, game, 10_000)
    return view


def _luma(colour) -> float:
    return 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2]


def test_player_is_drawn_in_the_middle_of_the_map_view(display) -> None:
    game = play_in_dungeon("render", 60)
    _view_of(game, display)
    region = pygame.surfarray.array3d(display.subsurface((*CENTRE_TILE, TILE, TILE))).reshape(-1, 3).astype(int)
    near_player_colour = np.abs(region - np.array([236, 232, 214])).sum(axis=1) < 40
    assert near_player_colour.sum() >= 15


def test_player_stays_centred_while_sliding(display) -> None:
    game = play_in_dungeon("slide", 30)
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    moves = 0
    for i, (dx, dy) in enumerate(((1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1))):
        if not game.floor.map.can_step(*game.player.pos, dx, dy):
            continue
        t0 = 1000 * (i + 1)
        game.perform(Move(dx, dy))
        view.sync(game, t0)
        for now in (t0, t0 + 30, t0 + 60, t0 + 100, t0 + 300):
            camera = view.camera(game, now)
            drawn = view.motion.position(game.player.eid, now)
            assert camera.world_to_screen(*drawn) == CENTRE_TILE
        start, middle = view.motion.position(game.player.eid, t0), view.motion.position(game.player.eid, t0 + 50)
        assert view.motion.position(game.player.eid, t0 + 100) == game.player.pos
        assert start != middle != game.player.pos, "the sprite slides over ~100 ms"
        moves += 1
    assert moves >= 3


def test_visible_rooms_are_lit_remembered_rooms_dim_unknown_rooms_dark(display) -> None:
    game = play_in_dungeon("memory", 300)
    floor = game.floor
    layer = FloorLayer(floor.map, TILE)
    layer.update(floor.seen_rooms, floor.visible)

    def colour_of_room(room: int):
        ys, xs = np.nonzero(floor.map.rooms == room)
        x, y = int(xs[len(xs) // 2]), int(ys[len(ys) // 2])
        return layer.composed.get_at((x * TILE + TILE // 2, y * TILE + TILE // 2))[:3]

    visible = floor.visible[0]
    remembered = next(r for r in range(floor.map.room_count) if floor.seen_rooms[r] and r not in floor.visible)
    unknown = next(r for r in range(floor.map.room_count) if not floor.seen_rooms[r])
    assert _luma(colour_of_room(visible)) > 1.5 * _luma(colour_of_room(remembered)) > 0
    assert tuple(colour_of_room(unknown)) == palette.BACKGROUND


def test_thin_walls_are_drawn_on_the_edges_of_rooms(display) -> None:
    game = play_in_dungeon("walls", 5)
    floor = game.floor
    layer = FloorLayer(floor.map, TILE)
    everything = list(range(floor.map.room_count))
    layer.update(np.ones(floor.map.room_count, dtype=bool), everything)
    ys, xs = np.nonzero((floor.map.north[1:-1, :-1] == Edge.WALL) & (floor.map.rooms[1:, :] >= 0))
    x, y = int(xs[0]), int(ys[0]) + 1  # a wall on the north edge of tile (x, y)
    wall_pixel = layer.composed.get_at((x * TILE + TILE // 2, y * TILE))[:3]
    middle_pixel = layer.composed.get_at((x * TILE + TILE // 2, y * TILE + TILE // 2))[:3]
    assert tuple(wall_pixel) == palette.WALL
    assert _luma(middle_pixel) < _luma(wall_pixel) - 60, "floor inside the tile, wall on its edge"


def test_doors_are_drawn_on_their_edge(display) -> None:
    game = Game.in_dungeon("doors")
    floor = game.floor
    visible_doors = [d for d in floor.map.door_edges()
                     if set(floor.map.rooms_across(d[0], d[1], d[2])) & set(floor.visible)]
    assert visible_doors, "the start room has a door"
    for x, y, side, _ in visible_doors:
        floor.map.set_edge(x, y, side, Edge.DOOR)
    game.note_door_changed()
    view = _view_of(game, display)
    camera = view.camera(game, 10_000)
    for x, y, side, _ in visible_doors:
        ox, oy = camera.tile_origin(x, y)
        cx, cy = (ox + TILE // 2, oy) if side == Side.N else (ox, oy + TILE // 2)
        window = pygame.surfarray.array3d(display.subsurface((cx - 3, cy - 3, 6, 6))).reshape(-1, 3).mean(axis=0)
        r, g, b = window
        assert r > g > b and r > 100, f"door wood around the midpoint of edge {(x, y, side)}, got {window}"


@pytest.fixture
def surfaces_made(monkeypatch) -> list[tuple[str, tuple[int, int]]]:
    """Every surface made while the test runs, as (how, size): ``pygame.Surface(...)`` and a
    surface's ``copy``, ``subsurface``, ``convert`` and ``convert_alpha``, every ``pygame.transform``
    function that returns a new surface, and text drawn with a font."""
    made: list[tuple[str, tuple[int, int]]] = []
    base = pygame.Surface

    def noted(how: str, surface: pygame.Surface) -> pygame.Surface:
        made.append((how, surface.get_size()))
        return surface

    class CountedSurface(base):  # its copies and subsurfaces are CountedSurfaces too
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            noted("Surface", self)

        def copy(self) -> pygame.Surface:
            return noted("copy", super().copy())

        def subsurface(self, *args: Any) -> pygame.Surface:
            return noted("subsurface", super().subsurface(*args))

        def convert(self, *args: Any) -> pygame.Surface:
            return noted("convert", super().convert(*args))

        def convert_alpha(self, *args: Any) -> pygame.Surface:
            return noted("convert_alpha", super().convert_alpha(*args))

    def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            result = function(*args, **kwargs)
            if isinstance(result, base) and not any(result is arg for arg in (*args, *kwargs.values())):
                noted(name, result)  # (not when it drew into a surface it was given)
            return result
        return call

    class CountedFont(pygame.font.Font):
        def render(self, *args: Any, **kwargs: Any) -> pygame.Surface:
            return noted("font.render", super().render(*args, **kwargs))

    monkeypatch.setattr(pygame, "Surface", CountedSurface)
    for name in dir(pygame.transform):
        if not name.startswith("_") and callable(getattr(pygame.transform, name)):
            monkeypatch.setattr(pygame.transform, name, counted(f"transform.{name}", getattr(pygame.transform, name)))
    monkeypatch.setattr(pygame.font, "Font", CountedFont)
    monkeypatch.setattr(glyph_layout, "_FONTS", {})  # fonts made again, as CountedFonts
    return made


def test_static_map_is_drawn_once_per_floor_not_per_frame(display, monkeypatch, surfaces_made) -> None:
    layers: list[int] = []
    original = FloorLayer.__init__
    monkeypatch.setattr(FloorLayer, "__init__", lambda self, *a, **k: (layers.append(1), original(self, *a, **k))[1])
    game = play_in_dungeon("frames", 20)
    view = PlayView(SpriteBank(TILE))
    screen = pygame.Surface(display.get_size(), 0, display)  # counted: so are copies of what is drawn
    now = 0.0

    def frames(count: int, step_every: int = 0) -> None:
        nonlocal now
        bot = Autoplayer()
        for frame in range(count):
            if step_every and frame % step_every == 0:
                game.perform(bot.next_action(game))
            view.sync(game, now)
            view.draw(screen, game, now)
            now += 16.0

    frames(10)  # the first frames draw the floor's static layer and the sprites
    key, start = game.floor_key, game.turn
    view_area = MAP_RECT[2] * MAP_RECT[3]
    assert layers == [1] and any(w * h >= view_area for _, (w, h) in surfaces_made), \
        "the floor's layer is one surface at least as large as the map view"
    surfaces_made.clear()
    frames(60)
    assert surfaces_made == [], "an idle frame makes no surface"
    frames(300, step_every=6)  # walking: the camera, monsters and visibility move
    assert game.floor_key == key and game.turn >= start + 40 and game.player.alive, "walked 50 steps on one floor"
    assert not [made for made in surfaces_made if made[1][0] * made[1][1] >= view_area // 10], \
        "a walking frame makes no surface a tenth of the map view or larger"
    assert len(surfaces_made) <= 300 // 10, f"a few new sprites or words while walking, not one a frame: {surfaces_made}"
    assert layers == [1], "the static layer is drawn once per floor"
    game.enter_dungeon(game.region, game.depth + 1)
    frames(10)
    assert layers == [1, 1], "and once again on the next floor"


def test_hud_shows_health_depth_seed_and_the_log(display, monkeypatch) -> None:
    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda s, size, colour: (shown.append(s), original(s, size, colour))[1])
    game = Game.in_dungeon("hud")
    game.log.add("A test message.", "bad", game.turn)
    Hud(SIDEBAR_RECT, SpriteBank(TILE)).draw(display, game)
    region = game.world.names[game.region]
    assert f"{region}, floor 1/2" in shown and f"Seed {game.seed_text}" in shown
    assert "Wardens fallen 0 / 5" in shown
    assert f"Health {game.player.hp} / {game.player.max_hp}" in shown
    assert "INVENTORY" in shown and "dagger" in shown and "healing potion" in shown
    assert any("A test message." in s for s in shown)


def test_the_hud_is_redrawn_only_when_what_it_shows_changes(display, monkeypatch) -> None:
    game = Game.in_dungeon("hud cache")
    hud = Hud(SIDEBAR_RECT, SpriteBank(TILE))
    redraws: list[int] = []
    original = Hud._redraw
    monkeypatch.setattr(Hud, "_redraw", lambda self, *a: (redraws.append(game.turn), original(self, *a))[1])
    for _ in range(3):
        hud.draw(display, game)
    assert len(redraws) == 1, "a still sidebar is drawn once and then only blitted"
    before = pygame.surfarray.array3d(display.subsurface(SIDEBAR_RECT)).copy()
    game.perform(Wait())
    hud.draw(display, game)
    assert len(redraws) == 2, "a turn passing redraws it"
    assert (pygame.surfarray.array3d(display.subsurface(SIDEBAR_RECT)) != before).any(), "and the turn shows"
    hud.draw(display, game, hover_text="a goblin")
    hud.draw(display, game, hover_text="a goblin")
    assert len(redraws) == 3, "so does what the pointer is over, once"


def test_zoom_view_fits_the_whole_floor(display) -> None:
    """The zoomed map shows all the player knows of the floor (the rooms seen), unstretched."""
    from game.render.zoomed_map import known_extent

    game = play_in_dungeon("zoom", 100)
    view = _view_of(game, display)
    view.draw_zoomed(display, game)
    assert view.zoomed_map.picture is not None
    w, h = view.zoomed_map.picture.get_size()
    assert w <= MAP_RECT[2] and h <= MAP_RECT[3]
    x0, y0, x1, y1 = known_extent(game.floor, game.player.pos)
    assert abs(w / h - (x1 - x0) / (y1 - y0)) < 0.05


class BlitLog(pygame.Surface):
    """A screen that remembers what was blitted where, in order."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.drawn: list[tuple[int, tuple[int, int]]] = []

    def blit(self, source: pygame.Surface, dest: Point | RectLike, *args: Any, **kwargs: Any) -> pygame.Rect:
        self.drawn.append((id(source), tuple(dest[:2])))
        return super().blit(source, dest, *args, **kwargs)


TWO_ROOMS = """
+-+-+-+-+-+-+-+
|. . .|. . . .|
+     +       +
|. . @D. . > .|
+-+-+-+-+-+-+-+
"""


def test_stairs_are_drawn_under_a_monster_and_stay_on_the_map_when_remembered(display) -> None:
    """REN-2: items under monsters under the player, in fixed layers; nothing hides remembered stairs."""
    from tests.helpers import game_on

    game = game_on(TWO_ROOMS, {})
    floor = game.floor
    exit_ = floor.level.exit
    game.spawn_monster("skeleton", *exit_)
    sprites = SpriteBank(TILE)
    view = PlayView(sprites)

    def draws_at(screen: BlitLog, tile: tuple[int, int]) -> list[int]:
        camera = view.camera(game, 10_000)
        origin = tuple(int(v) for v in camera.tile_origin(*tile))
        return [source for source, dest in screen.drawn if tuple(int(v) for v in dest) == origin]

    floor.seen_rooms[floor.map.rooms[exit_[1], exit_[0]]] = True  # seen before, not in sight now
    view.sync(game, 0)
    screen = BlitLog(display.get_size())
    view.draw(screen, game, 10_000)
    assert draws_at(screen, exit_) == [id(sprites.dim("stairs_down"))], "remembered stairs, dim, no monster"

    game.floor.map.set_edge(3, 1, Side.W, Edge.OPEN_DOOR)  # the door beside the player opens
    game.note_door_changed()
    game.update_visibility()
    view.sync(game, 0)
    screen = BlitLog(display.get_size())
    view.draw(screen, game, 10_000)
    drawn = draws_at(screen, exit_)
    assert drawn[0] == id(sprites.get("stairs_down")), "the stairs first"
    assert drawn[-1] == id(sprites.get("skeleton")), "the monster on top of them"


def test_small_text_is_even_and_never_crashes_on_odd_strings(display) -> None:
    """Small text is drawn at twice the size and scaled down (the font's hinting spaces small
    letters unevenly); a string too thin to scale is drawn as it is."""
    from game.render import text

    for size in (12, 14, 16, 18, 20, 22):
        for words in ("", " ", "-", "|", ".", "i", "—", "🐉", "x" * 500, "Wardens fallen 0 / 5"):
            picture = text.render(words, size, (200, 200, 200))
            assert picture.get_height() > 0
            if words.strip():
                assert abs(picture.get_width() - text.width_of(words, size)) <= 1, (words, size)


def test_a_door_opening_is_drawn_at_once_though_door_pictures_are_kept(display) -> None:
    game = Game.in_dungeon("doors")
    floor = game.floor
    x, y, side, _ = next(d for d in floor.map.door_edges()
                         if set(floor.map.rooms_across(d[0], d[1], d[2])) & set(floor.visible))
    floor.map.set_edge(x, y, side, Edge.DOOR)
    game.note_door_changed()
    view = _view_of(game, display)
    camera = view.camera(game, 10_000)
    ox, oy = camera.tile_origin(x, y)
    spot = (ox - 6, oy - 6, TILE + 12, TILE + 12)
    shut = pygame.surfarray.array3d(display.subsurface(spot)).copy()
    listed = view.doors._list
    view.draw(display, game, 10_016)
    assert (pygame.surfarray.array3d(display.subsurface(spot)) == shut).all(), "the same frame twice"
    assert view.doors._list is listed, "the second frame blits the doors listed for the first"
    floor.map.set_edge(x, y, side, Edge.OPEN_DOOR)
    game.note_door_changed()
    view.sync(game, 10_032)
    view.draw(display, game, 10_032)
    assert (pygame.surfarray.array3d(display.subsurface(spot)) != shut).any(), "the open door is drawn"


def test_only_the_view_outside_the_floor_picture_is_filled() -> None:
    from game.render.surfaces import bands_around

    view = pygame.Rect(0, 0, 960, 720)
    for inner in (pygame.Rect(-500, -300, 1920, 1200), pygame.Rect(300, -50, 1920, 600), pygame.Rect(100, 80, 200, 100),
                  pygame.Rect(2000, 0, 10, 10)):
        bands = bands_around(view, inner)
        covered = inner.clip(view)
        assert all(not band.colliderect(covered) and view.contains(band) for band in bands)
        assert sum(b.w * b.h for b in bands) + covered.w * covered.h == view.w * view.h
        assert not any(a.colliderect(b) for i, a in enumerate(bands) for b in bands[i + 1:])


@pytest.mark.parametrize("kind", ["dungeon", "vault", "ship"])
def test_rooms_drawn_as_they_are_seen_give_the_whole_floors_picture(display, kind) -> None:
    """A floor's rooms are drawn the first time they are seen (a floor change no longer draws
    the whole floor): in any order, the picture is the one drawing them all at once gives."""
    game = Game.new("rooms-one-by-one")
    game.start_on(kind)
    floor = game.floor
    count = floor.map.room_count
    at_once, one_by_one = FloorLayer(floor.map, TILE, 3), FloorLayer(floor.map, TILE, 3)
    at_once.update(np.ones(count, dtype=bool), list(range(count)))
    seen = np.zeros(count, dtype=bool)
    for room in np.random.default_rng(5).permutation(count).tolist():
        seen[room] = True
        one_by_one.update(seen, [room])
        assert one_by_one.drawn.sum() == seen.sum(), "only the rooms seen are drawn"
    one_by_one.update(seen, list(range(count)))
    assert (pygame.surfarray.array3d(at_once.composed) == pygame.surfarray.array3d(one_by_one.composed)).all()


def test_entering_a_floor_draws_only_the_rooms_in_sight(display) -> None:
    game = Game.in_dungeon("first-sight")
    layer = FloorLayer(game.floor.map, TILE)
    layer.update(game.floor.seen_rooms, game.floor.visible)
    assert 0 < layer.drawn.sum() == game.floor.seen_rooms.sum() < game.floor.map.room_count
