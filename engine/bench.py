"""Engine throughput: complete random deals per second, against a bare trick-play baseline.

A random deal runs under the full rules: shuffle, cut and deal, an exchange decision (stand or
propose, accept or refuse, random discards, again while the talon lasts), the king when a window
is open, five legal tricks, scoring. `random_deals_per_s` measures the compiled core
(engine/playout_compiled.py), each action drawn uniformly from the legal set; the reference
engine (`State`, every event logged with its units, each action chosen among `legal_actions()`
and applied with `apply_index()`) gives `reference_random_deals_per_s`.
The baseline is trick play alone written the straightforward way (cards as (rank, suit) pairs,
list comprehensions): shuffle, deal five each, five legal tricks; no exchange, no scoring, no
citations. All run in alternating slices of the same CPU-time budget on one core, so a
machine's load falls on each alike; a ratio is deals/s over baseline deals/s.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from itertools import permutations
from typing import TYPE_CHECKING

from . import actions as act
from .cards import mask_of, shuffled
from .param_values import Batches
from .state import DEAL, DISCARD, OVER, State

if TYPE_CHECKING:
    from .solver import Position              # the solver imports numba: only when solving is measured

Deals = Callable[[int], None]

_PICKS = [list(permutations(range(5), k)) for k in range(6)]
"""_PICKS[k]: every ordered choice of k of the five cards of a hand, for random discards."""


def compiled_deals(ruleset: str = "hu-nc", seed: int = 1) -> Deals:
    """A function playing `n` complete random deals with the compiled core, games following each other."""
    from .playout import Playouts            # numba compiles on import: only when the deals are measured
    return Playouts(ruleset, seed=seed).run


def random_deals(ruleset: str = "hu-nc", seed: int = 1) -> Deals:
    """A function playing `n` complete random deals with the reference engine, games following each other."""
    rng = random.Random(seed)
    rand = rng.random
    state = State(ruleset, dealer=0)

    def run(n: int) -> None:
        nonlocal state
        s = state
        for _ in range(n):
            if s.phase is OVER:
                s = State(s.ruleset, dealer=0)
            s.apply(act.Deal(s.dealer, shuffled(rng), 2 + int(rand() * 29), s.batches[s.dealer] or Batches.THREE_TWO))
            legal_actions, apply_index = s.legal_actions, s.apply_index
            phase = s.phase
            while phase is not DEAL and phase is not OVER:
                if phase is DISCARD:
                    low, high = s.discard_limits()
                    picks = _PICKS[low + int(rand() * (high - low + 1))]
                    s.apply(act.Discard(s.turn, tuple(map(s.hand(s.turn).__getitem__,
                                                          picks[int(rand() * len(picks))]))))
                else:
                    apply_index(int(rand() * len(legal_actions())))
                phase = s.phase
        state = s

    return run


_RANKS = "KQJAT987"
_BASE_DECK = [(rank, suit) for suit in "SHDC" for rank in _RANKS]


def _beats(card: tuple[str, str], other: tuple[str, str], trump: str) -> bool:
    """Whether `card`, played second, takes the trick from `other`."""
    if card[1] == other[1]:
        return _RANKS.index(card[0]) < _RANKS.index(other[0])
    return card[1] == trump


def _legal(hand: list[tuple[str, str]], led: tuple[str, str], trump: str) -> list[tuple[str, str]]:
    """Follow suit and beat the card led when possible, else trump, else anything."""
    same = [c for c in hand if c[1] == led[1]]
    if same:
        return [c for c in same if _beats(c, led, trump)] or same
    return [c for c in hand if c[1] == trump] or hand


def baseline_deals(seed: int = 1) -> Deals:
    """A function playing `n` random deals of bare trick play, written the straightforward way."""
    rng = random.Random(seed)

    def run(n: int) -> None:
        for _ in range(n):
            deck = _BASE_DECK[:]
            rng.shuffle(deck)
            hands = [deck[0:5], deck[5:10]]
            trump = deck[10][1]
            leader = 0
            for _ in range(5):
                led = rng.choice(hands[leader])
                hands[leader].remove(led)
                follower = 1 - leader
                card = rng.choice(_legal(hands[follower], led, trump))
                hands[follower].remove(card)
                if _beats(card, led, trump):
                    leader = follower

    return run


def measure(seconds: float = 3.0, ruleset: str = "hu-nc", slices: int = 10) -> dict[str, float]:
    """Compiled, reference and baseline deals per CPU second, in alternating slices of `seconds` in all,
    and the ratios of the first two to the baseline.

    CPU time of this process (not wall time) is counted, so other processes on the machine
    do not lower the figures; the alternation spreads what load remains over all alike.
    """
    runs = {"compiled": compiled_deals(ruleset), "reference": random_deals(ruleset), "baseline": baseline_deals()}
    batches = {"compiled": 5000, "reference": 200, "baseline": 200}   # each a few milliseconds
    for run in runs.values():
        run(200)                                     # warm up
    done = {name: 0 for name in runs}
    spent = {name: 0.0 for name in runs}
    for _ in range(slices):
        for name, run in runs.items():
            batch = batches[name]
            end = time.process_time() + seconds / slices / len(runs)
            while time.process_time() < end:
                start = time.process_time()
                run(batch)
                spent[name] += time.process_time() - start
                done[name] += batch
    compiled, reference, baseline = (done[name] / spent[name] for name in runs)
    return {"random_deals_per_s": round(compiled), "baseline_trick_play_deals_per_s": round(baseline),
            "ratio": round(compiled / baseline, 3), "reference_random_deals_per_s": round(reference),
            "reference_ratio": round(reference / baseline, 3)}


def measure_solver(seconds: float = 3.0, seed: int = 1) -> dict[str, float]:
    """Double-dummy solves per CPU second on random positions of five cards each (a random trump
    and leader): `dd_solves_per_s` with the optimal line, as `ecarte solve` answers, and
    `dd_values_per_s` for the value alone (what a study needs), each from scratch."""
    from .dd_compiled import value           # numba compiles on import: only when solving is measured
    from .solver import Solver
    positions, solver = solver_positions(seed), Solver()
    figures = {}
    for name, solve_one in (("dd_solves_per_s", solver.solve),
                            ("dd_values_per_s", lambda p: value(*p.hands, p.trump, p.leader))):
        done, spent = cpu_solves(solve_one, positions, seconds / 2)
        figures[name] = round(done / spent)
    return figures


def solver_positions(seed: int = 1) -> list[Position]:
    """The solver's benchmark: 512 random positions of five cards each, a random trump and leader."""
    from .solver import Position
    rng = random.Random(seed)
    positions = []
    for _ in range(512):
        cards = rng.sample(range(32), 10)
        positions.append(Position(tuple(map(mask_of, (cards[:5], cards[5:]))), rng.randrange(4), rng.randrange(2)))
    return positions


def cpu_solves(solve_one: Callable[[Position], object], positions: list[Position], seconds: float,
               start: int = 0) -> tuple[int, float]:
    """Solve `positions` 64 at a time in turn, from the `start`-th on, for `seconds` of this process's
    CPU time: the solves done and the CPU seconds they took."""
    done, spent = 0, 0.0
    while spent < seconds:
        begin = time.process_time()
        at = (start + done) % len(positions)
        for position in positions[at:at + 64]:
            solve_one(position)
        spent += time.process_time() - begin
        done += 64
    return done, spent
