"""engine/formats/session.py: a refused act changes nothing; a malformed sitting scenario names its file and line."""
import copy
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from engine.errors import Code, IllegalAction
from engine.formats.actions import SittingAct, Verb, parse_sitting_act
from engine.formats.partie import PartieResult
from engine.formats.session import Agreement, Format, Session
from engine.ruleset import load
from engine.scenario import ScenarioError, load_scenario
from sitting_strategies import draw_act, draw_closing, draw_result, draw_table


def state(session: Session) -> dict:
    """Everything a session holds but its ruleset (compared by identity), copied."""
    return {k: copy.deepcopy(v) for k, v in vars(session).items() if k != "ruleset"}


def refused_act(session: Session, line: str) -> Code:
    """The code refusing a sitting's act, checking that the session is unchanged."""
    before = state(session)
    with pytest.raises(IllegalAction) as raised:
        session.act(parse_sitting_act(line))
    assert state(session) == before
    return raised.value.code


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_refused_act_leaves_the_table_as_it_was(data):
    table = draw_table(data)
    session = table.session
    for _ in range(data.draw(st.integers(1, 4), label="parties")):
        acts = [draw_act(data, session) for _ in range(data.draw(st.integers(0, 12), label="acts"))]
        for action in acts + draw_closing(data, session) + [SittingAct("croupier", Verb.BEGIN)]:
            before = state(session)
            try:
                session.act(action)
            except IllegalAction:
                assert state(session) == before, action
        if session.stakes.standing is not None:
            session.settle(draw_result(data, table.ruleset))


def test_refusals_of_each_kind_restore_the_snapshot():
    hu = Session(load("hu-nc"), Format.CHOUETTE, ("Kal", "Ada", "Bea", "Cil"))
    hu.act(parse_sitting_act("Bea bet 10 on Ada"))
    assert refused_act(hu, "Cil bet 5 on Kal") is Code.NEEDS_LEAVE
    assert refused_act(hu, "Kal hold") is Code.HALF_INTEREST            # Ada holds nothing of her side
    assert refused_act(hu, "Bea bet 5 on Zed") is Code.NOT_PLAYING
    assert refused_act(hu, "Zed speak") is Code.NOT_AT_TABLE
    assert refused_act(hu, "Kal give-up") is Code.WRONG_MOMENT          # stakes are laid
    hu.act(parse_sitting_act("Ada bet 10 on Ada"))
    hu.act(parse_sitting_act("Kal hold"))
    assert refused_act(hu, "Cil bet 5 on Ada") is Code.STAKES_HELD
    de = Session(load("de-scheicher"), Format.DEUX_COTES, ("Ann", "Bob", "Cy"))
    de.act(parse_sitting_act("Cy bet 10 on Ann"))
    assert refused_act(de, "Cy bet 10 on Bob") is Code.NOT_AT_TABLE     # a backer on both sides
    assert refused_act(de, "Cy look Bob") is Code.NOT_HIS_PLAYER
    assert refused_act(de, "croupier bet 10 on Bob") is Code.NOT_AT_TABLE
    assert refused_act(de, "croupier join") is Code.NOT_AT_TABLE


def test_a_newcomer_asks_to_join_once():
    hu = Session(load("hu-nc"), Format.CHOUETTE, ("Kal", "Ada", "Bea", "Cil"))
    hu.act(parse_sitting_act("Nel join"))
    assert refused_act(hu, "Nel join") is Code.NOT_AT_TABLE        # asked twice, he would be written in twice
    hu.act(parse_sitting_act("Nel bet 5 on Ada"))
    assert hu.order.count("Nel") == 1 and "Nel" not in hu.applicants


def test_a_refused_begin_keeps_the_stakes_laid():
    hu = Session(load("hu-nc"), Format.DEUX_COTES, ("Ann", "Bob", "Cy", "Dan"))
    for line in ("Cy bet 10 on Ann", "Dan bet 5 on Bob"):
        hu.act(parse_sitting_act(line))
    assert refused_act(hu, "Cy begin") is Code.UNEQUAL_STAKES
    assert [s.amount for s in hu.stakes.laid] == [10, 5] and hu.stakes.standing is None


def test_an_auction_refused_at_the_begin_is_undone():
    fixed = Session(load("de-scheicher"), Format.CHOUETTE, ("Ann", "Bob", "Cy"), Agreement(fixed_bank=True))
    assert refused_act(fixed, "Ann begin") is Code.NO_BANK                # nobody has bid
    assert fixed.chouetteur is None and fixed.order == ("Ann", "Bob", "Cy")


