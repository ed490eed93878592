"""The play screen under the pointer (SPEC UI-2, UI-3): a click or a tap on the map, the
sidebar's slots and buttons, yourself, a monster, an item or a door (a menu of verbs:
``game.app.play_items`` for the last two and the slots) or the zoomed map. ``Pointer`` is the
play screen's: it keeps the touch held until its finger lifts, and answers each click with the
screen that comes next."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from game.app import play_items
from game.app.aim import throwables, zappables
from game.app.describe import Step, edge_near
from game.app.log_screen import LogScreen
from game.app.menus import HelpState, PauseState
from game.app.pack import PackScreen
from game.app.play_aim import AimScreen
from game.app.play_zoom import HeldTap
from game.app.verbs import Verb, VerbMenu, VerbScreen
from game.content.items import ITEMS
from game.world.magic import item_name
from game.map.edges import Edge
from game.render.layout import current
from game.world.actions import Ascend, CloseDoor, Descend, PickUp, UseSlot, Wait

if TYPE_CHECKING:
    import pygame

    from game.app.play import PlayState
    from game.app.state import State
    from game.world.actor import Actor


class Pointer:
    """The play screen's clicks and taps."""

    def __init__(self, play: PlayState) -> None:
        self.play = play
        self.tap = HeldTap()  # a touch's click, until its finger lifts

    def tile_under(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        play = self.play
        if play.camera is None or play.zoomed or not current().map_area.collidepoint(pos):
            return None
        return play.camera.tile_at(*pos)

    def edge_under(self, pos: tuple[int, int] | None) -> Step | None:
        """The wall, door or hull the pointer is near (``describe.EDGE_MARGIN``), if any: the
        hover describes it rather than the tile."""
        if pos is None or self.tile_under(pos) is None:
            return None
        assert self.play.camera is not None
        return edge_near(self.play.game.floor.map, self.play.camera.screen_to_world(*pos))

    def finger(self, event: pygame.event.Event) -> None:
        """A finger on the screen: a second one makes a pinch (no tap), which zooms the map."""
        self.tap.finger(event, len(self.play.app.fingers))
        self.play.zoom.finger(event)

    def beside_player(self) -> tuple[int, int]:
        """Where a question about the player opens: beside the player on the map, as drawn last."""
        camera = self.play.camera
        if camera is None:
            return current().map_area.center
        x, y = camera.tile_origin(*self.play.game.player.pos)
        return x + camera.tile, y

    def moved(self, pos: tuple[int, int]) -> None:
        self.play.mouse = pos
        self.play.hover = self.tile_under(pos)

    def click(self, pos: tuple[int, int], now_ms: float) -> State:
        """A click or a tap (SDL turns touches into clicks): the sidebar's slots and buttons, the
        zoomed map, yourself (pick up, the stairs, or a turn's wait), a step, or a walk."""
        play, game = self.play, self.play.game
        button = play.hud.target_at(pos)
        if button is not None:
            return self._on_button(button, now_ms, pos)
        if play.zoomed:
            self._on_zoomed_click(pos)
            return play
        target = self.tile_under(pos)
        if target is None:
            return play
        door = play_items.door_verbs(play, self.edge_under(pos), pos, now_ms)
        if door is not None:
            return door
        if target == game.player.pos:
            return self._tap_self(pos, now_ms)
        monster = game.occupant(target)
        if (monster is not None and monster is not game.player and game.player_sees(monster)
                and max(abs(target[0] - game.player.x), abs(target[1] - game.player.y)) > 1):
            return self._verbs_for(monster, pos, now_ms)
        item = play_items.item_verbs(play, target, pos) if monster is None else None
        if item is not None:
            return item
        floor = game.floor
        room = floor.map.room_at(*target)
        if room < 0 or not (floor.seen_rooms[room] or play.walks.behind_a_known_door(target)):
            return play  # the sea, a wall's far side, the dark: nothing to walk to
        px, py = game.player.pos
        dx, dy = target[0] - px, target[1] - py
        if max(abs(dx), abs(dy)) == 1:
            return play.step(dx, dy, now_ms)
        play.walks.to(target)
        return play

    def slot_verbs(self, index: int, pos: tuple[int, int], now_ms: float) -> State:
        """A slot clicked (in the sidebar or on the pack page): its verbs."""
        return play_items.slot_verbs(self.play, index, pos, now_ms)

    def _on_button(self, what: str, now_ms: float, pos: tuple[int, int]) -> State:
        play = self.play
        if what.startswith("slot:"):  # a slot: its verbs, use first
            return self.slot_verbs(int(what[5:]), pos, now_ms)
        if what == "explore":
            play.walks.start("explore")
        elif what == "wait":
            play.act(Wait(), now_ms)
        elif what == "descend":
            play.walks.stairs(True, now_ms)
        elif what == "zoom":
            play.zoomed = not play.zoomed
        elif what == "help":
            return HelpState(play.app, play, play)
        elif what == "log":  # a phone's messages, tapped: the whole archive
            return LogScreen(play)
        elif what == "pack":
            return PackScreen(play)
        elif what == "menu":
            return PauseState(play.app, play)
        return play

    def _verbs_for(self, monster: Actor, pos: tuple[int, int], now_ms: float) -> State:
        """A monster out of reach: throw or fire at it, or walk to it."""
        play, game, target = self.play, self.play.game, monster.pos
        verbs: list[Verb] = []
        for kind in throwables(game):
            what = "TNT" if kind == "tnt" else item_name(game, kind, article=True)
            verbs.append((f"Throw {what} at it", partial(self._aim_at, "throw", target, now_ms, kind)))
        for kind in zappables(game):
            verbs.append((f"Zap the {item_name(game, kind)} at it", partial(self._aim_at, "zap", target, now_ms, kind)))
        ammo = ITEMS[game.inventory.ranged].shoots if game.inventory.ranged else ""
        if ammo and game.inventory.count(ammo):
            verbs.append((f"Fire {item_name(game, ammo, article=True)} at it", lambda: self._aim_at("fire", target, now_ms)))
        verbs.append(("Walk to it", lambda: play.walks.to(target)))
        return VerbScreen(play, VerbMenu(game.name_of(monster, True), verbs, pos))

    def _aim_at(self, mode: str, target: tuple[int, int], now_ms: float, kind: str | None = None) -> State:
        aim = AimScreen.start(self.play, mode, kind)
        if not isinstance(aim, AimScreen):
            return aim
        aim.point_at(target)
        return aim.confirm(now_ms)  # asks first if the blast would reach you

    def _tap_self(self, pos: tuple[int, int], now_ms: float) -> State:
        """Tapping yourself: pick up what is here, else take the stairs here, else a menu of
        what you can do where you stand."""
        play, game = self.play, self.play.game
        level, here = game.floor.level, game.player.pos
        room = play_items.room_here(play, pos, now_ms)
        if room is not None:
            return room
        if game.floor.items_at(here):
            return play.answer(PickUp(), now_ms)
        if (game.on_overworld and game.world.region_at_entrance(here) is not None) or \
                (not game.on_overworld and here == level.exit):
            return play.answer(Descend(), now_ms)
        if not game.on_overworld and here == level.entrance:
            return play.answer(Ascend(), now_ms)
        return VerbScreen(play, VerbMenu("You", self.verbs_here(now_ms), pos))

    def verbs_here(self, now_ms: float) -> list[Verb]:
        play, game = self.play, self.play.game
        verbs: list[Verb] = [("Wait a turn", lambda: play.act(Wait(), now_ms))]
        if game.player.hp < game.player.max_hp:
            verbs.append(("Rest until healed", lambda: play.walks.start("rest")))
        if not game.on_overworld:
            verbs.append(("Explore", lambda: play.walks.start("explore")))
        for index, (kind, _) in enumerate(game.inventory.slots):  # a potion or a scroll works on yourself
            verb = "Drink" if kind.startswith("potion_") else "Read" if kind.startswith("scroll_") else ""
            if verb:
                verbs.append((f"{verb} the {item_name(game, kind)}", partial(play.answer, UseSlot(index), now_ms)))
        px, py = game.player.pos
        for dx, dy, side in ((0, -1, "north"), (1, 0, "east"), (0, 1, "south"), (-1, 0, "west")):
            if game.floor.map.edge_kind_toward(px, py, dx, dy) == Edge.OPEN_DOOR:
                verbs.append((f"Close the door {side}", partial(play.answer, CloseDoor(dx, dy), now_ms)))
        return verbs

    def _on_zoomed_click(self, pos: tuple[int, int]) -> None:
        """A click on the zoomed-out map travels there (UI-6): back to the near view, walking."""
        play = self.play
        if play.view.zoom is None or not current().map_area.collidepoint(pos):
            return
        ox, oy, tile = play.view.zoom
        x, y = int((pos[0] - ox) // tile), int((pos[1] - oy) // tile)
        floor = play.game.floor
        room = floor.map.room_at(x, y)
        if room >= 0 and floor.seen_rooms[room] and (x, y) != play.game.player.pos:
            play.zoomed = False
            play.walks.to((x, y))
