"""OCR of page images with Tesseract: pages in parallel, lines and words kept with boxes and confidences."""
from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path

from tqdm import tqdm

from ...errors import InputError
from ...files import write_atomic

from .preprocess import Steps
from .recognize import DEFAULT_PSM, Box, OcrLine, Word, page_text, recognize
from .sources import PageSource, open_frame, page_sources

__all__ = ["Box", "OcrLine", "Page", "Steps", "Word", "ocr_pages", "recognize", "single_threaded_tesseract", "DEFAULT_PSM"]

PROGRESS_MIN_PAGES = 4
PAGE_SEPARATOR = "\f"
TSV_COLUMNS = ("line", "word", "left", "top", "right", "bottom", "conf", "text")


@dataclass(frozen=True)
class Page:
    """One OCR-ed page: its source, the original image's size, and its lines in reading order."""

    source: str
    width: int
    height: int
    lines: tuple[OcrLine, ...]

    @property
    def text(self) -> str:
        """The page's text: lines joined, paragraphs separated by a blank line."""
        return page_text(self.lines)

    def tsv(self) -> str:
        """The page's boxes as TSV (`TSV_COLUMNS`): per line a row with word 0 for the line itself."""
        rows = ["\t".join(TSV_COLUMNS)]
        for n, line in enumerate(self.lines, 1):
            items = [(line.text, line.bbox, line.conf), *((w.text, w.bbox, w.conf) for w in line.words)]
            rows += ["\t".join([str(n), str(i), *map(str, box), f"{conf:.2f}", text])
                     for i, (text, box, conf) in enumerate(items)]
        return "\n".join(rows) + "\n"


@dataclass(frozen=True)
class _Job:
    source: PageSource
    lang: str
    psm: int
    steps: Steps


def _run(job: _Job) -> Page:
    image = open_frame(job.source)
    lines = recognize(image, job.lang, job.psm, job.steps)
    return Page(job.source.label, image.width, image.height, tuple(lines))


def check_languages(lang: str) -> None:
    """Every language of `lang` ("hun", "hun+deu") has Tesseract data installed, or an InputError."""
    import pytesseract

    installed = set(pytesseract.get_languages())
    missing = [code for code in lang.split("+") if code not in installed]
    if missing:
        raise InputError(f"Tesseract has no {missing[0]!r} language data (installed: "
                         f"{', '.join(sorted(installed - {'osd'}))})", "--lang")


def document_text(pages: list[Page]) -> str:
    """The pages' text in order, a line holding only a form feed between pages."""
    return f"\n{PAGE_SEPARATOR}\n".join(page.text for page in pages) + "\n"


def write_tsv(pages: list[Page], directory: Path) -> None:
    """Each page's boxes to DIRECTORY/NNNN-NAME.tsv (NNNN: the page number), each written atomically."""
    if directory.exists() and not directory.is_dir():
        raise InputError("--tsv needs a folder, this is a file", directory)
    for number, page in enumerate(pages, 1):
        stem = Path(page.source.split("[")[0]).stem
        write_atomic(directory / f"{number:04d}-{stem}.tsv", page.tsv())


def single_threaded_tesseract() -> None:
    """Limit Tesseract to one thread in this process (a worker of a pool with one per core)."""
    os.environ["OMP_THREAD_LIMIT"] = "1"   # one Tesseract per core; its own threads only contend


def ocr_pages(paths: list[Path | str], lang: str = "hun", workers: int | None = None,
              psm: int = DEFAULT_PSM, steps: Steps = Steps()) -> list[Page]:
    """OCR every page of the given images (and PDFs) in order, pages spread over `workers` processes."""
    with tempfile.TemporaryDirectory(prefix="ecarte-ocr-") as workdir:
        jobs = [_Job(s, lang, psm, steps) for s in page_sources([Path(p) for p in paths], Path(workdir))]
        workers = min(workers or os.cpu_count() or 1, len(jobs))
        progress = tqdm(total=len(jobs), unit="page", file=sys.stderr,
                        disable=not (sys.stderr.isatty() and len(jobs) >= PROGRESS_MIN_PAGES))
        with progress:
            if workers <= 1:
                return [_tick(progress, _run(job)) for job in jobs]
            with Pool(workers, initializer=single_threaded_tesseract) as pool:
                return [_tick(progress, page) for page in pool.imap(_run, jobs)]


def _tick(progress: tqdm, page: Page) -> Page:
    progress.update()
    return page
