"""The sidebar's "In view" list (SPEC REN-6, UI-8, UI-11): Brogue's list of the monsters in
sight, nearest first, each with its health and what it is doing.

A state is written whole on its own badge, never on the health bar (where a word straddling
the filled and the empty part was hard to read): a dark badge with the word in the state's
colour, or, for a monster hunting you, a badge in the foe colour with dark words. Every word
has a WCAG contrast of at least 4.5:1 on its badge in both palettes (tests/render/test_sidebar_badges.py).
A thin health bar runs under the badge.

When the list is crowded it packs two monsters to a row (shorter names, the badge and bar
unchanged), so that the message log keeps its lines; only when even that does not fit does
it end with "and N more".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.content.monsters import CONJURED, MONSTERS
from game.render import palette, text
from game.world import magic
from game.world.actor import state_word
from game.world.senses import monsters_seen

if TYPE_CHECKING:
    from game.render.camera import Camera
    from game.render.hud import Hud
    from game.render.sprites import SpriteBank
    from game.world.actor import Actor
    from game.world.game import Game

Colour = tuple[int, int, int]
Put = Callable[..., pygame.Rect]
"""``Hud._put``: draws a line of text and records its rectangle."""

ROW = 22  # a row's height: the badge (14) and, under it, the health bar (4)
HEADER = 34  # the section's rule and title
MORE = 20  # the "and N more" line
ICON = 20
GAP = 6
STATE_TEXT = 14
NAME_TEXT = {1: 18, 2: 16}  # by the number of columns
BADGE = {1: 80, 2: 58}  # a badge's width, by the number of columns ("wandering", the widest word, fits both)
BADGE_HEIGHT = 14
ARROW = 14  # the off-screen arrow's box, before the name
Step = tuple[int, int]


@dataclass(frozen=True)
class Sizes:
    """The list's measures: the numbers above, or on a phone (text no smaller than its least
    size, ``text.minimum_size``) larger badges and rows that hold that text."""

    row: int = ROW
    badge_height: int = BADGE_HEIGHT
    state_text: int = STATE_TEXT
    badge: tuple[int, int] = (BADGE[1], BADGE[2])
    more: int = MORE

    def badge_width(self, columns: int) -> int:
        return self.badge[columns - 1]


_SIZES: dict[int, Sizes] = {}


def sizes() -> Sizes:
    """The measures for the text size in force (worked out once a size: a redraw asks for them
    a few times, and each time measured every state word)."""
    least = text.minimum_size()
    found = _SIZES.get(least)
    if found is None:
        found = _SIZES[least] = _sizes(least)
    return found


def _sizes(least: int) -> Sizes:
    if least <= STATE_TEXT:
        return Sizes()
    word_height = text.render("Ag", least, (255, 255, 255)).get_height()
    widest = widest_state(least) + 8
    return Sizes(row=word_height + 12, badge_height=word_height + 2, state_text=least, badge=(widest, widest),
                 more=word_height + 6)
MOST_IN_ROWS = 6  # more monsters than this are listed two to a row even when rows would fit
STATE_WORDS = ("asleep", "wandering", "patrolling", "waiting", "guarding", "hunting", "searching", "returning",
               "fleeing", "peaceful", "shackled", "following", "fighting", "entranced", "slowed")
"""Every word ``state_word`` can give, in the order tests and the gallery list them."""


@dataclass(frozen=True)
class Plan:
    """How the list is laid out: how many monsters it shows, in how many columns, of how many."""

    shown: int
    columns: int
    count: int

    @property
    def height(self) -> int:
        if not self.count:
            return 0
        rows = -(-self.shown // self.columns)
        measures = sizes()
        return HEADER + rows * measures.row + (measures.more if self.shown < self.count else 0)


def plan(count: int, room: int) -> Plan:
    """The fullest layout of ``count`` monsters within ``room`` pixels: a row each (up to
    ``MOST_IN_ROWS``), else two to a row, else as many rows of two as fit and "and N more"."""
    if count <= MOST_IN_ROWS and Plan(count, 1, count).height <= room:
        return Plan(count, 1, count)
    if Plan(count, 2, count).height <= room:
        return Plan(count, 2, count)
    measures = sizes()
    rows = max(0, (room - HEADER - measures.more) // measures.row)
    return Plan(min(count, 2 * rows), 2, count)


def in_view(game: Game) -> list[Actor]:
    """The monsters the sidebar lists: those the player sees, which are those that see the player
    (``monsters_seen``), nearest first (none on the island); not conjured crystal."""
    if game.on_overworld:
        return []
    px, py = game.player.pos
    return sorted((m for m in monsters_seen(game) if m.kind not in CONJURED),
                  key=lambda m: (max(abs(m.x - px), abs(m.y - py)), m.eid))


def off_screen(game: Game, camera: Camera) -> dict[int, Step]:
    """The monsters in view (``in_view``) whose tile ``camera`` does not show whole, each with
    the step toward it from the player, of the eight (a long room runs past a phone's small map:
    the camera stays on the player, and the list points the way).

    The play screen asks with the camera at rest on the player's tile, so the marks change with
    the turn, not while the picture slides."""
    px, py = game.player.pos
    return {monster.eid: toward(monster.x - px, monster.y - py) for monster in in_view(game)
            if not camera.shows(monster.x, monster.y)}


def toward(dx: int, dy: int) -> Step:
    """The one of the eight steps nearest the direction ``(dx, dy)``.

    >>> toward(15, 2), toward(-9, -8), toward(0, 12), toward(3, -20)
    ((1, 0), (-1, -1), (0, 1), (0, -1))
    """
    octant = round(math.atan2(dy, dx) / (math.pi / 4)) % 8
    return ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))[octant]


def draw_arrow(s: pygame.Surface, box: pygame.Rect, step: Step, colour: Colour) -> None:
    """A filled arrowhead in the middle of ``box``, pointing along ``step``."""
    length = math.hypot(*step)
    ux, uy = step[0] / length, step[1] / length
    cx, cy, r = box.centerx, box.centery, min(box.width, box.height) / 2 - 1
    points = [(cx + ux * r, cy + uy * r), (cx - ux * r * 0.8 - uy * r * 0.8, cy - uy * r * 0.8 + ux * r * 0.8),
              (cx - ux * r * 0.3, cy - uy * r * 0.3), (cx - ux * r * 0.8 + uy * r * 0.8, cy - uy * r * 0.8 - ux * r * 0.8)]
    pygame.draw.polygon(s, colour, [(round(x), round(y)) for x, y in points])


def badge_colours(word: str) -> tuple[Colour, Colour]:
    """The colour of a state's words and of the badge under them, in the palette in use:
    hunting in dark words on the foe colour; fleeing, peaceful, an ally's following or fighting, and a
    foe entranced or slowed in the good colour, searching and
    returning in the notice colour, the rest in the usual text colour, on a dark badge."""
    if word == "hunting":
        return palette.PANEL, palette.TONE_COLOURS["bad"]
    tone = {"fleeing": "good", "peaceful": "good", "following": "good", "fighting": "good", "entranced": "good",
            "slowed": "good", "searching": "notice", "returning": "notice"}.get(word, "info")
    return palette.TONE_COLOURS[tone], palette.BADGE


def draw(s: pygame.Surface, put: Put, sprites: SpriteBank, game: Game, monsters: list[Actor], layout: Plan,
         left: int, y: int, width: int, away: Mapping[int, Step] | None = None, listed: list[Row] | None = None
         ) -> tuple[int, list[tuple[Actor, pygame.Rect, str]]]:
    """The rows of ``layout`` from ``y`` across ``width`` pixels from ``left``; returns the ``y``
    below them and, for each monster shown, its badge and state word. A monster in ``away``
    (``off_screen``: in view, off the map's picture) has an arrow before its name pointing its way.
    ``listed``: the ``rows`` of these, when the caller has them already."""
    columns, measures = layout.columns, sizes()
    cell = (width - GAP * (columns - 1)) // columns
    badge_width = measures.badge_width(columns)
    badges = []
    for index, (monster, row) in enumerate(zip(monsters, listed if listed is not None else rows(game, monsters, layout, away))):
        x, top = left + (index % columns) * (cell + GAP), y + (index // columns) * measures.row
        s.blit(sprites.icon(row.seen, ICON), (x, top))
        badge = pygame.Rect(x + cell - badge_width, top + 1, badge_width, measures.badge_height)
        word = row.word
        ink, fill = badge_colours(word)
        pygame.draw.rect(s, fill, badge, border_radius=3)
        if fill == palette.BADGE:
            pygame.draw.rect(s, ink, badge, 1, border_radius=3)
        put(s, word, measures.state_text, ink, badge.topleft, badge.width - 4, centre=badge, over=fill)  # (on the badge)
        bar = pygame.Rect(badge.x, badge.bottom + 1, badge.width, 4)
        s.fill(palette.HP_EMPTY, bar)
        s.fill(palette.HP_FULL, (bar.x, bar.y, round(bar.w * row.health[0] / row.health[1]), bar.h))
        size = NAME_TEXT[columns]
        start = x + ICON + 4
        if row.away is not None:  # the map does not show it: which way it is
            arrow = pygame.Rect(start, top + 1, ARROW, ARROW)
            draw_arrow(s, arrow, row.away, palette.TONE_COLOURS["notice"])
            start = arrow.right + 3
        put(s, row.name, size, palette.TEXT, (start, top + (2 if columns == 1 else 3)), badge.x - 4 - start)
        badges.append((monster, badge, word))
    y += -(-layout.shown // columns) * measures.row if layout.shown else 0
    if layout.shown < layout.count:
        put(s, f"and {layout.count - layout.shown} more", 16, palette.TEXT_DIM, (left + ICON + 4, y))
        y += measures.more
    return y, badges


class Row(NamedTuple):
    """What a monster's row shows: the kind it is taken for, its state's word, its health, its
    name, and the way to it when the map does not show it. All a row's drawing reads of the game,
    so that a list whose rows are the same need not be drawn again (a phone's sidebar)."""

    eid: int
    seen: str
    word: str
    health: tuple[int, int]
    name: str
    away: Step | None


def rows(game: Game, monsters: list[Actor], layout: Plan, away: Mapping[int, Step] | None = None) -> list[Row]:
    """The rows ``draw`` draws for the first ``layout.shown`` of ``monsters``."""
    away = away or {}
    found = []
    for monster in monsters[:layout.shown]:
        seen = magic.seen_kind(game, monster)  # (another kind's, while hallucinating: SPEC ITM-9)
        name = game.name_of(monster, True) if layout.columns == 1 else short_name(monster, seen)
        found.append(Row(monster.eid, seen, state_word(monster), (max(0, monster.hp), max(1, monster.max_hp)), name,
                         away.get(monster.eid)))
    return found


def short_name(monster: Actor, seen: str = "") -> str:
    """A name for a packed row: its own name, else its kind (``seen``: the kind it is taken for)
    without "the" ("Skeleton crewman")."""
    if monster.name:
        return monster.name
    kind = MONSTERS[seen or monster.kind].name
    return kind[0].upper() + kind[1:]


def widest_state(size: int = STATE_TEXT) -> int:
    """The width of the widest state word (a badge must hold it with room to spare)."""
    return max(text.width_of(word, size) for word in STATE_WORDS)


def draw_section(hud: Hud, game: Game, monsters: list[Actor], shown: Plan, rows: list[Row], top: int) -> None:
    """The section "In view" from ``top``: ``shown`` of ``monsters``, as ``rows`` (both sidebars', ``hud``'s)."""
    s = hud._surface
    w = hud.rect.width
    y = hud._section(s, "IN VIEW", top, w)
    _, badges = draw(s, hud._put, hud.sprites, game, monsters, shown, (w - hud.inner_width) // 2, y, hud.inner_width,
                     hud.away, rows)
    hud.badges.extend(badges)
