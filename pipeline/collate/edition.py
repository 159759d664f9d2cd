"""The edition of a print made from its transcripts, collated (corrections and the modern layer
are the next stages: `pipeline.correct`, `pipeline.normalize`).

Configured in corpus/sources/witnesses.toml on the edition's witness: `base` (the transcript
whose lines the edition keeps), `collate_with` (the other transcript), `repair` (true: collate
with the repair stage's text of the other transcript; its raw readings stay in the apparatus),
`front_from` (the transcript that alone has the front matter). Repair is configured, not
detected, so that the same sources always make the same edition.
"""
from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .. import lexicon
from ..model import Kind, Witness
from ..segment import Segmentation
from ..sources import read_source
from .lines import Sigla
from .units import Repaired, collate, transcribe

Segment = Callable[[Witness, str], Segmentation]


def collate_edition(witness: Witness, witnesses: dict[str, Witness], segment: Segment) -> Segmentation:
    """The edition's units: the base collated with the other transcript, every token a Reading
    carrying both transcripts' readings (the correct stage settles the agreeing ones)."""
    base, other = witnesses[witness.base], witnesses[witness.collate_with]
    repaired = repaired_source(other) if witness.repair else None
    segmented, others = segment(base, witness.siglum), segment(other, witness.siglum)
    units = collate(segmented.units, others.units,
                    Sigla(base.siglum, other.siglum), word_judge(witness.language), repaired)
    if witness.front_from:
        source = witnesses[witness.front_from]
        cut = others if source is other else segment(source, witness.siglum)
        front = [transcribe(u, source.siglum, repaired if source is other else None)
                 for u in cut.units if u.kind is Kind.FRONT]
        units = front + [u for u in units if u.kind is not Kind.FRONT]
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
