"""The conformance suite itself: every scenario under tests/conformance passes, its quotes checked
against the corpus; every unit the issue names is covered by a passing scenario."""
from pathlib import Path

import pytest

from engine.conformance import coverage, discover, run

SUITE = Path(__file__).resolve().parents[1] / "conformance"


@pytest.fixture(scope="module")
def unit_texts():
    from pipeline import corpus
    return corpus.unit_texts()


@pytest.mark.parametrize("path", discover([SUITE]), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_passes(path, unit_texts):
    [result] = run([path], unit_texts).results
    assert result.status == "pass", result.message


def test_scenario_ids_are_unique():
    assert not [r for r in run([SUITE]).results if "duplicate scenario id" in r.message]


NAMED_IN_THE_ISSUE = [
    "hu-nc.9", "hu-nc.10", "de-scheicher.2", "hu-nc.13", "hu-nc.14.1", "hu-nc.26", "hu-nc.27", "hu-nc.28",
    "de-scheicher.5", "hu-nc.39", "de-scheicher.9", "hu-nc.44.1", "de-scheicher.7", "hu-nc.40", "hu-nc.41",
    "de-scheicher.10", "de-scheicher.11", "en-wiki.s9.p1", "en-wiki.s3.p2", "en-wiki.s4", "en-wiki.s6.p2",
    "en-wiki.s6.p3", "en-short.p19",
]


def test_every_unit_the_issue_names_is_covered(unit_texts):
    from pipeline import corpus
    report = run([SUITE], unit_texts)
    covered = {u for c in coverage(report, corpus.units()) for u in c.covered}
    assert [u for u in NAMED_IN_THE_ISSUE if u not in covered] == []
