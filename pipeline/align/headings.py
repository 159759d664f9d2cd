"""Headings aligned by what stands under them: a heading names the units it heads, so two
headings are parallel as far as those units are, whatever their words ("THE KING" ⇄ "A király
és az atout.").
"""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from ..model import Kind, lineage
from .sides import Side


def headed(side: Side) -> dict[int, list[int]]:
    """Each heading's units (by index), each unit under its innermost heading. A heading of its
    own (hu-nc.h1) heads the units whose section it is (`Side.sections`: up to the next heading
    or titled section); a heading within a unit (de-scheicher.12.h3, en-wiki.s4.head) the units
    after it up to the next heading, within that unit."""
    own: dict[int, list[int]] = {}       # headings of their own
    within: dict[int, list[int]] = {}    # headings within a unit
    for index, unit in enumerate(side.units):
        if unit.kind is not Kind.HEADING:
            continue
        holders = lineage(unit.id)[:-1]
        if holders:
            within[index] = []
            for k in range(index + 1, len(side.units)):
                if side.units[k].kind is Kind.HEADING or holders[-1] not in lineage(side.units[k].id):
                    break
                within[index].append(k)
        else:
            own[index] = [k for k in range(index + 1, len(side.units))
                          if side.sections[k] == unit.id and side.units[k].kind is not Kind.HEADING]
    taken = {k for members in within.values() for k in members}
    return {h: within[h] if h in within else [k for k in own[h] if k not in taken]
            for h in sorted(own.keys() | within.keys())}


def correspondence(a: Side, b: Side, links: Sequence[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """For each pair of headings of A × B whose units are linked, the cosine of those links: the
    links between the two headings' units over the root of each one's links anywhere (headings'
    own links left out)."""
    owner_a = {i: h for h, units in headed(a).items() for i in units}
    owner_b = {j: h for h, units in headed(b).items() for j in units}
    pairs = [(owner_a.get(i), owner_b.get(j)) for i, j in links if a.units[i].kind is not Kind.HEADING]
    out_a = Counter(ha for ha, _ in pairs if ha is not None)
    out_b = Counter(hb for _, hb in pairs if hb is not None)
    shared = Counter((ha, hb) for ha, hb in pairs if ha is not None and hb is not None)
    return {(ha, hb): n / math.sqrt(out_a[ha] * out_b[hb]) for (ha, hb), n in shared.items()}


def raise_headings(scores: list[list[float]], a: Side, b: Side, links: Sequence[tuple[int, int]],
                   weight: float) -> None:
    """Raise each pair of headings by `weight` times the cosine of their units' links (`correspondence`),
    up to 1; `headed` gives headings only, so only pairs of headings are touched."""
    for (i, j), share in correspondence(a, b, links).items():
        scores[i][j] = min(1.0, scores[i][j] + weight * share)
