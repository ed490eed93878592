"""Things carried and things lying about, on the play screen (SPEC ITM-2, UI-2, UI-3): what a
click or a tap on an inventory slot, an item on the floor or a door offers (noun, then verb),
and the question "which slot?" that dropping (``p``) and making room for a find ask. A base of
``PlayState``: the attributes it uses are the play screen's.

A slot's verbs come first with its use (drink, read, throw, fire), then dropping it: a click
never spends a potion by itself (the number keys are the fast way, a menu's ``1`` the next
fastest). A floor item in sight offers taking it (wielding, wearing, buying: walking there
first), or making room for it when the pack is full, and walking to it. A door offers opening,
closing or unlocking it, from beside it or by walking there first, and walking to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.app.describe import Step, edge_text
from game.app.help_page import touch_screen
from game.app.keys import command_for
from game.app.verbs import VerbMenu
from game.bot.explore import walk_route
from game.content.items import ITEMS, item_label, throwable
from game.map.edges import Edge
from game.world.action import Action, Done
from game.world.actions import CloseDoor, Drop, Move, PickUp, UseSlot

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.app.state import State
    from game.world.actor import Item
    from game.world.game import Game

Verb = tuple[str, Callable[[], None]]
WEAR = {"weapon": "Wield", "armour": "Put on", "ranged": "Shoulder"}


@dataclass(frozen=True)
class SlotQuestion:
    """Which slot? ``question`` as the sidebar asks it ("Drop which?"); ``answer`` acts on the
    slot (0-based) the player picks."""

    question: str
    answer: Callable[[int], None]


def use_words(game: Game, kind: str) -> str:
    """What using a slot of ``kind`` does, as its verb says it ("Drink the healing potion",
    "Throw a stick of TNT…"); "" when it has no use by itself (a key, ammunition without its launcher)."""
    name = ITEMS[kind].name
    if kind.startswith("potion_"):
        return f"Drink the {name}"
    if kind.startswith("scroll_"):
        return f"Read the {name}"
    if throwable(kind):
        return f"Throw {item_label(kind, article=True)}\u2026"
    launcher = game.inventory.ranged
    if launcher is not None and ITEMS[launcher].shoots == kind:
        return f"Fire {item_label(kind, article=True)}\u2026"
    return ""


def take_words(game: Game, item: Item) -> str:
    """How taking ``item`` is said ("Take it", "Wield it", "Buy it for 20 coins"); "" when it
    cannot be taken (the same piece worn already, no room in the pack)."""
    spec, inventory = ITEMS[item.kind], game.inventory
    if spec.category in WEAR:
        worn = getattr(inventory, spec.category)
        if worn == item.kind:
            return ""
        verb = f"{WEAR[spec.category]} it" + (f", leaving the {ITEMS[worn].name}" if worn else "")
    elif spec.category == "consumable" and not inventory.can_add(item.kind):
        return ""
    else:
        verb = "Take it"
    return f"Buy it for {item.price} coins" if item.price else verb


def room_wanted(game: Game, item: Item) -> bool:
    """Whether ``item`` is something the pack has no room for (a full pack, a new kind)."""
    return ITEMS[item.kind].category == "consumable" and not game.inventory.can_add(item.kind)


class ItemVerbs:
    """``PlayState``'s verbs for slots, floor items and doors, and its "which slot?" question."""

    slot_question: SlotQuestion | None

    # --- which slot? --------------------------------------------------------------------
    def _ask_slot(self: PlayState, question: str, answer: Callable[[int], None]) -> None:
        """Ask which slot: in the sidebar, answered by a number key or a click on a slot (any
        other key cancels); on a phone, on the pack page, answered by a tap on a slot."""
        slots = len(self.game.inventory.slots)
        if not slots:
            self.run.note("You carry nothing to drop.", "bad")
            return
        self.slot_question = SlotQuestion(question, answer)
        if touch_screen():
            self.pack_rows = []  # the pack page asks it
        else:
            which = "1" if slots == 1 else f"1-{slots}"
            self.prompt = f"{question} {which}, or click a slot. Esc: cancel."

    def _answer_slot(self: PlayState, index: int) -> None:
        question, self.slot_question, self.prompt = self.slot_question, None, ""
        if question is not None and self.game.inventory.slot(index) is not None:
            question.answer(index)

    def _on_slot_key(self: PlayState, event: pygame.event.Event) -> State:
        command = command_for(event.key, event.unicode, event.mod)
        if command is not None and command.name == "use":
            self._answer_slot(command.slot)
        else:
            self.slot_question, self.prompt = None, ""
        return self

    def _ask_drop(self: PlayState, now_ms: float) -> None:
        """``p``: drop which slot's stack?"""
        self._ask_slot("Drop which?", lambda index: self._act(Drop(index), now_ms))  # type: ignore[misc]

    # --- a slot --------------------------------------------------------------------------
    def _offer_slot_verbs(self: PlayState, index: int, pos: tuple[int, int], now_ms: float) -> None:
        """A click or a tap on a slot: its use, then dropping it (or, while "which slot?" is
        asked, the answer)."""
        if self.slot_question is not None:
            self._answer_slot(index)
            return
        slot = self.game.inventory.slot(index)
        if slot is None:
            return
        kind, count = slot
        verbs: list[Verb] = []
        use = use_words(self.game, kind)
        if use:
            verbs.append((use, lambda: self._act(UseSlot(index), now_ms)))  # type: ignore[misc]
        dropped = item_label(kind, count) if count > 1 else f"the {ITEMS[kind].name}"
        verbs.append((f"Drop {dropped}", lambda: self._act(Drop(index), now_ms)))  # type: ignore[misc]
        number = "" if touch_screen() else f"{index + 1}: "  # a phone has no number keys
        self.verbs = VerbMenu(f"{number}{item_label(kind, count)}", verbs, pos)

    # --- an item on the floor -----------------------------------------------------------------
    def _offer_item_verbs(self: PlayState, target: tuple[int, int], pos: tuple[int, int], now_ms: float) -> bool:
        """A click or a tap on a tile in sight where something lies (not your own): take it
        (walking there), make room for it, or walk to it. False when nothing is offered."""
        game = self.game
        items = game.floor.items_at(target)
        if not items or not game.floor.in_sight(*target):
            return False
        route = walk_route(game, target)
        if not route:
            return False
        top = items[-1]
        title = item_label(top.kind, top.count, article=True)
        title = title[0].upper() + title[1:] + (f" and {len(items) - 1} more" if len(items) > 1 else "")
        verbs: list[Verb] = []
        take = take_words(game, top)
        if take:
            verbs.append((take, lambda: self._walk_to(target, [PickUp()], top.iid)))  # type: ignore[misc]
        elif room_wanted(game, top):
            title += " (your pack is full)"
            verbs.append(("Make room for it\u2026", lambda: self._ask_slot(
                "Make room: drop which?",
                lambda index: self._walk_to(target, [Drop(index), PickUp()], top.iid))))  # type: ignore[misc]
        verbs.append(("Walk to it", lambda: self._walk_to(target)))
        self.verbs = VerbMenu(title, verbs, pos)
        return True

    def _offer_room_here(self: PlayState, pos: tuple[int, int], now_ms: float) -> bool:
        """Tapping yourself on something the pack has no room for: make room for it (drop a
        slot, then take it), or what you can do here. False when there is room (or nothing)."""
        game = self.game
        items = game.floor.items_at(game.player.pos)
        if not items or not room_wanted(game, items[-1]):
            return False
        title = item_label(items[-1].kind, items[-1].count, article=True)

        def swap(index: int) -> None:
            if isinstance(self._act(Drop(index), now_ms), Done):
                self._act(PickUp(), now_ms)

        verbs: list[Verb] = [(f"Make room for {title}\u2026", lambda: self._ask_slot("Make room: drop which?", swap))]
        self.verbs = VerbMenu(f"Here: {title} (your pack is full)", verbs + self._verbs_here(now_ms), pos)
        return True

    # --- a door ----------------------------------------------------------------------------
    def _offer_door_verbs(self: PlayState, step: Step | None, pos: tuple[int, int], now_ms: float) -> bool:
        """A click or a tap by a door's edge (``describe.edge_near``) that you know of: open,
        close or unlock it, from beside it or walking there first; or walk to it. False when the
        edge is no door, or nothing is offered (a locked door and no key, from beside it: the
        click bumps it, and the door says why it stays shut)."""
        game = self.game
        if step is None or game.on_overworld:
            return False
        x, y, dx, dy = step
        kind = game.floor.map.edge_kind_toward(x, y, dx, dy)
        if kind not in (Edge.DOOR, Edge.OPEN_DOOR, Edge.LOCKED_DOOR) or edge_text(game, step) == "Unknown":
            return False
        sides = [((x, y), (dx, dy)), ((x + dx, y + dy), (-dx, -dy))]
        me = game.player.pos
        here = next((d for side, d in sides if side == me), None)
        if here is not None:
            verbs = [(words, lambda a=action: self._act(a, now_ms)) for words, action in _door_actions(game, kind, here)]
        else:
            routes = [(route, side, d) for side, d in sides if (route := walk_route(game, side))]
            if not routes:
                return False
            _, side, d = min(routes, key=lambda r: len(r[0]))
            verbs = [(words, lambda a=action, s=side: self._walk_to(s, [a]))  # type: ignore[misc]
                     for words, action in _door_actions(game, kind, d)]
            verbs.append(("Walk to it", lambda s=side: self._walk_to(s)))  # type: ignore[misc]
        if not verbs:
            return False
        self.verbs = VerbMenu(edge_text(game, step).split(":")[0].split(" (")[0], verbs, pos)
        return True


def _door_actions(game: Game, kind: int, direction: tuple[int, int]) -> list[tuple[str, Action]]:
    """What can be done to a door of ``kind`` from the tile beside it, facing ``direction``."""
    if kind == Edge.DOOR:
        return [("Open it", Move(*direction))]
    if kind == Edge.OPEN_DOOR:
        return [("Close it", CloseDoor(*direction)), ("Go through", Move(*direction))]
    return [("Unlock it with your key", Move(*direction))] if game.inventory.count("key") else []
