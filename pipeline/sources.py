"""The witnesses' sources: their descriptions, checksums and text (corpus/sources/)."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InputError
from .files import decode_utf8, read_toml, table_lines
from .model import TRANSCRIPT_ROLES, Witness
from .paths import CATALOGUE, SOURCES

if TYPE_CHECKING:
    from .facsimile import Facsimile

REQUIRED = ("title", "language", "kind", "segmenter")
ISO_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")
"""A date as TEI's @when, @notBefore and @notAfter take it: a year, a month or a day."""


class RightsStatus(str, Enum):
    """Whether a source text may be used freely (TEI availability/@status)."""

    FREE = "free"                 # public domain, or under a free licence
    RESTRICTED = "restricted"     # copyrighted, no licence given
    UNKNOWN = "unknown"           # neither a licence nor a copyright statement is known


@dataclass(frozen=True)
class Dating:
    """A date as the catalogue words it (`text`), and the ISO dates that say it for machines."""

    text: str
    when: str | None = None
    not_before: str | None = None
    not_after: str | None = None
    note: str | None = None


@dataclass(frozen=True)
class Rights:
    """The rights in a source text: its status, the licence or copyright statement as found."""

    status: RightsStatus
    statement: str
    url: str | None = None        # the licence's address, where there is one
    note: str | None = None       # where the statement was found, what it implies


@dataclass(frozen=True)
class Ocr:
    """The OCR that made a transcript, as far as known: engine, model, version, and the evidence."""

    engine: str
    model: str
    evidence: str
    version: str | None = None


@dataclass(frozen=True)
class Description:
    """The typed part of a catalogue entry: the source's date, address, retrieval, rights and OCR."""

    date: Dating | None = None
    url: str | None = None
    url_note: str | None = None
    retrieved: Dating | None = None
    rights: Rights | None = None
    ocr: Ocr | None = None


def describe(witness: Witness, catalogue: Path = CATALOGUE) -> Description:
    """The typed description of a witness from its catalogue entry; a malformed field is an
    InputError naming the catalogue, the witness's line and the field."""
    entry = _Entry(witness, catalogue)
    meta = witness.meta
    url, retrieved = entry.text(meta, "url"), entry.table("retrieved")
    if retrieved is not None and url is None:
        raise entry.fail("retrieved is given but no url")
    return Description(
        date=entry.dating(meta, entry.text(meta, "date"), "date_note"),
        url=url, url_note=entry.text(meta, "url_note"),
        retrieved=entry.dating(retrieved, entry.text(retrieved, "text", "retrieved."), "note", "retrieved.")
        if retrieved is not None else None,
        rights=entry.rights(), ocr=entry.ocr())


@dataclass(frozen=True)
class _Entry:
    """Reads the typed fields of one catalogue entry, failing with its witness and line."""

    witness: Witness
    catalogue: Path

    def fail(self, message: str) -> InputError:
        return InputError(f"witness {self.witness.siglum!r}: {message}", self.catalogue,
                          _entry_line(self.catalogue, self.witness.siglum))

    def text(self, data: dict, key: str, where: str = "") -> str | None:
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise self.fail(f"{where}{key} must be a non-empty string")
        return value

    def table(self, key: str) -> dict | None:
        value = self.witness.meta.get(key)
        if value is not None and not isinstance(value, dict):
            raise self.fail(f"{key} must be a table ([{self.witness.siglum}.{key}])")
        return value

    def dating(self, data: dict, shown: str | None, note: str, where: str = "") -> Dating | None:
        """A date as text and its ISO bounds; an ISO text alone is its own @when."""
        bounds = {key: self.text(data, key, where) for key in ("when", "not_before", "not_after")}
        for key, value in bounds.items():
            if value is not None and not ISO_DATE.match(value):
                raise self.fail(f"{where}{key} {value!r} is not an ISO date (YYYY, YYYY-MM or YYYY-MM-DD)")
        if shown is None:
            if any(bounds.values()):
                raise self.fail(f"{where}when/not_before/not_after need the date as text beside them")
            return None
        if not any(bounds.values()) and ISO_DATE.match(shown):
            bounds["when"] = shown
        if bounds["when"] and (bounds["not_before"] or bounds["not_after"]):
            raise self.fail(f"{where}give either when or not_before/not_after, not both")
        if bounds["not_before"] and bounds["not_after"] and bounds["not_before"] > bounds["not_after"]:
            raise self.fail(f"{where}not_before {bounds['not_before']} is after not_after {bounds['not_after']}")
        return Dating(shown, note=self.text(data, note, where), **bounds)

    def rights(self) -> Rights | None:
        rights = self.table("rights")
        if rights is None:
            return None
        try:
            status = RightsStatus(rights.get("status"))
        except ValueError:
            raise self.fail(f"rights.status must be one of {', '.join(s.value for s in RightsStatus)}") from None
        statement = self.text(rights, "statement", "rights.")
        if statement is None:
            raise self.fail("rights.statement is missing")
        return Rights(status, statement, self.text(rights, "url", "rights."), self.text(rights, "note", "rights."))

    def ocr(self) -> Ocr | None:
        ocr = self.table("ocr")
        if ocr is None:
            return None
        fields = {key: self.text(ocr, key, "ocr.") for key in ("engine", "model", "evidence", "version")}
        missing = [key for key in ("engine", "model", "evidence") if fields[key] is None]
        if missing:
            raise self.fail(f"ocr lacks {', '.join(missing)}")
        return Ocr(**fields)


