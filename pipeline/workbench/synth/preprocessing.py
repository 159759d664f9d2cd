"""Measures what each preprocessing choice of `ecarte ocr` does to CER on held-out synthetic pages.

Run: `.venv/bin/python -m pipeline.workbench.synth.preprocessing [--seed 1] [--first 113] [--pages 10]`.
Each page is read as generated (300 dpi), turned a further 2.5°, and halved to 150 dpi without
DPI information; each with `--raw` (grayscale only), the default steps, and `--binarize`.
"""
from __future__ import annotations

import argparse
from collections.abc import Iterator
from multiprocessing import Pool

import numpy as np
import pytesseract
from PIL import Image

from ..evaluate import ZERO, Score, score
from ..ocr import Steps, single_threaded_tesseract
from ..ocr.preprocess import prepare
from ..ocr.recognize import parse_tsv, tesseract_config
from .degrade import degrade
from .generate import ENGINES, PSM, make_page

CHOICES = {"--raw": Steps(scale=False, deskew=False), "default": Steps(), "--binarize": Steps(binarize=True)}


def conditions(scan: Image.Image) -> Iterator[tuple[str, Image.Image]]:
    """The scan as generated, skewed further, and at half the resolution with no DPI recorded."""
    yield "300 dpi", scan
    yield "300 dpi, +2.5°", scan.rotate(2.5, resample=Image.Resampling.BICUBIC, fillcolor=225)
    yield "150 dpi, no DPI", scan.resize((scan.width // 2, scan.height // 2), Image.Resampling.LANCZOS)


def measure_page(job: tuple[int, int]) -> dict[tuple[str, str, str], Score]:
    """Scores of one page under every condition, choice and engine."""
    seed, index = job
    sheet, _ = make_page(seed, index)
    scan = degrade(sheet.image, np.random.default_rng([seed, index]))
    scores = {}
    for condition, image in conditions(scan):
        for choice, steps in CHOICES.items():
            prepared = prepare(image, steps).image
            for lang in ENGINES:
                tsv = pytesseract.image_to_data(prepared, lang=lang, config=tesseract_config(PSM))
                text = "\n".join(line.text for line in parse_tsv(tsv))
                scores[condition, choice, lang] = score("\n".join(sheet.lines), text)
    return scores


def main() -> None:
    """Print CER and WER per condition, choice and engine, summed over the pages."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=113, help="first page (default: the held-out ones of seed 1)")
    parser.add_argument("--pages", type=int, default=10)
    args = parser.parse_args()
    with Pool(initializer=single_threaded_tesseract) as pool:
        pages = pool.map(measure_page, [(args.seed, i) for i in range(args.first, args.first + args.pages)])
    for key in pages[0]:
        total = sum((page[key] for page in pages), ZERO)
        print(f"{key[0]:16s} {key[1]:10s} {key[2]}  CER {100 * total.cer:6.2f}%  WER {100 * total.wer:6.2f}%")


if __name__ == "__main__":
    main()
