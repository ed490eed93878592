"""The gallery's shots of the island's life (SPEC TER-8): the player on the way between two
entrances beside a place, the island's residents about; and the pointer on a campfire."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.tools.scenes import Scene

if TYPE_CHECKING:
    from game.app.app import App


def island_place(app: App, kind: str = "camp", hover: bool = False) -> None:
    """A new run of the seed on screen, the player standing two steps from the first place of
    ``kind`` beside the way between the entrances (``hover``: the pointer on its fixture)."""
    from game.mapgen.island_life import run_life
    from game.mapgen.overworld import generate_overworld
    from game.rng import Rng
    from game.tools.gallery.floors import playing, put_on_screen
    from game.tools.gallery.setups import point_at
    from game.world.game import Game

    game = Game.new(playing(app).game.seed_text)
    life = run_life(game.seed, generate_overworld(Rng.stream(game.seed, "world"), game.params.world))
    _, (x, y), _ = next(p for p in life.places if p[0] == kind)
    spot = next((x + dx, y + dy) for dx, dy in ((0, 2), (2, 0), (-2, 0), (0, -2), (1, 1), (-1, -1))
                if game.floor.map.is_floor(x + dx, y + dy) and game.occupant((x + dx, y + dy)) is None)
    game.log.messages.clear()
    game.log.repeats.clear()
    game.move_actor(game.player, *spot)
    game.update_visibility()
    put_on_screen(app, game)
    if hover:
        point_at(app, (x + 0.5, y + 0.5))


HELPERS = {f.__name__: f for f in (island_place,)}
SCENES: tuple[Scene, ...] = (
    Scene("island-camp", "the island's life: a camp on the way to the next dungeon, residents about",
          seed="7", script=("py:island_place(app, 'camp')",)),
    Scene("island-ruins", "ruins on the island: a cache among broken walls, its guards", seed="7",
          script=("py:island_place(app, 'ruins')",)),
    Scene("island-merchant", "a merchant's camp on the island, its wares laid out", seed="7",
          script=("py:island_place(app, 'merchant')",)),
    Scene("hover-campfire", "the pointer on an island campfire", seed="7",
          script=("py:island_place(app, 'camp', hover=True)",)),
)
