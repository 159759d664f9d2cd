"""A sitting scenario's expectations of the wrong kind are errors at their line, never a crash."""
import pytest

from engine.scenario import ScenarioError, load_scenario

HEAD = '''id = "de-scheicher.13.3-x"
cites = ["de-scheicher.13.3"]
ruleset = "de-scheicher"
[sitting]
format = "a-deux-cotes"
players = ["A", "B", "C"]
[[partie]]
result = "A 5:3"
[partie.expect]
'''


@pytest.mark.parametrize("line, message", [
    ('bank = "abc"', "expect.bank: 'abc' is not a number"),
    ('pool = "x"', "expect.pool: 'x' is not a number"),
    ('cagnotte = true', "expect.cagnotte: True is not a number"),
    ('net = { A = "1/0" }', "expect.net: '1/0' is not a number"),
    ('standing = 4', "expect.standing must be { NAME = amount, … }"),
    ('at_cards = 3', "expect.at_cards must be a list of names"),
    ('order = ["A", 2]', "expect.order must be a list of names"),
    ('dealer = 5', "expect.dealer must be a name"),
])
def test_a_malformed_expectation_is_an_error_at_its_line(tmp_path, line, message):
    path = tmp_path / "bad.toml"
    path.write_text(HEAD + line + "\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as raised:
        load_scenario(path)
    assert str(raised.value) == f"{path}:10: partie 1: {message}"


def test_a_table_expectation_of_the_wrong_kind_is_an_error_too(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(HEAD.replace("[[partie]]", '[sitting.expect]\nrefused = "nonsense"\n[[partie]]'), encoding="utf-8")
    with pytest.raises(ScenarioError, match=r":8: sitting.expect.refused must be a refusal code"):
        load_scenario(path)
