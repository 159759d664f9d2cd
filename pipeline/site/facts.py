"""What the reader shows beside the texts, gathered once from the corpus and the engine: each unit's
cross-reference (as `ecarte xref` gives it), the variant points, the engine's rules, the scenarios with
the status of the conformance run the site is built with, and the recorded studies."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.citations import RuleEntry, catalog
from engine.conformance import Result

from .. import corpus
from ..errors import InputError
from ..model import Link, Witness
from ..paths import ANALYSIS, ROOT, SCENARIOS
from ..tei.analysis import StudyRecord, read_studies
from ..variants.model import VariantPoint
from ..xref import Record, records, same_print


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
    units: dict[str, Record]                # in catalogue, then document order
    points: tuple[VariantPoint, ...]
    rules: tuple[RuleEntry, ...]
    scenarios: tuple[Scenario, ...]
    studies: tuple[StudyRecord, ...]

    def of(self, siglum: str) -> list[Record]:
        """The units of one witness, in document order."""
        return [unit for unit in self.units.values() if unit.witness == siglum]

    def language(self, siglum: str) -> str:
        """A witness's language (its TEI's xml:lang)."""
        return next(w.language for w in self.witnesses if w.siglum == siglum)

    def witness_of(self, unit_id: str) -> str:
        """The witness a unit belongs to."""
        return self.units[unit_id].witness

    def same_print(self, link: Link) -> bool:
        """Whether a link joins two texts of the same print (an edition and its transcript)."""
        return self.witness_of(link.target) in same_print(self.witness_of(link.source))

    def layers(self, unit_id: str) -> tuple[str, str | None]:
        """A unit's text, and its modern layer where that differs."""
        record = self.units[unit_id]
        return record.unit.text, record.modern if record.modern != record.unit.text else None

    @property
    def edition(self) -> Witness:
        """The edition the parallel view reads down its first column."""
        return next(w for w in self.witnesses if w.is_edition)


def gather() -> Facts:
    """The facts of the corpus as built from its sources in this process, with a conformance run."""
    witnesses = tuple(text.witness for text in corpus.texts().values())
    units = {record.id: record for record in records()}
    scenarios = tuple(_scenario(result) for result in corpus.conformance_report().results)
    return Facts(witnesses, units, tuple(corpus.variant_points()), catalog().rules, scenarios,
                 read_studies(ANALYSIS))


def _scenario(result: Result) -> Scenario:
    path = SCENARIOS / result.file if not Path(result.file).is_absolute() else Path(result.file)
    try:
        source = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InputError(f"cannot read the scenario: {error}", path) from None
    return Scenario(result, path.resolve().relative_to(ROOT), source)
