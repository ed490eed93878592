"""How the balance tool words what it found: who killed, and whether a target is met."""

from __future__ import annotations

import re


def killer(cause: str) -> str:
    """What killed: "killed by the goblin on floor 2 of X" -> "goblin"; a named Warden ->
    "a Warden", a named guardian ("Dreg the warg") -> "guardian warg"; else the cause."""
    match = re.match(r"killed by (?:the )?(.+?) (?:on floor|on deck|in the|on the)", cause)
    if not match:
        return cause.split(" on ")[0] or "?"
    name = match.group(1)
    if "Warden" in name:
        return "a Warden"
    named = re.fullmatch(r"[A-Z][\w'-]* the (.+)", name)
    return f"guardian {named.group(1)}" if named else name


HAZARD_DEATHS = ("burnt to death", "choked on poison gas", "killed by a fall", "burnt by a laser")
"""The causes of a death to a hazard the bot could see (SPEC TER-7, VLT-7): fire, gas, a chasm's
fall, a laser's beam. The bot avoids them all, so every policy is held to none. (Not "caught in a
trap": a vault's traps are hidden until found, and a Minesweeper vault may force a guess.)"""


def hazard_deaths(causes: list[str]) -> list[str]:
    """The causes of ``causes`` that are deaths to a hazard the bot could see."""
    return [cause for cause in causes if cause.startswith(HAZARD_DEATHS)]


def verdict(ok: bool, text: str) -> str:
    return ("ok      " if ok else "MISSED  ") + text
