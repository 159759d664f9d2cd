"""Variant points (`pipeline.variants`, `ecarte variants`): the rulesets' and the editors'."""
from __future__ import annotations

import json
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

import engine
from ecarte.cli import main
from pipeline.link import CitingScenario, citing_scenarios
from pipeline.paths import SCENARIOS
from engine.ruleset import Provision, Ruleset
from pipeline import corpus, variants
from pipeline.errors import InputError
from pipeline.model import Link, Origin, Relation
from pipeline.variants import Status, Topic, parameter_points, read_points, variant_points
from pipeline_helpers import run_ecarte

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
WITNESSES = ("hu-nc", "de-scheicher", "en-wiki", "en-short")


@pytest.fixture(scope="module")
def rulesets() -> list[Ruleset]:
    return [engine.load(siglum) for siglum in WITNESSES]


@pytest.fixture(scope="module")
def units() -> dict:
    return {unit.id: unit for unit in corpus.units()}


def points(rulesets, units, editorial=(), links=(), scenarios=()) -> dict[str, variants.VariantPoint]:
    return {p.id: p for p in variant_points(rulesets, units, list(editorial), links, scenarios)}


def readings(point) -> dict[str, variants.WitnessReading]:
    return {reading.witness: reading for reading in point.readings}


# --- points from the rulesets ---------------------------------------------------------------

@pytest.mark.parametrize("witness, status, value, units_, inherited_from", [
    ("hu-nc", Status.STATED, "two-in-all", ("hu-nc.40",), None),
    ("de-scheicher", Status.LOST, None, ("de-scheicher.10.1", "de-scheicher.10.2"), "en-wiki"),
    ("en-wiki", Status.STATED, "one-more", ("en-wiki.s6.p2", "en-wiki.s6.p2.i2"), None),
    ("en-short", Status.STATED, "two-in-all", ("en-short.p19",), None),
])
def test_refused_first_loss_is_read_from_the_rulesets(rulesets, units, witness, status, value, units_,
                                                      inherited_from):
    point = points(rulesets, units)["refused_first_loss"]
    assert (point.parameter, point.topic) == ("refused_first_loss", Topic.SCORING)
    assert [r.witness for r in point.readings] == list(WITNESSES)
    reading = readings(point)[witness]
    assert (reading.status, reading.value, reading.units, reading.inherited_from) == \
        (status, value, units_, inherited_from)
    assert reading.note                      # how the text is read, or why it is lost


@pytest.mark.parametrize("parameter, witness, status, value, units_, inherited_from", [
    ("draw_deals", "hu-nc", Status.STATED, "lower", ("hu-nc.10",), None),
    ("draw_deals", "en-short", Status.INHERITED, "higher", ("en-short.p3",), "en-wiki"),
    ("deal_batches", "en-wiki", Status.INHERITED, '["3-2"]', ("en-wiki.s2.p1",), "de-scheicher"),
    ("unproposed_loss", "de-scheicher", Status.LOST, None, ("de-scheicher.10.1", "de-scheicher.10.2"),
     "en-wiki"),
    ("king_announcement", "hu-nc", Status.STATED, "until-second-lead", ("hu-nc.27", "hu-nc.28"), None),
    ("king_announcement", "de-scheicher", Status.INFERRED, "none", ("de-scheicher.5.2",), None),
])
def test_lost_and_inherited_readings(rulesets, units, parameter, witness, status, value, units_,
                                     inherited_from):
    reading = readings(points(rulesets, units)[parameter])[witness]
    assert (reading.status, reading.value, reading.units, reading.inherited_from) == \
        (status, value, units_, inherited_from)


@pytest.mark.parametrize("parameter", ["pack", "target_points", "must_trump", "draw_tie", "lot_table"])
def test_a_parameter_equal_in_all_rulesets_is_no_point(rulesets, units, parameter):
    assert parameter not in points(rulesets, units)


def test_a_changed_value_makes_a_point_and_a_convention_reads_as_one(rulesets, units):
    hu_nc, *others = rulesets
    en_short = others[-1]
    convention = Provision("min_cut", 3, (), (), None, "en-short", "the players agree on three.", None, True)
    changed = [hu_nc.with_values(vole_points=3), *others[:-1],
               Ruleset("en-short", en_short.title, dict(en_short.provisions, min_cut=convention))]
    found = {p.id: p for p in parameter_points(changed, units)}
    assert readings(found["vole_points"])["hu-nc"].value == "3"
    reading = readings(found["min_cut"])["en-short"]
    assert (reading.status, reading.value, reading.note) == \
        (Status.CONVENTION, "3", "the players agree on three.")


