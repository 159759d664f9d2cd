"""Random complete deals under a ruleset's full strict rules, compiled by numba: the playouts' hot path.

`engine.state.State` stays the reference that explains and cites every step. This core plays the
same game in strict mode: the shuffle, cut and batches, the turn-up, the exchange, the king of
trumps in its windows, five tricks, the scoring and the game's end, each action drawn uniformly
from the set `State.legal_actions()` lists. It can record every step with a signature of that
set, which tests/engine/test_playout_compiled.py replays through the state.
The duty of play is `duty.lawful` compiled from its source and the trick's winner `duty.BEATS`,
both from `dd_compiled`; signatures are explicit, as there (numba issue 6061).
"""
from __future__ import annotations

from math import comb

import numba as nb
import numpy as np

from .dd_compiled import _BEATS, _count, _lawful, _nth
from .param_values import Batches

_I = nb.int64
_B = nb.boolean

(TARGET, MIN_CUT, BATCHES, BATCHES_KEPT, KING_TURNED_UP, KING_HELD, ELDER_KING_LED, DEALER_WINDOW,
 ANNOUNCEMENT, KING_AT_ONCE, ELDER_LOW, ELDER_HIGH, DEALER_LOW, DEALER_HIGH, DEALER_AT_MOST_TALON,
 REPROPOSE_AFTER_DEALER, MAJORITY, VOLE, UNPROPOSED_TWO, REFUSED_TWO, MAX_PER_DEAL, N_PARAMS) = range(22)
"""The rules, packed by `engine.playout.packed_rules` into one int array, at these indices: the
fields of `game_config.GameConfig` (BATCHES a bit set of `BATCHES_BY_NUMBER`, MAX_PER_DEAL -1 for none)."""

BATCHES_BY_NUMBER = (Batches.THREE_TWO, Batches.TWO_THREE)
"""The batches, by their number in the core and its trace."""

G_SCORE, G_DEALER, G_KEPT, G_RNG, G_FIELDS = 0, 2, 3, 5, 7
"""The game carried from deal to deal, one int array: A's and B's score at G_SCORE and G_SCORE + 1,
the dealer, each player's first batches at G_KEPT + player (-1 before his first deal), and the
random generator's state and stream at G_RNG and G_RNG + 1."""

D_PACK, D_CUT, D_BATCHES, D_DEALER, D_STEPS, D_POINTS, D_SCORE, D_WINNER, D_FIELDS = 0, 32, 33, 34, 35, 36, 38, 40, 41
"""A traced deal's row: the pack top first (32 columns), the cut, the batches, the dealer, how many
steps it took, the points each player marked in it, the score after it, the game's winner or -1."""

S_ACTOR, S_KIND, S_ARG, S_MOVES, S_MOVER, S_CARDS, S_LIMITS, S_KINGS, S_FIELDS = range(9)
"""A traced step's row: who acted, the action's kind, its card (a play) or cards (a discard, as a
bit set); then the legal set before it: the kinds of the actions in turn (bit per kind), whose
turn, the legal cards (a play) or the hand (a discard), the discard's limits (fewest << 3 | most),
and the king's actions open (bit p: p may mark; bit 2 + p: p may announce)."""

STAND, PROPOSE, ACCEPT, REFUSE, DISCARD, PLAY, MARK, ANNOUNCE = range(8)
"""The kinds of action."""

STEPS_PER_DEAL = 128
"""Room kept in a trace for one deal: the elder discards at least one card per exchange, so a deal
takes at most 21 exchanges of 4 steps, 2 more to end the talk, 10 plays and 4 king's actions (100)."""

_SPEAK, _ANSWER, _DISCARD, _PLAY, _DONE = range(5)
_ELDER_SEATS = np.array([[1, 1, 1, 0, 0, 0, 1, 1, 0, 0],      # 3-2: three each, then two, the elder first
                         [1, 1, 0, 0, 1, 1, 1, 0, 0, 0]],     # 2-3: two each, then three
                        dtype=np.int64)
