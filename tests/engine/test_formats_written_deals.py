"""A sitting scenario's partie played out deal by deal as written, with the two-player deal syntax."""
from pathlib import Path

import pytest

from engine.conformance import Status, run_scenario
from engine.scenario import ScenarioError, load_scenario

HEAD = '''id = "hu-nc.3-written"
cites = ["hu-nc.3"]
ruleset = "hu-nc"

[sitting]
format = "a-deux-cotes"
players = ["Anna", "Bert", "Carl"]

[[partie]]
actions = ["Carl bet 10 on Anna", "Bert bet 10 on Bert"]
draw = { Anna = "7C", Bert = "KC" }
'''
HANDS = 'hands = { A = ["KH", "QH", "JH", "AH", "TH"], B = ["7S", "8S", "9S", "TS", "JS"] }\nturnup = "9H"\n'
ELDER_LEADS = ["{e} stand", "{e} play 7S", "{d} play TH", "{d} play AH", "{e} play 8S", "{d} play JH", "{e} play 9S",
               "{d} play QH", "{e} play TS", "{d} play KH", "{e} play JS"]
HOLDER_LEADS = ["{h} stand", "{h} play TH", "{o} play 7S", "{h} play AH", "{o} play 8S", "{h} play JH", "{o} play 9S",
                "{h} play QH", "{o} play TS", "{h} play KH", "{o} play JS"]


def _deal(dealer: str) -> str:
    """A deal in which A, holding the five top hearts (trumps), takes the vole: two points."""
    lines = [a.format(e="B", d="A") for a in ELDER_LEADS] if dealer == "A" else \
        [a.format(h="A", o="B") for a in HOLDER_LEADS]
    actions = ", ".join(f'"{a}"' for a in lines)
    return f'\n[[partie.deal]]\ndealer = "{dealer}"\n{HANDS}actions = [{actions}]\n'


def _scenario(tmp_path: Path, deals: str, expect: str) -> Path:
    path = tmp_path / "written.toml"
    path.write_text(HEAD + deals + expect, encoding="utf-8")
    return path


def test_written_deals_decide_the_partie_and_its_settlement(tmp_path):
    path = _scenario(tmp_path, _deal("A") + _deal("B") + _deal("A"),
                     '\n[partie.expect]\nnet = { Carl = 10, Bert = -10 }\norder = ["Anna", "Carl", "Bert"]\n')
    result = run_scenario(load_scenario(path))
    assert result.status is Status.PASS, result.message
    assert "  the partie is played as written: A is Anna, B is Bert" in result.explanation


def test_a_partie_whose_deals_do_not_end_it_fails_at_its_last_deal(tmp_path):
    path = _scenario(tmp_path, _deal("A") + _deal("B"), "")
    result = run_scenario(load_scenario(path))
    assert result.status is Status.FAIL and "is not over after its deals: A 4, B 0" in result.message
    second = [n for n, line in enumerate(path.read_text().splitlines(), 1) if line == "[[partie.deal]]"][1]
    assert result.message.startswith(f"{path}:{second}: partie 1")


def test_a_deal_by_the_wrong_dealer_is_an_error_of_the_scenario(tmp_path):
    path = _scenario(tmp_path, _deal("B") + _deal("A") + _deal("B"), "")
    result = run_scenario(load_scenario(path))
    assert result.status is Status.ERROR and "A deals, not B" in result.message


def test_written_deals_do_not_go_with_a_given_result(tmp_path):
    path = _scenario(tmp_path, 'result = "Anna 5:0"\n' + _deal("A"), "")
    with pytest.raises(ScenarioError, match="instead of result or play"):
        load_scenario(path)
