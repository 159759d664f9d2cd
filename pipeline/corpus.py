"""The corpus for readers (xref, variants, conformance, align): the build's stages run once per
process up to what a reader needs, nothing written. Stages never import this module."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import engine
from engine import conformance

from . import align, build, normalize, normalize_check, reader_cache
from .align import Alignment, CorpusAlignment, Side
from .align.witnesses import added_witnesses
from .errors import InputError
from .files import read_text
from .link import EngineLinks, run_conformance
from .model import Unit, WitnessText
from .paths import EDITORIAL, SCENARIOS
from .sources import load_witnesses
from .variants import VariantPoint


def load_corpus() -> dict[str, WitnessText]:
    """Every witness segmented, collated, corrected, normalized, with normativity: afresh."""
    return build.run("normativity").texts


_MADE = build.Made()
"""The process's corpus, taken only as far as a reader has needed so far."""


def _made(until: str) -> build.Made:
    """The corpus made as far as `until`: what an earlier process stored for these very inputs
    (pipeline/reader_cache.py), taken further where needed; kept in turn once made afresh."""
    if not _MADE.done and (stored := build.stored_for_readers(_key())) is not None:
        vars(_MADE).update(vars(stored))
    if until not in _MADE.done:
        fresh = build.STORED not in _MADE.done
        build.run(until, resume=_MADE)
        if fresh and build.STORED in _MADE.done:
            build.keep_for_readers(_MADE, _key())
    return _MADE


@lru_cache(maxsize=1)
def _key() -> str | None:
    """The fingerprint of the inputs as this process first read them."""
    return reader_cache.fingerprint()


def modern_choices() -> list[normalize_check.ModernChoice]:
    """The editions' words with two modern readings that are words, weighed (`ecarte modern`)."""
    units = [u for t in _made("correct").texts.values() if t.witness.is_edition for u in t.units]
    return normalize_check.review(units, normalize.normalizer(), normalize_check.read_game_terms())


def texts() -> dict[str, WitnessText]:
    """The witnesses' texts, made once per process."""
    return _made("normativity").texts


def documents() -> dict[str, bytes]:
    """File name → bytes of every TEI document as the sources give it now (not written)."""
    return _made("tei").documents


def alignment() -> CorpusAlignment:
    """The automatic and final alignment of every witness with every other."""
    return _made("align").alignment


def engine_links() -> EngineLinks:
    """Unit → engine rules and citing scenarios."""
    return _made("link").engine


def variant_points() -> list[VariantPoint]:
    """Every point on which the witnesses differ, with each witness's reading."""
    return _made("variants").variants


def units() -> list[Unit]:
    """Every unit of every witness, in catalogue and document order."""
    return [unit for text in texts().values() for unit in text.walk()]


def unit_texts() -> dict[str, str]:
    """Unit id → reading text, for checking quotes against the corpus."""
    return {unit.id: unit.text for unit in units()}


def conformance_run(paths: list[Path]) -> conformance.Report:
    """The scenarios under `paths` run, their cites and quotes checked against the corpus."""
    return run_conformance(paths, unit_texts())


@lru_cache(maxsize=1)
def conformance_report() -> conformance.Report:
    """The whole conformance suite, run once for these inputs (kept as the corpus is)."""
    stored = reader_cache.load(_key(), "conformance")
    if isinstance(stored, conformance.Report):
        return stored
    report = conformance_run([SCENARIOS])
    reader_cache.store(_key(), report, "conformance")
    return report


def side(name: str) -> Side:
    """A witness by its siglum, else a text file, as `ecarte align` compares it; an unknown
    siglum names the known ones."""
    witnesses = texts()
    if name in witnesses:
        return align.side_of(witnesses[name], normalize.normalized_text, engine.available())
    path = Path(name)
    if path.exists() or path.suffix or "/" in name:
        return align.file_side(path, name, read_text(path))
    raise InputError(f"unknown witness {name!r}; known: {', '.join(witnesses)} (or give a text file)")


def engine_cues() -> dict[str, frozenset[str]]:
    """What of the engine cites each unit, the aligner's ENGINE evidence."""
    return align.engine_cues(engine_links().scenarios)


def added() -> frozenset[str]:
    """The witnesses added after the editor's alignment, which borrow it (pipeline/align/pivot.py)."""
    return added_witnesses(load_witnesses().values())


def align_names(a: str, b: str) -> Alignment:
    """The automatic aligner alone between two witnesses or files named as on the command line,
    with the editor's alignment of third witnesses carried over to a witness added since."""
    first, second = side(a), side(b)
    editor = align.read_editorial(EDITORIAL / "alignment.toml").links
    files = {name for name in (first.name, second.name) if name not in load_witnesses()}
    pivots = align.pivots_for(first.name, second.name, side, editor, added() | files)
    return align.align(first, second, align.glossary(), engine_cues(), pivots=pivots)
