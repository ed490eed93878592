"""The daily board on screen (BRD-5): the end screen's *Submit to the daily board*
(``EndBoard``) and typing a name once (``NameEntryState``); which board the app uses
(``board_for``). The HTTP never blocks a frame (``game.app.board_http``)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app.board import MAX_NAME, Board, Identity, Submission, check_name, keep_identity, new_key
from game.app.board_http import board_url, open_page
from game.app.platform import BROWSER
from game.app.state import State
from game.app.widgets import backdrop, centre_x, draw_lines, draw_panel
from game.paths import asset
from game.render import palette, text

if TYPE_CHECKING:
    from game.app.app import App
    from game.run.run import Run


BAKED = "board.json"
"""A board baked into a web build (``python -m game.tools.webbuild --board URL`` writes
``assets/board.json``: ``{"board": URL}``); the source tree has none."""


def board_for(app: App) -> Board | None:
    """The app's board (made once, its health check started at once), or None when there is none:
    ``--board`` or ``board.json``'s ``board`` on the desktop; in the page a board baked into the
    build (``assets/board.json``), else the page's own origin (a Threshold server's page)."""
    if not hasattr(app, "board_client"):
        app.board_client = _configured(app)  # type: ignore[attr-defined]
    return app.board_client  # type: ignore[attr-defined]


def _configured(app: App) -> Board | None:
    from game.app.board import load_identity

    url = getattr(app.options, "board", None) or load_identity(app.storage).board
    guessed = False
    if url is None and BROWSER:
        url = _baked_board()
        if url is None:
            url, guessed = _page_origin(), True
    try:
        return Board(url, app.storage, guessed) if url else None
    except ValueError as problem:
        print(f"threshold: no board ({problem})", file=sys.stderr)
        return None


def _baked_board() -> str | None:
    import json

    try:
        return board_url(json.loads(asset(BAKED).read_text(encoding="utf-8"))["board"])
    except Exception:  # noqa: BLE001 - none baked in (the usual build), or not one: the page's origin is tried
        return None


def _page_origin() -> str | None:
    try:
        from game.app.platform import page

        origin = str(page().location.origin)
        return origin if origin.startswith(("http://", "https://")) else None
    except Exception:  # noqa: BLE001 - no page to ask
        return None


class EndBoard:
    """The end screen's part: its menu item, what it does, and the line that says how it went."""

    def __init__(self, app: App, run: Run) -> None:
        self.app, self.run = app, run
        self.board = board_for(app) if run.recording.daily is not None else None
        self.submission: Submission | None = None
        self.note = ""  # a line of its own (a name refused, a key not kept)

    def item(self) -> tuple[str, str] | None:
        """``(key, label)`` of the item to show, or None (no board, or it cannot be reached)."""
        if self.board is None:
            return None
        sub = self.submission
        if sub is not None and sub.stage == "verified":
            return "board", "Open the board"
        if sub is not None and sub.stage == "failed":
            return "submit", "Retry the submission"
        if sub is not None and sub.stage == "taken":
            return "submit", "Submit under another name"
        if sub is None and not self.board.usable:
            return None
        return "submit", "Submit to the daily board"

    @property
    def line(self) -> str:
        """How the submission goes; before one, what the run counts for (when there is a board)."""
        if self.submission is not None:
            return self.submission.line
        if self.note or self.board is None or not self.board.usable:
            return self.note
        from game.app.board_attempts import counts

        return counts(self.board.identity().attempt_for(self.run.recording.daily)[1])

    def choose(self, choice: str, back: State) -> State:
        if choice == "board" and self.board is not None and self.submission is not None:
            page = self.board.page_of(self.run.recording.daily or "", self.submission.name)
            if not open_page(page):
                self.app.say(f"The board is at {page}", 8000)
            return back
        if choice != "submit" or self.board is None:
            return back
        if self.submission is not None and not self.submission.settled and self.submission.stage != "waiting":
            return back  # on its way already
        identity = self.board.identity()
        if identity.name is None or (self.submission is not None and self.submission.stage == "taken"):
            return NameEntryState(self.app, back, identity.name or "", lambda name: self._named(name, back))
        return self._send(identity, back)

    def _named(self, name: str, back: State) -> State:
        identity = self.board.identity() if self.board else Identity()
        if name != identity.name:  # the attempt was the other name's: this run goes as practice
            identity = replace(identity, daily=None, attempt=None, number=None)
        return self._send(replace(identity, name=name, key=identity.key or new_key()), back)

    def _send(self, identity: Identity, back: State) -> State:
        assert self.board is not None and identity.name is not None
        if identity.key is None:
            identity = replace(identity, key=new_key())
        if identity != self.board.identity():
            problem = keep_identity(self.app.storage, identity)  # before the board ever sees the key
            if problem is not None:
                self.submission, self.note = None, f"Not sent: {problem}."
                return back
        assert identity.key is not None and identity.name is not None
        self.note = ""
        attempt = identity.attempt_for(self.run.recording.daily)[0]
        self.submission = Submission(self.board, self.run.recording_now().to_dict(), identity.name, identity.key,
                                     self.app.now_ms(), attempt)
        return back

    def update(self, now_ms: float) -> bool:
        """Move the submission on; True when what is shown changed."""
        if self.board is not None:
            self.board.poll()
        if self.submission is None:
            return False
        before = (self.submission.stage, self.submission.line)
        self.submission.update(now_ms)
        return before != (self.submission.stage, self.submission.line)