@pytest.fixture(scope="module")
def played(rulesets, units) -> dict[str, variants.VariantPoint]:
    """The points with the conformance scenarios as the link stage reads them, each playable."""
    return points(rulesets, units, read_points(variants.VARIANTS), scenarios=citing_scenarios(SCENARIOS))


def cited(scenario: str, point: variants.VariantPoint) -> bool:
    found = {s.id: s for s in citing_scenarios(SCENARIOS)}[scenario]
    return bool(set(found.cites) & set(point.cites))


@pytest.mark.parametrize("parameter, scenario", [
    ("refused_first_loss", "en-short.p19-elder-plays-without-proposing-and-loses"),
    ("refused_first_loss", "hu-nc.40-dealer-refuses-first-proposal-and-loses"),   # 2 points either way
    ("draw_order", "de-scheicher.3.2-rank-order-in-play"),
    ("draw_order", "hu-nc.10-two-at-the-cards-cut-for-the-deal"),
])
def test_a_scenario_citing_a_point_but_not_decided_by_its_parameter_is_not_listed(played, parameter, scenario):
    point = played[parameter]
    assert cited(scenario, point)
    assert scenario not in {s.id for s in point.scenarios}


@pytest.mark.parametrize("parameter, ruleset, scenario", [
    ("refused_first_loss", "hu-nc", "hu-nc.40-refused-first-proposal-vole"),     # two-in-all: 2, not 3
    ("refused_first_loss", "en-wiki", "en-wiki.s6.p2.i2-refused-first-proposal-vole"),
    ("draw_order", "hu-nc", "hu-nc.9.1-ace-lowest-in-the-draw"),
    ("draw_deals", "hu-nc", "hu-nc.10-two-at-the-cards-cut-for-the-deal"),
])
def test_a_scenario_decided_by_the_points_parameter_is_listed_under_its_ruleset(played, parameter, ruleset,
                                                                                scenario):
    point = played[parameter]
    assert scenario in point.scenarios_by_ruleset()[ruleset]
    record = {r["witness"]: r["scenarios"] for r in point.as_json()["readings"]}
    assert scenario in record[ruleset] and scenario in point.as_json()["scenarios"]


def test_an_editors_point_without_a_parameter_lists_every_scenario_citing_it(rulesets, units):
    results = [CitingScenario("hu", "hu", "hu-nc", ("hu-nc.44.2",)),
               CitingScenario("other", "other", "hu-nc", ("hu-nc.26",))]
    point = points(rulesets, units, read_points(FIXTURES / "good.toml"), scenarios=results)["irregularity.renonce"]
    assert [s.id for s in point.scenarios] == ["hu"]


def test_an_editors_point_shows_the_scenarios_its_editors_name(rulesets, units):
    """A unit states several rules: the editors name the citing scenarios that show the point."""
    results = [CitingScenario("hu", "hu", "hu-nc", ("hu-nc.44.2",)),
               CitingScenario("hu-other-rule", "hu-other-rule", "hu-nc", ("hu-nc.44.2",))]
    [renonce] = [p for p in read_points(FIXTURES / "good.toml") if p.id == "irregularity.renonce"]
    point = points(rulesets, units, [replace(renonce, chosen=("hu",))], scenarios=results)[renonce.id]
    assert [s.id for s in point.scenarios] == ["hu"]
    with pytest.raises(InputError, match="scenario 'gone' is none of those citing its units"):
        points(rulesets, units, [replace(renonce, chosen=("hu", "gone"))], scenarios=results)
    none = points(rulesets, units, [replace(renonce, chosen=(), no_scenario="none plays it")],
                  scenarios=results)[renonce.id]
    assert none.scenarios == () and "  no scenario shows it: none plays it" in none.describe()


# --- the editors' points ------------------------------------------------------------------

def test_editorial_points_are_read_and_ordered_by_witness(rulesets, units):
    found = points(rulesets, units, read_points(FIXTURES / "good.toml"))
    renonce = found["irregularity.renonce"]
    assert (renonce.topic, renonce.parameter) == (Topic.IRREGULARITIES, None)
    assert [(r.witness, r.status) for r in renonce.readings] == [
        ("hu-nc", Status.STATED), ("de-scheicher", Status.LOST), ("en-wiki", Status.STATED),
        ("en-short", Status.SILENT)]
    assert readings(renonce)["de-scheicher"].value is None
    assert readings(found["deal.fresh-cards"])["en-short"].value is None          # value = "" is no value
    assert list(found).index("deal.fresh-cards") < list(found).index("draw_deals")   # by topic: cards first
    by_unit = variants.points_by_unit(found.values())
    assert by_unit["hu-nc.40"] == ["refused_first_loss"]
    assert by_unit["en-short.p19"] == ["unproposed_loss", "refused_first_loss"]


