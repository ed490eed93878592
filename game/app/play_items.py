"""Things carried and things lying about, on the play screen (SPEC ITM-2, UI-2, UI-3): what a
click or a tap on an inventory slot, an item on the floor or a door offers (noun, then verb),
and the question "which slot?" that dropping (``p``) and making room for a find ask. Each
offer answers the screen that shows it (a ``VerbScreen`` over the play screen), or None when
nothing is offered.

A slot's verbs come first with its use (drink, read, throw, fire), then dropping it: a click
never spends a potion by itself (the number keys are the fast way, a menu's ``1`` the next
fastest). A floor item in sight offers taking it (wielding, wearing, buying: walking there
first), or making room for it when the pack is full, and walking to it. A door offers opening,
closing or unlocking it, from beside it or by walking there first, and walking to it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from game.app.describe import Step, edge_text
from game.app.help_page import touch_screen
from game.app.pack import PackScreen
from game.app.prompts import SlotPrompt, SlotQuestion
from game.app.verbs import Verb, VerbMenu, VerbScreen
from game.bot.explore import walk_route
from game.content.items import ITEMS, charged, throwable, zappable
from game.world.magic import item_name
from game.map.edges import Edge
from game.world.action import Action, Done
from game.world.actions import CloseDoor, Drop, Move, PickUp, UseSlot

if TYPE_CHECKING:
    from game.app.play import PlayState
    from game.app.state import State
    from game.world.actor import Item
    from game.world.game import Game

WEAR = {"weapon": "Wield", "armour": "Put on", "ranged": "Shoulder"}


def use_words(game: Game, kind: str) -> str:
    """What using a slot of ``kind`` does, as its verb says it ("Drink the healing potion",
    "Throw a stick of TNT…"); "" when it has no use by itself (a key, ammunition without its launcher)."""
    name = item_name(game, kind)
    if kind.startswith("potion_"):
        return f"Drink the {name}"
    if kind.startswith("scroll_"):
        return f"Read the {name}"
    if zappable(kind):
        return f"Zap the {name}\u2026"
    if charged(kind):
        return f"Use the {name}"
    if throwable(kind):
        return f"Throw {item_name(game, kind, article=True)}\u2026"
    launcher = game.inventory.ranged
    if launcher is not None and ITEMS[launcher].shoots == kind:
        return f"Fire {item_name(game, kind, article=True)}\u2026"
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


# --- which slot? ------------------------------------------------------------------------
def ask_slot(play: PlayState, question: str, answer: Callable[[int], object]) -> State:
    """Ask which slot: in the sidebar, answered by a number key or a click on a slot (any other
    key cancels); on a phone, on the pack page, answered by a tap on a slot."""
    if not play.game.inventory.slots:
        play.run.note("You carry nothing to drop.", "bad")
        return play
    asked = SlotQuestion(question, answer)
    return PackScreen(play, asked) if touch_screen() else SlotPrompt(play, asked)


def ask_drop(play: PlayState, now_ms: float) -> State:
    """``p``: drop which slot's stack?"""
    return ask_slot(play, "Drop which?", lambda index: play.answer(Drop(index), now_ms))


# --- a slot ------------------------------------------------------------------------------------
def slot_verbs(play: PlayState, index: int, pos: tuple[int, int], now_ms: float) -> State:
    """A click or a tap on a slot: its use, then dropping it."""
    slot = play.game.inventory.slot(index)
    if slot is None:
        return play
    kind, count = slot
    verbs: list[Verb] = []
    use = use_words(play.game, kind)
    if use:
        verbs.append((use, lambda: play.answer(UseSlot(index), now_ms)))
    dropped = item_name(play.game, kind, count) if count > 1 else f"the {item_name(play.game, kind)}"
    verbs.append((f"Drop {dropped}", lambda: play.answer(Drop(index), now_ms)))
    number = "" if touch_screen() else f"{index + 1}: "  # a phone has no number keys
    return VerbScreen(play, VerbMenu(f"{number}{item_name(play.game, kind, count)}", verbs, pos))


