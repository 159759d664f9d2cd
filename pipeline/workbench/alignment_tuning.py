"""`ecarte align --tune`: the aligner's settings searched against the gold, and how well settings
tuned on half of the gold's units do on the other half (the figure that says what to expect of
units the search never saw). Deterministic: a seeded random search."""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from pathlib import Path

from .. import corpus
from ..align import ALL, glossary
from ..align.aligner import DEFAULT, Measures, Settings, choose, combine, measure
from ..model import Link, Origin, Relation
from .alignment_scores import Gold, micro, read_gold, score, witnesses_of

TRIES = 300


@dataclass(frozen=True)
class Tuned:
    """The best settings on all the gold's units, and the held-out F1 of the two halves."""

    settings: Settings
    f1: float
    held_out: tuple[float, float]
    default_f1: float


def _sample(rng: random.Random) -> Settings:
    return replace(DEFAULT, threshold=rng.uniform(0.1, 0.5), margin=rng.uniform(0.0, 0.3),
                   engine_weight=rng.uniform(0.0, 0.6), section_weight=rng.uniform(0.0, 0.4),
                   path_weight=rng.uniform(0.0, 0.3), section_min=rng.uniform(0.1, 0.5),
                   channels=tuple((c, 0.0 if rng.random() < 0.25 else round(rng.uniform(0.0, 2.0), 2))
                                  for c, _ in DEFAULT.channels))


def _links(measures: dict[str, tuple[Measures, list[str], list[str]]], settings: Settings) -> dict[str, list[Link]]:
    out = {}
    for other, (m, ids_a, ids_b) in measures.items():
        chosen = choose(combine(m, settings), settings)
        out[other] = [Link(ids_a[i], ids_b[j], Relation.PARTIAL, None, Origin.AUTO) for i, j in chosen]
    return out


def _f1(gold: Gold, links: dict[str, list[Link]], scope: list[str]) -> float:
    return micro(score(gold, links[o], scope, o) for o in links).f1


def tune(path: Path, tries: int = TRIES, seed: int = 1) -> Tuned:
    """Search settings on the gold: on all its units, and on each half tested on the other."""
    gold = read_gold(path)
    terms, cues = glossary(), corpus.engine_cues()
    mine = corpus.side(gold.witness)
    scope = [u.id for u in mine.units if u.normative]
    measures = {}
    for other in witnesses_of(gold):
        theirs = corpus.side(other)
        measures[other] = (measure(mine, theirs, terms, cues, ALL),
                           [u.id for u in mine.units], [u.id for u in theirs.units])
    rng = random.Random(seed)
    candidates = [DEFAULT] + [_sample(rng) for _ in range(tries)]
    found = [(_links(measures, s), s) for s in candidates]
    halves = (scope[0::2], scope[1::2])

    def best(units: list[str]) -> tuple[float, Settings]:
        return max(((_f1(gold, links, units), s) for links, s in found), key=lambda pair: pair[0])

    f1, settings = best(scope)
    held_out = tuple(_f1(gold, _links(measures, best(train)[1]), test)
                     for train, test in (halves, halves[::-1]))
    return Tuned(settings, f1, held_out, _f1(gold, found[0][0], scope))
