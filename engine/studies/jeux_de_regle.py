"""The jeux de règle (en-wiki.s9.p1, de-scheicher.11.2) under double-dummy play.

Random deals; for each clause, how often the elder who plays without proposing takes three tricks
or more when both sides play perfectly, each seeing every card (the double-dummy value, not what
players who do not see each other's cards make: engine.studies.sampled). Hands that are no jeu de règle are tallied beside them by their trumps.
"""
from __future__ import annotations

import random
from collections import Counter

from ..cards import mask_of, shuffled, suit_of
from ..dd_compiled import value
from ..intervals import Tally
from ..policies import jeu_de_regle
from .finding import Finding
from .study import Study, Task

OUTSIDE = "outside: "
"""The prefix of the categories of hands that are no jeu de règle (`outside: 2 trump(s)`)."""
PARALLEL = {"en-wiki.s9.p1.a": ("de-scheicher.11.2.a",)}
"""Other witnesses' units stating a clause (de-scheicher's list survives in clause a only)."""
LIST = ("en-wiki.s9.p1", "de-scheicher.11.2")
"""The lists as a whole: the hands outside the clauses are noted beside them."""
MEASURE = "the elder, standing, takes three tricks or more"


def category(hand: tuple[int, ...], trump: int) -> str:
    """The jeu-de-règle clause (a unit id) a hand meets, or `outside: N trump(s)` for the others."""
    clause = jeu_de_regle(hand, trump)
    if clause:
        return clause
    return f"{OUTSIDE}{sum(1 for c in hand if suit_of(c) == trump)} trump(s)"


def deal(rng: random.Random) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """A random deal of a study: the elder's five cards, the dealer's five and the turn-up."""
    pack = shuffled(rng)
    return pack[:5], pack[5:10], pack[10]


def count_chunk(task: Task) -> Counter:
    """Deal the chunk's deals from its own seed; count deals and threes per category of the elder's hand."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")       # a string seed: -1 and 1 are not the same study
    tally: Counter = Counter()
    for _ in range(count):
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        kind = category(elder, trump)
        tally[kind, "deals"] += 1
        if value(mask_of(elder), mask_of(dealer), trump, 0) >= 3:
            tally[kind, "made"] += 1
    return tally


def label(kind: str) -> str:
    """A category for people: `hands of clause en-wiki.s9.p1.a`, `hands outside the list, with 2 trump(s)`."""
    return f"hands outside the list, with {kind[len(OUTSIDE):]}" if kind.startswith(OUTSIDE) \
        else f"hands of clause {kind}"


def units_tested(kind: str) -> tuple[str, ...]:
    """The units a category's figure is noted on: its clause (and the parallel clauses), or the lists."""
    return LIST if kind.startswith(OUTSIDE) else (kind, *PARALLEL.get(kind, ()))


def findings(total: Counter) -> list[Finding]:
    """One finding per category: the clauses in order, then the hands outside the list."""
    kinds = sorted({kind for kind, _ in total}, key=lambda k: (k.startswith(OUTSIDE), k))
    return [Finding(label(kind), MEASURE, units_tested(kind), Tally(kind, total[kind, "deals"], total[kind, "made"]))
            for kind in kinds]


STUDY = Study(
    name="jeux-de-regle", title="Double-dummy study",
    method="random deals; the elder plays without proposing and leads; both sides play perfectly, each seeing"
           " every card (the double-dummy value); Wilson 95% intervals",
    sources=("engine/studies/jeux_de_regle.py", "engine/studies/study.py", "engine/policies.py", "engine/duty.py",
             "engine/dd_compiled.py", "engine/cards.py"),
    count=count_chunk, findings=findings, deals=100_000)
