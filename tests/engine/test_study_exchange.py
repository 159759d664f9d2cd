"""The exchange study: deals checked by hand against the engine, the rulesets' own scoring, any number of workers."""
from dataclasses import replace

import pytest

from engine import actions as act
from engine.cards import PACK, king_of, mask_of, parse_card, suit_of
from engine.dd_compiled import value
from engine.policies import RulePolicy
from engine.ruleset import available, load
from engine.state import State
from engine.studies import study
from engine.studies.exchange import KEEP_QUEENS, STUDY, Branches, branches, deals


def cards(text):
    return tuple(parse_card(c) for c in text.split())


def deal(elder, dealer, turnup, talon_top):
    """A first deal set out by hand: the talon's top as given, the rest of the pack below it."""
    elder, dealer, turnup, top = cards(elder), cards(dealer), parse_card(turnup), cards(talon_top)
    taken = set(elder + dealer + top) | {turnup}
    return elder, dealer, turnup, top + tuple(c for c in PACK if c not in taken)


# The elder holds nothing, the dealer the five top trumps and their king: the dealer takes every trick
# in every branch. Standing, the elder loses the vole (2), the king (1) and the unproposed loss: one more
# (de-scheicher, en-wiki) or nothing, the vole already making two in all (en-short, hu-nc). Proposing,
# the elder draws low hearts and diamonds; a refused first proposal costs the dealer nothing as he wins.
WEAK = deal("7S 8S 9S TS 7H", "KC QC JC AC TC", "9C", "8H 9H TH 7D 8D")
# The mirror: the elder holds the five top trumps and draws the king of hearts for his lowest trump;
# the refused first proposal then costs the dealer one more point (de-scheicher, en-wiki) or none.
STRONG = deal("KC QC JC AC TC", "7S 8S 9S TS 7H", "9C", "KH 8H 9H 7D 8D 9D")


@pytest.mark.parametrize("siglum, weak, strong", [
    ("de-scheicher", Branches(-4, -3, -3, -3, False), Branches(3, 4, 3, 3, False)),
    ("en-wiki", Branches(-4, -3, -3, -3, False), Branches(3, 4, 3, 3, False)),
    ("en-short", Branches(-3, -3, -3, -3, False), Branches(3, 3, 3, 3, False)),
    ("hu-nc", Branches(-3, -3, -3, -3, False), Branches(3, 3, 3, 3, False)),
])
def test_hand_checked_deals_score_as_worked_out_by_hand_under_each_ruleset(siglum, weak, strong):
    assert branches(load(siglum), *WEAK) == weak
    assert branches(load(siglum), *STRONG) == strong


def test_a_vole_against_the_standing_elder_costs_what_his_ruleset_says():
    """The first deal of the study where the standing elder takes no trick and nobody holds the king:
    two points in all under two-in-all (en-short, hu-nc), the vole's two and one more under one-more."""
    elder, dealer, turnup, talon = next(
        d for d in deals((1, 0, 2_000)) if king_of(suit_of(d[2])) not in d[0] + d[1] + (d[2],)
        and value(mask_of(d[0]), mask_of(d[1]), suit_of(d[2]), 0) == 0)
    costs = {"two-in-all": -2, "one-more": -3}
    found = {s: branches(load(s), elder, dealer, turnup, talon).stand for s in available()}
    assert found == {s: costs[load(s)["unproposed_loss"]] for s in available()}
    assert set(found.values()) == {-2, -3}


def test_keeping_queens_puts_away_the_same_cards_but_the_plain_queens():
    state = State("de-scheicher", dealer=1)
    state.apply(act.Arrange(1, (cards("KC 7C QH QS 8D"), cards("7S 8S 9S TS 7H")), parse_card("9C"),
                            deal("KC 7C QH QS 8D", "7S 8S 9S TS 7H", "9C", "")[3]))
    for action in (act.PROPOSE[0], act.ACCEPT[1]):
        state.apply(action)
    assert set(RulePolicy().decide(state, 0).action.cards) == set(cards("QH QS 8D"))
    assert KEEP_QUEENS.decide(state, 0).action.cards == cards("8D")


def test_keeping_queens_still_puts_away_the_fewest_cards_the_rules_ask():
    hand = "KC QC JC AC QH"                  # four trumps and a queen: one card must go, and it is the queen
    state = State("de-scheicher", dealer=1)
    state.apply(act.Arrange(1, (cards(hand), cards("7S 8S 9S TS 7H")), parse_card("9C"),
                            deal(hand, "7S 8S 9S TS 7H", "9C", "")[3]))
    for action in (act.PROPOSE[0], act.ACCEPT[1]):
        state.apply(action)
    assert KEEP_QUEENS.decide(state, 0).action.cards == cards("QH")


def test_the_study_is_the_same_for_any_number_of_workers_and_another_seed_differs():
    small = replace(STUDY, chunk=150)
    one = small.run(450, seed=3, workers=1)
    assert one == small.run(450, seed=3, workers=2)
    assert one != small.run(450, seed=4, workers=1)
    by = {f.figure.category: f.figure for f in one}
    for siglum in available():
        assert by[f"{siglum}: propose"].deals == by[f"{siglum}: keep"].deals == 450
        split = by[f"{siglum}: propose/jeu"].total + by[f"{siglum}: propose/other"].total
        assert by[f"{siglum}: propose"].total == split


def test_the_figures_are_noted_on_their_rules_units_under_each_ruleset():
    by = {f.figure.category: f for f in STUDY.findings(STUDY.count((1, 0, 40)))}
    assert by["hu-nc: propose"].units == load("hu-nc").cites("score.unproposed-loss")
    assert by["hu-nc: refuse/jeu"].units == load("hu-nc").cites("score.refused-first-proposal")
    assert set(RulePolicy.SHOULD + RulePolicy.KEEP) - set(by["de-scheicher: propose/jeu"].units) == {"en-wiki.s9.p1"}
    assert by["en-short: keep"].units == RulePolicy.KEEP
    assert study("exchange") is STUDY
