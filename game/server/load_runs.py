"""What ``game.server.load`` submits: real bot recordings of a daily, and damaged, forged and
oversized ones made from them.

A genuine recording is the bot's whole run of the day's daily, made in a subprocess:
``main.py --headless --autoplay --daily DAY --turns T --record FILE`` (its sight, room or tile,
from a ``settings.json`` in its ``--save-dir``). The bot has no randomness of its own, so the
others differ by an opening: the player first waits N turns on the island (N drawn from the
load's seed), then the bot plays on (``python -m game.server.load_runs``). Recordings are kept
in a cache folder, named by the day, sight, opening, turns and a digest of the game's code.
"""

from __future__ import annotations

import argparse
import copy
import gzip
import hashlib
import json
import os
import random
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Variant:
    sight: str  # "room" or "tile"
    waits: int  # turns waited on the island before the bot plays


@dataclass
class Entry:
    """One submission: ``body`` sent as is (with ``encoding``), and what it is."""

    kind: str  # genuine, damaged, forged, oversized
    label: str
    body: bytes
    encoding: str = ""


def variants(count: int, seed: int) -> list[Variant]:
    """``count`` different runs: the first two the bot's own (room, tile), then openings of
    1–400 waits drawn from ``seed``."""
    waits = random.Random(seed).sample(range(1, 401), max(0, count - 2))
    return [Variant(("room", "tile")[i % 2], 0 if i < 2 else waits[i - 2]) for i in range(count)]


def code_digest() -> str:
    """A digest of the code that plays a run (a recording cached from other code may be out of
    sync); the screens, the tools and the server are left out."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "game").rglob("*.py")):
        if not {"server", "app", "tools"} & set(path.relative_to(ROOT / "game").parts):
            digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def command(variant: Variant, day: str, turns: int, out: Path, save_dir: Path) -> list[str]:
    if variant.waits == 0:
        save_dir.mkdir(parents=True, exist_ok=True)
        (save_dir / "settings.json").write_text(json.dumps({"sight": variant.sight}), encoding="utf-8")
        return [sys.executable, str(ROOT / "main.py"), "--headless", "--autoplay", "--daily", day, "--turns",
                str(turns), "--record", str(out), "--save-dir", str(save_dir)]
    return [sys.executable, "-m", "game.server.load_runs", "--daily", day, "--turns", str(turns), "--sight",
            variant.sight, "--waits", str(variant.waits), "--record", str(out)]


def recordings(day: str, count: int, seed: int, turns: int, cache: Path, jobs: int = 2) -> list[dict[str, Any]]:
    """``count`` genuine recordings of ``day``'s daily, made (``jobs`` at once) or read from ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)
    code = code_digest()

    def one(variant: Variant) -> dict[str, Any]:
        out = cache / f"{day}-{variant.sight}-w{variant.waits}-t{turns}-{code}.json"
        if not out.is_file():
            partial = out.with_suffix(f".{os.getpid()}.{threading.get_ident()}.part")
            done = subprocess.run(command(variant, day, turns, partial, cache / f"saves-{variant.sight}"),
                                  cwd=ROOT, capture_output=True, text=True, timeout=600)
            if done.returncode != 0 or not partial.is_file():
                raise RuntimeError(f"the bot's recording {out.name} failed: {done.stderr[-800:]}")
            partial.replace(out)
        return json.loads(out.read_text(encoding="utf-8"))

    with ThreadPoolExecutor(max(1, jobs)) as pool:
        return list(pool.map(one, variants(count, seed)))


def body(recording: Any, name: str) -> bytes:
    return json.dumps({"name": name, "name_key": None, "recording": recording}).encode("utf-8")


