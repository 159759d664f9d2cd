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

from engine.studies.finding import Finding, from_record

from ..errors import InputError
from ..paths import ROOT


FIELDS = ("title", "made_by", "method", "code", "deals", "seed", "findings")
"""What a study record holds (`ecarte study … --record`)."""


@dataclass(frozen=True)
class Note:
    """One finding of a study, as a note on one unit."""

    unit: str
    text: str


def digest(relative: str) -> str:
    """The sha256 of a file of the project, named from its root."""
    return hashlib.sha256((ROOT / relative).read_bytes()).hexdigest()


@dataclass(frozen=True)
class StudyRecord:
    """A study as its command recorded it: how it was made and its findings."""

    name: str
    title: str
    made_by: str
    method: str
    deals: int
    seed: int
    findings: tuple[Finding, ...]

    def notes(self) -> list[Note]:
        """Each finding as a note on each unit it tests."""
        return [Note(unit, f"{self.title}, {finding.text()}; {self.method}. Made by `{self.made_by}`.")
                for finding in self.findings for unit in finding.units]


def read_studies(folder: Path) -> tuple[StudyRecord, ...]:
    """Every study recorded in `folder`, by name (none if it is absent); a stale one stops the caller."""
    return tuple(read_study(path) for path in sorted(folder.glob("*.json"))) if folder.is_dir() else ()


def read_findings(folder: Path) -> dict[str, list[Note]]:
    """Unit id → the findings noted on it, from every study recorded in `folder` (none if it is absent)."""
    found: dict[str, list[Note]] = {}
    for study in read_studies(folder):
        for note in study.notes():
            found.setdefault(note.unit, []).append(note)
    return found


def read_study(path: Path) -> StudyRecord:
    """One study record, checked: its fields, its findings, and that the code it was made with is unchanged."""
    try:
        study = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise InputError(f"cannot read the study record: {error}", path) from None
    if not isinstance(study, dict) or not set(FIELDS) <= set(study) or not isinstance(study["findings"], list) \
            or not all(type(study[k]) is int for k in ("deals", "seed")):
        raise InputError(f"a study record needs {', '.join(FIELDS[:-1])} and a list of findings", path)
    changed = sorted(f for f, sha in study["code"].items() if not (ROOT / f).is_file() or digest(f) != sha)
    if changed:
        raise InputError(f"stale: {', '.join(changed)} changed since the study was made; run"
                         f" `{study['made_by']}` again", path)
    findings = []
    for number, entry in enumerate(study["findings"], 1):
        try:
            findings.append(from_record(entry))
        except ValueError as error:
            raise InputError(f"finding {number}: {error}", path) from None
    return StudyRecord(path.stem, study["title"], study["made_by"], study["method"], study["deals"], study["seed"],
                       tuple(findings))


def check_units(findings: dict[str, list[Note]], units: set[str], folder: Path) -> None:
    """A finding on a unit the corpus does not hold is stale: the build stops."""
    stale = sorted(set(findings) - units)
    if stale:
        raise InputError(f"a study record notes units the corpus does not hold: {', '.join(stale)}", folder)
