"""Family ``cli`` of ``game.tools.attack``: bad command lines for ``main.py`` and every
``python -m game.tools.X`` (and ``game.bench``): unknown flags, missing values, bad numbers,
empty strings, odd unicode seeds, paths that are folders, missing or named pipes.

Each case is one command in a subprocess (killed after the hang limit). Expected: exit 2 with
a message and no traceback for bad input, 0 for good input (a check may say 1: it failed).
The cases of every tool are listed (``game.tools.attack.cli_tools``), shuffled by the seed,
and taken in turn from each tool, so a small budget still reaches them all; a tool found
in ``game/tools`` with no entry there gets ``--help`` and an unknown flag.
"""

from __future__ import annotations

import functools
import os
import random
import re
from pathlib import Path

from game.tools.attack.cli_tools import BAD, TOOLS, Tool
from game.tools.attack.harness import ROOT, Case, Family, check_outcome, run_command, shown

PARSE_ONLY = """
import argparse, runpy, sys
class Parsed(BaseException):
    pass
parse = argparse.ArgumentParser.parse_args
def only_parse(self, *args, **kwargs):
    parse(self, *args, **kwargs)
    raise Parsed()
argparse.ArgumentParser.parse_args = only_parse
module = sys.argv[1]
sys.argv = [module, *sys.argv[2:]]
try:
    runpy.run_module(module, run_name="__main__", alter_sys=True)
except Parsed:
    print("attack: the arguments were accepted (parsed only, not run)", file=sys.stderr)
    raise SystemExit(0)
"""
"""Runs a tool until its arguments are parsed: exit 0 if they were accepted."""

CliCase = tuple[Tool, tuple[str, ...], frozenset[int], str]  # tool, arguments, exits, mode


def discovered() -> list[str]:
    """The modules of ``game/tools`` (and ``game.bench``) that run as ``python -m``."""
    found = []
    runs = re.compile(r'^if __name__ == "__main__":', re.MULTILINE)
    for path in sorted((ROOT / "game" / "tools").glob("*.py")) + [ROOT / "game" / "bench" / "frames.py"]:
        if runs.search(path.read_text(encoding="utf-8")):
            found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    for path in sorted((ROOT / "game" / "tools").glob("*/__main__.py")):  # a tool that is a package
        found.append(".".join(path.parent.relative_to(ROOT).parts))
    if (ROOT / "game" / "bench" / "__main__.py").exists():
        found.append("game.bench")
    return found


def with_option(base: tuple[str, ...], flag: str, value: str) -> tuple[str, ...]:
    """``base`` with ``flag`` set to ``value`` (replacing its value there, if any); a value that
    starts with ``-`` is joined with ``=`` so it is not read as another option."""
    args = list(base)
    if flag in args:
        spot = args.index(flag)
        del args[spot:spot + 2]
    return tuple(args + ([f"{flag}={value}"] if value.startswith("-") else [flag, value]))


def cases_of(tool: Tool, rng: random.Random) -> list[list[CliCase]]:
    """The tool's cases in groups (one per option, then its flags, whole lines, parsed lines), each
    shuffled, the values only this option has first, the shared pools' after."""
    from game.tools.attack.cli_tools import MAIN_BASES, POOLS

    shared = {value for pool in POOLS.values() for value, _ in pool}

    def exits(expect: set[int] | frozenset[int]) -> frozenset[int]:
        return frozenset((set(expect) - {0}) | (tool.ok if 0 in expect else set()))

    def mixed(cases: list[CliCase], own: list[bool]) -> list[CliCase]:
        first = [c for c, mine in zip(cases, own) if mine]
        then = [c for c, mine in zip(cases, own) if not mine]
        rng.shuffle(first)
        rng.shuffle(then)
        return first + then

    groups: list[list[CliCase]] = [[(tool, ("--help",), tool.ok, "run"),
                                    (tool, (*tool.base, "--attack-no-such-flag"), frozenset(BAD), tool.mode)]]
    for flag, pool in tool.options.items():
        base = MAIN_BASES.get(flag, tool.base) if tool.name == "main.py" else tool.base
        bare = with_option(base, flag, "x")[:-1] if flag in base else (*base, flag)
        values = pool if isinstance(pool, list) else []
        cases = [(tool, with_option(base, flag, value), exits(expect), tool.mode) for value, expect in values]
        groups.append([(tool, bare, exits({0} if flag in tool.bare else BAD), tool.mode),
                       *mixed(cases, [value not in shared for value, _ in values])])
    groups.append([(tool, (*tool.base, f"{flag}=yes"), frozenset(BAD), tool.mode) for flag in tool.flags])
    groups.append(mixed([(tool, args, exits(expect), tool.mode) for args, expect in tool.extra],
                        [True] * len(tool.extra)))
    groups.append([(tool, args, exits(expect), "parse") for args, expect in tool.parsed])
    return [group for group in groups if group]


