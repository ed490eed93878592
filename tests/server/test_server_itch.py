"""A board that an itch.io upload (LAY-4) can submit to (BRD-5): itch.io runs a game's page in a
frame served from its CDN, ``https://html-classic.itch.zone`` (or ``https://html.itch.zone``),
never from ``https://YOU.itch.io``. A real server started as docs/web.md says answers both
origins' CORS preflight and refuses another site's; asked by curl (the requests a browser
sends, spelt out) and by urllib, so the check still runs where curl is not installed."""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

pytest.importorskip("starlette")
pytest.importorskip("sqlalchemy")
pytest.importorskip("uvicorn")

from tests.conftest import ROOT  # noqa: E402
from tests.server_fixtures import Server, request  # noqa: E402

ITCH = ("https://html-classic.itch.zone", "https://html.itch.zone")
OTHER = "https://evil.example"
CURL = shutil.which("curl")
CLIENTS = ["curl", "urllib"]
PREFLIGHT = {"Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory):
    """One server for the module, started with the itch.io origins as the docs say."""
    tmp = tmp_path_factory.mktemp("itch")
    allowed = [argument for origin in ITCH for argument in ("--allow-origin", origin)]
    running = Server(f"sqlite:///{tmp / 'board.sqlite3'}", tmp, "--no-web", *allowed, workers=0)
    yield running
    running.stop()


def ask(client: str, url: str, headers: dict[str, str], method: str = "GET") -> tuple[int, dict[str, str]]:
    """The status and the headers (names in lower case) of one request, sent by ``client``."""
    if client == "urllib":
        status, got, _ = request(url, headers=headers, method=method)
        return status, {name.lower(): value for name, value in got.items()}
    if CURL is None:
        pytest.skip("curl is not installed (apt-get install -y curl): the urllib case checks the same")
    command = [CURL, "-sS", "-X", method, "-o", os.devnull, "-D", "-", "--max-time", "20", url]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=30, check=True)
    status_line, *lines = done.stdout.strip().splitlines()
    fields = (line.partition(":") for line in lines if ":" in line)
    return int(status_line.split()[1]), {name.strip().lower(): value.strip() for name, _, value in fields}


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("origin", ITCH)
def test_an_itch_io_frame_may_submit_a_run(board: Server, client: str, origin: str) -> None:
    status, headers = ask(client, board.url + "/api/runs", {"Origin": origin, **PREFLIGHT}, "OPTIONS")
    assert status == 200, headers
    assert headers.get("access-control-allow-origin") == origin
    assert "POST" in headers.get("access-control-allow-methods", "")
    assert "content-type" in headers.get("access-control-allow-headers", "").lower()


@pytest.mark.parametrize("client", CLIENTS)
def test_another_site_may_not(board: Server, client: str) -> None:
    status, headers = ask(client, board.url + "/api/runs", {"Origin": OTHER, **PREFLIGHT}, "OPTIONS")
    assert status == 400 and "access-control-allow-origin" not in headers, headers
    status, headers = ask(client, board.url + "/api/health", {"Origin": OTHER})
    assert status == 200 and "access-control-allow-origin" not in headers, "the browser hides the answer"


@pytest.mark.parametrize("client", CLIENTS)
@pytest.mark.parametrize("origin", ITCH)
def test_an_itch_io_frame_reads_the_boards_health(board: Server, client: str, origin: str) -> None:
    status, headers = ask(client, board.url + "/api/health", {"Origin": origin})
    assert status == 200 and headers.get("access-control-allow-origin") == origin, headers


def test_the_docs_and_the_help_name_these_origins(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from game.server.main import options

    monkeypatch.setenv("COLUMNS", "500")  # argparse wraps at hyphens: "html-classic" stays whole
    with pytest.raises(SystemExit):
        options(["--help"])
    said = {"the --allow-origin help": " ".join(capsys.readouterr().out.split())}
    said |= {page: (ROOT / page).read_text(encoding="utf-8") for page in ("docs/web.md", "docs/server.md")}
    for where, text in said.items():
        assert all(origin in text for origin in ITCH), f"{where} does not name both itch.io origins"

