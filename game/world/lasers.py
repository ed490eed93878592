"""A laser vault's emitters and beams in play (SPEC VLT-7; seed 002's "destroy all the lasers").

Each beam fires on its emitter's rhythm (``Laser.fires``): a turn whose end finds the player
in a firing beam burns them. The beams that fire at the end of this turn and of the next
are known ahead, and drawn (TRU-5: nothing hurts that the player could not see coming).
Stepping onto an emitter smashes it, and its beam is gone; smashing every one is the goal.

A laser's place and rhythm are part of the level (``encode_lasers`` / ``decode_lasers``,
checked); which ones are smashed is the vault's state (``VaultState.smashed``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.map.vault_field import Laser
from game.world.fields import MAX_COUNT, Fields, Where, as_list, as_tiles, at, fail

if TYPE_CHECKING:
    from game.map.floor_map import FloorMap
    from game.map.vault_field import VaultField
    from game.world.game import Game
    from game.world.vaults import VaultState

Pos = tuple[int, int]
BURN_SHARE = 0.25
BURN_MIN_DAMAGE = 4
MAX_PERIOD = 60


def live(field_: VaultField, state: VaultState) -> list[Laser]:
    """The emitters not smashed yet."""
    return [laser for laser, smashed in zip(field_.lasers, state.smashed) if not smashed]


def firing(field_: VaultField, state: VaultState, turn: int) -> set[Pos]:
    """The cells that burn whoever stands in them when turn ``turn`` ends."""
    return {cell for laser in live(field_, state) if laser.fires(turn) for cell in laser.beam}


def burn_damage(game: Game) -> int:
    return max(BURN_MIN_DAMAGE, round(BURN_SHARE * game.player.max_hp))


def smash(game: Game) -> None:
    """The player stepped onto a cell of a vault: smash the emitter there, if any."""
    field_, state = game.floor.level.vault, game.floor.vault_state
    if field_ is None or state is None:  # (called in a vault only)
        return
    for index, laser in enumerate(field_.lasers):
        if laser.emitter == game.player.pos and not state.smashed[index]:
            state.smashed[index] = True
            left = len(live(field_, state))
            game.cue("kill")
            game.log.add(f"You smash the laser emitter; its beam dies. ({left} left)", "good", game.turn)


def burn(game: Game) -> None:
    """The end of the player's turn in a vault: a firing beam where they stand burns them."""
    field_, state = game.floor.level.vault, game.floor.vault_state
    if field_ is None or state is None or not field_.lasers or not game.player.alive:
        return
    if game.player.pos not in firing(field_, state, game.turn):
        return
    damage = burn_damage(game)
    game.player.hp -= damage
    game.cue("trap")
    game.log.add(f"A laser beam burns you ({damage})!", "bad", game.turn)
    if game.player.hp <= 0:
        game.kill(game.player, None, cause=f"burnt by a laser {game.whereabouts}")


def cell_text(field_: VaultField | None, state: VaultState | None, x: int, y: int, turn: int) -> str:
    """What the hover adds for a cell of a laser vault ("" elsewhere): an emitter, or a beam
    and when it next fires (the player's timing)."""
    if field_ is None or state is None:
        return ""
    for laser, smashed in zip(field_.lasers, state.smashed):
        if laser.emitter == (x, y):
            return ". A smashed laser emitter" if smashed else \
                f". A laser emitter: step onto it to smash it; its beam fires {laser.lit} turns of every {laser.period}"
    beams = [laser for laser in live(field_, state) if (x, y) in laser.beam]
    if not beams:
        return ""
    wait = min(next(t for t in range(laser.period) if laser.fires(turn + t)) for laser in beams)
    when = ("it fires as this turn ends" if wait == 0 else "it fires as the next turn ends" if wait == 1
            else f"dark for {wait} more turns")
    return f". A laser beam crosses it: {when}"


# --- saving ---------------------------------------------------------------------------------
def encode_lasers(lasers: tuple[Laser, ...]) -> list[dict[str, Any]]:
    return [{"emitter": list(laser.emitter), "beam": [list(cell) for cell in laser.beam], "period": laser.period,
             "lit": laser.lit, "phase": laser.phase} for laser in lasers]


def decode_lasers(data: Any, where: Where, area: FloorMap) -> tuple[Laser, ...]:
    """Lasers on the vault's floor: each beam a line of king steps away from its emitter, lit for
    1 to ``period - 1`` turns of a period, at a phase within it."""
    lasers = []
    for index, entry in enumerate(as_list(data, where)):
        path = at(where, index)
        fields = Fields(entry, path)
        emitter = fields.pos("emitter", area, on_floor=True)
        beam = tuple(as_tiles(fields.get("beam"), fields.path("beam"), area, on_floor=True))
        period = fields.integer("period", 2, MAX_PERIOD)
        steps = zip((emitter, *beam), beam)
        if not beam or emitter in beam or any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1 for a, b in steps):
            fail(fields.path("beam"), "a beam is a line of king steps from its emitter")
        lasers.append(Laser(emitter, beam, period, fields.integer("lit", 1, period - 1),
                            fields.integer("phase", 0, min(period - 1, MAX_COUNT))))
    return tuple(lasers)
