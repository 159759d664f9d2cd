"""The catalogue of rules, parameters and policies with their units, for `ecarte xref`."""
from engine import catalog, rules_by_unit
from engine.citations import describe_unit
from engine.rules import RULES


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