def hostile(genuine: list[dict[str, Any]], seed: int) -> list[Entry]:
    """Damaged, forged and oversized submissions made from ``genuine`` recordings that are never
    sent as they are: a copy with only its checks edited is the same run as its original
    (``game.server.intake.replay_id``), so whichever came first would stand for both."""
    rng = random.Random(seed)
    base = genuine[0]
    whole = body(base, "load damaged")
    entries = [Entry("damaged", "truncated JSON", whole[: len(whole) // 2]),
               Entry("damaged", "garbled JSON", whole.replace(b'"commands"', b'"commands"#', 1)),
               Entry("damaged", "truncated gzip", gzip.compress(whole)[:-40], "gzip")]
    flipped = copy.deepcopy(base)
    at = rng.randrange(len(flipped["trace"]))
    flipped["trace"] = flipped["trace"][:at] + "0123456789abcdef"[(int(flipped["trace"][at], 16) + 1) % 16] \
        + flipped["trace"][at + 1:]
    entries.append(Entry("damaged", "a flipped trace byte", body(flipped, "load flipped")))
    for index, (label, edit) in enumerate(_forgeries().items()):
        forged = copy.deepcopy(genuine[index % len(genuine)])
        edit(forged)
        entries.append(Entry("forged", label, body(forged, f"load forged {index}")))
    padded = copy.deepcopy(base)
    padded["padding"] = "x" * (2 << 20)
    many = copy.deepcopy(base)
    many["commands"] = many["commands"] + [["wait"]] * 200_001
    bomb = b'{"name": "load bomb", "name_key": null, "recording": {"p": "' + b" " * (24 << 20) + b'"}}'
    entries += [Entry("oversized", "a 2 MiB body", body(padded, "load padded")),
                Entry("oversized", "over 200 000 commands (gzip)", gzip.compress(body(many, "load many")), "gzip"),
                Entry("oversized", "a gzip bomb (24 MiB)", gzip.compress(bomb, 9), "gzip")]
    return entries


def _forgeries() -> dict[str, Any]:
    """Edits that make a recording claim more than its run did."""

    def more_commands(data: dict[str, Any]) -> None:
        data["commands"] = data["commands"] + [["wait"]] * 50
        data["trace"] += "00" * 50
        data["final"] = [data["final"][0] + 50, data["final"][1] + 50, *data["final"][2:]]

    def checkpoint(data: dict[str, Any]) -> None:
        mark = data["checkpoints"][len(data["checkpoints"]) // 2]
        mark[3] = hashlib.sha256(mark[3].encode()).hexdigest()

    def final_turn(data: dict[str, Any]) -> None:
        data["final"][1] += 1000

    def fewer_commands(data: dict[str, Any]) -> None:
        half = len(data["commands"]) // 2
        data["commands"], data["trace"] = data["commands"][:half], data["trace"][: 2 * half]
        data["checkpoints"] = [mark for mark in data["checkpoints"] if mark[0] <= half]
        data["final"][0] = half

    return {"extra commands": more_commands, "a checkpoint's digest edited": checkpoint,
            "the final turn moved on": final_turn, "half the commands, the same end claimed": fewer_commands}


def main(argv: list[str] | None = None) -> int:
    """The bot's run of a daily after an opening of waits, its recording written to ``--record``."""
    parser = argparse.ArgumentParser(prog="python -m game.server.load_runs", description=main.__doc__)
    parser.add_argument("--daily", required=True)
    parser.add_argument("--turns", type=int, default=20000)
    parser.add_argument("--sight", choices=("room", "tile"), default="room")
    parser.add_argument("--waits", type=int, default=0)
    parser.add_argument("--record", required=True)
    args = parser.parse_args(argv)
    from game.bot.autoplay import Autoplayer, play_on
    from game.run.daily import daily_seed, parse_date
    from game.run.run import Run
    from game.world.actions import Wait

    run = Run.new(daily_seed(parse_date(args.daily)), "island", args.daily, sight=args.sight)
    for _ in range(args.waits):
        if run.game.over:
            break
        run.perform(Wait())
    play_on(run, Autoplayer(), args.turns)
    Path(args.record).write_text(run.recording_now().to_json(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
