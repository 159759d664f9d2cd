"""The studies' findings as TEI notes: `<note type="analysis">` beside each paragraph a study tests.

A study is recorded by its command (`ecarte study … --record`) in `corpus/analysis/*.json`: how it
was made, a digest of the code it was made with, and for each category its deals, the deals in
which the advice held, and the units it tests. The build writes one note per unit, saying the
figure, its interval and how it was made. A record is stale, and stops the build, when it notes a
unit the corpus does not hold or when the code it was made with has changed since.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from engine.intervals import Tally

from ..errors import InputError
from ..paths import ROOT


@dataclass(frozen=True)
class Finding:
    """One category of a study, as a note on one unit."""

    unit: str
    text: str


def digest(relative: str) -> str:
    """The sha256 of a file of the project, named from its root."""
    return hashlib.sha256((ROOT / relative).read_bytes()).hexdigest()


def read_findings(folder: Path) -> dict[str, list[Finding]]:
    """Unit id → the findings noted on it, from every study recorded in `folder` (none if it is absent)."""
    found: dict[str, list[Finding]] = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        for finding in _read_study(path):
            found.setdefault(finding.unit, []).append(finding)
    return found


def _read_study(path: Path) -> list[Finding]:
    try:
        study = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the study record: {error}", path) from None
    if not isinstance(study, dict) or not {"made_by", "method", "code", "categories"} <= set(study):
        raise InputError("a study record needs made_by, method, code and categories", path)
    changed = sorted(f for f, sha in study["code"].items() if not (ROOT / f).is_file() or digest(f) != sha)
    if changed:
        raise InputError(f"stale: {', '.join(changed)} changed since the study was made; run"
                         f" `{study['made_by']}` again", path)
    found = []
    for number, c in enumerate(study["categories"], 1):
        if not (isinstance(c, dict) and isinstance(c.get("category"), str) and isinstance(c.get("label"), str)
                and type(c.get("deals")) is int
                and type(c.get("made")) is int and 0 <= c["made"] <= c["deals"] and c["deals"] >= 1
                and isinstance(c.get("units"), list) and all(isinstance(u, str) for u in c["units"])):
            raise InputError(f"category {number}: needs category, label, deals ≥ 1, made (0 to deals) and a"
                             " list of units", path)
        tally = Tally(c["category"], c["deals"], c["made"])
        text = (f"Double-dummy study, {c['label']}: three tricks or more in {tally.text()}; {study['method']}."
                f" Made by `{study['made_by']}`.")
        found += [Finding(unit, text) for unit in c["units"]]
    return found


def check_units(findings: dict[str, list[Finding]], units: set[str], folder: Path) -> None:
    """A finding on a unit the corpus does not hold is stale: the build stops."""
    stale = sorted(set(findings) - units)
    if stale:
        raise InputError(f"a study record notes units the corpus does not hold: {', '.join(stale)}", folder)
