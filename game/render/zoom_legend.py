"""The zoomed map's legend (REN-5): what each mark means, in the order it lists them, the
floor's kinds of place (special rooms once seen, a vault's cells and beams, a deck's vacuum, a
watcher's gaze, the terrain) and the island's."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.specials import SPECIALS
from game.map.edges import Edge
from game.render import palette, text, zoom_terrain
from game.render import zoom_marks as zm
from game.render.gaze_marks import gaze_mark
from game.render.laser_marks import DARK, FIRING, WARNING, beam_mark
from game.render.ship_layer import VACUUM
from game.render.vault_layer import HIDDEN

if TYPE_CHECKING:
    from game.world.game import Game


def _shade(colour: tuple[int, int, int], multiply: tuple[int, int, int]) -> tuple[int, int, int]:
    (r, g, b), (mr, mg, mb) = colour, multiply
    return r * mr // 255, g * mg // 255, b * mb // 255


def _over(base: tuple[int, int, int], rgba: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """``rgba`` laid over ``base`` (a vault's unrevealed cell, a deck's vacuum)."""
    a = rgba[3] / 255
    (br, bg, bb), (r, g, b, _) = base, rgba
    return round(br * (1 - a) + r * a), round(bg * (1 - a) + g * a), round(bb * (1 - a) + b * a)


IN_SIGHT = palette.FLOOR
REMEMBERED = _shade(palette.FLOOR, palette.DIM_MULTIPLY)


def _digit(surface: pygame.Surface, centre: zm.Point, size: float) -> None:
    zm.area(palette.FLOOR)(surface, centre, size + 2)
    digit = text.render("3", zm.LEGEND_TEXT, palette.VAULT_NUMBERS[3])
    surface.blit(digit, digit.get_rect(center=(round(centre[0]), round(centre[1]))))


def floor_legend(game: Game) -> list[zm.Entry]:
    """What the zoomed floor shows, in the order the legend lists it (special rooms only once seen)."""
    floor = game.floor
    entries = [zm.Entry("You", zm.you), zm.Entry("Stairs down", zm.stairs_down), zm.Entry("Stairs up", zm.stairs_up),
               zm.Entry("Closed door", zm.door(Edge.DOOR)), zm.Entry("Open door", zm.door(Edge.OPEN_DOOR)),
               zm.Entry("Locked door", zm.door(Edge.LOCKED_DOOR)), zm.Entry("Item seen", zm.item),
               zm.Entry("In sight", zm.area(IN_SIGHT)), zm.Entry("Remembered", zm.area(REMEMBERED)),
               zm.Entry("Unexplored", zm.area(palette.BACKGROUND))]
    if floor.vault_state is not None:
        entries += [zm.Entry("Unrevealed cell", zm.area(_over(palette.FLOOR, HIDDEN))),
                    zm.Entry("Traps around a cell", _digit)]
    if floor.ship_state is not None:
        entries.append(zm.Entry("No air", zm.area(_over(IN_SIGHT, VACUUM))))
    vault = floor.level.vault
    if vault is not None and vault.lasers:
        entries += [zm.Entry("Laser", beam_mark("emitter")), zm.Entry("Beam: burns this turn", beam_mark(FIRING)),
                    zm.Entry("Beam: fires next turn", beam_mark(WARNING)), zm.Entry("Beam: dark", beam_mark(DARK))]
    if any(m.kind == "watcher" and m.alive for m in floor.actors):
        entries.append(zm.Entry("Watcher's gaze", gaze_mark))
    kinds = sorted({s.kind for s in floor.level.specials if floor.seen_rooms[s.room]})
    entries += [zm.Entry(special_name(kind), zm.area(SPECIALS[kind].tint)) for kind in kinds]
    entries += zoom_terrain.legend(floor)
    return entries


def island_legend() -> list[zm.Entry]:
    return [zm.Entry("You", zm.you), zm.Entry("Dungeon entrance", zm.disc(lambda: palette.ENTRANCE)),
            zm.Entry("Warden fallen", zm.disc(zm.FALLEN)), zm.Entry("Open gate", zm.disc(zm.GATE_OPEN)),
            zm.Entry("Sealed gate", zm.disc(zm.GATE_SEALED)), zm.Entry("Region border", zm.area((36, 28, 24)))]


def special_name(kind: str) -> str:
    name = SPECIALS[kind].name.split(" ", 1)[1]  # "a shop" -> "shop"
    return name[0].upper() + name[1:]
