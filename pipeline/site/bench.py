"""The reader's figures: the time `ecarte site` takes, the weight of its heaviest page with everything
it loads, and the time Chromium takes to first render the parallel view (Playwright driving Debian's
chromium, no download)."""
from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

from lxml import html

from ..errors import InputError

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
    """Run `ecarte site` into a scratch folder (wall time, start-up included), weigh its pages, then
    open the parallel view RUNS times, each in a fresh page."""
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "site"
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "ecarte.cli", "site", "--out", str(out)],
                              capture_output=True, text=True)
        seconds = time.perf_counter() - started
        if done.returncode:
            raise InputError(f"ecarte site failed: {done.stderr.strip()}")
        _, weight = heaviest(out)
        paints = first_render(out / "parallel.html")
    return {"site_build_s": round(seconds, 2), "heaviest_page_kb": round(weight / 1e3, 1),
            "parallel_first_render_ms": round(statistics.median(paints), 1)}


def heaviest(site: Path) -> tuple[str, int]:
    """The page that loads the most bytes: itself with its scripts, stylesheets and images."""
    weights = {}
    for page in sorted(site.rglob("*.html")):
        tree = html.parse(str(page))
        loaded = {page.parent / ref for ref in tree.xpath("//script/@src | //link[@rel='stylesheet']/@href | //img/@src")
                  if not urlsplit(ref).scheme}
        weights[page.relative_to(site).as_posix()] = page.stat().st_size + sum(p.stat().st_size for p in loaded)
    return max(weights.items(), key=lambda item: (item[1], item[0]))


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
