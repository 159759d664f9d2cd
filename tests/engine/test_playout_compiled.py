"""The compiled playouts against the reference engine: 100,000 random deals per ruleset replayed through `State`.

Each action the core drew is applied with `State.apply` (which refuses an illegal one) after the
legal set the state lists is compared with the one the core drew from; each deal's points, score
and end are compared with the core's. Rare cases are counted as the deals go and must occur.
"""
from collections import Counter

import numpy as np
import pytest

from engine import actions as act
from engine.cards import cards_of
from engine.events import EventKind
from engine.irregularities import Mode
from engine.options import Options
from engine.param_values import KingAnnouncement, KingAtGamePoint, KingWindow, Repropose, ShortTalon
from engine.playout import Playouts, new_game, packed_rules
from engine.playout_compiled import (ACCEPT, ANNOUNCE, BATCHES_BY_NUMBER, D_BATCHES, D_CUT, D_DEALER, D_PACK, D_POINTS,
                                     D_SCORE, D_STEPS, D_WINNER, DISCARD, MARK, PLAY, PROPOSE, REFUSE, S_ACTOR,
                                     S_ARG, S_CARDS, S_KIND, S_KINGS, S_LIMITS, S_MOVES, STAND, _next32)
from engine.ruleset import Ruleset, available, load
from engine.state import DEAL, DISCARD as DISCARDING, OVER, PLAY as PLAYING, State

DEALS = 100_000
CHUNK = 20_000
_MOVES = {act.Stand: 1 << STAND, act.Propose: 1 << PROPOSE, act.Accept: 1 << ACCEPT, act.Refuse: 1 << REFUSE,
          act.Discard: 1 << DISCARD, act.Play: 1 << PLAY}
_KINGS = {act.MarkKing: 1, act.AnnounceKing: 4}
_ACTIONS = {STAND: act.STAND, PROPOSE: act.PROPOSE, ACCEPT: act.ACCEPT, REFUSE: act.REFUSE, MARK: act.MARK_KING,
            ANNOUNCE: act.ANNOUNCE_KING}


def listed(state: State) -> tuple[int, int, int, int, int]:
    """The legal set `state.legal_actions()` lists, as the core's signature (`S_MOVES`…`S_KINGS`).

    In a discard the hand and `discard_limits()` stand for the discards listed (every set of cards
    of the hand between the limits, `itertools.combinations`), which are not compared one by one.
    """
    moves = mover = cards = limits = kings = 0
    if state.phase is DISCARDING:
        low, high = state.discard_limits()
        cards, limits = state.hand_mask(state.turn), low << 3 | high
    for action in state.legal_actions():
        kind = action.__class__
        if kind is act.Play:
            cards |= 1 << action.card
        elif kind in _KINGS:
            kings |= _KINGS[kind] << action.player
            continue
        moves |= _MOVES[kind]
        mover = action.player
    return moves, mover, cards, limits, kings


