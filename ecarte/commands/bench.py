"""`ecarte bench [--json]`: engine and pipeline throughput figures (CONTRACT.md §3).

Each part registers a measurement in MEASUREMENTS: a function of the time budget in seconds
returning its figures; a figure not yet measurable is None (null in JSON). `--compilers` measures
instead the solver compiled by numba against typed Cython (engine.compilers, docs/solver-choice.md).
"""
from __future__ import annotations

import json
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path
from collections.abc import Callable

from engine.bench import measure as measure_engine, measure_solver
from engine.compilers import Comparison, ComparisonError, compare
from pipeline.build import build
from pipeline.repair.bench import bench as repair_bench
from pipeline.errors import InputError

NAME = "bench"
HELP = "engine and pipeline throughput figures"

Figures = dict[str, float | None]


def _engine(seconds: float) -> Figures:
    """Complete random deals per CPU second under the full rules, by the compiled core and by the
    reference engine, the bare baseline and their ratios; double-dummy solves per CPU second."""
    return {**measure_engine(seconds), **measure_solver(seconds / 3)}


def _repair(seconds: float) -> Figures:
    """Words per second repairing the raw transcript hu-nc-ocr1 once with cold caches (its own length)."""
    return {"words_per_s": round(repair_bench())}


def _build(seconds: float) -> Figures:
    """Seconds for `ecarte build` (segment, collate, write and validate the TEI) into a scratch folder."""
    with tempfile.TemporaryDirectory() as scratch:
        return {"corpus_s": round(build(target=Path(scratch) / "tei").seconds, 3)}


def _site(seconds: float) -> Figures:
    """The reader: `ecarte site`'s wall seconds, its heaviest page with what that page loads, the parallel
    view's first contentful paint in Chromium (ms); measured whole, whatever the budget."""
    from pipeline.site.bench import measure
    return measure()


MEASUREMENTS: dict[str, Callable[[float], Figures]] = {
    "engine": _engine,
    "repair": _repair,
    "build": _build,
    "site": _site,
}


def configure(parser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--seconds", type=float, default=4.0, help="time budget per part (default 4)")
    parser.add_argument("--compilers", action="store_true",
                        help="only the solver compiled by numba against typed Cython and plain Python")


def run(args) -> int:
    if args.seconds <= 0:
        raise InputError("--seconds must be positive")
    if args.compilers:
        try:
            comparison = compare(args.seconds)
        except ComparisonError as error:
            raise InputError(str(error)) from None
        if args.json:
            json.dump(asdict(comparison), sys.stdout)
            sys.stdout.write("\n")
        else:
            _print_comparison(comparison)
        return 0
    figures = {part: measure(args.seconds) for part, measure in MEASUREMENTS.items()}
    if args.json:
        json.dump(figures, sys.stdout)
        sys.stdout.write("\n")
        return 0
    for part, values in figures.items():
        for key, value in values.items():
            shown = "not measured yet" if value is None else f"{value:,}"
            print(f"{part}.{key:34} {shown}")
    return 0


def _print_comparison(comparison: Comparison) -> None:
    """The compilers' figures as a table, then what was checked and what was used."""
    print(f"{'kernel':8} {'solves/s':>10} {'values/s':>10} {'cold start s':>13} {'cached start s':>15}")
    for k in comparison.kernels:
        starts = [("" if s is None else f"{s:.3f}") for s in (k.cold_start_s, k.cached_start_s)]
        print(f"{k.name:8} {k.solves_per_s:>10,} {k.values_per_s:>10,} {starts[0]:>13} {starts[1]:>15}")
    print(f"{comparison.positions} positions, value and packed line agreed by all three; "
          f"{comparison.seconds:g} CPU s of timing on one core")
    print(f"numba {comparison.numba}; Cython {comparison.cython}, C flags {comparison.cflags}; "
          "python = ReferenceSolver (with its table)")