def dealt(queues: list[list[CliCase]], weights: list[int]) -> list[CliCase]:
    """One from each queue in turn (``weight`` at a time), until all are empty."""
    out: list[CliCase] = []
    while any(queues):
        for queue, weight in zip(queues, weights):
            out += queue[:weight]
            del queue[:weight]
    return out


@functools.lru_cache(maxsize=4)
def every_case(seed: int) -> list[CliCase]:
    """All the cases: within a tool, its options' groups in turn; across tools, in turn by weight;
    so a small budget reaches every tool and every option before a second value of any."""
    known = {tool.name for tool in TOOLS}
    tools = TOOLS + [Tool(name) for name in discovered() if name not in known]
    rng = random.Random(f"cli:{seed}")
    queues = []
    for tool in tools:
        head, *groups = cases_of(tool, rng)
        queues.append(head + dealt(groups, [1] * len(groups)))
    return dealt(queues, [tool.weight for tool in tools])


def places(scratch: Path, args: tuple[str, ...]) -> list[str]:
    """The arguments with their ``{...}`` made real in ``scratch``."""
    made = {"scratch": scratch, "file": scratch / "a-file.txt", "folder": scratch / "a-folder",
            "fifo": scratch / "a-fifo", "missing": scratch / "missing", "garbage": scratch / "garbage.bin",
            "empty": scratch / "empty.json", "json": scratch / "table.json", "recording": scratch / "last-run.json"}
    if not made["folder"].exists():
        made["file"].write_text("hello\n", encoding="utf-8")
        made["folder"].mkdir()
        (made["folder"] / "inside.txt").write_text("inside\n", encoding="utf-8")
        os.mkfifo(made["fifo"])
        made["garbage"].write_bytes(random.Random(7).randbytes(512))
        made["empty"].write_bytes(b"")
        made["json"].write_text("{}", encoding="utf-8")
    if any("{recording}" in arg for arg in args) and not made["recording"].exists():
        from game.tools.attack.replays import good_recording

        made["recording"].write_text(good_recording(), encoding="utf-8")
    return [arg.format(**{key: str(value) for key, value in made.items()}) for arg in args]


def run(case: Case) -> None:
    listed = case.hook("cases", every_case(case.seed))
    if case.index >= len(listed):
        return
    tool, args, expect, mode = listed[case.index]
    real = places(case.scratch, args)
    entry = [str(ROOT / "main.py")] if tool.name == "main.py" else ["-m", tool.name]
    command = shown((["main.py"] if tool.name == "main.py" else ["-m", tool.name]) + real)
    if mode == "parse" and tool.name != "main.py":
        entry = ["-c", PARSE_ONLY, tool.name]
        command += "   # arguments parsed only"
    case.label = f"{tool.name} ({mode})"
    outcome = run_command([*entry, *real], case.hang, case.scratch)
    check_outcome(case, outcome, set(expect), command)


def size(seed: int) -> int:
    return len(every_case(seed))


FAMILY = Family("cli", "bad command lines for main.py and every game.tools module",
                {"small": 260, "full": 100_000}, run, commands=1, chunk=25, size=size)
