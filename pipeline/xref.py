"""The cross-reference of units: each unit with its aligned units, engine rules and scenarios."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

from engine.conformance import Result

from .paths import ANALYSIS
from .tei.analysis import Note, read_findings
from . import corpus, link, normalize
from .errors import InputError
from .model import Kind, Link, Origin, Relation, Unit, headings_over
from .normativity import reasons
from .align.editorial import NoParallel
from .variants import points_by_unit


@dataclass
class Place:
    """Where a unit stands: its witness, the unit above it and the heading it stands under."""

    unit: Unit
    parent: Unit | None
    heading: str | None


@lru_cache(maxsize=1)
def places() -> dict[str, Place]:
    """Every unit id with its place in its witness (of the corpus loaded once per process)."""
    found: dict[str, Place] = {}
    for text in corpus.texts().values():
        for top, heading in zip(text.units, headings_over(text.units)):
            _visit(top, None, heading.text if heading and heading is not top else None, found)
    return found


def _visit(unit: Unit, parent: Unit | None, heading: str | None, found: dict[str, Place]) -> None:
    found[unit.id] = Place(unit, parent, heading or (parent.head if parent else None))
    for child in unit.children:
        _visit(child, unit, heading or unit.head, found)


def same_print(siglum: str) -> tuple[str, ...]:
    """The witnesses of the same print as `siglum`: an edition's transcripts, a transcript's edition."""
    witnesses = corpus.texts()
    sources = list(witnesses[siglum].witness.made_from)
    sources += [s for s, t in witnesses.items() if siglum in t.witness.made_from]
    return tuple(dict.fromkeys(sources))


def transcript_links(unit: Unit, by_id: dict[str, Place]) -> list[Link]:
    """An edition's unit is aligned with the same unit of the transcripts it is made from."""
    links = []
    for siglum in same_print(unit.witness):
        other = by_id.get(f"{siglum}.{unit.path}")
        if other:
            score = round(fuzz.ratio(unit.text, other.unit.text) / 100, 3)
            links.append(Link(unit.id, other.unit.id, Relation.EQUIVALENT, score, Origin.AUTO))
    return links


@dataclass(frozen=True)
class Record:
    """One unit's cross-reference: its text layers, the units aligned with it (and where it has
    none), the engine rules citing it, the scenarios testing it, its variant points and study notes."""

    unit: Unit
    reason: str | None                      # why it states no rule, when it does not
    modern: str | None                      # an edition's modern-spelling layer (`normalized`)
    aligned: tuple[Link, ...]
    no_parallel: tuple[NoParallel, ...]
    rules: tuple[str, ...]
    scenarios: tuple[Result, ...]
    variants: tuple[str, ...]
    analysis: tuple[str, ...]

    @property
    def id(self) -> str:
        return self.unit.id

    @property
    def witness(self) -> str:
        return self.unit.witness

    def as_json(self) -> dict:
        """The record in `ecarte xref --json` (CONTRACT.md §3, docs/contract-extensions.md)."""
        unit = self.unit
        record = {"id": unit.id, "witness": unit.witness, "text": unit.text, "normative": unit.normative}
        if head_of(unit) is not None:
            record["head"] = head_of(unit)
        if self.reason is not None:
            record["reason"] = self.reason
        if self.modern is not None:
            record["normalized"] = self.modern
        record["aligned"] = [_aligned(link_) for link_ in self.aligned]
        record["no_parallel"] = [{"witness": n.witness, "reason": n.reason} for n in self.no_parallel]
        record["rules"] = list(self.rules)
        record["scenarios"] = [{"id": r.id, "status": r.status.value} for r in self.scenarios]
        record["variants"] = list(self.variants)
        record["analysis"] = list(self.analysis)
        return record