def replay(ruleset: Ruleset, playouts: Playouts, deals: int) -> Counter:
    """Replay `deals` traced deals through `State`, asserting agreement; the rare cases met, counted."""
    seen: Counter = Counter()
    state = None
    for _ in range(deals // CHUNK):
        trace = playouts.trace(CHUNK)
        rows, steps = trace.deals.tolist(), trace.steps.tolist()
        at = 0
        for number, row in enumerate(rows):
            if state is None or state.phase is OVER:
                state = State(ruleset, dealer=0, options=playouts.options)
            log = len(state.log)
            pack = tuple(row[D_PACK:D_PACK + 32])
            state.apply(act.Deal(row[D_DEALER], pack, row[D_CUT], BATCHES_BY_NUMBER[row[D_BATCHES]]))
            seen["batches " + BATCHES_BY_NUMBER[row[D_BATCHES]]] += 1
            seen["turned-up king"] += state.turnup & 7 == 0
            for step in steps[at:at + row[D_STEPS]]:
                assert listed(state) == tuple(step[S_MOVES:]), f"{ruleset.siglum}: deal {number}, step {step}"
                kind, actor = step[S_KIND], step[S_ACTOR]
                if kind == PLAY:
                    state.apply(act.PLAY[actor][step[S_ARG]])
                elif kind == DISCARD:
                    count_short_talon(seen, state, actor, len(cards_of(step[S_ARG])))
                    state.apply(act.Discard(actor, cards_of(step[S_ARG])))
                    seen["talon used up"] += state.talon_left == 0
                    seen["dealer stood pat, the play begins"] += state.phase is PLAYING and step[S_ARG] == 0
                else:
                    if kind == MARK:
                        role = "dealer" if actor == state.dealer else "elder"
                        seen[f"king marked by the {role} " + ("in the exchange" if state.phase is not PLAYING
                                                              else f"with {state.cards_played} played")
                             + (" after announcing" if state.kings_announced >> actor & 1 else "")] += 1
                    seen["king announced"] += kind == ANNOUNCE
                    state.apply(_ACTIONS[kind][actor])
            at += row[D_STEPS]
            assert (state.deal_points, state.score, state.phase, state.winner) == (
                (row[D_POINTS], row[D_POINTS + 1]), (row[D_SCORE], row[D_SCORE + 1]),
                OVER if row[D_WINNER] >= 0 else DEAL, row[D_WINNER] if row[D_WINNER] >= 0 else None
            ), f"{ruleset.siglum}: deal {number}, {row}"
            seen["vole"] += max(state.tricks) == 5
            seen["game won in mid-deal on a king marked"] += row[D_WINNER] >= 0 and row[D_STEPS] > 0 and \
                steps[at - 1][S_KIND] == MARK
            seen["points capped"] += any(e.kind is EventKind.CAPPED for e in state.log[log:])
    return seen


def count_short_talon(seen: Counter, state: State, player: int, discarded: int) -> None:
    """Count a discard larger than the talon (cards taken back) and a dealer held to the talon's size."""
    role = "dealer" if player == state.dealer else "elder"
    seen[f"{role}'s discard beyond the talon"] += discarded > state.talon_left
    if role == "dealer":
        seen["dealer held to the talon"] += state.discard_limits()[1] < state.ruleset["dealer_discards"][1]


def required(ruleset: Ruleset) -> set[str]:
    """The rare cases a ruleset allows, which 100,000 random deals must meet."""
    cases = {"turned-up king", "vole", "game won in mid-deal on a king marked", "elder's discard beyond the talon",
             "talon used up", "king marked by the elder with 0 played", "king marked by the dealer with 0 played",
             *("batches " + b for b in ruleset["deal_batches"])}
    cases.add("dealer held to the talon" if ruleset["short_talon_dealer"] is ShortTalon.DISCARD_AT_MOST_TALON
              else "dealer's discard beyond the talon")
    if ruleset["king_at_game_point"] is KingAtGamePoint.AT_ONCE:
        cases |= {"king marked by the elder in the exchange", "king marked by the dealer in the exchange"}
    if ruleset["king_window_elder"] is KingWindow.BEFORE_FIRST_LEAD_OR_KING_LED:
        cases.add("king marked by the elder with 1 played")
    if ruleset["king_window_dealer"] is KingWindow.BEFORE_OWN_FIRST_CARD:
        cases.add("king marked by the dealer with 1 played")
    if ruleset["king_announcement"] is KingAnnouncement.UNTIL_SECOND_LEAD:
        cases |= {"king announced", "king marked by the elder with 2 played after announcing",
                  "king marked by the dealer with 2 played after announcing"}
    if ruleset["repropose"] is Repropose.AFTER_DEALER_EXCHANGES:
        cases.add("dealer stood pat, the play begins")
    return cases


@pytest.mark.parametrize("siglum", available())
def test_the_core_and_the_engine_agree_on_100000_random_deals(siglum):
    ruleset = load(siglum)
    seen = replay(ruleset, Playouts(ruleset, seed=7), DEALS)
    assert sum(seen[f"batches {b}"] for b in BATCHES_BY_NUMBER) == DEALS
    missing = required(ruleset) - {case for case, n in seen.items() if n}
    assert not missing, f"{siglum}: never met {sorted(missing)} in {DEALS} deals ({dict(seen)})"


def test_the_deal_maximum_agreed_caps_points_alike():
    seen = replay(load("hu-nc"), Playouts("hu-nc", Options(max_points_per_deal=1), seed=3), CHUNK)
    assert seen["points capped"] > 0


def test_the_fast_path_plays_the_deals_it_traces():
    fast, traced = Playouts("en-short", seed=11), Playouts("en-short", seed=11)
    fast.run(5000)
    traced.trace(5000)
    assert np.array_equal(fast.trace(100).deals, traced.trace(100).deals)


def test_the_generator_is_pcg32():
    """The first outputs of PCG32's demonstration (seed 42, sequence 54): the core's integers wrap as it needs."""
    game = new_game(42, sequence=54)
    assert [_next32(game) for _ in range(6)] == [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b,
                                                 0xcbed606e]


def test_the_draws_are_uniform_over_the_legal_set():
    """Where three cards are legal (the king closed) each is played a third of the time; the elder's
    discards of one to five cards come as often as the state lists them: 5, 10, 10, 5 and 1 in 31."""
    steps = Playouts("hu-nc", seed=5).trace(DEALS // 2).steps
    plays = steps[(steps[:, S_KIND] == PLAY) & (steps[:, S_KINGS] == 0) & (np.bitwise_count(steps[:, S_CARDS]) == 3)]
    places = np.bitwise_count(plays[:, S_CARDS] & ((1 << plays[:, S_ARG]) - 1))
    assert np.allclose(np.bincount(places) / len(plays), 1 / 3, atol=0.01)
    elder = steps[(steps[:, S_KIND] == DISCARD) & (steps[:, S_KINGS] == 0) & (steps[:, S_LIMITS] == 1 << 3 | 5)]
    sizes = np.bincount(np.bitwise_count(elder[:, S_ARG]), minlength=6)[1:]
    assert np.allclose(sizes / len(elder), np.array([5, 10, 10, 5, 1]) / 31, atol=0.02)


@pytest.mark.parametrize("options, values, message", [
    (Options(mode=Mode.TABLE), {}, "strict mode only"),
    (Options(lot_scoring=True), {}, "lot"),
    (Options(), {"elder_discards": [0, 5]}, "elder_discards from 0"),
    (Options(), {"dealer_discards": [2, 5]}, "no legal discard"),
    (Options(), {"min_cut": 17}, "no legal cut"),
])
def test_what_the_core_does_not_implement_is_refused(options, values, message):
    with pytest.raises(ValueError, match=message):
        packed_rules(load("hu-nc").with_values(**values), options)
