"""The aligner's scoring steps, by tables of small cases: the engine's citations, the
neighbouring pairs, and which pairs are chosen."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from pipeline.align.aligner import DEFAULT, EngineMeasures, _raise_cited, _raise_neighbours, choose, relation
from pipeline.align.evidence import Citation, Citer, cited_by, engine_cues
from pipeline.link import CitingScenario
from pipeline.model import Relation

YES, NO = True, False


def test_the_unit_heading_a_scenarios_list_is_its_first_citation():
    scenarios = [CitingScenario("hu-nc.40-x", "hu-nc/refusal", "hu-nc", ("hu-nc.40", "hu-nc.26")),
                 CitingScenario("en-wiki.s6.p2-x", "en-wiki/refusal", "en-wiki",
                                ("en-wiki.s6.p2", "en-wiki.s6.p2.i2", "en-wiki.s5.p1"))]
    cues = engine_cues(scenarios)
    refusal = Citation(Citer.SCENARIO, "refusal", True)
    assert refusal in cues["hu-nc.40"]
    assert refusal not in cues["hu-nc.26"] and refusal.key in {c.key for c in cues["hu-nc.26"]}
    assert refusal in cues["en-wiki.s6.p2.i2"], "a container cited beside its part gives the head to the part"
    assert refusal not in cues["en-wiki.s6.p2"]
    inherited = {c for c in cited_by("en-wiki.s6.p2.i1", cues) if c.citer is Citer.SCENARIO}
    assert {c.key for c in inherited} == {refusal.key} and refusal not in inherited, \
        "a unit inside a cited one shares its citations, never as first"


@pytest.mark.parametrize("first_a, first_b, overlap, first", [
    # unit A cites, unit B cites (True: heads the list) → overlap > 0?, both first?
    ({"x": YES}, {"x": YES}, YES, YES),
    ({"x": YES}, {"x": NO}, YES, NO),
    ({"x": NO}, {"x": NO}, NO, NO),          # a citer quoting neither (both context) says nothing
    ({"x": YES}, {"y": YES}, NO, NO),
    ({}, {"x": YES}, NO, NO),
])
def test_the_engine_measures_overlap_and_first_citations(first_a, first_b, overlap, first):
    def side(cites, siglum):  # the measures read only the units' ids; the second is never cited
        units = [SimpleNamespace(id=f"{siglum}.1"), SimpleNamespace(id=f"{siglum}.2")]
        return (SimpleNamespace(units=units),
                {f"{siglum}.1": frozenset(Citation(Citer.SCENARIO, n, f) for n, f in cites.items())})
    a, ca = side(first_a, "a")
    b, cb = side(first_b, "b")
    measured = EngineMeasures.of(a, b, {**ca, **cb})
    assert (measured.overlap[0][0] > 0) is overlap
    assert measured.first[0][0] is first
    assert measured.overlap[1][1] == 0 and not measured.first[1][1]


def test_the_overlap_counts_the_share_of_citers_that_quote_one_of_the_two():
    def side(cites, siglum):
        return (SimpleNamespace(units=[SimpleNamespace(id=f"{siglum}.1")]),
                {f"{siglum}.1": frozenset(Citation(Citer.SCENARIO, n, f) for n, f in cites.items())})
    (a, ca), (b, cb) = side({"x": YES, "y": NO}, "a"), side({"x": NO, "y": NO}, "b")
    (_, c2), (_, d2) = side({"x": YES, "y": YES}, "a"), side({"x": NO, "y": NO}, "b")
    half = EngineMeasures.of(a, b, {**ca, **cb}).overlap[0][0]
    whole = EngineMeasures.of(a, b, {**c2, **d2}).overlap[0][0]
    assert 0 < half < whole


def test_among_one_citers_units_the_words_pick_each_units_partner():
    # the citer cites A0, A1 and B0, B1, B2: A0's best-worded partner is B1, A1's is B2, B0's is A1
    lexical = [[0.1, 0.5, 0.2], [0.4, 0.1, 0.6]]
    engine = EngineMeasures([[0.0] * 3 for _ in range(2)], [[False] * 3 for _ in range(2)],
                            [([0, 1], [0, 1, 2])])
    score = [row[:] for row in lexical]
    _raise_cited(engine, lexical, score, [[True] * 3 for _ in range(2)],
                 DEFAULT.__class__(engine_weight=0.0, first_weight=0.0, group_weight=1.0))
    raised = {(i, j) for i in range(2) for j in range(3) if score[i][j] > lexical[i][j]}
    assert raised == {(0, 1), (1, 2), (1, 0)}


@pytest.mark.parametrize("score, allowed, expected", [
    # the pair after both raises the pair before it, and the reverse
    ([[0.5, 0.0], [0.0, 0.3]], [[YES, YES], [YES, YES]], [[0.65, 0.0], [0.0, 0.55]]),
    # no diagonal neighbour: nothing added
    ([[0.0, 0.5], [0.5, 0.0]], [[YES, YES], [YES, YES]], [[0.0, 0.5], [0.5, 0.0]]),
    # a neighbour of another group (not allowed) lends nothing
    ([[0.5, 0.0], [0.0, 0.3]], [[YES, YES], [YES, NO]], [[0.5, 0.0], [0.0, 0.3]]),
    # the better of the two neighbours counts, from the scores before raising
    ([[0.2, 0.0, 0.0], [0.0, 0.1, 0.0], [0.0, 0.0, 0.4]], [[YES] * 3] * 3,
     [[0.25, 0.0, 0.0], [0.0, 0.3, 0.0], [0.0, 0.0, 0.45]]),
])
def test_neighbouring_pairs_raise_each_other(score, allowed, expected):
    _raise_neighbours(score, allowed, 0.5)
    assert [x for row in score for x in row] == pytest.approx([x for row in expected for x in row])


@pytest.mark.parametrize("either, expected", [
    (False, [(0, 0), (1, 1)]),
    # unit A0 states two rules: B1 is near A0's best only, yet B1's own best is A1
    (True, [(0, 0), (0, 1), (1, 1)]),
])
def test_a_pair_must_be_near_the_best_of_both_units_or_of_either(either, expected):
    scores = [[0.6, 0.55], [0.0, 0.8]]
    settings = DEFAULT.__class__(threshold=0.3, margin=0.1, either=either)
    assert choose(scores, settings) == expected


@pytest.mark.parametrize("alike, fan, expected", [
    (0.6, 1, Relation.EQUIVALENT),
    (0.4, 1, Relation.PARTIAL),      # the engine or the structure may have raised the pair: the words decide
    (0.9, 2, Relation.PARTIAL),      # a unit linked to several
])
def test_equivalence_is_judged_on_the_words_alone(alike, fan, expected):
    side = SimpleNamespace(units=[SimpleNamespace(id="x.1")], ruleset=None)
    counts = SimpleNamespace(quantities=frozenset())
    assert relation(side, side, 0, 0, alike, counts, counts, fan) == (expected, None)
