"""What the ``cli`` family of ``game.tools.attack`` knows of each command line: its options,
the kind of value each takes, and safe arguments that keep an accepted command cheap and
harmless (a scratch ``--out``, a few turns). Bad values come from pools by kind, each with
the exit status it must give; ``{file}``, ``{folder}``, ``{fifo}``, ``{missing}``,
``{garbage}``, ``{empty}``, ``{recording}`` and ``{scratch}`` are made in the case's folder.

A tool in ``run`` mode is really run; in ``parse`` mode (a tool that builds, benchmarks or
opens a browser) it runs only until its arguments are parsed, and an accepted bad value is
reported as such.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Pool = list[tuple[str, set[int]]]
BAD, GOOD, EITHER = {2}, {0}, {0, 2}
COUNT: Pool = [("-1", BAD), ("abc", BAD), ("1e9", BAD), ("nan", BAD), ("", BAD), ("1.5", BAD), ("inf", BAD),
               ("9" * 5000, BAD), ("\u22121", BAD), ("0x10", BAD)]
POSITIVE: Pool = COUNT + [("0", BAD)]
INT: Pool = [("abc", BAD), ("1e9", BAD), ("nan", BAD), ("", BAD), ("1.5", BAD), ("9" * 5000, BAD)]
SECONDS: Pool = [("-1", BAD), ("0", BAD), ("nan", BAD), ("inf", BAD), ("-inf", BAD), ("abc", BAD), ("", BAD)]
SEEDS: Pool = [("Þröskuldur", GOOD), ("🦀🦀", GOOD), ("\u202eevil", GOOD), ("\u200b", GOOD), ("  ", GOOD),
               ("日本語", GOOD), ("e\u0301", GOOD), ("🏳️‍🌈", GOOD), ("a" * 64, GOOD), ("🦀" * 64, GOOD),
               ("-x", GOOD), ("", EITHER)]
OUT_FILE: Pool = [("{folder}", BAD), ("{missing}/x/y.out", BAD), ("{fifo}", BAD), ("", BAD)]
IN_FILE: Pool = [("{missing}", BAD), ("{folder}", BAD), ("{fifo}", BAD), ("{garbage}", BAD), ("{empty}", BAD),
                 ("/dev/null", BAD)]
OUT_FOLDER: Pool = [("{file}", BAD), ("{fifo}", BAD), ("{missing}/a/b", GOOD)]
POOLS = {"count": COUNT, "positive": POSITIVE, "int": INT, "seconds": SECONDS, "seed": SEEDS,
         "out_file": OUT_FILE, "in_file": IN_FILE, "out_folder": OUT_FOLDER}


@dataclass(frozen=True)
class Tool:
    name: str  # "main.py" or a module run with -m
    mode: str = "parse"  # "run": really run; "parse": stop once the arguments are parsed
    base: tuple[str, ...] = ()  # arguments that keep a run cheap and harmless
    options: dict[str, str | Pool] = field(default_factory=dict)  # flag -> a pool's name, or a pool
    flags: tuple[str, ...] = ()  # options that take no value
    ok: frozenset[int] = frozenset({0})  # what good input exits with (a check may also say 1: it failed)
    extra: tuple[tuple[tuple[str, ...], frozenset[int]], ...] = ()  # whole command lines and their exits
    parsed: tuple[tuple[tuple[str, ...], frozenset[int]], ...] = ()  # ... only parsed, whatever the mode
    bare: frozenset[str] = frozenset()  # options whose value may be left out
    weight: int = 1  # its share of a budget that cannot play every case


def choice(*good: str) -> Pool:
    return [("nosuch", BAD), ("", BAD), (good[0].upper(), BAD), (good[0] + " ", BAD)]


def lines(*cases: tuple[tuple[str, ...], set[int]]) -> tuple[tuple[tuple[str, ...], frozenset[int]], ...]:
    return tuple((args, frozenset(expect)) for args, expect in cases)


AUTOPLAY = ("--autoplay", "--headless", "--turns", "3", "--seed", "attack", "--save-dir", "{scratch}/saves")
KEYS = ("--headless", "--seed", "1", "--save-dir", "{scratch}/saves", "--keys", "x")
WINDOW = ("--frames", "2", "--fps", "0", "--save-dir", "{scratch}/saves")
MAIN_BASES = {"--replay": ("--headless",), "--speed": ("--headless", "--replay", "{recording}"),
              "--screenshot": KEYS, "--keys": KEYS, "--frames": WINDOW, "--fps": WINDOW,
              "--daily": AUTOPLAY[:4] + AUTOPLAY[6:]}
"""main.py's safe arguments, by the option attacked (the rest: ``AUTOPLAY``)."""

