"""More thrown weapons (SPEC ITM-23): rows of ``game.content.items.ITEMS``. Like throwing knives
they fly to the first creature in the line (``t``), may hit it, and lie where they stop, to be
picked up again."""

from __future__ import annotations

from typing import Any


def _thrown(name: str, plural: str, depth: int, weight: int, value: int, damage: tuple[int, int], accuracy: int,
            range_: int, stack: int, heavy: bool = False) -> dict[str, Any]:
    return dict(name=name, plural=plural, category="consumable", depth=depth, weight=weight, value=value,
                damage=damage, accuracy=accuracy, range=range_, stack=stack, heavy=heavy)


THROWN: dict[str, dict[str, Any]] = {
    "javelins": _thrown("javelin", "javelins", 2, 3, 18, (4, 9), 0, 4, 2, heavy=True),  # heavy: hits hard, not far
    "darts": _thrown("dart", "darts", 1, 4, 10, (1, 3), 2, 7, 8),  # light: many, accurate, weak
    "throwing_axes": _thrown("throwing axe", "throwing axes", 3, 2, 22, (3, 7), -1, 5, 2, heavy=True),
}
