"""Play by sampling (perfect-information Monte Carlo), compiled by numba: the tricks played out by
players who do not see each other's cards.

A player who samples sees his own cards, the turn-up, the cards played and what the play has shown:
a card the duty of play would have made him play instead (engine.duty, tested card by card) is not
in the other hand, and a card shown (a marked king) is. Before each card he draws `samples` hands
for the other player, uniformly among those consistent with what he knows, solves each with the
double-dummy search for every card he may play, and plays the card with the best total (the
lowest card index on a tie). A player who does not sample plays double-dummy, seeing every card.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from .cards import FULL
from .dd_compiled import _BEATS, _card, _count, _lawful, _nth, _search

_I = nb.int64


@nb.njit(_I(_I, _I, _I), cache=True)
def _draw(pool, shown, k):
    """A random hand of `k` cards: those `shown`, and the rest drawn uniformly from `pool`."""
    hand = shown
    pool &= ~shown
    left = _count(pool)
    for _ in range(k - _count(shown)):
        card = _nth(pool, np.random.randint(left))
        hand |= 1 << card
        pool &= ~(1 << card)
        left -= 1
    return hand


@nb.njit(_I(_I, _I, _I, _I, _I, _I, _I), cache=True)
def _lead(own, pool, shown, trump, leader, n, samples):
    """The card a sampling leader leads: the best total over sampled hands of the other player."""
    totals = np.zeros(32, np.int64)
    for _ in range(samples):
        other = _draw(pool, shown, n)
        a, b = (own, other) if leader == 0 else (other, own)
        cards = own
        while cards:
            card = _card(cards & -cards)
            cards &= cards - 1
            totals[card] += _search(a, b, trump, leader, n, 1 << card, np.int64(-1)) >> 10
    best, chosen = -1, 0
    cards = own
    while cards:
        card = _card(cards & -cards)
        cards &= cards - 1
        if totals[card] > best:
            best, chosen = totals[card], card
    return chosen


@nb.njit(_I(_I, _I, _I, _I, _I, _I, _I, _I), cache=True)
def _answer(own, pool, shown, trump, leader, led, n, samples):
    """The card a sampling follower plays to `led`: the lawful card that leaves the leader fewest
    tricks in total over sampled hands of the leader (which held `led`)."""
    totals = np.zeros(32, np.int64)
    lawful = _lawful(own, led, trump)
    for _ in range(samples):
        other = _draw(pool, shown, n - 1) | 1 << led
        a, b = (other, own) if leader == 0 else (own, other)
        cards = lawful
        while cards:
            card = _card(cards & -cards)
            cards &= cards - 1
            totals[card] += _search(a, b, trump, leader, n, 1 << led, 1 << card) >> 10
    best, chosen = 1 << 62, 0
    cards = lawful
    while cards:
        card = _card(cards & -cards)
        cards &= cards - 1
        if totals[card] < best:
            best, chosen = totals[card], card
    return chosen


@nb.njit(_I(_I, _I, _I, _I), cache=True)
def _ruled_out(unseen, led, answer, trump):
    """The cards of `unseen` the other player cannot hold, since the duty of play would have made him
    play one of them to `led` rather than `answer` (the duty, engine.duty.lawful, asked card by card)."""
    out = 0
    cards = unseen
    while cards:
        card = _card(cards & -cards)
        cards &= cards - 1
        if not (_lawful((1 << answer) | (1 << card), led, trump) >> answer) & 1:
            out |= 1 << card
    return out


@nb.njit(_I(_I, _I, _I, _I, _I, _I, _I, _I, _I, _I, _I, _I), cache=True)
def play(a, b, trump, hidden, leader, sampling, samples, seed, shown_a, shown_b, reveal, first_lead):
    """Play the tricks out from hands `a` and `b` (A's tricks returned). Bit p of `sampling`: player p
    plays by sampling, else double-dummy. `hidden`: cards in neither hand that both know of (the
    turn-up); `shown_a`, `shown_b`: cards of a hand the other player knows of once `reveal` cards have
    been played (a king marked before the holder's first card); `first_lead`: the first card led when
    it is given (else -1). `seed` fixes the draws."""
    np.random.seed(seed)
    full = np.int64(FULL)
    n = _count(a)
    gone = hidden                       # cards both know are in neither hand: the turn-up, the cards played
    ruled_out_a, ruled_out_b = 0, 0     # cards the play has shown a hand does not hold
    tricks_a = 0
    played = 0
    while n:
        mine = a if leader == 0 else b
        if first_lead >= 0:
            card, first_lead = first_lead, -1
        elif (sampling >> leader) & 1:
            theirs_out = ruled_out_b if leader == 0 else ruled_out_a
            theirs_shown = (shown_b if leader == 0 else shown_a) & ~gone if played >= reveal else 0
            pool = full & ~mine & ~gone & ~theirs_out
            card = _lead(mine, pool, theirs_shown, trump, leader, n, samples)
        else:
            card = (_search(a, b, trump, leader, n, np.int64(-1), np.int64(-1)) >> 5) & 31
        follower = 1 - leader
        theirs = a if follower == 0 else b
        if (sampling >> follower) & 1:
            leader_out = ruled_out_a if leader == 0 else ruled_out_b
            leader_shown = ((shown_a if leader == 0 else shown_b) & ~gone & ~(1 << card)
                            if played + 1 >= reveal else 0)
            pool = full & ~theirs & ~gone & ~leader_out & ~(1 << card)
            answer = _answer(theirs, pool, leader_shown, trump, leader, card, n, samples)
        else:
            answer = _search(a, b, trump, leader, n, 1 << card, np.int64(-1)) & 31
        unseen = full & ~mine & ~gone & ~(1 << answer)
        if follower == 0:
            ruled_out_a |= _ruled_out(unseen, card, answer, trump)
        else:
            ruled_out_b |= _ruled_out(unseen, card, answer, trump)
        gone |= (1 << card) | (1 << answer)
        played += 2
        if leader == 0:
            a, b = a & ~(1 << card), b & ~(1 << answer)
        else:
            a, b = a & ~(1 << answer), b & ~(1 << card)
        if (_BEATS[trump, card] >> answer) & 1:
            leader = follower
        if leader == 0:
            tricks_a += 1
        n -= 1
    return tricks_a
