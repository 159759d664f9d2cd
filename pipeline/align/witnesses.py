"""The align stage over the whole corpus: every witness with every other, then the editor's decisions."""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from ..model import Kind, Link, Unit, Witness, WitnessText
from .aligner import Alignment, MeasureCache, align
from .cues import Glossary
from .editorial import EMPTY, EditorialAlignment, NoParallel, Review, check_units, merge
from .evidence import ALL, EngineCues, Evidence
from .pivot import pivots_for
from .sides import Side, witness_side


@dataclass(frozen=True)
class CorpusAlignment:
    """The automatic alignment of each pair of witnesses, and the final links after the editor's."""

    auto: dict[tuple[str, str], Alignment]
    links: tuple[Link, ...]
    review: dict[tuple[str, str], Review] = field(default_factory=dict)
    editorial: EditorialAlignment = EMPTY

    @property
    def none(self) -> tuple[NoParallel, ...]:
        """The units an editor found without a parallel in a witness."""
        return self.editorial.none

    def of(self, unit: str) -> list[Link]:
        """The final links of a unit, each seen from it (the unit as `source`)."""
        out = []
        for link in self.links:
            if link.source == unit:
                out.append(link)
            elif link.target == unit:
                out.append(Link(link.target, link.source, link.relation, link.score, link.origin,
                                link.reason, link.note, link.point))
        return out


def aligned_witnesses(texts: Mapping[str, WitnessText]) -> list[str]:
    """The witnesses aligned with each other: all but the transcripts an edition is made from
    (those are the edition's own testimony, tied to it unit by unit)."""
    made_from = {s for t in texts.values() for s in t.witness.made_from}
    return [s for s in texts if s not in made_from]


def added_witnesses(witnesses: Iterable[Witness]) -> frozenset[str]:
    """The witnesses added after the editor's alignment (`ecarte witness add` records the version
    each followed): their pairs with the editor's witnesses borrow the editor's links (pivot.py)."""
    return frozenset(w.siglum for w in witnesses if w.added_after)


def side_of(text: WitnessText, modern: Callable[[Unit], str], rulesets: Iterable[str]) -> Side:
    """A witness as a side: an edition compared in its modern layer, with its ruleset if any."""
    siglum = text.witness.siglum
    return witness_side(siglum, text.witness.language, text.units,
                        modern if text.witness.is_edition else (lambda u: u.text),
                        siglum if siglum in set(rulesets) else None)


def sides(texts: Mapping[str, WitnessText], modern: Callable[[Unit], str],
          rulesets: Iterable[str]) -> dict[str, Side]:
    """Each aligned witness as a side."""
    rulesets = set(rulesets)
    return {siglum: side_of(texts[siglum], modern, rulesets) for siglum in aligned_witnesses(texts)}


def align_corpus(texts: Mapping[str, WitnessText], terms: Glossary, engine: EngineCues,
                 editorial: EditorialAlignment, modern: Callable[[Unit], str],
                 rulesets: Iterable[str], evidence: frozenset[Evidence] = ALL) -> CorpusAlignment:
    """Align every pair of witnesses, then apply the editorial alignment (checked for stale entries)."""
    speaking = {u.id: u.speaks for t in texts.values() for u in t.walk()}
    headings = {u.id for t in texts.values() for u in t.walk() if u.kind is Kind.HEADING}
    check_units(editorial, speaking, aligned_witnesses(texts), headings)
    by_siglum = sides(texts, modern, rulesets)
    cache, added = MeasureCache(), added_witnesses(t.witness for t in texts.values())
    auto = {(a, b): align(by_siglum[a], by_siglum[b], terms, engine, evidence,
                          pivots=pivots_for(a, b, by_siglum.__getitem__, editorial.links, added), cache=cache)
            for a, b in combinations(by_siglum, 2)}
    links, review = merge((l for alignment in auto.values() for l in alignment.links), editorial)
    return CorpusAlignment(auto, tuple(links), review, editorial)