def entry(place: Place, by_id: dict[str, Place], rules: dict[str, list[str]], scenarios: dict[str, list[Result]],
          variants: dict[str, list[str]], findings: dict[str, list[Note]]) -> Record:
    """The cross-reference of one unit."""
    unit = place.unit
    return Record(
        unit, None if unit.normative else reasons().get(unit.reason, unit.reason),
        normalize.normalized_text(unit) if corpus.texts()[unit.witness].witness.is_edition else None,
        tuple(transcript_links(unit, by_id) + corpus.alignment().of(unit.id)),
        tuple(n for n in corpus.alignment().none if n.unit == unit.id),
        tuple(rules.get(unit.id, [])), tuple(scenarios.get(unit.id, [])), tuple(variants.get(unit.id, [])),
        tuple(f.text for f in findings.get(unit.id, [])))


def head_of(unit: Unit) -> str | None:
    """A rule's or section's own title ("Kartengeld." of § 3), printed apart from its text; a
    heading unit's text is its title already."""
    return unit.head if unit.head and unit.kind is not Kind.HEADING else None


def _aligned(link_: Link) -> dict:
    """An aligned unit as xref lists it; an editor's link with its note and reason."""
    out = {"id": link_.target, "relation": link_.relation.value, "score": link_.score,
           "source": link_.origin.value}
    for key in ("note", "reason", "point"):
        if getattr(link_, key):
            out[key] = getattr(link_, key)
    return out


def records(unit_id: str | None = None) -> list[Record]:
    """The cross-references of one unit, or of all units when `unit_id` is None."""
    by_id = places()
    if unit_id is not None and unit_id not in by_id:
        close = [uid for uid in by_id if uid.startswith(unit_id + ".")][:5]
        hint = f" (units below it: {', '.join(close)})" if close else ""
        raise InputError(f"no unit {unit_id!r} in the corpus{hint}")
    rules, scenarios = corpus.engine_links().rules, corpus.conformance_report().by_unit()
    variants = points_by_unit(corpus.variant_points())
    chosen = [by_id[unit_id]] if unit_id else list(by_id.values())
    findings = read_findings(ANALYSIS)
    return [entry(place, by_id, rules, scenarios, variants, findings) for place in chosen]


def xref(unit_id: str | None = None) -> list[dict]:
    """The JSON records of one unit, or of all units when `unit_id` is None."""
    return [record.as_json() for record in records(unit_id)]


def describe(unit_id: str) -> str:
    """The unit for people: id, witness and context, then its text (the labels of its items and
    other parts as printed) and its links."""
    [record] = records(unit_id)
    place = places()[unit_id]
    unit = place.unit
    what = unit.kind.value + (f" {unit.n}" if unit.n else "")
    lines = [f"{unit.id} — {what} of {unit.witness} ({corpus.texts()[unit.witness].witness.title})"]
    if head_of(unit) is not None:
        lines.append(f"title: {head_of(unit)}")
    if place.heading:
        lines.append(f"under: {place.heading}")
    if place.parent:
        lines.append(f"part of: {place.parent.id}")
    if record.reason is not None:
        lines.append(f"not normative: {record.reason}")
    lines += ["", unit.labelled_text, ""]
    if record.modern not in (None, unit.text):
        lines += ["modern spelling:", record.modern, ""]
    for link_ in record.aligned:
        score = f", score {link_.score}" if link_.score is not None else ""
        lines.append(f"aligned: {link_.target} ({link_.relation.value}, {link_.origin.value}{score})")
        lines += [f"    {key}: {getattr(link_, key)}" for key in ("note", "point") if getattr(link_, key)]
    lines += [f"no parallel in {n.witness}: {n.reason}" for n in record.no_parallel]
    lines += [f"variant point: {p}" for p in record.variants]
    lines += [f"rule: {line}" for line in link.rule_lines(unit_id)]
    lines += [f"scenario: {r.id} [{r.status.value}]" for r in record.scenarios]
    lines += [f"analysis: {text}" for text in record.analysis]
    return "\n".join(lines).rstrip() + "\n"
