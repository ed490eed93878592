"""The balance tool's policy mode (SPEC ROB-4): the bot plays the same seeds by each policy
asked for (``game.bot.policy``: ``naive``, ``smart``, ``standard``) and each is summed up as one
JSON object, ``{"policies": {"naive": {...}, "smart": {...}}}``, each with:

- ``runs``; ``won`` and ``died_in_region_1``: the shares of runs won, and of runs that died in
  the first region played;
- ``fight_turns_median``: the median length of a fight with a same-depth monster, over every
  fight of every run (``game.tools.balance.watch``: from the first blow to the monster's fall,
  both turns counted; not out-of-depth monsters, guardians, Wardens or other bosses);
- ``item_kinds_found_median`` and ``item_kinds_used_median``: per run, how many distinct item
  kinds it found (picked up, bought) and used (drank, read, threw, fired, zapped), the median;
- ``choices_median``: growth choices made per run (``Autoplayer.choose``), the median;
- ``causes``: what killed the runs that died (grouped as the table groups them) -> how many;
- ``hazard_deaths``: the whole causes of the deaths to fire, gas, a fall or a laser (none, the
  target says: ``words.HAZARD_DEATHS``).

``check`` holds them to ``TARGETS``: a skilled player wins far more often than a careless one,
fights are short, no one thing kills, and a run finds, uses and chooses, and no policy dies to a hazard it could see.
"""

from __future__ import annotations

from collections import Counter
from statistics import median
from typing import Any

from game.bot.autoplay import Autoplayer
from game.bot.policy import POLICIES
from game.run.run import Run
from game.tools.balance.watch import Watch
from game.tools.balance.words import hazard_deaths, killer, verdict

TARGETS: dict[str, float] = {
    "smart_over_naive": 2.0,  # smart wins at least this many times as often as naive
    "smart_won_low": 0.25, "smart_won_high": 0.60,
    "fight_turns_low": 3, "fight_turns_high": 6,  # every policy's median fight
    "top_cause": 0.40,  # no cause of death over this share of a policy's deaths
    "smart_found": 12, "smart_used": 8, "smart_choices": 6,  # medians per run
}


def play_policy(seed: str, turns: int, policy: str, sight: str = "room") -> dict[str, Any]:
    """One full run of the bot by ``policy``, watched: how it ended, and what it found, used and fought."""
    run, bot, watch = Run.new(seed, sight=sight), Autoplayer(POLICIES[policy]), Watch()
    game, first = run.game, None
    while game.turn < turns and not game.over and not game.won and bot.stalled is None:
        bot.record(game, watch.play(game, bot.next_action(game), run.perform))
        if first is None and game.region is not None:
            first = game.region
    return {"seed": seed, "policy": policy, "sight": sight, "won": game.won, "died": game.over and not game.won,
            "stalled": bot.stalled, "turns": game.turn, "cause": game.cause,
            "died_in_region_1": game.over and not game.won and game.region is not None and game.region == first,
            "found": sorted(watch.found), "used": sorted(watch.used), "fights": watch.fights, "choices": bot.choices}


def summarise(results: list[dict[str, Any]]) -> dict[str, Any]:
    """One policy's runs summed up (the keys in this module's docstring)."""
    runs = max(1, len(results))
    fights = [turns for result in results for turns in result["fights"]]
    causes = Counter(killer(r["cause"] or "") for r in results if r["died"])
    return {"runs": len(results), "won": sum(r["won"] for r in results) / runs,
            "died_in_region_1": sum(r["died_in_region_1"] for r in results) / runs,
            "fight_turns_median": median(fights) if fights else 0,
            "item_kinds_found_median": median(len(r["found"]) for r in results) if results else 0,
            "item_kinds_used_median": median(len(r["used"]) for r in results) if results else 0,
            "choices_median": median(r["choices"] for r in results) if results else 0,
            "causes": dict(sorted(causes.items(), key=lambda kv: (-kv[1], kv[0]))),
            "hazard_deaths": hazard_deaths([r["cause"] or "" for r in results if r["died"]])}


def check(policies: dict[str, dict[str, Any]]) -> list[str]:
    """Each target the summed-up policies can be held to: lines starting "ok" or "MISSED"."""
    lines = []
    naive, smart = policies.get("naive"), policies.get("smart")
    if naive is not None and smart is not None:
        times = TARGETS["smart_over_naive"]
        lines.append(verdict(smart["won"] >= times * naive["won"] and smart["won"] > 0,
                              f"smart wins {smart['won']:.0%}, naive {naive['won']:.0%} (target at least {times:g}x)"))
    if smart is not None:
        low, high = TARGETS["smart_won_low"], TARGETS["smart_won_high"]
        lines.append(verdict(low <= smart["won"] <= high, f"smart wins {smart['won']:.0%} (target {low:.0%}-{high:.0%})"))
        for key, target in (("item_kinds_found_median", "smart_found"), ("item_kinds_used_median", "smart_used"),
                            ("choices_median", "smart_choices")):
            lines.append(verdict(smart[key] >= TARGETS[target],
                                  f"smart {key}: {smart[key]:g} (target at least {TARGETS[target]:g})"))
    low, high = TARGETS["fight_turns_low"], TARGETS["fight_turns_high"]
    for name, summary in policies.items():
        fight = summary["fight_turns_median"]
        lines.append(verdict(low <= fight <= high, f"{name} fight_turns_median: {fight:g} (target {low:g}-{high:g})"))
        deaths = sum(summary["causes"].values())
        top = max(summary["causes"].items(), key=lambda kv: kv[1], default=("-", 0))
        share = top[1] / deaths if deaths else 0.0
        lines.append(verdict(share <= TARGETS["top_cause"], f"{name} deaths by {top[0]}: {share:.0%} of "
                              f"{deaths} (target at most {TARGETS['top_cause']:.0%} by any one cause)"))
        lines.append(hazard_verdict(name, summary["hazard_deaths"]))
    return lines


def hazard_verdict(name: str, deaths: list[str]) -> str:
    """No death to fire, gas, a fall or a laser (``words.HAZARD_DEATHS``): the bot sees them and keeps out."""
    return verdict(not deaths, f"{name} deaths to a hazard it could see: {len(deaths)} (target none)"
                   + "".join(f"\n          {cause}" for cause in deaths))


def render(policies: dict[str, dict[str, Any]]) -> str:
    """The summaries as a table, a row per policy."""
    lines = ["| policy | runs | won | died in region 1 | fight turns | kinds found | kinds used | choices | "
             "deaths by |", "|---|---|---|---|---|---|---|---|---|"]
    for name, s in policies.items():
        causes = ", ".join(f"{cause} {n}" for cause, n in list(s["causes"].items())[:3]) or "-"
        lines.append(f"| {name} | {s['runs']} | {s['won']:.0%} | {s['died_in_region_1']:.0%} | "
                     f"{s['fight_turns_median']:g} | {s['item_kinds_found_median']:g} | "
                     f"{s['item_kinds_used_median']:g} | {s['choices_median']:g} | {causes} |")
    return "\n".join(lines)
