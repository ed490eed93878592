"""Sight by the tile in play (SPEC VIS-5): what the player sees and
is seen by, what is drawn, and the option kept through settings, saves and replays."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.app.settings import Settings, settings_from_json, settings_to_json
from game.bot.autoplay import Autoplayer
from game.render.camera import Camera
from game.render.layout import TILE
from game.render.sidebar_in_view import in_view
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.run.recording import Recording, RecordingError
from game.run.replay import replay
from game.run.run import Run
from game.run.saves import Saves
from game.storage.memory import MemoryStorage
from game.world.actions import Move, Wait
from game.world.game import Game
from tests.helpers import game_on

L_ROOM = """
+-+-+-+-+-+-+
|@ . . . . .|
+-+-+-+-+ + +
        |. .|
        +   +
        |. .|
        +   +
        |. g|
        +-+-+
"""
"""An L-shaped room: the goblin stands around its corner, out of the player's line of sight."""


def l_room(sight: str):
    game = game_on(L_ROOM, {"g": "goblin"})
    game.sight = sight
    goblin = game.floor.actors[0]
    goblin.state = "idle"
    game.update_visibility()
    return game, goblin


def _tile_pixels(display: pygame.Surface, game, view: PlayView, pos: tuple[int, int]) -> np.ndarray:
    camera: Camera = view.draw(display, game, 10_000)
    x, y = camera.tile_origin(*pos)
    return pygame.surfarray.array3d(display.subsurface((x, y, TILE, TILE))).copy()


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_a_monster_around_the_corner_of_an_l_room_is_seen_only_by_the_room(display, sight) -> None:
    game, goblin = l_room(sight)
    assert game.player_sees(goblin) is (sight == "room")
    assert (goblin in in_view(game)) is (sight == "room")  # the sidebar's list
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    with_goblin = _tile_pixels(display, game, view, goblin.pos)
    goblin.hp = 0  # gone: what the tile looks like without it
    without = _tile_pixels(display, game, view, goblin.pos)
    assert (not np.array_equal(with_goblin, without)) is (sight == "room")


@pytest.mark.parametrize("sight", ["room", "tile"])
def test_a_monster_the_player_cannot_see_does_not_start_hunting_from_sight(sight) -> None:
    game, goblin = l_room(sight)
    game.perform(Wait())  # no noise: only sight can wake its interest
    assert (goblin.state == "hunting") is (sight == "room")


def test_the_players_mask_is_the_monsters_noticing_on_every_tile_of_the_room() -> None:
    game, goblin = l_room("tile")
    mask = game.floor.lit
    for y, x in zip(*np.nonzero(game.floor.map.rooms >= 0)):
        if (int(x), int(y)) == game.player.pos:
            continue
        game.floor.move_actor(goblin, int(x), int(y))
        assert game.player_sees(goblin) == bool(mask[y, x]), (x, y)
    assert mask[0].all() and not mask[1:, :].any()  # the top row only; the leg is around the corner


def test_tiles_seen_stay_remembered_and_are_drawn_dim(display) -> None:
    game, goblin = l_room("tile")
    goblin.hp = 0
    game.floor.remove_actor(goblin)
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    lit_before = _tile_pixels(display, game, view, (2, 0)).astype(int).sum()
    for step in ((1, 0),) * 4 + ((0, 1),) * 3:  # along the top row, then down the leg
        assert not isinstance(game.perform(Move(*step)), type(None))
    view.sync(game, 0)
    assert game.player.pos == (4, 3)
    floor = game.floor
    assert floor.seen_tiles[0].all() and not floor.lit[0, 0]  # the start is out of sight, and remembered
    dim_now = _tile_pixels(display, game, view, (0, 0)).astype(int).sum()
    lit_leg = _tile_pixels(display, game, view, (5, 2)).astype(int).sum()
    assert 0 < dim_now < 0.8 * lit_before and lit_leg > dim_now
    unknown = game_on(L_ROOM)
    unknown.sight = "tile"
    unknown.update_visibility()
    assert not unknown.floor.seen_tiles[3, 5]


def test_the_sight_option_reads_and_writes_strictly() -> None:
    assert settings_from_json(settings_to_json(Settings(sight="tile"))).sight == "tile"
    assert Settings().sight == "room" and settings_from_json("{}").sight == "room"
    for bad in ('"wall"', "1", "true", "null"):
        with pytest.raises(ValueError, match="sight should be"):
            settings_from_json(f'{{"sight": {bad}}}')


