"""Screens other than play and the title: the end of a run and what it offers next."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app import clipboard
from game.app.help_page import touch_screen
from game.app.state import State
from game.app.widgets import MenuList, draw_lines, draw_panel, draw_version, map_area, phone_parts
from game.render import palette, surfaces, text
from game.render.layout import current
from game.run.seeds import new_seed_text

if TYPE_CHECKING:
    from game.app.app import App
    from game.app.play import PlayState
    from game.run.run import Run
    from game.world.game import Game


GRACE_MS = 500
"""Keys are ignored this long after the end screen appears: a key still held (or repeating)
from play does not skip the summary."""
END_KEYS = {pygame.K_r: "again", pygame.K_p: "new", pygame.K_c: "copy", pygame.K_t: "share",
            pygame.K_e: "export", pygame.K_ESCAPE: "title"}
"""The end screen's keys; none of them is a move (``tests/app/test_end_screen.py`` checks)."""
KEY_NAMES = {"new": "P", "again": "R", "copy": "C", "share": "T", "export": "E", "title": "Esc"}
"""How the end screen's items name their keys, on a screen with a keyboard."""


def coins_line(game: Game) -> str:
    """The end screen's coins: those earned, the number the daily board shows and scores (a
    vault's payout included); and those spent, when some were, since the pack holds the rest."""
    record = game.record
    return f"Coins earned {record.coins_earned}" + (f", spent {record.coins_spent}" if record.coins_spent else "")


def deepest(game: Game) -> str:
    """The deepest dungeon floor the run reached, by how hard it is: "floor 2 of Corrow"."""
    world, reached = game.world, []
    for region in world.order:
        for depth in range(1, world.floors(region) + 1):
            if f"{region}:{depth}" in game.floors:
                reached.append((world.difficulty(region, depth), depth, region))
    if not reached:
        return "no dungeon entered"
    _, depth, region = max(reached)
    return f"floor {depth} of {world.title(region)}"


SEPARATOR = "  ·  "
"""Between the items of the end screen's line of numbers."""


def separated(items: list[str], size: int, width: int) -> list[str]:
    """``items`` joined by ``SEPARATOR`` in lines no wider than ``width`` pixels at ``size``: a
    line breaks only between two items, and there the separator is left out (no "·" dangles at
    the end of a line or starts the next). An item wider than ``width`` has a line to itself."""
    lines: list[str] = []
    for item in items:
        trial = f"{lines[-1]}{SEPARATOR}{item}" if lines else item
        if lines and text.width_of(trial, size) <= width:
            lines[-1] = trial
        else:
            lines.append(item)
    return lines


def sentence(words: str) -> str:
    """``words`` with a capital first letter, the rest as it is ("Caught in a trap on floor 1 of Perric")."""
    return words[:1].upper() + words[1:]


