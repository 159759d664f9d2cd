"""The studies' findings as TEI notes: `<note type="analysis">` beside each paragraph a study tests.

A study is recorded by its command (`ecarte study … --record`) in `corpus/analysis/*.json`: how it
was made, and for each category its deals, the deals in which the advice held, and the units it
tests. The build writes one note per unit, saying the figure, its interval and how it was made;
a unit the corpus does not hold is a stale entry and stops the build.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from engine.intervals import wilson

from ..errors import InputError


@dataclass(frozen=True)
class Finding:
    """One category of a study, as a note on one unit."""

    unit: str
    text: str


def read_findings(folder: Path) -> dict[str, list[Finding]]:
    """Unit id → the findings noted on it, from every study recorded in `folder` (none if it is absent)."""
    found: dict[str, list[Finding]] = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            study = json.loads(path.read_text(encoding="utf-8"))
            made_by, method = study["made_by"], study["method"]
            categories = study["categories"]
            for c in categories:
                low, high = wilson(c["made"], c["deals"])
                text = (f"{c['category']}: three tricks or more in {c['made'] / c['deals']:.1%} of {c['deals']:,}"
                        f" deals (95% interval {low:.1%}–{high:.1%}); {method}. Made by `{made_by}`.")
                for unit in c["units"]:
                    found.setdefault(unit, []).append(Finding(unit, text))
        except (ValueError, KeyError, TypeError, ZeroDivisionError) as error:
            raise InputError(f"a malformed study record: {error!r}", path) from None
    return found


def check_units(findings: dict[str, list[Finding]], units: set[str], folder: Path) -> None:
    """A finding on a unit the corpus does not hold is stale: the build stops."""
    stale = sorted(set(findings) - units)
    if stale:
        raise InputError(f"a study record notes units the corpus does not hold: {', '.join(stale)}", folder)
