"""Coverage counts normative leaves and lead-ins: a container is complete when all its counted
units are, never because one child is cited; a lead-in is covered only by a scenario citing its
container itself; deferred units are listed apart; a stale deferral is found."""
from types import SimpleNamespace

import pytest

from engine.conformance import Deferral, Report, Result, coverage, stale_deferrals
from pipeline.errors import InputError

UNITS = [                            # (id, witness, normative, leads_in): no container here has a lead-in
    ("w.h1", "w", False, False),     # a heading: never counted
    ("w.1", "w", True, False),       # a rule with two sub-rules
    ("w.1.1", "w", True, False),
    ("w.1.2", "w", True, False),
    ("w.2", "w", True, False),       # a rule on its own: a leaf
    ("w.20", "w", True, False),      # not inside w.2
    ("w.9", "w", True, False),       # a section: heading, a paragraph with a list nested in a list
    ("w.9.head", "w", False, False),
    ("w.9.p1", "w", True, False),
    ("w.9.p1.a", "w", True, False),
    ("w.9.p1.b", "w", True, False),
    ("w.9.p1.b.i1", "w", True, False),
    ("w.9.p1.b.i2", "w", True, False),
    ("w.front", "w", False, False),
    ("x.1", "x", True, False),       # another witness, not chosen
]
LEAVES = ("w.1.1", "w.1.2", "w.2", "w.20", "w.9.p1.a", "w.9.p1.b.i1", "w.9.p1.b.i2")


def report(*cites, status="pass"):
    return Report(tuple(Result(f"s{i}", f"s{i}.toml", status, "", (unit,)) for i, unit in enumerate(cites)))


def witness(cited, deferrals=(), status="pass"):
    [found] = coverage(report(*cited, status=status), UNITS, witnesses=["w"], deferrals=deferrals)
    return found


@pytest.mark.parametrize("cited, covered, complete", [
    ((), (), ()),
    (("w.1.1",), ("w.1.1",), ()),                                     # one child: the rule is not covered
    (("w.1.1", "w.1.2"), ("w.1.1", "w.1.2"), ("w.1",)),               # all children: it is
    (("w.1",), (), ()),                                               # citing the rule covers no part of it
    (("w.9.p1.b.i1",), ("w.9.p1.b.i1",), ()),                         # nested list: one item
    (("w.9.p1.b.i1", "w.9.p1.b.i2"), ("w.9.p1.b.i1", "w.9.p1.b.i2"), ("w.9.p1.b",)),
    (("w.9.p1.a", "w.9.p1.b.i1", "w.9.p1.b.i2"), ("w.9.p1.a", "w.9.p1.b.i1", "w.9.p1.b.i2"),
     ("w.9", "w.9.p1", "w.9.p1.b")),
    (("w.2",), ("w.2",), ()),                                         # w.20 is not inside w.2
    (("w.9.head", "w.front"), (), ()),                                # non-normative units count for nothing
])
def test_only_leaves_count_and_containers_need_every_leaf(cited, covered, complete):
    found = witness(cited)
    assert found.covered == covered
    assert found.leaves == len(LEAVES) and set(found.covered) | set(found.uncovered) == set(LEAVES)
    assert found.containers == ("w.1", "w.9", "w.9.p1", "w.9.p1.b")
    assert found.containers_covered == complete
    assert found.percent == round(100 * len(covered) / len(LEAVES), 1)


def test_a_failing_scenario_covers_nothing():
    assert witness(("w.2",), status="fail").covered == ()


@pytest.mark.parametrize("pattern, deferred", [
    ("w.2", ("w.2",)),                                  # the unit alone
    ("w.2*", ("w.2",)),                                 # and what is inside it, not w.20
    ("w.1*", ("w.1.1", "w.1.2")),                       # a container's leaves
    ("w.9.p1.b*", ("w.9.p1.b.i1", "w.9.p1.b.i2")),
    ("w.1", ()),                                        # a container without `*` defers no leaf
])
def test_deferred_leaves_are_listed_apart_and_not_counted(pattern, deferred):
    found = witness(("w.1.1",), [Deferral(pattern, "later")])
    assert tuple(unit for unit, _ in found.deferred) == deferred
    assert all(reason == "later" for _, reason in found.deferred)
    assert found.leaves == len(LEAVES) - len(deferred)
    assert not set(deferred) & (set(found.covered) | set(found.uncovered))


