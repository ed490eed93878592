"""What a held key may do in play: walk on and wait on, never surprise the player (TRU-2).

A key's repeats (``event.repeat``, ``game.app.key_repeats``) do again only what its press just
did, a step or a wait: a key still held after it attacked, opened a door or met a wall does
nothing more until it is pressed again (one kill, no step after it). A held step also stops,
saying so once, before a trap vault's cell not revealed (a trap deduced there, or one not yet
known: stepping there is the player's own deduction), before a step certain to hurt (a press
asks first: ``game.world.harm``) and before a tile within reach of a foe in view (beside it, two
tiles from a faster one, or where its telegraphed trick will land). A fresh press still does
it. No pygame here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.behaviours import endangered
from game.app.walking import monsters_in_sight
from game.bot.explore import safe
from game.world.action import Action, Done, Result
from game.world.actions import Move, Wait
from game.world.harm import step_harm, wait_harm
from game.world.scheduler import speed_of
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.world.actor import Actor
    from game.world.game import Game

Pos = tuple[int, int]


def foe_reaching(game: Game, pos: Pos) -> Actor | None:
    """The nearest foe in view that could hit ``pos`` before the player acts again: one beside
    it, one faster than the player two tiles away, or one whose raised trick covers it."""
    player = game.player
    seen = monsters_in_sight(game)
    near = []
    for monster in game.floor.actors:
        if monster.eid not in seen or peaceful(monster):
            continue
        reach = 2 if speed_of(monster) > speed_of(player) else 1
        distance = max(abs(monster.x - pos[0]), abs(monster.y - pos[1]))
        if distance <= reach or endangered(monster, pos):
            near.append((distance, monster.eid, monster))
    return min(near)[2] if near else None


def step_stops(game: Game, dx: int, dy: int) -> str | None:
    """Why a held key stops before stepping by ``(dx, dy)``, or None when it may step there."""
    x, y = game.player.x + dx, game.player.y + dy
    if not game.floor.map.is_floor(x, y):
        return None  # the move itself is refused
    if not safe(game)[y, x]:
        return "You stop before a cell not revealed yet. Press the key again to step on it."
    harm = step_harm(game, dx, dy)
    if harm is not None:  # a press asks first; a held key stops
        return f"You stop: {harm.warning} Press the key again to choose."
    foe = foe_reaching(game, (x, y))
    if foe is not None:
        return f"You stop: {game.name_of(foe)} is within reach. Press the key again to go on."
    return None


class HeldKey:
    """The key whose last press or repeat made a plain step or a wait: its repeats may go on."""

    def __init__(self) -> None:
        self.key: int | None = None
        self.told = False  # the player was told why the held key stopped

    def stops(self, game: Game, key: int, repeat: bool, action: Action) -> str | None:
        """None to take ``action`` for this key press or repeat; otherwise what to tell the
        player ("" for nothing) while the repeat does nothing."""
        if not repeat:
            return None
        if key != self.key:
            return ""
        if isinstance(action, Move):
            why = step_stops(game, action.dx, action.dy)
        else:  # a held wait stops before a laser beam fires where the player stands (VLT-7)
            harm = wait_harm(game)
            why = None if harm is None else f"You stop: {harm.warning} Press the key again to choose."
        if why is None or self.told:
            return why if why is None else ""
        self.told = True
        return why

    def acted(self, game: Game, key: int, action: Action, before: Pos, result: Result) -> None:
        """After the key's action: its repeats may go on only after a step or a wait."""
        went_on = isinstance(action, Wait) or game.player.pos != before
        self.key = key if isinstance(result, Done) and went_on else None
