"""The state's API: refusals change nothing, copy and undo, observations, immutable values."""
import dataclasses
import random

import pytest

from engine import (CODES, Batches, Deal, IllegalAction, Phase, Play, Stand, State, parse_action, shuffled)
from engine.errors import Code
from engine.policies import RandomPolicy

from engine_helpers import act, arranged, refused


def random_game(seed: int, ruleset: str = "hu-nc") -> State:
    """A game played to its end by random policies, dealt from seeded shuffles."""
    rng = random.Random(seed)
    state = State(ruleset, dealer=seed % 2)
    policy = RandomPolicy(rng)
    while state.phase is not Phase.OVER:
        if state.phase is Phase.DEAL:
            state.apply(Deal(state.dealer, shuffled(rng), rng.randint(2, 30),
                             state.batches[state.dealer] or Batches.THREE_TWO))
        else:
            state.apply(policy.decide(state, state.to_move).action)
    return state


def test_a_refused_action_carries_its_code_and_units():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 9S")
    with pytest.raises(IllegalAction) as caught:
        state.apply(parse_action("B play 8S"))
    assert caught.value.code is Code.MUST_OVERTAKE and caught.value.cites == ("hu-nc.44.1",)
    assert caught.value.code.value in CODES                # a code of the contract


def test_a_refused_action_leaves_the_state_and_log_unchanged():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 9S")
    log = list(state.log)
    for line in ("B play 8S", "B play QC", "A play KH", "B propose", "B play 7C", "A mark-king"):
        refused(state, line)
    assert state.log == log


def test_undo_restores_every_earlier_state():
    rng = random.Random(5)
    state = State("hu-nc", dealer=0)
    policy = RandomPolicy(rng)
    fingerprints = []
    while state.phase is not Phase.OVER and len(fingerprints) < 60:
        fingerprints.append(state.fingerprint())
        if state.phase is Phase.DEAL:
            state.apply(Deal(state.dealer, shuffled(rng), 16, state.batches[state.dealer] or Batches.THREE_TWO))
        else:
            state.apply(policy.decide(state, state.to_move).action)
    while fingerprints:
        state.undo()
        assert state.fingerprint() == fingerprints.pop()


def test_undo_returns_the_action_taken_back():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand")
    assert state.undo() == Stand(0) and state.phase is Phase.SPEAK


def test_a_copy_is_independent():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    other = state.copy()
    act(other, "A stand", "A play 9S")
    assert state.phase is Phase.SPEAK and len(state.log) < len(other.log)
    other.undo()
    assert state.phase is Phase.SPEAK


def test_every_legal_action_is_accepted():
    rng = random.Random(3)
    policy = RandomPolicy(rng)
    for dealer in (0, 1) * 5:
        state = State("hu-nc", dealer=dealer)
        state.apply(Deal(dealer, shuffled(rng), 16, Batches.THREE_TWO))
        while state.phase not in (Phase.DEAL, Phase.OVER):
            for action in state.legal_actions():
                state.copy().apply(action)
            state.apply(policy.decide(state, state.to_move).action)


def test_legal_actions_of_one_player():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9H")
    assert [str(a) for a in state.legal_actions(0)] == ["A stand", "A propose"]
    assert state.legal_actions(1) == ()


def test_apply_index_plays_the_listed_action():
    rng = random.Random(11)
    for dealer in (0, 1) * 5:
        by_action, by_index = State("hu-nc", dealer=dealer), State("hu-nc", dealer=dealer)
        deal = Deal(dealer, shuffled(rng), 16, Batches.THREE_TWO)
        by_action.apply(deal)
        by_index.apply(deal)
        while by_action.phase not in (Phase.DEAL, Phase.OVER):
            legal = by_action.legal_actions()
            assert by_index.legal_actions() == legal and isinstance(legal, tuple)
            i = rng.randrange(len(legal)) if by_action.phase is not Phase.DISCARD else 0
            by_action.apply(legal[i])
            by_index.apply_index(i)
            assert by_index.fingerprint() == by_action.fingerprint() and by_index.log == by_action.log


def test_the_listed_actions_follow_every_change():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    assert [str(a) for a in state.legal_actions()] == ["A stand", "A propose"]
    refused(state, "B play 8S")
    assert [str(a) for a in state.legal_actions()] == ["A stand", "A propose"]
    act(state, "A stand")
    assert [str(a) for a in state.legal_actions()] == ["A play 9S", "A play KH", "A play QH", "A play JH",
                                                       "A play AH"]
    state.apply_index(0)                                      # A leads 9S: B must overtake
    assert [str(a) for a in state.legal_actions()] == ["B play KS"]
    state.undo()
    assert [str(a) for a in state.legal_actions()][0] == "A play 9S"
    assert [str(a) for a in state.copy().legal_actions()][0] == "A play 9S"


def test_a_card_outside_the_pack_is_not_in_hand():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand")
    for card in (-1, 32, 40):
        with pytest.raises(IllegalAction) as caught:
            state.apply(Play(0, card))
        assert caught.value.code is Code.NOT_IN_HAND


def test_a_copy_holds_every_field():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A propose", "B accept")
    other = state.copy()
    for name in State.__slots__:
        assert getattr(other, name) == getattr(state, name), name


def test_an_observation_shows_only_the_players_own_cards():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    seen = state.observation(0)
    assert seen.hand == state.hand(0) and seen.talon_left == 21 and seen.phase is Phase.SPEAK
    assert not set(dataclasses.asdict(seen)) & {"talon", "hands"}


def test_actions_and_cards_are_immutable_values():
    play = Play(0, 5)
    with pytest.raises(dataclasses.FrozenInstanceError):
        play.card = 6
    assert play == Play(0, 5) and hash(play) == hash(Play(0, 5)) and play != Stand(0)


@pytest.mark.parametrize("text", ["A stand", "B propose", "B accept", "B refuse", "A discard 7S TH",
                                  "B discard", "A mark-king", "B announce-king", "A play KH"])
def test_action_notation_reads_back(text):
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", ["C play KH", "A jump", "A play", "A play KH QH", "A stand KH", "A play ZZ"])
def test_malformed_action_notation_is_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_a_whole_random_game_under_each_ruleset_ends():
    for ruleset in ("hu-nc", "de-scheicher", "en-wiki", "en-short"):
        assert random_game(7, ruleset).winner in (0, 1)


def test_the_package_example_runs():
    import doctest

    import engine
    assert doctest.testmod(engine).failed == 0
