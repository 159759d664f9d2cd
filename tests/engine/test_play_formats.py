"""`ecarte play --format`: a table of several players in the terminal, driven by scripted answers."""
import io
import sys
from fractions import Fraction

import pytest

from ecarte.cli import main
from engine.formats.actions import SittingAct, Verb
from engine.formats.session import Agreement, Format, Session
from engine.formats.sitting_play import StakePolicy, play_table
from engine.options import Options
from engine.ruleset import load


def sit(fmt, answers, *, ruleset="de-scheicher", names=("you", "P2", "P3", "P4"), person="you", parties=3,
        seed=4, stake=10):
    out = io.StringIO()
    settled = play_table(load(ruleset), Format(fmt), tuple(names), person, stake=Fraction(stake), parties=parties,
                         input=iter(answers), output=out, seed=seed)
    return settled, out.getvalue()


TABLES = [("a-deux-cotes", "hu-nc", ("P1", "you", "P3", "P4", "P5")),
          ("a-deux-cotes", "de-scheicher", ("P1", "P2", "you")),
          ("a-deux-cotes", "en-wiki", ("you", "P2")),
          ("chouette", "hu-nc", ("P1", "you", "P3", "P4")),
          ("chouette", "hu-nc", ("you", "P2", "P3", "P4")),
          ("chouette", "de-scheicher", ("you", "P2", "P3")),
          ("chouette", "en-wiki", ("P1", "P2", "P3", "you", "P5")),
          ("pool", "en-wiki", ("P1", "P2", "you")),
          ("pool", "hu-nc", ("you", "P2", "P3"))]


@pytest.mark.parametrize("fmt,ruleset,names", TABLES)
def test_taking_every_advice_plays_the_parties_and_the_settlement_balances(fmt, ruleset, names):
    settled, out = sit(fmt, [""] * 3000, ruleset=ruleset, names=names, parties=4)
    assert out.count("wins the partie") == 4 and "Settlement after 4 parties" in out
    assert "cannot begin" not in out and "not allowed" not in out      # the advice and the policy are accepted
    assert set(settled) >= set(names) | {"cagnotte"} and sum(settled.values()) == 0
    assert "pays out" in out or fmt == "pool"
    assert out.count("You play A") + out.count("You play B") + out.count("play it out by the jeux de règle") == 4


def test_the_same_seed_and_answers_give_the_same_table():
    first = sit("chouette", [""] * 3000, seed=8)
    assert sit("chouette", [""] * 3000, seed=8) == first
    assert sit("chouette", [""] * 3000, seed=9)[1] != first[1]


def test_the_cagnotte_keeps_its_share_under_de_scheicher():
    settled, out = sit("a-deux-cotes", [""] * 3000, names=("P1", "P2", "P3", "you"), parties=2)
    assert settled["cagnotte"] > 0 and "the cagnotte keeps" in out and "stakes.cagnotte: de-scheicher.13.7" in out


def test_the_persons_own_stake_stands_and_is_paid():
    # you (place 3) watch P1 and P2; P4 has laid 10 on P1 before you are asked
    settled, out = sit("a-deux-cotes", ["bet 25 on P2", ""], names=("P1", "P2", "you", "P4"), parties=1)
    assert "you lays 25 on P2" in out and "P1 (A) and P2 (B) play it out by the jeux de règle" in out
    winner = "P1" if "P1 wins the partie" in out else "P2"
    # P1's side holds 20 (P4's 10 and his own), P2's 35: by rank P2's own 10 stands and 10 of your 25
    assert "returned 15 to you" in out
    assert settled["you"] == (Fraction(19, 2) if winner == "P2" else -10)


def test_refused_and_unknown_acts_are_explained_and_asked_again():
    answers = ["help", "dance", "bet 10 on P4", "look P1", "bet 10 on P1", "look P2", "look P1", ""] + [""] * 3000
    _, out = sit("a-deux-cotes", answers, names=("P1", "P2", "you", "P4"), parties=1)
    assert "declare 30" in out                                                        # the help
    assert "Not understood: unknown sitting's verb 'dance'" in out
    assert "Not allowed: not-playing: P4 is not at the cards" in out
    assert "Not allowed: no-stake: you has no stake in the game" in out               # look before a stake
    assert "you lays 10 on P1" in out and "you looks at P1's cards" in out
    assert "Not allowed: not-his-player" in out                                        # P2 is not his player


def test_pass_lays_nothing():
    settled, out = sit("a-deux-cotes", ["pass"] + [""] * 3000, names=("P1", "P2", "you"), parties=1)
    assert "you lays" not in out and settled["you"] == 0


def test_a_declared_total_the_sides_do_not_meet_is_refused_until_it_is_met():
    # hu-nc.58: the two players declare equal totals; P1 declares what his side will hold (30)
    answers = ["bet 10 on you", "declare 15", "", "declare 30", ""] + [""] * 3000
    _, out = sit("a-deux-cotes", answers, ruleset="hu-nc", names=("P1", "you", "P3", "P4", "P5"), parties=1)
    assert "The partie cannot begin: unequal-stakes: P1's side holds 30, you's 15" in out
    assert "you totals his side at 30" in out and "the sides balance at 30" in out


