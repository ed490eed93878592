"""Terrain's live layers at work, for ``game.tools.worldcheck`` (SPEC TER-1: alike in the browser)."""

from __future__ import annotations

from typing import Any

SEEDS = ("3", "autoplay", "99")


def terrain_play(work: Any, options: Any) -> None:
    """Each seed's first floor of a region whose theme breathes gas (else the first region's), its
    vents breathing (TER-4) and one burnable tile in seven set alight (TER-3), for a number of turns."""
    import numpy as np

    from game.ai import minds  # noqa: F401 - plugs the monsters' minds into the scheduler
    from game.content.themes import THEMES
    from game.map.ground import BURNS
    from game.world import fire
    from game.world.actions import Wait
    from game.world.game import Game

    turns = 20 if options.quick else 120
    for seed in SEEDS[:1] if options.quick else SEEDS:
        game = Game.new(seed)
        gassy = [r for r, theme in enumerate(game.world.themes) if THEMES[theme].gas]
        game.enter_dungeon(gassy[0] if gassy else game.world.order[0], 1)
        game.player.hp = game.player.max_hp = 10**6  # (the fire and the floor's monsters never end it)
        terrain = game.floor.terrain
        if terrain is not None:
            ys, xs = np.nonzero(BURNS[terrain.ground])
            fire.ignite(game, [(int(x), int(y)) for x, y in zip(xs[::7], ys[::7])])
        work.time(lambda: [game.perform(Wait()) for _ in range(turns) if not game.over])  # noqa: B023 - called at once
        work.digests[f"seed {seed} fire and gas x {turns} turns"] = game.digest()
