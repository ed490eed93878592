"""The play screen under the pointer (SPEC UI-2, UI-3): a click or a tap on the map, the
sidebar's slots and buttons, yourself, a monster, an item or a door (a menu of verbs:
``game.app.play_items`` for the last two and the slots) or the zoomed map. A base
of ``PlayState``: the attributes it uses are the play screen's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING


from game.world.actions import Ascend, CloseDoor, Descend, PickUp, UseSlot, Wait
from game.app.aim import throwables
from game.app.describe import Step, edge_near
from game.app.state import State
from game.app.verbs import VerbMenu
from game.content.items import ITEMS, item_label
from game.render.layout import current
from game.map.edges import Edge

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.actor import Actor


class PointerInput:
    """``PlayState``'s clicks and taps."""

    def _tile_under(self: PlayState, pos: tuple[int, int]) -> tuple[int, int] | None:
        if self.camera is None or self.zoomed or not current().map_area.collidepoint(pos):
            return None
        return self.camera.tile_at(*pos)

    def _edge_under(self: PlayState, pos: tuple[int, int] | None) -> Step | None:
        """The wall, door or hull the pointer is near (``describe.EDGE_MARGIN``), if any: the
        hover describes it rather than the tile."""
        if pos is None or self._tile_under(pos) is None:
            return None
        assert self.camera is not None
        return edge_near(self.game.floor.map, self.camera.screen_to_world(*pos))

    def _on_click(self: PlayState, pos: tuple[int, int], now_ms: float) -> State:
        """A click or a tap (SDL turns touches into clicks): the sidebar's slots and buttons, the
        zoomed map, yourself (pick up, the stairs, or a turn's wait), a step, or a walk."""
        button = self.hud.target_at(pos)
        if self.slot_question is not None and not (button or "").startswith("slot:"):
            self.slot_question, self.prompt = None, ""  # "which slot?" answered elsewhere: withdrawn
            return self
        if button is not None:
            return self._on_button(button, now_ms, pos)
        if self.zoomed:
            self._on_zoomed_click(pos)
            return self
        target = self._tile_under(pos)
        if target is None:
            return self
        if self._offer_door_verbs(self._edge_under(pos), pos, now_ms):
            return self
        if target == self.game.player.pos:
            self._tap_self(pos, now_ms)
            return self
        monster = self.game.occupant(target)
        if (monster is not None and monster is not self.game.player and self.game.player_sees(monster)
                and max(abs(target[0] - self.game.player.x), abs(target[1] - self.game.player.y)) > 1):
            self._offer_verbs_for(monster, pos, now_ms)
            return self
        if monster is None and self._offer_item_verbs(target, pos, now_ms):
            return self
        floor = self.game.floor
        room = floor.map.room_at(*target)
        if room < 0 or not (floor.seen_rooms[room] or self._behind_a_known_door(target)):
            return self  # the sea, a wall's far side, the dark: nothing to walk to
        px, py = self.game.player.pos
        dx, dy = target[0] - px, target[1] - py
        if max(abs(dx), abs(dy)) == 1:
            self._step(dx, dy, now_ms)
            return self
        self._walk_to(target)
        return self

    def _on_button(self: PlayState, what: str, now_ms: float, pos: tuple[int, int]) -> State:
        if what.startswith("slot:"):  # a slot: its verbs (use first), or the answer to "which slot?"
            self._offer_slot_verbs(int(what[5:]), pos, now_ms)
        elif what == "explore":
            self._start_walk("explore")
        elif what == "wait":
            self._act(Wait(), now_ms)
        elif what == "descend":
            self._stairs(True, now_ms)
        elif what == "zoom":
            self.zoomed = not self.zoomed
        elif what == "help":
            self.help_open = True
        elif what == "log":  # a phone's messages, tapped: the whole archive
            self.log_open, self.log_scroll = True, 0
        elif what == "pack":
            self.pack_rows = []  # open: its rows are known once drawn
        elif what == "menu":
            from game.app.menus import PauseState

            return PauseState(self.app, self)
        return self

    def _offer_verbs_for(self: PlayState, monster: Actor, pos: tuple[int, int], now_ms: float) -> None:
        """A monster out of reach: throw or fire at it, or walk to it."""
        game, target = self.game, monster.pos
        verbs: list[tuple[str, Callable[[], None]]] = []
        for kind in throwables(game):
            what = "TNT" if kind == "tnt" else item_label(kind, article=True)
            verbs.append((f"Throw {what} at it",
                          lambda k=kind: self._aim_at("throw", target, now_ms, k)))  # type: ignore[misc]
        ammo = ITEMS[game.inventory.ranged].shoots if game.inventory.ranged else ""
        if ammo and game.inventory.count(ammo):
            verbs.append((f"Fire {item_label(ammo, article=True)} at it", lambda: self._aim_at("fire", target, now_ms)))
        verbs.append(("Walk to it", lambda: self._walk_to(target)))
        self.verbs = VerbMenu(game.name_of(monster, True), verbs, pos)

    def _aim_at(self: PlayState, mode: str, target: tuple[int, int], now_ms: float, kind: str | None = None) -> None:
        self._start_aim(mode, kind)
        if self.aim is not None:
            self.aim.point_at(self.game, target)
            self._confirm_aim(now_ms)  # asks first if the blast would reach you

    def _tap_self(self: PlayState, pos: tuple[int, int], now_ms: float) -> None:
        """Tapping yourself: pick up what is here, else take the stairs here, else a menu of
        what you can do where you stand."""
        game, level = self.game, self.game.floor.level
        here = game.player.pos
        if self._offer_room_here(pos, now_ms):
            return
        if game.floor.items_at(here):
            self._act(PickUp(), now_ms)
        elif (game.on_overworld and game.world.region_at_entrance(here) is not None) or \
                (not game.on_overworld and here == level.exit):
            self._act(Descend(), now_ms)
        elif not game.on_overworld and here == level.entrance:
            self._act(Ascend(), now_ms)
        else:
            self.verbs = VerbMenu("You", self._verbs_here(now_ms), pos)

    def _verbs_here(self: PlayState, now_ms: float) -> list[tuple[str, Callable[[], None]]]:
        game = self.game
        verbs: list[tuple[str, Callable[[], None]]] = [("Wait a turn", lambda: self._act(Wait(), now_ms))]
        if game.player.hp < game.player.max_hp:
            verbs.append(("Rest until healed", lambda: self._start_walk("rest")))
        if not game.on_overworld:
            verbs.append(("Explore", lambda: self._start_walk("explore")))
        for index, (kind, _) in enumerate(game.inventory.slots):  # a potion or a scroll works on yourself
            verb = "Drink" if kind.startswith("potion_") else "Read" if kind.startswith("scroll_") else ""
            if verb:
                verbs.append((f"{verb} the {ITEMS[kind].name}",
                              lambda i=index: self._act(UseSlot(i), now_ms)))  # type: ignore[misc]
        px, py = game.player.pos
        for dx, dy, side in ((0, -1, "north"), (1, 0, "east"), (0, 1, "south"), (-1, 0, "west")):
            if game.floor.map.edge_kind_toward(px, py, dx, dy) == Edge.OPEN_DOOR:
                verbs.append((f"Close the door {side}",
                              lambda d=(dx, dy): self._act(CloseDoor(*d), now_ms)))  # type: ignore[misc]
        return verbs

    def _on_zoomed_click(self: PlayState, pos: tuple[int, int]) -> None:
        """A click on the zoomed-out map travels there (UI-6): back to the near view, walking."""
        if self.view.zoom is None or not current().map_area.collidepoint(pos):
            return
        ox, oy, tile = self.view.zoom
        x, y = int((pos[0] - ox) // tile), int((pos[1] - oy) // tile)
        floor = self.game.floor
        room = floor.map.room_at(x, y)
        if room >= 0 and floor.seen_rooms[room] and (x, y) != self.game.player.pos:
            self.zoomed = False
            self._walk_to((x, y))

