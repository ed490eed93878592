"""The play screen: turns key presses and clicks into actions, and draws the game.

It owns its parts (``Walks``, ``MapZoom``, ``Pointer``) and keeps no modes: aiming, a menu of
verbs, the pack, the message archive, the help and a question waiting for a direction or a slot
are screens over it (``game.app.overlay``) that return to it when they close. Every handler
answers the screen that comes next."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.app import play_items
from game.app.boon_screen import BoonScreen
from game.app.held_keys import HeldKey
from game.app.keys import Command, command_for
from game.app.log_screen import LogScreen
from game.app.menus import HelpState, PauseState
from game.app.play_aim import AimScreen
from game.app.play_pointer import Pointer
from game.app.play_walks import Walks
from game.app.play_words import hover_text, monsters_away
from game.app.play_zoom import MapZoom
from game.app.prompts import DirectionPrompt
from game.app.question import NO, Question
from game.app.state import State
from game.app.verbs import Verb, VerbMenu, VerbScreen
from game.app.walking import Walk, auto_take
from game.bot.autoplay import Autoplayer
from game.render.camera import Camera
from game.render.hud import Hud
from game.app.turn_pacing import TurnPacing
from game.render.layout import current
from game.render.view import PlayView
from game.run.run import Run
from game.progress import Steps
from game.world import specials, travel
from game.world.action import Action, Ask, Done, Impossible, NeedsTarget, Result
from game.world.actions import CloseDoor, Enchant, Identify, Move, OrderAllies, PickUp, UseSlot, Wait
from game.world.captives import FreeCaptive, next_order
from game.world.harm import step_harm

if TYPE_CHECKING:
    from game.app.aim import Aim
    from game.app.app import App

AUTOPLAY_STEP_MS = 90


class PlayState(State):
    def __init__(self, app: App, run: Run, autoplay: bool = False) -> None:
        super().__init__(app)
        self.run = run
        self.game = run.game
        self.view = PlayView(app.sprites_at(app.settings.map_tile), app.settings.map_tile, current().map_rect)
        self.hud = Hud(current().sidebar_rect, app.sprites, current().compact)
        self.pacing = TurnPacing()
        self.zoomed = self._zoomed_last = False  # (the last drawing's: ``draw``)
        self._drawn: tuple[object, ...] = ()  # what the game was when last drawn (version, floor, turn)
        self.held = HeldKey()  # what a held key's repeats may do again
        self.last_step_ms = 0.0
        self.mouse: tuple[int, int] | None = None  # last pointer position, screen pixels
        self.hover: tuple[int, int] | None = None  # the tile under it, recomputed every frame
        self.camera: Camera | None = None
        self.walks = Walks(self)
        self.zoom = MapZoom(self)
        self.pointer = Pointer(self)
        self.bot = Autoplayer() if autoplay else None  # the view syncs when first drawn (or prepared)
        self._below: tuple[str, Steps[None]] | None = None  # the floor below, made ahead: for which floor

    @property
    def walk(self) -> Walk | None:
        """The walk under way, if any (clicked, exploring, to the stairs, resting)."""
        return self.walks.walk

    @walk.setter
    def walk(self, walk: Walk | None) -> None:
        self.walks.walk = walk

    # --- input -------------------------------------------------------------------
    def on_event(self, event: pygame.event.Event, now_ms: float) -> State:
        if event.type == pygame.KEYDOWN and not getattr(event, "repeat", False):
            self.held = HeldKey()  # a press: its own repeats may do only what it does
        elif event.type == pygame.KEYDOWN and not self._repeats(event):
            return self
        if getattr(event, "touch", False) and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            held = self.pointer.tap.click(event, len(self.app.fingers))  # a touch acts when it lifts, unless a pinch
            if held is None:
                return self
            event = held
        if event.type == pygame.KEYDOWN:
            return self._on_key(event, now_ms)
        if event.type == pygame.MOUSEMOTION:
            self.pointer.moved(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            if self.walk is not None:  # a tap stops a walk
                self.walk = None
                return self
            return self.pointer.click(event.pos, now_ms)
        elif event.type == pygame.MOUSEWHEEL:
            self.zoom.wheel(event)
        elif event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self.pointer.finger(event)
        elif event.type == pygame.WINDOWLEAVE:
            self.mouse = self.hover = None
        return self

    def _repeats(self, event: pygame.event.Event) -> bool:
        """Whether a held key's repeat does anything: walk and wait on (``_key_turn``) or zoom.
        It never stops a walk, nor throws, drinks, takes or goes down twice (TRU-2)."""
        if self.walk is not None:
            return False
        command = command_for(event.key, event.unicode, event.mod)
        return command is not None and command.name in ("move", "wait", "zoom_in", "zoom_out")

    def _on_key(self, event: pygame.event.Event, now_ms: float) -> State:
        if self.walk is not None:  # any key stops a walk, and does nothing else
            self.walk = None
            return self
        command = command_for(event.key, event.unicode, event.mod)
        if command is None:
            return self
        return self._command(command, event, now_ms)

    def _command(self, command: Command, event: pygame.event.Event, now_ms: float) -> State:
        name = command.name
        if name == "menu":
            return PauseState(self.app, self)
        if name == "help":
            return HelpState(self.app, self, self)
        if name == "log":
            return LogScreen(self)
        if name in ("throw", "fire", "zap"):
            return AimScreen.start(self, name)
        if name == "drop":
            return play_items.ask_drop(self, now_ms)
        if name in ("move", "wait"):
            return self._key_turn(event, command, now_ms)
        if name == "close":
            return self.answer(CloseDoor(), now_ms)
        if name == "pickup":
            return self.answer(PickUp(), now_ms)
        if name == "use":
            return self.answer(UseSlot(command.slot), now_ms)
        if name == "allies":
            return self.answer(OrderAllies(next_order(self.game)), now_ms)
        if name == "mute":
            self.app.toggle_mute()
        elif name == "copy_seed":
            from game.app import clipboard

            if clipboard.copy(self.game.seed_text):
                self.app.say(f"Seed {self.game.seed_text} copied")
        elif name == "zoom":
            self.zoomed = not self.zoomed
        elif name in ("zoom_in", "zoom_out"):
            self.zoom.by(1 if name == "zoom_in" else -1)
        elif name in ("descend", "ascend"):
            self.walks.stairs(name == "descend", now_ms)
        elif name in ("explore", "rest"):
            self.walks.start(name)
        return self

    def _key_turn(self, event: pygame.event.Event, command: Command, now_ms: float) -> State:
        """A move or a wait by key. A press acts (a step certain to hurt asks first); a held key's
        repeat goes on only as ``game.app.held_keys`` allows, and stops rather than asks."""
        move = command.name == "move"
        action: Action = Move(command.dx, command.dy) if move else Wait()
        why = self.held.stops(self.game, event.key, getattr(event, "repeat", False), action)
        if why:
            self.run.note(why, "notice")
        if why is not None:
            return self
        if move and step_harm(self.game, command.dx, command.dy) is not None:
            return self.step(command.dx, command.dy, now_ms)
        here = self.game.player.pos
        result = self.act(action, now_ms)
        self.held.acted(self.game, event.key, action, here, result)
        return self.screen_for(result, now_ms)

    def step(self, dx: int, dy: int, now_ms: float) -> State:
        """A step (a key, a click or a tap beside you); one certain to hurt asks first (UI-7): no
        spends no turn."""
        harm = step_harm(self.game, dx, dy)
        if harm is None:
            return self.answer(Move(dx, dy), now_ms)
        question = Question.before(harm, lambda: self.act(Move(dx, dy), now_ms), current().map_area.center)
        question.tile, question.left = (self.game.player.x + dx, self.game.player.y + dy), dx < 0
        return VerbScreen(self, question)

    def act(self, action: Action, now_ms: float) -> Result:
        """Play ``action`` as a turn of the run; what it did."""
        with self.pacing.turn():  # (the frame's pacing weighs its turns)
            here = self.game.player.pos
            result = self.run.perform(action)
            if isinstance(action, Move) and self.bot is None and self.game.player.pos != here:
                for _ in range(10):  # coins, keys and consumables underfoot: picked up, as a recorded g
                    if not auto_take(self.game) or not isinstance(self.run.perform(PickUp()), Done):
                        break
            if isinstance(result, Impossible):
                self.walk = None
            elif isinstance(action, PickUp) and self.walk is None and specials.practising(self.game):
                self.walk = Walk(self.game, "train")  # practice goes on by itself, a turn a step
            self.view.sync(self.game, now_ms)
            self.app.runs.after_action(self.run)
            return result

    def answer(self, action: Action, now_ms: float) -> State:
        """Play ``action``, and answer the screen its result asks for (``screen_for``)."""
        return self.screen_for(self.act(action, now_ms), now_ms)

    def screen_for(self, result: Result, now_ms: float) -> State:
        """The screen a result asks for: a yes or no (freeing a captive), a direction, a choice
        (what to enchant, what to identify) or an aim; else this screen."""
        if isinstance(result, Ask):
            yes = partial(self.answer, result.action, now_ms)
            question = Question(result.question, [("Yes", yes), (NO, lambda: None)], self.pointer.beside_player())
            if isinstance(result.action, FreeCaptive):  # beside the captive, away from you: it hides neither
                dx, dy = result.action.dx, result.action.dy
                question.tile, question.left = (self.game.player.x + dx, self.game.player.y + dy), dx < 0
            return VerbScreen(self, question)
        if not isinstance(result, NeedsTarget):
            return self
        if result.kind == "direction":
            return DirectionPrompt(self, result.prompt)
        if result.kind in ("enchant", "identify"):
            make = Enchant if result.kind == "enchant" else Identify
            verbs: list[Verb] = [(words, partial(self.answer, make(key), now_ms)) for key, words in result.choices]
            return VerbScreen(self, VerbMenu(result.prompt, verbs, self.pointer.beside_player()))
        return AimScreen.start(self, result.kind, result.item or None)

    # --- time --------------------------------------------------------------------
    def update(self, now_ms: float) -> State:
        if self.game.over or self.game.won:
            from game.app.states import GameOverState, VictoryState

            self.app.runs.end_run(self.run)
            return (VictoryState if self.game.won and not self.game.over else GameOverState)(self.app, self)
        if self.game.boons.offer and self.bot is None:
            return BoonScreen(self)  # a Warden fell: its boon is chosen before anything else (GRW-1)
        if self.bot is not None and now_ms - self.last_step_ms >= AUTOPLAY_STEP_MS:
            self.last_step_ms = now_ms
            self.bot.record(self.game, self.act(self.bot.next_action(self.game), now_ms))
            if self.bot.stalled:
                self.run.note(f"The autoplayer is stuck ({self.bot.stalled}) and stops. "
                              "The controls are yours.", "bad")
                self.bot = None
        elif self.walk is not None:
            self.walks.steps(now_ms)
        return self

    # --- drawing -----------------------------------------------------------------
    def ahead(self) -> str | None:
        """An icon the sidebar will list (``Hud.icon_ahead``), the floor's routes, a room of this floor drawn, else
        a pass of the floor below made (``travel.level_below``): what acting at once on a new floor meets first, first."""
        if (icon := self.hud.icon_ahead(self.game)) is not None:
            return f"the sidebar's icon of {icon}"
        if self.walks.routes_ahead():
            return "the floor's routes"
        if self.view.draw_ahead(self.walks.rooms_next):
            return "a room of the floor"
        if self._below is None or self._below[0] != self.game.floor_key:
            self._below = (self.game.floor_key, travel.level_below(self.game))
        made = next(self._below[1], None)
        return None if made is None else f"the floor below: {made}"

    def puts_off_drawing(self) -> bool:
        return self.pacing.puts_off_drawing(self.app.draw_ms)  # (``game.app.turn_pacing``)

    def owes_drawing(self) -> bool:
        return self.pacing.map_owed

    def animating(self, now_ms: float) -> bool:
        drawn = (self.game.version, self.game.floor_key, self.game.turn, self.game.log.version)
        return (self.walk is not None or self.bot is not None or drawn != self._drawn or self.pacing.owes
                or self.view.motion.busy(now_ms) or self.view.effects.busy(now_ms)
                or (not self.zoomed and self.view.terrain.busy(now_ms)))  # flames flicker on the map, not zoomed out

    def draw(self, surface: pygame.Surface, now_ms: float, aim: Aim | None = None, prompt: str = "") -> None:
        """The map and the sidebar; ``aim`` and ``prompt`` are those of a screen over this one."""
        same_floor = self._drawn[1:2] == (self.game.floor_key,)  # (a new floor's sidebar is never held)
        self._drawn = (self.game.version, self.game.floor_key, self.game.turn, self.game.log.version)
        shown = self.app.screen_by is self and not (self.zoomed or self._zoomed_last)  # its last map and sidebar
        self._zoomed_last = self.zoomed
        map_started = self.pacing.clock()
        if self.zoomed:
            self.view.draw_zoomed(surface, self.game, self.mouse)
        else:
            self.camera = self.view.camera(self.game, now_ms)
            self.hover = self.pointer.tile_under(self.mouse) if self.mouse else None  # the map moves under the pointer
            edge = self.pointer.edge_under(self.mouse) if aim is None else None  # a wall or door the hover names
            self.view.draw(surface, self.game, now_ms, self.hover, aim, edge)
            if self.walk is not None and self.walk.route:
                self.walks.draw_route(surface, self.walk.route)
        words, away = hover_text(self, aim, prompt), monsters_away(self)
        self.pacing.draw(lambda hold: self.hud.draw(surface, self.game, words, prompt, away, hold, shown), map_started,
                        same_floor)
