"""The conformance suite's own data, read and checked: the units left to a later issue
(`tests/conformance/deferred.toml`) and the coverage of the rest by passing scenarios; the
mutations recorded as equivalent (`tests/conformance/equivalent-mutations.toml`) and the
mutation check that must not contradict them. A stale entry is an InputError at its line."""
from __future__ import annotations

from pathlib import Path

from engine import conformance, mutation
from engine.conformance import Deferral, WitnessCoverage
from engine.mutation import Equivalence, MutationReport
from engine.irregularities import read_options
from engine.ruleset import RulesetError, load

from . import corpus
from .errors import InputError
from .files import array_of_tables, read_text, read_toml
from .link import check_scenario_paths
from .paths import SCENARIOS

DEFERRED = SCENARIOS / conformance.DEFERRED_FILE
EQUIVALENT = SCENARIOS / conformance.EQUIVALENT_FILE


def read_deferrals(path: Path = DEFERRED) -> tuple[Deferral, ...]:
    """Every `[[deferred]]` entry's unit patterns with its reason; a malformed entry is an InputError."""
    text = read_text(path)
    found: list[Deferral] = []
    for entry, line in array_of_tables(read_toml(path, "deferred units"), text, "deferred", path):
        units, reason = entry.get("units"), entry.get("reason")
        if set(entry) != {"units", "reason"} or not isinstance(reason, str) or not reason.strip() \
                or not isinstance(units, list) or not units \
                or not all(isinstance(u, str) and u.strip("*") and "*" not in u[:-1] for u in units):
            raise InputError('a [[deferred]] entry needs `units` (unit ids, "ID*" for a unit and all inside'
                             " it) and a non-empty `reason`, and nothing else", path, line)
        found.extend(Deferral(unit, reason, line) for unit in units)
    return tuple(found)


def coverage(report: conformance.Report, path: Path = DEFERRED) -> list[WitnessCoverage]:
    """Each witness's normative leaves and lead-ins covered by the report's passing scenarios, the
    deferred ones apart; a stale deferral is an InputError at its line."""
    deferrals = read_deferrals(path)
    found = conformance.coverage(report, corpus.units(), deferrals=deferrals)
    stale = conformance.stale_deferrals(deferrals, found, report)
    if stale:
        deferral, problem = stale[0]
        raise InputError(f"stale entry: {problem}", path, deferral.line)
    return found


def read_equivalences(path: Path = EQUIVALENT) -> tuple[Equivalence, ...]:
    """Every `[[equivalent]]` entry: a ruleset, a parameter, the value it is mutated to, and why that
    value plays like the real one; a malformed entry is an InputError."""
    text = read_text(path)
    found: list[Equivalence] = []
    for entry, line in array_of_tables(read_toml(path, "equivalent mutations"), text, "equivalent", path):
        reason = entry.get("reason")
        if set(entry) != {"ruleset", "parameter", "value", "reason"} or not isinstance(reason, str) \
                or not reason.strip():
            raise InputError("an [[equivalent]] entry needs `ruleset`, `parameter`, `value` and a non-empty"
                             " `reason`, and nothing else", path, line)
        try:
            ruleset = load(entry["ruleset"])
            if str(entry["parameter"]).startswith("irregularities."):   # a ruling of table mode
                if entry["parameter"] not in {mutation.ruling_name(r) for r in ruleset.rulings.values()}:
                    raise KeyError(entry["parameter"])
                if not isinstance(entry["value"], dict):
                    raise TypeError("a ruling's value is { remedy = [...] } or { choice = { ... } }")
                read_options(entry["value"], entry["parameter"])
            else:
                ruleset.with_values(**{entry["parameter"]: entry["value"]})
        except (RulesetError, KeyError, TypeError, ValueError) as error:
            raise InputError(f"not a mutation of a ruleset: {error}", path, line) from None
        found.append(Equivalence(entry["ruleset"], entry["parameter"], entry["value"], reason, line))
    return tuple(found)


def mutation_check(paths: list[Path], path: Path = EQUIVALENT) -> MutationReport:
    """The mutation check of the scenarios under `paths`, the recorded equivalences applied."""
    check_scenario_paths(paths)
    equivalences = read_equivalences(path)
    report = mutation.check(paths, equivalences)
    stale = report.stale(equivalences)
    if stale:
        entry, problem = stale[0]
        raise InputError(f"stale entry: {problem}", path, entry.line)
    return report
