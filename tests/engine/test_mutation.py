"""The mutation check: each parameter's alternative values, what kills a mutation, and the
suite itself pinning every parameter of every ruleset that has an alternative value."""
import textwrap
from pathlib import Path

import pytest

from engine import mutation
from engine.mutation import Equivalence, Pinning, alternatives
from engine.param_values import Batches, DrawDeals, KingWindow, NoMaximum, Pack
from engine.ruleset import load
from test_scenarios import GOOD   # the same vole scenario serves both files

SUITE = Path(__file__).resolve().parents[1] / "conformance"
THREE_TWO, TWO_THREE = Batches.THREE_TWO, Batches.TWO_THREE
LOT = {"0": 3, "1": 2, "2": 2, "3": 1, "4": 1}


@pytest.mark.parametrize("name, value, expected", [
    ("target_points", 5, (4, 6)),                                       # an integer ±1
    ("min_cut", 1, (2,)),                                               # 0 is not legal
    ("king_held_points", 0, (1,)),
    ("batches_kept", True, (False,)),                                   # a one-of's other choice
    ("king_window_elder", KingWindow.BEFORE_FIRST_LEAD, (KingWindow.BEFORE_FIRST_LEAD_OR_KING_LED,)),
    ("pack", Pack.PIQUET_32, ()),                                       # a single legal value
    ("must_follow", True, ()),
    ("elder_discards", [1, 5], ([2, 5], [1, 4], [0, 5])),               # narrowed, widened
    ("dealer_discards", [0, 5], ([1, 5], [0, 4])),
    ("deal_batches", [THREE_TWO, TWO_THREE], ([TWO_THREE], [THREE_TWO])),   # one batch dropped
    ("deal_batches", [THREE_TWO], ()),
    ("max_points_per_deal", NoMaximum.NONE, (3, 2)),
    ("max_points_per_deal", 3, (2, 4)),
    ("draw_order", "7 8 9 T A J Q K", ("8 7 9 T A J Q K", "7 9 8 T A J Q K", "7 8 T 9 A J Q K",
                                       "7 8 9 A T J Q K", "7 8 9 T J A Q K", "7 8 9 T A Q J K",
                                       "7 8 9 T A J K Q")),
    ("lot_table", LOT, ({**LOT, "0": 2}, {**LOT, "0": 4}, {**LOT, "1": 1}, {**LOT, "1": 3},
                        {**LOT, "2": 1}, {**LOT, "2": 3}, {**LOT, "3": 2}, {**LOT, "4": 2})),
])
def test_when_the_rulesets_agree_a_parameter_takes_the_legal_values_near_it(name, value, expected):
    ruleset = load("hu-nc").with_values(**{name: value})
    assert alternatives(name, ruleset, [ruleset]) == expected


def test_when_the_rulesets_differ_a_parameter_takes_the_others_values_each_once():
    one = load("hu-nc").with_values(deal_batches=[THREE_TWO], draw_deals=DrawDeals.LOWER)
    two = one.with_values(deal_batches=[TWO_THREE, THREE_TWO])
    three = one.with_values(deal_batches=[THREE_TWO, TWO_THREE])
    assert alternatives("deal_batches", one, [one, two, three]) == ([TWO_THREE, THREE_TWO],)    # the same set once
    assert alternatives("deal_batches", two, [one, two, three]) == ([THREE_TWO],)
    higher = one.with_values(draw_deals=DrawDeals.HIGHER)
    assert alternatives("draw_deals", one, [one, higher]) == (DrawDeals.HIGHER,)



@pytest.fixture()
def vole(tmp_path):
    path = tmp_path / "vole.toml"
    path.write_text(textwrap.dedent(GOOD), encoding="utf-8")
    return path


