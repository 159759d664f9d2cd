"""The studies' findings in the corpus: made by the command, noted beside the units, never stale."""
import json

import pytest

from engine.study import jeux_de_regle, record
from pipeline.errors import InputError
from pipeline.paths import ANALYSIS
from pipeline.tei.analysis import check_units, read_findings


def test_the_recorded_study_is_what_the_command_computes_again():
    recorded = json.loads((ANALYSIS / "jeux-de-regle.json").read_text(encoding="utf-8"))
    again = record(jeux_de_regle(recorded["deals"], recorded["seed"], workers=2), recorded["deals"], recorded["seed"])
    assert again == recorded


def test_each_finding_is_noted_on_the_units_it_tests_with_how_it_was_made():
    findings = read_findings(ANALYSIS)
    [clause_a] = findings["de-scheicher.11.2.a"]
    assert "three tricks or more in" in clause_a.text and "ecarte study jeux-de-regle" in clause_a.text
    assert "en-wiki.s9.p1.d.i2" in findings and "en-wiki.s9.p1" in findings


def test_a_finding_on_a_unit_the_corpus_lacks_stops_the_build(tmp_path):
    findings = read_findings(ANALYSIS)
    with pytest.raises(InputError, match="en-wiki.s9.p1.a"):
        check_units(findings, {"en-wiki.s9.p1"}, tmp_path)


def test_a_malformed_record_names_its_file(tmp_path):
    (tmp_path / "broken.json").write_text('{"study": "x"}', encoding="utf-8")
    with pytest.raises(InputError, match="broken.json"):
        read_findings(tmp_path)
