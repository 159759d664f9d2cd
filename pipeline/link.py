"""The link stage: units tied to the engine — the rules that implement them, the scenarios that test them.

Plain data from the engine's own citations (rulesets, rules, scenario files); running the
scenarios, which gives each its status, is `run_conformance`, done only when a reader asks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import engine
from engine import conformance
from engine.scenario import ScenarioError, ScenarioFile, load_scenario

from .errors import InputError


@dataclass(frozen=True)
class CitingScenario:
    """A scenario file as read, not run: its id, its file under the scenario folder (without
    .toml), the ruleset it plays, the units it cites, and the scenario itself, for the variants
    stage to play under another witness's value (None where a test makes one by hand)."""

    id: str
    file: str
    ruleset: str
    cites: tuple[str, ...]
    scenario: ScenarioFile | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class EngineLinks:
    """Unit id → the engine rules citing it; the scenarios, read, with the units each cites."""

    rules: dict[str, list[str]]
    scenarios: tuple[CitingScenario, ...]


def citing_scenarios(folder: Path) -> tuple[CitingScenario, ...]:
    """Every scenario under `folder`, read. A malformed one is left to the conformance run,
    which reports it as an error."""
    found = []
    for path in conformance.discover([folder]):
        try:
            scenario = load_scenario(path)
        except ScenarioError:
            continue
        found.append(CitingScenario(scenario.id, path.relative_to(folder).with_suffix("").as_posix(),
                                    scenario.ruleset, scenario.cites, scenario))
    return tuple(found)


def engine_links(scenarios: Path) -> EngineLinks:
    """Every unit's engine rules, and the scenarios with their citations."""
    return EngineLinks(engine.rules_by_unit(), citing_scenarios(scenarios))


def run_conformance(paths: list[Path], unit_texts: dict[str, str]) -> conformance.Report:
    """Run the scenarios under `paths` with their cites and quotes checked against `unit_texts`."""
    check_scenario_paths(paths)
    return conformance.run(paths, unit_texts)


def check_scenario_paths(paths: list[Path]) -> None:
    """A path that does not exist, or paths holding no scenario, are an error: a suite that ran
    nothing must not pass."""
    for path in paths:
        if not path.exists():
            raise InputError("no such file or folder", path)
    if not conformance.discover(paths):
        raise InputError("no scenario files (*.toml) here", ", ".join(map(str, paths)))


def rule_lines(unit_id: str) -> list[str]:
    """For people: each rule and ruleset citing the unit, with where its value comes from."""
    return engine.citations.describe_unit(unit_id)
