"""Rulesets as data: complete, citing their own witness, inheritance visible, malformed files refused."""
import pytest

from engine import ruleset as rs
from engine.param_values import Batches, ChouetteStakes, Closed, LossPoints, NoMaximum, ShortTalon, System
from engine.rules import PARAMS, RULES


@pytest.mark.parametrize("siglum", ["hu-nc", "de-scheicher", "en-wiki", "en-short"])
def test_every_ruleset_gives_every_parameter_with_its_source(siglum):
    ruleset = rs.load(siglum)
    assert set(ruleset.provisions) == set(PARAMS)
    for provision in ruleset.provisions.values():
        assert provision.cites or provision.convention
        assert all(c.startswith(siglum + ".") for c in provision.own_cites)
        assert provision.inherited_from is None or provision.reason


def test_a_lacuna_is_inherited_visibly():
    provision = rs.load("de-scheicher").provisions["must_trump"]
    assert provision.inherited_from == "en-wiki" and "de-scheicher.7.1" in provision.own_cites
    assert rs.load("de-scheicher").describe("play.must-trump") == \
        "de-scheicher.7.1; inherited from en-wiki: en-wiki.s7.p1, en-wiki.s7.p1.i3"


def test_an_inheritance_chain_names_the_source():
    provision = rs.load("en-short").provisions["min_cut"]
    assert (provision.inherited_from, provision.source, provision.value) == ("en-wiki", "de-scheicher", 2)


def test_a_convention_says_why_no_unit_is_cited():
    assert "convention: no witness says" in rs.load("hu-nc").describe("draw.tie")


def test_every_rule_reads_known_parameters():
    assert all(p in PARAMS for rule in RULES.values() for p in rule.params)


def test_witnesses_differ_where_their_texts_do():
    values = {s: rs.load(s)["refused_first_loss"] for s in rs.available()}
    assert values == {"hu-nc": LossPoints.TWO_IN_ALL, "de-scheicher": LossPoints.ONE_MORE,
                      "en-wiki": LossPoints.ONE_MORE, "en-short": LossPoints.TWO_IN_ALL}
    assert all(type(value) is LossPoints for value in values.values())     # members, not their strings


def test_a_variant_replaces_values_and_keeps_citations():
    variant = rs.load("hu-nc").with_values(target_points=7)
    assert variant["target_points"] == 7 and variant.cites("game.target") == rs.load("hu-nc").cites("game.target")
    with pytest.raises(rs.RulesetError):
        rs.load("hu-nc").with_values(target_points=0)


