"""Studies: the rulebooks' advice measured with the double-dummy solver over random deals.

`jeux_de_regle` deals random hands and asks, for each clause of the jeux de règle
(en-wiki.s9.p1, de-scheicher.11.2), how often the elder who plays without proposing takes three
tricks or more when both sides play perfectly, each seeing every card — an upper bound on what
he makes at the table. Hands that are no jeu de règle are tallied beside them by their trumps.
Deals are split into chunks, each with its own seed, so a study is the same for any number of
worker processes; the shares come with Wilson 95% intervals.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor

from .cards import mask_of, shuffled, suit_of
from .dd_compiled import value
from .intervals import Tally
from .policies import jeu_de_regle

CHUNK = 20_000
"""Deals per chunk: each chunk is dealt from its own seed, so the result does not depend on the workers."""


OUTSIDE = "outside: "
"""The prefix of the categories of hands that are no jeu de règle (`outside: 2 trump(s)`)."""


def category(hand: tuple[int, ...], trump: int) -> str:
    """The jeu-de-règle clause (a unit id) a hand meets, or `outside: N trump(s)` for the others."""
    clause = jeu_de_regle(hand, trump)
    if clause:
        return clause
    return f"{OUTSIDE}{sum(1 for c in hand if suit_of(c) == trump)} trump(s)"


Task = tuple[int, int, int]
"""A chunk of a study: the study's seed, the chunk's index, how many deals it holds."""
Mapper = Callable[[Callable[[Task], Counter], list[Task]], Iterable[Counter]]
"""How chunks are counted: in this process, in local worker processes, or on a Dask cluster."""


def count_chunk(task: Task) -> Counter:
    """Deal the chunk's deals from its own seed; count deals and threes per category of the elder's hand."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")       # a string seed: -1 and 1 are not the same study
    tally: Counter = Counter()
    for _ in range(count):
        pack = shuffled(rng)
        elder, dealer, turnup = pack[:5], pack[5:10], pack[10]
        trump = suit_of(turnup)
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
    for task, counted in zip(chunks, (mapper or local(workers))(count_chunk, chunks), strict=True):
        total.update(counted)
        if progress:
            progress(task[2])
    kinds = sorted({kind for kind, _ in total}, key=lambda k: (k.startswith(OUTSIDE), k))
    return [Tally(kind, total[kind, "deals"], total[kind, "made"]) for kind in kinds]


PARALLEL = {"en-wiki.s9.p1.a": ("de-scheicher.11.2.a",)}
"""Other witnesses' units stating a clause (de-scheicher's list survives in clause a only)."""
LIST = ("en-wiki.s9.p1", "de-scheicher.11.2")
"""The lists as a whole: the hands outside the clauses are noted beside them."""
SOURCES = ("engine/study.py", "engine/policies.py", "engine/duty.py", "engine/dd_compiled.py", "engine/cards.py")
"""The code a study's figures depend on: the record keeps a digest of each, and the build stops if one
has changed since (the figures would be stale)."""


def label(kind: str) -> str:
    """A category for people: `hands of clause en-wiki.s9.p1.a`, `hands outside the list, with 2 trump(s)`."""
    return f"hands outside the list, with {kind[len(OUTSIDE):]}" if kind.startswith(OUTSIDE) \
        else f"hands of clause {kind}"


def units_tested(kind: str) -> tuple[str, ...]:
    """The units a category's figure is noted on: its clause (and the parallel clauses), or the lists."""
    return LIST if kind.startswith(OUTSIDE) else (kind, *PARALLEL.get(kind, ()))


def record(tallies: list[Tally], deals: int, seed: int, digests: dict[str, str]) -> dict:
    """The study as the corpus keeps it: how it was made, the code it was made with, each category's
    figures and the units they are noted on."""
    return {"study": "jeux-de-regle", "made_by": f"ecarte study jeux-de-regle --deals {deals} --seed {seed} --record",
            "method": "random deals; the elder plays without proposing and leads; both sides play perfectly,"
                      " each seeing every card (double-dummy: an upper bound at the table); Wilson 95% intervals",
            "deals": deals, "seed": seed, "code": digests,
            "categories": [{"category": t.category, "label": label(t.category), "deals": t.deals,
                            "made": t.made, "units": list(units_tested(t.category))} for t in tallies]}
