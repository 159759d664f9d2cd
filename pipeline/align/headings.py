"""Headings aligned by what stands under them: a heading names the rules it heads, so two
headings are parallel as far as their rules are, whatever their words ("THE KING" ⇄ "A király
és az atout."; "Proposing and the Exchange" ⇄ "A proponálás.").
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from ..model import Kind, lineage
from .sides import Side


def headed(side: Side) -> dict[int, list[int]]:
    """Each heading's units (by index): those after it up to the next heading, within the unit
    that holds the heading (de-scheicher.12.h3 heads the rest of § 12, not § 13)."""
    out: dict[int, list[int]] = {}
    current: list[int] | None = None
    holder: str | None = None
    for index, unit in enumerate(side.units):
        if unit.kind is Kind.HEADING:
            current = out.setdefault(index, [])
            parents = lineage(unit.id)[:-1]
            holder = parents[-1] if parents else None
        elif current is not None and (holder is None or holder in lineage(unit.id)):
            current.append(index)
        else:
            current = None
    return out


def correspondence(a: Side, b: Side, links: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """For each pair of headings of A × B whose units are linked, the cosine of those links: the
    links between the two headings' units over the root of each one's links anywhere."""
    owner_a = {i: h for h, units in headed(a).items() for i in units}
    owner_b = {j: h for h, units in headed(b).items() for j in units}
    rules = [(i, j) for i, j in links if a.units[i].kind is not Kind.HEADING]
    out_a: dict[int, int] = {}
    out_b: dict[int, int] = {}
    shared: dict[tuple[int, int], int] = {}
    for i, j in rules:
        ha, hb = owner_a.get(i), owner_b.get(j)
        if ha is not None:
            out_a[ha] = out_a.get(ha, 0) + 1
        if hb is not None:
            out_b[hb] = out_b.get(hb, 0) + 1
        if ha is not None and hb is not None:
            shared[ha, hb] = shared.get((ha, hb), 0) + 1
    return {(ha, hb): n / math.sqrt(out_a[ha] * out_b[hb]) for (ha, hb), n in shared.items()}


def raise_headings(scores: list[list[float]], a: Side, b: Side, links: Sequence[tuple[int, int]],
                   weight: float) -> None:
    """Raise each pair of headings by `weight` times how far the units they head are linked, up to 1."""
    for (i, j), share in correspondence(a, b, links).items():
        scores[i][j] = min(1.0, scores[i][j] + weight * share)
