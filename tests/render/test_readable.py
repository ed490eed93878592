"""Readable at a glance (UI-8): items underfoot are announced and shown, monsters stand out
with a foe's ring and a health bar, the sidebar lists the monsters in view, low health warns."""

from __future__ import annotations

from game.app.play_words import hover_text

import ast
import re
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.world.actions import Move
from game.render import palette, text
from game.render.hud import Hud
from game.render.layout import SIDEBAR_RECT, TILE
from game.render.sprites import SpriteBank
from game.render.view import PlayView
from tests.helpers import game_on

if TYPE_CHECKING:
    from game.render.camera import Camera
    from game.world.game import Game

ROOM = """
+-+-+-+-+-+-+
|@ t . . r .|
+           +
|. . . . . .|
+-+-+-+-+-+-+
"""


def test_stepping_onto_an_item_says_what_is_there() -> None:
    game = game_on(ROOM, {"t": "tnt", "r": "rat"})
    result = game.perform(Move(1, 0))
    assert result.message == "You see a stick of TNT here."
    assert game.log.messages[-1].text == "You see a stick of TNT here."


def test_water_is_not_called_a_wall() -> None:
    from game.world.game import Game

    game = Game.new("water")
    floor = game.floor.map
    x, y = next((x, y) for y in range(1, floor.height - 1) for x in range(1, floor.width - 1)
                if floor.is_floor(x, y) and not floor.is_floor(x + 1, y))
    game.player.x, game.player.y = x, y
    assert game.perform(Move(1, 0)).reason == "Water blocks the way."


def _drawn(game: Game, display: pygame.Surface) -> tuple[pygame.Surface, Camera]:
    view = PlayView(SpriteBank(TILE))
    view.sync(game, 0.0)
    surface = pygame.Surface(display.get_size())
    view.draw(surface, game, 1000.0, None, None)
    return surface, view.camera(game, 1000.0)


def test_monsters_stand_on_a_ring_items_do_not(display) -> None:
    game = game_on(ROOM, {"t": "tnt", "r": "rat"})
    surface, camera = _drawn(game, display)

    def ring_pixels(pos: tuple[int, int]) -> int:
        x, y = camera.tile_origin(*pos)
        tile = pygame.surfarray.array3d(surface.subsurface((x, y, TILE, TILE))).astype(int)
        foe = np.array(palette.TONE_COLOURS["bad"])
        return int((np.abs(tile - foe).sum(axis=2) < 90).sum())

    assert ring_pixels((4, 0)) > 20, "the rat is ringed in the foe colour"
    assert ring_pixels((1, 0)) < 5, "the TNT is not"


