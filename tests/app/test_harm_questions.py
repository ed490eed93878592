"""Harm without a question (SPEC UI-7): a step certain to hurt asks first, by key, click or tap,
and no spends nothing; a walk stops before such a step instead of asking."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.app import App
from game.app.options import Options
from game.app.question import Question
from game.app.walking import Walk
from game.tools.gallery.floors import HALL, put_on_screen
from game.world.harm import step_harm
from tests.helpers import game_on, menu
from tests.world.test_ships import deck_game

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.game import Game


def _beside_a_bug(app: App) -> PlayState:
    """The gallery's hall, an alien bug that stays put on the tile east of the player."""
    game = game_on(HALL)
    bug = game.spawn_monster("alien_bug", 1, 0)
    bug.route = [(1, 0)]
    game.update_visibility()
    play = put_on_screen(app, game)
    app.frame()
    return play


def _key(app: App, key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0))
    app.frame()


def _click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.frame()


def _tile_centre(play: PlayState, tile: tuple[int, int]) -> tuple[int, int]:
    x, y = play.camera.world_to_screen(tile[0] + 0.5, tile[1] + 0.5)
    return int(x), int(y)


def test_walking_into_a_bug_asks_and_no_costs_nothing(display, tmp_path) -> None:
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    play = _beside_a_bug(app)
    game = play.game
    hp, turn = game.player.hp, game.turn
    for no in ((pygame.K_n, "n"), (pygame.K_ESCAPE, "")):
        _key(app, pygame.K_RIGHT)
        assert isinstance(menu(app), Question), "the step into the bug asks first"
        assert menu(app).title.startswith("The alien bug will sting you for 4 to 7")
        assert menu(app).title.endswith("Attack it anyway?")
        assert (game.player.hp, game.turn) == (hp, turn), "nothing happens while it asks"
        app.frame()
        for tile in ((0, 0), (1, 0)):  # beside the bug, covering neither it nor you
            ox, oy = play.camera.tile_origin(*tile)
            assert not menu(app).box.colliderect((ox, oy, play.camera.tile, play.camera.tile))
        _key(app, *no)
        assert menu(app) is None and (game.player.hp, game.turn) == (hp, turn), f"{no[1] or 'Esc'}: no turn spent"
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_y, "y")  # the vi keys' north-west, pressed again: no
    assert menu(app) is None and (game.player.hp, game.turn) == (hp, turn), "y is a step, not a yes"
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_1, "1")
    assert menu(app) is None and game.player.hp < hp and game.turn == turn + 1, "yes: it stings"


def test_a_click_on_the_bug_asks_the_same_and_its_row_answers(display, tmp_path) -> None:
    app = App(Options(fps=0, save_dir=str(tmp_path)))
    play = _beside_a_bug(app)
    game = play.game
    hp = game.player.hp
    _click(app, _tile_centre(play, (1, 0)))
    assert isinstance(menu(app), Question) and game.player.hp == hp
    _click(app, _tile_centre(play, (5, 1)))  # anywhere but its rows: no, and the click does nothing else
    assert menu(app) is None and game.player.hp == hp and game.player.pos == (0, 0) and play.walk is None
    _click(app, _tile_centre(play, (1, 0)))
    app.frame()  # drawn: its rows are where the last frame put them
    _click(app, menu(app).rects[0].center)
    assert game.player.hp < hp, "the first row attacks it anyway"


def test_on_a_phone_a_tap_on_the_bug_asks_over_the_sidebar(display, tmp_path) -> None:
    from game.render.layout import current
    from tests.app.test_touch import tap

    app = App(Options(fps=0, save_dir=str(tmp_path), layout="portrait"))
    play = _beside_a_bug(app)
    game = play.game
    hp = game.player.hp
    tap(app, _tile_centre(play, (1, 0)))
    assert isinstance(menu(app), Question) and game.player.hp == hp
    assert pygame.Rect(current().sidebar_rect).contains(menu(app).box), "over the sidebar, not over the map"
    assert all(row.height >= current().tap for row in menu(app).rects), "rows a finger high"
    tap(app, menu(app).rects[1].center)
    assert menu(app) is None and game.player.hp == hp, "No"
    tap(app, _tile_centre(play, (1, 0)))
    tap(app, menu(app).rects[0].center)
    assert game.player.hp < hp