def _played(sight: str, turns: int = 120) -> Run:
    run, bot = Run.new("sight-play", "dungeon", sight=sight), Autoplayer()
    while run.game.turn < turns and not run.over:
        bot.record(run.game, run.perform(bot.next_action(run.game)))
    return run


def test_a_tile_sight_run_is_saved_continued_and_replayed_as_it_was() -> None:
    run = _played("tile")
    game = run.game
    assert game.sight == "tile" and game.floor.seen_tiles is not None
    saves = Saves(MemoryStorage())
    saves.save(run, None, new_run=True)
    loaded = saves.load().run
    assert loaded.game.sight == "tile" and loaded.recording.sight == "tile"
    assert loaded.game.digest() == game.digest()
    assert np.array_equal(loaded.game.floor.lit, game.floor.lit)
    for key, floor in game.floors.items():  # what was seen is remembered, floor by floor
        kept = loaded.game.floors[key].seen_tiles
        assert (kept is None) == (floor.seen_tiles is None) and (kept is None or np.array_equal(kept, floor.seen_tiles))
    assert game.floors["overworld"].seen_tiles.sum() > 0 and kept is not None and kept.sum() > 0
    for _ in range(5):  # the continued run plays on as the first would have
        loaded.perform(Wait())
        run.perform(Wait())
    assert loaded.game.digest() == run.game.digest()
    recording = Recording.from_json(run.recording_now().to_json())
    assert recording.sight == "tile"
    report = replay(recording)
    assert report.ok, report.problem
    assert report.digest == run.game.digest()


def test_room_sight_saves_and_recordings_carry_no_sight_and_old_ones_read_as_room() -> None:
    run = _played("room", 40)
    assert "sight" not in run.game.to_dict() and "sight" not in run.recording.to_dict()
    assert all("seen_tiles" not in floor for floor in run.game.to_dict()["floors"].values())
    assert Game.from_dict(run.game.to_dict()).sight == "room"
    data = run.recording_now().to_dict()
    assert Recording.from_dict(data).sight == "room"
    with pytest.raises(RecordingError, match="sight"):
        Recording.from_dict({**data, "sight": "wall"})
    assert replay(Recording.from_dict(data)).ok


def test_the_two_sights_play_differently_from_the_same_seed() -> None:
    assert _played("tile", 60).game.digest() != _played("room", 60).game.digest()


