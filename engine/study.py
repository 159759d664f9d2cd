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
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .cards import mask_of, shuffled
from .dd_compiled import value
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

    def interval(self, z: float = 1.959964) -> tuple[float, float]:
        """The Wilson score interval of the share (95% by default)."""
        n = self.deals
        if not n:
            return math.nan, math.nan
        p = self.made / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half


def category(hand: tuple[int, ...], trump: int) -> str:
    """The jeu-de-règle clause (a unit id) a hand meets, or `outside: N trumps` for the others."""
    clause = jeu_de_regle(hand, trump)
    if clause:
        return clause
    return f"outside: {sum(1 for c in hand if c >> 3 == trump)} trump(s)"


def _chunk(task: tuple[int, int, int]) -> Counter:
    """Deal `count` random deals from the chunk's own seed; count deals and threes per category."""
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


def _tasks(deals: int, seed: int) -> Iterator[tuple[int, int, int]]:
    for index, start in enumerate(range(0, deals, CHUNK)):
        yield seed, index, min(CHUNK, deals - start)


def jeux_de_regle(deals: int, seed: int = 1, workers: int = 1,
                  progress: Callable[[int], None] | None = None) -> list[Tally]:
    """The elder's three tricks per category over `deals` random deals, on `workers` processes.

    `progress` is called with the number of deals done after each chunk."""
    if deals < 1 or workers < 1:
        raise ValueError("a study needs at least one deal and one worker")
    total: Counter = Counter()
    tasks = list(_tasks(deals, seed))
    if workers == 1:
        results: Iterator[Counter] = map(_chunk, tasks)
    else:
        pool = ProcessPoolExecutor(workers)
        results = pool.map(_chunk, tasks)
    try:
        for task, counted in zip(tasks, results):
            total.update(counted)
            if progress:
                progress(task[2])
    finally:
        if workers > 1:
            pool.shutdown()
    kinds = sorted({kind for kind, _ in total}, key=lambda k: (k.startswith("outside"), k))
    return [Tally(kind, total[kind, "deals"], total[kind, "made"]) for kind in kinds]
