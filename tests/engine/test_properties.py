"""Properties of every game: cards conserved, a legal action until the end, five tricks, scores rise."""
import random

from hypothesis import given, settings, strategies as st

from engine import Batches, Deal, Phase, State, shuffled
from engine.cards import FULL, mask_of
from engine.policies import RandomPolicy

RULESETS = st.sampled_from(["hu-nc", "de-scheicher", "en-wiki", "en-short"])


def cards_accounted(state: State) -> bool:
    """Every card is in one place exactly: a hand, played, discarded, the talon, or the turn-up."""
    places = [state.hand_mask(0), state.hand_mask(1), state.played & FULL, state.played >> 32,
              mask_of(state.discards[0]), mask_of(state.discards[1]),
              mask_of(state.talon[state.talon_pos:]), 1 << state.turnup]
    total = sum(bin(m).count("1") for m in places)
    union = 0
    for m in places:
        union |= m
    return total == 32 and union == FULL


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=RULESETS)
def test_random_games_keep_the_rules_invariants(seed, ruleset):
    rng = random.Random(seed)
    state = State(ruleset, dealer=seed % 2)
    policy = RandomPolicy(rng)
    deals = 0
    last_score = state.score
    while state.phase is not Phase.OVER:
        assert deals < 60, "a game must end"
        if state.phase is Phase.DEAL:
            state.apply(Deal(state.dealer, shuffled(rng), rng.randint(2, 30),
                             state.batches[state.dealer] or Batches.THREE_TWO))
            deals += 1
            continue
        assert cards_accounted(state)
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        state.apply(policy.decide(state, state.to_move).action)
        assert state.score[0] >= last_score[0] and state.score[1] >= last_score[1]
        last_score = state.score
        if state.phase is Phase.DEAL:
            assert sum(state.tricks) == 5 and state.cards_played == 10
    assert max(state.score) == 5 and state.winner == state.score.index(5)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_each_deal_gives_five_tricks_and_one_side_three(seed):
    rng = random.Random(seed)
    state = State("hu-nc", dealer=0)
    state.apply(Deal(0, shuffled(rng), 16, Batches.THREE_TWO))
    policy = RandomPolicy(rng)
    while state.phase not in (Phase.DEAL, Phase.OVER):
        state.apply(policy.decide(state, state.to_move).action)
    if state.phase is Phase.DEAL:
        assert sorted(state.tricks) in ([0, 5], [1, 4], [2, 3])
        assert sum(state.deal_points) >= 1
