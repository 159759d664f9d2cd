"""CER and WER of OCR text against a ground truth, computed as dinglehopper does.

Both texts are NFC-normalized; characters are Unicode grapheme clusters (UAX #29, uniseg), so
"e" + combining acute and "é" are one and the same character; words are the UAX #29 word
segments that hold something other than whitespace, punctuation, symbols or marks. The distance
is the Levenshtein distance over these sequences (rapidfuzz). A rate is distance / length of the
ground truth (so it can exceed 1); a total over several files is the sum of the distances over
the sum of the ground-truth lengths, not a mean of the rates. An empty ground truth gives 0 when
the OCR is empty too and infinity otherwise (dinglehopper before 0.10). Files are read as
dinglehopper reads plain text: every line stripped of surrounding whitespace, lines joined by a
newline, which counts as a character. No further normalization (dinglehopper's default also
unjoins ligatures and unifies dashes and quotes; an edition must keep those apart).
"""
from __future__ import annotations

import math
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from stat import S_ISDIR, S_ISREG

import uniseg.wordbreak
from rapidfuzz.distance import Levenshtein
from uniseg.graphemecluster import grapheme_clusters

from ..errors import InputError
from ..files import path_status, read_text

_NOT_WORD_CATEGORIES = ("M", "P", "Z", "S")
_NOT_WORD_SUBCATEGORIES = ("Cc", "Cf")


def characters(text: str) -> list[str]:
    """The grapheme clusters of the NFC-normalized text."""
    return list(grapheme_clusters(unicodedata.normalize("NFC", text)))


def _is_filler(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in _NOT_WORD_CATEGORIES or category in _NOT_WORD_SUBCATEGORIES


def words(text: str) -> list[str]:
    """The words of the NFC-normalized text: UAX #29 segments not made only of spaces and punctuation."""
    segments = uniseg.wordbreak.words(unicodedata.normalize("NFC", text))
    return [s for s in segments if not all(_is_filler(c) for c in s)]


def rate(distance: int, length: int) -> float:
    """Distance over ground-truth length; 0 for two empty texts, infinity for text against none."""
    if distance == 0:
        return 0.0
    return distance / length if length else math.inf


@dataclass(frozen=True)
class Score:
    """Edit distances and ground-truth lengths of one comparison (or a sum of several)."""

    char_distance: int
    chars: int
    word_distance: int
    words: int

    @property
    def cer(self) -> float:
        """Character error rate."""
        return rate(self.char_distance, self.chars)

    @property
    def wer(self) -> float:
        """Word error rate."""
        return rate(self.word_distance, self.words)

    def __add__(self, other: "Score") -> "Score":
        return Score(self.char_distance + other.char_distance, self.chars + other.chars,
                     self.word_distance + other.word_distance, self.words + other.words)


ZERO = Score(0, 0, 0, 0)


def score(gt: str, ocr: str) -> Score:
    """Character and word distances of `ocr` from `gt`, with the lengths of `gt`."""
    gt_chars, gt_words = characters(gt), words(gt)
    return Score(Levenshtein.distance(gt_chars, characters(ocr)), len(gt_chars),
                 Levenshtein.distance(gt_words, words(ocr)), len(gt_words))


def cer(gt: str, ocr: str) -> float:
    """Character error rate of `ocr` against the ground truth `gt`."""
    return score(gt, ocr).cer


def wer(gt: str, ocr: str) -> float:
    """Word error rate of `ocr` against the ground truth `gt`."""
    return score(gt, ocr).wer


@dataclass(frozen=True)
class Report:
    """Scores per compared file and their total."""

    files: dict[str, Score]

    @property
    def total(self) -> Score:
        """The sum of all files' distances and lengths."""
        return sum(self.files.values(), ZERO)

    def to_json(self) -> dict:
        """The report as plain data; an undefined rate (text against an empty GT) is None."""
        entries = {name: _score_json(s) for name, s in self.files.items()}
        return {"files": entries, "total": _score_json(self.total)}

    def to_text(self) -> str:
        """A table: one line per file and a total line."""
        rows = [("file", "CER", "WER", "char dist/len", "word dist/len")]
        for name, s in [*self.files.items(), ("TOTAL", self.total)]:
            rows.append((name, _percent(s.cer), _percent(s.wer),
                         f"{s.char_distance}/{s.chars}", f"{s.word_distance}/{s.words}"))
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        return "\n".join("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                   for i, (cell, w) in enumerate(zip(row, widths))).rstrip()
                         for row in rows)


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


def _score_json(s: Score) -> dict:
    return {"cer": _finite(s.cer), "wer": _finite(s.wer), "char_distance": s.char_distance,
            "chars": s.chars, "word_distance": s.word_distance, "words": s.words}


def _percent(value: float) -> str:
    return f"{100 * value:.2f}%" if math.isfinite(value) else "inf"


def pairs(gt: Path, ocr: Path) -> dict[str, tuple[Path, Path]]:
    """GT and OCR files to compare: the two files, or the same-named files of two directories."""
    if _is_folder(gt) != _is_folder(ocr):
        raise InputError("compare two files or two directories, not one of each", ocr)
    if not _is_folder(gt):
        return {ocr.name: (gt, ocr)}
    try:
        entries = list(gt.iterdir())
    except OSError as error:
        raise InputError(f"cannot list the folder: {error.strerror}", gt) from None
    names = sorted(p.name for p in entries if _is_file(p) and not p.name.startswith("."))
    if not names:
        raise InputError("no ground-truth files", gt)
    missing = [n for n in names if not _is_file(ocr / n)]
    if missing:
        raise InputError(f"no OCR file for ground truth {missing[0]}", ocr / missing[0])
    return {n: (gt / n, ocr / n) for n in names}


def _is_folder(path: Path) -> bool:
    return (status := path_status(path)) is not None and S_ISDIR(status.st_mode)


def _is_file(path: Path) -> bool:
    return (status := path_status(path)) is not None and S_ISREG(status.st_mode)


def evaluate(gt: Path, ocr: Path) -> Report:
    """Compare a GT file with an OCR file, or each file of a GT directory with its OCR namesake;
    ground truth without a character in all gives no rate at all, so it is refused."""
    report = Report({name: score(read_text(g), read_text(o)) for name, (g, o) in pairs(gt, ocr).items()})
    if not report.total.chars:
        raise InputError("the ground truth is empty: no error rate can be measured against it", gt)
    return report
