"""The board's load tool (BRD-2, BRD-6, BRD-7, BRD-8, BRD-9), small: ``python -m game.server.load``
with two bot runs on SQLite, one verifier and a short lease; every check it prints passes (a
verifier killed mid-replay, the server restarted mid-queue, damaged and forged runs rejected, the
board equal to fresh replays, only a name's first attempt ranked, copies ranked once, a replay
killed from outside verified, an honest verdict quick beside a flood). Hostile inputs one by one
are tested in test_server.py."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

from tests.conftest import ROOT  # noqa: E402


def test_a_small_load_passes_every_check():
    cache = Path(tempfile.gettempdir()) / "threshold-load-cache"  # the tool's default: reruns are faster
    done = subprocess.run([sys.executable, "-m", "game.server.load", "--runs", "2", "--workers", "1", "--lease", "1",
                           "--threads", "3", "--cache", str(cache), "--timeout", "90", "--flood-waits", "6000",
                           "--honest-within", "20"],  # other tests run beside it; 5 s is for a quiet machine
                          cwd=ROOT, capture_output=True, text=True, timeout=240)
    out = done.stdout
    assert done.returncode == 0, out + done.stderr[-3000:]
    for line in ("accepted a second", "verified a second per worker", "board reads under load"):
        assert line in out, out
    claimed = [line for line in out.splitlines() if line.startswith("load: from the first claim (")]
    assert len(claimed) == 1 and "verified a second per worker" in claimed[0], out
    assert 0.0 <= float(claimed[0].split("(")[1].split(" s in")[0]) < 30, claimed
    checks = [line for line in out.splitlines() if line.startswith(("  ok ", "  FAIL"))]
    assert len(checks) == 12 and all(line.startswith("  ok ") for line in checks), out
    assert "killed mid-replay" in out and "restarted with" in out and "equal fresh replays" in out, out
    for fair in ("ranks only its first", "attempt already used", "ranked once, under its first owner",
                 "killed from outside", "an honest verdict took"):
        assert fair in out, out
    assert "load: 12 checks passed, 0 failed" in out, out


def test_the_load_refuses_a_database_that_already_holds_runs(tmp_path):
    import sqlalchemy as sa

    from game.server.db import engine_for, migrate, runs

    url = f"sqlite:///{tmp_path / 'used.sqlite3'}"
    engine = engine_for(url)
    migrate(engine)
    with engine.begin() as connection:
        connection.execute(runs.insert().values(id="x" * 32, name="a", name_canon="a", recording=b"", size=0,
                                                status="rejected", reason="test", submitted=0.0, attempts=0))
        assert connection.execute(sa.select(sa.func.count()).select_from(runs)).scalar_one() == 1
    engine.dispose()
    done = subprocess.run([sys.executable, "-m", "game.server.load", "--db", url, "--runs", "1",
                           "--cache", str(tmp_path / "cache")], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "already holds runs" in done.stderr, done.stdout + done.stderr
