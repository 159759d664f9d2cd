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
  play by sampling, with and without the other knowing where the king is.
"""
from __future__ import annotations

import random
from collections import Counter

from ..cards import king_of, mask_of, suit_of
from ..dd_compiled import value
from ..intervals import Mean, Tally
from ..pimc_compiled import play
from ..policies import advised_lead, jeu_de_regle
from .finding import Finding
from .jeux_de_regle import deal
from .sampled import BOTH, SAMPLES
from .study import Study, Task

LEAD = ("de-scheicher.strategy.2",)
KING = ("de-scheicher.strategy.3",)
TABLES = {"dealer": "the dealer holds the king of trumps; the elder stood with a jeu de règle",
          "elder": "the elder holds the king of trumps and proposed; the dealer refused with a jeu de règle"}


def _trumps(hand: tuple[int, ...], trump: int) -> str:
    count = sum(1 for c in hand if suit_of(c) == trump)
    return "three trumps or more" if count >= 3 else f"{count} trump{'s' if count > 1 else ''}"


def _lead(rng: random.Random, tally: Counter) -> None:
    """One deal of the lead question: a random deal in which the elder holds a trump."""
    while True:
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        if any(suit_of(c) == trump for c in elder):
            break
    a, b, hidden, draws = mask_of(elder), mask_of(dealer), 1 << turnup, rng.getrandbits(31)
    first = advised_lead(elder, trump)[0]
    kind = _trumps(elder, trump)
    advised = play(a, b, trump, hidden, 0, BOTH, SAMPLES, draws, 0, 0, first) >= 3
    sampled = play(a, b, trump, hidden, 0, BOTH, SAMPLES, draws, 0, 0, -1) >= 3
    perfect = play(a, b, trump, hidden, 0, 0, 0, 0, 0, 0, first) >= 3
    tally["lead", kind, "deals"] += 1
    for way, difference in (("sampled", advised - sampled), ("perfect", perfect - (value(a, b, trump, 0) >= 3))):
        tally["lead", kind, way, "total"] += difference
        tally["lead", kind, way, "squares"] += difference * difference


def _king(rng: random.Random, tally: Counter, table: str) -> None:
    """One deal of the king question at `table`: drawn until the deal is such a table."""
    while True:
        elder, dealer, turnup = deal(rng)
        trump = suit_of(turnup)
        king = king_of(trump)
        holder, other = (dealer, elder) if table == "dealer" else (elder, dealer)
        if king in holder and jeu_de_regle(other, trump) and (table == "dealer" or not jeu_de_regle(holder, trump)):
            break
    a, b, hidden, draws = mask_of(elder), mask_of(dealer), 1 << turnup, rng.getrandbits(31)
    player = 1 if table == "dealer" else 0                      # the holder: A is the elder, B the dealer
    wins = []
    for shown in (0, 1 << king):
        tricks = play(a, b, trump, hidden, 0, BOTH, SAMPLES, draws, *((0, shown) if player else (shown, 0)), -1)
        wins.append(int((tricks if player == 0 else 5 - tricks) >= 3))
    quiet, marked = wins
    tally["king", table, "deals"] += 1
    tally["king", table, "quiet"] += quiet
    tally["king", table, "marked"] += marked
    tally["king", table, "total"] += quiet - marked
    tally["king", table, "squares"] += (quiet - marked) ** 2


def count_chunk(task: Task) -> Counter:
    """The chunk's deals for each question, from its own seed."""
    seed, index, count = task
    rng = random.Random(f"{seed}:{index}")
    tally: Counter = Counter()
    for _ in range(count):
        _lead(rng, tally)
        for table in TABLES:
            _king(rng, tally, table)
    return tally


def findings(total: Counter) -> list[Finding]:
    """The lead by trumps held, then the king at each table."""
    found = []
    for way, how in (("sampled", "both playing by sampling"), ("perfect", "both seeing every card")):
        for kind in ("1 trump", "2 trumps", "three trumps or more"):
            found.append(Finding(
                f"the elder holds {kind}", f"the deals the elder gains (three tricks or more) when his first lead"
                f" follows the advice rather than his own choice, {how}", LEAD,
                Mean(f"lead: {kind}: {way}", total["lead", kind, "deals"], total["lead", kind, way, "total"],
                     total["lead", kind, way, "squares"])))
    found += [Finding(text, "the holder of the king, behind 3:4, wins the game (three tricks) without marking it",
                      KING, Tally(f"king: {table}: quiet", total["king", table, "deals"], total["king", table, "quiet"]))
              for table, text in TABLES.items()]
    found += [Finding(text, "the same when he marks it and the other player knows where it is", KING,
                      Tally(f"king: {table}: marked", total["king", table, "deals"], total["king", table, "marked"]))
              for table, text in TABLES.items()]
    found += [Finding(text, "the games the holder gains by keeping the king quiet", KING,
                      Mean(f"king: {table}: gain", total["king", table, "deals"], total["king", table, "total"],
                           total["king", table, "squares"]))
              for table, text in TABLES.items()]
    return found


STUDY = Study(
    name="strategy", title="Study of the German strategy note",
    method=f"random deals (for the king, drawn until the table is the one the note describes); the elder leads;"
           f" a player who samples draws {SAMPLES} hands for the other player among those the play has not ruled"
           " out (and with the king when it was marked), solves each double-dummy and plays the best card in total;"
           " the same deals compared with and without the advice; 95% intervals (Wilson for shares, normal for"
           " means); --deals counts the deals of each question",
    sources=("engine/studies/strategy.py", "engine/studies/sampled.py", "engine/studies/jeux_de_regle.py",
             "engine/studies/study.py", "engine/pimc_compiled.py", "engine/policies.py", "engine/duty.py",
             "engine/dd_compiled.py", "engine/cards.py"),
    count=count_chunk, findings=findings, chunk=2_000, deals=20_000)
