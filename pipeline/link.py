"""Links from units to the engine: the rules that implement them and the scenarios that test them."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import engine
from engine import conformance

from . import corpus
from .errors import InputError
from .paths import SCENARIOS


def rules_by_unit() -> dict[str, list[str]]:
    """Unit id → ids of the engine rules (and ruleset parameters' rules) that cite it."""
    return engine.rules_by_unit()


def run_conformance(paths: list[Path]) -> conformance.Report:
    """Run the scenarios under `paths` with their cites and quotes checked against the corpus.

    A path that does not exist, or paths holding no scenario, are an error: a suite that ran
    nothing must not pass.
    """
    for path in paths:
        if not path.exists():
            raise InputError("no such file or folder", path)
    if not conformance.discover(paths):
        raise InputError("no scenario files (*.toml) here", ", ".join(map(str, paths)))
    return conformance.run(paths, corpus.unit_texts())


@lru_cache(maxsize=1)
def conformance_report() -> conformance.Report:
    """The whole conformance suite, run once per process."""
    return run_conformance([SCENARIOS])


def scenarios_by_unit() -> dict[str, list[dict]]:
    """Unit id → the conformance scenarios that cite it, with their status."""
    return conformance_report().by_unit()


def rule_lines(unit_id: str) -> list[str]:
    """For people: each rule and ruleset citing the unit, with where its value comes from."""
    return engine.citations.describe_unit(unit_id)
