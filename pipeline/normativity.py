"""The normativity stage: which units state no rule, by the categories and unit patterns of
corpus/editorial/normativity.toml."""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from .errors import InputError
from .model import Kind, WitnessText
from .files import read_toml
from .paths import EDITORIAL

NORMATIVITY = EDITORIAL / "normativity.toml"


def read_normativity(path: Path = NORMATIVITY) -> tuple[dict[str, str], dict[str, str]]:
    """The categories of non-normative text (with their reasons) and the unit patterns assigned to them."""
    data = read_toml(path, "normativity file")
    categories, units = data.get("categories", {}), data.get("units", {})
    if not isinstance(categories, dict) or not isinstance(units, dict) \
            or not all(isinstance(v, str) for v in [*categories.values(), *units.values()]):
        raise InputError("[categories] and [units] must be tables of strings", path)
    for pattern, category in units.items():
        if category not in categories:
            raise InputError(f"unit pattern {pattern!r} names unknown category {category!r}", path)
    return categories, units


@lru_cache(maxsize=1)
def reasons() -> dict[str, str]:
    """Category → description of the non-normative categories."""
    return read_normativity()[0]


def apply_normativity(texts: Mapping[str, WitnessText], normativity: tuple[dict[str, str], dict[str, str]],
                      path: Path = NORMATIVITY) -> None:
    """Mark non-normative units; every pattern must match a unit, every heading is one."""
    categories, patterns = normativity
    units = [unit for text in texts.values() for unit in text.walk()]
    for unit in units:
        if unit.kind is Kind.HEADING:
            unit.normative, unit.reason = False, "heading"
    for pattern, category in patterns.items():
        stem = pattern.rstrip("*")
        matched = [u for u in units if u.id == stem
                   or pattern.endswith("*") and u.id.startswith(stem + ".")]
        if not matched:
            raise InputError(f"unit pattern {pattern!r} matches no unit", path)
        for unit in matched:
            unit.normative, unit.reason = False, category
