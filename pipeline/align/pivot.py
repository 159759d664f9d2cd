"""The editor's alignment of the other witnesses as evidence for one added since.

A witness added by `ecarte witness add` is cited by no engine rule or scenario, and its words
alone find about half its parallels. But the corpus's witnesses are aligned with each other by
an editor: a unit of the new witness that reads like an en-wiki unit is likely parallel to the
hu-nc units the editor linked that en-wiki unit with. Each such third witness is a `Pivot`.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from ..model import Link, siglum_of
from .sides import Side


@dataclass(frozen=True)
class Pivot:
    """A third witness and, for each of its units, the units of `known` (the side of the pair
    that is the editor's witness) the editor linked it with."""

    side: Side
    known: str
    partners: dict[str, frozenset[str]]


def pivots_for(a: str, b: str, side: Callable[[str], Side], editor_links: Iterable[Link],
               added: Collection[str]) -> tuple[Pivot, ...]:
    """The pivots for aligning witnesses `a` and `b` when exactly one of them was `added` after
    the editor's alignment (its catalogue's `added_after`): every third witness of the editor's
    that the editor linked with the other one, in the order first linked. None between two of the
    editor's witnesses, whose own links decide (so the corpus gold's figures cannot borrow the
    editor's links), nor between two added ones. The editor's entries for the added witness itself
    change nothing here: they override the links they review, not the evidence for the rest."""
    if (a in added) == (b in added):
        return ()
    known = b if a in added else a
    partners: dict[str, dict[str, set[str]]] = {}
    for link in editor_links:
        for mine, theirs in ((link.source, link.target), (link.target, link.source)):
            third = siglum_of(mine)
            if siglum_of(theirs) == known and third not in (a, b) and third not in added:
                partners.setdefault(third, {}).setdefault(mine, set()).add(theirs)
    return tuple(Pivot(side(third), known, {u: frozenset(v) for u, v in units.items()})
                 for third, units in partners.items())


def pivot_boost(a: Side, b: Side, pivots: Sequence[Pivot], likes: Sequence[list[list[float]]]) -> list[list[float]]:
    """For each pair of A × B, how much one unit reads like a third witness's unit that the
    editor linked with the other: `likes[n]` scores the unaligned side's units (rows) against
    `pivots[n]`'s units (columns)."""
    index = {side.name: {u.id: k for k, u in enumerate(side.units)} for side in (a, b)}
    boost = [[0.0] * len(b.units) for _ in a.units]
    for pivot, like in zip(pivots, likes):
        to_b = pivot.known == b.name
        for k, unit in enumerate(pivot.side.units):
            for known in (index[pivot.known][u] for u in pivot.partners.get(unit.id, ()) if u in index[pivot.known]):
                for n, row in enumerate(like):
                    i, j = (n, known) if to_b else (known, n)
                    boost[i][j] = max(boost[i][j], row[k])
    return boost


def unaligned_side(a: Side, b: Side, pivot: Pivot) -> Side:
    """The side of the pair the editor has not aligned, which the pivot's units are compared with."""
    return a if pivot.known == b.name else b
