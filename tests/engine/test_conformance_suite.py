"""The conformance suite itself: every scenario under tests/conformance passes, its quotes checked
against the corpus; every unit the issue names is cited by a passing scenario; the suite's list
of deferred units holds no stale entry."""
from pathlib import Path

import pytest

from engine.conformance import Status, discover, run

SUITE = Path(__file__).resolve().parents[1] / "conformance"


@pytest.fixture(scope="module")
def unit_texts():
    from pipeline import corpus
    return corpus.unit_texts()


@pytest.mark.parametrize("path", discover([SUITE]), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario_passes(path, unit_texts):
    [result] = run([path], unit_texts).results
    assert result.status is Status.PASS, result.message


def test_scenario_ids_are_unique():
    assert not [r for r in run([SUITE]).results if "duplicate scenario id" in r.message]


NAMED_IN_THE_ISSUE = [
    "hu-nc.9", "hu-nc.10", "de-scheicher.2", "hu-nc.13", "hu-nc.14.1", "hu-nc.26", "hu-nc.27", "hu-nc.28",
    "de-scheicher.5", "hu-nc.39", "de-scheicher.9", "hu-nc.44.1", "de-scheicher.7", "hu-nc.40", "hu-nc.41",
    "de-scheicher.10", "de-scheicher.11", "en-wiki.s9.p1", "en-wiki.s3.p2", "en-wiki.s4", "en-wiki.s6.p2",
    "en-wiki.s6.p3", "en-short.p19",
]


def test_every_unit_the_issue_names_is_cited(unit_texts):
    """The issue names rules and sub-rules: each is cited by a passing scenario, itself or a unit inside it."""
    report = run([SUITE], unit_texts)
    cited = {u for r in report.results if r.status is Status.PASS for u in r.cites}
    assert [u for u in NAMED_IN_THE_ISSUE if not any(c == u or c.startswith(u + ".") for c in cited)] == []


def test_every_lead_in_is_covered(unit_texts):
    """A rule's lead-in before its items (en-wiki.s7.p1's duty of play) is cited itself by a passing scenario."""
    from pipeline import suite
    found = suite.coverage(run([SUITE], unit_texts))
    lead_ins = [u for c in found for u in c.lead_ins]
    assert "en-wiki.s7.p1" in lead_ins and "de-scheicher.14.7" in lead_ins
    assert [u for c in found for u in c.lead_ins if u not in c.covered] == []


def test_the_deferred_units_are_not_stale_and_not_counted(unit_texts):
    from pipeline import suite
    found = {c.witness: c for c in suite.coverage(run([SUITE], unit_texts))}
    assert "hu-nc.5.1" in found["hu-nc"].covered and not found["hu-nc"].deferred
    assert "de-scheicher.15.2" in found["de-scheicher"].covered
