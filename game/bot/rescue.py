"""The autoplayer and captives (SPEC ALY-1): a captive in its way is freed when no foe is in
view and it may lead one more ally (``frees``: a policy that never frees sets it False); else
the bot steps round it, as it would round a pillar."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.map.floor_map import DIRECTIONS_8
from game.world.action import Action
from game.world.actions import FreeCaptive, Move
from game.world.party import ALLY_CAP, allies

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]


def past_captive(game: Game, captive: Actor, plan: list[Pos], frees: bool, threats: list[Actor]) -> Action | None:
    """What to do with ``captive`` on the next tile of ``plan``: free it when no foe is in view, else
    a step round it, else free it when no foe is beside the bot (a captive in a corridor with a foe
    beyond it would hold the bot there for good); None: the plan is dropped."""
    px, py = game.player.pos
    if frees and not threats and len(allies(game)) < ALLY_CAP:
        return FreeCaptive(captive.x - px, captive.y - py)
    beyond = plan[1] if len(plan) > 1 else None
    area = game.floor.map
    for dx, dy in DIRECTIONS_8:
        step = (px + dx, py + dy)
        if step == captive.pos or not area.can_step(px, py, dx, dy) or game.occupant(step) is not None:
            continue
        if beyond is None or max(abs(step[0] - beyond[0]), abs(step[1] - beyond[1])) <= 1:
            return Move(dx, dy)
    if frees and len(allies(game)) < ALLY_CAP and not any(_beside(game, m) for m in threats):
        return FreeCaptive(captive.x - px, captive.y - py)  # no way round: freed even with foes in view (not beside it)
    return None


def _beside(game: Game, monster: Actor) -> bool:
    return max(abs(monster.x - game.player.x), abs(monster.y - game.player.y)) <= 1
