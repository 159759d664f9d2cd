"""Links from units to the engine: the rules that implement them and the scenarios that test them."""
from __future__ import annotations

from functools import lru_cache

import engine
from engine import conformance

from . import corpus
from .paths import ROOT

SCENARIOS = ROOT / "tests" / "conformance"


def rules_by_unit() -> dict[str, list[str]]:
    """Unit id → ids of the engine rules (and ruleset parameters' rules) that cite it."""
    return engine.rules_by_unit()


@lru_cache(maxsize=1)
def conformance_report() -> conformance.Report:
    """The conformance suite run once against the corpus's unit texts."""
    return conformance.run([SCENARIOS], corpus.unit_texts())


def scenarios_by_unit() -> dict[str, list[dict]]:
    """Unit id → the conformance scenarios that cite it, with their status."""
    return conformance_report().by_unit()


def rule_lines(unit_id: str) -> list[str]:
    """For people: each rule and ruleset citing the unit, with where its value comes from."""
    return engine.citations.describe_unit(unit_id)
