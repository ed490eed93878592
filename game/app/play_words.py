"""What the play screen says beside the map: the words for what is under the pointer (the hover
line) and the way to the monsters in view that the map does not show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.app.describe import carried_text, tile_text
from game.app.zoomed_hover import zoomed_text
from game.render.camera import Camera
from game.render.sidebar_in_view import off_screen

if TYPE_CHECKING:
    from game.app.aim import Aim
    from game.app.play import PlayState


def monsters_away(play: PlayState) -> dict[int, tuple[int, int]]:
    """The monsters in view that the map does not show (none on the zoomed map, which shows
    the whole floor): the camera stays centred on the player (SPEC REN-3), so the sidebar's
    list points the way to them instead."""
    if play.zoomed:
        return {}
    resting = Camera.following(*play.game.player.pos, play.view.view, play.view.tile)
    return off_screen(play.game, resting)


def hover_text(play: PlayState, aim: Aim | None = None, prompt: str = "") -> str:
    """What is under the pointer (on the zoomed map too, or an inventory row of the sidebar);
    while aiming (``aim``, with the sidebar asking ``prompt``), what is at the target."""
    row = play.hud.row_at(play.mouse) if play.mouse is not None and aim is None else None
    if row is not None:
        return carried_text(play.game, row)
    if play.zoomed and aim is None:
        return zoomed_text(play.game, play.view.zoom, play.mouse)
    if aim is not None:  # "The blast will reach you! The rat (4/4, hunting)..."
        warning = aim.warning(play.game)
        warning = "" if warning and prompt.startswith(warning) else warning  # asked already: said once
        return " ".join(filter(None, (warning, tile_text(play.game, aim.target))))
    return tile_text(play.game, play.hover, play.pointer.edge_under(play.mouse))
