"""The studies: the same figures for any number of workers, honest intervals, clear errors."""
import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import parse_card
from engine.intervals import Mean, Tally
from engine.studies.jeux_de_regle import STUDY, category

ROOT = Path(__file__).resolve().parents[2]


def jeux_de_regle(deals, seed, workers=1, mapper=None):
    return STUDY.run(deals, seed, workers, mapper=mapper)


def test_a_study_is_the_same_for_any_number_of_workers_and_different_for_another_seed():
    one = jeux_de_regle(45_000, seed=5, workers=1)
    two = jeux_de_regle(45_000, seed=5, workers=2)
    assert one == two and sum(f.figure.deals for f in one) == 45_000
    assert jeux_de_regle(45_000, seed=6, workers=1) != one


def test_three_trumps_make_three_tricks_far_more_often_than_no_trump():
    by = {f.figure.category: f.figure for f in jeux_de_regle(40_000, seed=2)}
    clause_a, none = by["en-wiki.s9.p1.a"], by["outside: 0 trump(s)"]
    assert clause_a.interval()[0] > none.interval()[1]


@pytest.mark.parametrize("made, deals, low, high", [(0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (50, 100, 0.4038, 0.5962)])
def test_the_wilson_interval(made, deals, low, high):
    found = Tally("x", deals, made).interval()
    assert found == pytest.approx((low, high), abs=1e-4)


def test_an_empty_category_has_no_share():
    assert math.isnan(Tally("x", 0, 0).share)


@pytest.mark.parametrize("values", [[1, -1, 2, 0, 0, 1], [2] * 5 + [-2] * 3, [0, 1]])
def test_the_interval_of_a_mean_is_the_normal_one(values):
    import statistics
    mean = Mean("x", len(values), sum(values), sum(v * v for v in values))
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    assert mean.mean == pytest.approx(statistics.fmean(values))
    assert mean.interval() == pytest.approx((mean.mean - half, mean.mean + half))


def test_a_mean_of_one_deal_has_no_interval():
    assert all(math.isnan(x) for x in Mean("x", 1, 2, 4).interval())


def test_hands_are_sorted_into_the_clauses_and_beside_them():
    hand = tuple(parse_card(c) for c in "KH QH JH 7S 8C".split())
    assert category(hand, 1) == "en-wiki.s9.p1.a"
    assert category(tuple(parse_card(c) for c in "7S 8S 9D 7C 8D".split()), 1) == "outside: 0 trump(s)"


def test_the_command_prints_json_and_refuses_nonsense():
    run = subprocess.run([sys.executable, "-m", "ecarte.cli", "study", "jeux-de-regle", "--deals", "3000",
                          "--workers", "1", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    data = json.loads(run.stdout)
    assert run.returncode == 0 and sum(c["deals"] for c in data["findings"]) == 3000
    bad = subprocess.run([sys.executable, "-m", "ecarte.cli", "study", "jeux-de-regle", "--deals", "0"],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "at least 1" in bad.stderr and "Traceback" not in bad.stderr


def test_a_dask_cluster_counts_the_same_as_this_process():
    from distributed import Client, LocalCluster

    from ecarte.commands.study import dask_mapper
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as client:
        assert jeux_de_regle(45_000, seed=5, mapper=dask_mapper(client)) == jeux_de_regle(45_000, seed=5)


def test_an_unreachable_dask_scheduler_is_a_clear_error_within_seconds():
    import time

    from ecarte.commands.study import dask_client
    from pipeline.errors import InputError
    start = time.monotonic()
    with pytest.raises(InputError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:1"):
        dask_client("tcp://127.0.0.1:1", timeout=1.0)
    assert time.monotonic() - start < 10


def test_the_plot_is_written_in_png_and_svg_and_the_svg_is_the_same_each_time(tmp_path):
    command = [sys.executable, "-m", "ecarte.cli", "study", "jeux-de-regle", "--deals", "2000", "--workers", "1"]
    first, second = tmp_path / "one", tmp_path / "two"
    for folder in (first, second):
        assert subprocess.run(command + ["--plot", str(folder)], cwd=ROOT, capture_output=True, timeout=120).returncode == 0
    assert (first / "jeux-de-regle.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (first / "jeux-de-regle.svg").read_bytes() == (second / "jeux-de-regle.svg").read_bytes()
