"""The jeux de règle at a table where the players do not see each other's cards: play by sampling.

Deals drawn the same way and sorted into the same categories as in the double-dummy study
(engine.studies.jeux_de_regle); the elder stands and leads. Measured twice on each deal: against a dealer who plays by sampling
while the elder sees every card, and with both players sampling (engine.pimc_compiled).
"""
from __future__ import annotations

import random
from collections import Counter

from ..cards import mask_of, suit_of
from ..intervals import Tally
from ..pimc_compiled import play
from .finding import Finding
from .jeux_de_regle import OUTSIDE, category, deal, label, units_tested
from .study import Study, Task

SAMPLES = 32
"""Hands drawn for the other player before each card."""
DEALER_SAMPLES, BOTH_SAMPLE = 0b10, 0b11
"""Who plays by sampling (bit p: player p): the dealer (B) alone, or both players."""
MEASURES = {DEALER_SAMPLES: "the elder, standing and seeing every card, takes three tricks or more against a dealer"
                    " who plays by sampling",
            BOTH_SAMPLE: "the elder, standing, takes three tricks or more when both play by sampling"}


def count_chunk(task: Task) -> Counter:
    """Deal the chunk's deals from its own seed; count deals and threes per category, for each way of playing."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")
    tally: Counter = Counter()
    for _ in range(count):
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        kind = category(elder, trump)
        draws = rng.getrandbits(31)
        tally[kind, "deals"] += 1
        for sampling in MEASURES:
            if play(mask_of(elder), mask_of(dealer), trump, 1 << turnup, 0, sampling, SAMPLES, draws, 0, 0, 0, -1) >= 3:
                tally[kind, sampling] += 1
    return tally


def findings(total: Counter) -> list[Finding]:
    """For each way of playing, one finding per category: the clauses in order, then the hands outside the list."""
    kinds = sorted({kind for kind, _ in total}, key=lambda k: (k.startswith(OUTSIDE), k))
    return [Finding(label(kind), measure, units_tested(kind), Tally(kind, total[kind, "deals"], total[kind, sampling]))
            for sampling, measure in MEASURES.items() for kind in kinds]


STUDY = Study(
    name="jeux-de-regle-sampled", title="Sampling study",
    method=f"random deals; the elder plays without proposing and leads; a player who samples sees his own cards,"
           f" the turn-up and the cards played, draws {SAMPLES} hands for the other player among those the play"
           " has not ruled out (not what the other's proposing or refusing tells), solves each double-dummy for"
           " every card he may play and plays the card with the most tricks in total; Wilson 95% intervals",
    sources=("engine/studies/sampled.py", "engine/studies/jeux_de_regle.py", "engine/studies/study.py",
             "engine/pimc_compiled.py", "engine/policies.py", "engine/duty.py", "engine/dd_compiled.py",
             "engine/cards.py"),
    count=count_chunk, findings=findings, chunk=5_000, deals=100_000)
