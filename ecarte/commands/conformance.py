"""`ecarte conformance [PATH...] [--json] [--explain] [--coverage]` (CONTRACT.md §3–4)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine import conformance
from pipeline import corpus
from pipeline.corpus import conformance_run as run_conformance
from pipeline.paths import SCENARIOS

NAME = "conformance"
HELP = "run the conformance scenarios (default tests/conformance/); exit 1 if any fails"


def configure(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="scenario files or folders")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--explain", action="store_true", help="each scenario's events with their citations")
    parser.add_argument("--coverage", action="store_true",
                        help="for each witness, the normative units cited by passing scenarios and by none")


def scenario_paths(args) -> list[Path]:
    """The paths given, or the default folder (shown relative when run from the repository)."""
    if args.paths:
        return [Path(p) for p in args.paths]
    return [SCENARIOS.relative_to(Path.cwd()) if SCENARIOS.is_relative_to(Path.cwd()) else SCENARIOS]


def run(args) -> int:
    report = run_conformance(scenario_paths(args))
    coverage = conformance.coverage(report, corpus.units()) if args.coverage else None
    if args.json:
        payload = report.as_json()
        if coverage is not None:
            payload["coverage"] = [c.as_json() for c in coverage]
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0 if report.ok else 1
    for result in report.results:
        print(f"{result.status:5} {result.id}" + ("" if result.status == "pass" else f"\n      {result.message}"))
        if args.explain:
            print("\n".join("      " + line for line in result.explanation))
    summary = report.summary
    print(f"{len(report.results)} scenarios: {summary['pass']} pass, {summary['fail']} fail, {summary['error']} error"
          + ("" if report.quotes_checked else " (cites and quotes not checked)"))
    for witness in coverage or ():
        print(f"{witness.witness}: {len(witness.covered)} of {len(witness.units)} normative units covered")
        if witness.uncovered:
            print("  not covered: " + " ".join(witness.uncovered))
    return 0 if report.ok else 1
