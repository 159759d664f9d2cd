"""`ecarte ocr --evaluate`: the CER of each preparation step of `ecarte ocr`, and of each page
segmentation mode, on held-out synthetic pages under conditions a page may come in.

Each page (prose of the held-out documents in a seeded face and size, typeset at 300 dpi:
README.md here) is made into one image per condition: resolution (300, 150, 100, 75 dpi), a DPI
tag or none or a false one, print or scan (degrade.py), lines set solid so that they touch,
specks of dirt, a further skew. Each image is read by Tesseract alone (pytesseract's
`image_to_string` with Tesseract's defaults), and by `ecarte ocr` with no step (`--raw`), with
each step alone, with the default steps, with binarizing too, and with the default steps under
page segmentation modes 3, 4 and 6, with the mode chosen per page (the default), and with the default
read text repaired (`--repair`). Distances are summed over the pages per condition.
"""
from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import Pool

import numpy as np
import pytesseract
from PIL import Image
from tqdm import tqdm

from ...repair import repair_text
from ..evaluate import ZERO, Score, score
from ..ocr import single_threaded_tesseract
from ..ocr.preprocess import RAW, Prepared, Steps, prepare
from ..ocr.recognize import DEFAULT_PSM, SMALL_TYPE_PSM, parse_tsv
from ..ocr.renderers import read_prepared
from .degrade import degrade
from .generate import make_page
from .prose import Split
from .typeset import SetLine, Sheet, load_font, render

SEED = 1
LINES_PER_PAGE = 20           # enough for the layout of a page, few enough for a quick run
TYPESET_DPI = 300
FURTHER_SKEW = 2.5            # degrees
SPECKS = 0.002                # share of pixels made black: enough to fill the rows between lines
PSMS = (3, 4, 6)


@dataclass(frozen=True)
class Condition:
    """One way a page may reach `ecarte ocr`: made from the clean sheet, its scan and a generator."""

    name: str
    make: Callable[[Sheet, Image.Image, np.random.Generator], Image.Image]


@dataclass(frozen=True)
class OcrMethod:
    """One way to read an image: `ecarte ocr` with these steps and PSM, or Tesseract alone (no steps)."""

    name: str
    steps: Steps | None
    psm: int | None = DEFAULT_PSM     # None: as `ecarte ocr` chooses per page (`read_prepared`)
    repair: bool = False              # the text then repaired, as `ecarte ocr --repair` does


def at_dpi(image: Image.Image, dpi: int) -> Image.Image:
    """A 300-dpi image resampled to `dpi` (Lanczos), recording no resolution."""
    factor = dpi / TYPESET_DPI
    return image.resize((round(image.width * factor), round(image.height * factor)), Image.Resampling.LANCZOS)


def tagged(image: Image.Image, dpi: int) -> Image.Image:
    """The image with a DPI tag, as a scanner writes one."""
    image = image.copy()
    image.info["dpi"] = (dpi, dpi)
    return image


def set_solid(sheet: Sheet) -> Image.Image:
    """The sheet's lines set again ragged right with no leading, so that accents and descenders touch."""
    return render([SetLine(tuple(line.split()), False) for line in sheet.lines],
                  load_font(sheet.font, sheet.size), sheet.size)


def specked(image: Image.Image, rng: np.random.Generator) -> Image.Image:
    """The image with a share SPECKS of its pixels turned black, as dirt on a scan."""
    pixels = np.array(image)
    pixels[rng.random(pixels.shape) < SPECKS] = 0
    return Image.fromarray(pixels)


def skewed(image: Image.Image) -> Image.Image:
    """The image turned FURTHER_SKEW degrees, corners filled with its paper tone."""
    paper = int(np.median(np.asarray(image)))
    return image.rotate(FURTHER_SKEW, resample=Image.Resampling.BICUBIC, fillcolor=paper)


CONDITIONS = (
    Condition("300 dpi scan, DPI tag", lambda sheet, scan, rng: tagged(scan, 300)),
    Condition("300 dpi scan", lambda sheet, scan, rng: scan),
    Condition("300 dpi scan, tag 72 (false)", lambda sheet, scan, rng: tagged(scan, 72)),
    Condition(f"300 dpi scan, +{FURTHER_SKEW}°", lambda sheet, scan, rng: skewed(scan)),
    Condition("150 dpi print", lambda sheet, scan, rng: at_dpi(sheet.image, 150)),
    Condition("150 dpi print, set solid", lambda sheet, scan, rng: at_dpi(set_solid(sheet), 150)),
    Condition("150 dpi print, specks", lambda sheet, scan, rng: specked(at_dpi(sheet.image, 150), rng)),
    Condition("150 dpi scan", lambda sheet, scan, rng: at_dpi(scan, 150)),
    Condition("150 dpi scan, DPI tag", lambda sheet, scan, rng: tagged(at_dpi(scan, 150), 150)),
    Condition("100 dpi scan", lambda sheet, scan, rng: at_dpi(scan, 100)),
    Condition("75 dpi scan", lambda sheet, scan, rng: at_dpi(scan, 75)),
)

OCR_METHODS = (
    OcrMethod("Tesseract alone", None),
    OcrMethod("--raw", RAW),
    OcrMethod("despeckle", Steps(scale=False, deskew=False)),
    OcrMethod("scale", Steps(deskew=False, despeckle=False)),
    OcrMethod("deskew", Steps(scale=False, despeckle=False)),
    OcrMethod("steps", Steps()),
    OcrMethod("+binarize", Steps(binarize=True)),
    *(OcrMethod(f"PSM {psm}", Steps(), psm) for psm in PSMS),
    OcrMethod("default", Steps(), None),
    OcrMethod("--repair", Steps(), None, repair=True),
)