def test_leaving_ends_the_table_with_the_parties_settled():
    settled, out = sit("chouette", ["", "quit"], names=("P1", "P2", "you", "P4"), parties=3)
    assert "You leave the table." in out and "Settlement after 1 partie:" in out and sum(settled.values()) == 0


def test_leaving_in_the_middle_of_a_partie_settles_nothing_of_it():
    settled, out = sit("chouette", ["", "", "quit"], names=("P1", "you", "P3"), parties=3)
    assert "You leave the game." in out and "You leave the table." in out and "Settlement after 0 parties" in out
    assert settled["P1"] == -1 and settled["cagnotte"] == 1                 # only the levy on the bank laid


def test_the_chouette_hand_holds_half_his_side_and_the_chouetteur_holds_the_coup():
    session = Session(load("hu-nc"), Format.CHOUETTE, ("K", "H", "X", "Y"))
    policy = StakePolicy(Fraction(10))
    for who in ("X", "Y"):
        for action in policy.backing(session, who):
            session.act(action)
    assert policy.playing(session, "H") == [SittingAct("H", Verb.BET, Fraction(20), "H")]
    for action in policy.playing(session, "H") + policy.playing(session, "K"):
        session.act(action)
    session.begin()
    assert session.stakes.held and sum(s.amount for s in session.stakes.standing) == 40


def test_a_banker_lays_a_bank_for_the_players_against_him_and_backers_even_the_sides():
    banco = Session(load("de-scheicher"), Format.CHOUETTE, ("K", "H", "X", "Y"))
    policy = StakePolicy(Fraction(5))
    assert policy.backing(banco, "K") == [SittingAct("K", Verb.BANK, Fraction(15))]
    table = Session(load("en-wiki"), Format.DEUX_COTES, ("A", "B", "C", "D", "E"))
    for who in ("C", "D", "E"):
        for action in policy.backing(table, who):
            table.act(action)
    assert [(s.backer, s.side) for s in table.stakes.laid] == [("C", "A"), ("D", "B"), ("E", "A")]
    assert policy.backing(Session(load("en-wiki"), Format.POOL, ("A", "B", "C"), Agreement()), "C") == []


def test_the_two_player_game_is_unchanged_by_default(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 500))
    assert main(["play", "--seed", "11", "--ruleset", "en-wiki"]) == 0
    out = capsys.readouterr().out
    assert "wins the game" in out and "Settlement" not in out and "Partie 1" not in out


def test_the_command_plays_a_table(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 3000))
    assert main(["play", "--format", "chouette", "--players", "4", "--seat", "3", "--ruleset", "de-scheicher",
                 "--stake", "2.5", "--parties", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "P1, P2, you, P4. You play as you, place 3" in out and "P1 lays a bank of 7.5" in out
    assert "Settlement after 2 parties" in out


def test_the_command_takes_names(monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n" * 3000))
    assert main(["play", "--format", "pool", "--names", "Ann,Bob,Cy", "--seat", "2", "--parties", "1",
                 "--ruleset", "en-wiki", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "You play as Bob, place 2" in out and "Ann, Bob, Cy pay 10 each into the pool" in out


@pytest.mark.parametrize("argv,message", [
    (["--format", "chouette", "--players", "2"], "chouette needs more players"),
    (["--format", "pool", "--players", "4"], "pool écarté is for exactly three players"),
    (["--format", "a-deux-cotes", "--players", "1"], "--players must be at least 2"),
    (["--format", "a-deux-cotes", "--seat", "4"], "--seat must be a place from 1 to 3"),
    (["--format", "a-deux-cotes", "--stake", "ten"], "--stake must be an amount"),
    (["--format", "a-deux-cotes", "--stake", "-5"], "--stake must be more than nothing"),
    (["--format", "a-deux-cotes", "--parties", "0"], "--parties must be at least 1"),
    (["--format", "a-deux-cotes", "--as", "B"], "--as is for a game of two"),
    (["--format", "a-deux-cotes", "--names", "Ann,Bob,Ann"], "a player is written twice"),
    (["--format", "a-deux-cotes", "--names", "Ann,Mary Lou"], "names without spaces"),
    (["--format", "a-deux-cotes", "--names", "Ann,cagnotte"], "keep the table's money"),
    (["--format", "a-deux-cotes", "--names", "Ann,Bob", "--players", "3"], "--players 3 but --names gives 2"),
    (["--players", "4"], "--players need --format"),
])
def test_bad_options_are_one_line_and_exit_2(argv, message, capsys):
    assert main(["play", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("ecarte play: ") and message in err and err.count("\n") == 1


def test_max_points_and_lot_scoring_reach_the_parties():
    out = io.StringIO()
    play_table(load("hu-nc"), Format.CHOUETTE, ("P1", "P2", "you"), "you", stake=Fraction(10), parties=1,
               input=iter([""] * 3000), output=out, seed=2, options=Options(lot_scoring=True))
    assert "the win counts once: no lot among several players" in out.getvalue()
