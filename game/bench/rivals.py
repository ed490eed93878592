"""The same work done by other roguelike libraries, timed in the same run as ours.

Tooling only: nothing here is imported by the game. ``rot_digger`` installs rot.js from
npm into ``.bench-cache/`` (once; the folder is git-ignored) and times ``ROT.Map.Digger``
on 80x50 in Node; the ``tcod_*`` functions time python-tcod (``pip install .[bench]``).
Each returns its times or median (ms) and what was timed, or ``(None, why not)`` when the rival is
not there, so a machine without Node or tcod skips the comparison instead of failing.
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / ".bench-cache"
ROT_VERSION = "2.2.1"
DIGGER_JS = """
const ROT = require(process.argv[2]);
const n = parseInt(process.argv[3]), warm = 30, samples = [];
for (let i = 0; i < n + warm; i++) {
  ROT.RNG.setSeed(i + 1);
  const start = process.hrtime.bigint();
  const map = new ROT.Map.Digger(80, 50);
  let floor = 0;
  map.create((x, y, wall) => { if (!wall) floor++; });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (i >= warm) samples.push(elapsed);
}
console.log(JSON.stringify({samples_ms: samples, node: process.version}));
"""


def rot_digger(repeat: int) -> tuple[list[float] | None, str]:
    """The times (ms) of ``repeat`` rot.js ``Map.Digger(80, 50).create`` calls in Node (after 30
    to warm up), or None and why they were not timed."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        return None, "skipped: node and npm are not both on PATH"
    package = CACHE / "node_modules" / "rot-js"
    if not (package / "package.json").is_file():
        try:
            subprocess.run([npm, "install", "--prefix", str(CACHE), f"rot-js@{ROT_VERSION}", "--no-audit",
                            "--no-fund", "--silent"], check=True, capture_output=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as error:
            return None, f"skipped: npm could not install rot-js ({type(error).__name__})"
    script = CACHE / "digger.js"
    script.write_text(DIGGER_JS)
    try:
        out = subprocess.run([node, str(script), str(package), str(max(1, repeat))], check=True,
                             capture_output=True, text=True, timeout=600)
        result = json.loads(out.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.SubprocessError, ValueError, IndexError) as error:
        return None, f"skipped: node could not run rot.js ({type(error).__name__})"
    return [float(ms) for ms in result["samples_ms"]], f"rot.js {ROT_VERSION} Map.Digger 80x50, Node {result['node']}"


def _tcod() -> Any:
    try:
        import tcod.path
    except ImportError:
        return None
    return tcod


def _median_ms(work: Callable[[], Any], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000.0


def tcod_paths(cases: list[tuple[Any, tuple[int, int], tuple[int, int]]], repeat: int) -> tuple[float | None, str]:
    """Median ms of a tcod ``Pathfinder`` route between the same two tiles over the same thin walls:
    a ``CustomGraph`` whose eight edges each tile may take are our step tables' (through closed
    doors, as ``path_workload`` routes), searched with A*. The graph is built before the timing,
    as our tables are."""
    tcod = _tcod()
    if tcod is None:
        return None, "skipped: python-tcod is not installed (pip install .[bench])"
    graphs = [_tcod_graph(tcod, area) for area, _, _ in cases]
    ends = [((start[1], start[0]), (goal[1], goal[0])) for _, start, goal in cases]

    def route(i: int) -> Any:
        finder = tcod.path.Pathfinder(graphs[i])
        finder.add_root(ends[i][0])
        return finder.path_to(ends[i][1])

    samples = [_median_ms(lambda: route(i % len(cases)), 1) for i in range(max(repeat, len(cases)))]  # noqa: B023
    ours = _our_lengths(cases)
    same = sum(len(route(i)) - 1 == length for i, length in enumerate(ours))
    return statistics.median(samples), (f"tcod {tcod.__version__} Pathfinder on a CustomGraph of our step tables "
                                        f"with A* (the same walls and doors; its routes as long as ours in {same} "
                                        f"of {len(cases)})")


def _tcod_graph(tcod: Any, area: Any) -> Any:
    """Our floor as a tcod graph: each of the eight steps where our step tables allow it."""
    from game.map.floor_map import DIRECTIONS_8, PASSABLE_OPENING_DOORS
    from game.world.paths import step_tables

    ways = np.array(step_tables(area, PASSABLE_OPENING_DOORS).ways, dtype=np.int32).reshape(area.height, area.width)
    cost = (area.rooms >= 0).astype(np.int8)
    graph = tcod.path.CustomGraph(cost.shape)
    for k, (dx, dy) in enumerate(DIRECTIONS_8):
        graph.add_edge((dy, dx), 1, cost=cost, condition=(ways >> k) & 1)
    graph.set_heuristic(cardinal=1, diagonal=1)  # A* toward the goal (Chebyshev: a step costs 1 either way)
    return graph


def _our_lengths(cases: list[tuple[Any, tuple[int, int], tuple[int, int]]]) -> list[int]:
    from game.world.paths import Navigator

    return [len(Navigator(area).route(start, [goal]) or []) for area, start, goal in cases]


def tcod_flood(size: int, repeat: int) -> tuple[float | None, str]:
    """Median ms of ``tcod.path.dijkstra2d`` flooding the land of the ``regions`` workload's
    island from its cores, 4-connected like ``grow_regions``."""
    tcod = _tcod()
    if tcod is None:
        return None, "skipped: python-tcod is not installed (pip install .[bench])"
    from game.mapgen.overworld import OverworldParams, generate_overworld
    from game.rng import Rng

    level = generate_overworld(Rng.stream(0, "bench-overworld"), OverworldParams(width=size, height=size),
                               until="regions")
    cost = (level.regions >= 0).astype(np.int8)

    def flood() -> None:
        distance = tcod.path.maxarray(cost.shape, dtype=np.int32)
        for x, y in level.cores:
            distance[y, x] = 0
        tcod.path.dijkstra2d(distance, cost, 1, None, out=distance)

    return _median_ms(flood, repeat), f"tcod {tcod.__version__} path.dijkstra2d over the same land"
