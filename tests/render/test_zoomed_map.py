"""The zoomed map (``o``, REN-5): a legend whose swatches are the marks on the map, the
sidebar's name for the floor, a hover that says what is under the pointer, readable labels."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.app.play_words import hover_text

import pygame
import pytest

from game.app.zoomed_hover import zoomed_text
from game.map.edges import Edge
from game.map.floor_map import Side
from game.render import palette, text
from game.render import zoom_marks as zm
from game.render.layout import MAP_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.render.zoom_legend import IN_SIGHT, REMEMBERED
from tests.helpers import game_on, play_in_dungeon

if TYPE_CHECKING:
    from game.world.game import Game

# Four rooms: yours (an open and a closed door east), one in sight with the stairs and a
# potion (a locked door east), one remembered, one never seen.
FOUR_ROOMS = """
+-+-+-+-+-+-+-+-+-+-+-+-+
|. . .|. . .|. . .|. . .|
+     +     +     +     +
|. @ .o. > p|. . .|. . .|
+     +     +     +     +
|. . .D. . .L. . .|. . .|
+-+-+-+-+-+-+-+-+-+-+-+-+
"""


def _screen() -> pygame.Surface:
    """A surface the size of the window: the session's display may have been replaced by an App's."""
    return pygame.Surface((1280, 720))


def _zoomed(display: pygame.Surface, game: Game, pointer: tuple[int, int] | None = None) -> PlayView:
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    display.fill((0, 0, 0))
    view.draw_zoomed(display, game, pointer)
    return view


def _four_rooms() -> Game:
    game = game_on(FOUR_ROOMS, {"p": "potion_healing"})
    floor = game.floor
    floor.level.entrance = (0, 0)  # the stairs up, in your room but not under you
    floor.seen_rooms[floor.map.room_at(7, 1)] = True  # remembered, not in sight
    beyond = floor.map.room_at(4, 1)  # in sight through the open door
    floor.visible = sorted({*floor.visible, beyond})
    floor.seen_rooms[beyond] = True
    floor.item_memory[(5, 1)] = "potion_healing"
    return game


def _at(zoom: tuple[float, float, float], x: float, y: float) -> tuple[int, int]:
    ox, oy, tile = zoom
    return round(ox + x * tile), round(oy + y * tile)


def _near(a: pygame.Color | Sequence[int], b: pygame.Color | Sequence[int], slack: int = 0) -> bool:
    return all(abs(int(p) - int(q)) <= slack for p, q in zip(a[:3], b[:3]))


def test_the_title_names_the_floor_as_the_sidebar_does(display) -> None:
    display = _screen()
    game = play_in_dungeon("zoom title", 30)
    view = _zoomed(display, game)
    assert view.zoomed_map.title.startswith(game.place_name + " — ")
    region = game.world.names[game.region]
    assert f"{region}, floor {game.depth}/" in view.zoomed_map.title and "Depth" not in view.zoomed_map.title


def test_every_legend_entry_is_drawn_with_its_words(display) -> None:
    display = _screen()
    game = _four_rooms()
    view = _zoomed(display, game)
    words = [entry for entry, _ in view.zoomed_map.legend]
    for expected in ("You", "Stairs down", "Stairs up", "Closed door", "Open door", "Locked door", "Item seen",
                     "In sight", "Remembered", "Unexplored"):
        assert expected in words
    for entry, swatch in view.zoomed_map.legend:
        assert pygame.Rect(MAP_RECT).contains(swatch)
        glyphs = text.render(entry, zm.LEGEND_TEXT, palette.TEXT)
        left = swatch.right + 6
        top = swatch.top - (zm.LINE - zm.SWATCH) // 2 + (zm.LINE - glyphs.get_height()) // 2  # the row's middle
        inked = [(x, y) for x in range(glyphs.get_width()) for y in range(glyphs.get_height())
                 if glyphs.get_at((x, y)).a == 255]
        assert inked, entry
        found = sum(_near(display.get_at((left + x, top + y)), palette.TEXT) for x, y in inked)
        assert found == len(inked), f"the words {entry!r} are drawn beside their swatch"


def _swatch(view: PlayView, words: str) -> pygame.Rect:
    return dict(view.zoomed_map.legend)[words]


@pytest.mark.parametrize("colour_blind", [False, True])
def test_each_swatch_shows_the_colour_of_its_mark_on_the_map(display, colour_blind) -> None:
    display = _screen()
    palette.use_colour_blind(colour_blind)
    try:
        game = _four_rooms()
        view = _zoomed(display, game)
        zoom = view.zoom
        assert zoom is not None
        floor = game.floor
        things = {  # a legend entry, a point of the map showing it, the colour both show
            "You": ((1.5, 1.5), zm.YOU),
            "Stairs up": ((0.5, 0.5), zm.STAIRS_UP),
            "Stairs down": ((4.5, 1.5), zm.STAIRS_DOWN),
            "Item seen": ((5.5, 1.5), zm.ITEM),
            "Closed door": ((3.0, 2.5), zm.DOOR),
            "Locked door": ((6.0, 2.4), zm.locked_colour()),
        }
        for words, ((x, y), colour) in things.items():
            assert _near(display.get_at(_at(zoom, x, y)), colour), f"{words} on the map"
            swatch = _swatch(view, words)
            pixels = [display.get_at((px, py)) for px in range(swatch.left, swatch.right)
                      for py in range(swatch.top, swatch.bottom)]
            assert sum(_near(p, colour) for p in pixels) >= 6, f"{words} in the legend"
        open_door = _at(zoom, 3.0, 1.5 - 0.45 * min(zoom[2], 20) / zoom[2] * 1.3)  # an end of the open door
        assert any(_near(display.get_at((open_door[0], open_door[1] + dy)), zm.DOOR) for dy in range(-3, 4))
        assert _near(display.get_at(_at(zoom, 3.0, 1.5)), zm.DOOR) is False, "an open door shows its doorway"
        for words, room_tile, colour in (("In sight", (4, 0), IN_SIGHT), ("Remembered", (8, 0), REMEMBERED),
                                         ("Unexplored", (10, 0), palette.BACKGROUND)):
            seen = display.get_at(_at(zoom, room_tile[0] + 0.5, room_tile[1] + 0.5))
            assert _near(seen, colour, 14), f"{words}: {seen} on the map, {colour} in the legend"
            assert _near(display.get_at(_swatch(view, words).center), colour)
        assert floor.item_memory
    finally:
        palette.use_colour_blind(False)


def test_hovering_the_zoomed_map_says_what_is_there(display) -> None:
    display = _screen()
    game = _four_rooms()
    view = _zoomed(display, game)
    zoom = view.zoom
    assert zoomed_text(game, zoom, _at(zoom, 3.0, 2.5)).startswith("A closed door")
    assert zoomed_text(game, zoom, _at(zoom, 3.0, 1.5)).startswith("An open door")
    assert zoomed_text(game, zoom, _at(zoom, 6.02, 2.5)).startswith("A locked door")
    assert zoomed_text(game, zoom, _at(zoom, 4.5, 1.5)) == "Stairs down"
    assert zoomed_text(game, zoom, _at(zoom, 5.5, 1.5)).startswith("Healing potion")
    assert zoomed_text(game, zoom, _at(zoom, 1.5, 1.5)) == "You"
    assert zoomed_text(game, zoom, _at(zoom, 10.5, 1.5)) == "Unknown"
    assert zoomed_text(game, zoom, (zoom[0] - 40, zoom[1] - 40)) == ""


def test_a_door_out_of_sight_hovers_as_it_was_last_seen(display) -> None:
    display = _screen()
    game = _four_rooms()
    floor = game.floor
    floor.visible = [floor.map.room_at(1, 1)]  # the room with the locked door is behind you now
    floor.door_memory[(6, 2, int(Side.W))] = int(Edge.LOCKED_DOOR)
    floor.map.set_edge(6, 2, Side.W, Edge.OPEN_DOOR)  # unlocked out of sight
    view = _zoomed(display, game)
    assert zoomed_text(game, view.zoom, _at(view.zoom, 6.02, 2.5)).startswith("A locked door (remembered)")
    assert _near(display.get_at(_at(view.zoom, 6.0, 2.4)), zm.locked_colour()), "drawn as remembered too"


def test_the_play_screen_shows_the_zoomed_hover_in_the_sidebar(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from tests.helpers import until_playing

    app = App(Options(seed="zoom hover", fps=0))
    play = until_playing(app)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, unicode="o", mod=0))
    app.frame()
    assert play.zoomed and play.view.zoom is not None
    px, py = play.game.player.pos
    ox, oy, tile = play.view.zoom
    pointer = (round(ox + (px + 0.5) * tile), round(oy + (py + 0.5) * tile))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    assert hover_text(play) == zoomed_text(play.game, play.view.zoom, pointer)
    assert hover_text(play).startswith("Dungeon of") or hover_text(play).startswith("You")


def test_labels_stand_on_a_dark_plate_over_sand(display) -> None:
    display = _screen()
    from game.world.game import Game

    game = Game.new("zoom labels")
    view = _zoomed(display, game)
    labels = view.zoomed_map.labels
    assert len(labels) == len(game.world.entrances)
    for words, plate in labels:
        glyphs = text.render(words, zm.LABEL_TEXT, palette.TEXT)
        box = glyphs.get_rect(center=plate.center)
        ink = [display.get_at((box.x + x, box.y + y)) for x in range(glyphs.get_width())
               for y in range(glyphs.get_height()) if glyphs.get_at((x, y)).a == 255]
        ground = [display.get_at((plate.x + x, plate.y + 1)) for x in range(plate.w)]
        assert ink and ground

        def luma(c: pygame.Color) -> float:
            return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]

        darkest_ink = min(luma(c) for c in ink)
        brightest_ground = max(luma(c) for c in ground)
        assert darkest_ink > brightest_ground + 100, f"{words!r}: text {darkest_ink} over {brightest_ground}"


def test_the_island_legend_follows_the_colour_blind_palette(display) -> None:
    display = _screen()
    from game.world.game import Game

    game = Game.new("zoom palette")
    for colour_blind in (False, True):
        palette.use_colour_blind(colour_blind)
        try:
            view = _zoomed(display, game)
            swatch = _swatch(view, "Dungeon entrance")
            assert _near(display.get_at(swatch.center), palette.ENTRANCE)
            x, y = game.world.entrances[game.world.order[-1]]
            ox, oy, unit = view.zoom
            assert _near(display.get_at((round(ox + (x + 0.5) * unit), round(oy + (y + 0.5) * unit))),
                         palette.ENTRANCE)
        finally:
            palette.use_colour_blind(False)


def _two_halls(width: int, height: int, beyond: int) -> str:
    """A hall ``width`` x ``height`` where you stand, and beside it, behind a solid wall, a hall
    ``beyond`` tiles wide you have not seen (the map is larger than what you know)."""
    halls = [(width, "."), (beyond, ".")]
    top = "+" + "-+" * (width + beyond)
    middle = "+" + "+".join(" " * (2 * w - 1) for w, _ in halls) + "+"
    rows = []
    for y in range(height):
        row = "|" + "|".join(" ".join(c * w) for w, c in halls) + "|"
        rows.append(row.replace(".", "@", 1) if y == 0 else row)
    return "\n".join([top, *sum(([r, middle] for r in rows[:-1]), []), rows[-1], top]) + "\n"


def _floor_box(display: pygame.Surface, top: int, bottom: int) -> pygame.Rect:
    """Where the lit floor is drawn on the zoomed map between ``top`` and ``bottom``: the box
    around its pixels."""
    vx, vy, vw, vh = MAP_RECT
    picture = pygame.surfarray.array3d(display.subsurface((vx, top, vw, bottom - top))).astype(int)
    lit = abs(picture - IN_SIGHT).max(axis=2) <= 24
    cols, rows = lit.any(axis=1).nonzero()[0], lit.any(axis=0).nonzero()[0]
    return pygame.Rect(vx + cols.min(), top + rows.min(), cols.max() - cols.min() + 1, rows.max() - rows.min() + 1)


@pytest.mark.parametrize(("width", "height", "beyond"), [(30, 8, 30), (8, 20, 40)])
def test_what_you_know_of_a_floor_fills_the_view(display, width, height, beyond) -> None:
    """A floor mostly unexplored (a derelict deck entered a moment ago) is not a speck in a
    corner: the part you know fills the view's width or height, above the legend."""
    display = _screen()
    game = game_on(_two_halls(width, height, beyond))
    view = _zoomed(display, game)
    vx, vy, vw, vh = MAP_RECT
    legend_top = min(swatch.top for _, swatch in view.zoomed_map.legend) - (zm.LINE - zm.SWATCH) // 2 - 4  # its panel
    box = _floor_box(display, vy + 40, legend_top)
    room = legend_top - (vy + 44)
    assert box.width >= 0.9 * (vw - 40) or box.height >= 0.85 * room, f"the known hall fills the view: {box}"
    assert box.bottom <= legend_top - 4, "the floor ends above the legend, not under it"
    assert view.zoom[2] <= 40, "tiles no larger than the nearest zoom"