MAIN = Tool("main.py", "run", AUTOPLAY, {
    "--seed": SEEDS + [("a" * 65, BAD)],
    "--turns": COUNT + [("0", GOOD)],
    "--daily": [("2026-13-01", BAD), ("abc", BAD), ("", BAD), ("2026-02-30", BAD), ("99999-01-01", BAD),
                ("2026-1-1", BAD), ("1970-01-01", GOOD), ("9999-12-31", GOOD), ("0001-01-01", EITHER)],
    "--start": choice("island", "dungeon"),
    "--save-dir": [("{file}", BAD), ("{fifo}", BAD), ("/dev/null", BAD), ("{missing}/a/b", GOOD)],
    "--replay": IN_FILE + [("{recording}", GOOD)],
    "--speed": [("-1", BAD), ("0", BAD), ("nan", BAD), ("inf", BAD), ("abc", BAD), ("", BAD), ("1e9", BAD),
                ("0.4", BAD), ("1000", GOOD)],
    "--screenshot": OUT_FILE + [("{scratch}/shot.png", GOOD)],
    "--keys": [("x*abc", BAD), ("nosuchkey", BAD), ("", GOOD), ("x*0", GOOD), ("x*99999999", BAD), ("🦀", GOOD),
               ("Up Down Left Right", GOOD), ("x*", BAD)],
    "--frames": COUNT, "--fps": COUNT,
}, ("--autoplay", "--headless", "--save-at-end", "--continue"), extra=lines(
    (("-h",), GOOD), (("stray",), BAD), (("--seed", "1", "--daily"), BAD), (("--keys", "x"), BAD),
    (("--replay", "{recording}", "--autoplay"), BAD), (("--headless", "--keys", "x", "--autoplay"), BAD),
    (("--headless", "--autoplay", "--continue", "--save-dir", "{scratch}/empty"), BAD),
    (("--headless", "--continue", "--keys", "x", "--save-dir", "{scratch}/empty"), BAD),
    (("--headless", "--autoplay", "--seed", "1", "--turns", "3", "--save-at-end", "--save-dir", "{file}"), BAD),
    (("--see", "1", "--autoplay", "--headless", "--turns", "3", "--save-dir", "{scratch}/s"), GOOD),
), bare=frozenset({"--daily"}), weight=4)