def test_two_alone_a_deux_cotes_play_on_and_neither_may_give_up_his_hand():
    two = Session(load("hu-nc"), Format.DEUX_COTES, ("Ann", "Bob"))
    assert refused_act(two, "Ann renounce") is Code.NOT_AT_TABLE
    two.act(parse_sitting_act("Ann bet 10 on Ann"))
    two.act(parse_sitting_act("Bob bet 10 on Bob"))
    two.settle(PartieResult(0, (5, 2), 2, 1))
    assert two.at_cards == ("Ann", "Bob") and two.order == ("Ann", "Bob")


def test_the_table_s_accounts_are_nobody_s_names():
    with pytest.raises(IllegalAction, match="keep the table's money"):
        Session(load("en-wiki"), Format.POOL, ("Ann", "pool", "Cy"), Agreement(pool_stake=Fraction(5)))


def test_a_newcomer_written_before_the_ponte_does_not_hold_the_bank_twice():
    # de-scheicher.14.7.1: the winning ponte takes the bank; a newcomer written in before him stays a player
    de = Session(load("de-scheicher"), Format.CHOUETTE, ("Kal", "Ada", "Bea"))
    for line in ("Kal bank 20", "Nel join", "Nel bet 5 on Ada"):
        de.act(parse_sitting_act(line))
    assert de.order == ("Nel", "Ada", "Bea")
    de.settle(PartieResult(1, (3, 5), 1, 0))
    assert de.chouetteur == "Ada" and "Ada" not in de.order and de.at_cards == ("Ada", "Nel")


_HEADER = 'id = "en-wiki.s12.p1-x"\ncites = ["en-wiki.s12.p1"]\nruleset = "en-wiki"\n'


def scenario_error(tmp_path, body: str) -> ScenarioError:
    path = tmp_path / "table.toml"
    path.write_text(_HEADER + body, encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        found = load_scenario(path)
        found.play(load(found.ruleset))
    error = raised.value
    assert error.path == str(path) and str(error).startswith(f"{path}:{error.line}: ")
    return error


def test_a_player_in_two_places_is_a_scenario_error(tmp_path):
    error = scenario_error(tmp_path, '[sitting]\nformat = "a-deux-cotes"\nplayers = ["Ann", "Bob", "Ann"]\n')
    assert error.line == 6 and "Ann is written twice: a player in two places" in error.message


def test_an_unknown_verb_is_a_scenario_error_at_its_line(tmp_path):
    error = scenario_error(tmp_path, '[sitting]\nformat = "a-deux-cotes"\nplayers = ["Ann", "Bob", "Cy"]\n'
                                     '[[partie]]\nactions = ["Cy bet 10 on Ann",\n  "Cy dance"]\n')
    assert error.line == 9 and "unknown sitting's verb 'dance'" in error.message


def test_an_unknown_refusal_code_is_a_scenario_error(tmp_path):
    error = scenario_error(tmp_path, '[sitting]\nformat = "a-deux-cotes"\nplayers = ["Ann", "Bob", "Cy"]\n'
                                     '[[partie]]\nactions = ["Cy speak !hush"]\n')
    assert error.line == 8 and "unknown code !hush" in error.message


@pytest.mark.parametrize("result,message", [
    ("Ann 3:5", 'result must read "WINNER 5:3"'),
    ("Ann", 'result must read "WINNER 5:3"'),
    ("Ann 5:x", 'result must read "WINNER 5:3"'),
    ("Cy 5:3", "Cy is not at the cards (Ann, Bob)"),
])
def test_a_bad_result_is_a_scenario_error_at_its_line(tmp_path, result, message):
    error = scenario_error(tmp_path, '[sitting]\nformat = "a-deux-cotes"\nplayers = ["Ann", "Bob", "Cy"]\n'
                                     f'[[partie]]\nactions = ["Cy bet 10 on Ann"]\nresult = "{result}"\n')
    assert error.line == 9 and message in error.message


def test_who_takes_a_given_up_hand_gets_back_his_stakes_on_the_other_side():
    hu = Session(load("hu-nc"), Format.DEUX_COTES, ("Ann", "Bob", "Cy"))
    for line in ("Cy bet 10 on Bob", "Ann bet 5 on Ann"):
        hu.act(parse_sitting_act(line))
    hu.act(parse_sitting_act("Ann renounce"))          # Cy takes Ann's hand, against Bob
    assert hu.at_cards == ("Cy", "Bob")
    assert [(s.backer, s.side) for s in hu.stakes.laid] == [("Ann", "Ann")]
    assert "Cy now plays: his stakes on Bob are returned" in [n.text for n in hu.notes]
