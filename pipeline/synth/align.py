"""Pairing OCR lines with the typeset lines they read, in order (a monotone edit alignment)."""
from __future__ import annotations

from rapidfuzz.distance import Levenshtein

MAX_PAIR_CER = 0.5            # a worse pair is a segmentation slip (split or merged lines), not a reading


def align_lines(clean: list[str], ocr: list[str]) -> list[tuple[str, str]]:
    """(noisy, clean) pairs of a page: each OCR line matched to at most one clean line, in order.

    Dynamic programming over both line sequences; matching costs the pair's edit distance,
    leaving a line unmatched costs its length. Pairs whose distance exceeds half the clean
    line are dropped.
    """
    n, m = len(clean), len(ocr)
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    step = [[""] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            options = []
            if i and j:
                options.append((cost[i - 1][j - 1] + Levenshtein.distance(clean[i - 1], ocr[j - 1]), "match"))
            if i:
                options.append((cost[i - 1][j] + len(clean[i - 1]), "skip-clean"))
            if j:
                options.append((cost[i][j - 1] + len(ocr[j - 1]), "skip-ocr"))
            if options:
                cost[i][j], step[i][j] = min(options)
    pairs: list[tuple[str, str]] = []
    i, j = n, m
    while i or j:
        move = step[i][j]
        if move == "match":
            i, j = i - 1, j - 1
            if Levenshtein.distance(clean[i], ocr[j]) <= MAX_PAIR_CER * len(clean[i]):
                pairs.append((ocr[j], clean[i]))
        elif move == "skip-clean":
            i -= 1
        else:
            j -= 1
    return pairs[::-1]
