"""The studies' findings in the corpus: made by the command, noted beside the units, never stale."""
import json

import pytest

from engine.study import SOURCES, jeux_de_regle, record
from pipeline.errors import InputError
from pipeline.paths import ANALYSIS, TEI
from pipeline.tei.analysis import check_units, digest, read_findings
from pipeline.xref import describe


def test_the_recorded_study_is_what_the_command_computes_again_with_this_code():
    recorded = json.loads((ANALYSIS / "jeux-de-regle.json").read_text(encoding="utf-8"))
    again = record(jeux_de_regle(recorded["deals"], recorded["seed"], workers=2), recorded["deals"], recorded["seed"],
                   {source: digest(source) for source in SOURCES})
    assert again == recorded


def test_each_finding_is_a_note_beside_the_unit_it_tests_and_in_xref():
    findings = read_findings(ANALYSIS)
    [clause_a] = findings["de-scheicher.11.2.a"]
    assert "three tricks or more in" in clause_a.text and "ecarte study jeux-de-regle" in clause_a.text
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


@pytest.mark.parametrize("category, problem", [
    ({"category": "x", "label": "x", "deals": 0, "made": 0, "units": ["a"]}, "deals ≥ 1"),
    ({"category": "x", "label": "x", "deals": 5, "made": 6, "units": ["a"]}, "made (0 to deals)"),
    ({"category": "x", "label": "x", "deals": 5, "made": 1, "units": "en-wiki.s9.p1"}, "a list of units"),
])
def test_a_malformed_record_names_its_file_and_the_problem(tmp_path, category, problem):
    (tmp_path / "broken.json").write_text(json.dumps({"made_by": "m", "method": "m", "code": {},
                                                      "categories": [category]}), encoding="utf-8")
    with pytest.raises(InputError, match="broken.json") as caught:
        read_findings(tmp_path)
    assert problem in str(caught.value)
