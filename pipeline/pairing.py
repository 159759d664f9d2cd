"""One dynamic program for pairing two sequences in order, shared by every job that needs one.

It serves the collation (tokens of two transcripts of a line), the synthetic training data (OCR
lines with the typeset lines they read) and the unit aligner (units within two parallel
sections). Each job says what a step gains; the program finds the in-order path of steps with
the greatest total gain, so links never cross and no item is used twice.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

Move = tuple[int, int]
"""How many items of each sequence a step takes: (1, 1) pairs one with one, (1, 0) skips one of A."""

PAIR_OR_SKIP: tuple[Move, ...] = ((1, 1), (1, 0), (0, 1))
"""The moves of an edit alignment, in the order that breaks ties: a pair, then a skip in A."""

Gain = Callable[[int, int, int, int], float | None]
"""gain(i, j, da, db): what taking A[i:i+da] with B[j:j+db] adds; None where it is not allowed."""


@dataclass(frozen=True)
class Step:
    """A step of the path: A's items [i, i+da) beside B's items [j, j+db], with what it gained."""

    i: int
    j: int
    da: int
    db: int
    gain: float

    @property
    def is_pair(self) -> bool:
        """True where items of both sequences stand together; other steps leave items out."""
        return self.da > 0 and self.db > 0


def best_path(n: int, m: int, gain: Gain, moves: Sequence[Move] = PAIR_OR_SKIP) -> list[Step]:
    """The steps covering n items of A and m of B in order with the greatest total gain.

    Every item is in exactly one step. Each cell keeps the earlier of `moves` among equal
    gains, and the path is read back from the end, so it is deterministic (of equal paths, the
    one pairing items as late as possible). A cell no allowed step reaches makes the path impossible: a ValueError
    (a gain must allow skipping one item of either side somewhere).
    """
    best = [[float("-inf")] * (m + 1) for _ in range(n + 1)]
    back: list[list[Step | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            for da, db in moves:
                si, sj = i - da, j - db
                if si < 0 or sj < 0 or (da, db) == (0, 0) or best[si][sj] == float("-inf"):
                    continue
                step = gain(si, sj, da, db)
                if step is None:
                    continue
                total = best[si][sj] + step
                if total > best[i][j]:
                    best[i][j], back[i][j] = total, Step(si, sj, da, db, step)
    if n + m and back[n][m] is None:
        raise ValueError(f"no path pairs {n} items with {m}: the gain allows no step to the end")
    path: list[Step] = []
    i, j = n, m
    while (i, j) != (0, 0):
        step_ = back[i][j]
        path.append(step_)
        i, j = step_.i, step_.j
    return path[::-1]


def pairs(path: list[Step]) -> list[tuple[int | None, int | None]]:
    """A path of one-item steps as index pairs in order, None where an item has no partner."""
    return [(s.i if s.da else None, s.j if s.db else None) for s in path]
