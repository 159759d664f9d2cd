"""The reader's fixtures: the site built once per session from the corpus, Debian's Chromium driven by
Playwright (never `playwright install`), pages opened over file:// as a reader opens the built site."""
from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from pipeline.site.bench import CHROMIUM as BENCH_CHROMIUM
from pipeline.site.build import build

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("ECARTE_CACHE", str(ROOT / ".cache" / "ecarte-test"))
"""The tests keep the readers' stored corpora (pipeline/reader_cache.py) apart from the user's."""
CHROMIUM = str(BENCH_CHROMIUM)
DESKTOP = {"width": 1280, "height": 900}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built by `pipeline.site.build.build` into a fresh folder."""
    out = tmp_path_factory.mktemp("reader") / "site"
    build(out)
    return out


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless, for the whole session (one process holds one sync Playwright)."""
    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            yield chromium
        finally:
            chromium.close()
    finally:
        playwright.stop()


@pytest.fixture
def url(site: Path) -> Callable[[str], str]:
    """The file:// address of a page of the site, with its query or fragment: url("hu-nc.html#hu-nc.40")."""
    return lambda address: f"{site.as_uri()}/{address}"


@pytest.fixture
def open_reader(browser: Browser) -> Iterator[Callable[..., Page]]:
    """Opens a page in a fresh browser context (its own storage) of the given viewport; afterwards,
    checks that no page logged an error or warning or threw."""
    problems: list[str] = []
    contexts = []

    def open_page(viewport: dict[str, int] = DESKTOP) -> Page:
        context = browser.new_context(viewport=viewport)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: problems.extend(
            [f"{message.type}: {message.text}"] if message.type in ("error", "warning") else []))
        page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert problems == []


@pytest.fixture
def reader(open_reader: Callable[..., Page]) -> Page:
    """A desktop-sized page."""
    return open_reader()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    """Where the screenshots of the main views go: $ECARTE_SCREENSHOTS, else .cache/screenshots."""
    folder = Path(os.environ.get("ECARTE_SCREENSHOTS") or ROOT / ".cache" / "screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
