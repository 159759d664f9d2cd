"""`ecarte conformance [PATH...] [--json] [--explain] [--coverage] [--mutations]` (CONTRACT.md §3–4)."""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.conformance import Status, WitnessCoverage
from engine.mutation import MutationReport, Pinning
from pipeline import corpus, suite
from pipeline.corpus import conformance_run as run_conformance
from pipeline.paths import SCENARIOS

NAME = "conformance"
HELP = "run the conformance scenarios (default tests/conformance/); exit 1 if any fails"


def configure(parser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH", help="scenario files or folders")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--explain", action="store_true", help="each scenario's events with their citations")
    parser.add_argument("--coverage", action="store_true",
                        help="for each witness, the normative leaves and lead-ins cited by passing scenarios"
                        " and by none (units of later issues listed apart, tests/conformance/deferred.toml)")
    parser.add_argument("--mutations", action="store_true",
                        help="instead of the run: mutate each parameter of each ruleset and count the scenarios"
                        " that then fail (a measurement: exit status 0)")


def scenario_paths(args) -> list[Path]:
    """The paths given, or the default folder (shown relative when run from the repository)."""
    if args.paths:
        return [Path(p) for p in args.paths]
    return [SCENARIOS.relative_to(Path.cwd()) if SCENARIOS.is_relative_to(Path.cwd()) else SCENARIOS]


def run(args) -> int:
    if args.mutations:
        mutations = suite.mutation_check(scenario_paths(args))
        if args.json:
            json.dump({"mutations": mutations.as_json()}, sys.stdout, ensure_ascii=False, indent=1)
            sys.stdout.write("\n")
        else:
            print_mutations(mutations)
        return 0
    report = run_conformance(scenario_paths(args))
    coverage = suite.coverage(report) if args.coverage else None
    if args.json:
        payload = report.as_json()
        if coverage is not None:
            payload["coverage"] = [c.as_json() for c in coverage]
        json.dump(payload, sys.stdout, ensure_ascii=False, indent=1)
        sys.stdout.write("\n")
        return 0 if report.ok else 1
    for result in report.results:
        print(f"{result.status:5} {result.id}" + ("" if result.status is Status.PASS else f"\n      {result.message}"))
        if args.explain:
            print("\n".join("      " + line for line in result.explanation))
    summary = report.summary
    print(f"{len(report.results)} scenarios: {summary[Status.PASS]} pass, {summary[Status.FAIL]} fail,"
          f" {summary[Status.ERROR]} error"
          + ("" if report.quotes_checked else " (cites and quotes not checked)"))
    if coverage is not None:
        print_coverage(coverage, {unit.id: unit.own_text for unit in corpus.units()})
    return 0 if report.ok else 1


def print_coverage(coverage: list[WitnessCoverage], texts: dict[str, str]) -> None:
    """Per witness: the leaves and lead-ins covered, each uncovered one with the opening words of
    its own text (`texts`: a lead-in's words before its parts; it is marked so), the deferred ones."""
    for witness in coverage:
        percent = "–" if witness.percent is None else f"{witness.percent}%"
        print(f"{witness.witness}: {len(witness.covered)} of {witness.counted} normative leaves and lead-ins covered"
              f" ({percent}; lead-ins {len(witness.lead_ins_covered)} of {len(witness.lead_ins)});"
              f" {len(witness.containers_covered)} of {len(witness.containers)} containers complete;"
              f" {len(witness.deferred)} deferred")
        for unit in witness.uncovered:
            kind = " (lead-in)" if unit in witness.lead_ins else ""
            print(f"  not covered  {unit}{kind}  {opening(texts[unit])}")
        reasons: dict[str, list[str]] = {}
        for unit, reason in witness.deferred:
            reasons.setdefault(reason, []).append(unit)
        for reason, units in reasons.items():
            print(f"  deferred     {' '.join(units)}: {reason}")


def opening(text: str, words: int = 8) -> str:
    """The first words of a unit's text, an ellipsis marking the rest."""
    found = text.split()
    return " ".join(found[:words]) + (" …" if len(found) > words else "")


def print_mutations(report: MutationReport) -> None:
    """Per ruleset a table of its mutations and the scenarios each fails, then the unpinned
    parameters, the summary and the time taken."""
    for siglum, passing in report.scenarios.items():
        print(f"{siglum} ({passing} scenarios pass)")
        for check in (c for c in report.checks if c.ruleset == siglum):
            if not check.mutations:
                print(f"  {check.parameter:22} {shown(check.value)}: no alternative value")
            for m in check.mutations:
                note = f"  equivalent: {m.equivalent}" if m.equivalent else ""
                print(f"  {check.parameter:22} {shown(check.value)} → {shown(m.value)}: {len(m.failing)} failing{note}")
    unpinned = [c for c in report.checks if c.pinning is Pinning.UNPINNED]
    print("unpinned: " + (", ".join(f"{c.ruleset} {c.parameter} (→ " + ", ".join(
        shown(m.value) for m in c.mutations if not m.killed and not m.equivalent) + ")" for c in unpinned)
        if unpinned else "none"))
    figures = report.summary()
    print(f"{figures['pinned']} of {figures['parameters']} parameters pinned; {figures['mutations']} mutations,"
          f" {figures['killed']} killed, {figures['equivalent']} recorded as equivalent;"
          f" {figures['only_equivalent']} parameters with only equivalent alternatives,"
          f" {figures['no_alternative']} with no alternative value (ruleset × parameter)")
    print(f"runtime {figures['seconds']} s")


def shown(value) -> str:
    """A parameter's value as the ruleset files write it."""
    return json.dumps(value, ensure_ascii=False)