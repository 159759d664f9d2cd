"""The witnesses' sources: their descriptions, checksums and text (corpus/sources/)."""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING

from .errors import InputError
from .files import Fields, decode_utf8, key_line, read_toml, table_lines
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
    """The OCR that made a transcript, as far as known: engine, model, version, page segmentation
    modes, and the evidence."""

    engine: str
    model: str
    evidence: str
    version: str | None = None
    psm: tuple[int, ...] = ()     # Tesseract's page segmentation modes (--psm) the pages were read in


BOUNDS = ("when", "not_before", "not_after")
"""The ISO dates that bound a date given as text."""
FIELDS = (*REQUIRED, "source", "sha256", "segment", "title_en", "author", "publisher", "place",
          "date", *BOUNDS, "date_note", "url", "url_note", "retrieved", "description", "provenance",
          "seed", "rights", "ocr", "images", *TRANSCRIPT_ROLES, "repair", "added_after")
"""Every field a witness's table may have; another (a misspelt one) stops the build."""


def load_witnesses(catalogue: Path = CATALOGUE) -> dict[str, Witness]:
    """Read the catalogue of witnesses, in file order, every field checked for its type: a
    missing, unknown or mistyped one is an InputError naming the catalogue, the witness's line
    and the field."""
    data = read_toml(catalogue, "witness catalogue")
    text = catalogue.read_text(encoding="utf-8")
    witnesses = {siglum: _witness(siglum, entry, catalogue, text) for siglum, entry in data.items()}
    for witness in witnesses.values():
        line = _entry_line(text, witness.siglum)
        for role, siglum in witness.named_transcripts:
            if siglum not in witnesses:
                raise InputError(f"witness {witness.siglum!r}: {role} names unknown witness {siglum!r}",
                                 catalogue, line)
            if witnesses[siglum].is_edition:
                raise InputError(f"witness {witness.siglum!r}: {role} names {siglum!r}, an edition, not a "
                                 f"transcript with a source", catalogue, line)
        if witness.source is None and (witness.base is None or witness.collate_with is None):
            raise InputError(f"witness {witness.siglum!r} has no source: an edition names the "
                             f"transcripts it collates as base and collate_with", catalogue, line)
    return witnesses


def _witness(siglum: str, entry: object, catalogue: Path, text: str) -> Witness:
    """One witness from its table."""
    line = _entry_line(text, siglum)
    if not isinstance(entry, dict):
        raise InputError(f"{siglum} = {entry!r} is not a witness: describe each witness in a "
                         f"[SIGLUM] table", catalogue, line)
    fields = Fields(entry, catalogue, line, f"witness {siglum!r}")
    fields.known(*FIELDS)
    fields.require(*REQUIRED)
    url, retrieved, segment = fields.text_or_none("url"), fields.table("retrieved"), fields.table("segment")
    images = fields.table("images")
    if retrieved is not None and url is None:
        raise fields.fail("retrieved is given but no url")
    optional = {key: fields.text_or_none(key) for key in (
        "title_en", "author", "publisher", "place", "url_note", "description", "provenance", "seed",
        *TRANSCRIPT_ROLES, "added_after")}
    return Witness(
        siglum, fields.text("title"), fields.text("language"), fields.text("kind"),
        fields.text_or_none("source"), fields.text_or_none("sha256"), fields.text("segmenter"),
        segment=segment.data if segment else {},
        images={name: images.text(name) for name in images.data} if images else {}, url=url,
        date=_dating(fields, fields.text_or_none("date"), "date_note"),
        retrieved=_retrieved(retrieved) if retrieved else None,
        rights=_rights(fields.table("rights")), ocr=_ocr(fields.table("ocr")),
        repair=fields.flag("repair", False), **optional)


def _dating(fields: Fields, shown: str | None, note: str) -> Dating | None:
    """A date as text and its ISO bounds; an ISO text alone is its own @when."""
    bounds = {key: fields.text_or_none(key) for key in BOUNDS}
    for key, value in bounds.items():
        if value is not None and not ISO_DATE.match(value):
            raise fields.fail(f"{fields.prefix}{key} {value!r} is not an ISO date (YYYY, YYYY-MM or YYYY-MM-DD)")
    if shown is None:
        if any(bounds.values()):
            raise fields.fail(f"{fields.prefix}when/not_before/not_after need the date as text beside them")
        return None
    if not any(bounds.values()) and ISO_DATE.match(shown):
        bounds["when"] = shown
    if bounds["when"] and (bounds["not_before"] or bounds["not_after"]):
        raise fields.fail(f"{fields.prefix}give either when or not_before/not_after, not both")
    if bounds["not_before"] and bounds["not_after"] and bounds["not_before"] > bounds["not_after"]:
        raise fields.fail(f"{fields.prefix}not_before {bounds['not_before']} is after not_after "
                          f"{bounds['not_after']}")
    return Dating(shown, note=fields.text_or_none(note), **bounds)


