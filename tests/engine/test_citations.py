"""The catalogue of rules, parameters and policies with their units, for `ecarte xref`."""
import pytest

from engine import IllegalAction, catalog, explain, parse_action, rules_by_unit
from engine.citations import describe_unit
from engine.errors import Code
from engine.events import EventKind
from engine.rules import PARAMS, RULES

from engine_helpers import act, arranged


def test_every_rule_is_catalogued_with_units_under_every_ruleset():
    entries = {r.id: r for r in catalog().rules}
    assert set(RULES) <= set(entries)
    for rule_id in RULES:
        assert set(entries[rule_id].cites) == {"hu-nc", "de-scheicher", "en-wiki", "en-short"}
        assert all(entries[rule_id].cites.values()) or rule_id == "draw.tie"


def test_units_map_to_the_rules_that_implement_them():
    found = rules_by_unit()
    assert found["hu-nc.44.1"] == ["play.must-follow", "play.must-overtake", "play.must-trump"]
    assert "policy.jeux-de-regle" in found["en-wiki.s9.p1.b.i2"]
    assert "play.must-trump" in found["de-scheicher.7.1"]


def test_parameters_show_their_inheritance():
    [entry] = [p for p in catalog().params if p.ruleset == "de-scheicher" and p.name == "lot_table"]
    assert entry.inherited_from == "en-wiki" and "de-scheicher.15.2" in entry.cites
    assert catalog().as_json()["params"][0]["ruleset"]


def test_a_unit_inherited_by_another_ruleset_says_so():
    lines = describe_unit("en-wiki.s7.p1.i3")
    assert "play.must-trump (de-scheicher): de-scheicher.7.1; inherited from en-wiki: en-wiki.s7.p1, en-wiki.s7.p1.i3" in lines
    assert any(line.startswith("play.must-trump (en-wiki)") for line in lines)


# ---- every event cites the decision it reports, not the whole of a rule ------------------

def _events(state, kind, player=None):
    """The events of one kind in a state's log (of one player if given)."""
    return [e for e in state.log if e.kind is kind and (player is None or e.player == player)]


def _exchanged(ruleset):
    """A deal of `ruleset` with one exchange (A discards 7S 9C, B discards 8D), then a refusal."""
    state = arranged(ruleset, "KH QH JH 7S 9C", "KS QS JS AS 8D", "7D", "8S TD")
    act(state, "A propose", "B accept", "A discard 7S 9C", "B discard 8D", "A propose", "B refuse")
    return state


def test_an_acceptance_cites_the_acceptance_not_the_refusal_penalty():
    state = _exchanged("hu-nc")
    [accept] = _events(state, EventKind.ACCEPT)
    [refuse] = _events(state, EventKind.REFUSE)
    assert accept.rule == "exchange.accept" and "hu-nc.35" in accept.cites
    assert "hu-nc.40" not in accept.cites
    assert refuse.rule == "exchange.refuse" and "hu-nc.37" in refuse.cites


def test_a_discard_cites_the_discarder_s_rule_not_the_turn_up():
    state = _exchanged("hu-nc")
    [elder], [dealer] = _events(state, EventKind.DISCARD, 0), _events(state, EventKind.DISCARD, 1)
    assert (elder.rule, dealer.rule) == ("exchange.elder-discard", "exchange.dealer-discard")
    for event in (elder, dealer):
        assert event.cites == ("hu-nc.35",)
    assert "hu-nc.13" in state.ruleset.cites("exchange.talon")


def test_a_refused_discard_cites_the_discarder_s_rule():
    state = arranged("hu-nc", "KH QH JH 7S 9C", "KS QS JS AS 8D", "7D")
    act(state, "A propose", "B accept")
    with pytest.raises(IllegalAction) as caught:
        state.apply(parse_action("A discard"))
    assert caught.value.rule == "exchange.elder-discard" and caught.value.cites == ("hu-nc.35",)


def test_a_king_marked_by_the_dealer_cites_the_dealer_s_window():
    marked, late = (arranged("hu-nc", "AH QH JH 7S 9C", "KH QS JS AS 8D", "7H") for _ in range(2))
    act(marked, "A stand", "A play 7S", "B mark-king")
    [king] = _events(marked, EventKind.POINTS, 1)
    assert king.rule == "king.dealer-window" and set(king.cites) == {"hu-nc.26", "hu-nc.28"}
    act(late, "A stand", "A play 7S", "B play AS")
    with pytest.raises(IllegalAction) as caught:
        late.apply(parse_action("B mark-king"))
    assert caught.value.code is Code.TOO_LATE and caught.value.cites == king.cites


def test_an_inherited_value_s_event_says_where_it_comes_from():
    state = _exchanged("en-wiki")                   # en-wiki inherits the order of the exchange from hu-nc
    lines = dict(zip((e.kind for e in state.log), explain(state.log, state.ruleset)))
    assert "exchange.accept: en-wiki.s6.p1; inherited from hu-nc: hu-nc.35, hu-nc.37" in lines["accept"]
    assert "inherited from" not in lines["refuse"]   # en-wiki states its refusal itself
    scheicher = _exchanged("de-scheicher")          # de-scheicher's §9.6 is broken: refusal from en-wiki
    [refuse] = [line for line in explain(scheicher.log, scheicher.ruleset) if "refuses" in line]
    assert refuse.endswith("exchange.refuse: de-scheicher.9.4, de-scheicher.9.6;"
                           " inherited from en-wiki: en-wiki.s6.p1")


def test_every_parameter_is_read_by_a_rule():
    read = {p for rule in RULES.values() for p in rule.params}
    assert read == set(PARAMS)
