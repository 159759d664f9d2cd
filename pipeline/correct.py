"""The correct stage: what collation leaves wrong, corrected from the editorial corrections file.

The build then settles the readings (`spans.settle`): only variant places, corrections and
modern forms stay Readings.

corpus/editorial/corrections.toml holds `[[correction]]` entries: `unit`, `original` (text of the
collated unit, found exactly once in it), `correction`, `kind` and `reason`. A *misreading* is
an error of the transcripts (the print is right: "^nint" for "mint"); a *misprint* is an error of
the print itself, kept beside the correction as TEI `<sic>`. An entry whose original no longer
occurs in its unit is an error: the collation has changed, and the entry must be reviewed.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from .errors import InputError
from .files import read_toml
from .model import Line, Reading, Unit
from .paths import EDITORIAL
from .spans import Span, line_from_spans, span_text as _text

CORRECTIONS = EDITORIAL / "corrections.toml"
FIELDS = ("unit", "original", "correction", "kind", "reason")
SOURCE = "corrections.toml"
"""How a Reading's `source` names the file; the entry's id follows after '#'."""


class CorrectionKind(str, Enum):
    """Whose error a correction mends: the print's (kept as TEI <sic>) or the transcripts'."""

    MISPRINT = "misprint"        # the print itself is wrong
    MISREADING = "misreading"    # the transcripts misread a right print


@dataclass(frozen=True)
class Correction:
    """One entry of the corrections file; `id` is UNIT.cK, K counting the unit's entries."""

    id: str
    unit: str
    original: str
    correction: str
    kind: CorrectionKind
    reason: str

    @property
    def source(self) -> str:
        """The pointer a Reading made by this entry carries."""
        return f"{SOURCE}#{self.id}"


def read_corrections(path: Path) -> list[Correction]:
    """The entries of a corrections file, checked field by field."""
    data = read_toml(path, "corrections file", missing_ok=True)
    entries, counts = [], {}
    for number, entry in enumerate(data.get("correction", []), start=1):
        missing = [f for f in FIELDS if not isinstance(entry.get(f), str)]
        if missing or set(entry) - set(FIELDS):
            problem = (f"lacks {', '.join(missing)}" if missing
                       else f"has unknown fields {sorted(set(entry) - set(FIELDS))}")
            raise InputError(f"correction entry {number} {problem} (fields: {', '.join(FIELDS)})", path)
        if entry["kind"] not in {k.value for k in CorrectionKind}:
            raise InputError(f"correction entry {number} ({entry['unit']}: {entry['original']!r}): "
                             f"kind must be one of {', '.join(k.value for k in CorrectionKind)}", path)
        if not entry["original"].strip() or entry["original"] == entry["correction"]:
            raise InputError(f"correction entry {number} ({entry['unit']}): original must be "
                             f"non-blank and differ from the correction", path)
        counts[entry["unit"]] = counts.get(entry["unit"], 0) + 1
        entries.append(Correction(f"{entry['unit']}.c{counts[entry['unit']]}",
                                  **{**entry, "kind": CorrectionKind(entry["kind"])}))
    return entries


def apply_corrections(units: list[Unit], corrections: list[Correction], path: Path) -> None:
    """Apply every entry to the collated units' line spans; stale or ambiguous entries are errors."""
    by_id = {u.id: u for top in units for u in top.walk()}
    for entry in corrections:
        unit = by_id.get(entry.unit)
        if unit is None:
            raise InputError(f"correction {entry.id} ({entry.original!r}): no unit {entry.unit}", path)
        found = [(leaf, k, m.start()) for leaf in unit.walk() for k, line in enumerate(leaf.lines)
                 for m in re.finditer(_pattern(entry.original), line.text)]
        if len(found) != 1:
            problem = ("no longer occurs in the unit's collated text" if not found
                       else f"occurs {len(found)} times in the unit: give more context")
            raise InputError(f"correction {entry.id} ({entry.unit}: {entry.original!r} → "
                             f"{entry.correction!r}) {problem}", path)
        leaf, k, start = found[0]
        line = leaf.lines[k]
        leaf.lines[k] = _corrected(line, start, entry, path)


def _pattern(original: str) -> str:
    """The original as a regular expression that does not match inside a longer word."""
    before = r"(?<!\w)" if original[:1].isalnum() else ""
    after = r"(?!\w)" if original[-1:].isalnum() else ""
    return before + re.escape(original) + after


def _corrected(line: Line, start: int, entry: Correction, path: Path) -> Line:
    """The line with the entry's original, at `start`, replaced by one Reading."""
    spans = _split(list(line.spans), start, start + len(entry.original))
    offsets, at = [], 0
    for span in spans:
        offsets.append(at)
        at += len(_text(span))
    end = start + len(entry.original)
    covered = [i for i, span in enumerate(spans)
               if offsets[i] < end and offsets[i] + len(_text(span)) > start
               or (offsets[i] == start and not _text(span))]
    first, last = covered[0], covered[-1]
    old = "".join(_text(spans[i]) for i in covered)
    at = start - offsets[first]
    new = old[:at] + entry.correction + old[at + len(entry.original):]
    readings = [spans[i] for i in covered if isinstance(spans[i], Reading)]
    variant = any(r.resp for r in readings)
    keep_rdgs = entry.kind is CorrectionKind.MISREADING or variant
    sigla = sorted({s for r in readings for s, _ in r.rdgs}) if keep_rdgs else []
    rdgs = tuple((s, "".join(_witness_text(spans[i], s) for i in covered)) for s in sigla)
    reading = Reading(new, sic=old if entry.kind is CorrectionKind.MISPRINT else None, resp="#editor",
                      source=entry.source, rdgs=rdgs)
    result = line_from_spans(line, tuple(spans[:first]) + (reading,) + tuple(spans[last + 1:]))
    if result.text != " ".join(result.text.split()):
        raise InputError(f"correction {entry.id} ({entry.unit}: {entry.original!r}) leaves stray "
                         f"spaces in the line: include a neighbouring word", path)
    return result


def _split(spans: list[Span], *cuts: int) -> list[Span]:
    """The spans with plain-text spans cut at the given offsets (Readings stay whole)."""
    out: list[Span] = []
    at = 0
    for span in spans:
        text = _text(span)
        if isinstance(span, str):
            inner = sorted({c - at for c in cuts if at < c < at + len(text)})
            out += [text[a:b] for a, b in zip([0] + inner, inner + [len(text)])]
        else:
            out.append(span)
        at += len(text)
    return out


def _witness_text(span: Span, siglum: str) -> str:
    """What a witness reads at a span: its reading, or the span's text where it has none."""
    if isinstance(span, str):
        return span
    return dict(span.rdgs).get(siglum, span.text)
