"""`ecarte ocr`: OCR page images with Tesseract and print their text in page order."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "ocr"
HELP = "OCR page images (PNG, TIFF, JPEG; PDF with poppler-utils) in page order to stdout"
PAGE_SEPARATOR = "\f"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="+", type=Path, metavar="IMAGE", help="page images, in page order")
    parser.add_argument("--lang", default="hun", help="Tesseract language(s), e.g. hun or hun+deu (default hun)")
    parser.add_argument("--repair", action="store_true", help="also run the repair stage on the text")
    parser.add_argument("--psm", type=int, help="Tesseract page segmentation mode (default 4: one column)")
    parser.add_argument("--raw", action="store_true", help="no scaling to 300 dpi and no deskewing")
    parser.add_argument("--binarize", action="store_true",
                        help="binarize (Otsu) before Tesseract; off by default, as it cost accuracy in tests")
    parser.add_argument("--tsv", type=Path, metavar="DIR",
                        help="also write each page's line and word boxes with confidences to DIR/NNNN-NAME.tsv (NNNN: page number)")
    parser.add_argument("--workers", type=int, help="parallel processes (default: one per core)")
    parser.epilog = ("Pages are separated by a line holding a form feed. --tsv columns: line, word, "
                     "left, top, right, bottom, conf, text; boxes in pixels of the original image, "
                     "word 0 is the line itself.")


def _check_lang(lang: str) -> None:
    import pytesseract

    from pipeline.errors import InputError

    installed = set(pytesseract.get_languages())
    missing = [code for code in lang.split("+") if code not in installed]
    if missing:
        raise InputError(f"Tesseract has no {missing[0]!r} language data (installed: "
                         f"{', '.join(sorted(installed - {'osd'}))})", "--lang")


def _tsv_name(index: int, source: str) -> str:
    stem = Path(source.split("[")[0]).stem
    return f"{index:04d}-{stem}.tsv"


def run(args: argparse.Namespace) -> int:
    from pipeline.ocr import DEFAULT_PSM, Steps, ocr_pages

    _check_lang(args.lang)
    steps = Steps(scale=not args.raw, deskew=not args.raw, binarize=args.binarize)
    pages = ocr_pages(args.images, lang=args.lang, workers=args.workers, psm=args.psm or DEFAULT_PSM, steps=steps)
    text = f"\n{PAGE_SEPARATOR}\n".join(page.text for page in pages) + "\n"
    if args.repair:
        from pipeline.repair import repair_text

        text = repair_text(text, lang="hu")
    if args.tsv:
        args.tsv.mkdir(parents=True, exist_ok=True)
        for i, page in enumerate(pages, 1):
            (args.tsv / _tsv_name(i, page.source)).write_text(page.tsv(), encoding="utf-8")
    sys.stdout.write(text)
    return 0
