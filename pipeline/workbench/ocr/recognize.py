"""Tesseract on one prepared image: its TSV read into lines and words with boxes and confidences.

TSV rather than ALTO: Tesseract 5.3's ALTO writer garbles word confidences (tesseract#4615).
"""
from __future__ import annotations

import csv
from dataclasses import dataclass
from itertools import groupby


from .preprocess import Prepared, TextSize

Box = tuple[int, int, int, int]
"""left, top, right, bottom in pixels of the original image."""

DEFAULT_PSM = 4
"""A single column of text of variable sizes, as a rulebook page is. Of modes 3, 4 and 6 the only one
never worse than Tesseract alone under any condition of `ecarte ocr --evaluate`; mode 6 reads
low-resolution scans better still, but specks and clean 300-dpi pages a little worse."""
SMALL_TYPE_PSM = 6
"""One uniform block of text: small type, whose lines mode 4's column finding may break apart, is
read in this mode too."""
SMALL_X_HEIGHT = 15.0
"""px: type surely smaller than this (a page at 150 dpi or less: x-heights of 9–12 px, against
about 20 at 300 dpi) is read in both modes, even once enlarged."""


def page_modes(size: TextSize | None) -> tuple[int, ...]:
    """The page segmentation modes to read a page of this text size in (measured on the original):
    DEFAULT_PSM, and SMALL_TYPE_PSM too for small type (`renderers.read_prepared` keeps one)."""
    if size is not None and size.sure and size.x_height < SMALL_X_HEIGHT:
        return DEFAULT_PSM, SMALL_TYPE_PSM
    return (DEFAULT_PSM,)


@dataclass(frozen=True)
class Word:
    """A recognized word with its box and Tesseract's confidence (0–100)."""

    text: str
    bbox: Box
    conf: float


@dataclass(frozen=True)
class OcrLine:
    """A recognized text line; `paragraph` numbers Tesseract's paragraphs on the page."""

    words: tuple[Word, ...]
    bbox: Box
    paragraph: int

    @property
    def text(self) -> str:
        """The words separated by single spaces."""
        return " ".join(word.text for word in self.words)

    @property
    def conf(self) -> float:
        """The mean confidence of the line's words."""
        return sum(word.conf for word in self.words) / len(self.words)


def page_text(lines: list[OcrLine] | tuple[OcrLine, ...]) -> str:
    """Lines joined by newlines, with a blank line between paragraphs (as Tesseract's text output)."""
    out: list[str] = []
    for i, line in enumerate(lines):
        if i and line.paragraph != lines[i - 1].paragraph:
            out.append("")
        out.append(line.text)
    return "\n".join(out)


def _box(row: dict[str, str]) -> Box:
    left, top = int(row["left"]), int(row["top"])
    return left, top, left + int(row["width"]), top + int(row["height"])


def parse_tsv(tsv: str) -> list[OcrLine]:
    """Lines and words from Tesseract's TSV (level 4 rows are lines, level 5 rows words)."""
    rows = list(csv.DictReader(tsv.splitlines(), delimiter="\t", quoting=csv.QUOTE_NONE))
    key = lambda row: (int(row["page_num"]), int(row["block_num"]), int(row["par_num"]), int(row["line_num"]))
    lines: list[OcrLine] = []
    paragraphs: dict[tuple[int, int, int], int] = {}
    for (page, block, par, _), group in groupby((r for r in rows if r["level"] in ("4", "5")), key=key):
        group = list(group)
        words = tuple(Word(r["text"].strip(), _box(r), float(r["conf"]))
                      for r in group if r["level"] == "5" and r["text"].strip())
        if words:
            paragraph = paragraphs.setdefault((page, block, par), len(paragraphs))
            line_rows = [r for r in group if r["level"] == "4"]
            bbox = _box(line_rows[0]) if line_rows else _envelope([w.bbox for w in words])
            lines.append(OcrLine(words, bbox, paragraph))
    return lines


def _envelope(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def to_original(lines: list[OcrLine], prepared: Prepared) -> list[OcrLine]:
    """The lines with all boxes mapped from the prepared image back to the original."""
    return [OcrLine(tuple(Word(w.text, prepared.to_original(w.bbox), w.conf) for w in line.words),
                    prepared.to_original(line.bbox), line.paragraph) for line in lines]


def tesseract_config(psm: int) -> str:
    """Tesseract's command-line options for a page segmentation mode.

    No `--dpi`: the prepared image is not brought to any resolution, so Tesseract estimates it
    from the text's x-height (claiming 300 dpi for a 150-dpi page made it misread).
    """
    return f"--psm {psm}"
