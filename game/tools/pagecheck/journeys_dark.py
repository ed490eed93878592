"""The journeys that click and tap what cannot be walked to (TRU-1): on each layout (the
desktop, a phone held upright, one on its side) and each floor kind (the island, a dungeon, a
trap vault, a derelict deck), a click and a tap on every kind of tile the player cannot walk to
or see: the sea or the void outside (``outside``), a wall or the hull (``wall``), a room not seen
yet (``unseen``), a room seen before and out of sight now (``remembered``), a vault's cell not
revealed (``unrevealed``). Not one may reach the error screen.

The tiles come from the game's state inside the page: ``place_beside`` (run there from its own
source, as the journeys' other in-page checks are) puts the player where such a tile lies
``OFFSET`` tiles east of them and draws the screen; the camera centres on the player, so the tile
is then at a fixed point of the map (``target_point``), which the steps click and tap. The first floor is the page's
``?start=``; the others are begun in the page as ``--start`` begins them (``RunKeeper.start_run``).
"""

from __future__ import annotations

import inspect
from typing import Any

from game.tools.pagecheck.journey import APP, SETTLE, Check, Journey, Step, first_frame, holds, py
from game.tools.pagecheck.journeys_phone import PHONE, SIDEWAYS

OFFSET = 3
"""How far east of the player the tile clicked lies (inside the map on every layout)."""
TILE = 24
"""The map's tile size in a new page (``Settings.map_tile``)."""
WALL_INSIDE = 3
"""A wall is clicked this many pixels inside the tile beyond it (within ``describe.EDGE_MARGIN``
of the wall, more than a tap's one-pixel error)."""
KINDS = {"island": ("outside", "wall"), "dungeon": ("outside", "wall", "unseen", "remembered"),
         "vault": ("outside", "wall", "unrevealed"), "ship": ("outside", "wall", "unseen", "remembered")}
"""The kinds of tile each floor kind has to click (the island is all seen: its dark is the sea)."""


def place_beside(kind: str, offset: int = OFFSET) -> list[int] | None:
    """In the running game, on the play screen: put the player on a floor tile whose neighbour
    ``offset`` tiles east is of ``kind`` (after the move, as the player now sees it), and the view
    on them; ``[x, y, tx, ty]``, or None when this floor has no such tile. Self-contained: the page
    runs it from its source (``game.tools`` is not in the web archive)."""
    import numpy as np

    from game.app.app import running_app
    from game.app.play import PlayState
    from game.map.edges import Edge

    app = running_app()
    assert app is not None
    play = app.state
    assert isinstance(play, PlayState), "placed on the play screen"
    game = play.game
    floor, area = game.floor, game.floor.map
    rooms = area.rooms
    width = rooms.shape[1]
    field = floor.level.vault
    revealed = floor.vault_state.revealed if floor.vault_state is not None else None

    def fits(tx: int, ty: int) -> bool:
        room = area.room_at(tx, ty)
        if kind == "outside":
            return room < 0
        if kind == "wall":
            return area.room_at(tx - 1, ty) >= 0 and area.edge_kind_toward(tx - 1, ty, 1, 0) in (Edge.WALL, Edge.HULL)
        if kind == "unseen":
            return room >= 0 and not floor.seen_rooms[room] and not play.walks.behind_a_known_door((tx, ty))
        if kind == "remembered":
            return room >= 0 and bool(floor.seen_rooms[room]) and not floor.in_sight(tx, ty)
        if kind == "unrevealed":
            return field is not None and revealed is not None and bool(field.inside[ty, tx]) and not revealed[ty, tx]
        raise ValueError(f"no kind of tile {kind!r}")

    standing = rooms[:, :width - offset] >= 0
    if revealed is not None and field is not None:  # a vault's player stands on a revealed cell, not a trap
        standing &= revealed[:, :width - offset] & ~field.traps[:, :width - offset]
    ys, xs = np.nonzero(standing)
    px, py = game.player.pos
    tiles = sorted(zip(xs.tolist(), ys.tolist()), key=lambda p: (abs(p[0] - px) + abs(p[1] - py), p))
    for _ in range(2):  # and once more after the map is read, for a remembered room
        for x, y in tiles:
            if not fits(x + offset, y) or game.occupant((x, y)) is not None:
                continue
            game.move_actor(game.player, x, y)
            game.update_visibility()
            if fits(x + offset, y):  # still, now that the player sees from there
                play.walk, app.state = None, play
                play.view.sync(game, app.now_ms())
                play.view.motion.forget(game.player.eid)  # the view jumps there, as a floor's first frame does
                app.redraw()  # the camera a click is read with is the one last drawn
                return [x, y, x + offset, y]
        if kind != "remembered":
            break
        floor.reveal_all()  # few rooms seen yet: the floor's map read (a scroll does it), all remembered
    return None


