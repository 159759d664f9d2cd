# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""The double-dummy search of `engine.dd_compiled` in typed Cython, kept only to compare compilers.

The project runs `engine.dd_compiled` (numba); this translation exists for `ecarte bench
--compilers` (engine/compilers.py, docs/solver-choice.md). Same algorithm, move order and cut-offs
line for line; the tables of the duty of play (`engine.duty.BEATS`, `engine.cards.SUIT_MASK` and
`HIGHER`) are read from their Python definitions at import, but `_lawful` restates `engine.duty.lawful`,
which numba compiles from its one source: the differential test holds the two together.
"""
from engine.cards import HIGHER, SUIT_MASK
from engine.duty import BEATS

ctypedef long long i64

cdef i64 _BEATS[4][32]
cdef i64 _SUIT_MASK[4]
cdef i64 _HIGHER[32]
cdef i64 _DE_BRUIJN[32]


cdef int _load_tables() except -1:
    """Fill the C tables from engine.duty and engine.cards, and the de Bruijn index of 0x077CB531."""
    cdef i64 trump, card
    for trump in range(4):
        _SUIT_MASK[trump] = SUIT_MASK[trump]
        for card in range(32):
            _BEATS[trump][card] = BEATS[trump][card]
    for card in range(32):
        _HIGHER[card] = HIGHER[card]
        _DE_BRUIJN[(((<i64>1) << card) * 0x077CB531 & 0xFFFFFFFFLL) >> 27] = card


_load_tables()


cdef inline i64 _lawful(i64 hand, i64 led, i64 trump) noexcept nogil:
    """engine.duty.lawful: follow (and beat if possible), else trump, else any."""
    cdef i64 suit = hand & _SUIT_MASK[led >> 3]
    cdef i64 higher
    if suit:
        higher = suit & _HIGHER[led]
        return higher if higher else suit
    higher = hand & _SUIT_MASK[trump]
    return higher if higher else hand


cdef inline i64 _card(i64 bit) noexcept nogil:
    """The card of a bit set holding one card."""
    return _DE_BRUIJN[((bit * 0x077CB531) & 0xFFFFFFFFLL) >> 27]


cdef inline i64 _count(i64 mask) noexcept nogil:
    """How many cards a bit set holds."""
    cdef i64 n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


cdef i64 _search(i64 a, i64 b, i64 trump, i64 leader, i64 n, i64 leads_allowed, i64 answers_allowed) noexcept nogil:
    """dd_compiled._search: an optimal trick from here, packed (tricks << 10 | card led << 5 | answer),
    the first trick's leads and answers taken from `leads_allowed` and `answers_allowed` (-1: all)."""
    cdef i64 mine, theirs, best, best_card, best_answer, leads, card, worst, worst_answer
    cdef i64 legal, beats, answer, rest_mine, rest_theirs, na, nb_, got
    if n == 0:
        return 0
    mine, theirs = (a, b) if leader == 0 else (b, a)
    best, best_card, best_answer = -1, 0, 0
    leads = mine & leads_allowed
    while leads:
        card = _card(leads & -leads)
        leads &= leads - 1
        worst, worst_answer = n + 1, 0
        legal = _lawful(theirs, card, trump) & answers_allowed
        beats = _BEATS[trump][card]
        while legal:
            answer = _card(legal & -legal)
            legal &= legal - 1
            rest_mine, rest_theirs = mine & ~((<i64>1) << card), theirs & ~((<i64>1) << answer)
            na, nb_ = (rest_mine, rest_theirs) if leader == 0 else (rest_theirs, rest_mine)
            if (beats >> answer) & 1:        # the other player takes the trick and leads next
                got = n - 1 - (_search(na, nb_, trump, 1 - leader, n - 1, -1, -1) >> 10)
            else:
                got = 1 + (_search(na, nb_, trump, leader, n - 1, -1, -1) >> 10)
            if got < worst:
                worst, worst_answer = got, answer
                if worst <= best:
                    break
        if worst > best:
            best, best_card, best_answer = worst, card, worst_answer
            if best == n:                    # every trick: nothing better exists
                break
    return best << 10 | best_card << 5 | best_answer


def value(i64 a, i64 b, i64 trump, i64 leader):
    """The tricks `leader` takes from the position, both playing perfectly."""
    return _search(a, b, trump, leader, _count(a), -1, -1) >> 10


def solve_packed(i64 a, i64 b, i64 trump, i64 leader):
    """dd_compiled.solve_packed: the leader's tricks << 50 | the i-th trick's card led << 10·i | its
    answer << 10·i + 5."""
    cdef i64 n = _count(a)
    cdef i64 own = -1, line = 0, i = 0, packed, card, answer
    while n:
        packed = _search(a, b, trump, leader, n, -1, -1)
        if own < 0:
            own = packed >> 10
        card, answer = (packed >> 5) & 31, packed & 31
        line |= card << (10 * i) | answer << (10 * i + 5)
        if leader == 0:
            a, b = a & ~((<i64>1) << card), b & ~((<i64>1) << answer)
        else:
            a, b = a & ~((<i64>1) << answer), b & ~((<i64>1) << card)
        if (_BEATS[trump][card] >> answer) & 1:
            leader = 1 - leader
        n -= 1
        i += 1
    return own << 50 | line
