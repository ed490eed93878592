"""The load tool's checks of the board: each verified run replayed afresh, here, with the game's
own replayer (``game.run.replay``) and the board's score formula, and compared with the rows the
server serves at ``GET /api/daily/DATE``."""

from __future__ import annotations

from typing import Any

FIELDS = ("score", "wardens", "regions", "island_regions", "won", "cause", "turns", "kills", "coins")


def replayed(recording: dict[str, Any]) -> dict[str, Any] | None:
    """What a fresh replay of ``recording`` gives (None when it is out of sync or unfinished)."""
    from game.run.recording import Recording
    from game.run.replay import Replayer
    from game.server.verdicts import score
    from game.world import travel

    replayer = Replayer.start(Recording.from_dict(recording))
    while not replayer.finished:
        replayer.step()
    game = replayer.run.game
    if not replayer.report().ok or not (game.over or game.won):
        return None
    wardens, won = sum(game.world.defeated), bool(game.won)
    return {"score": score(wardens, game.kills, game.record.coins_earned, won), "wardens": wardens,
            "regions": travel.regions_entered(game), "island_regions": game.world.regions, "won": won,
            "cause": None if won else game.cause, "turns": game.turn, "kills": game.kills,
            "coins": game.record.coins_earned}


def board_problems(rows: list[dict[str, Any]], verified: dict[str, tuple[str, dict[str, Any]]]) -> list[str]:
    """How the board's ``rows`` differ from what the replays give. ``verified``: run id ->
    (its name, its fresh replay's result) for every run the server verified that day."""
    problems = []
    best: dict[str, tuple[int, int]] = {}
    for name, result in verified.values():
        mine = (result["score"], -result["turns"])
        best[name] = max(best.get(name, mine), mine)
    if sorted(row["name"] for row in rows) != sorted(best)[:100] and len(best) <= 100:
        problems.append(f"the board's names {sorted(row['name'] for row in rows)} are not the verified runs' "
                        f"{sorted(best)}")
    for place, row in enumerate(rows, 1):
        if row["rank"] != place:
            problems.append(f"row {place} has rank {row['rank']}")
        if row["id"] not in verified:
            problems.append(f"row {place} ({row['id']}) is not a run the server verified")
            continue
        name, result = verified[row["id"]]
        differ = {key: (row[key], result[key]) for key in FIELDS if row[key] != result[key]}
        if row["name"] != name or differ:
            problems.append(f"row {place} ({row['id']}): the board and the replay differ: {differ or 'name'}")
        if (result["score"], -result["turns"]) != best[name]:
            problems.append(f"row {place} is not {name}'s best run")
    order = [(-row["score"], row["turns"]) for row in rows]
    if order != sorted(order):
        problems.append("the board is not in order of score, then turns")
    return problems
