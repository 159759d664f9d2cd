"""One test per clause of the rules of play, named after the behaviour it proves."""
import pytest

from engine import Batches, Deal, Draw, Options, Phase, State, parse_card
from engine.cards import PACK
from engine.errors import Code
from engine.events import EventKind

from engine_helpers import act, arranged, cards, refused

SPADES_FOR_B = "KS QS JS AS TS"
HEARTS_FOR_A = "KH QH JH AH TH"


def play_out(state, *plays):
    act(state, *plays)
    return state


# ---- the draw and the deal ---------------------------------------------------------------

def test_hu_nc_ace_counts_lowest_and_the_lower_card_deals():
    state = State("hu-nc")
    state.apply(Draw((parse_card("AS"), parse_card("KH"))))
    assert state.dealer == 0


def test_de_scheicher_higher_card_deals():
    state = State("de-scheicher")
    state.apply(Draw((parse_card("AS"), parse_card("KH"))))
    assert state.dealer == 1


def test_equal_cards_in_the_draw_are_drawn_again():
    state = State("hu-nc")
    state.apply(Draw((parse_card("9S"), parse_card("9H"))))
    assert state.phase is Phase.DRAW and state.log[-1].player is None


def test_deal_gives_the_elder_the_first_batch():
    state = State("hu-nc", dealer=1)
    state.apply(Deal(1, PACK, 2, Batches.THREE_TWO))                       # cut: KS QS go beneath
    # after the cut: JS AS TS | 9S 8S 7S | KH QH | JH AH | TH
    assert state.hand(0) == cards("JS AS TS KH QH") and state.hand(1) == cards("9S 8S 7S JH AH")
    assert state.turnup == parse_card("TH") and state.talon[-2:] == cards("KS QS")


def test_dealing_two_then_three():
    state = State("hu-nc", dealer=1)
    state.apply(Deal(1, PACK, 2, Batches.TWO_THREE))                       # JS AS | TS 9S | 8S 7S KH | QH JH AH
    assert state.hand(0) == cards("JS AS 8S 7S KH")


def test_the_batches_bind_the_dealer_who_chose_them_in_hu_nc():
    state = State("hu-nc", dealer=1, score=(0, 0))
    state.apply(Deal(1, PACK, 2, Batches.TWO_THREE))
    state.dealer, state.phase = 0, state.phase.DEAL          # skip to A's first deal: his own choice
    state.apply(Deal(0, PACK, 2, Batches.THREE_TWO))
    state.dealer, state.phase = 1, state.phase.DEAL          # B's second deal: bound by his first
    assert refused_deal(state, Deal(1, PACK, 2, Batches.THREE_TWO)) is Code.BAD_DEAL
    state.apply(Deal(1, PACK, 2, Batches.TWO_THREE))
    assert state.batches == (Batches.THREE_TWO, Batches.TWO_THREE)


def test_a_deal_names_its_batches_by_their_member_not_a_string():
    with pytest.raises(TypeError, match="Batches member, not '2-3'"):
        Deal(1, PACK, 2, "2-3")


def refused_deal(state, deal):
    from engine import IllegalAction
    with pytest.raises(IllegalAction) as caught:
        state.apply(deal)
    return caught.value.code


def test_de_scheicher_deals_three_then_two_only():
    assert refused_deal(State("de-scheicher", dealer=1), Deal(1, PACK, 2, Batches.TWO_THREE)) is Code.BAD_DEAL


@pytest.mark.parametrize("cut", [0, 1, 31, 32])
def test_each_packet_of_the_cut_keeps_two_cards(cut):
    assert refused_deal(State("hu-nc", dealer=1), Deal(1, PACK, cut, Batches.THREE_TWO)) is Code.BAD_DEAL


def test_a_pack_must_hold_every_card_once():
    assert refused_deal(State("hu-nc", dealer=1), Deal(1, PACK[:31] + (0,), 16, Batches.THREE_TWO)) == "bad-deal"


