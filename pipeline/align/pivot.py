"""The editor's alignment of the other witnesses as evidence for one the editor has not aligned yet.

A witness added by `ecarte witness add` is cited by no engine rule or scenario, and its words
alone find about half its parallels. But the corpus's witnesses are aligned with each other by
an editor: a unit of the new witness that reads like an en-wiki unit is likely parallel to the
hu-nc units the editor linked that en-wiki unit with. Each such third witness is a `Pivot`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..model import Link
from .sides import Side


@dataclass(frozen=True)
class Pivot:
    """A third witness and, for each of its units, the units of one side of the pair the
    editor linked it with."""

    side: Side
    partners: Mapping[str, frozenset[str]]


def _siglum(unit: str) -> str:
    return unit.split(".", 1)[0]


def pivots_for(a: str, b: str, sides: Mapping[str, Side], editor_links: Iterable[Link]) -> tuple[Pivot, ...]:
    """The pivots for aligning witnesses `a` and `b` when the editor has aligned exactly one of
    them with others: every third witness the editor linked with that one. None when the editor
    has aligned both (their own links are the evidence to trust) or neither."""
    links = list(editor_links)
    aligned = {_siglum(u) for link in links for u in (link.source, link.target)}
    if (a in aligned) == (b in aligned):
        return ()
    known = a if a in aligned else b
    found = []
    for third, side in sides.items():
        if third in (a, b):
            continue
        partners: dict[str, set[str]] = {}
        for link in links:
            for mine, theirs in ((link.source, link.target), (link.target, link.source)):
                if _siglum(mine) == third and _siglum(theirs) == known:
                    partners.setdefault(mine, set()).add(theirs)
        if partners:
            found.append(Pivot(side, {unit: frozenset(units) for unit, units in partners.items()}))
    return tuple(found)
