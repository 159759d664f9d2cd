"""Pairing OCR lines with the typeset lines they read, in order (`pipeline.pairing`)."""
from __future__ import annotations

from rapidfuzz.distance import Levenshtein

from ...pairing import best_path

MAX_PAIR_CER = 0.5            # a worse pair is a segmentation slip (split or merged lines), not a reading


def pair_lines(clean: list[str], ocr: list[str]) -> list[tuple[str, str]]:
    """(noisy, clean) pairs of a page: each OCR line matched to at most one clean line, in order.

    Pairing costs the pair's edit distance, leaving a line unpaired costs its length (the
    gains are these costs, negated). Pairs whose distance exceeds half the clean line are dropped.
    """
    def gain(i: int, j: int, da: int, db: int) -> float:
        if da and db:
            return -Levenshtein.distance(clean[i], ocr[j])
        return -len(clean[i]) if da else -len(ocr[j])
    return [(ocr[s.j], clean[s.i]) for s in best_path(len(clean), len(ocr), gain)
            if s.is_pair and Levenshtein.distance(clean[s.i], ocr[s.j]) <= MAX_PAIR_CER * len(clean[s.i])]