def test_only_the_dealer_deals():
    assert refused_deal(State("hu-nc", dealer=1), Deal(0, PACK, 16, Batches.THREE_TWO)) is Code.WRONG_TURN


def test_the_deal_passes_after_every_deal():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    play_out(state, "A stand", "A play KH", "B play KS", "A play QH", "B play QS", "A play JH", "B play JS",
             "A play AH", "B play AS", "A play TH", "B play TS")
    assert state.phase is Phase.DEAL and state.dealer == 0


# ---- the king ----------------------------------------------------------------------------

def test_a_turned_up_king_marks_a_point_for_the_dealer():
    state = arranged("hu-nc", "QH JH AH TH 9H", SPADES_FOR_B, "KH")
    assert state.score == (0, 1) and state.deal_points == (0, 1)


def test_a_turned_up_king_at_four_ends_the_game_at_once():
    state = arranged("de-scheicher", "QH JH AH TH 9H", SPADES_FOR_B, "KH", score=(2, 4))
    assert state.phase is Phase.OVER and state.winner == 1 and state.score == (2, 5)
    assert refused(state, "A stand") is Code.GAME_OVER


def test_the_elder_marks_the_held_king_before_his_first_lead():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand", "A mark-king")
    assert state.score == (1, 0)


def test_the_elder_may_not_mark_after_leading():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand", "A play QH")
    assert refused(state, "A mark-king") is Code.TOO_LATE


def test_hu_nc_elder_who_led_the_king_marks_before_the_reply():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand", "A play KH", "A mark-king")
    assert state.score == (1, 0)


def test_de_scheicher_elder_who_led_the_king_is_too_late():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand", "A play KH")
    assert refused(state, "A mark-king") is Code.TOO_LATE


def test_the_dealer_marks_after_the_first_lead_before_playing():
    state = arranged("hu-nc", "QS JS AS TS 9S", "KH QH JH AH TH", "7H")
    act(state, "A stand", "A play QS", "B mark-king")
    assert state.score == (0, 1)


def test_the_dealer_may_not_mark_after_playing_to_the_first_trick():
    state = arranged("hu-nc", "QS JS AS TS 9S", "KH QH JH AH TH", "7H")
    act(state, "A stand", "A play QS", "B play KH")
    assert refused(state, "B mark-king") is Code.TOO_LATE


def test_en_short_dealer_must_mark_before_the_first_lead():
    state = arranged("en-short", "QS JS AS TS 9S", "KH QH JH AH TH", "7H")
    act(state, "A stand", "A play QS")
    assert refused(state, "B mark-king") is Code.TOO_LATE


def test_an_announcement_keeps_the_mark_open_until_the_second_lead():
    state = arranged("hu-nc", "KH QS JS 9C 8C", "AH KS 7S KD QD", "7H")
    act(state, "A stand", "A announce-king", "A play QS", "B play KS")
    act(state, "B play 7S")
    assert refused(state, "A mark-king") is Code.TOO_LATE


def test_an_announced_king_is_marked_before_the_second_lead():
    state = arranged("hu-nc", "KH QS JS 9C 8C", "AH KS 7S KD QD", "7H")
    act(state, "A stand", "A announce-king", "A play QS", "B play KS", "A mark-king")
    assert state.score == (1, 0)


def test_rulesets_without_announcement_refuse_it():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand")
    assert refused(state, "A announce-king") is Code.WRONG_PHASE


def test_marking_a_king_not_held_is_refused():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand")
    assert refused(state, "B mark-king") is Code.NO_KING


def test_the_king_is_marked_once():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand", "A mark-king")
    assert refused(state, "A mark-king") is Code.ALREADY_MARKED


def test_the_king_is_not_marked_during_the_exchange():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    assert refused(state, "A mark-king") is Code.WRONG_PHASE


def test_at_four_points_the_king_is_marked_at_once_and_wins():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H", score=(4, 0))
    act(state, "A mark-king")
    assert state.phase is Phase.OVER and state.winner == 0


