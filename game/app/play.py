"""The play screen: turns key presses and clicks into actions, and draws the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.world.action import Done, Impossible, NeedsTarget, Result
from game.world import specials
from game.world.actions import CloseDoor, Move, PickUp, UseSlot
from game.app.aim import Aim
from game.app.help_page import HelpPages
from game.app.held_keys import HeldKey
from game.app.keys import LOG_SCROLL, command_for, direction_for
from game.app.state import State
from game.bot.autoplay import Autoplayer
from game.render.camera import Camera
from game.render.hud import Hud
from game.render.layout import current
from game.render.view import PlayView
from game.run.run import Run
from game.app.question import Question
from game.app.verbs import VerbMenu
from game.world.harm import step_harm
from game.app.play_aim import AimControl
from game.app.play_items import ItemVerbs, SlotQuestion
from game.app.play_pointer import PointerInput
from game.app.play_walks import WalkControl
from game.app.play_zoom import HeldTap, MapZoom, Pinch
from game.app.pack import PackPage, draw_pack
from game.app.play_words import hover_text, monsters_away
from game.app.walking import Walk, auto_take
from game.app.widgets import DragScroll

if TYPE_CHECKING:
    from game.app.app import App

AUTOPLAY_STEP_MS = 90


class PlayState(PointerInput, ItemVerbs, AimControl, WalkControl, MapZoom, PackPage, State):
    def __init__(self, app: App, run: Run, autoplay: bool = False) -> None:
        super().__init__(app)
        self.run = run
        self.game = run.game
        self.view = PlayView(app.sprites_at(app.settings.map_tile), app.settings.map_tile, current().map_rect)
        self.hud = Hud(current().sidebar_rect, app.sprites, current().compact)
        self.zoomed = False
        self.help: HelpPages | None = None  # the key help, while it is open (``help_open``)
        self.pack_rows: list[tuple[pygame.Rect, int]] | None = None  # the pack page's slots, while it is open
        self.log_open = False
        self.log_scroll = 0  # lines back from the newest, in the message archive
        self._drawn: tuple = ()  # what the game was when last drawn (version, floor, turn)
        self.aim: Aim | None = None  # aiming a throw or a shot
        self.prompt = ""  # a question waiting for a direction (or a slot: ``slot_question``)
        self.slot_question: SlotQuestion | None = None  # "Drop which?": a number key, a click on a slot
        self.walk: Walk | None = None  # a walk under way: clicked, exploring, to the stairs, resting
        self._stepping: Walk | None = None  # the walk stepped on last (a new one starts at the slow pace)
        self.verbs: VerbMenu | None = None  # what can be done to the thing just clicked or tapped
        self.held = HeldKey()  # what a held key's repeats may do again
        self.last_step_ms = 0.0
        self.mouse: tuple[int, int] | None = None  # last pointer position, screen pixels
        self.hover: tuple[int, int] | None = None  # the tile under it, recomputed every frame
        self.camera: Camera | None = None
        self.pinch = Pinch()  # two fingers on the map zoom it
        self.tap = HeldTap()  # a touch's click, until its finger lifts
        self.log_drag = DragScroll(22)  # a finger dragging the message archive
        self.bot = Autoplayer() if autoplay else None  # the view syncs when first drawn (or prepared)

    @property
    def help_open(self) -> bool:
        return self.help is not None

    @help_open.setter
    def help_open(self, open_: bool) -> None:
        self.help = HelpPages() if open_ else None  # opened at its first page

    # --- input -------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and not getattr(event, "repeat", False):
            self.held = HeldKey()  # a press: its own repeats may do only what it does
        elif event.type == pygame.KEYDOWN and not self._repeats(event):
            return self
        if self.log_open and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            lines, tapped = self.log_drag.handle(event)  # dragged, the archive scrolls; a tap closes it
            self.log_scroll, self.log_open = max(0, self.log_scroll + lines), not tapped
            return self
        if getattr(event, "touch", False) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            held = self.tap.click(event, len(self.app.fingers))  # a touch acts when it lifts, unless a pinch
            if held is None:
                return self
            event = held
        if self.verbs is not None:
            choice = self.verbs.choose(event)
            if choice is not None:
                self.verbs = None
                if choice is not False:
                    choice()
                return self
        if event.type == pygame.KEYDOWN:
            return self._on_key(event, now_ms)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self._tile_under(event.pos)
            if self.aim is not None and self.hover is not None and self.hover != self.aim.target:
                self.aim.point_at(self.game, self.hover)
                self._reprompt(self.aim)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.pack_rows is not None:
                self._on_pack_click(event.pos, now_ms)
                return self
            if self.help is not None and not self.help.turn(event):
                return self  # the help's next page
            if self.walk is not None or self.help_open:  # a tap stops a walk, closes a page
                self.walk, self.help_open = None, False
                return self
            if self.aim is not None:
                tile = self._tile_under(event.pos)
                if tile is None:  # off the map (a phone's Esc): no throw
                    self.aim, self.prompt = None, ""
                    return self
                if tile != self.aim.target:
                    self.aim.point_at(self.game, tile)
                    self._reprompt(self.aim)
                self._confirm_aim(now_ms)
            else:
                return self._on_click(event.pos, now_ms)
        elif event.type == pygame.MOUSEWHEEL:
            self._on_wheel(event)
        elif event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self.tap.finger(event, len(self.app.fingers))
            self._on_finger(event)
        elif event.type == pygame.WINDOWLEAVE:
            self.mouse = self.hover = None
        return self

    def _on_key(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.walk is not None:  # any key stops a walk, and does nothing else
            self.walk = None
            return self
        if self.log_open and event.key in LOG_SCROLL:
            self.log_scroll = LOG_SCROLL[event.key](self.log_scroll)
            return self
        if self.help is not None and not self.help.turn(event):
            return self  # the help's next page
        if self.help_open or self.log_open or self.pack_rows is not None:
            self.help_open = self.log_open = False
            self.pack_rows = self.slot_question = None
            return self
        if self.aim is not None:
            return self._on_aim_key(event, now_ms)
        if self.slot_question is not None:
            return self._on_slot_key(event)
        if self.prompt:
            direction = direction_for(event.key, event.unicode, event.mod)
            self.prompt = ""
            if direction is not None:
                self._act(CloseDoor(*direction), now_ms)
            return self
        command = command_for(event.key, event.unicode, event.mod)
        if command is None:
            return self
        if command.name == "menu":
            from game.app.menus import PauseState

            return PauseState(self.app, self)
        if command.name == "mute":
            self.app.toggle_mute()
            return self
        if command.name == "copy_seed":
            from game.app import clipboard

            if clipboard.copy(self.game.seed_text):
                self.app.say(f"Seed {self.game.seed_text} copied")
            return self
        if command.name == "help":
            self.help_open = True
        elif command.name == "zoom":
            self.zoomed = not self.zoomed
        elif command.name in ("zoom_in", "zoom_out"):
            self._zoom_by(1 if command.name == "zoom_in" else -1)
        elif command.name in ("move", "wait"):
            self._key_turn(event, command, now_ms)
        elif command.name == "descend":
            self._stairs(True, now_ms)
        elif command.name == "ascend":
            self._stairs(False, now_ms)
        elif command.name in ("explore", "rest"):
            self._start_walk(command.name)
        elif command.name == "close":
            self._act(CloseDoor(), now_ms)
        elif command.name == "pickup":
            self._act(PickUp(), now_ms)
        elif command.name == "use":
            self._act(UseSlot(command.slot), now_ms)
        elif command.name == "drop":
            self._ask_drop(now_ms)
        elif command.name == "log":
            self.log_open, self.log_scroll = True, 0
        elif command.name in ("throw", "fire"):
            self._start_aim("throw" if command.name == "throw" else "fire")
        return self

    def _step(self, dx: int, dy: int, now_ms: float) -> Result | None:
        """A step (a key, a click or a tap beside you); one certain to hurt asks first (UI-7): no
        spends no turn. What the step did, or None while it asks."""
        harm = step_harm(self.game, dx, dy)
        if harm is None:
            return self._act(Move(dx, dy), now_ms)
        question = Question.before(harm, lambda: self._act(Move(dx, dy), now_ms), current().map_area.center)
        question.tile, question.left = (self.game.player.x + dx, self.game.player.y + dy), dx < 0
        self.verbs = question
        return None

    def _act(self, action: object, now_ms: float) -> Result:
        here = self.game.player.pos
        result = self.run.perform(action)  # type: ignore[arg-type]
        if isinstance(action, Move) and self.bot is None and self.game.player.pos != here:
            for _ in range(10):  # coins, keys and consumables underfoot: picked up, as a recorded g
                if not auto_take(self.game) or not isinstance(self.run.perform(PickUp()), Done):
                    break
        if isinstance(result, Impossible):
            self.walk = None
        elif isinstance(result, NeedsTarget):
            if result.kind == "direction":
                self.prompt = result.prompt
            else:
                self._start_aim(result.kind, result.item or None)
        elif isinstance(action, PickUp) and self.walk is None and specials.practising(self.game):
            self.walk = Walk(self.game, "train")  # practice goes on by itself, a turn a step
        self.view.sync(self.game, now_ms)
        self.app.after_action(self.run)
        return result

    # --- time --------------------------------------------------------------------
    def update(self, now_ms: float) -> State:
        if self.game.over or self.game.won:
            from game.app.states import GameOverState, VictoryState

            self.app.end_run(self.run)
            return (VictoryState if self.game.won and not self.game.over else GameOverState)(self.app, self)
        if self.bot is not None and now_ms - self.last_step_ms >= AUTOPLAY_STEP_MS:
            self.last_step_ms = now_ms
            self.bot.record(self.game, self._act(self.bot.next_action(self.game), now_ms))
            if self.bot.stalled:
                self.run.note(f"The autoplayer is stuck ({self.bot.stalled}) and stops. "
                              "The controls are yours.", "bad")
                self.bot = None
        elif self.walk is not None:
            self._walk_steps(now_ms)
        return self

    # --- drawing -----------------------------------------------------------------
    def animating(self, now_ms: float) -> bool:
        drawn = (self.game.version, self.game.floor_key, self.game.turn, self.game.log.version)
        return (self.walk is not None or self.bot is not None or drawn != self._drawn
                or self.view.motion.busy(now_ms) or self.view.effects.busy(now_ms))

    def draw(self, surface: pygame.Surface, now_ms: float) -> None:
        self._drawn = (self.game.version, self.game.floor_key, self.game.turn, self.game.log.version)
        if self.zoomed:
            self.view.draw_zoomed(surface, self.game, self.mouse)
        else:
            self.camera = self.view.camera(self.game, now_ms)
            self.hover = self._tile_under(self.mouse) if self.mouse else None  # the map moves under the pointer
            edge = self._edge_under(self.mouse) if self.aim is None else None  # a wall or door the hover names
            self.view.draw(surface, self.game, now_ms, self.hover, self.aim, edge)
            if self.walk is not None and self.walk.route:
                self._draw_route(surface, self.walk.route)
        self.hud.draw(surface, self.game, hover_text(self), self.prompt, monsters_away(self))
        if self.verbs is not None:
            if isinstance(self.verbs, Question) and self.camera is not None:
                self.verbs.beside(self.camera)  # the tile it asks about, wherever the map has slid
            self.verbs.draw(surface)
        if self.pack_rows is not None:
            question = self.slot_question.question if self.slot_question is not None else ""
            self.pack_rows = draw_pack(surface, self.game, self.app.sprites, question)
        elif self.help is not None:
            self.help.draw(surface)
        elif self.log_open:
            from game.app.states import draw_log

            self.log_scroll = draw_log(surface, self.game, self.log_scroll)
