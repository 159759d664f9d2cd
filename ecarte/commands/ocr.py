"""`ecarte ocr`: OCR page images with Tesseract and print their text in page order."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

NAME = "ocr"
HELP = "OCR page images (PNG, TIFF, JPEG; PDF with poppler-utils) in page order to stdout"


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


def run(args: argparse.Namespace) -> int:
    from pipeline.workbench.ocr import DEFAULT_PSM, Steps, check_languages, document_text, ocr_pages, write_tsv

    check_languages(args.lang)
    steps = Steps(scale=not args.raw, deskew=not args.raw, binarize=args.binarize)
    pages = ocr_pages(args.images, lang=args.lang, workers=args.workers, psm=args.psm or DEFAULT_PSM, steps=steps)
    text = document_text(pages)
    if args.repair:
        from pipeline.repair import repair_text

        text = repair_text(text, lang="hu")
    if args.tsv:
        write_tsv(pages, args.tsv)
    sys.stdout.write(text)
    return 0
