"""Links from units to the engine: the rules that implement them and the scenarios that test them."""
from __future__ import annotations


def rules_by_unit() -> dict[str, list[str]]:
    """Unit id → ids of the engine rules that cite it."""
    return {}


def scenarios_by_unit() -> dict[str, list[dict]]:
    """Unit id → the conformance scenarios that cite it, with their status."""
    return {}
