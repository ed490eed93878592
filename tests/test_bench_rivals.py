"""The benchmark's side-by-side rows (issue 15): a missing rival is a skipped comparison, not a failure."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_without_node_the_rot_js_row_says_so_and_passes_the_check() -> None:
    env = dict(os.environ, PATH=str(Path(sys.executable).parent))  # the venv's python, no node or npm
    out = subprocess.run([sys.executable, "-m", "game.bench", "--json", "--check", "--repeat", "5",
                          "--only", "floor_vs_rot", "--only", "floor_path"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    rows = {row["name"]: row for row in map(json.loads, out.stdout.splitlines())}
    rot = rows["floor_vs_rot"]
    assert rot["rival_ms"] is None and rot["ratio"] is None and rot["rival"].startswith("skipped")
    assert rot["median_ms"] > 0 and rot["max_ratio"] == 1.0
    path = rows["floor_path"]
    assert path["budget_ms"] == 1.0
    assert (path["rival_ms"] is None) == path["rival"].startswith("skipped"), "tcod is timed when installed"
