"""The duty of play and the trick's winner, defined once on bit sets (the state, its tables and the solver use them).

A card answers the card led (hu-nc.44.1, en-wiki.s7.p1, en-short.p14–15): follow suit, beating
the card led if the hand can; void in that suit, trump; void in trumps too, any card. The trick
goes to the higher card of the suit led, or to a trump played to another suit.
"""
from __future__ import annotations

from .cards import HIGHER, SUIT_MASK, Card, Mask

BEATS: tuple[tuple[Mask, ...], ...] = tuple(
    tuple(HIGHER[led] | (SUIT_MASK[trump] if led >> 3 != trump else 0) for led in range(32))
    for trump in range(4))
"""BEATS[trump][led]: the cards that take a trick to which `led` was led (higher of its suit, or a trump)."""


def answer(led: Card, played: Card, trump: int) -> tuple[str, str]:
    """The rule a card played to `led` answers to, and how: follows and beats, follows lower,
    trumps, or discards (a renonce is told apart by the refusal or the event that records it)."""
    if played >> 3 == led >> 3:
        return ("play.must-overtake", "follows suit and beats it") if played < led else \
            ("play.must-follow", "follows suit, lower")
    return ("play.must-trump", "trumps") if played >> 3 == trump else ("play.must-trump", "discards")


def lawful(hand: Mask, led: Card, trump: int) -> Mask:
    """The cards of `hand` that may be played to `led`: follow (and beat if possible), else trump, else any."""
    suit = hand & SUIT_MASK[led >> 3]
    if suit:
        return suit & HIGHER[led] or suit
    return hand & SUIT_MASK[trump] or hand