def test_an_editorial_point_naming_a_parameter_stands_for_its_point(rulesets, units):
    found = points(rulesets, units, read_points(FIXTURES / "named-parameter.toml"))
    assert "refused_first_loss" not in found
    assert found["scoring.refusal-penalty"].parameter == "refused_first_loss"


def test_a_missing_editorial_file_gives_no_points(tmp_path):
    assert read_points(tmp_path / "variants.toml") == []


@pytest.mark.parametrize("name, line, message", [
    ("malformed.toml", 3, "malformed variant points"),
    ("bad-status.toml", 11, "status 'unclear' is not one of stated, silent, lost"),
    ("bad-topic.toml", 3, "topic 'etiquette' is not one of cards, deal"),
    ("missing-summary.toml", 1, "missing 'summary'"),
    ("missing-witness.toml", 11, "missing 'witness'"),
    ("stated-without-units.toml", 5, "a stated reading needs a value and the units"),
    ("silent-with-value.toml", 11, "a silent reading has no value"),
    ("same-readings.toml", 1, "its readings do not differ"),
    ("duplicate-witness.toml", 15, "point 'cards.fresh': a second reading of hu-nc"),
    ("stale-unit.toml", 9, "no unit hu-nc.46.3 in the corpus"),
    ("foreign-unit.toml", 11, "en-wiki.s2.p1 is not a unit of en-short"),
    ("unknown-witness.toml", 11, "unknown witness 'fr-academie'"),
    ("parameter-id.toml", 1, "point 'refused_first_loss': an id is words of lower-case letters"),
    ("unknown-parameter.toml", 1, "point 'scoring.refusal-penalty': no engine parameter 'no_such_parameter'"),
    ("scenarios-with-parameter.toml", 1, "scenarios lists the ids of the scenarios that show a point "
                                         "without an engine parameter"),
    ("scenario-twice.toml", 3, "each once"),
    ("empty-scenarios-without-reason.toml", 3, "`scenarios = []` (no citing scenario shows the point) "
                                               "comes with `no_scenario` saying why"),
    ("parameter-twice.toml", 18, "point 'scoring.refusal-again': refused_first_loss is already the parameter"
                                 " of point 'scoring.refusal-penalty'"),
])
def test_bad_editorial_input_is_one_line_at_its_file_and_line(rulesets, units, name, line, message):
    path = FIXTURES / name
    with pytest.raises(InputError) as caught:
        variant_points(rulesets, units, read_points(path), [], [])
    text = str(caught.value)
    assert text.startswith(f"{path}:{line}: ") and message in text and "\n" not in text


# --- variant links ------------------------------------------------------------------------

def variant(source: str, target: str, point: str | None) -> Link:
    return Link(source, target, Relation.VARIANT, None, Origin.EDITOR, note="differs", point=point)


@pytest.mark.parametrize("link", [
    variant("hu-nc.40", "en-wiki.s6.p2.i2", "refused_first_loss"),
    variant("hu-nc.40", "de-scheicher.10.1", "refused_first_loss"),
    variant("hu-nc.40", "en-wiki.s6.p2.i1", "refused_first_loss"),     # inside a cited paragraph
    variant("hu-nc.44.2", "en-wiki.s7.p2", "irregularity.renonce"),
])
def test_variant_links_that_fit_their_point_pass(rulesets, units, link):
    points(rulesets, units, read_points(FIXTURES / "good.toml"), [link])


@pytest.mark.parametrize("link, message", [
    (variant("hu-nc.40", "en-wiki.s6.p2.i2", "score.nonsense"),
     "link hu-nc.40 ⇄ en-wiki.s6.p2.i2: no variant point 'score.nonsense'"),
    (variant("hu-nc.40", "en-wiki.s6.p2.i2", None),
     "variant link hu-nc.40 ⇄ en-wiki.s6.p2.i2 names no point"),
    (variant("hu-nc.41", "en-wiki.s6.p2.i2", "refused_first_loss"),
     "point 'refused_first_loss' does not cite hu-nc.41"),
    (replace(variant("hu-nc.40", "en-short.p12", "refused_first_loss"), relation=Relation.PARTIAL),
     "does not cite en-short.p12"),
])
def test_a_variant_link_must_name_a_point_citing_both_its_units(rulesets, units, link, message):
    with pytest.raises(InputError, match=re.escape(message)):
        points(rulesets, units, read_points(FIXTURES / "good.toml"), [link])