def _retrieved(fields: Fields) -> Dating | None:
    fields.known("text", *BOUNDS, "note")
    return _dating(fields, fields.text("text"), "note")


def _rights(fields: Fields | None) -> Rights | None:
    if fields is None:
        return None
    fields.known("status", "statement", "url", "note")
    return Rights(fields.choice("status", RightsStatus), fields.text("statement"),
                  fields.text_or_none("url"), fields.text_or_none("note"))


def _ocr(fields: Fields | None) -> Ocr | None:
    if fields is None:
        return None
    fields.known("engine", "model", "evidence", "version", "psm")
    fields.require("engine", "model", "evidence")
    return Ocr(fields.text("engine"), fields.text("model"), fields.text("evidence"),
               fields.text_or_none("version"), fields.integers("psm", 0))


def _entry_line(text: str, siglum: str) -> int | None:
    """The line of a witness's table in the catalogue (of its key, where it is not written as a
    [SIGLUM] table), for an error to name."""
    lines = table_lines(text, siglum)
    return lines[0] if lines else key_line(text, siglum)


def read_source(witness: Witness, directory: Path = SOURCES) -> str:
    """The source text of a witness, after checking it against its recorded sha256 (of a
    facsimile TEI, the text of its lines: pipeline/facsimile.py)."""
    facsimile = read_facsimile_source(witness, directory)
    if facsimile is not None:
        return facsimile.text
    path = directory / witness.source
    return decode_utf8(_checked_bytes(path, witness.sha256, witness.siglum), path, "source")


def read_facsimile_source(witness: Witness, directory: Path = SOURCES) -> "Facsimile | None":
    """The page images and lines of a witness made from images, each image checked against its
    recorded sha256; None for a plain-text source."""
    from .facsimile import is_facsimile, read_facsimile     # lxml and the TEI helpers, only for it

    path = directory / witness.source
    if not is_facsimile(path):
        if witness.images:
            catalogue = directory / CATALOGUE.name
            raise InputError(f"witness {witness.siglum!r}: [{witness.siglum}.images] is given, but "
                             f"its source {witness.source} is no facsimile TEI", catalogue,
                             _images_line(catalogue, witness.siglum))
        return None
    facsimile = read_facsimile(_checked_bytes(path, witness.sha256, witness.siglum), path, witness.siglum)
    _check_page_images(witness, facsimile.local_images, directory)
    return facsimile


def _check_page_images(witness: Witness, shown: set[str], directory: Path) -> None:
    """Every page image the source shows is recorded in [SIGLUM.images], every one recorded is
    shown (else the entry is stale), and each file is there with its recorded sha256."""
    table, catalogue = f"[{witness.siglum}.images]", directory / CATALOGUE.name
    unrecorded, stale = sorted(shown - set(witness.images)), sorted(set(witness.images) - shown)
    if unrecorded:
        raise InputError(f"witness {witness.siglum!r}: its page image {unrecorded[0]} has no sha256 "
                         f"in {table}", catalogue, _images_line(catalogue, witness.siglum))
    if stale:
        raise InputError(f"witness {witness.siglum!r}: {table} lists {stale[0]}, which is no page "
                         f"image of {witness.source} (a stale entry)", catalogue,
                         _images_line(catalogue, witness.siglum, stale[0]))
    for name, sha256 in witness.images.items():
        _checked_bytes(directory / name, sha256, witness.siglum, "page image")


def _images_line(catalogue: Path, siglum: str, name: str | None = None) -> int | None:
    """The line of a witness's [SIGLUM.images] table in the catalogue (of its entry `name`, where
    given and found), else of the witness's table, for an error to name."""
    text = catalogue.read_text(encoding="utf-8")
    tables = table_lines(text, siglum, "images")
    if not tables:
        return _entry_line(text, siglum)
    entry = key_line("\n".join(text.splitlines()[tables[0]:]), name) if name else None
    return tables[0] + entry if entry is not None else tables[0]


def _checked_bytes(path: Path, sha256: str | None, siglum: str, what: str = "source") -> bytes:
    """A file's bytes (a witness's source or page image), checked against the catalogue's sha256."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{what} of witness {siglum!r} is missing", path) from None
    except OSError as error:
        raise InputError(f"cannot read {what}: {error.strerror}", path) from None
    digest = hashlib.sha256(data).hexdigest()
    if sha256 and digest != sha256:
        raise InputError(f"{what} has changed: sha256 {digest} differs from the catalogue's "
                         f"{sha256} (restore the file, or review the change and update "
                         f"corpus/sources/witnesses.toml)", path)
    return data
