"""Play by sampling: it plays double-dummy when it knows every card, never rules out a card the other
player could hold, draws hands consistent with what it knows, and the studies built on it."""
import random

import pytest

from engine.cards import FULL, mask_of, shuffled, suit_of
from engine.dd_compiled import value
from engine.duty import lawful
from engine.pimc_compiled import _draw, _ruled_out, play

BOTH = 0b11


def deals(count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        pack = shuffled(rng)
        yield mask_of(pack[:5]), mask_of(pack[5:10]), suit_of(pack[10]), 1 << pack[10]


def test_seeing_every_card_it_plays_the_double_dummy_value():
    for a, b, trump, hidden in deals(2000, 1):
        assert play(a, b, trump, hidden, 0, 0, 0, 0, 0, 0, 0, -1) == value(a, b, trump, 0)


def test_sampling_players_shown_each_other_hands_play_the_double_dummy_value():
    """Every sample is then the true hand: the choices by sampled totals are the double-dummy ones."""
    for seed, (a, b, trump, hidden) in enumerate(deals(2000, 2)):
        leader = seed % 2
        tricks_a = value(a, b, trump, 0) if leader == 0 else 5 - value(a, b, trump, 1)
        assert play(a, b, trump, hidden, leader, BOTH, 3, seed, a, b, 0, -1) == tricks_a


def test_a_given_first_lead_is_played():
    """Seeing every card after a given first lead, the play is worth that lead's double-dummy value."""
    from engine.cards import cards_of
    from engine.dd_compiled import _search
    differ = 0
    for a, b, trump, hidden in deals(300, 5):
        worth = {card: _search(a, b, trump, 0, 5, 1 << card, -1) >> 10 for card in cards_of(a)}
        assert {card: play(a, b, trump, hidden, 0, 0, 0, 0, 0, 0, 0, card) for card in worth} == worth
        differ += len(set(worth.values())) > 1
    assert differ > 100                         # the first lead matters in many deals


def test_the_same_seed_plays_the_same_and_sampling_differs_from_seeing():
    found = [play(a, b, t, h, 0, BOTH, 8, 7, 0, 0, 0, -1) for a, b, t, h in deals(3000, 3)]
    assert found == [play(a, b, t, h, 0, BOTH, 8, 7, 0, 0, 0, -1) for a, b, t, h in deals(3000, 3)]
    assert found != [value(a, b, t, 0) for a, b, t, _ in deals(3000, 3)]


def test_the_cards_ruled_out_are_exactly_those_the_answer_shows_the_player_lacks():
    """A hand holding the answer played to `led` could have played it exactly when it holds no card ruled out."""
    rng = random.Random(4)
    lawful_seen = unlawful_seen = 0
    for _ in range(5000):
        pack = shuffled(rng)
        led, answer, trump = pack[0], pack[1], rng.randrange(4)
        hand = mask_of(pack[1:6])                    # holds the answer and four other cards
        unseen = FULL & ~(1 << led) & ~(1 << answer)
        could = bool(lawful(hand, led, trump) >> answer & 1)
        assert could == (_ruled_out(unseen, led, answer, trump) & hand == 0)
        lawful_seen += could
        unlawful_seen += not could
    assert lawful_seen > 500 and unlawful_seen > 500


def test_a_marked_king_is_known_only_from_the_card_it_is_marked_before():
    """Shown from the start or from the second card, the same deals play differently in some deals."""
    differ = sum(play(a, b, t, h, 0, BOTH, 8, i, 0, b, 0, -1) != play(a, b, t, h, 0, BOTH, 8, i, 0, b, 1, -1)
                 for i, (a, b, t, h) in enumerate(deals(1500, 6)))
    assert differ > 0


@pytest.mark.parametrize("pool, shown, k", [(FULL, 0, 5), (0b1111_0000, 0b1_0000, 4), (0b1110, 0b10, 1)])
def test_a_drawn_hand_holds_the_cards_shown_and_others_from_the_pool(pool, shown, k):
    for _ in range(200):
        hand = _draw(pool, shown, k)
        assert hand.bit_count() == k and hand & shown == shown and hand & ~pool == 0


def test_the_sampled_study_is_the_same_for_any_number_of_workers():
    from engine.studies import study
    sampled = study("jeux-de-regle-sampled")
    assert sampled.run(3000, seed=3, workers=1) == sampled.run(3000, seed=3, workers=2)


def test_the_strategy_study_measures_the_advised_lead_and_the_marked_king():
    from engine.studies import study
    findings = study("strategy").run(1500, seed=2, workers=2)
    assert findings == study("strategy").run(1500, seed=2, workers=1)
    perfect = [f.figure for f in findings if "both seeing every card" in f.measure]
    assert len(perfect) == 3 and all(m.mean <= 0 for m in perfect) and any(m.mean < 0 for m in perfect)
    kings = [f.figure for f in findings if f.figure.category.startswith("king:")]
    assert len(kings) == 6 and {k.deals for k in kings} == {1500}
    assert all(f.figure.deals > 100 for f in findings if f.figure.category.startswith("lead:"))