@pytest.fixture
def ruleset_dir(tmp_path, monkeypatch):
    """A folder holding copies of the shipped rulesets, to add malformed ones to."""
    for path in rs.RULESET_DIR.glob("*.toml"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(rs, "RULESET_DIR", tmp_path)
    rs.load.cache_clear()
    rs._read.cache_clear()
    yield tmp_path
    rs.load.cache_clear()
    rs._read.cache_clear()


def base_text() -> str:
    return (rs.Path(rs.__file__).with_name("rulesets") / "en-wiki.toml").read_text(encoding="utf-8")


def write_variant(folder, siglum, text):
    (folder / f"{siglum}.toml").write_text(text.replace('siglum = "en-wiki"', f'siglum = "{siglum}"')
                                           .replace('"en-wiki.', f'"{siglum}.'), encoding="utf-8")


@pytest.mark.parametrize("change, message", [
    (('[params.pack]\nvalue = "piquet-32"', "[params.pack]"), "needs `value`"),
    (("[params.pack]\nvalue", "[params.pack]\nvalu"), "expected a table with keys among"),
    (('[params.target_points]\nvalue = 5', '[params.target_points]\nvalue = 0'), "is not an integer ≥ 1"),
    (('[params.min_cut]\ninherits = "de-scheicher"\nreason = "the article does not mention the cut."',
      '[params.min_cut]\ninherits = "de-scheicher"'), "takes `reason`"),
    (('[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]',
      '[params.trumps]\nvalue = "eleventh-card"\ncites = ["hu-nc.13"]'), "is not a unit of"),
    (('[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]', ''), "missing parameters ['trumps']"),
    (('[params.min_cut]\ninherits = "de-scheicher"', '[params.min_cut]\ninherits = "nobody"'), "unknown ruleset 'nobody'"),
    (('[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]',
      '[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]\nread_from_silence = true'),
     "`read_from_silence = true` takes the `cites` the silence is read from and a `note`"),
    (('[params.min_cut]\ninherits = "de-scheicher"', '[params.min_cut]\ninherits = "de-scheicher"\nread_from_silence = true'),
     "`read_from_silence = true` takes the `cites`"),
    (('[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]',
      '[params.trumps]\nvalue = "eleventh-card"\ncites = ["en-wiki.s2.p1"]\nnote = "n"\nread_from_silence = "yes"'),
     "`read_from_silence = true` takes the `cites`"),
])
def test_malformed_rulesets_are_refused(ruleset_dir, change, message):
    write_variant(ruleset_dir, "xx", base_text().replace(*change))
    with pytest.raises(rs.RulesetError) as caught:
        rs.load("xx")
    assert message in str(caught.value)


def test_a_silence_read_is_told_apart_from_a_statement_in_the_citations():
    provision = rs.load("de-scheicher").provisions["king_announcement"]
    assert provision.read_from_silence and provision.note and provision.own_cites == ("de-scheicher.5.2",)
    assert provision.describe() == "read from the silence of de-scheicher.5.2"
    assert not rs.load("hu-nc").provisions["king_announcement"].read_from_silence


def test_an_inheritance_cycle_is_refused(ruleset_dir):
    text = base_text().replace('[params.pack]\nvalue = "piquet-32"\ncites = ["en-wiki.s2.p1"]',
                               '[params.pack]\ninherits = "yy"\nreason = "r"')
    write_variant(ruleset_dir, "xx", text)
    write_variant(ruleset_dir, "yy", text.replace('inherits = "yy"', 'inherits = "xx"'))
    with pytest.raises(rs.RulesetError, match="inheritance cycle"):
        rs.load("xx")


@pytest.mark.parametrize("table, wrong, message", [
    ('[params.chouette_stakes]\nvalue = "banco"', 'value = "bancoo"',
     "params.chouette_stakes: value 'bancoo' is not one of 'call-and-hold', 'banco'"),
    ('[params.deal_batches]\ninherits = "de-scheicher"', 'value = ["3-2", "3-3"]',
     'params.deal_batches: value [\'3-2\', \'3-3\'] is not a non-empty list of "3-2", "2-3"'),
])
def test_a_misspelt_closed_value_is_refused_at_its_file_and_line(ruleset_dir, table, wrong, message):
    write_variant(ruleset_dir, "xx", base_text().replace(table, f"{table.split(chr(10))[0]}\n{wrong}"))
    line = 1 + (ruleset_dir / "xx.toml").read_text(encoding="utf-8").splitlines().index(wrong)
    with pytest.raises(rs.RulesetError) as caught:
        rs.load("xx")
    assert str(caught.value) == f"{ruleset_dir / 'xx.toml'}:{line}: {message}"


@pytest.mark.parametrize("siglum", ["hu-nc", "de-scheicher", "en-wiki", "en-short"])
def test_closed_values_are_read_into_their_members(siglum):
    ruleset = rs.load(siglum)
    closed = [name for name, param in PARAMS.items() if param.choices and isinstance(param.choices[0], Closed)]
    assert len(closed) > 40
    for name in closed:
        assert any(ruleset[name] is choice for choice in PARAMS[name].choices), name
    assert all(type(system) is System for system in ruleset["tournament_systems"])
    assert ruleset["deal_batches"] and all(type(batches) is Batches for batches in ruleset["deal_batches"])
    assert ruleset["max_points_per_deal"] is NoMaximum.NONE or type(ruleset["max_points_per_deal"]) is int


def test_a_variant_reads_values_as_files_write_them():
    variant = rs.load("hu-nc").with_values(chouette_stakes="banco", tournament_systems=["swiss"])
    assert variant["chouette_stakes"] is ChouetteStakes.BANCO and variant["tournament_systems"] == [System.SWISS]
    with pytest.raises(rs.RulesetError, match="params.chouette_stakes: value 'bank' is not one of"):
        rs.load("hu-nc").with_values(chouette_stakes="bank")
    with pytest.raises(rs.RulesetError, match="value 'discard-at-most-talon' is not one of 'take-back-latest'"):
        rs.load("hu-nc").with_values(short_talon_elder=ShortTalon.DISCARD_AT_MOST_TALON)   # the dealer's only