@dataclass(frozen=True)
class DefaultRun:
    """What the default steps did to one image: the lone specks taken out, the scale factor, the
    deskew angle, and the page segmentation mode chosen."""

    specks: int
    scale: float
    angle: float
    mode: int


@dataclass(frozen=True)
class PageResult:
    """One page's scores per (condition, OCR method), and what the default steps did per condition."""

    font: str
    scores: dict[tuple[str, str], Score]
    default: dict[str, DefaultRun]


def lines_text(text: str) -> str:
    """The text's non-blank lines, stripped, one per line: how both sides are compared."""
    return "\n".join(line.strip() for line in text.splitlines() if line.strip())


class _Reader:
    """Reads images the ways of OCR_METHODS, each distinct prepared image and PSM only once."""

    def __init__(self, lang: str):
        self.lang = lang
        self.done: dict[tuple[str, int | None], tuple[str, int]] = {}

    def read(self, image: Image.Image, method: OcrMethod) -> tuple[str, Prepared | None, int]:
        """The text, the prepared image (None: Tesseract alone) and page segmentation mode of one method."""
        if method.steps is None:
            return pytesseract.image_to_string(image, lang=self.lang), None, 3
        prepared = prepare(image, method.steps)
        digest = hashlib.sha256(prepared.image.tobytes()).hexdigest() + repr(prepared.image.size)
        if (digest, method.psm) not in self.done:
            tsv, _, mode = read_prepared(prepared, self.lang, method.psm, [])
            self.done[digest, method.psm] = "\n".join(line.text for line in parse_tsv(tsv)), mode
        text, mode = self.done[digest, method.psm]
        return text, prepared, mode


def measure_page(job: tuple[int, str, Split]) -> PageResult:
    """Scores of one page of a split under every condition and OCR method."""
    index, lang, split = job
    sheet, _ = make_page(SEED, index, split, LINES_PER_PAGE)
    scan = degrade(sheet.image, np.random.default_rng([SEED, index]))
    truth = lines_text("\n".join(sheet.lines))
    scores, default = {}, {}
    for condition in CONDITIONS:
        image = condition.make(sheet, scan, np.random.default_rng([SEED, index, 1]))
        reader = _Reader(lang)
        for method in OCR_METHODS:
            text, prepared, mode = reader.read(image, method)
            if method.repair:
                text = repair_text(text, lang="hu")
            scores[condition.name, method.name] = score(truth, lines_text(text))
            if method.name == "default":
                default[condition.name] = DefaultRun(prepared.specks, prepared.scale, prepared.angle, mode)
    return PageResult(sheet.font, scores, default)


@dataclass(frozen=True)
class Evaluation:
    """The pages' results, summed per condition and OCR method."""

    pages: list[PageResult]
    lang: str
    split: Split = Split.HELDOUT
    tesseract: str = field(default_factory=lambda: str(pytesseract.get_tesseract_version()))

    def total(self, condition: str | None, method: str) -> Score:
        """The summed score of one OCR method under one condition, or under all (None)."""
        names = [condition] if condition else [c.name for c in CONDITIONS]
        return sum((page.scores[name, method] for page in self.pages for name in names), ZERO)

    def to_text(self) -> str:
        """A table of CER (%): a row per condition and for all, a column per OCR method; then how often
        the default took lone specks out of the page, enlarged and deskewed it, and read it as one
        block of small type (PSM 6)."""
        fonts = sorted({page.font for page in self.pages})
        head = (f"CER (%) of Tesseract {self.tesseract} `{self.lang}` on {len(self.pages)} {self.split.value} "
                f"synthetic pages of {LINES_PER_PAGE} lines (seed {SEED}; {', '.join(fonts)}); the steps at PSM "
                f"{DEFAULT_PSM} but in `default`, which chooses the mode per page as `ecarte ocr` does")
        rows = [("condition", *(r.name for r in OCR_METHODS), "despeckled", "enlarged", "deskewed", "read in 6")]
        for condition in [c.name for c in CONDITIONS] + [None]:
            cells = [f"{100 * self.total(condition, r.name).cer:.2f}" for r in OCR_METHODS]
            if condition:
                runs = [p.default[condition] for p in self.pages]
                factors = [r.scale for r in runs if r.scale != 1.0]
                turns = sum(r.angle != 0.0 for r in runs)
                cleaned = sum(r.specks > 0 for r in runs)
                small = sum(r.mode == SMALL_TYPE_PSM for r in runs)
                enlarged = f"{len(factors)}/{len(self.pages)}" + (f" ×{np.mean(factors):.1f}" if factors else "")
                cells += [f"{cleaned}/{len(self.pages)}", enlarged, f"{turns}/{len(self.pages)}",
                          f"{small}/{len(self.pages)}"]
            else:
                cells += ["", "", "", ""]
            rows.append((condition or "all", *cells))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        table = ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths)))
                 .rstrip() for row in rows]
        return "\n".join([head, *table])


def evaluate(pages: int, lang: str = "hun", workers: int | None = None,
             split: Split = Split.HELDOUT) -> Evaluation:
    """Measure `pages` pages of a split (numbers 0 to pages-1 of seed SEED), one process per core:
    the held-out ones to report, the training ones to choose settings on."""
    jobs = [(index, lang, split) for index in range(pages)]
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    with tqdm(total=len(jobs), unit="page", file=sys.stderr, disable=not sys.stderr.isatty()) as bar, \
            Pool(workers, initializer=single_threaded_tesseract) as pool:
        results = []
        for result in pool.imap(measure_page, jobs):
            results.append(result)
            bar.update()
    return Evaluation(results, lang, split)
