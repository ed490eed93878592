"""A telegraphed blow is marked on the map, on the tiles it will hit (TRU-5):
the ogre's raised club, a Warden's raised maul, its charge and its bomb; hover says so."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.ai.behaviours import blows_coming, endangered
from game.app.describe import tile_text
from game.render import palette
from game.render.layout import TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from game.world.actions import Wait
from tests.world.test_guardians import guardian_game
from tests.world.test_wardens import BESIDE, HALL, until_windup, warden_game


def raised_club():
    game, ogre = guardian_game("ogre")
    for _ in range(4):
        game.perform(Wait())
        if ogre.windup:
            break
    assert ogre.windup == "bash"
    return game, ogre


def tile_picture(display: pygame.Surface, game, pos: tuple[int, int]) -> np.ndarray:
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0)
    camera = view.draw(display, game, 10_000)
    x, y = camera.tile_origin(*pos)
    return pygame.surfarray.array3d(display.subsurface((x, y, TILE, TILE))).copy()


def marked(display: pygame.Surface, game, boss, pos: tuple[int, int]) -> bool:
    """Whether ``pos`` looks otherwise than it does with the boss's trick not wound up."""
    now = tile_picture(display, game, pos)
    windup, boss.windup = boss.windup, ""
    before = tile_picture(display, game, pos)
    boss.windup = windup
    return not np.array_equal(now, before)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_ogres_raised_club_marks_every_tile_round_it_and_no_other(display, colour_blind) -> None:
    palette.use_colour_blind(colour_blind)
    game, ogre = raised_club()
    ox, oy = ogre.pos
    around = {(ox + dx, oy + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)}
    assert set(blows_coming(game)) == around
    assert all(marked(display, game, ogre, pos) for pos in around), "each tile the club reaches, yours too"
    assert not marked(display, game, ogre, (ox + 2, oy)) and not marked(display, game, ogre, (ox - 2, oy))


def test_hover_on_a_marked_tile_says_what_falls_there() -> None:
    game, ogre = raised_club()
    ox, oy = ogre.pos
    assert tile_text(game, (ox, oy - 1)).startswith("Grimtooth the ogre's raised club falls here next turn!")
    assert tile_text(game, game.player.pos).startswith("Grimtooth the ogre's raised club falls here next turn! You")
    assert "club" not in tile_text(game, (ox + 2, oy))
    game.perform(Wait())
    assert not ogre.windup and not blows_coming(game), "once the club has fallen the marks are gone"
    assert "club" not in tile_text(game, (ox, oy - 1))


@pytest.mark.parametrize(("plan", "rank", "words"), [(BESIDE, 0, "raised maul falls"), (HALL, 1, "charges through"),
                                                     (HALL, 2, "bomb bursts")])
def test_a_wardens_trick_marks_the_tiles_it_hits(display, plan, rank, words) -> None:
    game, warden = warden_game(plan, rank)
    until_windup(game, warden)
    coming = blows_coming(game)
    me = game.player.pos
    assert me in coming and words in coming[me][1], "the player stands in the way, and is told"
    assert all(endangered(warden, pos) for pos in coming), "only tiles in the trick's way"
    assert marked(display, game, warden, me) and marked(display, game, warden, next(iter(coming)))
    far = next((x, y) for y in range(game.floor.map.height) for x in range(game.floor.map.width)
               if (x, y) not in coming and (x, y) != warden.pos)
    assert not marked(display, game, warden, far)
    hp = game.player.hp
    game.perform(Wait())
    assert game.player.hp < hp, "standing on a marked tile, the blow lands"


def test_a_blow_the_player_does_not_see_coming_is_not_marked() -> None:
    game, ogre = raised_club()
    game.sight = "tile"
    game.floor.smoke[ogre.pos] = game.turn + 5  # smoke round the ogre hides it two tiles off
    game.floor.move_actor(game.player, ogre.x + 3, ogre.y)
    game.update_visibility()
    assert not game.player_sees(ogre) and not blows_coming(game)
