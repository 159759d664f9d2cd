"""The reader's figures: site build time, the weight of its largest page, and the time Chromium takes
to first render the parallel view (Playwright driving Debian's chromium, no download)."""
from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from ..errors import InputError
from .build import build

CHROMIUM = Path("/usr/bin/chromium")
RUNS = 5
FCP = """new Promise(done => {
  new PerformanceObserver(list => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint) done(paint.startTime);
  }).observe({type: 'paint', buffered: true});
  setTimeout(() => done(null), 10000);
})"""


def measure() -> dict[str, float]:
    """Build the site into a scratch folder, then open the parallel view RUNS times in a fresh page."""
    with tempfile.TemporaryDirectory() as scratch:
        built = build(Path(scratch) / "site")
        paints = first_render(built.out / "parallel.html")
    return {"site_build_s": round(built.seconds, 2), "largest_page_kb": round(built.largest[1] / 1e3, 1),
            "parallel_first_render_ms": round(statistics.median(paints), 1)}


def first_render(page: Path) -> list[float]:
    """Milliseconds from navigation to the first contentful paint of `page`, one per run."""
    from playwright.sync_api import Error, sync_playwright
    if not CHROMIUM.exists():
        raise InputError("Debian's chromium is not installed (make system)", CHROMIUM)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox"])
            times = []
            for _ in range(RUNS):
                tab = browser.new_page()
                tab.goto(page.as_uri(), wait_until="load")
                times.append(tab.evaluate(FCP))
                tab.close()
            browser.close()
    except Error as error:
        raise InputError(f"Chromium could not open the page: {error.message}", page) from None
    if None in times:
        raise InputError("Chromium reported no first contentful paint", page)
    return times
