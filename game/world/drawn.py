"""A run on a hand-drawn floor (a ``game.map.ascii`` picture): the tests' fixture and the
gallery's scenes start a game here, through the world's own constructor, rather than writing a
``Game``'s fields from outside."""

from __future__ import annotations

from collections.abc import Mapping

from game.content.monsters import MONSTERS
from game.map.ascii import parse_map
from game.map.level import Level
from game.world import travel
from game.world.floor import Floor
from game.world.game import Game


def game_on_plan(plan: str, legend: Mapping[str, str] | None = None, seed_text: str = "test",
                 opening: str | None = None) -> Game:
    """A new run of ``seed_text`` whose first floor is ``plan``: ``@`` the player, ``>`` the
    stairs (else they are under the player), ``legend`` the monster or item kind each other mark
    places there. The floor is floor 1 of the first region played. With ``opening`` the log
    holds only that line (``{region}`` names the region), not the island's welcome.

    >>> game = game_on_plan("+-+-+\\n|@ r|\\n+-+-+", {"r": "rat"})
    >>> game.player.pos, [m.kind for m in game.floor.actors if m is not game.player]
    ((0, 0), ['rat'])
    """
    floor_map, marks = parse_map(plan)
    start = next(pos for pos, mark in marks.items() if mark == "@")
    stairs = next((pos for pos, mark in marks.items() if mark == ">"), start)
    game = Game.new(seed_text)
    region = game.world.order[0]
    key = travel.floor_key(region, 1)
    game.floors[key] = Floor.fresh(1, Level("dungeon", floor_map, start, stairs))
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = start
    if opening is not None:
        game.log.messages.clear()
        game.log.repeats.clear()
        game.log.add(opening.format(region=game.world.names[region]), "notice")
    for pos, mark in sorted(marks.items()):
        kind = (legend or {}).get(mark)
        if kind in MONSTERS:
            game.spawn_monster(kind, *pos)
        elif kind is not None:
            game.drop_item(kind, pos)
    game.update_visibility()
    return game
