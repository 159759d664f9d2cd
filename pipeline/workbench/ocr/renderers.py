"""One Tesseract run per page for all of its outputs: the TSV, read into lines and words, and the
ALTO and hOCR asked for, straight from Tesseract's own renderers, mapped onto the original image.

Through pytesseract's `run_tesseract`, which its `image_to_*` functions call: each of those runs
Tesseract again for one output, and `run_and_get_multiple_output` takes no page segmentation mode.
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image
from pytesseract.pytesseract import run_tesseract

from .alto_hocr import Format, ImageOrigin
from .preprocess import Prepared, Steps, applied_steps, prepare
from .recognize import OcrLine, page_modes, parse_tsv, tesseract_config, to_original

TSV_VARIABLE = "tessedit_create_tsv"


@dataclass(frozen=True)
class Recognition:
    """One page as Tesseract read it: lines with original-image boxes, the documents asked for,
    the page segmentation mode it was read in and the preparation steps applied to it."""

    lines: tuple[OcrLine, ...]
    documents: dict[Format, bytes]
    psm: int
    preparation: tuple[str, ...]


def run_renderers(image: Image.Image, lang: str, psm: int, formats: list[Format]) -> tuple[str, dict[Format, bytes]]:
    """Tesseract once on `image`: its TSV, and what each of `formats`' renderers wrote."""
    variables = [TSV_VARIABLE, *(form.variable for form in formats)]
    config = " ".join([tesseract_config(psm), *(f"-c {variable}=1" for variable in variables)])
    with tempfile.TemporaryDirectory(prefix="ecarte-tesseract-") as folder:
        source, base = Path(folder, "page.png"), Path(folder, "page")
        image.save(source, compress_level=1)
        run_tesseract(str(source), str(base), "", lang, config)
        tsv = base.with_suffix(".tsv").read_text(encoding="utf-8")
        return tsv, {form: base.with_suffix(f".{form.suffix}").read_bytes() for form in formats}


def recognize_page(image: Image.Image, lang: str, psm: int | None, steps: Steps,
                   origins: dict[Format, ImageOrigin]) -> Recognition:
    """The page prepared and read in `psm`, or (None) in the mode `read_prepared` keeps; a document
    for each format in `origins`, referring to it."""
    prepared = prepare(image, steps)
    tsv, documents, mode = read_prepared(prepared, lang, psm, list(origins))
    return Recognition(tuple(to_original(parse_tsv(tsv), prepared)),
                       {form: form.remap(documents[form], prepared, steps, origins[form]) for form in origins},
                       mode, applied_steps(prepared, steps))


def read_prepared(prepared: Prepared, lang: str, psm: int | None,
                  formats: list[Format]) -> tuple[str, dict[Format, bytes], int]:
    """Tesseract on a prepared page in `psm`, or (None) in each mode its text size calls for
    (`page_modes`), keeping the first mode's reading unless a later one finds fewer lines: mode 4
    finding more lines than mode 6 has broken lines apart (on small type it did, and read them
    worse); where both find as many, mode 4, never worse than Tesseract alone, stays. Returns the
    TSV, the documents of `formats` and the mode."""
    modes = page_modes(prepared.text) if psm is None else (psm,)
    readings = [(*run_renderers(prepared.image, lang, mode, formats), mode) for mode in modes]
    return min(readings, key=lambda reading: len(parse_tsv(reading[0])))


def recognize(image: Image.Image, lang: str = "hun", psm: int | None = None,
              steps: Steps = Steps()) -> list[OcrLine]:
    """The text lines of one page image, boxes in the image's own pixels."""
    return list(recognize_page(image, lang, psm, steps, {}).lines)
