"""The play screen's walks (SPEC UI-2, UI-6): to a clicked tile, exploring, to the stairs,
resting, practising, carried out a step at a time. A base of ``PlayState``: the attributes
it uses (``game``, ``run``, ``walk``, ``_act``) are the play screen's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.world.action import Done
from game.world.actions import Ascend, Descend, Move
from game.app.walking import Walk, monsters_in_sight
from game.bot.explore import walk_route
from game.map.edges import IS_DOOR
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.app.play import PlayState


class WalkControl:
    """``PlayState``'s walks: started by keys and clicks, stepped on by ``update``."""

    def _walk_to(self: PlayState, target: tuple[int, int]) -> None:
        """Walk to ``target`` through the rooms seen so far (a click, or the zoomed map's)."""
        path = walk_route(self.game, target)
        self.walk = Walk(self.game, "walk", path) if path else None

    def _start_walk(self: PlayState, mode: str) -> None:
        """``x`` or ``z``. Resting is refused with a monster in view (fight or flee first); exploring
        goes on past the monsters already seen, and stops for new ones."""
        in_sight = monsters_in_sight(self.game)
        foe = self._foe_beside() if mode == "explore" else None
        if foe is not None:  # x beside a foe fights it: exploring never walks away from a fight
            self._act(Move(foe.x - self.game.player.x, foe.y - self.game.player.y), self.last_step_ms)
            return
        if in_sight and mode == "rest":
            monster = min((m for m in self.game.floor.actors if m.eid in in_sight), key=lambda m: m.eid)
            self.run.note(f"You cannot rest with {self.game.name_of(monster)} in view.", "bad")
            return
        self.walk = Walk(self.game, mode)

    def _foe_beside(self: PlayState):  # noqa: ANN202 - Actor | None
        """The weakest hostile monster in sight next to the player (one step away), if any."""
        from game.world.senses import faction_of
        from game.content.monsters import MONSTERS, hostile

        game = self.game
        px, py = game.player.pos
        near = [m for m in game.floor.actors if m.alive and max(abs(m.x - px), abs(m.y - py)) == 1
                and m.eid in monsters_in_sight(game) and hostile(faction_of(m), "player")
                and not MONSTERS[m.kind].shelled and not peaceful(m)
                and game.floor.map.can_step(px, py, m.x - px, m.y - py)]
        return min(near, key=lambda m: (m.hp, m.eid)) if near else None

    def _stairs(self: PlayState, down: bool, now_ms: float) -> None:
        """``>``/``<``: take the stairs here, or travel to the known ones (UI-6)."""
        game, level = self.game, self.game.floor.level
        here = game.player.pos
        on_stairs = (game.world.region_at_entrance(here) is not None if game.on_overworld
                     else here == (level.exit if down else level.entrance))
        if on_stairs or (not down and game.on_overworld):
            self._act(Descend() if down else Ascend(), now_ms)
            return
        walk = Walk.to_stairs(game, down)
        if isinstance(walk, str):
            self.run.note(walk, "bad")
        else:
            self.walk = walk

    def _behind_a_known_door(self: PlayState, tile: tuple[int, int]) -> bool:
        """Whether ``tile``, in a room not seen yet, lies just through a door of a seen room:
        clicking it walks to that door and opens it (UI-2)."""
        floor = self.game.floor
        x, y = tile
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            room = floor.map.room_at(x + dx, y + dy)
            if room >= 0 and floor.seen_rooms[room] and IS_DOOR[floor.map.edge_kind_toward(x, y, dx, dy)]:
                return True
        return False

    def _walk_on(self: PlayState, now_ms: float) -> None:
        walk = self.walk
        assert walk is not None
        action, why = walk.next_action(self.game)
        if action is None:
            self.walk = None
            if why:
                self.run.note(why, "notice")
            return
        if isinstance(self._act(action, now_ms), Done) and self.walk is walk:
            walk.after(self.game, self.game.player.pos)
            if walk.mode in ("walk", "down", "up") and not walk.route:
                self.walk = None

