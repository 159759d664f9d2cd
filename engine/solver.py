"""The double-dummy solver (CONTRACT.md §5): the tricks each player takes when both see every card.

A position is two hands of equally many cards (1 to 5), the trump suit and the player to lead.
Its value is the tricks the leader takes when he maximises them and the other player minimises
them, both bound by the duty of play (`engine.duty`, the engine's own). A search gives an
optimal first trick packed as `tricks << 10 | card led << 5 | answer`; the line is that trick,
then the next from the position it leaves, and so on.

`Solver` searches with the compiled kernel (`engine.dd_compiled`, numba). `ReferenceSolver`
is the same minimax in plain Python, with a table of the positions met; the differential
tests hold the kernel to it.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Mask, cards_of, mask_of
from .dd_compiled import solve_packed
from .duty import BEATS, lawful

@dataclass(frozen=True)
class Position:
    """Two hands as bit sets (A's, B's), the trump suit (0–3, S H D C) and the player to lead."""

    hands: tuple[Mask, Mask]
    trump: int
    leader: int

    @classmethod
    def of(cls, a: tuple[Card, ...], b: tuple[Card, ...], trump: int, leader: int) -> Position:
        """A position from cards; ValueError for unequal or empty hands, too many cards or a card twice."""
        if len(a) != len(b) or not 1 <= len(a) <= 5:
            raise ValueError(f"the hands must hold equally many cards, 1 to 5 (A {len(a)}, B {len(b)})")
        if len(set(a) | set(b)) != 2 * len(a):
            raise ValueError("a card is named twice")
        if not 0 <= trump < 4 or leader not in (0, 1):
            raise ValueError("the trump is a suit (0–3) and the leader A or B")
        return cls((mask_of(a), mask_of(b)), trump, leader)


@dataclass(frozen=True)
class Solution:
    """The tricks each player takes from the position (A's, B's) and one optimal line of plays."""

    tricks: tuple[int, int]
    line: tuple[Card, ...]


class Solver:
    """Solves positions with the compiled search (the duty of play is every witness's: engine.duty)."""

    def solve(self, position: Position) -> Solution:
        """The value of the position and an optimal line, both from one call of the kernel."""
        a, b = position.hands
        packed = solve_packed(a, b, position.trump, position.leader)
        n, own = a.bit_count(), packed >> 50
        line = tuple(packed >> 5 * i & 31 for i in range(2 * n))
        return Solution((own, n - own) if position.leader == 0 else (n - own, own), line)


class ReferenceSolver:
    """The same search in plain Python (the reference); a table keeps the positions met in one solve."""

    def __init__(self) -> None:
        self._known: dict[tuple[Mask, Mask, int, int], int] = {}

    def solve(self, position: Position) -> Solution:
        """The value of the position and an optimal line, trick by trick from `search`."""
        self._known = {}                     # a batch of millions must not keep every position
        a, b = position.hands
        trump, leader = position.trump, position.leader
        n = a.bit_count()
        own = self.search(a, b, trump, leader) >> 10
        line: list[Card] = []
        while a:
            packed = self.search(a, b, trump, leader)
            card, answer = packed >> 5 & 31, packed & 31
            line += [card, answer]
            if leader == 0:
                a, b = a & ~(1 << card), b & ~(1 << answer)
            else:
                a, b = a & ~(1 << answer), b & ~(1 << card)
            if BEATS[trump][card] >> answer & 1:
                leader = 1 - leader
        return Solution((own, n - own) if position.leader == 0 else (n - own, own), tuple(line))

    def search(self, a: Mask, b: Mask, trump: int, leader: int) -> int:
        """An optimal trick from here, packed; a lead is dropped as soon as one answer holds it to no
        more than the best lead found, so the lead chosen has had every answer tried."""
        key = (a, b, trump, leader)
        known = self._known.get(key)
        if known is not None:
            return known
        n = a.bit_count()
        mine, theirs = (a, b) if leader == 0 else (b, a)
        best, best_card, best_answer = (-1, 0, 0) if n else (0, 0, 0)
        for card in cards_of(mine):
            worst, worst_answer = n + 1, 0
            beats = BEATS[trump][card]
            for answer in cards_of(lawful(theirs, card, trump)):
                rest_mine, rest_theirs = mine & ~(1 << card), theirs & ~(1 << answer)
                na, nb = (rest_mine, rest_theirs) if leader == 0 else (rest_theirs, rest_mine)
                if beats >> answer & 1:          # the other player takes the trick and leads next
                    got = n - 1 - (self.search(na, nb, trump, 1 - leader) >> 10)
                else:
                    got = 1 + (self.search(na, nb, trump, leader) >> 10)
                if got < worst:
                    worst, worst_answer = got, answer
                    if worst <= best:
                        break
            if worst > best:
                best, best_card, best_answer = worst, card, worst_answer
                if best == n:
                    break
        packed = best << 10 | best_card << 5 | best_answer
        self._known[key] = packed
        return packed

