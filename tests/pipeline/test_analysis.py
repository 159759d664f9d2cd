"""The studies' findings in the corpus: made by the command, noted beside the units, never stale."""
import json

import pytest

from engine.studies.jeux_de_regle import STUDY
from pipeline.errors import InputError
from pipeline.paths import ANALYSIS, TEI
from pipeline.tei.analysis import check_units, digest, read_findings
from pipeline.xref import describe


def test_the_recorded_study_is_what_the_command_computes_again_with_this_code():
    recorded = json.loads((ANALYSIS / "jeux-de-regle.json").read_text(encoding="utf-8"))
    again = STUDY.record(STUDY.run(recorded["deals"], recorded["seed"], workers=2), recorded["deals"],
                         recorded["seed"], {source: digest(source) for source in STUDY.sources})
    assert again == recorded


def test_the_recorded_exchange_study_is_fresh_well_formed_and_laid_out_as_the_command_makes_it(tmp_path):
    """Its 100,000 deals take minutes: the layout is checked against the same seed on 600 deals."""
    from engine.studies.exchange import STUDY as EXCHANGE
    text = (ANALYSIS / "exchange.json").read_text(encoding="utf-8")
    recorded = json.loads(text)
    (tmp_path / "exchange.json").write_text(text, encoding="utf-8")
    notes = read_findings(tmp_path)                  # neither stale nor malformed
    smaller = EXCHANGE.record(EXCHANGE.run(600, recorded["seed"], workers=2), 600, recorded["seed"],
                              {source: digest(source) for source in EXCHANGE.sources})
    layout = [[{k: f[k] for k in ("category", "label", "measure", "units")} for f in record["findings"]]
              for record in (recorded, smaller)]
    assert layout[0] == layout[1] and recorded["code"] == smaller["code"]
    assert recorded["made_by"] == EXCHANGE.made_by(recorded["deals"], recorded["seed"])
    every_deal = [f["deals"] for f in recorded["findings"] if f["category"].endswith((": propose", ": keep"))]
    assert every_deal == [recorded["deals"]] * 8
    assert any("keeping trumps and kings minus" in n.text for n in notes["de-scheicher.strategy.1"])
    tei = (TEI / "de-scheicher.xml").read_text(encoding="utf-8")
    assert ('<note type="analysis" target="#de-scheicher.strategy.1" xml:lang="en">Double-dummy study of the'
            ' exchange') in tei


def test_each_finding_is_a_note_beside_the_unit_it_tests_and_in_xref():
    findings = read_findings(ANALYSIS)
    dealer_samples, both_sample, perfect = sorted(findings["de-scheicher.11.2.a"], key=lambda n: "Double" in n.text)
    assert "three tricks or more, 95." in perfect.text and "ecarte study jeux-de-regle " in perfect.text
    assert "against a dealer who plays by sampling, 96." in dealer_samples.text
    assert "both play by sampling, 94." in both_sample.text and "ecarte study jeux-de-regle-sampled" in both_sample.text
    assert len(findings["de-scheicher.strategy.2"]) == 6 and len(findings["de-scheicher.strategy.3"]) == 6
    assert "en-wiki.s9.p1.d.i2" in findings and "de-scheicher.11.2" in findings
    tei = (TEI / "de-scheicher.xml").read_text(encoding="utf-8")
    assert '<note type="analysis" target="#de-scheicher.11.2.a" xml:lang="en">Double-dummy study' in tei
    assert "analysis: Double-dummy study, hands of clause en-wiki.s9.p1.c.i1" in describe("en-wiki.s9.p1.c.i1")


def test_a_study_made_with_other_code_is_stale(tmp_path):
    recorded = json.loads((ANALYSIS / "jeux-de-regle.json").read_text(encoding="utf-8"))
    recorded["code"]["engine/duty.py"] = "0" * 64
    (tmp_path / "old.json").write_text(json.dumps(recorded), encoding="utf-8")
    with pytest.raises(InputError, match="stale: engine/duty.py changed"):
        read_findings(tmp_path)


def test_a_finding_on_a_unit_the_corpus_lacks_stops_the_build(tmp_path):
    findings = read_findings(ANALYSIS)
    with pytest.raises(InputError, match="en-wiki.s9.p1.a"):
        check_units(findings, {"en-wiki.s9.p1"}, tmp_path)


FINE = {"category": "x", "label": "x", "measure": "m", "units": ["a"]}


@pytest.mark.parametrize("finding, problem", [
    ({**FINE, "deals": 0, "made": 0}, "deals ≥ 1"),
    ({**FINE, "deals": 5, "made": 6}, "made must be a whole number from 0 to deals"),
    ({**FINE, "deals": 5, "made": 1, "units": "en-wiki.s9.p1"}, "a list of units"),
    ({**FINE, "deals": 5, "total": 1.5, "squares": 3}, "total and squares"),
    ({**FINE, "measure": None, "deals": 5, "made": 1}, "measure (text)"),
])
def test_a_malformed_record_names_its_file_and_the_problem(tmp_path, finding, problem):
    (tmp_path / "broken.json").write_text(json.dumps({"title": "t", "made_by": "m", "method": "m", "code": {},
                                                      "deals": 5, "seed": 1, "findings": [finding]}), encoding="utf-8")
    with pytest.raises(InputError, match="broken.json") as caught:
        read_findings(tmp_path)
    assert problem in str(caught.value)


def test_a_record_without_its_deals_and_seed_is_malformed(tmp_path):
    (tmp_path / "bare.json").write_text(json.dumps({"title": "t", "made_by": "m", "method": "m", "code": {},
                                                    "findings": []}), encoding="utf-8")
    with pytest.raises(InputError, match="bare.json: a study record needs .*deals, seed"):
        read_findings(tmp_path)