TOOLS = [
    MAIN,
    Tool("game.tools.line", "run", ("0", "0", "3", "1"), {"--algorithm": choice("spread")}, extra=lines(
        (("0", "0", "abc", "1"), BAD), (("0", "0", "1e9", "1"), BAD), (("0", "0", "nan", "1"), BAD),
        (("0", "0", "", "1"), BAD), (("0", "0"), BAD), (("0", "0", "1", "1", "1"), BAD),
        (("0", "0", "10000001", "0"), BAD), (("0", "0", "9" * 4000, "0"), BAD), (("0", "0", "9" * 5000, "0"), BAD),
        (("--", "-1", "-1", "3", "3"), GOOD), (("0", "0", "0", "0"), GOOD))),
    Tool("game.tools.mapgen", "run", ("--format", "ascii", "--width", "24", "--height", "24"), {
        "--kind": choice("dungeon"), "--seed": SEEDS[:6] + [("a" * 200, EITHER)],
        "--width": INT + [("-1", BAD), ("0", BAD), ("3", BAD), ("2001", BAD), ("9" * 30, BAD)],
        "--height": INT + [("-1", BAD), ("9" * 30, BAD)], "--format": choice("ascii"),
        "--out": OUT_FILE + [("{scratch}/map.txt", GOOD)], "--until": choice("carve") + [("terrain", BAD)],
        "--region": COUNT + [("99", BAD)], "--depth": COUNT + [("0", BAD), ("99", BAD)],
        "--shape": choice("particles")}, extra=lines(
        (("--kind", "overworld", "--region", "1"), BAD), (("--kind", "vault", "--format", "png"), BAD),
        (("--kind", "overworld", "--width", "16", "--height", "16", "--format", "ascii"), BAD)), weight=2),
    Tool("game.tools.soak", "run", ("--seeds", "1", "--turns", "3", "--quiet"), {
        "--seeds": POSITIVE, "--first": COUNT, "--turns": COUNT, "--resume-at": COUNT},
        ("--quiet",), frozenset({0, 1})),
    Tool("game.tools.balance", "run", ("--seeds", "1", "--turns", "3", "--jobs", "1"), {
        "--seeds": POSITIVE, "--first": COUNT, "--turns": POSITIVE,
        "--jobs": POSITIVE}, ("--json",), frozenset({0, 1})),
    Tool("game.tools.backdrop", "run", ("--out", "{scratch}/backdrop.png"), {
        "--out": OUT_FILE + [("{scratch}/backdrop.png", GOOD)]}),
    Tool("game.tools.glyphs", "run", ("--out", "{scratch}/glyphs", "--sizes", "12"), {
        "--sizes": INT + [("-1", BAD), ("0", BAD)], "--font": IN_FILE, "--out": OUT_FOLDER[:2]}),
    Tool("game.tools.icons", "run", ("--icons-json", "{garbage}", "--out", "{scratch}/a/b/sprites"), {
        "--icons-json": IN_FILE + [("{json}", BAD)], "--size": INT}),
    Tool("game.tools.scenes", "run", ("{scratch}/scenes", "--only", "nosuch"), {}, extra=lines(
        (("{file}",), BAD), (("{fifo}",), BAD), ((), BAD), (("{scratch}/scenes", "--only", "nosuch"), BAD))),
    Tool("game.tools.sounds", "parse", ("--out", "{scratch}/sounds"), {}, ("--report",)),
    Tool("game.tools.page_scenes", "parse", ("--web", "{folder}", "--out", "{scratch}/ps"), {"--runtime": [("", BAD)]}),
    Tool("game.tools.pagecheck", "run", ("--no-build", "--runtime", "{missing}"), {
        "--runtime": [("{missing}", BAD), ("{file}", BAD), ("{fifo}", BAD), ("{folder}", BAD)]},
        ("--no-build", "--skip-scenes"), parsed=lines((("--no-build", "--runtime", ""), BAD))),
    Tool("game.tools.wasmcheck", "run", ("--runtime", "{missing}"), {
        "--runtime": [("{missing}", BAD), ("{file}", BAD), ("{fifo}", BAD), ("{folder}", BAD)]}, ("--quick",),
        parsed=lines(*((("--timeout", value), BAD) for value, _ in SECONDS))),
    Tool("game.tools.webbuild", "parse", ("--out", "{scratch}/build"), {}, ("--archive",)),
    Tool("game.tools.worldcheck", "parse", ("--quick",), {"--only": choice("new_run")}, ("--quick",)),
    Tool("game.bench", "parse", ("--only", "floor"), {"--repeat": POSITIVE, "--only": choice("floor")},
         ("--json", "--check", "--large")),
    Tool("game.bench.frames", "parse", (), {"--seed": [("", EITHER)]}),
    Tool("game.tools.attack", "run", ("--family", "settings", "--cases", "0"), {
        "--budget": choice("small"), "--cases": COUNT + [("0", GOOD)], "--seed": COUNT, "--jobs": POSITIVE,
        "--hang-after": SECONDS, "--family": choice("saves"), "--keep": [("{file}", BAD)]}, extra=lines(
        (("--case", "1"), BAD), (("--family", "saves", "--family", "cli", "--case", "1"), BAD))),
]
