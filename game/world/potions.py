"""What drinking a potion does (SPEC ITM-4, ITM-6), and confusion's stagger. World rules only.

``drink`` is what ``UseSlot`` does with a potion: the potion is gone, its effect happens, and
the kind is known from then on (every potion's effect shows). Rolls come from the ``combat``
stream (the flames) or from streams named by the seed and the turn (a confused step), so
drinking changes no roll of the floor's monsters or loot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.content.items import ITEMS
from game.content.potions import FLAMES, SELF_BURN, STRENGTH_GAIN
from game.map.floor_map import DIRECTIONS_8
from game.rng import Rng
from game.world import consumables, fire, magic
from game.world.action import Done, Impossible, Result
from game.world.blast import blast_area

if TYPE_CHECKING:
    from game.world.game import Game

CONFUSED_STAGGER = 0.75
"""A confused player's step goes in a random direction this often (SPEC ITM-6)."""
FLAME_LOUDNESS = 4


def drink(game: Game, kind: str) -> Result:
    """Drink the potion ``kind`` from the pack."""
    player = game.player
    if kind == "potion_healing" and magic.knows(game, kind) and player.hp >= player.max_hp:
        return Impossible("You are already at full health.")
    game.log.add(f"You drink {magic.item_name(game, kind, article=True)}.", "info", game.turn)
    game.inventory.remove(kind)
    game.cue("potion")
    text = EFFECTS[kind](game, kind)
    if magic.identify(game, kind):
        text += f" (It was {magic.item_name(game, kind, article=True)}.)"
    return Done(text.strip())


def _healing(game: Game, kind: str) -> str:
    player = game.player
    healed = min(ITEMS[kind].heal, player.max_hp - player.hp)
    player.hp += healed
    return f"You feel better (+{healed})."


def _speed(game: Game, kind: str) -> str:
    consumables.haste(game, ITEMS[kind].turns)
    return f"You move twice as fast ({game.player.hasted} turns)."


def _strength(game: Game, kind: str) -> str:
    game.magic.strength += STRENGTH_GAIN
    return f"Power surges through your arms: +{game.magic.strength} to hit and to the damage of every blow."


def _life(game: Game, kind: str) -> str:
    player = game.player
    player.max_hp += ITEMS[kind].heal
    player.hp = player.max_hp
    return f"Life floods through you: you are whole, and your health is {player.max_hp} at most now."


def _spell(spell: str, words: str) -> Callable[[Game, str], str]:
    def cast(game: Game, kind: str) -> str:
        game.magic.spells[spell] += ITEMS[kind].turns
        return words
    return cast


def _incineration(game: Game, kind: str) -> str:
    """Flames burst out around the drinker: everyone beside them burns, they a little."""
    centre = game.player.pos
    tiles, _ = blast_area(game, centre, 1)
    rng = game.stream("combat")
    victims = [a for a in [game.player, *game.floor.actors] if a.alive and a.pos in tiles]
    hurt = []
    for victim in sorted(victims, key=lambda a: a.eid):
        amount = rng.randint(*(SELF_BURN if victim is game.player else FLAMES))
        victim.hp -= amount
        if game.player_sees(victim):
            hurt.append(f"{game.name_of(victim)} ({amount})")
    game.log.add("Flames burst out of the bottle! They burn " + ", ".join(hurt) + ".", "bad", game.turn)
    fire.ignite(game, sorted(tiles))  # and light the grass around (SPEC TER-3)
    for victim in sorted(victims, key=lambda a: a.eid):
        if victim.hp <= 0:
            cause = f"burnt by a potion of incineration {game.whereabouts}" if victim is game.player else None
            game.kill(victim, game.player, cause)
    for monster in victims:
        if monster is not game.player and monster.alive:
            monster.state, monster.target, monster.target_eid = "hunting", game.player.pos, game.player.eid
    game.cue("explosion")
    game.make_noise(centre, FLAME_LOUDNESS)
    game.effects.append(("explosion", centre, 1, game.turn))
    return ""


EFFECTS: dict[str, Callable[[Game, str], str]] = {
    "potion_healing": _healing,
    "potion_speed": _speed,
    "potion_strength": _strength,
    "potion_life": _life,
    "potion_darkness": _spell("darkness", "Darkness gathers around you: monsters not already after you will "
                                          "not notice you unless you stand beside them."),
    "potion_hallucination": _spell("hallucination", "Colours swirl, and the faces of things shift and melt."),
    "potion_incineration": _incineration,
    "potion_confusion": _spell("confusion", "Your head spins: your feet no longer go where you tell them."),
}
"""What each potion does; returns what the player is told after "You drink ..."."""


def stagger(game: Game, dx: int, dy: int) -> tuple[int, int]:
    """Where a confused player's step toward ``(dx, dy)`` goes: often a random direction they can
    step in (never into a wall; a foe there is attacked). The same all through one turn, so asking
    twice gives the same answer."""
    if not magic.under(game, "confusion"):
        return dx, dy
    rng = Rng.stream(game.seed, "confusion", game.turn)
    if rng.random() >= CONFUSED_STAGGER:
        return dx, dy
    area, (px, py) = game.floor.map, game.player.pos
    open_ = [d for d in DIRECTIONS_8 if area.is_floor(px + d[0], py + d[1]) and area.can_step(px, py, *d)]
    return rng.choice(open_) if open_ else (dx, dy)
