"""The German strategy note (de-scheicher.strategy) put to the test: its advice on the lead and on
keeping the king of trumps quiet.

- de-scheicher.strategy.2: lead trumps first; with three trumps or more, the lowest card first. On
  random deals in which the elder holds a trump, stands and leads, his first lead follows the advice
  (engine.policies.advised_lead) or is chosen like every other card; whether he takes three tricks
  is compared on the same deal, when both play by sampling and when both see every card.
- de-scheicher.strategy.3: a player behind 3:4 holding the king of trumps, whose opponent plays
  without exchange or refuses, should not mark the king, which would betray it. Two tables: the
  dealer holds it and the elder stood with a jeu de règle; the elder holds it, proposed with no jeu
  de règle and the dealer refused with one. The holder wins the game if he takes three tricks; both
  play by sampling, with and without the other knowing where the king is from the moment it is
  marked (the dealer marks it after the elder's first lead, in de-scheicher's window).
"""
from __future__ import annotations

import random
from collections import Counter
from enum import Enum

from ..cards import king_of, mask_of, suit_of
from ..dd_compiled import value
from ..intervals import Mean, Tally
from ..pimc_compiled import play
from ..policies import advised_lead, jeu_de_regle
from ..ruleset import load
from .finding import Finding
from .jeux_de_regle import deal
from .sampled import BOTH_SAMPLE, SAMPLES
from .study import Study, Task

LEAD = ("de-scheicher.strategy.2",)
KING = ("de-scheicher.strategy.3",)


class Table(Enum):
    """The two tables of de-scheicher.strategy.3: who holds the king of trumps, and what the other did."""

    DEALER = "the dealer holds the king of trumps; the elder stood with a jeu de règle"
    ELDER = "the elder holds the king of trumps and proposed; the dealer refused with a jeu de règle"


class Way(Enum):
    """How the play after the first lead is made, in the lead question."""

    SAMPLED = "both playing by sampling"
    PERFECT = "both seeing every card"


class Trumps(Enum):
    """The elder's trumps, in the lead question (the advice differs from three on)."""

    ONE = "1 trump"
    TWO = "2 trumps"
    THREE = "three trumps or more"

    @classmethod
    def of(cls, hand: tuple[int, ...], trump: int) -> "Trumps":
        """The class of a hand holding at least one trump."""
        return (cls.ONE, cls.TWO, cls.THREE)[min(3, sum(1 for c in hand if suit_of(c) == trump)) - 1]


DEALER_MARKS_LATE = load("de-scheicher")["king_window_dealer"] == "before-own-first-card"
"""The dealer marks the king before his own first card (de-scheicher's king window): the elder's first
lead is made before he knows of it."""


def _lead(rng: random.Random, tally: Counter) -> None:
    """One deal of the lead question: a random deal in which the elder holds a trump."""
    while True:
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        if any(suit_of(c) == trump for c in elder):
            break
    a, b, hidden, draws = mask_of(elder), mask_of(dealer), 1 << turnup, rng.getrandbits(31)
    first = advised_lead(elder, trump)[0]
    kind = Trumps.of(elder, trump)
    advised = play(a, b, trump, hidden, 0, BOTH_SAMPLE, SAMPLES, draws, 0, 0, 0, first) >= 3
    sampled = play(a, b, trump, hidden, 0, BOTH_SAMPLE, SAMPLES, draws, 0, 0, 0, -1) >= 3
    perfect = play(a, b, trump, hidden, 0, 0, 0, 0, 0, 0, 0, first) >= 3
    for way, difference in ((Way.SAMPLED, advised - sampled), (Way.PERFECT, perfect - (value(a, b, trump, 0) >= 3))):
        Mean.add(tally, ("lead", kind.name, way.name), difference)


def _king(rng: random.Random, tally: Counter, table: Table) -> None:
    """One deal of the king question at `table`: drawn until the deal is such a table."""
    while True:
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        king = king_of(trump)
        holder, other = (dealer, elder) if table is Table.DEALER else (elder, dealer)
        if king in holder and jeu_de_regle(other, trump) and (table is Table.DEALER or not jeu_de_regle(holder, trump)):
            break
    a, b, hidden, draws = mask_of(elder), mask_of(dealer), 1 << turnup, rng.getrandbits(31)
    by_dealer = table is Table.DEALER                          # A is the elder, B the dealer
    reveal = 1 if by_dealer and DEALER_MARKS_LATE else 0
    wins = []
    for shown in (0, 1 << king):
        tricks = play(a, b, trump, hidden, 0, BOTH_SAMPLE, SAMPLES, draws,
                      *((0, shown) if by_dealer else (shown, 0)), reveal, -1)
        wins.append(int((5 - tricks if by_dealer else tricks) >= 3))
    quiet, marked = wins
    tally["king", table.name, "quiet"] += quiet
    tally["king", table.name, "marked"] += marked
    Mean.add(tally, ("king", table.name, "gain"), quiet - marked)


def count_chunk(task: Task) -> Counter:
    """The chunk's deals for each question, from its own seed."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")
    tally: Counter = Counter()
    for _ in range(count):
        _lead(rng, tally)
        for table in Table:
            _king(rng, tally, table)
    return tally


def findings(total: Counter) -> list[Finding]:
    """The lead by trumps held, then the king at each table."""
    found = [Finding(f"the elder holds {kind.value}", "the deals the elder gains (three tricks or more) when his first"
                     f" lead follows the advice rather than his own choice, {way.value}", LEAD,
                     Mean.of(f"lead: {kind.value}: {way.name.lower()}", total, ("lead", kind.name, way.name)))
             for way in Way for kind in Trumps]
    for measure, count in (("the holder of the king, behind 3:4, wins the game (three tricks) without marking it",
                            "quiet"),
                           ("the same when he marks it and the other player knows where it is", "marked")):
        found += [Finding(table.value, measure, KING, Tally(f"king: {table.name.lower()}: {count}",
                                                            total["king", table.name, "gain", "deals"],
                                                            total["king", table.name, count]))
                  for table in Table]
    found += [Finding(table.value, "the games the holder gains by keeping the king quiet", KING,
                      Mean.of(f"king: {table.name.lower()}: gain", total, ("king", table.name, "gain")))
              for table in Table]
    return found


STUDY = Study(
    name="strategy", title="Study of the German strategy note",
    method=f"random deals (for the king, drawn until the table is the one the note describes); the elder leads;"
           f" a player who samples draws {SAMPLES} hands for the other player among those the play has not ruled"
           " out (with the king once it is marked; not what the other's standing or refusing tells), solves each"
           " double-dummy and plays the card with the most tricks in total; the advised lead is the highest trump,"
           " with three trumps or more the lowest card (engine.policies.advised_lead);"
           " the same deals compared with and without the advice; 95% intervals (Wilson for shares, normal for"
           " means); --deals counts the deals of each question",
    sources=("engine/studies/strategy.py", "engine/studies/sampled.py", "engine/studies/jeux_de_regle.py",
             "engine/studies/study.py", "engine/pimc_compiled.py", "engine/policies.py", "engine/duty.py",
             "engine/dd_compiled.py", "engine/cards.py"),
    count=count_chunk, findings=findings, chunk=2_000, deals=20_000)