class NameEntryState(State):
    """Type the name the board shows (1-24 printable characters), once: it is remembered."""

    def __init__(self, app: App, back: State, name: str, done: Callable[[str], State]) -> None:
        super().__init__(app)
        self.back, self.done, self.name, self.refused = back, done, name, ""
        self._blink = -1
        pygame.key.start_text_input()

    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.TEXTINPUT and not (BROWSER and event.text == " "):  # the page's space: below
            typed = [c for c in event.text if c.isprintable()]
            self.name = (self.name + "".join(c for c in typed if text.drawable(c)))[:MAX_NAME]
            self.refused = "" if all(text.drawable(c) for c in typed) else "That character cannot be shown"
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                return self.back
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                try:
                    return self.done(check_name(self.name))
                except ValueError as problem:
                    self.refused = str(problem)[:1].upper() + str(problem)[1:]
            elif event.key == pygame.K_BACKSPACE:
                self.name = "" if event.mod & pygame.KMOD_CTRL else self.name[:-1]
            elif event.key == pygame.K_SPACE and BROWSER:  # the page keeps Space from scrolling: no text comes
                # (web/threshold.tmpl's preventDefault stops the browser's keypress, SDL's source of text)
                self.name = (self.name + " ")[:MAX_NAME]
        return self

    def animating(self, now_ms: float) -> bool:
        return int(now_ms // 500) != self._blink

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self._blink = int(now_ms // 500)
        surface.blit(backdrop(), (0, 0))
        panel = draw_panel(surface, 300, 900)
        heading = text.render("Your name on the daily board", 38, palette.TITLE)
        surface.blit(heading, heading.get_rect(midtop=(centre_x(), panel.y + 26)))
        box = pygame.Rect(0, 0, min(640, panel.width - 40), 54)
        box.center = (centre_x(), panel.y + 130)
        pygame.draw.rect(surface, palette.BACKGROUND, box, border_radius=4)
        pygame.draw.rect(surface, palette.TITLE, box, 2, border_radius=4)
        caret = "|" if int(now_ms // 500) % 2 == 0 else " "
        surface.blit(text.render(self.name + caret, 30, palette.TEXT), (box.x + 12, box.y + 10))
        if self.refused:
            surface.blit(text.render(self.refused, 18, palette.TONE_COLOURS["bad"]), (box.x, box.bottom + 6))
        draw_lines(surface, [(f"1 to {MAX_NAME} characters, shown to everyone. Asked once: the game keeps it, "
                              "and a key that makes it yours.", 20, palette.TEXT_DIM),
                             ("Enter: send  ·  Esc: back", 20, palette.TEXT_DIM)], box.bottom + 34, 820)


def name_first(app: App, back: State, then: Callable[[], State]) -> State | None:
    """A daily about to begin with a board and no name kept: the name's screen (Esc: ``back``),
    then ``then()``; None when there is nothing to ask (the board's attempt needs a name)."""
    board = board_for(app)
    if board is None or not board.usable or board.identity().name is not None:
        return None

    def named(name: str) -> State:
        identity = board.identity()
        problem = keep_identity(app.storage, replace(identity, name=name, key=identity.key or new_key()))
        if problem is not None:
            app.say(f"Your name was not kept ({problem}): this daily is practice.", 8000)
        return then()

    return NameEntryState(app, back, "", named)
