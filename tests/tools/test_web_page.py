"""The built page in a real headless Chromium, with the network blocked (LAY-4).

What can be checked offline: the page loads without JavaScript errors up to the
point where it asks pygbag's CDN for the Python runtime; it asks for it at the
expected address; the app archive is where the loader looks for it (next to
the page); a click or tap gives the canvas the keyboard; and the keys the game
uses do not scroll the page. What cannot be checked offline (the runtime itself
comes from the CDN) is said in docs/web.md.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlparse

import pytest

PAGE_ORIGIN = "http://threshold.test"
CDN = "https://pygame-web.github.io/cdn/0.9.3/"
REQUIRE_BROWSER = os.environ.get("THRESHOLD_REQUIRE_BROWSER") == "1"
GAME_KEYS = ("ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Space", "PageUp", "PageDown", "Home", "End")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extras install it
    sync_playwright = None

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Page, Route

CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif((sync_playwright is None or CHROMIUM is None) and not REQUIRE_BROWSER,
                                reason="needs Chromium (apt-get install -y chromium) and playwright")


class OfflinePage:
    """The built page in headless Chromium: files of ``web`` served at ``PAGE_ORIGIN``,
    every other request recorded and refused."""

    def __init__(self, web: Path, page: Page) -> None:
        self.web = web
        self.page = page
        self.requests: list[str] = []
        self.refused: list[str] = []
        self.errors: list[str] = []
        self.console_errors: list[tuple[str, str]] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.on("console", self._console)
        page.route("**/*", self._route)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append((message.text, message.location.get("url", "")))

    def _route(self, route: Route) -> None:
        url = route.request.url
        self.requests.append(url)
        if url.startswith(PAGE_ORIGIN + "/"):
            path = self.web / urlparse(url).path.lstrip("/")
            if path.is_file():
                route.fulfill(path=str(path))
            else:
                route.fulfill(status=404, body="not found")
            return
        self.refused.append(url)
        route.abort("internetdisconnected")

    def open(self) -> None:
        self.page.goto(f"{PAGE_ORIGIN}/index.html", wait_until="load")
        self.page.wait_for_timeout(300)


@pytest.fixture()
def page(web_build: Path):
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            tab = browser.new_page(viewport={"width": 1280, "height": 720})
            offline = OfflinePage(web_build / "web", tab)
            offline.open()
            yield offline
        finally:
            browser.close()


def test_the_page_loads_without_errors_and_asks_the_cdn_for_the_runtime(page: OfflinePage) -> None:
    assert page.errors == [], "no JavaScript error before the runtime is needed"
    assert page.refused == [CDN + "pythons.js"], "the only thing fetched from outside is pygbag's runtime loader"
    unexpected = [(text, url) for text, url in page.console_errors if not url.startswith(CDN)]
    assert unexpected == [], "the only console errors are the refused runtime"
    assert f"{PAGE_ORIGIN}/favicon.png" in page.requests
    assert page.page.title() == "Threshold"
    assert page.page.inner_text("#loader-status") == "Loading Python…"


def test_the_app_archive_is_next_to_the_page_where_the_loader_asks(page: OfflinePage, web_build: Path) -> None:
    status, size = page.page.evaluate(
        "async () => { const r = await fetch('threshold.apk'); return [r.status, (await r.arrayBuffer()).byteLength]; }")
    assert status == 200 and size == (web_build / "web" / "threshold.apk").stat().st_size
    assert f"{PAGE_ORIGIN}/threshold.apk" in page.requests
    html = (web_build / "web" / "index.html").read_text(encoding="utf-8")
    assert 'bundle = "threshold"' in html and 'platform.fopen(f"{bundle}.apk", "rb")' in html


def test_a_click_or_a_tap_gives_the_canvas_the_keyboard(page: OfflinePage) -> None:
    assert page.page.evaluate("document.activeElement.id") != "canvas"
    page.page.mouse.click(640, 360)  # on the loader, which covers the canvas until the game starts
    page.page.wait_for_function("document.activeElement.id === 'canvas'", timeout=2000)
    page.page.evaluate("document.getElementById('canvas').blur()")
    assert page.page.evaluate("document.activeElement.id") != "canvas"
    page.page.evaluate("window.dispatchEvent(new TouchEvent('touchstart'))")
    page.page.wait_for_function("document.activeElement.id === 'canvas'", timeout=2000)


def test_game_keys_do_not_scroll_the_page_and_other_keys_pass(page: OfflinePage) -> None:
    page.page.evaluate("""() => {
        document.body.style.overflow = 'auto';
        document.body.insertAdjacentHTML('beforeend', '<div style="height: 4000px"></div>');
        window.seen = [];
        window.addEventListener('keydown', e => window.seen.push([e.code, e.defaultPrevented]));
    }""")
    page.page.mouse.click(640, 360)
    for key in GAME_KEYS:
        page.page.keyboard.press("Space" if key == "Space" else key)
    page.page.keyboard.press("KeyQ")
    seen = dict(page.page.evaluate("window.seen"))
    assert all(seen[key] for key in GAME_KEYS), seen
    assert seen["KeyQ"] is False, "keys the page does not need stay the browser's"
    assert page.page.evaluate("window.scrollY") == 0


def test_a_finger_on_the_game_never_pans_or_zooms_the_page(page: OfflinePage) -> None:
    """A pinch is the map's zoom, a drag scrolls the game's pages: the page itself must not move
    (``touch-action: none`` on the canvas, which iOS Safari heeds where it ignores the viewport's
    ``user-scalable=no``)."""
    style = page.page.evaluate("getComputedStyle(document.getElementById('canvas')).touchAction")
    assert style == "none"


def _loader_on(web: Path, width: int, height: int, phone: bool) -> tuple[list[float], str, str, list[str]]:
    """The page's loader as it waits for the first gesture (as the template's Python leaves it),
    in a Chromium page of ``width`` x ``height``, a phone's (touch, mobile viewport) or a computer's."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=phone,
                                          has_touch=phone)
            offline = OfflinePage(web, context.new_page())
            offline.open()
            tab = offline.page
            title = tab.evaluate("""() => { const r = document.querySelector('#loader h1').getBoundingClientRect();
                                            return [r.left, r.right, document.documentElement.scrollWidth]; }""")
            tab.evaluate("window.threshold_loader_ready()")  # what custom_site() calls before it waits
            asked = tab.inner_text("#loader-status")
            if phone:
                tab.touchscreen.tap(width // 2, height // 2)
            else:
                tab.mouse.click(width // 2, height // 2)
            answered = tab.inner_text("#loader-status")  # at once: no waiting for pygbag's 2-s poll
            return title, asked, answered, offline.errors
        finally:
            browser.close()


@pytest.mark.parametrize("width, height, phone", [(320, 568, True), (390, 844, True), (844, 390, True),
                                                 (1280, 720, False)])
def test_the_loader_fits_a_phone_says_tap_there_and_answers_the_gesture_at_once(web_build: Path, width, height,
                                                                               phone) -> None:
    """TRU-8: at 390 px "THRESHOLD" was cut off at both edges, a phone was told "Click to begin",
    and nothing changed for up to 2 s after the tap (pygbag polls for the gesture)."""
    (left, right, scroll_width), asked, answered, errors = _loader_on(web_build / "web", width, height, phone)
    assert 0 <= left and right <= width and scroll_width <= width, f"the title spans {left}..{right} of {width}"
    assert asked == ("Tap to begin" if phone else "Click to begin")
    assert answered == "Starting…" and errors == []


def test_the_template_asks_for_the_gesture_through_the_page() -> None:
    from tests.conftest import ROOT

    template = (ROOT / "web" / "threshold.tmpl").read_text(encoding="utf-8")
    assert "platform.window.threshold_loader_ready()" in template and 'status("Click to begin")' not in template
