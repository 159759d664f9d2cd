"""engine/formats/money.py: stakes balanced by rank, a side's shares, the transfers of a settled partie."""
from fractions import Fraction

import pytest

from engine.formats.money import HOUSE, Medium, Stake, Transfer, amount_text, by_rank, net, settle, shares


def test_by_rank_takes_stakes_in_rank_order_and_splits_the_one_that_crosses_the_limit():
    stakes = [Stake("Bob", "P", Fraction(15)), Stake("Ann", "P", Fraction(10), Medium.CASH),
              Stake("Cy", "P", Fraction(5)), Stake("Dan", "P", Fraction(4))]
    standing, returned = by_rank(stakes, Fraction(20), ["Cy", "Ann", "Bob"])       # Dan has no rank: last
    assert standing == [Stake("Cy", "P", Fraction(5)), Stake("Ann", "P", Fraction(10), Medium.CASH),
                        Stake("Bob", "P", Fraction(5))]
    assert returned == [Stake("Bob", "P", Fraction(10)), Stake("Dan", "P", Fraction(4))]


def test_by_rank_keeps_everything_under_the_limit_and_nothing_at_a_limit_of_nothing():
    stakes = [Stake("Ann", "P", Fraction(3)), Stake("Bob", "P", Fraction(7, 2))]
    assert by_rank(stakes, Fraction(10), ["Ann", "Bob"]) == (stakes, [])
    assert by_rank(stakes, Fraction(0), ["Ann", "Bob"]) == ([], stakes)
    assert by_rank(stakes, Fraction(-2), ["Ann", "Bob"]) == ([], stakes)


def test_shares_give_the_player_at_the_cards_the_rest_of_his_side():
    side = [Stake("P", "P", Fraction(10)), Stake("Ann", "P", Fraction(5)), Stake("Ann", "P", Fraction(1))]
    assert shares(side, "P", Fraction(16)) == {"Ann": Fraction(6), "P": Fraction(10)}
    assert shares(side, "P", Fraction(30)) == {"Ann": Fraction(6), "P": Fraction(24)}    # declared above the stakes


def test_shares_with_a_surplus_leave_the_player_less_than_nothing():
    # his backers laid 30 on a side he declared at 20: he answers for the 10 (hu-nc.58)
    side = [Stake("Ann", "P", Fraction(20)), Stake("Bob", "P", Fraction(10))]
    found = shares(side, "P", Fraction(20))
    assert found == {"Ann": Fraction(20), "Bob": Fraction(10), "P": Fraction(-10)}
    assert sum(found.values()) == 20


def test_settle_pays_through_the_payer_less_the_cagnotte_and_spares_the_exempt():
    transfers = settle({"W": Fraction(10), "Wb": Fraction(10)}, {"L": Fraction(15), "Lb": Fraction(5)},
                       "croupier", Fraction(5, 100), exempt=["W"])
    assert transfers == [
        Transfer("L", "croupier", Fraction(15), "stake lost"),
        Transfer("Lb", "croupier", Fraction(5), "stake lost"),
        Transfer("croupier", "W", Fraction(10), "stake won"),
        Transfer("croupier", "Wb", Fraction(19, 2), "stake won"),
        Transfer("croupier", HOUSE, Fraction(1, 2), "cagnotte on Wb's winnings"),
    ]
    assert net(transfers) == {"L": -15, "Lb": -5, "croupier": 0, "W": 10, "Wb": Fraction(19, 2),
                              HOUSE: Fraction(1, 2)}


def test_settle_pays_a_negative_share_the_other_way_and_takes_no_cagnotte_on_it():
    # the winning player answers for 5 his backers laid beyond his side's total of 20
    transfers = settle({"W": Fraction(-5), "Wb": Fraction(25)}, {"L": Fraction(20)}, "croupier",
                       Fraction(1, 10))
    assert Transfer("W", "croupier", Fraction(5), "stake won") in transfers
    assert not any(t.payee == HOUSE and "W's" in t.why for t in transfers)
    assert net(transfers) == {"L": -20, "croupier": 0, "W": -5, "Wb": Fraction(45, 2), HOUSE: Fraction(5, 2)}
    # a losing player's negative share: he is paid it
    back = settle({"W": Fraction(20)}, {"L": Fraction(-5), "Lb": Fraction(25)}, "croupier", Fraction(0))
    assert Transfer("croupier", "L", Fraction(5), "stake lost") in back


def test_settle_moves_nothing_from_the_payer_to_himself():
    transfers = settle({"W": Fraction(10)}, {"L": Fraction(6), "Lb": Fraction(4)}, "L", Fraction(0))
    assert transfers == [Transfer("Lb", "L", Fraction(4), "stake lost"), Transfer("L", "W", Fraction(10), "stake won")]


def test_settle_refuses_sides_that_do_not_balance():
    with pytest.raises(ValueError, match="do not balance"):
        settle({"W": Fraction(10)}, {"L": Fraction(9)}, "croupier", Fraction(0))


@pytest.mark.parametrize("amount,text", [
    (Fraction(10), "10"), (Fraction(-3), "-3"), (Fraction(0), "0"), (Fraction(1, 2), "0.5"),
    (Fraction(19, 20), "0.95"), (Fraction(-5, 2), "-2.5"), (Fraction(1, 3), "1/3"), (Fraction(1, 8), "1/8"),
    (Fraction(2469135, 2), "1234567.5"), (Fraction(123456789, 100), "1234567.89"), (Fraction(-1, 20), "-0.05"),
])
def test_amount_text_is_whole_decimal_to_the_hundredth_or_a_fraction(amount, text):
    assert amount_text(amount) == text