def test_unexplored_island_land_stays_dark_until_seen(display) -> None:
    game = Game.new("sight-island", sight="tile")
    floor = game.floor
    assert game.on_overworld and floor.lit is not None
    assert floor.lit.sum() < floor.lit.size // 10 and floor.seen_tiles.sum() == floor.lit.sum()
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    camera = view.draw(display, game, 10_000)
    x0, y0, x1, y1 = camera.visible_tiles()
    height, width = floor.seen_tiles.shape
    dark = [(x, y) for y in range(max(0, y0), min(height, y1)) for x in range(max(0, x0), min(width, x1))
            if not floor.seen_tiles[y, x] and game.floor.level.terrain[y, x] >= 2]
    assert dark, "some land in view is not seen yet"
    vx, vy, vw, vh = view.view
    for x, y in dark[:: max(1, len(dark) // 20)]:
        sx, sy = camera.tile_origin(x, y)
        if vx <= sx and sx + TILE <= vx + vw and vy <= sy and sy + TILE <= vy + vh:
            pixels = pygame.surfarray.array3d(display.subsurface((sx, sy, TILE, TILE))).astype(int)
            assert pixels.max() < 40, (x, y)  # dark, not the land's colour
    room = Game.new("sight-island")
    assert room.floor.lit is None and room.floor.seen_tiles is None  # by the room: daylight, all of it


def test_trap_vaults_keep_room_rules_by_the_tile() -> None:
    run = Run.new("sight-vault", "vault", sight="tile")
    floor = run.game.floor
    assert floor.level.vault is not None
    assert floor.lit is None and floor.seen_tiles is None  # the whole hall in sight, as by the room
    room = Run.new("sight-vault", "vault").game
    assert floor.visible == room.floor.visible
    assert run.game.to_dict()["floors"][run.game.floor_key] == room.to_dict()["floors"][room.floor_key]


def test_the_options_screen_flips_sight_with_left_right_and_enter_and_shows_it(display) -> None:
    from game.app.options_screen import ROWS, OptionsState
    from game.app.state import State
    from tests.app.test_options_screen import StandIn, press, select

    app = StandIn()
    options = OptionsState(app, State(app))  # type: ignore[arg-type]
    select(options, "sight")
    row = [name for name, _ in ROWS].index("sight")

    def value_pixels() -> np.ndarray:
        options.draw(display, 0.0)
        rect = options.rects[row]
        return pygame.surfarray.array3d(display.subsurface(rect.inflate(0, -4))).copy()

    room = value_pixels()
    press(options, pygame.K_RIGHT)
    assert app.settings == Settings(sight="tile")
    tile = value_pixels()
    assert not np.array_equal(room, tile), "the row shows the new value"
    press(options, pygame.K_LEFT)
    assert app.settings.sight == "room"
    press(options, pygame.K_RETURN)
    assert app.settings.sight == "tile" and [s.sight for s in app.changes] == ["tile", "room", "tile"]
    assert np.array_equal(value_pixels(), tile)


def test_a_new_run_takes_the_option_and_a_continued_one_keeps_its_own(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.run_steps import continue_steps, new_run_steps
    from game.progress import finish

    app = App(Options(fps=0))
    app.change_settings(Settings(sight="tile"))
    play = finish(new_run_steps(app, "sight-app", autoplay=False, daily=None))
    assert play.game.sight == "tile" and app.run.recording.sight == "tile"
    app.saves.save(app.run, None, new_run=True)
    app.change_settings(Settings(sight="room"))  # the option changes; the saved run does not
    again = finish(continue_steps(app))
    assert again.game.sight == "tile"
    fresh = finish(new_run_steps(app, "sight-app", autoplay=False, daily=None))
    assert fresh.game.sight == "room"


def test_an_entrance_on_unexplored_island_land_is_not_drawn_until_seen(display) -> None:
    """By the tile, another region's dungeon entrance and its name stay hidden on land not seen yet."""
    from game.render.fixtures import draw_entrances

    game = Game.new("sight-island", sight="tile")
    sprites = SpriteBank(TILE)
    region = next(r for r, (x, y) in enumerate(game.world.entrances) if not game.floor.seen_tiles[y, x])
    ex, ey = game.world.entrances[region]
    camera = Camera.following(ex, ey, (0, 0, 960, 720), TILE)

    def drawn() -> int:
        surface = pygame.Surface((960, 720))
        draw_entrances(surface, game, camera, camera.visible_tiles(), sprites, TILE, 0)
        return int(pygame.surfarray.array3d(surface).any(axis=2).sum())

    hidden = drawn()
    game.floor.seen_tiles[ey, ex] = True
    assert hidden < drawn() and drawn() > TILE * TILE // 4, "seen, its marker and name are drawn"


PILLAR_HALL = """
+-+-+-+-+-+-+-+-+-+-+
|@ . . . . . . . . .|
+                   +
|. . . . . . . . . .|
+     +-+           +
|. . .|.|. . . . . .|
+     +-+           +
|. . . . . . . . . .|
+                   +
|. . . . . . . . . .|
+-+-+-+-+-+-+-+-+-+-+
"""
"""A hall with a walled pillar of one tile: from a corner, its shadow stays unseen."""


def _zoomed_tiles(game) -> dict[tuple[int, int], np.ndarray]:
    """The zoomed map (``o``) drawn; each floor tile's colour at its centre there."""
    surface = pygame.Surface((1280, 720))
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    view.draw_zoomed(surface, game)
    ox, oy, tile = view.zoom
    assert tile >= 8, "tiles large enough to tell their centres apart"
    picture = pygame.surfarray.array3d(surface)
    ys, xs = np.nonzero(game.floor.map.rooms >= 0)
    return {(int(x), int(y)): picture[int(ox + (x + 0.5) * tile), int(oy + (y + 0.5) * tile)].astype(int)
            for x, y in zip(xs, ys)}


@pytest.mark.parametrize("sight", ["tile", "room"])
def test_the_zoomed_map_shows_the_tiles_seen_by_the_tile_not_whole_rooms(display, sight) -> None:
    from game.render import palette

    game = game_on(PILLAR_HALL)
    game.sight = sight
    game.update_visibility()
    hall = game.floor.map.rooms == game.floor.map.room_at(0, 0)
    dark = np.array(palette.BACKGROUND)

    def is_dark(colour: np.ndarray) -> bool:
        return int(abs(colour - dark).max()) <= 12

    colours = _zoomed_tiles(game)
    shadow = [(4, 2), (4, 3), (6, 3), (9, 4)]  # behind the pillar, seen from the corner
    assert all(hall[y, x] for x, y in shadow)
    if sight == "room":  # the whole hall is in sight, shadow and all
        assert not any(is_dark(colours[p]) for p in shadow)
        return
    floor = game.floor
    assert not any(floor.seen_tiles[y, x] for x, y in shadow)
    for (x, y), colour in colours.items():
        assert is_dark(colour) is (not floor.seen_tiles[y, x]), ((x, y), colour.tolist())
    for _ in range(4):  # down to the other corner: the far end of the top row goes out of sight
        game.perform(Move(0, 1))
    assert game.player.pos == (0, 4)
    colours = _zoomed_tiles(game)
    remembered = [(x, y) for (x, y) in colours if floor.seen_tiles[y, x] and not floor.lit[y, x]]
    lit = [(x, y) for (x, y) in colours if floor.lit[y, x] and hall[y, x]]
    assert (9, 0) in remembered and (4, 2) not in remembered and not floor.seen_tiles[2, 4]
    for (x, y), colour in colours.items():
        assert is_dark(colour) is (not floor.seen_tiles[y, x]), ((x, y), colour.tolist())
    mean = lambda tiles: np.mean([colours[p].sum() for p in tiles])  # noqa: E731
    assert mean(remembered) < 0.8 * mean(lit), "remembered tiles are dim, tiles in sight lit"


def test_the_next_dungeon_is_known_before_its_land_is_seen_and_the_later_ones_are_not(display) -> None:
    """By the tile, ``>`` on the island walks to the next region's dungeon across land not seen
    yet: the game shows where it leads (drawn, named on the zoomed map, described on hover),
    while later regions' entrances stay unknown until seen or until their turn comes."""
    from game.app.describe import tile_text
    from game.app.walking import Walk
    from game.render.fixtures import draw_entrances
    from game.world.tile_sight import entrance_known

    game = Game.new("sight-island", sight="tile")
    world, floor = game.world, game.floor
    for resident in list(floor.actors):  # (a wolf by the way would stop the walk: TER-8)
        floor.remove_actor(resident)
    first, second, third = world.order[:3]
    world.defeated[first] = True  # its Warden has fallen: back on the island at its dungeon
    world.apply_gates(floor.map)
    floor.door_version += 1
    game.player.x, game.player.y = world.entrances[first]
    game.update_visibility()
    (sx, sy), (tx, ty) = world.entrances[second], world.entrances[third]
    assert not floor.seen_tiles[sy, sx] and not floor.seen_tiles[ty, tx], "both on land not seen yet"
    assert entrance_known(game, second) and not entrance_known(game, third)
    sprites = SpriteBank(TILE)

    def marker(x: int, y: int) -> int:
        """Pixels drawn on the entrance's own tile, the camera on it."""
        camera = Camera.following(x, y, (0, 0, 960, 720), TILE)
        surface = pygame.Surface((960, 720))
        draw_entrances(surface, game, camera, camera.visible_tiles(), sprites, TILE, 0)
        ox, oy = camera.tile_origin(x, y)
        return int(pygame.surfarray.array3d(surface.subsurface((ox, oy, TILE, TILE))).any(axis=2).sum())

    assert marker(sx, sy) > TILE * TILE // 4 and marker(tx, ty) == 0
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    view.draw_zoomed(pygame.Surface((1280, 720)), game)
    named = " ".join(words for words, _ in view.zoomed_map.labels)
    assert world.names[second] in named and world.names[third] not in named
    theme = world.theme(second)
    assert theme is not None
    assert tile_text(game, (sx, sy)) == f"Dungeon of {world.title(second)} (open; beware {theme.signature})"
    assert tile_text(game, (tx, ty)) == "Unknown"

    walk = Walk.to_stairs(game, down=True)  # `>`
    assert isinstance(walk, Walk) and walk.route[-1] == (sx, sy)
    for _ in range(1000):
        action, _said = walk.next_action(game)
        if action is None:
            break
        game.perform(action)
        walk.after(game, game.player.pos)
    assert game.player.pos == (sx, sy) and floor.seen_tiles[sy, sx], "walked there, and now it is seen"

    world.defeated[second] = True  # the third region's turn: its entrance is known too
    assert entrance_known(game, third) and marker(tx, ty) > TILE * TILE // 4
    room = Game.new("sight-island")  # by the room the island lies open in daylight: all known
    assert all(entrance_known(room, r) for r in range(room.world.regions))
