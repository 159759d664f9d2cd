"""Which units state no rule: the categories and unit patterns of corpus/editorial/normativity.toml."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .errors import InputError
from .files import read_toml
from .paths import EDITORIAL

NORMATIVITY = EDITORIAL / "normativity.toml"


def read_normativity(path: Path = NORMATIVITY) -> tuple[dict[str, str], dict[str, str]]:
    """The categories of non-normative text (with their reasons) and the unit patterns assigned to them."""
    data = read_toml(path, "normativity file")
    categories, units = data.get("categories", {}), data.get("units", {})
    for pattern, category in units.items():
        if category not in categories:
            raise InputError(f"unit pattern {pattern!r} names unknown category {category!r}", path)
    return categories, units


@lru_cache(maxsize=1)
def reasons() -> dict[str, str]:
    """Category → description of the non-normative categories."""
    return read_normativity()[0]