"""Whether the i-th card dealt goes to the elder, by batches (the eleventh is turned up)."""
_BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(6)], dtype=np.int64)
"""_BINOMIAL[n, k]: the sets of k cards among n, for random discards."""
PCG_MULTIPLIER = 6364136223846793005
"""PCG32's multiplier (its state advances as state * PCG_MULTIPLIER + stream, modulo 2**64)."""
_LOW32 = 0xFFFFFFFF


@nb.njit(_I(_I[::1]), cache=True)
def _next32(game):
    """The next 32 random bits of PCG32 (XSH RR), its 64-bit state kept at G_RNG (integers wrap)."""
    old = game[G_RNG]
    game[G_RNG] = old * PCG_MULTIPLIER + game[G_RNG + 1]
    shifted = ((((old >> 18) & 0x3FFFFFFFFFFF) ^ old) >> 27) & _LOW32   # logical shifts, from arithmetic ones
    rotation = (old >> 59) & 31
    return ((shifted >> rotation) | (shifted << ((32 - rotation) & 31))) & _LOW32


@nb.njit(_I(_I[::1], _I), cache=True)
def _below(game, bound):
    """A uniform int in [0, bound): Lemire's multiply-shift, the few biased draws rejected."""
    product = _next32(game) * bound
    if product & _LOW32 < bound:
        floor = (_LOW32 + 1 - bound) % bound
        while product & _LOW32 < floor:
            product = _next32(game) * bound
    return product >> 32


@nb.njit(_I(_I, _I, _I), cache=True)
def _combination(hand, k, rank):
    """The `rank`-th set of `k` cards of `hand`, in the order `itertools.combinations` lists them."""
    chosen = 0
    rest = _count(hand)
    while k:
        bit = hand & -hand
        hand ^= bit
        rest -= 1
        with_it = _BINOMIAL[rest, k - 1]
        if rank < with_it:
            chosen |= bit
            k -= 1
        else:
            rank -= with_it
    return chosen


@nb.njit(_I(_I[::1], _I[::1], _I[::1], _I, _I), cache=True)
def _mark(rules, game, points, p, due):
    """Mark `due` points for `p` within the deal's maximum and the target; 1 if he reaches the target."""
    marked = due
    cap = rules[MAX_PER_DEAL]
    if cap >= 0 and points[p] + marked > cap:
        marked = max(0, cap - points[p])
    marked = min(marked, rules[TARGET] - game[G_SCORE + p])
    game[G_SCORE + p] += marked
    points[p] += marked
    return 1 if game[G_SCORE + p] >= rules[TARGET] else 0


@nb.njit(_B(_I[::1], _I, _I, _I, _I, _I, _I, _B), cache=True)
def _window_open(rules, p, dealer, cards_played, led, king, announced, announce):
    """Whether `p` may still mark (or `announce`) the king in the play (`State._king_window_open`)."""
    if p != dealer:
        open_ = cards_played == 0 or (cards_played == 1 and rules[ELDER_KING_LED] != 0 and led == king)
    else:
        open_ = cards_played <= rules[DEALER_WINDOW]
    return open_ or (not announce and (announced >> p) & 1 == 1 and cards_played <= 2)


