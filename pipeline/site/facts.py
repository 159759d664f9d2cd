"""What the reader shows beside the texts, gathered once from the corpus and the engine: each unit's
cross-reference (as `ecarte xref` gives it), the variant points, the engine's rules, the scenarios with
the status of the conformance run the site is built with, and the recorded studies."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.citations import RuleEntry, catalog
from engine.conformance import Result, Status

from .. import corpus
from ..errors import InputError
from ..model import Origin, Relation, Witness
from ..paths import ANALYSIS, ROOT, SCENARIOS
from ..tei.analysis import StudyRecord, read_studies
from ..variants.model import VariantPoint
from ..xref import same_print, xref


@dataclass(frozen=True)
class Parallel:
    """A unit aligned with another: which, how they relate, who linked them and why."""

    id: str
    witness: str
    relation: Relation
    score: float | None
    origin: Origin
    note: str | None
    reason: str | None
    point: str | None
    same_print: bool                        # a transcript of the same print, not a parallel text


@dataclass(frozen=True)
class UnitFacts:
    """One unit's cross-reference: its text layers and everything that points to it."""

    id: str
    witness: str
    text: str
    modern: str | None                      # the modern-spelling layer, for an edition
    normative: bool
    reason: str | None                      # why it states no rule, when it does not
    parallels: tuple[Parallel, ...]
    no_parallel: tuple[tuple[str, str], ...]   # (witness, the editors' reason)
    rules: tuple[str, ...]
    scenarios: tuple[tuple[str, Status], ...]
    variants: tuple[str, ...]
    analysis: tuple[str, ...]


@dataclass(frozen=True)
class Scenario:
    """A conformance scenario as run for the site: its outcome and its file's text."""

    result: Result
    path: Path                              # the file, relative to the project root
    source: str


@dataclass(frozen=True)
class Facts:
    """Everything the pages show beside the TEI texts."""

    witnesses: tuple[Witness, ...]
    units: dict[str, UnitFacts]             # in catalogue, then document order
    points: tuple[VariantPoint, ...]
    rules: tuple[RuleEntry, ...]
    scenarios: tuple[Scenario, ...]
    studies: tuple[StudyRecord, ...]

    def of(self, siglum: str) -> list[UnitFacts]:
        """The units of one witness, in document order."""
        return [unit for unit in self.units.values() if unit.witness == siglum]

    def language(self, siglum: str) -> str:
        """A witness's language (its TEI's xml:lang)."""
        return next(w.language for w in self.witnesses if w.siglum == siglum)

    @property
    def edition(self) -> Witness:
        """The edition the parallel view reads down its first column."""
        return next(w for w in self.witnesses if w.is_edition)


def gather() -> Facts:
    """The facts of the corpus as built from its sources in this process, with a conformance run."""
    witnesses = tuple(text.witness for text in corpus.texts().values())
    records = xref(None)
    witness_of = {record["id"]: record["witness"] for record in records}
    units = {record["id"]: _unit(record, witness_of) for record in records}
    scenarios = tuple(_scenario(result) for result in corpus.conformance_report().results)
    return Facts(witnesses, units, tuple(corpus.variant_points()), catalog().rules, scenarios,
                 read_studies(ANALYSIS))


def _unit(record: dict, witness_of: dict[str, str]) -> UnitFacts:
    copies = same_print(record["witness"])
    parallels = tuple(Parallel(a["id"], witness_of[a["id"]], Relation(a["relation"]), a["score"],
                               Origin(a["source"]), a.get("note"), a.get("reason"), a.get("point"),
                               witness_of[a["id"]] in copies)
                      for a in record["aligned"])
    modern = record.get("normalized")
    return UnitFacts(record["id"], record["witness"], record["text"],
                     modern if modern != record["text"] else None, record["normative"], record.get("reason"),
                     parallels, tuple((n["witness"], n["reason"]) for n in record["no_parallel"]),
                     tuple(record["rules"]), tuple((s["id"], Status(s["status"])) for s in record["scenarios"]),
                     tuple(record["variants"]), tuple(record["analysis"]))


def _scenario(result: Result) -> Scenario:
    path = SCENARIOS / result.file if not Path(result.file).is_absolute() else Path(result.file)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the scenario: {error}", path) from None
    return Scenario(result, path.resolve().relative_to(ROOT), source)
