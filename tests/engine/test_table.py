"""Table mode: faults are recorded and judged by the witness's ruling; strict mode still refuses them."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from engine import IllegalAction, Options, State, parse_action
from engine.actions import Call, Play
from engine.errors import Code
from engine.irregularities import Case, Choice, Effect, Irregularity, Mode, Role, read_rulings
from engine.phase import DEAL, PLAY, REMEDY, SPEAK, TURNUP
from engine.ruleset import load
from engine_helpers import act, arranged, cards, refused

TABLE = Options(mode=Mode.TABLE)
A_HAND, B_HAND = "QH JH AH 7S 8S", "KS QS 9C 8C 7D"   # hearts trumps: A void in clubs holds trumps


def table(ruleset: str = "hu-nc", turnup: str = "7H", talon: str = "KD QD JD") -> State:
    return arranged(ruleset, A_HAND, B_HAND, turnup, talon, options=TABLE)


# ---- what strict mode refuses, table mode records ----------------------------------------

@pytest.mark.parametrize("lines, strict_code", [
    (["A stand", "A play 7S", "B play QS", "B play 9C", "A play 8S"], Code.MUST_TRUMP),   # a renonce
    (["A stand", "B play KS"], Code.WRONG_TURN),                                        # led out of turn
])
def test_a_fault_strict_mode_refuses_is_played_at_the_table(lines, strict_code):
    strict = arranged("hu-nc", A_HAND, B_HAND, "7H")
    act(strict, *lines[:-1])
    assert refused(strict, lines[-1]) is strict_code
    state = table()
    act(state, *lines)
    assert state.played >> (parse_action(lines[-1]).player << 5) & (1 << parse_action(lines[-1]).card)


@pytest.mark.parametrize("line", ["A look", "A name H", "A fresh-pack", "B call renonce", "A choose keep"])
def test_table_verbs_are_refused_in_strict_mode(line):
    assert refused(arranged("hu-nc", A_HAND, B_HAND, "7H"), line) is Code.STRICT_MODE


def test_a_card_not_in_the_hand_stays_refused_at_the_table():
    state = table()
    act(state, "A stand")
    assert refused(state, "A play KS") is Code.NOT_IN_HAND


# ---- the renonce under each witness ---------------------------------------------------------

def renonce(ruleset: str, call_after_next_lead: bool) -> State:
    state = table(ruleset)
    act(state, "A stand", "A play 7S", "B play QS", "B play 9C", "A play 8S")
    if call_after_next_lead:
        act(state, "B play 8C")
    act(state, "B call renonce")
    return state


@pytest.mark.parametrize("ruleset, after, replayed, open_", [
    ("hu-nc", False, False, False),
    ("hu-nc", True, True, False),
    ("de-scheicher", False, False, False),
    ("de-scheicher", True, True, True),
    ("en-wiki", False, True, True),        # en-wiki gives no free correction
    ("en-wiki", True, True, True),
])
def test_a_renonce_is_corrected_or_replayed_as_the_witness_rules(ruleset, after, replayed, open_):
    state = renonce(ruleset, after)
    if replayed:
        assert state.cards_played == 0 and state.tricks == (0, 0) and sorted(state.hand(0)) == sorted(cards(A_HAND))
    else:                                   # the card is back in A's hand; A must trump now
        assert state.cards_played == 3 and state.turn == 0 and parse_action("A play 8S").card in state.hand(0)
    assert (state.observation(1).open_cards is not None) == open_


def test_the_offender_marks_one_point_less_after_a_replay():
    state = renonce("hu-nc", True)
    act(state, "A play QH", "B play 7D", "A play JH", "B play 8C", "A play AH", "B play 9C",
        "A play 7S", "B play QS", "B play KS", "A play 8S")
    assert state.tricks == (3, 2) and state.score == (0, 0)
    assert "hu-nc.44.2" in state.log[-1].cites


def test_a_renonce_never_called_stands():
    state = table()
    act(state, "A stand", "A play 7S", "B play QS", "B play 9C", "A play 8S", "B play 8C", "A play QH",
        "B play KS", "A play JH", "A play AH", "B play 7D")
    assert state.phase is DEAL and state.tricks == (3, 2) and state.score == (1, 0)


def test_calling_what_did_not_happen_is_refused():
    state = table()
    act(state, "A stand")
    assert refused(state, "B call renonce") is Code.NO_CHOICE


# ---- choices belong to the wronged player -----------------------------------------------

def test_a_lead_out_of_turn_waits_for_the_wronged_players_choice():
    state = table()
    act(state, "A stand", "B play KS")
    assert state.phase is REMEDY and state.to_move == 0
    assert set(map(str, state.legal_actions())) == {"A choose take-back", "A choose keep"}
    assert refused(state, "B choose keep") is Code.IMPOSSIBLE          # never the offender's choice
    assert refused(state, "A choose new-deal") is Code.NO_CHOICE       # not offered
    act(state, "A choose take-back")
    assert state.phase is PLAY and state.turn == 0 and parse_action("B play KS").card in state.hand(1)


def test_playing_to_a_card_led_out_of_turn_keeps_it():
    state = table()
    act(state, "A stand", "B play KS", "A play 7S")
    assert state.tricks == (0, 1) and state.turn == 1


def test_a_remedy_that_voids_the_deal_passes_the_deal_in_hu_nc():
    state = table()
    act(state, "A propose", "B accept", "A discard 7S 8S", "B faced KD", "A choose new-deal")
    assert state.phase is DEAL and state.dealer == 0 and state.score == (0, 0)


# ---- bad input -----------------------------------------------------------------------------

@pytest.mark.parametrize("ruleset, lines, code", [
    ("en-short", ["A stand", "A play 7S", "B play QS", "B play 9C", "A play 8S"], Code.NO_RULING),
    ("en-wiki", ["A look-tricks"], Code.IMPOSSIBLE),                # no trick taken yet
    ("hu-nc", ["B faced 9H"], Code.IMPOSSIBLE),             # 9H is in the talon, not a hand just dealt
    ("hu-nc", ["A short KS"], Code.IMPOSSIBLE),             # A does not hold KS
    ("hu-nc", ["A extra QS"], Code.IMPOSSIBLE),             # QS is B's, not in the talon
    ("hu-nc", ["B turn-up QD"], Code.IMPOSSIBLE),           # the talon's top is KD
])
def test_what_the_engine_cannot_judge_is_refused_with_its_reason(ruleset, lines, code):
    state = table(ruleset)
    act(state, *lines[:-1])
    assert refused(state, lines[-1]) is code


@pytest.mark.parametrize("data, problem", [
    ({"renonce": {"any": {"cites": ["hu-nc.44.2"], "remedy": ["vanish"]}}}, "unknown effect 'vanish'"),
    ({"renonce": {"sometimes": {"cites": ["hu-nc.44.2"], "remedy": ["keep"]}}}, "unknown case"),
    ({"jump": {"any": {"cites": ["hu-nc.1"], "remedy": ["keep"]}}}, "unknown irregularity"),
    ({"renonce": {"any": {"cites": ["en-wiki.s7.p2"], "remedy": ["keep"]}}}, "units of hu-nc"),
    ({"renonce": {"any": {"cites": ["hu-nc.1"], "remedy": ["keep"], "choice": {}}}}, "either remedy"),
    ({"renonce": {"any": {"cites": ["hu-nc.1"], "choice": {"keep": ["keep"]}}}}, "at least two"),
])
def test_a_malformed_ruling_names_its_entry(data, problem):
    with pytest.raises(ValueError, match=problem) as caught:
        read_rulings(data, "hu-nc", "hu-nc.toml")
    assert "hu-nc.toml: irregularities." in str(caught.value)


def test_rulings_are_read_per_case_and_role():
    rulings = load("de-scheicher").rulings
    elder = rulings[Irregularity.EXTRA, Case.IN_PLAY, Role.ELDER]
    assert elder.options[0].effects == (Effect.SET_ASIDE_EXTRA,) and "de-scheicher.12.8.1.a" in elder.cites
    assert rulings[Irregularity.TRICKS_LOOKED, Case.ANY, Role.ANY].option(Choice.OPEN).effects == (Effect.OPEN_HAND,)
    assert not load("en-short").rulings


# ---- undo and copy keep working --------------------------------------------------------------

def undone_step_by_step(lines: list[str]) -> None:
    """Apply the lines at a table, then undo them one by one: each state before must come back."""
    state = table()
    prints = []
    for line in lines:
        prints.append(state.fingerprint())
        act(state, line)
    for before in reversed(prints):
        state.undo()
        assert state.fingerprint() == before


def test_undo_takes_back_faults_and_remedies_one_by_one():
    undone_step_by_step(["A stand", "A play 7S", "B play QS", "B play 9C", "A play 8S", "B play 8C",
                         "B call renonce", "A play QH", "B play 7D"])


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), ruleset=st.sampled_from(["hu-nc", "de-scheicher", "en-wiki"]))
def test_random_faults_and_calls_keep_cards_and_undo(seed, ruleset):
    """Play at random, often against the duty of play, calling renonces: no card is lost, undo restores."""
    rng = random.Random(seed)
    state = table(ruleset)
    act(state, "A stand")
    prints = []
    for _ in range(40):
        if state.phase is not PLAY and state.phase is not REMEDY:
            break
        prints.append(state.fingerprint())
        choices = list(state.legal_actions())
        if state.phase is PLAY:
            p = state.turn
            choices += [Play(p, c) for c in state.hand(p)]                  # lawful or not
            choices += [Call(1 - f.offender, f.kind) for f in state.table.uncalled]
        action = rng.choice(choices)
        try:
            state.apply(action)
        except IllegalAction:
            prints.pop()
            continue
        in_hands = state.hand_mask(0) | state.hand_mask(1)
        assert bin(in_hands).count("1") + bin(state.played).count("1") == 10
    for before in reversed(prints):
        state.undo()
        assert state.fingerprint() == before


def test_a_copy_is_independent_in_table_mode():
    state = table()
    act(state, "A stand", "B play KS")
    other = state.copy()
    act(other, "A choose take-back")
    assert state.phase is REMEDY and other.phase is PLAY


@pytest.mark.parametrize("lines", [
    ["A stand", "A play 7S", "B drop QS", "B play 9C"],          # dropped onto the card led: played
    ["A stand", "A drop 8S", "B play 9C", "A play 7S"],          # dropped by the leader: B plays to it
    ["A stand", "A drop 8S", "A play QH"],                       # the leader leads another card
])
def test_undo_across_a_dropped_card(lines):
    undone_step_by_step(lines)


def test_a_deal_can_wait_for_its_turn_up_at_the_table():
    from engine import Arrange
    strict = State("hu-nc", dealer=1)
    deal = Arrange(1, (cards(A_HAND), cards(B_HAND)), cards("7H")[0],
                   tuple(c for c in range(32) if c not in cards(A_HAND + " " + B_HAND + " 7H")), turned=False)
    with pytest.raises(IllegalAction) as caught:
        strict.apply(deal)
    assert caught.value.code is Code.STRICT_MODE
    state = State("de-scheicher", dealer=1, options=TABLE)
    before = state.fingerprint()
    state.apply(deal)
    assert state.phase is TURNUP and [str(a) for a in state.legal_actions()] == ["B turn"]
    assert refused(state, "A look") is Code.WRONG_PHASE and refused(state, "A turn") is Code.WRONG_TURN
    act(state, "B turn", "A look")
    assert state.phase is SPEAK and state.to_move == 0
    for _ in range(3):
        state.undo()
    assert state.fingerprint() == before


def test_a_choice_kept_for_the_exchange_falls_due_when_the_elder_discards():
    state = table("de-scheicher", talon="KD QD JD")
    act(state, "B turn-up KD")
    assert state.phase is SPEAK and state.table.deferred is not None      # the game goes on
    act(state, "A propose", "B accept")
    assert state.phase is REMEDY and [str(a) for a in state.legal_actions()] == ["A choose take", "A choose set-aside"]
    act(state, "A choose set-aside", "A discard 7S")
    assert parse_action("A play QD").card in state.hand(0)                  # KD was put away


def test_a_choice_kept_for_the_exchange_lapses_if_the_elder_stands():
    state = table("de-scheicher", talon="KD QD JD")
    act(state, "B turn-up KD", "A stand")
    assert state.phase is PLAY and refused(state, "A choose set-aside") is Code.NO_CHOICE
    act(state, "A play 7S", "B play QS", "B play 9C", "A play QH", "A play JH", "B play 8C", "A play AH",
        "B play 7D", "A play 8S", "B play KS")
    assert state.phase is DEAL                       # the deal was played out without the choice


@pytest.mark.parametrize("line", ["A extra KD", "B short KS", "A leave", "B turn-up KD", "B expose KS",
                                  "A false-pack", "B reshuffle"])
def test_what_a_witness_does_not_rule_on_is_refused_and_changes_nothing(line):
    state = table("en-wiki")
    assert refused(state, line) in (Code.NO_RULING, Code.WRONG_PHASE)


def test_a_refused_action_during_a_remedy_changes_nothing():
    state = table()
    act(state, "A stand", "B play KS")                 # led out of turn: A may keep it by playing on
    assert refused(state, "A play KD") is Code.NOT_IN_HAND
    assert refused(state, "B play QS") is Code.WRONG_TURN
    assert state.phase is REMEDY


def test_a_refused_play_to_a_dropped_card_changes_nothing():
    state = table()
    act(state, "A stand", "A drop 8S")
    assert refused(state, "B play KD") is Code.NOT_IN_HAND
    assert state.led < 0


def test_the_named_suit_is_spent_once_a_card_led_against_it_stands():
    state = table()
    act(state, "A stand", "A name S", "A play QH", "B choose keep", "B play 7D")
    act(state, "A play JH")                            # A won; his next lead is free
    assert state.cards_played == 3


def test_the_dealer_is_offered_the_mark_of_a_turned_up_king_until_he_looks():
    state = table(turnup="KH", talon="KD QD JD")
    assert "B mark-king" in [str(a) for a in state.legal_actions()]
    act(state, "B look")
    assert "B mark-king" not in [str(a) for a in state.legal_actions()]


def test_apply_index_keeps_table_mode_books_as_apply_does():
    one, two = table(), table()
    one.apply(parse_action("A propose"))
    two.apply_index([str(a) for a in two.legal_actions()].index("A propose"))
    assert one.fingerprint() == two.fingerprint()


def test_a_ruling_may_not_take_back_what_was_never_played():
    with pytest.raises(ValueError, match="take-back"):
        read_rulings({"leave": {"any": {"cites": ["hu-nc.53"], "remedy": ["take-back"]}}}, "hu-nc", "hu-nc.toml")


def test_the_elder_may_name_his_discard_before_the_choice_kept_for_his_exchange():
    first, second = table("de-scheicher", talon="KD QD JD"), table("de-scheicher", talon="KD QD JD")
    act(first, "B turn-up KD", "A propose", "B accept", "A choose set-aside", "A discard 7S")
    act(second, "B turn-up KD", "A propose", "B accept", "A discard 7S")
    assert refused(second, "A discard 8S") is Code.WRONG_TURN          # one discard is held, not two
    act(second, "A choose set-aside")
    assert first.fingerprint()[:-2] == second.fingerprint()[:-2]           # the same game, the history aside
