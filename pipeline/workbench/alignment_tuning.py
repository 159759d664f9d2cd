"""`ecarte align --tune`: the aligner's settings searched against one or more golds, and how
well settings tuned on half of each gold's units do on the other half (the figure that says
what to expect of units the search never saw). Deterministic: a seeded random search.

Each gold weighs the same in the objective (the mean of their F1s): the corpus gold speaks for
the witnesses the engine cites, a gold of an added witness (tests/pipeline/fixtures/witness/,
tuned on a corpus it was added to) for a witness known by its words alone.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import fmean

from .. import corpus
from ..errors import InputError
from ..align import ALL, Side, glossary
from ..align.aligner import DEFAULT, MeasureCache, Measures, Settings, link_scores, pivot_likes
from ..align.pivot import Pivot, pivots_for
from ..model import Link, Origin, Relation
from .alignment_scores import Gold, Scope, micro, read_gold_links, score, witnesses_of

TRIES = 300


@dataclass(frozen=True)
class Tuned:
    """The best settings on all the golds' units, and the held-out F1 of the two halves."""

    settings: Settings
    f1: float
    held_out: tuple[float, float]
    default_f1: float


@dataclass(frozen=True)
class Problem:
    """One gold with its witness's measures against each other witness, made once."""

    gold: Gold
    measures: dict[str, tuple[Measures, tuple[Pivot, ...], list[Measures], Side, Side]]  # with the pivots' own
    scope: list[str]

    def links(self, settings: Settings) -> dict[str, list[Link]]:
        """The links the settings find with each other witness."""
        found = {}
        for other, (m, pivots, likes, mine, theirs) in self.measures.items():
            _, chosen = link_scores(mine, theirs, m, settings, ALL, pivots, likes)
            found[other] = [Link(mine.units[i].id, theirs.units[j].id, Relation.PARTIAL, None, Origin.AUTO)
                            for i, j in chosen]
        return found

    def f1(self, found: dict[str, list[Link]], units: Sequence[str]) -> float:
        return micro(score(self.gold, found[o], units, o) for o in found).f1


def _problem(path: Path) -> Problem:
    gold = read_gold_links(path)
    scope = Scope.of(gold, corpus.units())
    if not scope.links_rules:
        raise InputError(f"the gold links no normative unit with text of its own of {gold.witness}: "
                         f"the settings are tuned on the rules' links", path)
    terms, cues = glossary(), corpus.engine_cues()
    mine = corpus.side(gold.witness)
    editor = corpus.alignment().editorial.links
    measures, cache = {}, MeasureCache()
    for other in witnesses_of(gold):
        theirs = corpus.side(other)
        pivots = pivots_for(gold.witness, other, corpus.side, editor, corpus.added())
        measures[other] = (cache.measure(mine, theirs, terms, cues, ALL), pivots,
                           pivot_likes(mine, theirs, pivots, terms, cues, ALL, cache), mine, theirs)
    return Problem(gold, measures, [u.id for u in mine.units if u.id in scope.rules])


def _sample(rng: random.Random) -> Settings:
    return replace(DEFAULT, threshold=rng.uniform(0.1, 0.5), margin=rng.uniform(0.0, 0.3),
                   engine_weight=rng.uniform(0.0, 0.8), first_weight=rng.uniform(0.0, 0.5),
                   group_weight=rng.uniform(0.0, 0.4), neighbour_weight=rng.uniform(0.0, 0.5),
                   section_weight=rng.uniform(0.0, 0.4), path_weight=rng.uniform(0.0, 0.3),
                   section_min=rng.uniform(0.1, 0.5), either=rng.random() < 0.5,
                   pivot_weight=rng.uniform(0.0, 0.6),   # counts only for a gold of an added witness
                   channels=tuple((c, 0.0 if rng.random() < 0.25 else round(rng.uniform(0.0, 2.0), 2))
                                  for c, _ in DEFAULT.channels))


def tune(paths: Sequence[Path], tries: int = TRIES, seed: int = 1) -> Tuned:
    """Search settings on the golds: on all their units, and on each half tested on the other."""
    if tries < 1:
        raise InputError(f"--tries must be at least 1, not {tries}", "command line")
    problems = [_problem(path) for path in paths]
    rng = random.Random(seed)
    candidates = [DEFAULT] + [_sample(rng) for _ in range(tries)]
    halves = [(p.scope[0::2], p.scope[1::2]) for p in problems]

    def objectives(settings: Settings) -> tuple[float, float, float]:
        found = [p.links(settings) for p in problems]
        return tuple(fmean(p.f1(f, units(p, h)) for p, f, h in zip(problems, found, halves))
                     for units in (lambda p, h: p.scope, lambda p, h: h[0], lambda p, h: h[1]))

    scored = [(*objectives(s), s) for s in candidates]
    best = max(scored, key=lambda row: row[0])
    sampled = scored[1:]        # DEFAULT was tuned on both halves: it may not stand for either
    on_first = max(sampled, key=lambda row: row[1])
    on_second = max(sampled, key=lambda row: row[2])
    return Tuned(best[3], best[0], (on_first[2], on_second[1]), scored[0][0])
