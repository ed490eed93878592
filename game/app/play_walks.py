"""The play screen's walks (SPEC UI-2, UI-6): to a clicked tile, exploring, to the stairs,
resting, practising, carried out a step at a time. ``Walks`` is the play screen's: it keeps the
walk under way and steps it on the play screen's ``act``."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

from game.ai.wild import near_foes
from game.world.action import Action, Done
from game.world.actions import Ascend, Descend, Move
from game.app.settings import EXPLORE_FIGHTS
from game.app.walking import Walk, monsters_in_sight
from game.bot.explore import navigator, walk_route
from game.map.edges import IS_DOOR
from game.render import palette
from game.world.specials import peaceful

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.world.actor import Actor

TRAVEL_STEP_MS = 70  # a walk's pace with a monster in view
FAST_STEP_MS = 5  # with none in view: 200 turns a second (the picture may skip steps)
MAX_BURST = 40  # steps at most in one frame, so a slow frame never snowballs
BURST_MS = 4.0
FRAME_GOAL_MS = 8.0
"""A frame's steps take at most ``BURST_MS``, and at most what the last drawing (``App.draw_ms``)
left of ``FRAME_GOAL_MS`` (SPEC PERF-9), or the last of a frame that played turns if that took
longer (``TurnPacing.drawing_to_fit``): a step is not begun when one as long as the last
would pass that (the first always runs). On a slow machine (a phone's browser, or the desktop's
page drawing a wide view) a step costs more than ``FAST_STEP_MS`` and the steps due would fill
the frame. The steps left are dropped, not owed: the walk goes slower, the frames stay short."""


class Walks:
    """The play screen's walks: started by keys and clicks, stepped on by its ``update``."""

    def __init__(self, play: PlayState) -> None:
        self.play = play
        self.walk: Walk | None = None  # a walk under way: clicked, exploring, to the stairs, resting
        self._stepping: Walk | None = None  # the walk stepped on last (a new one starts at the slow pace)
        self.clock = time.perf_counter  # what times a frame's steps (``BURST_MS``), in seconds
        self._tile_ms = 0.0  # what the last room drawn ahead in a walk's frame took, a tile
        self._told_explore_fights = False  # (``_refuse_explore``)
        self._routes_for: object = None  # the floor (``Game.floor_key``) whose step tables were made ahead

    def to(self, target: tuple[int, int], errand: list[Action] | None = None, item: int | None = None) -> None:
        """Walk to ``target`` through the rooms seen so far (a click, or the zoomed map's), and
        there do ``errand`` (for ``item``: ``Walk``)."""
        path = walk_route(self.play.game, target)
        self.walk = Walk(self.play.game, "walk", path, errand=errand, item=item) if path else None

    def start(self, mode: str) -> None:
        """``x`` or ``z``. Resting is refused with a monster in view (fight or flee first); so is
        exploring with a hostile in view, saying why (as Brogue does). With the option "explore
        fights what blocks it", ``x`` beside a foe attacks it and otherwise explores on past the
        monsters already seen; any walk stops for new ones."""
        in_sight = monsters_in_sight(self.play.game)
        fights = getattr(self.play.app.settings, "explore_fights", False)
        foe = self._foe_beside() if mode == "explore" and fights else None
        if foe is not None:  # x beside a foe fights it: exploring never walks away from a fight
            self.play.act(Move(foe.x - self.play.game.player.x, foe.y - self.play.game.player.y), self.play.last_step_ms)
            return
        hostile_ = self._hostile_in_view() if mode == "explore" and not fights else None
        if hostile_ is not None:
            self._refuse_explore(hostile_)
            return
        if self.play.game.on_overworld:  # by daylight a whole region is in view: only a foe near counts (TER-8)
            in_sight &= {m.eid for m in near_foes(self.play.game)}
        if in_sight and mode == "rest":
            monster = min((m for m in self.play.game.floor.actors if m.eid in in_sight), key=lambda m: m.eid)
            self.play.run.note(f"You cannot rest with {self.play.game.name_of(monster)} in view.", "bad")
            return
        self.walk = Walk(self.play.game, mode, fights=fights)

    def _refuse_explore(self, foe: Actor) -> None:
        """Say why ``x`` does nothing; asked again with the same foe in view, once a run, how to let
        it fight instead (a player pressing ``x`` again and again wants to get on)."""
        said = (f"Not while {self.play.game.name_of(foe)} is in view: fight it (move into it) "
                "or get away first.")
        log = self.play.game.log
        again = bool(log.messages) and log.messages[-1].text == said
        self.play.run.note(said, "bad")
        if again and not self._told_explore_fights:
            self._told_explore_fights = True
            self.play.run.note(f'Exploring can fight what blocks it: turn on "{EXPLORE_FIGHTS}" in the menu\'s options.',
                               "info")

    def _hostile_in_view(self) -> Actor | None:
        """The nearest hostile monster in sight. A peaceful one is no reason to wait, nor a vault's
        alien bugs: blind, on their fixed rounds, they are the vault's hazard, not foes that hunt;
        nor an eel, which never leaves its water (TER-5): keep off its shore."""
        from game.world.senses import faction_of
        from game.content.monsters import MONSTERS, hostile

        game = self.play.game
        px, py = game.player.pos
        seen = monsters_in_sight(game)
        foes = [m for m in game.floor.actors if m.eid in seen and hostile(faction_of(m), "player")
                and not peaceful(m) and MONSTERS[m.kind].behaviour != "bug" and not MONSTERS[m.kind].aquatic]
        return min(foes, key=lambda m: (max(abs(m.x - px), abs(m.y - py)), m.eid)) if foes else None

    def _foe_beside(self) -> Actor | None:
        """The weakest hostile monster in sight next to the player (one step away), if any."""
        from game.world.senses import faction_of
        from game.content.monsters import MONSTERS, hostile

        game = self.play.game
        px, py = game.player.pos
        near = [m for m in game.floor.actors if m.alive and max(abs(m.x - px), abs(m.y - py)) == 1
                and m.eid in monsters_in_sight(game) and hostile(faction_of(m), "player")
                and not MONSTERS[m.kind].shelled and not peaceful(m)
                and game.floor.map.can_step(px, py, m.x - px, m.y - py)]
        return min(near, key=lambda m: (m.hp, m.eid)) if near else None

    def stairs(self, down: bool, now_ms: float) -> None:
        """``>``/``<``: take the stairs here, or travel to the known ones (UI-6). On the island,
        ``>`` at the entrance of a region whose Warden has fallen travels on to the next
        dungeon: that is where the run goes (RUN-4, TRU-6); clicking yourself there still goes down."""
        game, level = self.play.game, self.play.game.floor.level
        here = game.player.pos
        world = game.world
        region = world.region_at_entrance(here) if game.on_overworld else None
        cleared = region is not None and world.defeated[region] and world.next_region() is not None
        on_stairs = region is not None if game.on_overworld else here == (level.exit if down else level.entrance)
        if (on_stairs and not cleared) or (not down and game.on_overworld):
            self.play.act(Descend() if down else Ascend(), now_ms)
            return
        walk = Walk.to_stairs(game, down)
        if isinstance(walk, str):
            self.play.run.note(walk, "bad")
            return
        following = world.next_region()
        if cleared and region is not None and following is not None:
            self.play.run.note(f"{world.names[region]}'s Warden has fallen: you travel on to the dungeon of "
                               f"{world.names[following]}. (To go back down here, click or tap yourself.)", "notice")
        self.walk = walk

    def behind_a_known_door(self, tile: tuple[int, int]) -> bool:
        """Whether ``tile``, in a room not seen yet, lies just through a door of a seen room:
        clicking it walks to that door and opens it (UI-2)."""
        floor = self.play.game.floor
        x, y = tile
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            room = floor.map.room_at(x + dx, y + dy)
            if room >= 0 and floor.seen_rooms[room] and IS_DOOR[floor.map.edge_kind_toward(x, y, dx, dy)]:
                return True
        return False

    def _walk_on(self, now_ms: float) -> None:
        with self.play.pacing.turn(played=False):  # (finding the step is part of its cost: 3 ms on a phone)
            self._step_on(now_ms)

    def _step_on(self, now_ms: float) -> None:
        walk = self.walk
        assert walk is not None
        action, why = walk.next_action(self.play.game)
        if why:
            self.play.run.note(why, "notice")
        if action is None:
            self.walk = None
            return
        if isinstance(self.play.act(action, now_ms), Done) and self.walk is walk:
            walk.after(self.play.game, self.play.game.player.pos)
            if walk.done:
                self.walk = None

    def steps(self, now_ms: float) -> None:
        """A step every ``TRAVEL_STEP_MS`` while a monster is in view (and on a walk's first frame);
        with none, the steps due at ``FAST_STEP_MS`` each, so a long rest or walk takes moments.
        Each step checks what stops the walk: it stops on the very step it would at the slow pace.
        A frame that makes or writes a save plays no step (on a phone making one took 14 ms, writing it 17-26)."""
        if self.play.app.runs.saved_this_frame or self.play.pacing.map_owed:  # (this frame draws the last one's turn)
            return
        if self.play.pacing.owed:  # this frame draws the sidebar a full frame held back (``game.app.turn_pacing``)
            self._draw_ahead()
            return
        walk, fresh = self.walk, self.walk is not self._stepping
        pace = TRAVEL_STEP_MS if fresh or monsters_in_sight(self.play.game) else FAST_STEP_MS
        if now_ms - self.play.last_step_ms < pace:
            return
        due = 1 if pace == TRAVEL_STEP_MS else min(MAX_BURST, int((now_ms - self.play.last_step_ms) // pace))
        self._stepping, self.play.last_step_ms = walk, now_ms
        budget = min(BURST_MS, FRAME_GOAL_MS - self.play.pacing.drawing_to_fit(self.play.app.draw_ms)) / 1000
        started = last = self.clock()
        for step in range(due):
            if step:
                clock = self.clock()
                if clock - started + (clock - last) > budget:  # the next step, as long as the last, would not fit
                    return
                last = clock
            if self.walk is not walk or (step and monsters_in_sight(self.play.game)):
                return
            self._walk_on(now_ms)

    def _draw_ahead(self) -> None:
        """In a frame that plays no step: a room not drawn yet, next to those in sight first, if
        it fits in what the sidebar's last redraw leaves of ``FRAME_GOAL_MS`` at the cost a tile
        of the last room drawn so (a deck's large room took 8.8 ms on a phone). A room drawn when
        first seen costs the frame that sees it 2-5 ms on a phone."""
        pacing = self.play.pacing
        spare = FRAME_GOAL_MS - pacing.redraw_ms
        if self.play.game.on_overworld or spare <= 0:
            return  # (the island is drawn in chunks as they come into view)
        started = pacing.clock()
        tiles = self.play.view.draw_ahead(self.rooms_next, int(spare / self._tile_ms) if self._tile_ms else None)
        if tiles:
            self._tile_ms = (pacing.clock() - started) * 1000.0 / tiles

    def routes_ahead(self) -> bool:
        """Make the floor's step tables ahead (``game.world.paths``), once a floor: its first route
        made them, in the frame of a walk's first step (8 ms in the phone page, a deck's first). Whether it did."""
        game = self.play.game
        if self._routes_for == game.floor_key or game.on_overworld:  # (the island's are made as they are needed)
            return False
        self._routes_for = game.floor_key
        navigator(game)
        return True

    def rooms_next(self) -> list[int]:
        """The rooms beside those in sight: the ones a walk sees next, drawn ahead first."""
        floor = self.play.game.floor
        if self.play.game.on_overworld:
            return []  # (regions, not rooms: the island's picture is drawn in chunks)
        return sorted({room for seen in floor.visible for room in floor.graph.neighbours(seen)})

    def draw_route(self, surface: pygame.Surface, route: list[tuple[int, int]]) -> None:
        """Where a walk is going: a dotted trail (UI-6)."""
        assert self.play.camera is not None
        half = self.play.camera.tile // 2
        previous_clip = surface.get_clip()
        surface.set_clip(self.play.view.view)  # (the map's view only: the sidebar is left as it is)
        for x, y in route[:80]:
            ox, oy = self.play.camera.tile_origin(x, y)
            pygame.draw.circle(surface, palette.BACKGROUND, (ox + half, oy + half), 4)
            pygame.draw.circle(surface, palette.TITLE, (ox + half, oy + half), 3)
        surface.set_clip(previous_clip)
