"""Fingerprints of what the game makes, to show that a change to the code changed none of it.

    python -m game.tools.fingerprint [--seeds 20] [--turns 4000] [--bots 4] > before.json
    (change the code)
    python -m game.tools.fingerprint > after.json && cmp before.json after.json

One JSON object: the SHA-256 of ``mapgen``'s SPEC §16 JSON for every level kind over
``--seeds`` seeds, the start digest of seed ``threshold`` (the one ``tests/world/test_game.py``
pins), and the digest of ``--bots`` bot runs of ``--turns`` turns. A move of modules, a
rename or a tidy must leave every value as it was; a change to generation or
play changes some, and the keys say which.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any, Callable

from game.cli import count, positive

KINDS = ("dungeon", "vault", "ship", "overworld")
BOT_SEEDS = "abcdefghijklmnopqrstuvwxyz"


def level_digest(kind: str, seed: str) -> str:
    """The SHA-256 of the level ``mapgen --kind KIND --seed SEED --format json`` prints."""
    from game.mapgen.level_json import level_json, overworld_json, vault_json
    from game.tools.mapgen import generate

    level = generate(kind, seed)
    to_json: Callable[[Any, str], dict[str, Any]] = (overworld_json if kind == "overworld" else
                                                     vault_json if kind == "vault" else level_json)
    text = json.dumps(to_json(level, seed), separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fingerprints(seeds: int, turns: int, bots: int) -> dict[str, Any]:
    from game.bot.autoplay import play_run
    from game.world.game import Game

    out: dict[str, Any] = {f"level {kind} {seed}": level_digest(kind, str(seed))
                           for kind in KINDS for seed in range(seeds)}
    out["start threshold"] = Game.new("threshold").digest()
    for seed in BOT_SEEDS[:bots]:
        game, _ = play_run(seed, turns)
        out[f"bot {seed} {turns}"] = game.digest()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.tools.fingerprint", description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=positive, default=20, help="level seeds per kind (default 20)")
    parser.add_argument("--turns", type=count, default=4000, help="turns of each bot run (default 4000)")
    parser.add_argument("--bots", type=count, default=4, help=f"bot runs, at most {len(BOT_SEEDS)} (default 4)")
    args = parser.parse_args(argv)
    if args.bots > len(BOT_SEEDS):
        parser.error(f"--bots is at most {len(BOT_SEEDS)}")
    json.dump(fingerprints(args.seeds, args.turns, args.bots), sys.stdout, indent=1, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