@nb.njit(_I(_I[::1], _I[::1], _I, _I[:, ::1], _I[:, ::1]), cache=True)
def play(rules, game, n, deals, steps):
    """Play `n` random deals, games following each other in `game`; with rows in `deals`, trace them
    there and their steps in `steps`. Returns the deals played: fewer only when the trace is full."""
    trace = deals.shape[0] > 0
    target = rules[TARGET]
    pack = np.empty(32, np.int64)
    talon = np.empty(21, np.int64)
    hand = np.zeros(2, np.int64)          # each player's cards
    played = np.zeros(2, np.int64)        # the cards each has played in the deal
    points = np.zeros(2, np.int64)        # the points each has marked in the deal
    tricks = np.zeros(2, np.int64)
    row = 0
    for d in range(n):
        if trace and (d == deals.shape[0] or row + STEPS_PER_DEAL > steps.shape[0]):
            return d
        # the deal: shuffle, cut, batches, the turn-up
        for i in range(32):
            pack[i] = i
        for i in range(31, 0, -1):
            j = _below(game, i + 1)
            pack[i], pack[j] = pack[j], pack[i]
        cut = rules[MIN_CUT] + _below(game, 33 - 2 * rules[MIN_CUT])
        dealer = game[G_DEALER]
        elder = 1 - dealer
        kept = game[G_KEPT + dealer]
        if kept >= 0 and rules[BATCHES_KEPT]:
            batches = kept
        elif rules[BATCHES] == 3:          # both allowed
            batches = _below(game, 2)
        else:                              # the one allowed: bit 0 or bit 1
            batches = rules[BATCHES] >> 1
        if kept < 0:
            game[G_KEPT + dealer] = batches
        hand[0] = hand[1] = played[0] = played[1] = points[0] = points[1] = tricks[0] = tricks[1] = 0
        for i in range(10):
            hand[elder if _ELDER_SEATS[batches, i] else dealer] |= 1 << pack[(cut + i) & 31]
        turnup = pack[(cut + 10) & 31]
        for i in range(21):
            talon[i] = pack[(cut + 11 + i) & 31]
        if trace:
            deals[d, D_PACK:D_PACK + 32] = pack
            deals[d, D_CUT], deals[d, D_BATCHES], deals[d, D_DEALER] = cut, batches, dealer
        first = row
        trump = turnup >> 3
        king = trump << 3
        phase = _SPEAK
        if turnup == king and _mark(rules, game, points, dealer, rules[KING_TURNED_UP]):
            phase = _DONE
        turn, proposals, stood_first, refused_first, drawn_to, marked, announced = elder, 0, False, False, 0, 0, 0
        cards_played, led, king_live = 0, -1, False
        while phase != _DONE:
            # what is legal: the actions in turn (`count` of them), then the king's
            moves, cards, limits, kings, low, size = 0, 0, 0, 0, 0, 0
            if phase == _PLAY:
                moves = 1 << PLAY
                cards = _lawful(hand[turn], led, trump) if led >= 0 else hand[turn]
                count = _count(cards)
                if king_live and cards_played <= 2:
                    holder = 0 if (hand[0] | played[0]) >> king & 1 else 1
                    if not (marked >> holder) & 1 and _window_open(rules, holder, dealer, cards_played, led, king,
                                                                   announced, False):
                        kings = 1 << holder
                        if (rules[ANNOUNCEMENT] and not (announced >> holder) & 1
                                and _window_open(rules, holder, dealer, cards_played, led, king, announced, True)):
                            kings |= 4 << holder
            else:
                if phase == _SPEAK:
                    moves, count = 1 << STAND | 1 << PROPOSE, 2
                elif phase == _ANSWER:
                    moves, count = 1 << ACCEPT | 1 << REFUSE, 2
                else:
                    moves, cards, size = 1 << DISCARD, hand[turn], _count(hand[turn])
                    if turn == dealer:
                        low, high = rules[DEALER_LOW], rules[DEALER_HIGH]
                        if rules[DEALER_AT_MOST_TALON]:
                            high = min(high, 21 - drawn_to)
                    else:
                        low, high = rules[ELDER_LOW], rules[ELDER_HIGH]
                    high = min(high, size)
                    limits = low << 3 | high
                    count = 0
                    for k in range(low, high + 1):
                        count += _BINOMIAL[size, k]
                if rules[KING_AT_ONCE] and (game[G_SCORE] == target - 1 or game[G_SCORE + 1] == target - 1):
                    holder = 0 if hand[0] >> king & 1 else 1 if hand[1] >> king & 1 else -1
                    if holder >= 0 and game[G_SCORE + holder] == target - 1 and not (marked >> holder) & 1:
                        kings = 1 << holder
            pick = _below(game, count + _count(kings))
            mover, arg, begins = turn, 0, False
            # the action drawn, performed
            if pick >= count:
                flag = _nth(kings, pick - count)
                actor, kind = flag & 1, MARK if flag < 2 else ANNOUNCE
                if kind == ANNOUNCE:
                    announced |= 1 << actor
                else:
                    marked |= 1 << actor
                    if _mark(rules, game, points, actor, rules[KING_HELD]):
                        phase = _DONE
            elif phase == _PLAY:
                actor, kind = turn, PLAY
                arg = _nth(cards, pick)
                hand[turn] ^= 1 << arg
                played[turn] |= 1 << arg
                cards_played += 1
                if led < 0:
                    led, turn = arg, 1 - turn
                else:
                    turn = turn if (_BEATS[trump, led] >> arg) & 1 else 1 - turn
                    tricks[turn] += 1
                    led = -1
                    if cards_played == 10:
                        winner = 0 if tricks[0] >= 3 else 1
                        due = rules[VOLE] if tricks[winner] == 5 else rules[MAJORITY]
                        if not _mark(rules, game, points, winner, due):
                            if stood_first and winner == dealer:
                                _mark(rules, game, points, winner, max(0, 2 - due) if rules[UNPROPOSED_TWO] else 1)
                            elif refused_first and winner != dealer:
                                _mark(rules, game, points, winner, max(0, 2 - due) if rules[REFUSED_TWO] else 1)
                        phase = _DONE
            elif phase == _SPEAK:
                actor, kind = turn, STAND if pick == 0 else PROPOSE
                if kind == STAND:
                    stood_first, begins = proposals == 0, True
                else:
                    proposals += 1
                    phase, turn = _ANSWER, dealer
            elif phase == _ANSWER:
                actor, kind = turn, ACCEPT if pick == 0 else REFUSE
                if kind == ACCEPT:
                    phase, turn = _DISCARD, elder
                else:
                    refused_first, begins = proposals == 1, True
            else:
                actor, kind = turn, DISCARD
                k = low                                        # the size, then the set of that size
                while pick >= _BINOMIAL[size, k]:
                    pick -= _BINOMIAL[size, k]
                    k += 1
                arg = _combination(cards, k, pick)
                taken = min(k, 21 - drawn_to)
                exchanged = _combination(arg, taken, 0)        # the first cards named; the rest taken back
                for i in range(drawn_to, drawn_to + taken):
                    exchanged |= 1 << talon[i]
                drawn_to += taken
                hand[turn] ^= exchanged
                if drawn_to == 21 or (turn == dealer and taken == 0 and rules[REPROPOSE_AFTER_DEALER]):
                    begins = True
                elif turn != dealer:
                    turn = dealer
                else:
                    phase, turn = _SPEAK, elder
            if begins:
                phase, turn = _PLAY, elder
                king_live = ((hand[0] | hand[1]) >> king) & 1 == 1
            if trace:
                steps[row, S_ACTOR], steps[row, S_KIND], steps[row, S_ARG] = actor, kind, arg
                steps[row, S_MOVES], steps[row, S_MOVER], steps[row, S_CARDS] = moves, mover, cards
                steps[row, S_LIMITS], steps[row, S_KINGS] = limits, kings
                row += 1
        winner = 0 if game[G_SCORE] >= target else 1 if game[G_SCORE + 1] >= target else -1
        if trace:
            deals[d, D_STEPS] = row - first
            deals[d, D_POINTS], deals[d, D_POINTS + 1] = points[0], points[1]
            deals[d, D_SCORE], deals[d, D_SCORE + 1] = game[G_SCORE], game[G_SCORE + 1]
            deals[d, D_WINNER] = winner
        if winner >= 0:                   # a new game: 0–0, A deals, batches chosen afresh
            game[G_SCORE] = game[G_SCORE + 1] = game[G_DEALER] = 0
            game[G_KEPT] = game[G_KEPT + 1] = -1
        else:
            game[G_DEALER] = elder
    return n
