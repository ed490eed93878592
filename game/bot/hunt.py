"""The autoplayer's hunt for a Warden on its floor (a Warden's floor has no stairs down): to where
it was last seen, then through the rooms not swept since. A part of the bot's route
(``game.bot.plans.Route``), whose ``quarry`` and ``swept`` it keeps."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import numpy as np

from game.content.monsters import is_warden
from game.world.hazards import Mask
from game.world.paths import Navigator, Pos

if TYPE_CHECKING:
    from game.bot.plans import Route
    from game.world.game import Game


def hunt(route: Route, game: Game, nav: Navigator, known: Callable[[int], bool],
         keep: Mask | None = None, rounds: int = 2, known_mask: Mask | None = None) -> list[Pos]:
    """To where the Warden was last seen; after that, through the rooms not swept since
    (Wardens that blink away or keep their distance do not wait at the stairs' tile)."""
    floor, me = game.floor, game.player.pos
    warden = next((a for a in floor.actors if a.alive and is_warden(a.kind)), None)
    if warden is None:
        return []
    if floor.in_sight(*warden.pos):
        route.quarry, route.swept = warden.pos, set()
    route.swept.add(floor.map.room_at(*me))
    width = floor.map.width
    if route.quarry is not None and route.quarry != me:
        goal = route.quarry[1] * width + route.quarry[0]
        plan = (nav.path(me, lambda i: i == goal, known) if known_mask is None
                else nav.route(me, [route.quarry], known_mask))
        if plan:
            return plan
        if rounds == 1:
            return []  # (a dry first try: the Warden may wait over water, for the wet one)
    route.quarry = None
    rooms: list[int] = floor.map.rooms.ravel().tolist()
    for _ in range(rounds):  # (a dry first try sweeps once, and keeps what it swept)

        def unswept(i: int, swept: set[int] = route.swept) -> bool:
            return rooms[i] >= 0 and rooms[i] not in swept

        if keep is None or known_mask is None:
            plan = nav.path(me, unswept, known)
        else:  # (on a floor with terrain: by masks, and never to a hazard)
            area = floor.map.rooms
            plan = nav.route(me, (area >= 0) & ~np.isin(area, sorted(route.swept)) & keep, known_mask)
        if plan:
            return plan
        if rounds > 1:
            route.swept = {floor.map.room_at(*me)}  # every room swept: start another round
    return []
