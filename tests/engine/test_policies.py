"""Policies: the jeux de règle as written, and the choices of the rule-based and random players."""
import random

import pytest

from engine import Batches, Deal, Phase, State, shuffled
from engine.cards import parse_card
from engine.policies import RandomPolicy, RulePolicy, jeu_de_regle

from engine_helpers import act, arranged, cards

HEARTS = parse_card("7H") >> 3


@pytest.mark.parametrize("hand, clause", [
    ("KH 8H 9H 7S 8C", "en-wiki.s9.p1.a"),
    ("8H 9H KS 9S 7S", "en-wiki.s9.p1.b.i1"),
    ("8H 9H QS 7S 8C", "en-wiki.s9.p1.b.i2"),
    ("8H 9H JS AS JC", "en-wiki.s9.p1.b.i3"),
    ("8H KS QS 9S 7S", "en-wiki.s9.p1.c.i1"),
    ("8H QS 9S 7S KC", "en-wiki.s9.p1.c.i2"),
    ("8H 9S 7S KC KD", "en-wiki.s9.p1.c.i3"),
    ("KS KC QD 7D 8S", "en-wiki.s9.p1.d.i1"),
    ("QS QC JD KD 7S", "en-wiki.s9.p1.d.i2"),
    ("8H 7S 9C TD 8D", None),
    ("8H 9H 7S 8C 9D", None),
    ("JS 9S 8C 7C TD", None),
])
def test_the_jeux_de_regle_as_en_wiki_lists_them(hand, clause):
    assert jeu_de_regle(cards(hand), HEARTS) == clause


def test_the_elder_with_a_jeu_stands_and_without_one_proposes():
    assert RulePolicy().decide(arranged("en-wiki", "KH 8H 9H 7S 8C", "AD TD 9D TC 9C", "7H"), 0).action.verb == "stand"
    assert RulePolicy().decide(arranged("en-wiki", "8H 7S 9C TD 8D", "AD TH 9D TC AC", "7H"), 0).action.verb == "propose"


def test_the_dealer_with_a_jeu_refuses():
    state = arranged("en-wiki", "8H 7S 9C TD 8D", "9H TH AH KS KC", "7H")
    act(state, "A propose")
    decision = RulePolicy().decide(state, 1)
    assert decision.action.verb == "refuse" and "de-scheicher.11.1" in decision.cites


def test_exchanging_keeps_trumps_and_kings():
    state = arranged("en-wiki", "KS 8H 7S 9C TD", "AD TH 9D TC AC", "7H")
    act(state, "A propose", "B accept")
    decision = RulePolicy().decide(state, 0)
    assert sorted(decision.action.cards) == sorted(cards("7S 9C TD"))


def test_the_rule_policy_marks_the_king_when_it_may():
    state = arranged("hu-nc", "KH QH JH AH TH", "KS QS JS AS TS", "7H")
    act(state, "A stand")
    assert RulePolicy().decide(state, 0).action.verb == "mark-king"


def test_a_player_out_of_turn_usually_has_nothing_to_do():
    state = arranged("hu-nc", "KS QH JH AH TH", "KH QS JS AS TS", "7D")
    assert RulePolicy().decide(state, 1) is None


@pytest.mark.parametrize("policy", [RulePolicy(), RandomPolicy(random.Random(1))])
def test_policies_play_whole_games_legally(policy):
    rng = random.Random(4)
    for ruleset in ("hu-nc", "de-scheicher", "en-wiki", "en-short"):
        state = State(ruleset, dealer=0)
        while state.phase is not Phase.OVER:
            if state.phase is Phase.DEAL:
                state.apply(Deal(state.dealer, shuffled(rng), 16, state.batches[state.dealer] or Batches.THREE_TWO))
                continue
            decision = policy.decide(state, state.to_move)
            state.apply(decision.action)
        assert state.winner is not None