def test_a_container_whose_leaves_are_all_deferred_is_not_counted():
    found = witness((), [Deferral("w.9*", "later")])
    assert found.containers == ("w.1",)


@pytest.mark.parametrize("pattern, cited, problem", [
    ("w.7", (), "w.7 matches no normative leaf or lead-in"),            # no such unit
    ("w.h1", (), "w.h1 matches no normative leaf or lead-in"),          # a heading only
    ("w.1", (), "w.1 matches no normative leaf or lead-in"),            # a container without a lead-in, no `*`
    ("x.1", (), "x.1 matches no normative leaf or lead-in"),            # a witness not counted
    ("w.1*", ("w.1.2",), "w.1* defers w.1.2, which a passing scenario cites"),
])
def test_a_stale_deferral_is_found(pattern, cited, problem):
    deferral = Deferral(pattern, "later")
    found = coverage(report(*cited), UNITS, witnesses=["w"], deferrals=[deferral])
    assert stale_deferrals([deferral], found, report(*cited)) == [(deferral, problem)]


def test_a_live_deferral_is_not_stale():
    deferral = Deferral("w.9*", "later")
    found = coverage(report("w.2"), UNITS, witnesses=["w"], deferrals=[deferral])
    assert stale_deferrals([deferral], found, report("w.2")) == []


def test_the_deferred_file_is_read_and_checked(tmp_path):
    from pipeline import suite
    path = tmp_path / "deferred.toml"
    path.write_text('[[deferred]]\nunits = ["hu-nc.3", "hu-nc.5*"]\nreason = "chouette"\n', encoding="utf-8")
    assert suite.read_deferrals(path) == (Deferral("hu-nc.3", "chouette", 1), Deferral("hu-nc.5*", "chouette", 1))
    for bad in ('[[deferred]]\nunits = ["hu-nc.*3"]\nreason = "x"\n',
                '[[deferred]]\nunits = ["hu-nc.3"]\n',
                '[[deferred]]\nunits = []\nreason = "x"\n',
                '[[deferred]]\nunits = ["hu-nc.3"]\nreason = "x"\nwhy = "y"\n'):
        path.write_text("# units\n" + bad, encoding="utf-8")
        with pytest.raises(InputError, match=f"{path}:2: a \\[\\[deferred\\]\\] entry needs"):
            suite.read_deferrals(path)


def test_a_stale_entry_in_the_deferred_file_stops_the_coverage(tmp_path):
    from pipeline import suite
    path = tmp_path / "deferred.toml"
    path.write_text('[[deferred]]\nunits = ["hu-nc.3"]\nreason = "x"\n\n[[deferred]]\nunits = ["hu-nc.99"]\n'
                    'reason = "no such rule"\n', encoding="utf-8")
    with pytest.raises(InputError, match=f"{path}:5: stale entry: hu-nc.99 matches no normative leaf or lead-in"):
        suite.coverage(Report(()), path)


LEAD_INS = [                         # (id, witness, normative, leads_in)
    ("v.1", "v", True, True),        # a rule's lead-in before its two cases (en-wiki.s7.p1)
    ("v.1.a", "v", True, False),
    ("v.1.b", "v", True, False),
    ("v.2", "v", True, False),       # a list with no words of its own: not counted itself
    ("v.2.a", "v", True, False),
    ("v.3", "v", True, False),       # a leaf
    ("v.4", "v", False, True),       # a non-normative paragraph with a lead-in: never counted
    ("v.4.a", "v", False, False),
    ("v.5", "v", True, True),        # a lead-in whose list holds another (en-wiki.s9.p1, s9.p1.b)
    ("v.5.a", "v", True, True),
    ("v.5.a.i", "v", True, False),
]
COUNTED = ("v.1", "v.1.a", "v.1.b", "v.2.a", "v.3", "v.5", "v.5.a", "v.5.a.i")


def lead_in_witness(cited, deferrals=(), status="pass"):
    [found] = coverage(report(*cited, status=status), LEAD_INS, witnesses=["v"], deferrals=deferrals)
    return found


