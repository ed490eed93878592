"""A run on a hand-drawn floor (a ``game.map.ascii`` picture): the tests' fixture and the
gallery's scenes start a game here, through the world's own constructor, rather than writing a
``Game``'s fields from outside."""

from __future__ import annotations

from collections.abc import Mapping

from game.content.monsters import MONSTERS
from game.map.ascii import parse_map
from game.map.ground import Ground, bare
from game.map.level import Feature, Level
from game.world import travel
from game.world.floor import Floor
from game.world.game import Game
from game.world.terrain import VENT, lay


GROUND_MARKS: dict[str, Ground] = {",": Ground.GRASS, ";": Ground.BRUSH, "~": Ground.WATER, "0": Ground.CHASM,
                                   "=": Ground.BRIDGE, "`": Ground.ASH}
"""The marks of a plan's ground, for ``game_on_plan(..., ground=GROUND_MARKS)``."""


def game_on_plan(plan: str, legend: Mapping[str, str] | None = None, seed_text: str = "test",
                 opening: str | None = None, ground: Mapping[str, Ground] | None = None,
                 theme: str = "") -> Game:
    """A new run of ``seed_text`` whose first floor is ``plan``: ``@`` the player, ``>`` the
    stairs (else they are under the player), ``legend`` the monster or item kind each other mark
    places there (``"vent"``: a gas vent). The floor is floor 1 of the first region played. With
    ``opening`` the log holds only that line (``{region}`` names the region), not the island's
    welcome. With ``ground``, the marks it maps lay that ground on their tiles (SPEC TER-1), and
    the floor has its terrain, of the region's ``theme`` (its gas).

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
    level = Level("dungeon", floor_map, start, stairs, theme=theme)
    if ground:
        level.ground = bare(floor_map.height, floor_map.width)
        for (x, y), mark in marks.items():
            level.ground[y, x] = ground.get(mark, Ground.FLOOR)
    level.features += [Feature(VENT, *pos) for pos, mark in sorted(marks.items()) if (legend or {}).get(mark) == VENT]
    game.floors[key] = Floor.fresh(1, level)
    game.floors[key].terrain = lay(level)
    game.floor_key, game.floor, game.region, game.depth = key, game.floors[key], region, 1
    game.player.x, game.player.y = start
    if opening is not None:
        game.log.messages.clear()
        game.log.repeats.clear()
        game.log.add(opening.format(region=game.world.names[region]), "notice")
    for pos, mark in sorted(marks.items()):
        kind = (legend or {}).get(mark)
        if kind == VENT:
            continue
        if kind in MONSTERS:
            game.spawn_monster(kind, *pos)
        elif kind is not None:
            game.drop_item(kind, pos)
    game.update_visibility()
    return game