def target_point(size: tuple[int, int], kind: str) -> tuple[int, int]:
    """Where the tile ``OFFSET`` east of the player is on a page of ``size`` (the layout the game
    picks for it): its middle, or for a wall just inside it, by the wall."""
    from game.render.layout import LANDSCAPE, phone

    page = LANDSCAPE if size == LANDSCAPE.size else phone(*size)
    x, y, w, h = page.map_rect
    cx, cy = x + w / 2, y + h / 2  # the player's tile's middle
    if kind == "wall":
        return int(cx + (OFFSET - 0.5) * TILE + WALL_INSIDE), int(cy)
    return int(cx + OFFSET * TILE), int(cy)


PLACE = f"OFFSET = {OFFSET}\n" + inspect.getsource(place_beside)
"""``place_beside``'s source, for the page to run."""
LOG = "_dark_log"
"""The page's record of each click and tap: ``[floor, kind, gesture, the screen after]``."""


def _clicks(floor: str, size: tuple[int, int]) -> tuple[str, ...]:
    steps: list[str] = []
    for kind in KINDS[floor]:
        point = "{} {}".format(*target_point(size, kind))
        steps += [py(f"_dark = place_beside({kind!r})"), "expect-py _dark is not None", "wait-frames 2"]
        for gesture in ("click", "tap"):
            steps += [f"{gesture} {point}", "wait-frames 4",
                      py(f"{LOG}.append([{floor!r}, {kind!r}, {gesture!r}, type({APP}.state).__name__])")]
    return tuple(steps)


def _begin(floor: str) -> tuple[str, ...]:
    """A new run on ``floor``'s kind, begun as ``--start`` begins one; its loading screen done."""
    return (py(f"_a = {APP}; _a.state = _a.runs.start_run('7', start={floor!r})"), SETTLE,
            f"expect-py type({APP}.state).__name__ == 'PlayState'")


def _all_clicked(probe: dict[str, Any], _: list[dict[str, Any]]) -> bool:
    log = probe["read"]
    wanted = {(floor, kind, gesture) for floor, kinds in KINDS.items() for kind in kinds for gesture in ("click", "tap")}
    return {(floor, kind, gesture) for floor, kind, gesture, _ in log} == wanted and \
        all(screen == "PlayState" for *_, screen in log) and probe["screen"] == "PlayState"


def _on_play_screen_of(floor: str) -> Check:
    kind = {"island": "overworld"}.get(floor, floor)
    return holds(lambda p, _: p["screen"] == "PlayState" and p["run"]["kind"] == kind,
                 f"not on the {floor}'s play screen")


def dark_journey(name: str, size: tuple[int, int] | None) -> Journey:
    """Click and tap every kind of dark tile, wall, sea and unseen tile of every floor kind."""
    page = size or (1280, 720)
    steps = [Step("open ?seed=7&start=island; the in-page helper", (
        *first_frame("tap" if size else "click"), SETTLE, py(f"exec({PLACE!r})"), py(f"{LOG} = []")),
        holds(lambda p, _: p["run"]["kind"] == "overworld", "not on the island"))]
    for floor in KINDS:
        steps.append(Step(f"{floor}: click and tap each kind of tile the player cannot walk to",
                          (*(_begin(floor) if floor != "island" else ()), *_clicks(floor, page)),
                          _on_play_screen_of(floor)))
    steps.append(Step("every click and tap left the play screen on", (), holds(
        _all_clicked, "a kind of tile was not clicked, or a click left the play screen"), read=LOG))
    return Journey(name, "click and tap the dark: the sea, walls, unseen and remembered rooms, unrevealed cells, "
                   "on every floor kind", steps, query="seed=7&start=island", size=size)


DARK = dark_journey("dark", None)
DARK_PHONE = dark_journey("dark-phone", PHONE)
DARK_SIDEWAYS = dark_journey("dark-sideways", SIDEWAYS)
