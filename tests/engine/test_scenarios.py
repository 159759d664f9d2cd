"""Scenario files: malformed ones are errors naming the file and the reason; the runner's verdicts."""
import textwrap

import pytest

from engine.conformance import Status, comparable_text, coverage, quote_found, run
from engine.scenario import ScenarioError, load_scenario

GOOD = """
id = "t.vole"
cites = ["hu-nc.43"]
ruleset = "hu-nc"
description = "A vole marks two."
quote = "a ki mind az öt ütést (vole) megcsinálja, két pontot jelez"

[[deal]]
dealer = "B"
hands = { A = ["KH", "QH", "JH", "AH", "TH"], B = ["KS", "QS", "JS", "AS", "TS"] }
turnup = "7H"
actions = [
  "A play KH", "B play KS", "A play QH", "B play QS", "A play JH", "B play JS",
  "A play AH", "B play AS", "A play TH", "B play TS",
]
[deal.expect]
tricks = { A = 5, B = 0 }
points = { A = 2, B = 0 }
"""
TEXTS = {"hu-nc.43": "A ki legalább három ütést csinál, az egy pontot, a ki mind az öt ütést (vole) "
                     "megcsinálja, két pontot jelez.", "hu-nc.44.1": "Színre színt kell adni"}


def write(tmp_path, text, name="s.toml"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def only(report):
    [result] = report.results
    return result


def test_a_good_scenario_passes(tmp_path):
    result = only(run([write(tmp_path, GOOD)], TEXTS))
    assert result.status is Status.PASS, result.message
    assert any("score.vole: hu-nc.43" in line for line in result.explanation)


def test_a_wrong_expectation_fails(tmp_path):
    result = only(run([write(tmp_path, GOOD.replace("points = { A = 2", "points = { A = 3"))]))
    assert result.status is Status.FAIL and "points A 2, B 0" in result.message


def test_an_expected_refusal_that_is_accepted_fails(tmp_path):
    result = only(run([write(tmp_path, GOOD.replace('"A play KH",', '"A play KH !must-follow",'))]))
    assert result.status is Status.FAIL and "accepted" in result.message


def test_an_unexpected_refusal_fails_and_names_its_line(tmp_path):
    path = write(tmp_path, GOOD.replace('"B play KS"', '"B play 9C"'))
    result = only(run([path]))
    assert result.status is Status.FAIL and f"{path}:13:" in result.message and "not-in-hand" in result.message


def test_an_elders_play_implies_the_stand(tmp_path):
    result = only(run([write(tmp_path, GOOD)]))
    assert any("without proposing (d'autorité)" in line for line in result.explanation)


@pytest.mark.parametrize("change, reason", [
    (("[[deal]]", "[[deal]"), "bad TOML"),
    (('"KH", "QH"', '"KX", "QH"'), "unknown card 'KX'"),
    (('"KH", "QH"', '"KH", "KH"'), "KH is twice in hand A"),
    (('turnup = "7H"', 'turnup = "KS"'), "KS is in hand B and in the turn-up"),
    (('"A play KH"', '"A jump KH"'), "unknown verb 'jump'"),
    (('"A play KH"', '"A play KH !nope"'), "unknown error code !nope"),
    (('ruleset = "hu-nc"', 'ruleset = "xx"'), "unknown ruleset 'xx'"),
    (('dealer = "B"', 'dealer = "C"'), "dealer must be \"A\" or \"B\""),
    (('[deal.expect]', '[deal.expects]'), "unknown key 'expects'"),
    (('"QS", "JS", "AS", "TS"]', '"QS", "JS", "AS"]'), "hand B must list five cards"),
    (('cites = ["hu-nc.43"]', 'cites = []'), "cites must be a non-empty list"),
])
def test_malformed_scenarios_are_errors_naming_file_and_reason(tmp_path, change, reason):
    path = write(tmp_path, GOOD.replace(*change))
    result = only(run([path]))
    assert result.status is Status.ERROR
    assert str(path) in result.message and reason in result.message


def test_bad_toml_names_its_line(tmp_path):
    path = write(tmp_path, GOOD.replace("[[deal]]", "[[deal]"))
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.line == 8


def test_a_duplicate_id_is_an_error(tmp_path):
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD, "b.toml")
    report = run([tmp_path])
    assert [r.status for r in report.results] == ["pass", "error"]
    assert "duplicate scenario id" in report.results[1].message


