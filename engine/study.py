"""Studies: the rulebooks' advice measured with the double-dummy solver over random deals.

`jeux_de_regle` deals random hands and asks, for each clause of the jeux de règle
(en-wiki.s9.p1, de-scheicher.11.2), how often the elder who plays without proposing takes three
tricks or more when both sides play perfectly, each seeing every card — an upper bound on what
he makes at the table. Hands that are no jeu de règle are tallied beside them by their trumps.
Deals are split into chunks, each with its own seed, so a study is the same for any number of
worker processes; the shares come with Wilson 95% intervals.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .cards import mask_of, shuffled
from .dd_compiled import value
from .intervals import wilson
from .policies import jeu_de_regle

CHUNK = 20_000
"""Deals per chunk: each chunk is dealt from its own seed, so the result does not depend on the workers."""


@dataclass(frozen=True)
class Tally:
    """One category of the elder's hand: how many deals fell in it and in how many he took three tricks."""

    category: str
    deals: int
    made: int

    @property
    def share(self) -> float:
        """The share of deals in which the elder took three tricks or more."""
        return self.made / self.deals if self.deals else math.nan

    def interval(self) -> tuple[float, float]:
        """The Wilson 95% interval of the share."""
        return wilson(self.made, self.deals)


def category(hand: tuple[int, ...], trump: int) -> str:
    """The jeu-de-règle clause (a unit id) a hand meets, or `outside: N trumps` for the others."""
    clause = jeu_de_regle(hand, trump)
    if clause:
        return clause
    return f"outside: {sum(1 for c in hand if c >> 3 == trump)} trump(s)"


Task = tuple[int, int, int]
"""A chunk of a study: the study's seed, the chunk's index, how many deals it holds."""
Mapper = Callable[[Callable[[Task], Counter], list[Task]], Iterable[Counter]]
"""How chunks are counted: in this process, in local worker processes, or on a Dask cluster."""


def count_chunk(task: Task) -> Counter:
    """Deal the chunk's deals from its own seed; count deals and threes per category of the elder's hand."""
    seed, index, count = task
    rng = random.Random(seed * 1_000_003 + index)
    tally: Counter = Counter()
    for _ in range(count):
        pack = shuffled(rng)
        elder, dealer, turnup = pack[:5], pack[5:10], pack[10]
        trump = turnup >> 3
        kind = category(elder, trump)
        tally[kind, "deals"] += 1
        if value(mask_of(elder), mask_of(dealer), trump, 0) >= 3:
            tally[kind, "made"] += 1
    return tally


def tasks(deals: int, seed: int) -> list[Task]:
    """The chunks of a study of `deals` deals."""
    if deals < 1:
        raise ValueError("a study needs at least one deal")
    return [(seed, index, min(CHUNK, deals - start)) for index, start in enumerate(range(0, deals, CHUNK))]


def local(workers: int) -> Mapper:
    """Count chunks in this process (one worker) or in a pool of local worker processes."""
    if workers < 1:
        raise ValueError("a study needs at least one worker")

    def mapper(function: Callable[[Task], Counter], chunks: list[Task]) -> Iterator[Counter]:
        if workers == 1:
            yield from map(function, chunks)
            return
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(function, chunks)
    return mapper


def jeux_de_regle(deals: int, seed: int = 1, workers: int = 1, progress: Callable[[int], None] | None = None,
                  mapper: Mapper | None = None) -> list[Tally]:
    """The elder's three tricks per category over `deals` random deals: counted on `workers` local
    processes, or by `mapper` (a Dask cluster's); `progress` hears the deals done after each chunk."""
    chunks = tasks(deals, seed)
    total: Counter = Counter()
    for task, counted in zip(chunks, (mapper or local(workers))(count_chunk, chunks)):
        total.update(counted)
        if progress:
            progress(task[2])
    kinds = sorted({kind for kind, _ in total}, key=lambda k: (k.startswith("outside"), k))
    return [Tally(kind, total[kind, "deals"], total[kind, "made"]) for kind in kinds]


TESTED: dict[str, tuple[str, ...]] = {
    "en-wiki.s9.p1.a": ("en-wiki.s9.p1.a", "de-scheicher.11.2.a"),
    **{f"en-wiki.s9.p1.{c}": (f"en-wiki.s9.p1.{c}",)
       for c in ("b.i1", "b.i2", "b.i3", "c.i1", "c.i2", "c.i3", "d.i1", "d.i2")},
}
"""The units each category of the study tests: a clause of the list (de-scheicher keeps only clause a);
the hands outside the clauses are set beside the list as a whole (`OUTSIDE`)."""
OUTSIDE = ("en-wiki.s9.p1", "de-scheicher.11.1")


def record(tallies: list[Tally], deals: int, seed: int) -> dict:
    """The study as the corpus keeps it: how it was made, and each category's figures and units."""
    return {"study": "jeux-de-regle", "made_by": f"ecarte study jeux-de-regle --deals {deals} --seed {seed} --record",
            "method": "random deals; the elder plays without proposing and leads; both sides play perfectly,"
                      " each seeing every card (double-dummy: an upper bound at the table); Wilson 95% intervals",
            "deals": deals, "seed": seed,
            "categories": [{"category": t.category, "deals": t.deals, "made": t.made,
                            "units": list(TESTED.get(t.category, OUTSIDE))} for t in tallies]}
