"""What every study shares: its chunks of deals, each from its own seed, counted here, on worker
processes or on a Dask cluster, and its record for the corpus.

A chunk's counts are a Counter, so chunks add up in any order: a study is the same for any number
of workers. A study names the code its figures depend on; the record keeps their digests and the
build stops when one has changed since (the figures would be stale).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .finding import Finding

Task = tuple[int, int, int]
"""A chunk of a study: the study's seed, the chunk's index, how many deals it holds."""
Mapper = Callable[[Callable[[Task], Counter], list[Task]], Iterable[Counter]]
"""How chunks are counted: in this process, in local worker processes, or on a Dask cluster."""


@dataclass(frozen=True)
class Study:
    """A topic of `ecarte study`: how a chunk is counted and how the counts become findings."""

    name: str                                   # the topic, as the command names it
    title: str                                  # what the notes open with: "Double-dummy study"
    method: str                                 # how every figure was made, for the notes
    sources: tuple[str, ...]                    # the code the figures depend on (digests in the record)
    count: Callable[[Task], Counter]            # a module-level function, so processes and Dask can ship it
    findings: Callable[[Counter], list[Finding]]
    chunk: int = 20_000                         # deals per chunk
    deals: int = 100_000                        # the command's default

    def tasks(self, deals: int, seed: int) -> list[Task]:
        """The chunks of `deals` deals."""
        if deals < 1:
            raise ValueError("a study needs at least one deal")
        return [(seed, index, min(self.chunk, deals - start))
                for index, start in enumerate(range(0, deals, self.chunk))]

    def run(self, deals: int, seed: int = 1, workers: int = 1, progress: Callable[[int], None] | None = None,
            mapper: Mapper | None = None) -> list[Finding]:
        """The findings over `deals` random deals: counted on `workers` local processes, or by `mapper`
        (a Dask cluster's); `progress` hears the deals done after each chunk."""
        chunks = self.tasks(deals, seed)
        total: Counter = Counter()
        for task, counted in zip(chunks, (mapper or local(workers))(self.count, chunks), strict=True):
            total.update(counted)
            if progress:
                progress(task[2])
        return self.findings(total)

    def made_by(self, deals: int, seed: int) -> str:
        """The command that makes the study again."""
        return f"ecarte study {self.name} --deals {deals} --seed {seed} --record"

    def record(self, findings: list[Finding], deals: int, seed: int, digests: dict[str, str]) -> dict:
        """The study as the corpus keeps it: how it was made, the code it was made with, its findings."""
        return {"study": self.name, "title": self.title, "made_by": self.made_by(deals, seed),
                "method": self.method, "deals": deals, "seed": seed, "code": digests,
                "findings": [f.as_record() for f in findings]}


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