def test_marking_the_king_is_optional():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    play_out(state, "A stand", "A play KH", "B play KS", "A play QH", "B play QS", "A play JH", "B play JS",
             "A play AH", "B play AS", "A play TH", "B play TS")
    assert state.score == (2, 0)


# ---- the exchange ------------------------------------------------------------------------

def test_the_elder_speaks_first():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    assert refused(state, "B propose") is Code.WRONG_TURN


def test_a_proposal_is_answered_by_the_dealer():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose")
    assert refused(state, "A accept") is Code.WRONG_TURN
    act(state, "B accept")
    assert state.phase is Phase.DISCARD and state.to_move == 0


def test_a_refusal_begins_the_play():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B refuse")
    assert state.phase is Phase.PLAY
    assert refused(state, "A propose") is Code.WRONG_PHASE


def test_discards_are_replaced_from_the_top_of_the_talon():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H", "9C 8C 7C")
    act(state, "A propose", "B accept", "A discard TH AH", "B discard TS")
    assert state.hand(0) == cards("KH QH JH 9C 8C") and state.hand(1) == cards("KS QS JS AS 7C")
    assert state.phase is Phase.SPEAK and state.talon_left == 18


def test_the_elder_discards_at_least_one_card():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept")
    assert refused(state, "A discard") is Code.BAD_DISCARD


def test_a_card_discarded_twice_is_refused():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept")
    assert refused(state, "A discard KH KH") is Code.BAD_DISCARD


def test_discarding_a_card_not_held_is_refused_before_other_faults():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept")
    assert refused(state, "A discard KS KS") is Code.NOT_IN_HAND


def test_the_dealer_may_keep_his_cards():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept", "A discard TH", "B discard")
    assert state.phase is Phase.SPEAK


