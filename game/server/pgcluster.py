"""A throwaway PostgreSQL cluster from Debian's ``postgresql`` binaries: ``initdb`` and
``pg_ctl`` into a temporary folder, listening on 127.0.0.1 and a free port, trusting local
connections, without fsync. For the board's tests and its load tool, never for a real board.

    with throwaway() as url:        # postgresql://postgres@127.0.0.1:PORT/postgres
        ...

As root, the cluster runs as the ``postgres`` user (``initdb`` refuses root). Standard library only.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

PATTERN = "/usr/lib/postgresql/*/bin/initdb"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def binaries(pattern: str = PATTERN) -> Path | None:
    """The newest installed PostgreSQL's ``bin`` folder, None when there is none."""
    found = sorted(glob.glob(pattern))
    return Path(found[-1]).parent if found else None


class Cluster:
    """A running throwaway cluster; ``stop()`` ends it and removes its folder."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin_dir = bin_dir
        # Not under a test's temporary folder: as root, that is closed to the postgres user.
        self.folder = Path(tempfile.mkdtemp(prefix="threshold-postgres-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses root: run the cluster as the postgres user
            self.folder.chmod(0o777)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        try:
            subprocess.run([*self.as_user, str(bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres",
                            "--auth=trust", "-E", "UTF8", "--no-sync"], check=True, capture_output=True)
            options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.data} -c fsync=off"
            subprocess.run([*self.as_user, str(bin_dir / "pg_ctl"), "-D", str(self.data), "-o", options,
                            "-l", str(self.data / "log"), "-w", "start"], check=True, capture_output=True)
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    def stop(self) -> None:
        subprocess.run([*self.as_user, str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(self.folder, ignore_errors=True)


@contextlib.contextmanager
def throwaway(bin_dir: Path | None = None) -> Iterator[str]:
    """The URL of a new cluster, stopped and removed afterwards. ``RuntimeError`` when
    PostgreSQL is not installed (``apt-get install -y postgresql``)."""
    bin_dir = bin_dir or binaries()
    if bin_dir is None:
        raise RuntimeError("PostgreSQL is not installed (apt-get install -y postgresql)")
    cluster = Cluster(bin_dir)
    try:
        yield cluster.url
    finally:
        cluster.stop()