def _entry_line(catalogue: Path, siglum: str) -> int | None:
    """The line of a witness's table in the catalogue, for an error to name."""
    try:
        lines = table_lines(catalogue.read_text(encoding="utf-8"), siglum)
    except OSError:
        return None
    return lines[0] if lines else None


def load_witnesses(catalogue: Path = CATALOGUE) -> dict[str, Witness]:
    """Read the catalogue of witnesses, in file order, checking each entry's required fields."""
    data = read_toml(catalogue, "witness catalogue")
    witnesses = {}
    for siglum, entry in data.items():
        missing = [key for key in REQUIRED if key not in entry]
        if missing:
            raise InputError(f"witness {siglum!r} lacks {', '.join(missing)}", catalogue)
        witnesses[siglum] = Witness(
            siglum=siglum,
            title=entry["title"],
            language=entry["language"],
            kind=entry["kind"],
            source=entry.get("source"),
            sha256=entry.get("sha256"),
            segmenter=entry["segmenter"],
            meta=entry,
            added_after=entry.get("added_after"),
        )
        if not isinstance(witnesses[siglum].added_after, str | None):
            raise InputError(f"witness {siglum!r}: added_after must be a version number as text "
                             f"(\"0.3\")", catalogue)
    for witness in witnesses.values():
        for key in TRANSCRIPT_ROLES:
            if key in witness.meta and witness.meta[key] not in witnesses:
                raise InputError(f"witness {witness.siglum!r}: {key} names unknown witness "
                                 f"{witness.meta[key]!r}", catalogue)
        if witness.source is None and not {"base", "collate_with"} <= set(witness.meta):
            raise InputError(f"witness {witness.siglum!r} has no source: an edition names the "
                             f"transcripts it collates as base and collate_with", catalogue)
        describe(witness, catalogue)
    return witnesses


def read_source(witness: Witness, directory: Path = SOURCES) -> str:
    """The source text of a witness, after checking it against its recorded sha256 (of a
    facsimile TEI, the text of its lines: pipeline/facsimile.py)."""
    facsimile = read_facsimile_source(witness, directory)
    if facsimile is not None:
        return facsimile.text
    path = directory / witness.source
    return decode_utf8(_checked_bytes(witness, path), path, "source")


def read_facsimile_source(witness: Witness, directory: Path = SOURCES) -> "Facsimile | None":
    """The page images and lines of a witness made from images; None for a plain-text source."""
    from .facsimile import is_facsimile, read_facsimile     # lxml and the TEI helpers, only for it

    path = directory / witness.source
    if not is_facsimile(path):
        return None
    return read_facsimile(_checked_bytes(witness, path), path, witness.siglum)


def _checked_bytes(witness: Witness, path: Path) -> bytes:
    """A source file's bytes, checked against the catalogue's sha256."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"source of witness {witness.siglum!r} is missing", path) from None
    except OSError as error:
        raise InputError(f"cannot read source: {error.strerror}", path) from None
    digest = hashlib.sha256(data).hexdigest()
    if witness.sha256 and digest != witness.sha256:
        raise InputError(f"source has changed: sha256 {digest} differs from the catalogue's "
                         f"{witness.sha256} (restore the file, or review the change and update "
                         f"corpus/sources/witnesses.toml)", path)
    return data
