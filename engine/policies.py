"""Policies: how a player chooses among the legal actions (the rules say only what is allowed).

`RulePolicy` plays by the jeux de règle — the hands that should make three tricks: with one
the elder plays without proposing and the dealer refuses (de-scheicher.11.1, en-wiki.s9.p1);
the list of those hands survives in en-wiki.s9 (of de-scheicher.11.2 only clause a). When it
exchanges it keeps trumps and kings (de-scheicher.strategy.1). Every decision says why.
`RandomPolicy` chooses uniformly among the legal actions.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from . import actions as act
from .cards import Card, card_name, names, rank_of, suit_of
from .state import ANSWER, DISCARD, PLAY, SPEAK, State

KING, QUEEN, JACK, ACE = 0, 1, 2, 3
_COURT = (KING, QUEEN, JACK)

_CLAUSES = ("a", "b", "b.i1", "b.i2", "b.i3", "c", "c.i1", "c.i2", "c.i3", "d", "d.i1", "d.i2")
POLICY_RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "policy.jeux-de-regle": (
        "With a jeu de règle the elder plays without proposing and the dealer refuses.",
        ("de-scheicher.11.1", "de-scheicher.11.2", "de-scheicher.11.2.a", "de-scheicher.11.2.b",
         "de-scheicher.11.2.c", "de-scheicher.11.2.d", "en-wiki.s9.p1",
         *(f"en-wiki.s9.p1.{c}" for c in _CLAUSES), "de-scheicher.strategy.1")),
    "policy.keep-trumps-and-kings": (
        "Exchanging, keep trumps and kings and put the rest away.", ("de-scheicher.strategy.1",)),
    "policy.lead-trumps": (
        "Lead trumps first; with three or more, the lowest card first.", ("de-scheicher.strategy.2",)),
}
"""The policies' own statements with the units they follow (for `ecarte xref`), id → (doc, cites)."""
ADVICE_LEAD = POLICY_RULES["policy.lead-trumps"][1]
"""The units the lead of trumps follows."""


@dataclass(frozen=True)
class Decision:
    """A policy's choice, with the reason and the units it follows."""

    action: act.PlayerAction
    reason: str = ""
    cites: tuple[str, ...] = ()


class Policy(Protocol):
    """Chooses a player's action: in turn, or out of turn (marking the king), or None."""

    def decide(self, state: State, player: int) -> Decision | None: ...


def jeu_de_regle(hand: Iterable[Card], trump: int) -> str | None:
    """The clause of the jeux de règle (en-wiki.s9.p1) that makes `hand` one, or None.

    Readings: "two cards of the same suit (at least a jack and ace)" is the jack and ace of a
    plain suit; "kings" and "court cards" are those of the plain suits unless said otherwise;
    "women" are queens.
    """
    cards = list(hand)
    trumps = [c for c in cards if suit_of(c) == trump]
    plain = [c for c in cards if suit_of(c) != trump]
    by_suit: dict[int, list[int]] = {}
    for c in plain:
        by_suit.setdefault(suit_of(c), []).append(rank_of(c))
    kings = [s for s, ranks in by_suit.items() if KING in ranks]
    longest = max((len(r) for r in by_suit.values()), default=0)
    if len(trumps) >= 3:
        return "en-wiki.s9.p1.a"
    if len(trumps) == 2:
        if longest == 3:
            return "en-wiki.s9.p1.b.i1"
        if any(len(r) >= 2 and (KING in r or QUEEN in r) for r in by_suit.values()):
            return "en-wiki.s9.p1.b.i2"
        jack_ace = [s for s, r in by_suit.items() if JACK in r and ACE in r]
        if any(JACK in r for s, r in by_suit.items() for j in jack_ace if s != j):
            return "en-wiki.s9.p1.b.i3"
        return None
    if len(trumps) == 1:
        if longest == 4 and kings:
            return "en-wiki.s9.p1.c.i1"
        if any(len(r) == 3 and min(r) <= QUEEN and any(k != s for k in kings) for s, r in by_suit.items()):
            return "en-wiki.s9.p1.c.i2"
        if any(len(r) == 2 and sum(1 for k in kings if k != s) == 2 for s, r in by_suit.items()):
            return "en-wiki.s9.p1.c.i3"
        return None
    if len(kings) >= 2 and any(len(r) >= 2 and QUEEN in r for r in by_suit.values()):
        return "en-wiki.s9.p1.d.i1"
    court = [rank_of(c) for c in plain if rank_of(c) in _COURT]
    if len(court) >= 4 and court.count(QUEEN) >= 2:
        return "en-wiki.s9.p1.d.i2"
    return None


