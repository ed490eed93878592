"""Every key binding, in one table (SPEC UI-1). The help overlay is drawn from it.

A binding matches a key press by its character (``>``, ``?``, ``.``: layout-proof)
or by its key code (arrows, numpad, letters).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Command:
    """What a key asks for. ``dx, dy`` are set for moves."""

    name: str
    dx: int = 0
    dy: int = 0
    slot: int = -1  # for "use": the inventory slot (0-based)


@dataclass(frozen=True)
class Binding:
    command: Command
    keys: tuple[int, ...]
    chars: tuple[str, ...]
    label: str  # keys as shown in the help
    help: str
    group: str


def _move(dx: int, dy: int, keys: tuple[int, ...], label: str, help_text: str) -> Binding:
    return Binding(Command("move", dx, dy), keys, (), label, help_text, "Move")


BINDINGS: tuple[Binding, ...] = (
    _move(0, -1, (pygame.K_UP, pygame.K_w, pygame.K_KP8, pygame.K_k), "Up  w  8  k", "north"),
    _move(0, 1, (pygame.K_DOWN, pygame.K_s, pygame.K_KP2, pygame.K_j), "Down  s  2  j", "south"),
    _move(-1, 0, (pygame.K_LEFT, pygame.K_a, pygame.K_KP4, pygame.K_h), "Left  a  4  h", "west"),
    _move(1, 0, (pygame.K_RIGHT, pygame.K_d, pygame.K_KP6, pygame.K_l), "Right  d  6  l", "east"),
    _move(-1, -1, (pygame.K_KP7, pygame.K_y, pygame.K_HOME), "7  y  Home", "north-west"),
    _move(1, -1, (pygame.K_KP9, pygame.K_u, pygame.K_PAGEUP), "9  u  PgUp", "north-east"),
    _move(-1, 1, (pygame.K_KP1, pygame.K_b, pygame.K_END), "1  b  End", "south-west"),
    _move(1, 1, (pygame.K_KP3, pygame.K_n, pygame.K_PAGEDOWN), "3  n  PgDn", "south-east"),
    Binding(Command("wait"), (pygame.K_KP5, pygame.K_KP_PERIOD), (".",), ".  5", "wait a turn", "Act"),
    Binding(Command("descend"), (), (">",), ">", "go down; away from the stairs, travel to them", "Act"),
    Binding(Command("ascend"), (), ("<",), "<", "go up; away from the stairs, travel to them", "Act"),
    Binding(Command("explore"), (pygame.K_x,), (), "x", "explore: walk to what is not seen yet (not with a foe in view)",
            "Act"),
    Binding(Command("rest"), (pygame.K_z,), (), "z", "rest until healed (a monster in view stops it)", "Act"),
    Binding(Command("close"), (pygame.K_c,), (), "c", "close an adjacent door", "Act"),
    Binding(Command("pickup"), (pygame.K_g,), (), "g", "pick up (and wear) a weapon or armour, buy or use what is here",
            "Act"),
    *(Binding(Command("use", slot=i), (pygame.K_1 + i,), (), "1-9" if i == 0 else "", "use an inventory slot" if i == 0 else "",
              "Act") for i in range(9)),
    Binding(Command("drop"), (pygame.K_p,), (), "p", "drop a slot's whole stack (asks which)", "Act"),
    Binding(Command("throw"), (pygame.K_t,), (), "t", "throw TNT, a smoke bomb or a knife (Tab: next foe, 1-9: which)", "Act"),
    Binding(Command("fire"), (pygame.K_f,), (), "f", "fire the launcher or the bow", "Act"),
    Binding(Command("zap"), (pygame.K_e,), (), "e", "zap a staff or wand (Tab: next foe, 1-9: which)", "Act"),
    Binding(Command("allies"), (pygame.K_r,), (), "r", "rally your allies: wait here / follow me", "Act"),
    Binding(Command("zoom"), (pygame.K_o,), (), "o", "the whole floor, with a legend", "Interface"),
    Binding(Command("zoom_in"), (pygame.K_KP_PLUS,), ("+", "="), "+", "zoom the map in", "Interface"),
    Binding(Command("zoom_out"), (pygame.K_MINUS, pygame.K_KP_MINUS), ("-",), "-", "zoom the map out", "Interface"),
    Binding(Command("log"), (pygame.K_m,), (), "m", "the whole message log", "Interface"),
    Binding(Command("mute"), (pygame.K_v,), (), "v", "sound on / off", "Interface"),
    Binding(Command("copy_seed"), (), (), "Ctrl+C", "copy the seed", "Interface"),
    Binding(Command("help"), (), ("?",), "?", "this help", "Interface"),
    Binding(Command("menu"), (pygame.K_ESCAPE,), (), "Esc", "menu (or cancel)", "Interface"),
)

PAGE = 20
LOG_SCROLL = {  # keys that scroll the message archive: lines back from the newest
    pygame.K_PAGEUP: lambda s: s + PAGE, pygame.K_PAGEDOWN: lambda s: max(0, s - PAGE),
    pygame.K_UP: lambda s: s + 1, pygame.K_DOWN: lambda s: max(0, s - 1),
    pygame.K_HOME: lambda s: 1_000_000, pygame.K_END: lambda s: 0,
}

_BY_CHAR = {char: b.command for b in BINDINGS for char in b.chars}
_BY_KEY = {key: b.command for b in BINDINGS for key in b.keys}
_SHIFTED = {pygame.K_PERIOD: ">", pygame.K_SLASH: "?", pygame.K_COMMA: "<"}


def command_for(key: int, unicode: str = "", mod: int = 0) -> Command | None:
    """The command a key press asks for, or None."""
    if mod & pygame.KMOD_CTRL:
        return Command("copy_seed") if key == pygame.K_c else None
    if mod & pygame.KMOD_SHIFT and key in _SHIFTED and unicode == chr(key):
        return _BY_CHAR[_SHIFTED[key]]  # text input off: SDL gives the unshifted character ("." for >)
    if unicode and unicode in _BY_CHAR:
        return _BY_CHAR[unicode]
    if mod & pygame.KMOD_SHIFT and key in _SHIFTED:
        return _BY_CHAR[_SHIFTED[key]]
    if key == pygame.K_PERIOD and not mod & pygame.KMOD_SHIFT:
        return _BY_CHAR["."]
    return _BY_KEY.get(key)


def direction_for(key: int, unicode: str = "", mod: int = 0) -> tuple[int, int] | None:
    """The direction of a movement key (for direction prompts), or None."""
    command = command_for(key, unicode, mod)
    if command is not None and command.name == "move":
        return command.dx, command.dy
    return None


PICKING_UP = ("walk onto", "coins, a key, a potion, a scroll, TNT or ammunition: picked up as you step there "
                           "(not a shop's wares, nor what you dropped)")
"""How things are picked up without ``g`` (``game.app.walking.auto_take``), a row of the Act group."""
MOUSE = [("Click", "walk there; on a thing: its verbs"),
         ("Hover", "see what is there"),
         ("Wheel", "zoom the map (on a touch screen: pinch)")]
TOUCH = [("Tap a tile", "walk there (a door: open it); beside you: step there or attack"),
         ("Tap a foe", "out of reach: throw or fire at it, or walk to it"),
         ("Tap yourself", "pick up what is here, take the stairs, or a menu: wait, rest, explore, drink, read"),
         ("Tap a thing", "an item: take it (or make room); a door's edge: open or close it; a slot: use or drop it"),
         ("Buttons", "explore, wait, stairs (travel to them, then take them), pack (your items: tap one for "
                     "its verbs), map, menu; your slots' icons above them"),
         ("Messages", "tap them for the whole archive; drag it to scroll, tap to close"),
         ("Pinch", "two fingers zoom the map nearer or farther")]
"""A phone's controls (SPEC UI-3, UI-10): a tap acts when the finger lifts, and never in a pinch."""


def help_rows(touch: bool = False) -> list[tuple[str, list[tuple[str, str]]]]:
    """Bindings grouped for the help overlay: ``[(group, [(keys, meaning)])]``; ``touch``: a
    phone's help, its touch controls first (and no mouse)."""
    groups: dict[str, list[tuple[str, str]]] = {"Touch": list(TOUCH)} if touch else {}
    for binding in BINDINGS:
        if binding.help:  # the 1-9 slot keys share one row
            groups.setdefault(binding.group, []).append((binding.label, binding.help))
        if binding.command.name == "pickup":
            groups[binding.group].append(PICKING_UP)
    if not touch:
        groups["Mouse"] = list(MOUSE)
    return list(groups.items())