# --- an item on the floor -----------------------------------------------------------------------
def item_verbs(play: PlayState, target: tuple[int, int], pos: tuple[int, int]) -> State | None:
    """A click or a tap on a tile in sight where something lies (not your own): take it
    (walking there), make room for it, or walk to it. None when nothing is offered."""
    game, walks = play.game, play.walks
    items = game.floor.items_at(target)
    if not items or not game.floor.in_sight(*target):
        return None
    if not walk_route(game, target):
        return None
    top = items[-1]
    title = item_name(game, top.kind, top.count, article=True)
    title = title[0].upper() + title[1:] + (f" and {len(items) - 1} more" if len(items) > 1 else "")
    verbs: list[Verb] = []
    take = take_words(game, top)
    if take:
        verbs.append((take, lambda: walks.to(target, [PickUp()], top.iid)))
    elif room_wanted(game, top):
        title += " (your pack is full)"
        verbs.append(("Make room for it\u2026", lambda: ask_slot(
            play, "Make room: drop which?", lambda index: walks.to(target, [Drop(index), PickUp()], top.iid))))
    verbs.append(("Walk to it", lambda: walks.to(target)))
    return VerbScreen(play, VerbMenu(title, verbs, pos))


def room_here(play: PlayState, pos: tuple[int, int], now_ms: float) -> State | None:
    """Tapping yourself on something the pack has no room for: make room for it (drop a slot,
    then take it), or what you can do here. None when there is room (or nothing)."""
    game = play.game
    items = game.floor.items_at(game.player.pos)
    if not items or not room_wanted(game, items[-1]):
        return None
    title = item_name(game, items[-1].kind, items[-1].count, article=True)

    def swap(index: int) -> None:
        if isinstance(play.act(Drop(index), now_ms), Done):
            play.act(PickUp(), now_ms)

    verbs: list[Verb] = [(f"Make room for {title}\u2026", lambda: ask_slot(play, "Make room: drop which?", swap))]
    return VerbScreen(play, VerbMenu(f"Here: {title} (your pack is full)", verbs + play.pointer.verbs_here(now_ms), pos))


# --- a door ---------------------------------------------------------------------------------------
def door_verbs(play: PlayState, step: Step | None, pos: tuple[int, int], now_ms: float) -> State | None:
    """A click or a tap by a door's edge (``describe.edge_near``) that you know of: open,
    close or unlock it, from beside it or walking there first; or walk to it. None when the
    edge is no door, or nothing is offered (a locked door and no key, from beside it: the
    click bumps it, and the door says why it stays shut)."""
    game, walks = play.game, play.walks
    if step is None or game.on_overworld:
        return None
    x, y, dx, dy = step
    kind = game.floor.map.edge_kind_toward(x, y, dx, dy)
    if kind not in (Edge.DOOR, Edge.OPEN_DOOR, Edge.LOCKED_DOOR) or edge_text(game, step) == "Unknown":
        return None
    sides = [((x, y), (dx, dy)), ((x + dx, y + dy), (-dx, -dy))]
    me = game.player.pos
    here = next((d for side, d in sides if side == me), None)
    verbs: list[Verb]
    if here is not None:
        verbs = [(words, partial(play.answer, action, now_ms)) for words, action in _door_actions(game, kind, here)]
    else:
        routes = [(route, side, d) for side, d in sides if (route := walk_route(game, side))]
        if not routes:
            return None
        _, side, d = min(routes, key=lambda r: len(r[0]))
        verbs = [(words, partial(walks.to, side, [action])) for words, action in _door_actions(game, kind, d)]
        verbs.append(("Walk to it", partial(walks.to, side)))
    if not verbs:
        return None
    return VerbScreen(play, VerbMenu(edge_text(game, step).split(":")[0].split(" (")[0], verbs, pos))


def _door_actions(game: Game, kind: int, direction: tuple[int, int]) -> list[tuple[str, Action]]:
    """What can be done to a door of ``kind`` from the tile beside it, facing ``direction``."""
    if kind == Edge.DOOR:
        return [("Open it", Move(*direction))]
    if kind == Edge.OPEN_DOOR:
        return [("Close it", CloseDoor(*direction)), ("Go through", Move(*direction))]
    return [("Unlock it with your key", Move(*direction))] if game.inventory.count("key") else []
