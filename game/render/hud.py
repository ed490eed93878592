"""The sidebar HUD (SPEC REN-6): health, depth, seed, inventory panel, monsters in view, message log,
laid out by ``sidebar_desktop`` on the desktop and ``sidebar_compact`` on a phone.

However crowded (a full pack, a crowd in view, a question asked), the log keeps its newest
lines (``sidebar_desktop.MIN_LOG_LINES``): "In view" packs two monsters to a row first
(``sidebar_in_view``), then the inventory (``sidebar_inventory``), then the list ends with
"and N more".

The panel is redrawn into a cached surface only when what it shows changes, in kept pieces
(``sidebar_pieces``), and copied to the screen every frame.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from game.render.here import here_line
from game.render import palette, surfaces, text
from game.render import sidebar_in_view as in_view
from game.render import sidebar_compact, sidebar_desktop
from game.render import sidebar_status as status
from game.render.sidebar_pieces import KeptPieces
from game.content.monsters import CONJURED
from game.render.sprites import SpriteBank
from game.world.actor import Actor
from game.world.game import Game

PAD = 16
LOW_HEALTH = 0.3
"""Below this share of health the bar is framed in the alarm colour (UI-8)."""
BUTTONS = (("x explore", "explore"), (". wait", "wait"), ("> stairs", "descend"), ("o map", "zoom"),
           ("? help", "help"), ("Esc", "menu"))


class Hud:
    def __init__(self, rect: tuple[int, int, int, int], sprites: SpriteBank, compact: bool = False) -> None:
        """``compact``: a phone's short sidebar with big buttons (``sidebar_compact``)."""
        self.rect = pygame.Rect(rect)
        self.compact = compact
        self.sprites = sprites
        self._surface = surfaces.opaque(self.rect.size)
        self._key: tuple | None = None
        self.away: dict[int, tuple[int, int]] = {}
        """The monsters in view the map does not show, and the way to each (``draw``'s ``away``)."""
        self._icons_made: tuple[int, int] | None = None  # the floor's actors (list, count) that have icons
        self.pieces = KeptPieces()
        """Pieces kept as pictures between redraws (a phone's buttons and slots)."""
        self._buttons: tuple[tuple, pygame.Surface, list[tuple[pygame.Rect, str]]] | None = None
        self.texts: list[tuple[pygame.Rect, str]] = []
        """Every line of text drawn, by its rectangle on the sidebar: none overlaps another."""
        self.badges: list[tuple[Actor, pygame.Rect, str]] = []
        """Each monster listed "In view", with its state badge and the state written on it."""
        self.targets: list[tuple[pygame.Rect, str]] = []
        """What a click or tap on the sidebar does, by screen rectangle: "slot:N" for an inventory
        slot (its verbs), or a command name for the buttons at the bottom (UI-3)."""
        self.hovers: list[tuple[pygame.Rect, str]] = []
        """The inventory's rows by screen rectangle, for the pointer's words: "weapon", "armour",
        "ranged" or "slot:N" (``game.app.describe.carried_text``)."""

    def draw(self, surface: pygame.Surface, game: Game, hover_text: str = "", prompt: str = "",
             away: dict[int, tuple[int, int]] | None = None, hold: bool = False, shown: bool = False) -> bool:
        """``away``: the monsters in view the map does not show, and the way to each
        (``sidebar_in_view.off_screen``): the list points there. ``hold``: show the last picture
        whatever changed (``game.app.turn_pacing``). ``shown``: ``surface`` shows this sidebar's
        last picture still, so only what changed is copied there (copying it whole took a phone's
        page a median 0.1 ms of a frame's 1.6, unthrottled, in a fight). True when it was redrawn."""
        self.away = away or {}
        key = (game.version, game.log.version, game.turn, game.depth, hover_text, prompt, id(game),
               palette.generation, tuple(sorted(self.away.items())))  # a palette switch redraws the bars and the log
        redraw = key != self._key and (not hold or self._key is None)  # (never a blank sidebar)
        if redraw:
            self._redraw(game, hover_text, prompt)
            self._key = key
        changed = self.pieces.changed if redraw else []  # (what a redraw changed; None: all of it)
        if not shown or changed is None:
            surface.blit(self._surface, self.rect)
        else:
            for area in changed:
                surface.blit(self._surface, area.move(self.rect.topleft), area)
        return redraw

    def icon_ahead(self, game: Game) -> str | None:
        """Make ahead (in a frame with nothing to draw) the list's icon of a kind of monster on this
        floor that has none yet: a monster's first listing scaled it, in the frame it came into
        view (on a phone about 5 ms). The kind, or None when every kind on the floor has its icon."""
        actors = game.floor.actors
        if self._icons_made == (id(actors), len(actors)):
            return None
        for monster in actors:
            if monster.alive and monster is not game.player and monster.kind not in CONJURED and not self.sprites.has_icon(
                    monster.kind, in_view.ICON):
                self.sprites.icon(monster.kind, in_view.ICON)
                return monster.kind
        self._icons_made = (id(actors), len(actors))
        return None

    @property
    def inner_width(self) -> int:
        return self.rect.width - 2 * PAD

    def target_at(self, pos: tuple[int, int]) -> str | None:
        return next((what for rect, what in self.targets if rect.collidepoint(pos)), None)

    def row_at(self, pos: tuple[int, int]) -> str | None:
        """The inventory row under ``pos`` (screen pixels), as ``hovers`` names it, or None."""
        return next((what for rect, what in self.hovers if rect.collidepoint(pos)), None)

    def _put(self, s: pygame.Surface, label: str, size: int, colour: tuple[int, int, int], at: tuple[int, int],
             width: int | None = None, right: bool = False, centre: pygame.Rect | None = None,
             over: tuple[int, int, int] | None = palette.PANEL) -> pygame.Rect:
        """Draws ``label`` with its top left (or, with ``right``, its top right) at ``at``, or in the
        middle of ``centre``, shortened with an ellipsis to ``width`` (else to the sidebar's inner
        edge); returns and records its rectangle. ``over``: the flat colour the text lies on, so it is
        laid there ahead and copied (None: whatever is there, through the text's alpha)."""
        room = width if width is not None else (at[0] - PAD if right else self.rect.width - PAD - at[0])
        shown = text.fit(label, size, room)
        picture = text.render(shown, size, colour) if over is None else text.render_on(shown, size, colour, over)
        rect = picture.get_rect(topright=at) if right else picture.get_rect(topleft=at)
        if centre is not None:
            rect.center = centre.center
        s.blit(picture, rect)
        self.texts.append((rect, label))
        return rect

    def _redraw(self, game: Game, hover_text: str, prompt: str) -> None:
        self.targets, self.texts, self.badges, self.hovers = [], [], [], []
        if self.compact:
            return sidebar_compact.redraw(self, game, hover_text, prompt, here_line(game))
        sidebar_desktop.redraw(self, game, hover_text, prompt)

    def _draw_buttons(self, s: pygame.Surface, y: int, w: int) -> None:
        """The bottom row: keys as buttons, for a mouse or a finger where there is no keyboard.
        Drawn once (a dozen calls) and blitted whole: the sidebar is redrawn every turn."""
        key = (y, w, palette.generation)
        if self._buttons is None or self._buttons[0] != key:
            row = surfaces.opaque((w, 30))  # (the panel's own, with its edge: copied, not blended)
            row.fill(palette.PANEL)
            pygame.draw.line(row, palette.PANEL_EDGE, (0, 0), (0, 30), 2)
            boxes = []
            x = PAD
            for label, command in BUTTONS:
                picture = text.render(label, 18, palette.TEXT_DIM)
                box = pygame.Rect(x - 5, 0, picture.get_width() + 10, picture.get_height() + 6)
                pygame.draw.rect(row, palette.PANEL_EDGE, box, 1, border_radius=4)
                row.blit(picture, (x, 3))
                boxes.append((box.move(self.rect.x, self.rect.y + y - 3), command))
                x = box.right + 7
            self._buttons = (key, row, boxes)
        _, row, boxes = self._buttons
        s.blit(row, (0, y - 3))
        self.targets.extend(boxes)
        self.texts.extend((box.move(-self.rect.x, -self.rect.y), command) for box, command in boxes)

    def _draw_lines(self, s: pygame.Surface, lines: list[status.Line], y: int) -> int:
        for label, size, colour, step in lines:
            self._put(s, label, size, colour, (PAD, y))
            y += step
        return y

    def health_piece(self, s: pygame.Surface, game: Game, y: int, w: int
                     ) -> tuple[Hashable, pygame.Rect, Callable[[], None]]:
        """The health bar and its words, as a kept piece (``sidebar_pieces``): their words lie on
        the bar through their alpha, dear in the browser, and most turns change neither."""
        player = game.player
        bar = pygame.Rect(PAD, y, w - 2 * PAD, 18)
        low = 0 < player.hp < LOW_HEALTH * player.max_hp
        words = " · ".join([f"Health {max(0, player.hp)} / {player.max_hp}" + ("   LOW!" if low else ""),
                            *conditions(game)])
        look = (words, palette.generation, text.minimum_size())
        return look, bar.inflate(4, 4), lambda: self._health_bar(s, bar, (max(0, player.hp), max(1, player.max_hp)),
                                                                 low, words)

    def _health_bar(self, s: pygame.Surface, bar: pygame.Rect, share: tuple[int, int], low: bool, words: str) -> None:
        pygame.draw.rect(s, palette.HP_EMPTY, bar, border_radius=4)
        filled = bar.copy()
        filled.width = int(bar.width * share[0] / share[1])
        if filled.width:
            pygame.draw.rect(s, palette.HP_FULL, filled, border_radius=4)
        if low:  # a warning that cannot be missed: the bar framed in the alarm colour
            pygame.draw.rect(s, palette.TONE_COLOURS["bad"], bar.inflate(4, 4), 2, border_radius=5)
        self._put(s, words, 20, palette.TEXT, bar.topleft, bar.width, centre=bar, over=None)  # (on the bar)

    def _section(self, s: pygame.Surface, title: str, y: int, w: int) -> int:
        pygame.draw.line(s, palette.PANEL_EDGE, (PAD, y), (w - PAD, y))
        self._put(s, title, 18, palette.TEXT_DIM, (PAD, y + 6))
        return y + 26


CONDITION_WORDS = {"darkness": "dark", "hallucination": "visions", "confusion": "confused", "ward": "ward"}
"""How the health bar names a spell on the player (``game.world.magic.SPELLS``), short: the bar is one line."""


def conditions(game: Game) -> list[str]:
    """What the player is under, with the turns left, for the health bar: "haste 4", "ward 30"
    (SPEC ITM-9): the log says when one begins and ends, the bar says it meanwhile."""
    spells = game.magic.spells
    hasted = [f"haste {game.player.hasted}"] if game.player.hasted else []
    return hasted + [f"{CONDITION_WORDS[name]} {spells[name]}" for name in CONDITION_WORDS if spells[name]]
