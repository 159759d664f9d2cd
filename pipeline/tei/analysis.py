"""The studies' findings as TEI notes: `<note type="analysis">` beside each paragraph a study tests.

A study is recorded by its command (`ecarte study … --record`) in `corpus/analysis/*.json`: how it
was made, a digest of the code it was made with, and its findings (engine.studies.finding), each
with the units it tests. The build writes one note per unit, saying the figure, its interval and
how it was made. A record is stale, and stops the build, when it notes a
unit the corpus does not hold or when the code it was made with has changed since.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from engine.studies.finding import from_record

from ..errors import InputError
from ..paths import ROOT


@dataclass(frozen=True)
class Note:
    """One finding of a study, as a note on one unit."""

    unit: str
    text: str


def digest(relative: str) -> str:
    """The sha256 of a file of the project, named from its root."""
    return hashlib.sha256((ROOT / relative).read_bytes()).hexdigest()


def read_findings(folder: Path) -> dict[str, list[Note]]:
    """Unit id → the findings noted on it, from every study recorded in `folder` (none if it is absent)."""
    found: dict[str, list[Note]] = {}
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        for finding in _read_study(path):
            found.setdefault(finding.unit, []).append(finding)
    return found


def _read_study(path: Path) -> list[Note]:
    try:
        study = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the study record: {error}", path) from None
    if not isinstance(study, dict) or not {"title", "made_by", "method", "code", "findings"} <= set(study) \
            or not isinstance(study["findings"], list):
        raise InputError("a study record needs title, made_by, method, code and a list of findings", path)
    changed = sorted(f for f, sha in study["code"].items() if not (ROOT / f).is_file() or digest(f) != sha)
    if changed:
        raise InputError(f"stale: {', '.join(changed)} changed since the study was made; run"
                         f" `{study['made_by']}` again", path)
    found = []
    for number, entry in enumerate(study["findings"], 1):
        try:
            finding = from_record(entry)
        except ValueError as error:
            raise InputError(f"finding {number}: {error}", path) from None
        text = f"{study['title']}, {finding.text()}; {study['method']}. Made by `{study['made_by']}`."
        found += [Note(unit, text) for unit in finding.units]
    return found


def check_units(findings: dict[str, list[Note]], units: set[str], folder: Path) -> None:
    """A finding on a unit the corpus does not hold is stale: the build stops."""
    stale = sorted(set(findings) - units)
    if stale:
        raise InputError(f"a study record notes units the corpus does not hold: {', '.join(stale)}", folder)