class RulePolicy:
    """Proposes and refuses by the jeux de règle, keeps trumps and kings, marks the king when it may."""

    SHOULD = ("de-scheicher.11.1", "en-wiki.s9.p1")
    KEEP = ("de-scheicher.strategy.1",)

    def decide(self, state: State, player: int) -> Decision | None:
        """The player's next action, or None if he has nothing to do now."""
        for action in state.legal_actions(player):
            if isinstance(action, act.MarkKing):
                return Decision(action, "the king of trumps is marked while the window is open",
                                state.ruleset.cites("king.held"))
        if player != state.to_move:
            return None
        phase = state.phase
        if phase in (SPEAK, ANSWER):
            clause = jeu_de_regle(state.hand(player), state.trump)
            if phase is SPEAK:
                action = act.Stand(player) if clause else act.Propose(player)
            else:
                action = act.Refuse(player) if clause else act.Accept(player)
            reason = (f"the hand is a jeu de règle ({clause})" if clause
                      else "the hand is no jeu de règle")
            return Decision(action, reason, self.SHOULD + ((clause,) if clause else ()))
        if phase is DISCARD:
            return self._discard(state, player)
        if phase is PLAY:
            return self._play(state, player)
        return None

    def _discard(self, state: State, player: int) -> Decision:
        """Keep trumps and kings, put away the rest, the lowest cards first."""
        low, high = state.discard_limits()
        hand = state.hand(player)
        worst_first = sorted(hand, key=lambda c: (suit_of(c) == state.trump, rank_of(c) == KING, -rank_of(c)))
        rest = [c for c in worst_first if suit_of(c) != state.trump and rank_of(c) != KING]
        count = max(low, min(high, len(rest)))
        cards = tuple(worst_first[:count])
        return Decision(act.Discard(player, cards), f"keeps trumps and kings, discards {names(cards) or 'nothing'}",
                        self.KEEP)

    def _play(self, state: State, player: int) -> Decision:
        """Win a trick as cheaply as possible, else give the lowest card; lead trumps or kings."""
        plays = [a for a in state.legal_actions(player) if isinstance(a, act.Play)]
        trump = state.trump
        if state.led >= 0:
            led = state.led
            winning = [a for a in plays if (suit_of(a.card) == suit_of(led) and a.card < led)
                       or (suit_of(a.card) == trump != suit_of(led))]
            if winning:
                choice = max(winning, key=lambda a: (suit_of(a.card) != trump, rank_of(a.card)))
                return Decision(choice, f"takes the trick with {card_name(choice.card)}")
            choice = max(plays, key=lambda a: (suit_of(a.card) != trump, rank_of(a.card)))
            return Decision(choice, f"cannot take the trick: gives {card_name(choice.card)}")
        card, reason, cites = advised_lead(tuple(a.card for a in plays), trump)
        return Decision(next(a for a in plays if a.card == card), reason, cites)


def advised_lead(cards: tuple[Card, ...], trump: int) -> tuple[Card, str, tuple[str, ...]]:
    """The lead among `cards`, why, and the units followed: trumps first, the highest trump; with three
    trumps or more, the lowest card of the hand (de-scheicher.strategy.2); without trumps, the highest card."""
    trumps = [c for c in cards if suit_of(c) == trump]
    if len(trumps) >= 3:
        return max(cards, key=rank_of), "three trumps or more: the lowest card first", ADVICE_LEAD
    if trumps:
        return min(trumps, key=rank_of), "trumps first", ADVICE_LEAD
    card = min(cards, key=rank_of)
    return card, f"leads {card_name(card)}, the highest card", ()


class RandomPolicy:
    """Chooses uniformly among the player's legal actions (a random subset when discarding)."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()

    def decide(self, state: State, player: int) -> Decision | None:
        """A random legal action of the player; None if he has none now."""
        if state.phase is DISCARD and player == state.to_move:
            low, high = state.discard_limits()
            cards = tuple(self.rng.sample(state.hand(player), self.rng.randint(low, high)))
            return Decision(act.Discard(player, cards), "at random")
        legal = state.legal_actions(player)
        return Decision(self.rng.choice(legal), "at random") if legal else None