class GameOverState(State):
    """The run summary after death (or victory): depth, turns, kills, cause; then a new run."""

    victory = False

    def __init__(self, app: App, play: PlayState) -> None:
        super().__init__(app)
        self.play = play  # the run's last moment, drawn behind the summary
        self.game = play.game
        self.run = play.run
        self.daily = play.run.recording.daily
        self.share = ""
        if self.daily is not None:
            from game.run.daily import share_line

            self.share = share_line(self.game, self.daily)
        items = [("new", "New run, new seed"), ("again", "Play this seed again"), ("copy", "Copy the seed")]
        if self.share:
            items.append(("share", "Copy the result to share"))
        items += [("export", "Export the recording"), ("title", "Title")]
        if not touch_screen():  # each with its key (a phone has none to name)
            items = [(key, f"{label}   {KEY_NAMES[key]}") for key, label in items]
        from game.app.board_screen import EndBoard

        self.board = EndBoard(app, self.run)  # the daily board: its item comes and goes (no board, reached, ranked)
        self.menu = MenuList(items, 400 if not self.share else 424, 26, 36, cx=map_area().centerx)
        self._items = list(items)
        self._board_item()
        self.backdrop = surfaces.opaque(current().size)
        play.draw(self.backdrop, app.now_ms())  # the moment of death, behind the summary
        veil = pygame.Surface(current().size, pygame.SRCALPHA)
        veil.fill((0, 12, 6, 170) if self.victory else (10, 0, 0, 170))
        self.backdrop.blit(veil, (0, 0))
        self.opened_ms: float | None = None

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.opened_ms is None or now_ms - self.opened_ms < GRACE_MS:  # a key held while dying does not skip this
            return self
        choice = self.menu.choose(event)
        if choice is None and event.type == pygame.KEYDOWN:
            choice = END_KEYS.get(event.key)
        if choice == "again":
            return self.app.runs.start_run(self.game.seed_text, daily=self.daily, start=self.run.recording.start)
        if choice == "new":
            return self.app.runs.start_run(new_seed_text())
        if choice == "copy" and clipboard.copy(self.game.seed_text):
            self.app.say(f"Seed {self.game.seed_text} copied")
        if choice == "share" and self.share and clipboard.copy(self.share):
            self.app.say("Result copied: paste it to your friends")
        if choice == "export":
            self.app.say(export_recording(self.app, self.run), 6000)
        if choice == "title":
            return self.app.title()
        if choice in ("submit", "board"):
            return self.board.choose(choice, self)
        return self

    def _board_item(self) -> None:
        """The board's item, if any, just above Export (the selection stays on the same item)."""
        item = self.board.item()
        items = list(self._items)
        if item is not None:
            items.insert(len(items) - 2, item)
        if items != self.menu.items:
            chosen = self.menu.items[self.menu.selected][0] if self.menu.items else None
            self.menu.items = items
            keys = [key for key, _ in items]
            self.menu.selected = keys.index(chosen) if chosen in keys else min(self.menu.selected, len(items) - 1)

    def update(self, now_ms: float) -> State:
        changed = self.board.update(now_ms)
        before = list(self.menu.items)
        self._board_item()
        self._changed = changed or before != self.menu.items
        return self

    def animating(self, now_ms: float) -> bool:
        changed, self._changed = getattr(self, "_changed", False), False
        return changed

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        if self.opened_ms is None:
            self.opened_ms = now_ms
        surface.blit(self.backdrop, (0, 0))
        game = self.game
        parts = phone_parts(current().size[1] // 2 - 30)
        # over the map: the sidebar stays readable (on a phone, over everything)
        panel = draw_panel(surface, 600 if parts is None else 4000, 1000, map_area())
        self.version_rect = draw_version(surface, bottomright=(panel.right - 12, panel.bottom - 8))
        if self.victory:
            trophy = self.app.sprites.icon("victory", 96 if parts is None else 48)  # the 48-pixel PNG doubled, cached
            trophy_y = 120 if parts is None else parts[0].y + 30
            surface.blit(trophy, trophy.get_rect(center=(map_area().centerx if parts is None else parts[0].centerx,
                                                         trophy_y)))  # in the panel, above the words
            headline = ("Every Warden has fallen", 64, palette.TITLE)
            names = game.world.names
            cause = (f"{', '.join(names[:-1])} and {names[-1]} are yours" if len(names) > 1
                     else f"{names[0]} is yours", 26, palette.TEXT)
        else:
            headline = ("You died", 72, palette.TONE_COLOURS["bad"])
            cause = (sentence(game.cause or ""), 28, palette.TEXT)
        self.numbers = [f"Wardens {sum(game.world.defeated)}/{game.world.regions}", f"Deepest: {deepest(game)}",
                        f"Turns {game.turn}", f"Kills {game.kills}", coins_line(game)]
        lines = [
            headline,
            cause,
            (SEPARATOR.join(self.numbers), 26, palette.TEXT),
            (f"Seed {game.seed_text}", 22, palette.TEXT_DIM),
        ]
        if self.share:
            lines.append((self.share, 22, palette.TITLE))
        if self.board.line:
            lines.append((self.board.line, 22, palette.TONE_COLOURS["good"] if self.board.submission is not None
                          and self.board.submission.stage == "verified" else palette.TEXT))
        self.lines = [line for line, _, _ in lines]  # what the summary says (the tests read it)
        if parts is not None:
            return self._draw_on_phone(surface, lines, *parts)
        self.menu.top = draw_lines(surface, self._numbers_laid(lines, 880), 176 if self.victory else 96, 880,
                                   map_area().centerx) + 40
        self.menu.draw(surface)

    def _numbers_laid(self, lines: list[tuple[str, int, tuple[int, int, int]]],
                      width: int) -> list[tuple[str, int, tuple[int, int, int]]]:
        """``lines`` with the line of numbers (the third) broken between its items to ``width``
        (as ``draw_lines`` narrows it), not at any space as other lines are."""
        _, size, colour = lines[2]
        width = min(width, current().size[0] - 40)
        return [*lines[:2], *((line, size, colour) for line in separated(self.numbers, size, width)), *lines[3:]]

    def _draw_on_phone(self, surface: pygame.Surface, lines: list[tuple[str, int, tuple[int, int, int]]],
                       words: pygame.Rect, choices: pygame.Rect) -> None:
        """The summary above the menu (beside it on a phone on its side), each line as large as
        the room allows, the headline smaller than on the desktop."""
        lines = [(line, min(size, 40 if index == 0 else 22), colour) for index, (line, size, colour) in enumerate(lines)]
        top = words.y + (56 if self.victory else 20)
        draw_lines(surface, self._numbers_laid(lines, words.width - 10), top, words.width - 10, words.centerx)
        self.menu.centre_in(choices)
        self.menu.draw(surface)


def export_recording(app: App, run: Run) -> str:
    """Write the run's recording where the player can take it; what happened, in words."""
    from game.app.platform import BROWSER

    name = f"threshold-{''.join(c if c.isalnum() else '-' for c in run.game.seed_text)[:40]}-turn{run.game.turn}.json"
    recording = run.recording_now().to_json()
    if BROWSER:
        try:
            from game.app.platform import page

            link = page().document.createElement("a")
            link.href = "data:application/json;charset=utf-8," + str(page().encodeURIComponent(recording))
            link.download = name
            link.click()
            return f"Recording downloaded as {name}"
        except Exception as problem:  # noqa: BLE001 - the page would not download: say so
            return f"The page would not download the recording ({problem})"
    try:
        app.storage.write(name, recording)
    except Exception as problem:  # noqa: BLE001 - StorageError, or a name the storage refuses
        return f"The recording was not written: {problem}"
    return f"Recording written: {app.storage.describe(name)}  (python main.py --replay FILE)"


class VictoryState(GameOverState):
    """All Wardens have fallen: the run's summary, then a new run."""

    victory = True
