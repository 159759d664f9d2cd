"""The corpus's versions (corpus/editorial/revisions.toml): the editionStmt and revisionDesc of
every TEI file. Read from data, never from git, so that a build does not depend on when it runs."""
from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..files import array_of_tables, read_toml
from ..paths import CATALOGUE

VERSION_NUMBER = re.compile(r"^\d+(\.\d+){0,3}$")
"""A version as TEI's teidata.versionNumber takes it, without letters: 0.3, 1.0.2."""


@dataclass(frozen=True)
class Version:
    """One published version of the corpus: its number, date and what changed."""

    n: str
    when: datetime.date
    description: str

    @property
    def number(self) -> tuple[int, ...]:
        return tuple(int(part) for part in self.n.split("."))


def read_versions(path: Path) -> tuple[Version, ...]:
    """The versions, oldest first; numbers and dates must go forward, and there must be one."""
    data = read_toml(path, "revisions file")
    entries = array_of_tables(data, path.read_text(encoding="utf-8"), "version", path)
    versions: list[Version] = []
    for entry, line in entries:
        version = _version(entry, line, path)
        if versions and version.number <= versions[-1].number:
            raise InputError(f"version {version.n} does not come after {versions[-1].n}", path, line)
        if versions and version.when < versions[-1].when:
            raise InputError(f"version {version.n} is dated {version.when}, before version "
                             f"{versions[-1].n} ({versions[-1].when})", path, line)
        versions.append(version)
    if not versions:
        raise InputError("no [[version]]: the corpus needs at least one version", path)
    return tuple(versions)


def _version(entry: dict, line: int, path: Path) -> Version:
    unknown = set(entry) - {"n", "when", "description"}
    if unknown:
        raise InputError(f"unknown field(s) {', '.join(sorted(unknown))} (known: n, when, description)",
                         path, line)
    n, when, description = entry.get("n"), entry.get("when"), entry.get("description")
    if not isinstance(n, str) or not VERSION_NUMBER.match(n):
        raise InputError(f"n must be a version number like \"0.3\", not {n!r}", path, line)
    if not isinstance(when, datetime.date) or isinstance(when, datetime.datetime):
        raise InputError(f"when must be a TOML date (2026-11-23), not {when!r}", path, line)
    if not isinstance(description, str) or not description.strip():
        raise InputError("description must say what changed", path, line)
    return Version(n, when, " ".join(description.split()))


def since(versions: tuple[Version, ...], added_after: str | None, siglum: str) -> tuple[Version, ...]:
    """The versions a witness is in: all, or those after the one it was added after (which must
    be a version of the file: the catalogue's added_after names it)."""
    if added_after is None:
        return versions
    numbers = [v.n for v in versions]
    if added_after not in numbers:
        raise InputError(f"witness {siglum!r}: added_after names no version of revisions.toml "
                         f"({added_after!r}; known: {', '.join(numbers)})", CATALOGUE)
    return versions[numbers.index(added_after) + 1:]
