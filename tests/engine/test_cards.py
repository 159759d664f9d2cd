"""The pack as ints and bit sets."""
import random
from collections import Counter
from math import factorial

import pytest

from engine.cards import (HIGHER, PACK, card_name, cards_of, is_pack, mask_of, parse_card, rank_of,
                          shuffled, suit_of)


def test_pack_order_is_the_talon_completion_order():
    assert [card_name(c) for c in PACK[:9]] == ["KS", "QS", "JS", "AS", "TS", "9S", "8S", "7S", "KH"]


def test_ten_may_be_written_10():
    assert parse_card("10H") == parse_card("TH") == parse_card("th")


@pytest.mark.parametrize("text", ["1H", "KX", "K", "KHH", ""])
def test_unknown_cards_are_refused(text):
    with pytest.raises(ValueError):
        parse_card(text)


def test_higher_holds_the_cards_of_the_suit_that_beat_a_card():
    ace = parse_card("AH")
    assert {card_name(c) for c in cards_of(HIGHER[ace])} == {"KH", "QH", "JH"}
    assert HIGHER[parse_card("KS")] == 0


def test_suit_and_rank():
    ten = parse_card("TD")
    assert (suit_of(ten), rank_of(ten)) == (2, 4)


def test_cards_of_inverts_mask_of():
    some = (0, 9, 17, 31)
    assert cards_of(mask_of(some)) == some


def test_shuffled_is_a_pack():
    rng = random.Random(1)
    assert all(is_pack(shuffled(rng)) for _ in range(100))
    assert not is_pack(PACK[:31] + (0,))


def test_shuffled_puts_every_card_on_top_about_equally():
    rng = random.Random(2)
    tops = Counter(shuffled(rng)[0] for _ in range(32000))
    assert len(tops) == 32 and min(tops.values()) > 800 and max(tops.values()) < 1200


def test_the_shuffles_draws_cover_their_ranges():
    from engine.cards import _HIGH_STEPS, _LOW_STEPS
    # each draw of k random bits must reach every value below its bound (else some orders never occur)
    assert 2 ** 60 < _HIGH_STEPS < 2 ** 61 and 2 ** 56 < _LOW_STEPS < 2 ** 57
    assert _HIGH_STEPS * _LOW_STEPS == factorial(32)
