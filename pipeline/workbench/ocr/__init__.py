"""OCR of page images with Tesseract: pages in parallel, lines and words kept with boxes and confidences."""
from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path

import pytesseract
from tqdm import tqdm

from ...errors import InputError
from ...files import write_atomic

from .alto_hocr import Format, ImageOrigin
from .preprocess import Steps
from .recognize import DEFAULT_PSM, Box, OcrLine, Word, page_text
from .renderers import recognize, recognize_page
from .sources import PageSource, open_frame, page_sources

__all__ = ["Box", "Format", "OcrLine", "Page", "Steps", "Word", "ocr_pages", "recognize",
           "single_threaded_tesseract", "DEFAULT_PSM"]

PROGRESS_MIN_PAGES = 4
PAGE_SEPARATOR = "\f"
TSV_COLUMNS = ("line", "word", "left", "top", "right", "bottom", "conf", "text")


@dataclass(frozen=True)
class Page:
    """One OCR-ed page: its source, the original image's size, its lines in reading order, and
    Tesseract's ALTO or hOCR of it where asked for."""

    origin: PageSource
    width: int
    height: int
    lines: tuple[OcrLine, ...]
    documents: dict[Format, bytes] = field(default_factory=dict)
    psm: int = DEFAULT_PSM                  # the page segmentation mode it was read in

    @property
    def source(self) -> str:
        """The page's name for the user: its file, with [N] for a page of several."""
        return self.origin.label

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
    psm: int | None                         # None: per page, as its text size calls for
    steps: Steps
    folders: dict[Format, Path]


def _run(job: _Job) -> Page:
    source = job.source
    image = open_frame(source)
    dpi = source.rendered_dpi or image.info.get("dpi", (None,))[0]
    origins = {form: ImageOrigin(source.reference(folder), source.number, dpi, source.rendered_dpi)
               for form, folder in job.folders.items()}
    try:
        read = recognize_page(image, job.lang, job.psm, job.steps, origins)
    except pytesseract.TesseractError as error:
        raise InputError(f"Tesseract failed: {error.message}", source.label) from None
    return Page(source, image.width, image.height, read.lines, read.documents, read.psm)


def check_languages(lang: str) -> None:
    """Every language of `lang` ("hun", "hun+deu") has Tesseract data installed, or an InputError."""
    try:
        installed = set(pytesseract.get_languages())
    except pytesseract.TesseractNotFoundError:
        raise InputError("Tesseract is not installed (Debian package tesseract-ocr)") from None
    missing = [code for code in lang.split("+") if code not in installed]
    if missing:
        raise InputError(f"Tesseract has no {missing[0]!r} language data (installed: "
                         f"{', '.join(sorted(installed - {'osd'}))})", "--lang")


def document_text(pages: list[Page]) -> str:
    """The pages' text in order, a line holding only a form feed between pages."""
    return f"\n{PAGE_SEPARATOR}\n".join(page.text for page in pages) + "\n"


def output_folder(directory: Path, option: str) -> Path:
    """The folder an option writes page files to, or an InputError if a file stands there."""
    if directory.exists() and not directory.is_dir():
        raise InputError(f"{option} needs a folder, this is a file", directory)
    return directory


def page_file(directory: Path, number: int, page: Page, suffix: str) -> Path:
    """DIRECTORY/NNNN-NAME.SUFFIX: NNNN the page's number in the run, NAME its file's."""
    return directory / f"{number:04d}-{page.origin.document.stem}.{suffix}"


def write_tsv(pages: list[Page], directory: Path) -> None:
    """Each page's boxes to DIRECTORY/NNNN-NAME.tsv (NNNN: the page number), each written atomically."""
    output_folder(directory, "--tsv")
    for number, page in enumerate(pages, 1):
        write_atomic(page_file(directory, number, page, "tsv"), page.tsv())


def write_documents(pages: list[Page], form: Format, directory: Path) -> None:
    """Each page's ALTO (NNNN-NAME.xml) or hOCR (NNNN-NAME.hocr) to DIRECTORY, each written atomically."""
    for number, page in enumerate(pages, 1):
        write_atomic(page_file(directory, number, page, form.suffix), page.documents[form])


def single_threaded_tesseract() -> None:
    """Limit Tesseract to one thread in this process (a worker of a pool with one per core)."""
    os.environ["OMP_THREAD_LIMIT"] = "1"   # one Tesseract per core; its own threads only contend


def ocr_pages(paths: list[Path | str], lang: str = "hun", workers: int | None = None,
              psm: int | None = None, steps: Steps = Steps(),
              folders: dict[Format, Path] | None = None) -> list[Page]:
    """OCR every page of the given images (and PDFs) in order, pages spread over `workers` processes,
    in page segmentation mode `psm` or (None) the one each page's text size calls for; with ALTO or
    hOCR for each format in `folders`, referring to the images from that folder."""
    with tempfile.TemporaryDirectory(prefix="ecarte-ocr-") as workdir:
        jobs = [_Job(s, lang, psm, steps, dict(folders or {}))
                for s in page_sources([Path(p) for p in paths], Path(workdir))]
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
