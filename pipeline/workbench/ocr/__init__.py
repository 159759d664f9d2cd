"""OCR of page images with Tesseract: pages in parallel, lines and words kept with boxes and confidences."""
from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from stat import S_ISDIR

import pytesseract
from tqdm import tqdm

from ...errors import InputError
from ...files import check_writable, path_status, write_atomic
from ...images import PageSource, open_frame

from .alto_hocr import Format, ImageOrigin
from .preprocess import RAW, Steps
from .recognize import DEFAULT_PSM, Box, OcrLine, Word, page_text
from .renderers import recognize, recognize_page
from .sources import page_sources

__all__ = ["RAW", "Box", "Format", "OcrLine", "Page", "Steps", "Word", "ocr_pages", "recognize",
           "single_threaded_tesseract", "DEFAULT_PSM"]

PROGRESS_MIN_PAGES = 4
MAX_NAMED = 5                           # pages an error names before "and N more"
PAGE_SEPARATOR = "\f"
TSV_COLUMNS = ("line", "word", "left", "top", "right", "bottom", "conf", "text")


@dataclass(frozen=True)
class Page:
    """One OCR-ed page: its source, the original image's size, its lines in reading order,
    Tesseract's ALTO or hOCR of it where asked for, and what was done to it before Tesseract."""

    origin: PageSource
    width: int
    height: int
    lines: tuple[OcrLine, ...]
    documents: dict[Format, bytes] = field(default_factory=dict)
    psm: int = DEFAULT_PSM                  # the page segmentation mode it was read in
    preparation: tuple[str, ...] = ()       # the steps applied to it, in words (applied_steps)

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
    return Page(source, image.width, image.height, read.lines, read.documents, read.psm, read.preparation)


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
    """The folder an option writes page files to, checked before any page is read: an InputError
    if a file stands there or nothing can be written into it."""
    status = path_status(directory)
    if status is not None and not S_ISDIR(status.st_mode):
        raise InputError(f"{option} needs a folder, this is a file", directory)
    check_writable(directory)
    return directory


def output_file(path: Path, option: str) -> Path:
    """The file an option writes, checked before any page is read: an InputError if a folder
    stands there or nothing can be written into its folder."""
    status = path_status(path)
    if status is not None and S_ISDIR(status.st_mode):
        raise InputError(f"{option} needs a file name, this is a folder", path)
    check_writable(path.parent, path)
    return path


def page_file(directory: Path, number: int, page: Page, suffix: str) -> Path:
    """DIRECTORY/NNNN-NAME.SUFFIX: NNNN the page's number in the run, NAME its file's."""
    return directory / f"{number:04d}-{page.origin.document.stem}.{suffix}"


def tsv_files(pages: list[Page], directory: Path) -> dict[Path, str]:
    """Each page's boxes as DIRECTORY/NNNN-NAME.tsv (NNNN: the page number), by file to write."""
    return {page_file(directory, number, page, "tsv"): page.tsv() for number, page in enumerate(pages, 1)}


def document_files(pages: list[Page], form: Format, directory: Path) -> dict[Path, bytes]:
    """Each page's ALTO (NNNN-NAME.xml) or hOCR (NNNN-NAME.hocr) in DIRECTORY, by file to write."""
    return {page_file(directory, number, page, form.suffix): page.documents[form]
            for number, page in enumerate(pages, 1)}


def write_outputs(files: dict[Path, bytes | str]) -> None:
    """Write the run's output files, each atomically, once all of them are made."""
    for path, data in files.items():
        write_atomic(path, data)


def blank_pages(pages: list[Page]) -> list[Page]:
    """The pages on which Tesseract found no text (blank pages, or an image of no text)."""
    return [page for page in pages if not page.lines]


def check_hungarian(pages: list[Page]) -> None:
    """An InputError naming the pages whose commonest words are of another language than
    Hungarian (the repair's models know no other), or, where no page's language can be told,
    saying that of the whole run."""
    from ...align.sides import language_of

    others = [(page.source, language) for page in pages
              if (language := language_of(page.text)) not in (None, "hu")]
    if others:
        named = ", ".join(source for source, _ in others[:MAX_NAMED])
        more = f" and {len(others) - MAX_NAMED} more" if len(others) > MAX_NAMED else ""
        languages = ", ".join(sorted({language for _, language in others}))
        raise InputError(_not_hungarian(languages, several=len(others) > 1), named + more)
    overall = language_of(document_text(pages))
    if overall != "hu":
        raise InputError(_not_hungarian(overall or "no known language", several=True), "the pages")


def _not_hungarian(language: str, several: bool) -> str:
    pages, reads, its, it_is = ("these pages", "read", "their", "they are") if several else \
        ("this page", "reads", "its", "it is")
    return (f"--repair repairs Hungarian text only, and {pages} {reads} as {language} (told from {its} "
            f"commonest words; if {it_is} Hungarian, add --text-lang hu)")


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