# --- the command ---------------------------------------------------------------------------

@pytest.fixture
def cli(capsys):
    """`ecarte variants …` on the corpus."""
    def run(*args: str) -> tuple[int, str, str]:
        code = main(["variants", *args])
        out, err = capsys.readouterr()
        return code, out, err
    return run


def test_variants_json_has_the_contract_shape(cli):
    code, out, _ = cli("--json")
    assert code == 0
    found = {p["id"]: p for p in json.loads(out)["points"]}
    assert {"refused_first_loss", "irregularity.renonce"} <= set(found)
    for point in found.values():
        assert set(point) == {"id", "topic", "parameter", "summary", "readings", "scenarios"}
        assert point["topic"] in {t.value for t in Topic}
        assert all(isinstance(s, str) for s in point["scenarios"])
        for reading in point["readings"]:
            assert {"witness", "value", "units", "inherited", "status", "scenarios"} <= set(reading)
            assert set(reading) <= {"witness", "value", "units", "inherited", "status", "note",
                                    "inherited_from", "scenarios"}
            assert reading["status"] in {s.value for s in Status}
            assert reading["inherited"] is ("inherited_from" in reading)
    assert found["refused_first_loss"]["scenarios"] and found["irregularity.renonce"]["parameter"] is None


def test_the_penalty_for_refusing_the_first_proposal_is_read_in_every_witness(cli):
    """The issue's example: two points; an additional point; two regardless of tricks; lost."""
    _, out, _ = cli("--json")
    point = {p["id"]: p for p in json.loads(out)["points"]}["refused_first_loss"]
    read = {r["witness"]: r for r in point["readings"]}
    assert (read["hu-nc"]["value"], read["hu-nc"]["units"]) == ("two-in-all", ["hu-nc.40"])
    assert read["en-wiki"]["value"] == "one-more" and "en-wiki.s6.p2.i2" in read["en-wiki"]["units"]
    assert (read["en-short"]["value"], read["en-short"]["units"]) == ("two-in-all", ["en-short.p19"])
    lost = read["de-scheicher"]
    assert (lost["value"], lost["units"][0], lost["status"]) == (None, "de-scheicher.10.1", "lost")
    assert "regardless of how many tricks" in read["en-short"]["note"]
    assert "additional point" in read["en-wiki"]["note"] and "két pontot" in read["hu-nc"]["note"]


def test_variants_for_people_and_filtered(cli):
    code, out, _ = cli("--topic", "scoring")
    assert code == 0 and out.startswith("unproposed_loss (scoring; parameter unproposed_loss)")
    assert "  hu-nc, stated: two-in-all\n    units: hu-nc.40\n" in out
    assert "draw_deals" not in out
    _, out, _ = cli("--witness", "de-scheicher", "--json")
    assert "irregularity.renonce" in out


def test_a_witness_filter_keeps_the_points_its_text_speaks_on(cli):
    _, out, _ = cli("--witness", "en-short", "--json")
    kept = {p["id"]: {r["witness"]: r["status"] for r in p["readings"]} for p in json.loads(out)["points"]}
    assert "refused_first_loss" in kept and "tournaments.format" not in kept
    assert "king_announcement" not in kept, "en-short's silence read by the editors is no text"
    assert all(statuses["en-short"] in ("stated", "lost") for statuses in kept.values())


def test_an_unknown_witness_is_a_one_line_error(cli):
    code, out, err = cli("--witness", "xx")
    assert code == 2 and out == "" and err == "ecarte variants: no witness 'xx' in the corpus; witnesses " \
        "with readings: de-scheicher, en-short, en-wiki, hu-nc\n"


def test_a_witness_without_readings_has_no_points_yet(cli):
    """A witness of the corpus with no reading (a transcript an edition is made from, or one just
    added) is no error: it has no point yet, and the message says where readings come from."""
    code, out, err = cli("--witness", "hu-nc-ocr1")
    assert (code, err) == (0, "") and out.startswith("no point has a reading stated or lost by hu-nc-ocr1 yet")
    code, out, _ = cli("--witness", "hu-nc-ocr1", "--json")
    assert (code, json.loads(out)) == (0, {"points": []})


def test_a_bad_editorial_point_names_its_file_and_line(corpus_copy):
    shutil.copy(FIXTURES / "bad-status.toml", corpus_copy / "editorial" / "variants.toml")
    result = run_ecarte("variants", "--json", corpus=corpus_copy)
    assert result.returncode == 2 and result.stdout == "" and result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"ecarte variants: {corpus_copy / 'editorial' / 'variants.toml'}:11: "
                                    f"point 'deal.fresh-cards'")
