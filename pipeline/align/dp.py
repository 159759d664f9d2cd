"""The monotone alignment path: a dynamic program over beads of 0–2 units of each side."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MOVES: tuple[tuple[int, int], ...] = ((1, 1), (1, 2), (2, 1), (1, 0), (0, 1))
"""The legal beads (units of A, units of B), in the order that breaks ties."""


@dataclass(frozen=True)
class Bead:
    """A step of the path: A's units [i, i+da) beside B's units [j, j+db), with its gain."""

    i: int
    j: int
    da: int
    db: int
    gain: float

    @property
    def is_link(self) -> bool:
        """True where units of both sides stand together; 1–0 and 0–1 beads leave a unit out."""
        return self.da > 0 and self.db > 0


Gain = Callable[[int, int, int, int], float | None]
"""gain(i, j, da, db) of linking A[i:i+da] with B[j:j+db]; None where they must not be linked."""


def best_path(n: int, m: int, gain: Gain) -> list[Bead]:
    """The beads covering n units of A and m of B in order with the greatest total gain.

    Leaving a unit out gains 0; a link gains what `gain` says. Every unit is in exactly one bead,
    so links never cross and no unit is used twice. Ties go to the earlier move of MOVES.
    """
    best = [[float("-inf")] * (m + 1) for _ in range(n + 1)]
    back: list[list[Bead | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if (i, j) == (0, 0):
                continue
            for da, db in MOVES:
                si, sj = i - da, j - db
                if si < 0 or sj < 0:
                    continue
                step = gain(si, sj, da, db) if da and db else 0.0
                if step is None:
                    continue
                total = best[si][sj] + step
                if total > best[i][j]:
                    best[i][j], back[i][j] = total, Bead(si, sj, da, db, step)
    path: list[Bead] = []
    i, j = n, m
    while (i, j) != (0, 0):
        bead = back[i][j]
        path.append(bead)
        i, j = bead.i, bead.j
    return path[::-1]
