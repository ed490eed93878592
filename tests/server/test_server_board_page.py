"""The daily board's page in a real browser (BRD-3, BRD-4): headless Chromium opens
``/daily/DATE`` of a real server, with JavaScript off, and reads what a player reads: the
verified run's row (rank, name as text, score, turns), its Watch link to ``/?watch=RUN_ID``,
and the links to the day before and after; a hostile name is shown as text, never run."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.server_fixtures import DAY, Server, dying_recording

pytest.importorskip("starlette", reason="the board's server needs the server extra")
try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra has it
    sync_playwright = None

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
REQUIRE_BROWSER = os.environ.get("THRESHOLD_REQUIRE_BROWSER") == "1"
pytestmark = pytest.mark.skipif((sync_playwright is None or CHROMIUM is None) and not REQUIRE_BROWSER,
                                reason="needs Chromium (apt-get install -y chromium) and playwright")
HOSTILE = "<img src=x onerror=a()>"
COLUMNS = ("rank", "name", "result", "score", "turns", "when", "watch")


def test_the_board_page_reads_in_a_browser_without_javascript(tmp_path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'board.sqlite3'}", tmp_path, workers=1)
    try:
        status, _, answer = server.submit(dying_recording(DAY), HOSTILE)
        assert status == 202, answer
        verdict = server.settled(answer["id"])
        assert verdict["status"] == "verified", verdict
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_context(java_script_enabled=False).new_page()
            dialogs: list[str] = []
            page.on("dialog", lambda dialog: dialogs.append(dialog.message))
            page.goto(f"{server.url}/daily/{DAY}")
            rows = page.locator("table tr").all_inner_texts()
            watch = page.get_by_role("link", name="Watch").first.get_attribute("href")
            links = [page.get_by_role("link", name=word).first.get_attribute("href") for word in ("2026-11-19",
                                                                                                  "2026-11-21")]
            images = page.locator("img").count()
            browser.close()
    finally:
        server.stop()
    row = next(text for text in rows if HOSTILE in text)
    assert row.split()[0] == "1" and str(verdict["result"]["turns"]) in row, row
    assert watch == f"/?watch={answer['id']}"
    assert links == ["/daily/2026-11-19", "/daily/2026-11-21"], "the day before and after"
    assert images == 0 and dialogs == [], "the hostile name is text, not markup"


def test_the_board_page_keeps_every_column_on_a_phones_width(tmp_path) -> None:
    """TRU-8: at 390 CSS px the table pushed *When* and *Watch* off the right edge. On a phone
    held upright (and at 320) each row's cells all lie within the page, none scrolled sideways,
    and a name of 24 unbroken characters wraps instead of widening it."""
    server = Server(f"sqlite:///{tmp_path / 'board.sqlite3'}", tmp_path, workers=1)
    wide = "W" * 24
    try:
        status, _, answer = server.submit(dying_recording(DAY), wide)
        assert status == 202, answer
        assert server.settled(answer["id"])["status"] == "verified"
        seen = {}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for width, height in ((390, 844), (320, 568), (1280, 720)):
                context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500,
                                              has_touch=width < 500, java_script_enabled=False)
                page = context.new_page()
                page.goto(f"{server.url}/daily/{DAY}")
                cells = page.locator("tbody tr").first.locator("td")
                boxes = {column: cells.nth(i).bounding_box() for i, column in enumerate(COLUMNS)}
                seen[width] = (boxes, page.evaluate("document.documentElement.scrollWidth"),
                               page.locator("tbody tr").first.inner_text(),
                               page.get_by_role("link", name="Watch").first.bounding_box())
                context.close()
            browser.close()
    finally:
        server.stop()
    for width, (boxes, scroll_width, text, watch) in seen.items():
        assert all(box is not None and box["width"] > 0 for box in boxes.values()), boxes
        outside = {name: box for name, box in boxes.items() if box["x"] < 0 or box["x"] + box["width"] > width + 0.5}
        assert not outside and scroll_width <= width, f"at {width} px, past the edge: {outside} ({scroll_width} wide)"
        assert wide in text.replace("\n", "") and "UTC" in text and "Watch" in text
        assert watch["x"] + watch["width"] <= width and watch["width"] > 0
