"""The corpus as data: every witness cut into units, with normativity applied (no files written)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .collate import collate_edition
from .errors import InputError
from .model import Kind, Unit, Witness
from .normativity import NORMATIVITY, read_normativity
from .segment import Segmentation, segmenter
from .paths import CATALOGUE, SOURCES
from .sources import load_witnesses, read_source



@dataclass
class WitnessText:
    """A witness with its units and the lines set aside as not part of its text."""

    witness: Witness
    segmentation: Segmentation
    source: Path | None

    @property
    def units(self) -> list[Unit]:
        return self.segmentation.units

    def walk(self):
        for unit in self.units:
            yield from unit.walk()


def segment_witness(witness: Witness, siglum: str | None = None) -> Segmentation:
    """Cut one witness's source into units named with `siglum` (default its own)."""
    path = SOURCES / witness.source
    config = dict(witness.meta.get("segment", {}), path=path)
    cut = segmenter(witness.segmenter, CATALOGUE)
    return cut(siglum or witness.siglum, read_source(witness), config)


def load_corpus() -> dict[str, WitnessText]:
    """Every witness of the catalogue, segmented, with normativity applied."""
    witnesses = load_witnesses()
    texts = {}
    for siglum, witness in witnesses.items():
        if witness.source:
            texts[siglum] = WitnessText(witness, segment_witness(witness), SOURCES / witness.source)
        else:
            texts[siglum] = WitnessText(witness, collate_edition(witness, witnesses, segment_witness),
                                        None)
    apply_normativity(texts, read_normativity())
    return texts


def apply_normativity(texts: dict[str, WitnessText], normativity, path: Path = NORMATIVITY) -> None:
    """Mark non-normative units; every pattern must match a unit, every heading is one."""
    categories, patterns = normativity
    units = [unit for text in texts.values() for unit in text.walk()]
    for unit in units:
        if unit.kind is Kind.HEADING:
            unit.normative, unit.reason = False, "heading"
    for pattern, category in patterns.items():
        stem = pattern.rstrip("*")
        matched = [u for u in units if u.id == stem
                   or pattern.endswith("*") and u.id.startswith(stem + ".")]
        if not matched:
            raise InputError(f"unit pattern {pattern!r} matches no unit", path)
        for unit in matched:
            unit.normative, unit.reason = False, category


@lru_cache(maxsize=1)
def texts() -> dict[str, WitnessText]:
    """The corpus loaded once per process, for readers (xref, conformance); builds load afresh."""
    return load_corpus()


def units() -> list[Unit]:
    """Every unit of every witness, in catalogue and document order."""
    return [unit for text in texts().values() for unit in text.walk()]


def unit_texts() -> dict[str, str]:
    """Unit id → reading text, for checking quotes against the corpus."""
    return {unit.id: unit.text for unit in units()}

