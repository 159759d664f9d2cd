"""`ecarte bench [--json]`: engine and pipeline throughput figures (CONTRACT.md §3).

Each part registers a measurement in MEASUREMENTS: a function of the time budget in seconds
returning its figures; a figure not yet measurable is None (null in JSON).
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from collections.abc import Callable

from engine.bench import measure as measure_engine, measure_solver
from pipeline.build import build
from pipeline.repair.bench import bench as repair_bench
from pipeline.errors import InputError

NAME = "bench"
HELP = "engine and pipeline throughput figures"

Figures = dict[str, float | None]


def _engine(seconds: float) -> Figures:
    """Complete random deals per CPU second under the full rules, the bare baseline and their ratio;
    double-dummy solves per CPU second."""
    return {**measure_engine(seconds), **measure_solver(seconds / 3)}


def _repair(seconds: float) -> Figures:
    """Words per second repairing the raw transcript hu-nc-ocr1 once with cold caches (its own length)."""
    return {"words_per_s": round(repair_bench())}


def _build(seconds: float) -> Figures:
    """Seconds for `ecarte build` (segment, collate, write and validate the TEI) into a scratch folder."""
    with tempfile.TemporaryDirectory() as scratch:
        return {"corpus_s": round(build(target=Path(scratch) / "tei").seconds, 3)}


MEASUREMENTS: dict[str, Callable[[float], Figures]] = {
    "engine": _engine,
    "repair": _repair,
    "build": _build,
}


def configure(parser) -> None:
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--seconds", type=float, default=4.0, help="time budget per part (default 4)")


def run(args) -> int:
    if args.seconds <= 0:
        raise InputError("--seconds must be positive")
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