def test_what_lies_under_the_player_is_drawn_in_a_corner(display) -> None:
    game = game_on(ROOM, {"t": "tnt"})
    game.perform(Move(1, 0))
    after, camera = _drawn(game, display)
    x, y = camera.tile_origin(*game.player.pos)
    corner = (x + TILE // 2, y + TILE // 2, TILE // 2 - 1, TILE // 2 - 1)
    empty = game_on(ROOM, {})
    empty.perform(Move(1, 0))
    bare, _ = _drawn(empty, display)
    assert pygame.surfarray.array3d(after.subsurface(corner)).tolist() != \
        pygame.surfarray.array3d(bare.subsurface(corner)).tolist()


def test_the_sidebar_lists_monsters_in_view_and_warns_of_low_health(display, monkeypatch) -> None:
    game = game_on(ROOM, {"r": "rat"})
    rat = game.occupant((4, 0))
    rat.hp -= 1
    shown: list[str] = []
    original = text.render
    monkeypatch.setattr(text, "render", lambda s, size, colour: (shown.append(s), original(s, size, colour))[1])
    Hud(SIDEBAR_RECT, SpriteBank(TILE)).draw(pygame.Surface(display.get_size()), game)
    assert "IN VIEW" in shown and "The rat" in shown
    assert not any("LOW!" in s for s in shown)
    game.player.hp = 5
    game.version += 1
    shown.clear()
    Hud(SIDEBAR_RECT, SpriteBank(TILE)).draw(pygame.Surface(display.get_size()), game)
    assert any("LOW!" in s for s in shown)




def test_every_monster_and_item_has_a_description() -> None:
    from game.content.descriptions import ITEM_WORDS, MONSTER_WORDS, describe_item, describe_monster
    from game.content.items import ITEMS
    from game.content.monsters import MONSTERS

    assert sorted(MONSTER_WORDS) == sorted(MONSTERS) and sorted(ITEM_WORDS) == sorted(ITEMS)
    assert "hits for 3-7" in describe_monster("troll")
    assert "damage 4-8" in describe_item("axe")


def test_hovering_a_monster_describes_it(display) -> None:
    from game.app.app import App
    from game.app.options import Options
    from game.app.play import PlayState
    from game.run.recording import Recording
    from game.run.run import Run

    game = game_on(ROOM, {"r": "rat", "t": "tnt"})
    play = PlayState(App(Options(fps=0)), Run(game, Recording(game.seed_text)))
    play.hover = (4, 0)
    assert hover_text(play).startswith("The rat (7/7") and "Quick and weak" in hover_text(play)
    play.hover = (1, 0)
    assert hover_text(play).startswith("Stick of TNT.") and "Throw it" in hover_text(play)


def test_the_sidebar_log_shows_whole_messages_in_one_shade(display, monkeypatch) -> None:
    from game.render.sidebar_log import LOG_SIZE

    game = game_on(ROOM, {})
    long = "A very long message that wraps onto a second line."
    for i in range(12):
        game.log.add(f"{long} ({i})", "info", i)
    drawn: list[tuple[str, tuple]] = []
    original = text.render

    def spy(words: str, size: int, colour: tuple) -> pygame.Surface:
        if size == LOG_SIZE and words:
            drawn.append((words, colour))
        return original(words, size, colour)

    monkeypatch.setattr(text, "render", spy)
    Hud(SIDEBAR_RECT, SpriteBank(TILE)).draw(pygame.Surface(display.get_size()), game)
    first = next(i for i, (words, _) in enumerate(drawn) if "message" in words or "twice" in words
                 or "sidebar" in words)
    log = drawn[first:]
    assert log[0][0].startswith("A very"), "the oldest message shown is not cut off at the top"
    messages: list[set] = []
    for words, colour in log:
        if words.startswith("A very"):
            messages.append(set())
        messages[-1].add(colour)
    assert len(messages) >= 3 and all(len(shades) == 1 for shades in messages), "one shade per message"


def test_the_stairs_under_the_player_still_show(display) -> None:
    game = game_on("""
+-+-+-+-+
|@ . . .|
+       +
|. . . >|
+-+-+-+-+
""")
    game.player.x, game.player.y = game.floor.level.exit
    game.update_visibility()
    surface, camera = _drawn(game, display)
    x, y = camera.tile_origin(*game.player.pos)
    corner = pygame.surfarray.array3d(surface.subsurface((x + TILE // 2, y + TILE // 2, TILE // 2, TILE // 2)))
    backing = (np.abs(corner.astype(int) - np.array(palette.BACKGROUND)).sum(axis=2) < 10).sum()
    assert backing > 20, "a small stairs icon on a dark disc in the corner"


CITATION = re.compile(r"\bseeds? 00\d|\bissue \d|\b(?:DUN|VIS|REN|ITM|SHP|VLT|OVW|LVL|MON|LIN|UI|SAV|DET|ROB|PERF|TOOL|"
                      r"WEB|BRD|LAY|RUN)-\d|\bSPEC\b", re.IGNORECASE)


def _words_shown(path: Path) -> list[tuple[int, str]]:
    """Every string in ``path`` that is not a docstring (or a bare string under a name: its doc)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs]


def test_no_words_a_player_reads_cite_a_seed_an_issue_or_a_requirement() -> None:
    """TRU-5: the Sight option said "(seed 004)", a reference article's number that means
    nothing to a player. Ids belong in comments and docstrings, never in shown words or help."""
    from tests.conftest import ROOT

    cited = [f"{path.relative_to(ROOT)}:{line}: {words[:100]!r}" for path in sorted((ROOT / "game").rglob("*.py"))
             for line, words in _words_shown(path) if CITATION.search(words)]
    assert not cited, "\n".join(cited)
