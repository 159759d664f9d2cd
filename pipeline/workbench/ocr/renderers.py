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
from .preprocess import Steps, prepare
from .recognize import DEFAULT_PSM, OcrLine, parse_tsv, tesseract_config, to_original

TSV_VARIABLE = "tessedit_create_tsv"


@dataclass(frozen=True)
class Recognition:
    """One page as Tesseract read it: lines with original-image boxes, and the documents asked for."""

    lines: tuple[OcrLine, ...]
    documents: dict[Format, bytes]


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


def recognize_page(image: Image.Image, lang: str, psm: int, steps: Steps,
                   origins: dict[Format, ImageOrigin]) -> Recognition:
    """The page prepared and read once; a document for each format in `origins`, referring to it."""
    prepared = prepare(image, steps)
    tsv, documents = run_renderers(prepared.image, lang, psm, list(origins))
    return Recognition(tuple(to_original(parse_tsv(tsv), prepared)),
                       {form: form.remap(documents[form], prepared, steps, origins[form]) for form in origins})


def recognize(image: Image.Image, lang: str = "hun", psm: int = DEFAULT_PSM,
              steps: Steps = Steps()) -> list[OcrLine]:
    """The text lines of one page image, boxes in the image's own pixels."""
    return list(recognize_page(image, lang, psm, steps, {}).lines)
