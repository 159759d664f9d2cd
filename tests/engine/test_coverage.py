"""Coverage counts normative leaves only: a container is covered when all its leaves are, never
because one child is cited; deferred leaves are listed apart; a stale deferral is found."""
import pytest

from engine.conformance import Deferral, Report, Result, coverage, stale_deferrals
from pipeline.errors import InputError

UNITS = [
    ("w.h1", "w", False),            # a heading: never counted
    ("w.1", "w", True),              # a rule with two sub-rules
    ("w.1.1", "w", True),
    ("w.1.2", "w", True),
    ("w.2", "w", True),              # a rule on its own: a leaf
    ("w.20", "w", True),             # not inside w.2
    ("w.9", "w", True),              # a section: heading, a paragraph with a list nested in a list
    ("w.9.head", "w", False),
    ("w.9.p1", "w", True),
    ("w.9.p1.a", "w", True),
    ("w.9.p1.b", "w", True),
    ("w.9.p1.b.i1", "w", True),
    ("w.9.p1.b.i2", "w", True),
    ("w.front", "w", False),
    ("x.1", "x", True),              # another witness, not chosen
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
    ("w.7", (), "w.7 matches no normative leaf"),                       # no such unit
    ("w.h1", (), "w.h1 matches no normative leaf"),                     # a heading only
    ("w.1", (), "w.1 matches no normative leaf"),                       # a container, no `*`
    ("x.1", (), "x.1 matches no normative leaf"),                       # a witness not counted
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
    with pytest.raises(InputError, match=f"{path}:5: stale entry: hu-nc.99 matches no normative leaf"):
        suite.coverage(Report(()), path)
