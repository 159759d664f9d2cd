"""The double-dummy solver (CONTRACT.md §5): the tricks each player takes when both see every card.

A position is two hands of equally many cards (1 to 5), the trump suit and the player to lead.
Its value is the tricks the leader takes when he maximises them and the other player minimises
them, both bound by the duty of play (`engine.duty`, the engine's own). The search is minimax on
bit sets, cutting off a lead as soon as a reply holds it to no more than the best lead found, with a table of positions already solved; `line` is one optimal
sequence of plays, found again move by move from the values.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Mask, cards_of, mask_of
from .duty import BEATS, lawful
from .ruleset import Ruleset, load


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
    """Solves positions under one ruleset; the positions met while solving one are kept until the next."""

    def __init__(self, ruleset: Ruleset | str = "hu-nc"):
        self.ruleset = load(ruleset) if isinstance(ruleset, str) else ruleset
        self._known: dict[tuple[Mask, Mask, int, int], int] = {}

    def solve(self, position: Position) -> Solution:
        """The value of the position and an optimal line."""
        a, b = position.hands
        trump, leader = position.trump, position.leader
        self._known = {}                     # a batch of millions must not keep every position
        own = self.value(a, b, trump, leader)
        n = a.bit_count()
        tricks = (own, n - own) if leader == 0 else (n - own, own)
        return Solution(tricks, self._line(a, b, trump, leader))

    def value(self, a: Mask, b: Mask, trump: int, leader: int) -> int:
        """The tricks `leader` takes from here, leading to the next trick with hands `a`, `b`."""
        n = a.bit_count()
        if n == 0:
            return 0
        key = (a, b, trump, leader)
        known = self._known.get(key)
        if known is not None:
            return known
        lead_hand, other = (a, b) if leader == 0 else (b, a)
        best = -1
        for card in cards_of(lead_hand):
            worst = n + 1
            beats = BEATS[trump][card]
            for answer in cards_of(lawful(other, card, trump)):
                rest_lead, rest_other = lead_hand & ~(1 << card), other & ~(1 << answer)
                na, nb = (rest_lead, rest_other) if leader == 0 else (rest_other, rest_lead)
                if beats >> answer & 1:          # the other player takes the trick and leads next
                    got = n - 1 - self.value(na, nb, trump, 1 - leader)
                else:
                    got = 1 + self.value(na, nb, trump, leader)
                if got < worst:
                    worst = got
                    if worst <= best:            # this lead cannot do better than one already found
                        break
            if worst > best:
                best = worst
                if best == n:                    # every trick: nothing better exists
                    break
        self._known[key] = best
        return best

    def _line(self, a: Mask, b: Mask, trump: int, leader: int) -> tuple[Card, ...]:
        """One optimal sequence of plays from the position, found from the values."""
        line: list[Card] = []
        while a:
            n = a.bit_count()
            target = self.value(a, b, trump, leader)
            lead_hand, other = (a, b) if leader == 0 else (b, a)
            for card in cards_of(lead_hand):
                replies = [(self._after(a, b, trump, leader, card, answer), answer)
                           for answer in cards_of(lawful(other, card, trump))]
                got, answer = min(replies, key=lambda r: r[0][0])
                if got[0] == target:
                    line += [card, answer]
                    a, b, leader = got[1], got[2], got[3]
                    break
            assert n > a.bit_count(), "the value names an optimal play"
        return tuple(line)

    def _after(self, a: Mask, b: Mask, trump: int, leader: int, card: Card,
               answer: Card) -> tuple[int, Mask, Mask, int]:
        """The leader's tricks from here after `card` and `answer`, and the position that follows."""
        n = a.bit_count()
        if leader == 0:
            a, b = a & ~(1 << card), b & ~(1 << answer)
        else:
            a, b = a & ~(1 << answer), b & ~(1 << card)
        if BEATS[trump][card] >> answer & 1:
            return n - 1 - self.value(a, b, trump, 1 - leader), a, b, 1 - leader
        return 1 + self.value(a, b, trump, leader), a, b, leader


def solve(position: Position, ruleset: Ruleset | str = "hu-nc") -> Solution:
    """Solve one position with a fresh solver."""
    return Solver(ruleset).solve(position)