def test_en_short_dealer_who_stands_pat_ends_the_exchange():
    state = arranged("en-short", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept", "A discard TH", "B discard")
    assert state.phase is Phase.PLAY


def test_the_turnup_is_never_drawn():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    assert parse_card("7H") not in state.talon and len(state.talon) == 21


def exhaust_talon(ruleset):
    """Two full exchanges of five and five leave one card in the talon."""
    state = arranged(ruleset, HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept", "A discard KH QH JH AH TH", "B discard KS QS JS AS TS")
    hand_a, hand_b = state.hand(0), state.hand(1)
    act(state, "A propose", "B accept")
    state.apply(parse_discard(0, hand_a))
    state.apply(parse_discard(1, hand_b))
    return state


def parse_discard(player, hand):
    from engine import Discard
    return Discard(player, tuple(hand))


def test_proposals_go_on_until_the_talon_is_used_up():
    state = exhaust_talon("hu-nc")
    assert state.talon_left == 1 and state.phase is Phase.SPEAK
    hand = state.hand(0)
    act(state, "A propose", "B accept")
    state.apply(parse_discard(0, hand[:1]))
    assert state.talon_left == 0 and state.phase is Phase.PLAY
    assert refused(state, "A propose") is Code.TALON_EMPTY


def test_hu_nc_elder_asking_more_than_the_talon_takes_back_his_latest_discards():
    state = exhaust_talon("hu-nc")
    hand = state.hand(0)
    act(state, "A propose", "B accept")
    state.apply(parse_discard(0, hand[:3]))
    assert state.hand(0) == tuple(sorted(hand[1:] + (state.talon[-1],)))
    assert state.discards[0][-1] == hand[0] and state.phase is Phase.PLAY


def test_de_scheicher_dealer_discards_no_more_than_the_talon_holds():
    state = arranged("de-scheicher", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A propose", "B accept", "A discard KH QH JH AH TH", "B discard KS QS JS AS TS")
    for elder, dealer in ((4, 4), (1, None)):
        act(state, "A propose", "B accept")
        state.apply(parse_discard(0, state.hand(0)[:elder]))
        if dealer:
            state.apply(parse_discard(1, state.hand(1)[:dealer]))
    assert state.talon_left == 2 and state.to_move == 1
    assert refused(state, "B discard " + " ".join(map(_name, state.hand(1)[:3]))) == "bad-discard"
    state.apply(parse_discard(1, state.hand(1)[:2]))
    assert state.phase is Phase.PLAY


def _name(card):
    from engine import card_name
    return card_name(card)


# ---- the play ----------------------------------------------------------------------------

def test_the_elder_leads_first():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand")
    assert refused(state, "B play KS") is Code.WRONG_TURN


def test_a_card_not_held_is_refused():
    state = arranged("hu-nc", HEARTS_FOR_A, SPADES_FOR_B, "7H")
    act(state, "A stand")
    assert refused(state, "A play KS") is Code.NOT_IN_HAND


def test_the_follower_must_follow_suit():
    state = arranged("hu-nc", "KH QH JH AH 7S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 7S")
    assert refused(state, "B play QC") is Code.MUST_FOLLOW


def test_the_follower_must_overtake_when_he_can():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 9S")
    assert refused(state, "B play 8S") is Code.MUST_OVERTAKE
    act(state, "B play KS")


def test_a_follower_who_cannot_beat_plays_any_card_of_the_suit():
    state = arranged("hu-nc", "KS QH JH AH 9H", "8S 7S QC JC TD", "9D")
    act(state, "A stand", "A play KS", "B play 8S")


def test_a_follower_void_in_the_suit_must_trump():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8D KD QC JC TC", "9D")
    act(state, "A stand", "A play 9S")
    assert refused(state, "B play QC") is Code.MUST_TRUMP
    act(state, "B play 8D")
    assert state.tricks == (0, 1)


def test_a_follower_void_without_trumps_plays_any_card():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8C KC QC JC TC", "9D")
    act(state, "A stand", "A play 9S", "B play 8C")
    assert state.tricks == (1, 0)


def test_an_off_suit_card_does_not_take_the_trick():
    state = arranged("hu-nc", "KH QH JH AH 7S", "KC QC JC TC 9C", "9D")
    act(state, "A stand", "A play 7S", "B play KC")
    assert state.tricks == (1, 0)


def test_the_duties_are_checked_follow_before_overtake_before_trump():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 9S")
    assert refused(state, "B play TD") is Code.MUST_FOLLOW


def test_the_winner_of_a_trick_leads_the_next():
    state = arranged("hu-nc", "KH QH JH AH 9S", "8S KS QC JC TD", "9D")
    act(state, "A stand", "A play 9S", "B play KS")
    assert state.to_move == 1
    assert refused(state, "A play KH") is Code.WRONG_TURN


# ---- scoring -----------------------------------------------------------------------------

def deal_won(ruleset, tricks_for_a, *, opening=("A stand",), **kw):
    """A deal where A (elder) takes `tricks_for_a` tricks (3, 4 or 5) with hearts against B's spades."""
    a = {5: HEARTS_FOR_A, 4: "KH QH JH AH 7S", 3: "KH QH JH 7S 8S"}[tricks_for_a]
    state = arranged(ruleset, a, SPADES_FOR_B, "7D", **kw)
    act(state, *opening)
    plays = {5: ["A play KH", "B play KS", "A play QH", "B play QS", "A play JH", "B play JS",
                 "A play AH", "B play AS", "A play TH", "B play TS"],
             4: ["A play KH", "B play TS", "A play QH", "B play AS", "A play JH", "B play JS",
                 "A play AH", "B play QS", "A play 7S", "B play KS"],
             3: ["A play KH", "B play TS", "A play QH", "B play AS", "A play JH", "B play JS",
                 "A play 7S", "B play KS", "B play QS", "A play 8S"]}[tricks_for_a]
    act(state, *plays)
    assert state.tricks[0] == tricks_for_a
    return state


def dealer_vole_after_d_autorite(ruleset):
    """A stands with spades; B, the dealer, holds the hearts, which are trumps, and takes all five."""
    state = arranged(ruleset, SPADES_FOR_B, HEARTS_FOR_A, "7H")
    act(state, "A stand", "A play KS", "B play KH", "B play QH", "A play QS", "B play JH", "A play JS",
        "B play AH", "A play AS", "B play TH", "A play TS")
    return state


def test_three_tricks_mark_one_point():
    assert deal_won("hu-nc", 3).deal_points == (1, 0)


def test_four_tricks_mark_one_point():
    assert deal_won("hu-nc", 4).deal_points == (1, 0)


def test_the_vole_marks_two_points():
    assert deal_won("hu-nc", 5).deal_points == (2, 0)


def test_hu_nc_refused_first_proposal_lost_gives_the_elder_two_in_all():
    assert deal_won("hu-nc", 3, opening=("A propose", "B refuse")).deal_points == (2, 0)


def test_hu_nc_refused_first_proposal_vole_is_still_two():
    assert deal_won("hu-nc", 5, opening=("A propose", "B refuse")).deal_points == (2, 0)


def test_en_wiki_refused_first_proposal_adds_one_to_the_vole():
    assert deal_won("en-wiki", 5, opening=("A propose", "B refuse")).deal_points == (3, 0)


def test_en_short_refused_first_proposal_gives_two_regardless():
    assert deal_won("en-short", 5, opening=("A propose", "B refuse")).deal_points == (2, 0)


def test_only_the_first_proposal_refused_counts():
    state = arranged("hu-nc", "KH QH JH 7S 9C", SPADES_FOR_B, "7D", "8S")
    act(state, "A propose", "B accept", "A discard 9C", "B discard", "A propose", "B refuse",
        "A play KH", "B play TS", "A play QH", "B play AS", "A play JH", "B play JS",
        "A play 7S", "B play KS", "B play QS", "A play 8S")
    assert state.tricks == (3, 2) and state.deal_points == (1, 0)


def test_hu_nc_elder_who_played_without_proposing_and_lost_gives_two_in_all():
    assert dealer_vole_after_d_autorite("hu-nc").deal_points == (0, 2)


def test_de_scheicher_inherits_one_more_for_a_lost_d_autorite():
    state = dealer_vole_after_d_autorite("de-scheicher")
    assert state.deal_points == (0, 3)
    assert state.log[-1].rule == "score.unproposed-loss"
    assert "inherited from en-wiki" in state.ruleset.describe("score.unproposed-loss")


def test_the_agreed_maximum_counts_the_king():
    state_points = deal_won("en-wiki", 5, opening=("A propose", "B refuse"),
                            options=Options(max_points_per_deal=3)).deal_points
    assert state_points == (3, 0)
    king = arranged("en-wiki", "KD QH JH AH TH", "KS QS JS AS TS", "7D", options=Options(max_points_per_deal=3))
    act(king, "A propose", "B refuse", "A mark-king", "A play KD", "B play KS", "A play QH", "B play QS",
        "A play JH", "B play JS", "A play AH", "B play AS", "A play TH", "B play TS")
    assert king.deal_points == (3, 0) and any(e.kind is EventKind.CAPPED for e in king.log)


def test_points_beyond_the_target_are_not_marked():
    state = deal_won("hu-nc", 5, score=(4, 1))
    assert state.score == (5, 1) and state.deal_points == (1, 0) and state.winner == 0


def test_reaching_five_ends_the_game():
    state = deal_won("hu-nc", 3, score=(4, 0))
    assert state.phase is Phase.OVER
    assert refused(state, "A propose") is Code.GAME_OVER


@pytest.mark.parametrize("loser, lot", [(0, 3), (1, 2), (2, 2), (3, 1), (4, 1)])
def test_lot_scoring_counts_by_the_losers_points(loser, lot):
    state = deal_won("hu-nc", 5, score=(4, loser), options=Options(lot_scoring=True))
    assert state.lot == lot


def test_without_lot_scoring_a_game_counts_once():
    assert deal_won("hu-nc", 5, score=(4, 0)).lot == 1