@pytest.mark.parametrize(("width", "height"), [(6, 4), (36, 16), (60, 26)])
def test_the_stairs_mark_stays_inside_its_tile(display, width, height) -> None:
    """The stairs down in the top row of a room (as in a trap vault) are marked inside their
    tile, below the wall, whether tiles are drawn small or large."""
    display = _screen()
    game = game_on(_two_halls(width, height, 2))
    game.floor.level.exit = (3, 0)
    pictures = []
    for stairs in (False, True):
        game.floor.level.stairs_down = stairs
        view = _zoomed(display, game)
        pictures.append(pygame.surfarray.array3d(display.subsurface(MAP_RECT)).astype(int))
    changed = (pictures[0] != pictures[1]).any(axis=2)
    xs, ys = changed.nonzero()
    assert len(xs), "the stairs are marked"
    ox, oy, tile = view.zoom
    left, top = ox + 3 * tile, oy + 0 * tile
    assert left + 1 <= xs.min() and xs.max() < left + tile - 1, "within the tile's width"
    assert top + 2 <= ys.min() and ys.max() < top + tile - 1, f"below the top wall ({ys.min()} vs {top})"


@pytest.mark.parametrize("seed", ["7", "zoom labels", "12"])
def test_on_a_phone_the_island_names_keep_clear_of_each_other(display, seed) -> None:
    """A phone's map view is small: a region's name goes under its entrance, else over it or
    beside it, wherever it does not cover another name."""
    from game.render import layout
    from game.world.game import Game

    layout.use(layout.PORTRAIT)
    game = Game.new(seed)
    screen = pygame.Surface(layout.PORTRAIT.size)
    view = PlayView(SpriteBank(TILE), TILE, layout.PORTRAIT.map_rect)
    view.sync(game, 0)
    view.draw_zoomed(screen, game)
    plates = [plate for _, plate in view.zoomed_map.labels]
    assert len(plates) == len(game.world.entrances)
    clashes = [(a, b) for i, a in enumerate(plates) for b in plates[i + 1:] if a.colliderect(b)]
    assert not clashes, clashes


@pytest.mark.parametrize("seed, expected, absent", [
    ("L3", ("Laser", "Beam: burns this turn", "Beam: fires next turn", "Beam: dark"), "Watcher's gaze"),
    ("W4", ("Watcher's gaze",), "Laser"),
])
def test_a_vault_legend_names_its_beams_or_its_watchers_gaze(display, seed, expected, absent) -> None:
    """The gallery's laser (L3) and watcher (W4) vaults: the legend explains the marks drawn on them,
    and each swatch holds the foe colour of the mark it explains."""
    from game.world.game import Game

    display = _screen()
    game = Game.new(seed)
    game.start_on("vault")
    view = _zoomed(display, game)
    words = [entry for entry, _ in view.zoomed_map.legend]
    assert set(expected) <= set(words) and absent not in words
    foe = palette.TONE_COLOURS["bad"]
    dim = tuple(c // 2 + 40 for c in foe)  # a dark beam's dots
    for entry in expected:
        swatch = _swatch(view, entry)
        colour = dim if entry == "Beam: dark" else foe
        assert any(_near(display.get_at((x, y)), colour, 30) for x in range(swatch.left, swatch.right)
                   for y in range(swatch.top, swatch.bottom)), entry
