"""The double-dummy search compiled by numba: the solver's hot path, with explicit signatures.

The duty of play is `engine.duty.lawful` itself, compiled from its Python source, so it is
written once. Signatures are explicit and every function is compiled when this module is
imported (cached on disk by numba): a lazily typed recursive function reloaded from the cache
crashes (numba issue 6061). `engine.solver.ReferenceSolver` is the pure-Python reference the
differential tests hold this to.
"""
from __future__ import annotations

import numba as nb
import numpy as np

from .duty import BEATS, lawful

_I = nb.int64
_lawful = nb.njit(_I(_I, _I, _I), cache=True)(lawful)
_BEATS = np.array(BEATS, dtype=np.int64)
_DE_BRUIJN = np.array([0, 1, 28, 2, 29, 14, 24, 3, 30, 22, 20, 15, 25, 17, 4, 8,
                       31, 27, 13, 23, 21, 19, 16, 7, 26, 12, 18, 6, 11, 5, 10, 9], dtype=np.int64)
"""The index of a 32-bit word's single set bit, read from its product with 0x077CB531 (a de Bruijn
sequence): the cards of a hand are visited without testing all 32 bits."""


@nb.njit(_I(_I), cache=True)
def _card(bit):
    """The card of a bit set holding one card."""
    return _DE_BRUIJN[((bit * 0x077CB531) & 0xFFFFFFFF) >> 27]


@nb.njit(_I(_I, _I), cache=True)
def _nth(mask, i):
    """The i-th card (from 0, in pack order) of a bit set."""
    for _ in range(i):
        mask &= mask - 1
    return _card(mask & -mask)


@nb.njit(_I(_I), cache=True)
def _count(mask):
    """How many cards a bit set holds."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


@nb.njit(_I(_I, _I, _I, _I, _I, _I, _I), cache=True)
def _search(a, b, trump, leader, n, leads_allowed, answers_allowed):
    """An optimal trick from here, packed: the tricks `leader` takes (hands `a`, `b` of `n` cards,
    both playing perfectly) << 10 | the card he leads << 5 | the answer that holds him to it.

    The first trick's leads and answers are taken from `leads_allowed` and `answers_allowed` (-1: all):
    play by sampling (engine.pimc_compiled) values one lead, or one answer to it, this way.
    A lead is dropped as soon as one answer holds it to no more than the best lead found, so the
    lead chosen has had all its answers tried and its answer is a best one.
    """
    if n == 0:
        return 0
    every = np.int64(-1)                     # typed, not a literal: the recursive call keeps the signature
    mine, theirs = (a, b) if leader == 0 else (b, a)
    best, best_card, best_answer = -1, 0, 0
    leads = mine & leads_allowed
    while leads:
        card = _card(leads & -leads)
        leads &= leads - 1
        worst, worst_answer = n + 1, 0
        legal = _lawful(theirs, card, trump) & answers_allowed
        beats = _BEATS[trump, card]
        while legal:
            answer = _card(legal & -legal)
            legal &= legal - 1
            rest_mine, rest_theirs = mine & ~(1 << card), theirs & ~(1 << answer)
            na, nb_ = (rest_mine, rest_theirs) if leader == 0 else (rest_theirs, rest_mine)
            if (beats >> answer) & 1:        # the other player takes the trick and leads next
                got = n - 1 - (_search(na, nb_, trump, 1 - leader, n - 1, every, every) >> 10)
            else:
                got = 1 + (_search(na, nb_, trump, leader, n - 1, every, every) >> 10)
            if got < worst:
                worst, worst_answer = got, answer
                if worst <= best:
                    break
        if worst > best:
            best, best_card, best_answer = worst, card, worst_answer
            if best == n:                    # every trick: nothing better exists
                break
    return best << 10 | best_card << 5 | best_answer


@nb.njit(_I(_I, _I, _I, _I), cache=True)
def value(a, b, trump, leader):
    """The tricks `leader` takes from the position, both playing perfectly."""
    return _search(a, b, trump, leader, _count(a), np.int64(-1), np.int64(-1)) >> 10


@nb.njit(_I(_I, _I, _I, _I), cache=True)
def solve_packed(a, b, trump, leader):
    """The leader's tricks and an optimal line in one int: tricks << 50 | the i-th trick's card led
    << 10·i | its answer << 10·i + 5, trick after trick from the position each leaves."""
    n = _count(a)
    own, line, i = -1, 0, 0
    while n:
        packed = _search(a, b, trump, leader, n, np.int64(-1), np.int64(-1))
        if own < 0:
            own = packed >> 10
        card, answer = (packed >> 5) & 31, packed & 31
        line |= card << (10 * i) | answer << (10 * i + 5)
        if leader == 0:
            a, b = a & ~(1 << card), b & ~(1 << answer)
        else:
            a, b = a & ~(1 << answer), b & ~(1 << card)
        if (_BEATS[trump, card] >> answer) & 1:
            leader = 1 - leader
        n -= 1
        i += 1
    return own << 50 | line
