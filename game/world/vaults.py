"""Playing a trap vault (SPEC VLT-3, VLT-5; seed 002).

What play keeps of a generated vault is a ``VaultField``: where the traps are, the
numbers, and the goal (the maze stays hidden and is not kept). What the player has
found is a ``VaultState``: the cells revealed, the traps sprung, and whether the
goal is met. The rules, Minesweeper's from the inside:

* the cells around the entrance start revealed; every cell you stand on is
  revealed and shows its number; a revealed 0 reveals its neighbours, and so on;
* traps cannot be marked; stepping on one hurts badly (``TRAP_SHARE`` of your
  health), shows it and spends it, and the vault stays playable;
* meeting the goal (every coin, every bug, every laser emitter smashed: VLT-7,
  ``game.world.lasers``, or the watcher that sees: VLT-8) opens the stairs down and pays out: coins and an item.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from game.map.vault_field import VaultField
from game.world import lasers, specials
from game.world.fields import Fields, Where, as_bool, at, decode_array, encode_array, fail

if TYPE_CHECKING:
    from game.world.game import Game

GOALS = ("coins", "bugs", "lasers", "watcher")
TRAP_SHARE = 0.4
TRAP_MIN_DAMAGE = 6
PAYOUT_COINS = 12  # plus 6 a floor of depth
_NEIGHBOURS = [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy]


@dataclass
class VaultState:
    """What the player has found in a vault."""

    revealed: npt.NDArray[np.bool_]  # bool [y, x]
    sprung: npt.NDArray[np.bool_]  # bool [y, x]: traps that went off (shown, spent)
    cleared: bool = False
    smashed: list[bool] = field(default_factory=list)  # one a laser of the field: its emitter is smashed

    @classmethod
    def fresh(cls, field_: VaultField) -> VaultState:
        shape = field_.numbers.shape
        return cls(np.zeros(shape, dtype=bool), np.zeros(shape, dtype=bool), smashed=[False] * len(field_.lasers))

    def to_dict(self) -> dict[str, Any]:
        return {"revealed": encode_array(self.revealed), "sprung": encode_array(self.sprung), "cleared": self.cleared,
                "smashed": list(self.smashed)}

    @classmethod
    def from_dict(cls, data: Any, where: Where, field_: VaultField) -> VaultState:
        """Checked (``SaveError``): revealed cells hold no live trap, sprung ones are traps."""

        fields = Fields(data, where)
        revealed = decode_array(fields.get("revealed"), fields.path("revealed"), "b1", 2)
        sprung = decode_array(fields.get("sprung"), fields.path("sprung"), "b1", 2)
        for name, array in (("revealed", revealed), ("sprung", sprung)):
            if array.shape != field_.numbers.shape:
                fail(fields.path(name), f"shape {array.shape} is not the vault's {field_.numbers.shape}")
        if (revealed & (field_.numbers < 0)).any():
            fail(fields.path("revealed"), "a revealed cell is a trap or outside the vault")
        if (sprung & ~field_.traps).any():
            fail(fields.path("sprung"), "a sprung trap where there is no trap")
        entries = fields.list("smashed", len(field_.lasers))
        smashed = [as_bool(value, at(fields.path("smashed"), i)) for i, value in enumerate(entries)]
        return cls(revealed, sprung, fields.flag("cleared"), smashed)


def reveal(field_: VaultField, state: VaultState, x: int, y: int) -> None:
    """Reveal a safe cell; a 0 reveals its neighbours, and theirs, as in Minesweeper."""
    numbers, revealed = field_.numbers, state.revealed
    height, width = numbers.shape
    if not (0 <= x < width and 0 <= y < height) or numbers[y, x] < 0 or revealed[y, x]:
        return
    revealed[y, x] = True
    queue = deque([(x, y)] if numbers[y, x] == 0 else [])
    while queue:
        cx, cy = queue.popleft()
        for dx, dy in _NEIGHBOURS:
            nx, ny = cx + dx, cy + dy
            if 0 <= nx < width and 0 <= ny < height and numbers[ny, nx] >= 0 and not revealed[ny, nx]:
                revealed[ny, nx] = True
                if numbers[ny, nx] == 0:
                    queue.append((nx, ny))


def arrive(field_: VaultField, state: VaultState, entrance: tuple[int, int]) -> None:
    """The cells around the entrance start revealed (none of them holds a trap)."""
    ex, ey = entrance
    for dx, dy in [(0, 0), *_NEIGHBOURS]:
        reveal(field_, state, ex + dx, ey + dy)


def stepped(game: Game) -> None:
    """The player stepped onto a cell of a vault: reveal it, or spring its trap."""
    floor = game.floor
    field_, state = floor.level.vault, floor.vault_state
    if field_ is None or state is None:  # (the turn calls this in a vault only)
        return
    x, y = game.player.pos
    lasers.smash(game)
    if field_.traps[y, x] and not state.sprung[y, x]:
        state.sprung[y, x] = True
        damage = max(TRAP_MIN_DAMAGE, round(TRAP_SHARE * game.player.max_hp))
        game.player.hp -= damage
        game.cue("trap")
        game.log.add(f"A trap snaps shut on you ({damage})!", "bad", game.turn)
        if game.player.hp <= 0:
            game.kill(game.player, None, cause=f"caught in a trap {game.whereabouts}")
        return
    if not state.revealed[y, x]:
        game.cue("reveal")
    reveal(field_, state, x, y)


def progress(game: Game) -> tuple[int, int]:
    """(done, wanted) towards the vault's goal: coins taken, bugs destroyed, emitters smashed, or
    the watcher destroyed."""
    floor = game.floor
    field_ = floor.level.vault
    if field_ is None:  # not a vault: no goal
        return 0, 0
    if field_.goal == "lasers":
        state = floor.vault_state
        smashed = 0 if state is None else sum(state.smashed)
        return smashed, len(field_.lasers)
    if field_.goal == "watcher":
        return (0, 1) if any(m.alive and m.kind == "watcher" for m in floor.actors) else (1, 1)
    if field_.goal == "bugs":
        alive = sum(1 for m in floor.actors if m.alive and m.kind == "alien_bug")
        return field_.bugs - alive, field_.bugs
    lying = sum(1 for item in floor.items if item.kind == "coins")
    return field_.coins - lying, field_.coins


def goal_text(field_: VaultField) -> str:
    if field_.goal == "watcher":
        return "destroy the watcher, which sees you within 6 cells (TNT does it)"
    if field_.goal == "lasers":
        return "smash every laser emitter (step onto it; a beam burns when it fires)"
    return "take every coin" if field_.goal == "coins" else "destroy every alien bug (TNT does it)"


def check_goal(game: Game) -> None:
    """When the goal is met: open the stairs down and pay out, once."""
    floor = game.floor
    state = floor.vault_state
    if state is None or state.cleared:  # (called in a vault only)
        return
    done, wanted = progress(game)
    if done < wanted:
        return
    state.cleared = True
    coins = PAYOUT_COINS + 6 * game.depth
    specials.earn_coins(game, coins)
    prize = game.stream("loot").choice(["potion_healing", "tnt", "scroll_mapping"])
    game.drop_item(prize, game.player.pos)
    game.log.add(f"The vault is cleared: the stairs down open, and {coins} coins and a prize are yours.",
                 "good", game.turn)
