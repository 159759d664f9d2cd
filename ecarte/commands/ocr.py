"""`ecarte ocr`: OCR page images with Tesseract and print their text in page order."""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

NAME = "ocr"
HELP = "OCR page images (PNG, TIFF, JPEG; PDF with poppler-utils) in page order to stdout"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("images", nargs="*", type=Path, metavar="IMAGE", help="page images, in page order")
    parser.add_argument("--lang", default="hun", help="Tesseract language(s), e.g. hun or hun+deu (default hun)")
    parser.add_argument("--repair", action="store_true",
                        help="also run the repair stage on the text printed (trained for Hungarian text only); "
                             "--tsv, --alto, --hocr and --tei keep Tesseract's own reading")
    parser.add_argument("--text-lang", metavar="LANG",
                        help="with --repair: the language the pages are written in (hu, the one the repair "
                             "knows; default: told from each page's commonest words, so English pages are refused, "
                             "named, rather than garbled)")
    parser.add_argument("--psm", type=int, choices=(3, 4, 6),
                        help="Tesseract page segmentation mode (default 4, one column; a page of small type, "
                             "as at 150 dpi or less, is read in 6 too, kept where it finds fewer lines)")
    parser.add_argument("--raw", action="store_true",
                        help="no removing of lone specks, no enlarging of small text and no deskewing")
    parser.add_argument("--binarize", action="store_true",
                        help="binarize (Otsu) before Tesseract; off by default, as it cost accuracy in tests")
    parser.add_argument("--tsv", type=Path, metavar="DIR",
                        help="also write each page's line and word boxes with confidences to DIR/NNNN-NAME.tsv (NNNN: page number)")
    parser.add_argument("--alto", type=Path, metavar="DIR",
                        help="also write Tesseract's ALTO of each page to DIR/NNNN-NAME.xml")
    parser.add_argument("--hocr", type=Path, metavar="DIR",
                        help="also write Tesseract's hOCR of each page to DIR/NNNN-NAME.hocr")
    parser.add_argument("--tei", type=Path, metavar="FILE",
                        help="also write the pages as one TEI document: facsimile zones per line, linked from the "
                             "text; FILE is SIGLUM.xml, SIGLUM (the document's xml:id) lowercase letters and "
                             "digits, parts joined by '-', a letter first")
    parser.add_argument("--workers", type=int, help="parallel processes (default: one per core)")
    parser.add_argument("--evaluate", action="store_true",
                        help="instead of reading images: print the CER of each preparation step and page "
                             "segmentation mode on held-out synthetic pages under varied conditions")
    parser.add_argument("--pages", type=int, default=8, help="with --evaluate: how many pages (default 8)")
    parser.add_argument("--split", choices=("heldout", "train"), default="heldout",
                        help="with --evaluate: the pages to measure on (default heldout; train is for choosing settings)")
    parser.epilog = ("Pages are separated by a line holding a form feed; a page on which Tesseract finds "
                     "no text is kept, empty, with a warning on stderr. A JPEG's or TIFF's EXIF orientation "
                     "is applied before reading. --tsv columns: line, word, "
                     "left, top, right, bottom, conf, text; boxes in pixels of the original image, "
                     "word 0 is the line itself. ALTO, hOCR and TEI coordinates are pixels of the "
                     "original image too (of a PDF page, of its rendering at 300 dpi).")


def run(args: argparse.Namespace) -> int:
    from pipeline.errors import InputError
    from pipeline.workbench.ocr import (RAW, Format, Steps, blank_pages, check_hungarian, check_languages,
                                        document_files, document_text, ocr_pages, output_file,
                                        output_folder, tsv_files, write_outputs)

    check_languages(args.lang)
    if args.workers is not None and args.workers < 1:
        raise InputError("--workers must be at least 1", "command line")
    if args.text_lang not in (None, "hu"):
        raise InputError(f"--repair repairs Hungarian text only, not {args.text_lang!r}", "--text-lang")
    if args.evaluate:
        return _evaluate(args)
    if not args.images:
        raise InputError("give page images (or --evaluate)", "command line")
    if args.tei:                            # every destination checked before any page is read
        from pipeline.workbench.ocr.facsimile import document_id, tei_document

        document_id(output_file(args.tei, "--tei"))
    if args.tsv:
        output_folder(args.tsv, "--tsv")
    folders = {form: output_folder(folder, f"--{form.name.lower()}")
               for form, folder in ((Format.ALTO, args.alto), (Format.HOCR, args.hocr)) if folder}
    steps = replace(RAW if args.raw else Steps(), binarize=args.binarize)
    pages = ocr_pages(args.images, lang=args.lang, workers=args.workers, psm=args.psm, steps=steps, folders=folders)
    for page in blank_pages(pages):
        print(f"ecarte ocr: {page.source}: warning: Tesseract found no text on this page; it is kept, empty",
              file=sys.stderr)
    text = document_text(pages)
    if args.repair:
        from pipeline.repair import repair_text

        if args.text_lang is None:
            check_hungarian(pages)
        text = repair_text(text, lang="hu")
    outputs: dict[Path, bytes | str] = tsv_files(pages, args.tsv) if args.tsv else {}
    for form, folder in folders.items():
        outputs |= document_files(pages, form, folder)
    if args.tei:
        outputs[args.tei] = tei_document(pages, args.tei, args.lang)
    write_outputs(outputs)                  # only once every output is made
    sys.stdout.write(text)
    return 0


def _evaluate(args: argparse.Namespace) -> int:
    from pipeline.errors import InputError
    from pipeline.workbench.synth.preprocessing import evaluate
    from pipeline.workbench.synth.prose import Split

    if args.images:
        raise InputError("--evaluate reads its own synthetic pages, not images", args.images[0])
    if args.pages < 1:
        raise InputError("--pages must be at least 1", "command line")
    print(evaluate(args.pages, args.lang, args.workers, Split(args.split)).to_text())
    return 0
