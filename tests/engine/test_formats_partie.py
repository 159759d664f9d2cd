"""A partie played out by the engine: the deal passes, or stays with a chouette's banker."""
import random

import pytest

from engine.formats.partie import play_partie
from engine.options import Options
from engine.ruleset import load
from engine.scenario import ScenarioError, load_scenario


def _dealers(options: Options, seed: int) -> list[int]:
    result = play_partie(load("de-scheicher"), 1, random.Random(seed), options=options, explain=True)
    assert result.score[result.winner] >= 5 > result.loser_points
    return [line.split()[2] for line in result.lines if line.startswith("deal ")]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_banker_keeps_the_deal_and_otherwise_it_passes(seed):
    kept = _dealers(Options(deal_stays=True), seed)
    passed = _dealers(Options(), seed)
    assert set(kept) == {"B"} and len(kept) > 1
    assert passed[:2] == ["B", "A"]


def test_a_partie_is_the_same_for_the_same_seed():
    first = play_partie(load("hu-nc"), 0, random.Random(9))
    assert play_partie(load("hu-nc"), 0, random.Random(9)) == first


def test_the_last_dealer_is_the_dealer_of_the_last_deal():
    result = play_partie(load("en-wiki"), 0, random.Random(4), explain=True)
    last = [line.split()[2] for line in result.lines if line.startswith("deal ")][-1]
    assert "AB"[result.last_dealer] == last


def test_the_dealers_are_the_dealers_of_each_deal():
    result = play_partie(load("en-wiki"), 0, random.Random(4), explain=True)
    dealt = [line.split()[2] for line in result.lines if line.startswith("deal ")]
    assert len(dealt) > 1 and ["AB"[seat] for seat in result.dealers] == dealt


def test_a_table_scenario_expects_dealers_only_of_a_partie_the_engine_plays(tmp_path):
    path = tmp_path / "given.toml"
    path.write_text('id = "en-wiki.s12.p2-x"\ncites = ["en-wiki.s12.p2"]\nruleset = "en-wiki"\n'
                    '[sitting]\nformat = "a-deux-cotes"\nplayers = ["Bob", "Dan", "Cy"]\n'
                    '[[partie]]\nresult = "Bob 5:1"\n[partie.expect]\ndealers = ["Bob"]\n', encoding="utf-8")
    with pytest.raises(ScenarioError, match="dealers") as raised:
        load_scenario(path)
    assert raised.value.path == str(path) and raised.value.line == 10
