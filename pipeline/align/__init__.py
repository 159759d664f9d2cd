"""The automatic aligner: links the units of two witnesses (or files) that state the same thing.

A monotone dynamic program (`dp.best_path`) over 1–1, 1–2, 2–1, 1–0 and 0–1 beads; a bead's
score is the IDF-weighted cosine overlap of what its units share (`cues`: glossary concepts and
numbers, and words — every word within one language, loanwords and names across languages)
times a Gale–Church-style length prior. Normative units are aligned with normative units,
headings with headings, the rest (titles, history, advice) with each other. No editorial
overrides, no network.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, replace

from ..model import Kind, Link, Unit
from .cues import Cues, Glossary, cues, features, glossary, shared_words
from .dp import Bead, best_path
from .sides import Side, load_side

__all__ = ["Alignment", "Side", "align", "align_names", "load_side"]

THRESHOLD = 0.2        # a link must score more than this; below, leaving units out is better
TWO_UNIT_COST = 0.05   # what joining a second unit into a bead costs, so 1–1 wins a tie
MARGIN = 0.15          # a unit is not linked this much worse than its best match elsewhere
EQUIVALENT = 0.45      # a 1–1 link scoring this much is equivalent (or variant), else partial
LENGTH_WEIGHT = 0.3    # how much of the score the length prior decides
LENGTH_SIGMA = 0.6     # spread of log(length ratio) around the texts' overall ratio
LENGTH_SMOOTHING = 20  # characters added to both lengths so short units are not over-judged


@dataclass(frozen=True)
class Alignment:
    """The links found between two sides, and the units of each left without one."""

    a: Side
    b: Side
    links: tuple[Link, ...]
    unaligned_a: tuple[str, ...]
    unaligned_b: tuple[str, ...]

    def to_json(self) -> dict:
        """The alignment as plain data (docs/contract-extensions.md, `ecarte align`)."""
        return {"a": self.a.name, "b": self.b.name,
                "links": [{"source": link.source, "target": link.target, "relation": link.relation,
                           "score": link.score, "source_kind": link.origin} for link in self.links],
                "unaligned": {"a": list(self.unaligned_a), "b": list(self.unaligned_b)}}

    def to_text(self) -> str:
        """For people: one line per link, then the units of each side without one."""
        width = max((len(link.source) for link in self.links), default=0)
        target_width = max((len(link.target) for link in self.links), default=0)
        lines = [f"{link.source:<{width}} ⇄ {link.target:<{target_width}}  {link.relation:<10}  "
                 f"{link.score:.3f}" for link in self.links]
        for side, ids in ((self.a, self.unaligned_a), (self.b, self.unaligned_b)):
            lines.append(f"unaligned in {side.name} ({len(ids)}): {' '.join(ids) or '—'}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Scorer:
    """Scores beads of two unit sequences: weighted overlap of features times a length prior."""

    a: list[tuple[frozenset[str], Cues]]
    b: list[tuple[frozenset[str], Cues]]
    weight: dict[str, float]
    ratio: float                  # total length of B over A: the length a unit's match should have
    best_a: tuple[float, ...]     # each unit's best 1–1 score with any unit of the other side
    best_b: tuple[float, ...]

    @classmethod
    def of(cls, a: list[Cues], b: list[Cues], langs: tuple[str | None, str | None]) -> Scorer:
        """A scorer whose word weights (IDF) and length ratio come from the two sequences."""
        same_language = langs[0] is not None and langs[0] == langs[1]
        shared = frozenset() if same_language else shared_words(a, b)
        fa = [features(c, langs[0], same_language, shared) for c in a]
        fb = [features(c, langs[1], same_language, shared) for c in b]
        df = Counter(f for fs in fa + fb for f in fs)
        total = len(fa) + len(fb)
        weight = {f: math.log((total + 1) / n) for f, n in df.items()}
        ratio = (sum(c.length for c in b) or 1) / (sum(c.length for c in a) or 1)
        scorer = cls(list(zip(fa, a)), list(zip(fb, b)), weight, ratio, (), ())
        scores = [[scorer.score(i, j, 1, 1) for j in range(len(b))] for i in range(len(a))]
        return replace(scorer, best_a=tuple(max(row, default=0.0) for row in scores),
                       best_b=tuple(max(column, default=0.0) for column in zip(*scores)))

    def score(self, i: int, j: int, da: int, db: int) -> float:
        """Score in [0, 1] of A[i:i+da] beside B[j:j+db]: 1 for the same text."""
        fa = frozenset().union(*(f for f, _ in self.a[i:i + da]))
        fb = frozenset().union(*(f for f, _ in self.b[j:j + db]))
        norm = math.sqrt(sum(self.weight[f] for f in fa) * sum(self.weight[f] for f in fb))
        if not norm:
            return 0.0
        overlap = min(1.0, sum(self.weight[f] for f in fa & fb) / norm)
        la = sum(c.length for _, c in self.a[i:i + da]) + LENGTH_SMOOTHING
        lb = sum(c.length for _, c in self.b[j:j + db]) + LENGTH_SMOOTHING
        prior = math.exp(-math.log(lb / (la * self.ratio)) ** 2 / (2 * LENGTH_SIGMA ** 2))
        return overlap * (1 - LENGTH_WEIGHT + LENGTH_WEIGHT * prior)

    def gain(self, i: int, j: int, da: int, db: int) -> float | None:
        """What the bead adds to the path: its score above THRESHOLD, less the cost of two units;
        None (no link) where the units share only numbers, or where one of them has a partner
        elsewhere that it matches by more than MARGIN better (a crossing the path cannot take)."""
        fa = frozenset().union(*(f for f, _ in self.a[i:i + da]))
        fb = frozenset().union(*(f for f, _ in self.b[j:j + db]))
        if all(f.startswith("n:") for f in fa & fb):
            return None
        score = self.score(i, j, da, db)
        if score < max(self.best_a[i:i + da] + self.best_b[j:j + db]) - MARGIN:
            return None
        return score - THRESHOLD - TWO_UNIT_COST * (da + db - 2)


def align(a: Side, b: Side, terms: Glossary | None = None) -> Alignment:
    """Align two sides, each group of units (rules, headings, the rest) with the same group."""
    terms = terms or glossary()
    links: list[tuple[int, Link]] = []
    for group in ("rule", "heading", "other"):
        ia = [k for k, u in enumerate(a.units) if _group(u) == group]
        ib = [k for k, u in enumerate(b.units) if _group(u) == group]
        ca = [cues(a.texts[k], a.language, terms) for k in ia]
        cb = [cues(b.texts[k], b.language, terms) for k in ib]
        scorer = Scorer.of(ca, cb, (a.language, b.language))
        for bead in best_path(len(ia), len(ib), scorer.gain):
            if bead.is_link:
                links += [(ia[x], link) for x, link in
                          _links(bead, [a.units[k] for k in ia], [b.units[k] for k in ib],
                                 scorer.score(bead.i, bead.j, bead.da, bead.db), ca, cb)]
    links.sort(key=lambda pair: pair[0])
    linked_a = {link.source for _, link in links}
    linked_b = {link.target for _, link in links}
    return Alignment(a, b, tuple(link for _, link in links),
                     tuple(u.id for u in a.units if u.id not in linked_a),
                     tuple(u.id for u in b.units if u.id not in linked_b))


def _group(unit: Unit) -> str:
    """Which units may be aligned together: those stating rules, headings, the rest."""
    if unit.kind is Kind.HEADING:
        return "heading"
    return "rule" if unit.normative else "other"


def _links(bead: Bead, a: list[Unit], b: list[Unit], score: float,
           ca: list[Cues], cb: list[Cues]) -> list[tuple[int, Link]]:
    """The links of one bead, each with the bead's score; every pair of its units is linked."""
    relation = "partial"
    if bead.da == bead.db == 1 and score >= EQUIVALENT:
        relation = "variant" if _differ_in_number(ca[bead.i], cb[bead.j]) else "equivalent"
    return [(x, Link(a[x].id, b[y].id, relation, round(score, 3), "auto"))
            for x in range(bead.i, bead.i + bead.da) for y in range(bead.j, bead.j + bead.db)]


def _differ_in_number(a: Cues, b: Cues) -> bool:
    """Both count the same things (points, tricks), and no count agrees: a different value.
    Deliberately strict: a unit that counts something the other does not is no variant."""
    counted = {c for _, c in a.quantities}
    return bool(counted) and counted == {c for _, c in b.quantities} and not a.quantities & b.quantities


def align_names(a: str, b: str) -> Alignment:
    """Align two witnesses or files named as on the command line."""
    return align(load_side(a), load_side(b))