@pytest.mark.parametrize("cited, covered, complete", [
    ((), (), ()),
    (("v.1",), ("v.1",), ()),                                         # the container itself: its lead-in
    (("v.1.a", "v.1.b"), ("v.1.a", "v.1.b"), ()),                     # its items do not cover the lead-in
    (("v.1", "v.1.a", "v.1.b"), ("v.1", "v.1.a", "v.1.b"), ("v.1",)),
    (("v.2",), (), ()),                                               # no lead-in: citing it covers nothing
    (("v.2.a",), ("v.2.a",), ("v.2",)),
    (("v.5.a.i",), ("v.5.a.i",), ()),                                 # a nested item: neither lead-in
    (("v.5.a", "v.5.a.i"), ("v.5.a", "v.5.a.i"), ("v.5.a",)),         # the inner list is complete, not v.5
    (("v.5", "v.5.a", "v.5.a.i"), ("v.5", "v.5.a", "v.5.a.i"), ("v.5", "v.5.a")),
    (("v.4", "v.4.a"), (), ()),                                       # non-normative: nothing counts
])
def test_a_lead_in_is_covered_only_by_citing_its_container(cited, covered, complete):
    found = lead_in_witness(cited)
    assert found.covered == covered
    assert found.lead_ins == ("v.1", "v.5", "v.5.a")
    assert found.lead_ins_covered == tuple(u for u in covered if u in found.lead_ins)
    assert found.counted == len(COUNTED) and set(found.covered) | set(found.uncovered) == set(COUNTED)
    assert found.leaves == len(COUNTED) - 3
    assert found.containers == ("v.1", "v.2", "v.5", "v.5.a")
    assert found.containers_covered == complete
    assert found.percent == round(100 * len(covered) / len(COUNTED), 1)


def test_a_failing_scenario_covers_no_lead_in():
    found = lead_in_witness(("v.1",), status="fail")
    assert found.covered == () and found.uncovered[0] == "v.1"


def test_units_given_as_objects_count_by_their_leads_in():
    objects = [SimpleNamespace(id=i, witness=w, normative=n, leads_in=s) for i, w, n, s in LEAD_INS]
    [found] = coverage(report("v.1"), objects, witnesses=["v"])
    assert found.covered == ("v.1",) and found.lead_ins == ("v.1", "v.5", "v.5.a")
    assert found == lead_in_witness(("v.1",))


@pytest.mark.parametrize("pattern, deferred, lead_ins", [
    ("v.1", ("v.1",), ("v.5", "v.5.a")),                              # the lead-in alone, not its cases
    ("v.1*", ("v.1", "v.1.a", "v.1.b"), ("v.5", "v.5.a")),
    ("v.5.a*", ("v.5.a", "v.5.a.i"), ("v.1", "v.5")),
    ("v.2", (), ("v.1", "v.5", "v.5.a")),                             # no lead-in: defers nothing
])
def test_deferred_lead_ins_are_listed_apart_and_not_counted(pattern, deferred, lead_ins):
    found = lead_in_witness((), [Deferral(pattern, "later")])
    assert tuple(unit for unit, _ in found.deferred) == deferred
    assert found.lead_ins == lead_ins
    assert found.counted == len(COUNTED) - len(deferred)
    assert not set(deferred) & (set(found.covered) | set(found.uncovered))


@pytest.mark.parametrize("pattern, cited, problem", [
    ("v.1", (), None),                                                # defers a lead-in: it holds
    ("v.1", ("v.1",), "v.1 defers v.1, which a passing scenario cites"),
    ("v.1*", ("v.1",), "v.1* defers v.1, which a passing scenario cites"),
    ("v.1", ("v.1.a",), None),                                        # a case cited: the lead-in is still left
    ("v.2", (), "v.2 matches no normative leaf or lead-in"),
])
def test_a_deferral_of_a_lead_in_is_stale_only_when_it_no_longer_holds(pattern, cited, problem):
    deferral = Deferral(pattern, "later")
    found = coverage(report(*cited), LEAD_INS, witnesses=["v"], deferrals=[deferral])
    assert stale_deferrals([deferral], found, report(*cited)) == ([(deferral, problem)] if problem else [])


def test_the_json_names_the_lead_ins_and_counts_them_in_the_goal():
    data = lead_in_witness(("v.1", "v.3")).as_json()
    assert (data["covered"], data["counted"], data["lead_ins"], data["percent"]) \
        == (["v.1", "v.3"], 8, ["v.1", "v.5", "v.5.a"], 25.0)
    assert "leaves" not in data        # what it counted before lead-ins counted is now `counted`