def test_a_mutation_is_killed_by_a_passing_scenario_that_then_fails(vole):
    report = mutation.check([vole], sigla=["hu-nc"])
    checks = {c.parameter: c for c in report.checks}
    assert report.scenarios == {"hu-nc": 1}
    assert checks["vole_points"].pinning is Pinning.PINNED
    assert [m.failing for m in checks["vole_points"].mutations] == [("t.vole",), ("t.vole",)]
    assert checks["majority_points"].pinning is Pinning.UNPINNED       # a vole says nothing of three tricks
    assert checks["pack"].pinning is Pinning.NO_ALTERNATIVE and checks["pack"].mutations == ()
    figures = report.summary()
    assert figures["pinned"] + figures["unpinned"] + figures["no_alternative"] == len(report.checks)


def test_a_scenario_that_fails_under_the_real_ruleset_kills_nothing(vole):
    vole.write_text(vole.read_text().replace("A = 2, B = 0", "A = 3, B = 0"), encoding="utf-8")
    report = mutation.check([vole], sigla=["hu-nc"])
    assert report.scenarios == {"hu-nc": 0} and not any(m.killed for m in report.mutations)


def test_equivalences_are_counted_apart_and_stale_ones_found(vole):
    kept = Equivalence("hu-nc", "majority_points", 0, "a vole never counts three tricks")
    killed = Equivalence("hu-nc", "vole_points", 3, "wrong")
    nothing = Equivalence("hu-nc", "pack", "other", "no such mutation")
    report = mutation.check([vole], [kept, killed, nothing], sigla=["hu-nc"])
    [m] = [m for m in report.mutations if m.parameter == "majority_points" and m.value == 0]
    assert m.equivalent == "a vole never counts three tricks" and not m.killed
    assert [(e, why.split(":")[0]) for e, why in report.stale([kept, killed, nothing])] == [
        (killed, "hu-nc vole_points = 3 is killed by t.vole"),
        (nothing, "hu-nc pack = 'other' is no mutation the check makes")]


def test_the_suite_pins_every_parameter_that_has_an_alternative():
    from pipeline import suite
    report = suite.mutation_check([SUITE])
    unpinned = [f"{c.ruleset} {c.parameter} → " + ", ".join(repr(m.value) for m in c.mutations
                                                           if not m.killed and not m.equivalent)
                for c in report.checks if c.pinning is Pinning.UNPINNED]
    assert unpinned == []


def test_the_command_reports_the_check(capsys):
    from ecarte.cli import main
    assert main(["conformance", "--mutations", str(SUITE / "hu-nc")]) == 0
    out = capsys.readouterr().out
    assert "hu-nc (" in out and "pack                   \"piquet-32\": no alternative value" in out
    assert "parameters pinned;" in out and "runtime " in out


def test_the_equivalence_file_is_read_and_a_stale_entry_stops_the_check(tmp_path, vole):
    from pipeline import suite
    from pipeline.errors import InputError
    path = tmp_path / "equivalent-mutations.toml"
    path.write_text('[[equivalent]]\nruleset = "hu-nc"\nparameter = "majority_points"\nvalue = 0\nreason = "r"\n',
                    encoding="utf-8")
    assert suite.read_equivalences(path) == (Equivalence("hu-nc", "majority_points", 0, "r", 1),)
    for bad, problem in (('ruleset = "hu-nc"\nparameter = "majority_points"\nvalue = 0\n', "needs `ruleset`"),
                         ('ruleset = "xx"\nparameter = "pack"\nvalue = 1\nreason = "r"\n', "not a mutation"),
                         ('ruleset = "hu-nc"\nparameter = "no_such"\nvalue = 1\nreason = "r"\n', "not a mutation"),
                         ('ruleset = "hu-nc"\nparameter = "min_cut"\nvalue = 0\nreason = "r"\n', "not a mutation")):
        path.write_text("# data\n[[equivalent]]\n" + bad, encoding="utf-8")
        with pytest.raises(InputError, match=f"{path}:2: .*{problem}"):
            suite.read_equivalences(path)
    path.write_text('[[equivalent]]\nruleset = "hu-nc"\nparameter = "vole_points"\nvalue = 3\nreason = "r"\n',
                    encoding="utf-8")
    with pytest.raises(InputError, match=f"{path}:1: stale entry: hu-nc vole_points = 3 is killed by t.vole"):
        suite.mutation_check([vole], path)