def test_a_walk_stops_before_the_bug_rather_than_bump_it() -> None:
    game = game_on(HALL)
    bug = game.spawn_monster("alien_bug", 3, 0)
    bug.route = [(3, 0)]
    game.update_visibility()
    game.player.x = 2
    walk = Walk(game, "walk", [(3, 0), (4, 0)], fights=True)  # "explore fights what blocks it"
    action, why = walk.next_action(game)
    assert action is None and "will sting you" in why and why.endswith("You stop.")


def test_stepping_from_air_into_vacuum_asks_and_a_walk_stops_at_its_edge() -> None:
    game = deck_game()
    west = game.floor.map.room_at(0, 0)
    game.player.x, game.player.y = 4, 0  # east of the open door to the west compartment
    game.update_visibility()
    assert step_harm(game, -1, 0) is None, "air on both sides"
    game.floor.ship_state.air[west] = 0
    harm = step_harm(game, -1, 0)
    assert harm is not None and "no air" in harm.warning and harm.anyway == "Step in anyway"
    action, why = Walk(game, "walk", [(3, 0), (2, 0)]).next_action(game)
    assert action is None and "no air" in why
    game.player.x = 2  # already in the vacuum: stepping on in it (or out) asks nothing
    assert step_harm(game, 1, 0) is None and step_harm(game, -1, 0) is None


def _walk_through(game: Game, target: tuple[int, int]) -> list[str]:
    """Walk to ``target`` as the play screen does, a step at a time: the actions taken."""
    from game.bot.explore import walk_route
    from game.world.action import Done

    game.floor.seen_rooms[:] = True
    walk = Walk(game, "walk", walk_route(game, target))
    taken = []
    for _ in range(40):
        action, _why = walk.next_action(game)
        if action is None:
            break
        taken.append(type(action).__name__)
        if isinstance(game.perform(action), Done):
            walk.after(game, game.player.pos)
    assert game.player.pos == target
    return taken


def test_on_a_deck_a_walk_shuts_the_door_behind_it() -> None:
    from game.map.edges import Edge
    from game.map.floor_map import Side
    from tests.world.test_ships import TALL_DECK, tall_deck

    game = tall_deck()
    game.player.x, game.player.y = 6, 0
    taken = _walk_through(game, (10, 3))  # east, through the closed door between (7, 0) and (8, 0)
    assert game.floor.map.edge(8, 0, Side.W) == Edge.DOOR, "shut again behind the player"
    assert taken.count("CloseDoor") == 1 and taken.index("CloseDoor") == taken.index("Move") + 3, \
        "the step to the door, opening it, the step through, then shutting it"
    dungeon = game_on(TALL_DECK.replace("#", "-").replace("-.", "|.").replace(".-", ".|"))
    dungeon.player.x, dungeon.player.y = 6, 0
    assert "CloseDoor" not in _walk_through(dungeon, (10, 3)), "elsewhere doors are left as they are"
    assert dungeon.floor.map.edge(8, 0, Side.W) == Edge.OPEN_DOOR


def test_opening_a_door_onto_a_breached_space_asks_first() -> None:
    """The west and middle compartments of ``TALL_DECK`` breached and venting; the player in the
    sealed east one, at its door: opening it would let the east air out too."""
    from game.world import ships
    from tests.world.test_ships import tall_deck

    game = tall_deck()
    game.player.x, game.player.y = 8, 0  # east of the closed door
    assert step_harm(game, -1, 0) is None, "no breach yet: just a door"
    ships.breach_near(game, (0, 2))
    harm = step_harm(game, -1, 0)
    assert harm is not None and "vent the air on this side" in harm.warning and harm.anyway == "Open it anyway"
    game.floor.seen_rooms[game.floor.map.room_at(6, 0)] = False
    assert step_harm(game, -1, 0) is None, "a room the player has not seen tells nothing"
    game.floor.seen_rooms[:] = True
    game.floor.ship_state.air[game.floor.map.room_at(8, 0)] = 0
    assert step_harm(game, -1, 0) is None, "no air on this side to lose"
