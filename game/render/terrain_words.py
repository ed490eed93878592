"""What a floor's terrain is called where the player reads about it (SPEC REN-7, UI-8): the
hover over a tile, and the sidebar's "Here:" line for the player's own. Words only, read from
the world: the ground as it is now (``Floor.terrain``, else the generated ``Level.ground``), the
fire and the gas, told only on tiles in sight (what burns out of sight is not known)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.content.themes import THEMES
from game.map.ground import GROUND_NAMES, Ground

if TYPE_CHECKING:
    from game.world.floor import Floor

GROUND_WORDS: dict[int, str] = {
    Ground.GRASS: "Grass: fire runs through it",
    Ground.BRUSH: "Brush: it burns long and hot",
    Ground.WATER: "Deep water: you swim here; heavy things may slip away",
    Ground.CHASM: "A chasm: a fall to the floor below",
    Ground.ASH: "Ash: burnt ground, nothing left to burn",
    Ground.BRIDGE: "A bridge: planks over the drop, and they burn",
}
"""The hover's words for a tile of each ground but bare floor."""
GAS_WORDS: dict[str, str] = {
    "poison": "Poison gas: breathing it hurts",
    "confusion": "Confusion gas: whoever breathes it stumbles about",
}
FIRE_WORDS = "fire burns whoever stands in it"
FEATURE_WORDS: dict[str, str] = {"vent": "A vent in the floor: it breathes {gas}"}
"""The terrain's own fixtures: ``{gas}`` is what the region's vents breathe."""


def ground_at(floor: Floor, x: int, y: int) -> int:
    """The ground code of ``(x, y)`` as it is now (bare floor where the floor has none)."""
    ground = floor.level.ground if floor.terrain is None else floor.terrain.ground
    return Ground.FLOOR if ground is None else int(ground[y, x])


def fire_name(floor: Floor, x: int, y: int) -> str:
    """What burns at ``(x, y)``: "burning grass", "a burning bridge", "fire" ("" where nothing does)."""
    if floor.terrain is None or not floor.terrain.fire[y, x]:
        return ""
    code = ground_at(floor, x, y)
    if code == Ground.BRIDGE:
        return "a burning bridge"
    return f"burning {GROUND_NAMES[Ground(code)]}" if code in (Ground.GRASS, Ground.BRUSH) else "fire"


def gas_name(floor: Floor, x: int, y: int) -> str:
    """The gas hanging at ``(x, y)``: "poison gas", "confusion gas" ("" where there is none)."""
    terrain = floor.terrain
    if terrain is None or not terrain.gas[y, x] or terrain.gas_kind not in GAS_WORDS:
        return ""
    return f"{terrain.gas_kind} gas"


def danger_words(floor: Floor, x: int, y: int) -> str:
    """The hover's first words for a tile in sight: its fire and its gas ("" for neither)."""
    if not floor.in_sight(x, y):
        return ""
    words = []
    fire = fire_name(floor, x, y)
    if fire:
        words.append(f"{fire[0].upper()}{fire[1:]}: {FIRE_WORDS}")
    if gas_name(floor, x, y):
        words.append(GAS_WORDS[floor.terrain.gas_kind])  # type: ignore[union-attr]  # gas_name saw it
    return ". ".join(words)


def with_dangers(floor: Floor, x: int, y: int, there: str) -> str:
    """The hover's words ``there`` for a tile, its fire and gas told first; bare floor, or the
    ground the fire has named ("Burning grass"), not told again."""
    danger = danger_words(floor, x, y)
    if not danger:
        return there
    if there == "Floor" or (fire_name(floor, x, y) and there == ground_words(floor, x, y)):
        return f"{danger}."
    return f"{danger}. {there}"


def ground_words(floor: Floor, x: int, y: int) -> str:
    """The hover's words for the ground of ``(x, y)`` ("" for bare floor)."""
    return GROUND_WORDS.get(ground_at(floor, x, y), "")


def standing_on(floor: Floor, x: int, y: int) -> str:
    """Where one stands at ``(x, y)``, as "You, ..." goes on: "in deep water", "on grass" ("" on floor)."""
    code = ground_at(floor, x, y)
    if code == Ground.FLOOR:
        return ""
    return f"{'in' if code == Ground.WATER else 'on'} {GROUND_NAMES[Ground(code)]}"


def here(floor: Floor, pos: tuple[int, int]) -> list[str]:
    """The terrain of the player's own tile as the "Here:" line says it, dangers first:
    "burning grass", "poison gas", "deep water (you swim)"."""
    x, y = pos
    fire = fire_name(floor, x, y)
    found = [name for name in (fire, gas_name(floor, x, y)) if name]
    code = ground_at(floor, x, y)
    if code == Ground.WATER:
        found.append("deep water (you swim)")
    elif code != Ground.FLOOR and not fire:  # "burning grass" has said it
        found.append(GROUND_NAMES[Ground(code)])
    return found


def feature_words(floor: Floor, kind: str) -> str:
    """The hover's words for a fixture of the terrain's (a vent), "" for any other kind."""
    words = FEATURE_WORDS.get(kind, "")
    theme = THEMES.get(floor.level.theme)
    return words.format(gas=f"{theme.gas} gas" if theme is not None and theme.gas else "gas")
