"""Comparing two transcripts' readings: tokens paired in order, and accent-blind letter comparison.

Why not CollateX: its Python port pairs the two readings well enough, but near matching is slow
and unstable on garbled tokens, and we need our own idea of "the same word" anyway (an OCR
engine without Hungarian accents reads "játékos" as "jitékos"). Pairing two short sequences
with a similarity score is the project's one dynamic program (`pipeline.pairing`),
deterministic and fast: the transcripts agree on every line break, so each pairing is one
printed line long.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from rapidfuzz.distance import Levenshtein
from rapidfuzz.fuzz import ratio

from ..folding import fold
from ..pairing import best_path, pairs

T = TypeVar("T")

VOWELS = frozenset("aáeéiíoóöőuúüű")
ACCENTED = frozenset("áéíóöőúüű")
GAP = -0.6
"""Score of leaving a token unmatched; a pair of unrelated tokens scores about -0.6 too."""


def pair_tokens(a: Sequence[T], b: Sequence[T], similarity: Callable[[T, T], float],
                 gap: float = GAP) -> list[tuple[int | None, int | None]]:
    """The best global pairing of two token sequences as index pairs (None: no partner), in
    order: a pair scores 2·similarity − 1 (similarity in [0, 1]), leaving a token out `gap`;
    ties prefer a pair, then a token of `a` left out (`pairing.best_path`)."""
    def gain(i: int, j: int, da: int, db: int) -> float:
        return 2 * similarity(a[i], b[j]) - 1 if da and db else gap
    return pairs(best_path(len(a), len(b), gain))


Block = tuple[int, int, int, int]
"""Where two strings differ: (start, end) in the first, (start, end) in the second."""


def blocks(first: str, second: str) -> list[Block]:
    """The stretches where `first` and `second` differ, adjacent edits merged into one."""
    out: list[list[int]] = []
    for op in Levenshtein.opcodes(first, second):
        if op.tag == "equal":
            continue
        if out and out[-1][1] == op.src_start and out[-1][3] == op.dest_start:
            out[-1][1], out[-1][3] = op.src_end, op.dest_end
        else:
            out.append([op.src_start, op.src_end, op.dest_start, op.dest_end])
    return [(s1, e1, s2, e2) for s1, e1, s2, e2 in out]


def accent_blind(base: str, blind: str, guessed: bool = False) -> bool:
    """Whether `blind` differs from `base` only as an OCR without Hungarian accents misreads it.

    Every difference must fall on vowels of `base` of which at least one is accented, read as at
    most two other characters (ü → "ii", ó → "d6"), or be a lost accented vowel, or one stray
    character beside an accented vowel (é → "et"). Such a reading is no evidence against `base`.
    `guessed`: `blind`'s vowels were guessed (by the repair stage), so a difference on any vowel
    of `base` is no evidence either.
    """
    low, other = base.lower(), blind.lower()
    for s1, e1, s2, e2 in blocks(low, other):
        ours, theirs = low[s1:e1], other[s2:e2]
        if ours:
            if not (set(ours) <= VOWELS and (guessed or set(ours) & ACCENTED)
                    and len(theirs) <= 2 * len(ours) and (theirs or len(ours) == 1)):
                return False
        elif len(theirs) > 1 or not ({low[s1 - 1:s1], low[s1:s1 + 1]} & ACCENTED):
            return False
    return True


def similarity(first: str, second: str) -> float:
    """1 for the same text, 0.9 for an accent-blind reading of it, else a fuzzy ratio ≤ 0.8."""
    if first == second:
        return 1.0
    if accent_blind(first, second):
        return 0.9
    return 0.8 * ratio(fold(first), fold(second)) / 100
