"""The edition of a print made from its transcripts: collated, corrected, normalized.

Configured in corpus/sources/witnesses.toml on the edition's witness: `base` (the transcript
whose lines the edition keeps), `collate_with` (the other transcript), `repair` (true: collate
with the repair stage's text of the other transcript; its raw readings stay in the apparatus),
`front_from` (the transcript that alone has the front matter). Repair is configured, not
detected, so that the same sources always make the same edition.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from .. import lexicon, normalize
from ..model import Kind, Witness
from ..paths import EDITORIAL
from ..segment import Segmentation
from ..sources import read_source
from .corrections import apply_corrections, read_corrections
from .lines import Sigla
from .spans import settle
from .units import Repaired, collate, transcribe

CORRECTIONS = EDITORIAL / "corrections.toml"
Segment = Callable[[Witness, str], Segmentation]


def collate_edition(witness: Witness, witnesses: dict[str, Witness], segment: Segment,
                    corrections: Path | None = CORRECTIONS) -> Segmentation:
    """The edition's units: the base collated with the other transcript, corrected, normalized.

    `corrections` None leaves the editorial corrections out (to measure the collation alone).
    """
    meta = witness.meta
    base, other = witnesses[meta["base"]], witnesses[meta["collate_with"]]
    repaired = repaired_source(other) if meta.get("repair") else None
    segmented, others = segment(base, witness.siglum), segment(other, witness.siglum)
    units = collate(segmented.units, others.units,
                    Sigla(base.siglum, other.siglum), word_judge(witness.language), repaired)
    if "front_from" in meta:
        source = witnesses[meta["front_from"]]
        cut = others if source is other else segment(source, witness.siglum)
        front = [transcribe(u, source.siglum, repaired if source is other else None)
                 for u in cut.units if u.kind is Kind.FRONT]
        units = front + [u for u in units if u.kind is not Kind.FRONT]
    if corrections:
        apply_corrections(units, read_corrections(corrections), corrections)
    for unit in units:
        settle(unit)
        normalize.regularize(unit)
    return Segmentation(units=units, chrome=segmented.chrome)


def word_judge(language: str) -> Callable[[str], bool]:
    """Whether a word can stand in the edition: the period lexicon knows it, or it is French
    (the print quotes the French of the game: «je marque le roi», d’autorité)."""
    from ..repair.french import FrenchDetector

    accepts, french = lexicon.load(language).accepts, FrenchDetector()
    return lambda word: accepts(word) or french.frenchy(word.replace("’", "'"))


def repaired_source(witness: Witness) -> Repaired:
    """A transcript's source lines with the repair stage's output for each."""
    text = read_source(witness)
    return Repaired(text.splitlines(), _repair(text, witness.language).splitlines())


@lru_cache(maxsize=4)
def _repair(text: str, language: str) -> str:
    from ..repair import repair_text        # the repair stage loads its models only when asked

    return repair_text(text, lang=language)
