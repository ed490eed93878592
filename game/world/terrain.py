"""A floor's living terrain (SPEC TER-1): its ground as it is now, fire and gas.

The generated ground (``Level.ground``) is copied here when a floor is first entered, because
fire changes it (grass burns to ash). ``fire[y, x]`` is how many turns fire still burns on a
tile (0: none); ``gas[y, x]`` how much gas hangs there (0: none), of the kind ``gas_kind``.

A floor with no ground and no vents has no terrain (``Floor.terrain`` is None, and drawing and
the rules treat it as bare floor), so the saves and digests of such floors are as they were.
The rules that change the terrain: ``game.world.fire``, ``gas``, ``water``, ``chasm``; what
minds and routes make of it: ``game.world.hazards``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from game.content.themes import THEMES
from game.map.ground import BURNS, Ground, bare
from game.map.level import Level
from game.world.fields import Fields, Where, as_choice, decode_array, encode_array, fail

GAS_KINDS = ("poison", "confusion")
VENT = "vent"
"""The kind of the ``Feature`` a gas vent is (placed by the generator; ``game.world.gas``)."""
GROUND_CODES = len(Ground)


@dataclass
class TerrainState:
    ground: npt.NDArray[np.uint8]  # [y, x] codes of game.map.ground.Ground
    fire: npt.NDArray[np.uint8]  # [y, x] turns left burning
    gas: npt.NDArray[np.uint8]  # [y, x] amount of gas
    gas_kind: str = ""  # "poison" or "confusion" ("" while there is none)

    @classmethod
    def fresh(cls, level: Level) -> TerrainState:
        h, w = level.map.rooms.shape
        ground = bare(h, w) if level.ground is None else level.ground.copy()
        return cls(ground, np.zeros((h, w), dtype=np.uint8), np.zeros((h, w), dtype=np.uint8))

    @property
    def quiet(self) -> bool:
        """No fire burns and no gas hangs anywhere (the turn's terrain rules have little to do)."""
        return not (self.fire.any() or self.gas.any())

    def ground_at(self, x: int, y: int) -> int:
        h, w = self.ground.shape
        return int(self.ground[y, x]) if 0 <= x < w and 0 <= y < h else int(Ground.FLOOR)

    def to_dict(self) -> dict[str, Any]:
        return {"ground": encode_array(self.ground), "fire": encode_array(self.fire), "gas": encode_array(self.gas),
                "gas_kind": self.gas_kind}

    @classmethod
    def from_dict(cls, data: Any, where: Where, shape: tuple[int, ...]) -> TerrainState:
        """Checked (``SaveError``): three ``uint8`` layers of the map's shape, ground codes of
        ``Ground``, fire only on ground that burns, gas only of a kind."""
        fields = Fields(data, where)
        ground, fire, gas = (decode_array(fields.get(name), fields.path(name), "u1", 2) for name in ("ground", "fire", "gas"))
        for name, layer in (("ground", ground), ("fire", fire), ("gas", gas)):
            if layer.shape != shape:
                fail(fields.path(name), f"shape {layer.shape} is not the map's {shape}")
        if ground.size and int(ground.max()) >= GROUND_CODES:
            fail(fields.path("ground"), f"ground code {int(ground.max())} is not in 0..{GROUND_CODES - 1}")
        if (fire.astype(bool) & ~BURNS[ground]).any():
            fail(fields.path("fire"), "fire burns on ground that does not burn")
        kind = fields.get("gas_kind")
        kind = "" if kind == "" else as_choice(kind, fields.path("gas_kind"), GAS_KINDS, "gas")
        if gas.any() and not kind:
            fail(fields.path("gas"), "gas of no kind")
        return cls(ground, fire, gas, kind)


def vents(level: Level) -> list[tuple[int, int]]:
    """The tiles of a level's gas vents, in the order generated."""
    return [feature.pos for feature in level.features if feature.kind == VENT]


def lay(level: Level) -> TerrainState | None:
    """A floor's terrain when it is first made (SPEC TER-1): its generated ground, no fire, no gas
    yet, and the gas its theme's vents breathe; None for a floor with no ground and no vents."""
    if level.ground is None and not vents(level):
        return None
    state = TerrainState.fresh(level)
    theme = THEMES.get(level.theme)
    state.gas_kind = theme.gas if theme is not None and theme.gas else ("poison" if vents(level) else "")
    return state