def test_a_drifted_quote_is_an_error(tmp_path):
    result = only(run([write(tmp_path, GOOD)], {"hu-nc.43": "something else"}))
    assert result.status is Status.ERROR and "quote has drifted" in result.message


def test_citing_an_unknown_unit_is_an_error(tmp_path):
    result = only(run([write(tmp_path, GOOD)], {"hu-nc.44.1": "x"}))
    assert result.status is Status.ERROR and "unknown unit hu-nc.43" in result.message


def test_quotes_match_across_hyphenation_whitespace_case_and_typography():
    text = "ha az első kiosztásnál az ellenfél proponálás nélkül (d’autorité) ki-\njátszott : és"
    assert quote_found("Proponálás  nélkül (d'autorité) kijátszott: és", text)
    assert quote_found("az első … kijátszott", text)
    assert not quote_found("kijátszott … az első", text)
    assert comparable_text("Élutasítja") != comparable_text("elutasítja")


def test_the_runner_reports_json_as_the_contract_says(tmp_path):
    report = run([write(tmp_path, GOOD)])
    data = report.as_json()
    assert set(data) == {"scenarios", "summary"} and data["summary"] == {"pass": 1, "fail": 0, "error": 0}
    assert set(data["scenarios"][0]) == {"id", "file", "status", "message"}
    assert {unit: [(r.id, r.status.value) for r in results] for unit, results in report.by_unit().items()} \
        == {"hu-nc.43": [("t.vole", "pass")]}


def test_coverage_counts_units_cited_by_passing_scenarios(tmp_path):
    report = run([write(tmp_path, GOOD)])
    units = [("hu-nc.43", "hu-nc", True, True), ("hu-nc.44", "hu-nc", True, True),
             ("hu-nc.front", "hu-nc", False, True), ("en-short.p2", "en-short", True, True),
             ("hu-nc-ocr1.43", "hu-nc-ocr1", True, True)]
    found = {c.witness: c for c in coverage(report, units)}
    assert set(found) == {"hu-nc", "en-short"}
    assert found["hu-nc"].covered == ("hu-nc.43",) and found["hu-nc"].uncovered == ("hu-nc.44",)


def test_a_draw_scenario(tmp_path):
    text = """
    id = "t.draw"
    cites = ["hu-nc.9.1"]
    ruleset = "hu-nc"
    [draw]
    A = "AS"
    B = "7H"
    dealer = "B"
    """
    result = only(run([write(tmp_path, text)]))
    assert result.status is Status.FAIL and "expects B to deal first" in result.message


def test_a_dealt_scenario_checks_the_hands(tmp_path):
    text = """
    id = "t.dealt"
    cites = ["hu-nc.13"]
    ruleset = "hu-nc"
    [[deal]]
    dealer = "B"
    pack = ["9C", "8C", "KH", "QH", "JH", "KS", "QS", "JS", "AH", "TH", "AS", "TS", "7H"]
    cut = 2
    batches = "3-2"
    [deal.expect]
    hands = { A = ["KH", "QH", "JH", "AH", "TH"], B = ["KS", "QS", "JS", "AS", "TS"] }
    turnup = "7H"
    """
    assert only(run([write(tmp_path, text)])).status is Status.PASS


def test_a_dealt_scenario_names_known_batches(tmp_path):
    path = write(tmp_path, """
    id = "t.dealt-badly"
    cites = ["hu-nc.13"]
    ruleset = "hu-nc"
    [[deal]]
    dealer = "B"
    pack = ["9C"]
    cut = 2
    batches = "4-1"
    """)
    with pytest.raises(ScenarioError) as caught:
        load_scenario(path)
    assert caught.value.line == 9 and "batches must be one of '3-2', '2-3', not '4-1'" in str(caught.value)


def test_advice_follows_the_jeux_de_regle(tmp_path):
    text = """
    id = "t.advice"
    cites = ["en-wiki.s9.p1.a"]
    ruleset = "en-wiki"
    [[deal]]
    dealer = "B"
    hands = { A = ["KH", "8H", "9H", "7S", "8C"], B = ["AD", "TD", "9D", "TC", "9C"] }
    turnup = "7H"
    actions = ["A advise propose"]
    """
    result = only(run([write(tmp_path, text)]))
    assert result.status is Status.FAIL and "advise A stand" in result.message
