"""The end of the player's turn: the monsters act by the scheduler, a deck loses air, fire and
gas go on (``game.world.terrain_turn``), time passes (potions wear off, smoke clears, the
player heals), a fallen Warden's floor gives way to the island, and what the player sees is
updated. ``Game.perform`` ends every turn a done
action took here; a task of several turns (freeing a captive, SPEC ALY-1) ends each of its
own turns here too, so it can stop between them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.boons import ARCANA, REGENERATION
from game.world import combat, consumables, lasers, scheduler, ships, terrain_turn, travel, zaps

if TYPE_CHECKING:
    from game.world.game import Game


def end_turn(game: Game) -> None:
    """Let one of the player's turns pass (after an action that took it)."""
    if not game.floor_changed:
        scheduler.run_until_player_acts(game, scheduler.minds())
    if not game.floor_changed and game.floor.ship_state is not None and game.player.alive:
        ships.tick(game)
    if not game.floor_changed and game.floor.terrain is not None and game.player.alive:
        terrain_turn.tick(game)  # fire, gas and water (SPEC TER-3..TER-5)
    if not game.floor_changed and game.floor.vault_state is not None:
        lasers.burn(game)  # (the beams firing as this turn ends: VLT-7)
    before = game.turn
    game.turn += 1 + game.pending_turns
    game.pending_turns = 0
    consumables.wear_off(game)
    if game.floor.smoke:
        consumables.clear_smoke(game)
    arcana, regenerating = ("arcana" in game.boons.taken), ("regeneration" in game.boons.taken)
    zaps.after_turn(game, (game.turn - before) * (ARCANA if arcana else 1))  # staffs and charms get their charges back
    every = combat.REGEN_TURNS // (REGENERATION if regenerating else 1)
    regained = game.turn // every - before // every
    if regained and game.player.alive:
        game.player.hp = min(game.player.max_hp, game.player.hp + regained)
    if game.returning is not None and game.player.alive:
        region, game.returning = game.returning, None
        travel.enter_overworld(game, game.world.entrances[region], whole_party=True)
    game.update_visibility()
