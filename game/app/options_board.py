"""The Options screen's *Daily board* row (BRD-5): the board the end screen of a
daily offers to submit the run to.

On the desktop the row shows the board (``--board URL``, else the one kept in ``board.json``), or
"none". Enter opens its address for typing: ``http://`` or ``https://`` and a host, or nothing
for no board. Enter again keeps it in ``board.json``, where the board's name and key live
(``game.app.board``), and the game uses it from then on, in place of a ``--board`` given for
this session; a refused address is said why, and stays open to be mended; Esc leaves the board
as it was.

In the page the row only shows the board: a page uses its own site when a Threshold server
serves it, else the board its build names (``webbuild --board``). Those are the only boards that
let the page in (a board answers another site's page only when named with ``--allow-origin``),
so a typed address would not work there.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.app import clipboard
from game.app.board import keep_identity, load_identity
from game.app.board_http import MAX_URL, board_url
from game.app.board_screen import board_for
from game.app.platform import BROWSER

if TYPE_CHECKING:
    from game.app.app import App

NONE = "none"


def desktop_board(app: App) -> str | None:
    """The board the desktop uses: ``--board``, else the one kept in ``board.json``."""
    return getattr(app.options, "board", None) or load_identity(app.storage).board


def set_board(app: App, typed: str) -> str | None:
    """Make ``typed`` the desktop's board (empty: none) and keep it: None when done, else why
    not (an address that is not a board's, or a file that could not be written)."""
    try:
        url = board_url(typed) if typed.strip() else None
    except ValueError as wrong:
        return str(wrong)
    identity = load_identity(app.storage)
    problem = keep_identity(app.storage, replace(identity, board=url))
    if problem is not None:
        return problem[:1].upper() + problem[1:]
    app.options = replace(app.options, board=url)  # over --board, for the rest of this session
    if hasattr(app, "board_client"):
        del app.board_client  # game.app.board_screen.board_for makes the new one
    return None


class BoardRow:
    """The row's value, its words below the rows, and its typing (``typing`` is the address being
    typed, or None)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.typing: str | None = None
        self.note = ""  # what the last Enter did (a refusal when ``refused``)
        self.refused = False
        self._url = None if BROWSER else desktop_board(app)

    @property
    def url(self) -> str | None:
        """The board in use (in the page: None until its own site has answered as a board)."""
        if not BROWSER:
            return self._url
        board = board_for(self.app)
        return board.url if board is not None and board.usable else None

    def value(self) -> str:
        """What the row shows at its right end."""
        if self.typing is not None:
            return self.typing
        if BROWSER:
            board = board_for(self.app)
            if board is not None and board.guessed:
                return {"ok": "this site", "unknown": "looking…"}.get(board.reach, NONE)
        return self.url or NONE

    def about(self) -> str:
        if self.note:
            return self.note
        if self.typing is not None:
            return "Type the board's address (http:// or https://); empty: no board. Enter keeps it, Esc leaves it."
        if BROWSER:
            return (f"Daily runs are sent to {self.url}." if self.url else "This page has no daily board.") + \
                " The page's own site, or the board its build names: it cannot be changed here."
        where = f"Daily runs are sent to {self._url}." if self._url else "No board: daily runs are not sent."
        return f"{where} Enter: type a board's address (a Threshold server)."

    def waiting(self) -> bool:
        """Whether the row may change by itself (the page's site not yet answered)."""
        if not BROWSER:
            return False
        board = board_for(self.app)
        return board is not None and board.reach == "unknown"

    def activate(self) -> None:
        """Enter or a click on the row: start typing (on the desktop; in the page the words below
        the rows already say why not)."""
        if BROWSER:
            return
        self.typing, self.note, self.refused = self._url or "", "", False
        pygame.key.start_text_input()

    def on_event(self, event: pygame.event.Event) -> None:
        """An event while typing (the screen sends them all here then)."""
        assert self.typing is not None
        if event.type == pygame.TEXTINPUT:
            self._type(event.text)
        elif event.type != pygame.KEYDOWN:
            return
        elif event.key == pygame.K_ESCAPE:
            self.typing, self.note, self.refused = None, "", False
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._keep()
        elif event.key == pygame.K_BACKSPACE:
            self.typing = "" if event.mod & pygame.KMOD_CTRL else self.typing[:-1]
        elif event.key == pygame.K_v and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self._type(clipboard.paste() or "")

    def _type(self, characters: str) -> None:
        assert self.typing is not None
        kept = "".join(c for c in characters if c.isprintable() and not c.isspace())
        self.typing = (self.typing + kept)[:MAX_URL]

    def _keep(self) -> None:
        assert self.typing is not None
        problem = set_board(self.app, self.typing)
        if problem is not None:
            self.note, self.refused = f"Not kept: {problem}", True
            return
        self._url, self.typing, self.refused = desktop_board(self.app), None, False
        self.note = f"Kept: daily runs go to {self._url}." if self._url else "Kept: no board."
