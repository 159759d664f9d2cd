"""`ecarte build`, the spine: every stage of the corpus, in order, in this one place.

    sources → segment → collate → correct → normalize → normativity → link → align → variants
    → tei → validate

Each stage is a plain function of its package or module (named after the stage) over plain
data. The link stage (units tied to the engine's rules and scenarios) comes before the align
stage because the aligner weighs the engine's citations as evidence. Here each stage is
registered with the facts it requires and the facts it assigns, so a pipeline put together in
the wrong order fails when it is made, not halfway through a build.
Readers (`ecarte xref`, `variants`, `conformance`) run the stages up to the one they need
(`run(until=…)`); `build()` runs them all and writes the TEI atomically.
"""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

import engine

from . import (align, collate, correct, link, normalize, normalize_check, normativity, reader_cache,
               segment, sources, spans, tei, variants)
from .errors import InputError
from .facsimile import link_lines
from .model import Witness, WitnessText
from .paths import ANALYSIS, CATALOGUE, CORPUS, EDITORIAL, SCENARIOS, SOURCES, TEI
from .tei.analysis import check_units

CORPUS_FILE = "ecarte.xml"


@dataclass
class Made:
    """What the stages have made so far; each field is assigned by one stage and read by later ones."""

    witnesses: dict[str, Witness] = field(default_factory=dict)
    texts: dict[str, WitnessText] = field(default_factory=dict)
    alignment: align.CorpusAlignment | None = None
    engine: link.EngineLinks | None = None
    variants: list[variants.VariantPoint] = field(default_factory=list)
    documents: dict[str, bytes] = field(default_factory=dict)
    done: list[str] = field(default_factory=list)      # the stages run so far, in order


@dataclass(frozen=True)
class Stage:
    """One stage of the build: its name, what it needs made before it, what it makes."""

    name: str
    run: Callable[[Made], None]
    requires: frozenset[str]
    assigns: frozenset[str]


def _sources(c: Made) -> None:
    c.witnesses = sources.load_witnesses(CATALOGUE)


def segment_source(witness: Witness, siglum: str | None = None) -> segment.Segmentation:
    """A witness's checked source segmented, under another siglum if given (a transcript cut
    under its edition's siglum for the collation)."""
    return segment.segment_witness(witness, sources.read_source(witness, SOURCES), SOURCES, siglum)


def _segment(c: Made) -> None:
    c.texts = {s: _segmented(w) for s, w in c.witnesses.items() if w.source}


def _segmented(witness: Witness) -> WitnessText:
    """A witness's units, each source read once; one made from page images with its lines
    linked to their zones."""
    facsimile = sources.read_facsimile_source(witness, SOURCES)
    text = facsimile.text if facsimile else sources.read_source(witness, SOURCES)
    segmentation = segment.segment_witness(witness, text, SOURCES)
    if facsimile is not None:
        link_lines(segmentation.units, facsimile)
    return WitnessText(witness, segmentation, facsimile, text)


def _collate(c: Made) -> None:
    for siglum, witness in c.witnesses.items():
        if witness.is_edition:
            edition = collate.collate_edition(witness, c.witnesses, segment_source)
            c.texts[siglum] = WitnessText(witness, edition)
    c.texts = {s: c.texts[s] for s in c.witnesses}          # catalogue order


def _editions(c: Made) -> list[WitnessText]:
    return [text for text in c.texts.values() if text.witness.is_edition]


def _correct(c: Made) -> None:
    entries = correct.read_corrections(correct.CORRECTIONS)
    for text in _editions(c):
        correct.apply_corrections(text.units, entries, correct.CORRECTIONS)
        for unit in text.units:
            spans.settle(unit)


def _normalize(c: Made) -> None:
    units = [unit for text in _editions(c) for unit in text.units]
    normalize_check.require_decided(units, normalize.normalizer(), normalize_check.read_game_terms())
    for unit in units:
        normalize.regularize(unit)


def _normativity(c: Made) -> None:
    normativity.apply_normativity(c.texts, normativity.read_normativity())


def _align(c: Made) -> None:
    c.alignment = align.align_corpus(c.texts, align.glossary(), align.engine_cues(c.engine.scenarios),
                                     align.read_editorial(EDITORIAL / "alignment.toml"),
                                     normalize.normalized_text, engine.available())


def _link(c: Made) -> None:
    c.engine = link.engine_links(SCENARIOS)


def _variants(c: Made) -> None:
    rulesets = [engine.load(s) for s in c.texts if s in engine.available()]
    units = {u.id: u for t in c.texts.values() for u in t.walk()}
    c.variants = variants.variant_points(rulesets, units, variants.read_points(variants.VARIANTS),
                                         c.alignment.links, c.engine.scenarios,
                                         c.alignment.editorial.locate,
                                         others=[s for s in align.aligned_witnesses(c.texts)
                                                 if s not in engine.available()])


def _tei(c: Made) -> None:
    context = tei.load_context(CORPUS)
    texts = list(c.texts.values())
    check_units(context.findings, {u.id for t in texts for u in t.walk()}, ANALYSIS)
    c.documents = {f"{t.witness.siglum}.xml": tei.witness_document(
        t.witness, t.units, context, [c.witnesses[s] for s in t.witness.made_from], _omitted(c, t.witness),
        t.facsimile)
        for t in texts}
    c.documents[CORPUS_FILE] = tei.corpus_document(
        [t.witness for t in texts], context, c.alignment.links, c.variants,
        frozenset(u.id for t in texts for u in t.walk() if u.leads_in))


def _omitted(c: Made, witness: Witness) -> list[tei.Omission]:
    """The source lines left out of a witness's text: its own, or its transcripts' for an edition."""
    return [o for s in (witness.made_from or (witness.siglum,))
            for o in tei.omissions(s, c.texts[s].segmentation.chrome, c.texts[s].source,
                                   c.texts[s].facsimile.zones if c.texts[s].facsimile else None)]


def _validate(c: Made) -> None:
    """Validate the documents as they will be published, before anything is written."""
    with tempfile.TemporaryDirectory(prefix="ecarte-validate-") as folder:
        staged = Path(folder)
        for name, data in c.documents.items():
            (staged / name).write_bytes(data)
        from .validate import validate as run_validation
        problems = run_validation(sorted(staged.glob("*.xml")))
        if problems:
            listed = "; ".join(str(p) for p in problems[:5]).replace(str(staged), str(TEI))
            raise InputError(f"the built TEI is invalid, nothing was written: {listed}")


def _stage(name: str, run: Callable[[Made], None], requires: str, assigns: str) -> Stage:
    return Stage(name, run, frozenset(requires.split()), frozenset(assigns.split()))


STAGES: tuple[Stage, ...] = (
    _stage("sources", _sources, "", "witnesses"),
    _stage("segment", _segment, "witnesses", "units"),
    _stage("collate", _collate, "witnesses units", "edition"),
    _stage("correct", _correct, "edition", "corrected"),
    _stage("normalize", _normalize, "edition corrected", "modern-layer"),
    _stage("normativity", _normativity, "units edition", "normativity"),
    _stage("link", _link, "units", "engine-links"),
    _stage("align", _align, "units edition modern-layer normativity engine-links", "alignment"),
    _stage("variants", _variants, "units alignment engine-links", "variant-points"),
    _stage("tei", _tei, "units edition corrected modern-layer normativity alignment variant-points",
           "documents"),
    _stage("validate", _validate, "documents", "valid"),
)


def check_order(stages: tuple[Stage, ...]) -> None:
    """Fail, naming the stage and the fact, if a stage needs a fact no earlier stage makes."""
    made: set[str] = set()
    for stage in stages:
        missing = stage.requires - made
        if missing:
            raise ValueError(f"stage {stage.name!r} requires {', '.join(sorted(missing))}, "
                             f"which no earlier stage assigns")
        made |= stage.assigns


check_order(STAGES)


def run(until: str = "validate", resume: Made | None = None,
        stages: tuple[Stage, ...] = STAGES) -> Made:
    """Run the stages in order up to and including `until`, going on from `resume` (a corpus
    an earlier run made) where given; the corpus made so far."""
    names = [s.name for s in stages]
    if until not in names:
        raise ValueError(f"no stage {until!r}; stages: {', '.join(names)}")
    check_order(stages)
    corpus = resume or Made()
    if corpus.done != names[:len(corpus.done)]:
        raise ValueError(f"cannot go on from stages {corpus.done}: not a beginning of {names}")
    for stage in stages[len(corpus.done):names.index(until) + 1]:
        stage.run(corpus)
        corpus.done.append(stage.name)
    return corpus


STORED = "variants"
"""The last stage whose corpus the readers keep between processes (pipeline/reader_cache.py)."""


def keep_for_readers(made: Made, key: str | None) -> None:
    """Store the corpus as far as the readers need it (up to `STORED`) under `key`, the
    fingerprint of its inputs taken before it was made (`reader_cache.store`)."""
    done = made.done[:made.done.index(STORED) + 1]
    reader_cache.store(key, replace(made, documents={}, done=done))


def stored_for_readers(key: str | None) -> Made | None:
    """The corpus stored under `key`, if there is one and its stages are a beginning of these."""
    stored = reader_cache.load(key)
    names = [stage.name for stage in STAGES]
    if isinstance(stored, Made) and stored.done == names[:len(stored.done)]:
        return stored
    return None


def documents() -> dict[str, bytes]:
    """File name → bytes of every TEI document of the corpus, built in memory, not validated."""
    return run("tei").documents


@dataclass
class BuildReport:
    """What a build made: the files, their byte sizes, and for a check the files that differ."""

    files: dict[str, int] = field(default_factory=dict)
    differing: list[str] = field(default_factory=list)
    seconds: float = 0.0
    corpus: Made | None = None          # what the stages made


def build(target: Path = TEI, check: bool = False) -> BuildReport:
    """Rebuild and validate the TEI under `target`; with `check`, only report the files that
    would change (nothing is written, so nothing needs validating)."""
    started = time.perf_counter()
    key = reader_cache.fingerprint() if reader_cache.folder() else None
    made = run("tei" if check else "validate")
    keep_for_readers(made, key)
    docs = made.documents
    report = BuildReport(files={name: len(data) for name, data in docs.items()}, corpus=made)
    if check:
        report.differing = differing(target, docs)
    else:
        _write_all(target, docs)
    report.seconds = time.perf_counter() - started
    return report


def differing(target: Path, docs: dict[str, bytes]) -> list[str]:
    """The TEI files of `target` that are not `docs` byte for byte: changed, missing, or left over."""
    present = {p.name for p in target.glob("*.xml")}
    return sorted([name for name, data in docs.items()
                   if not (target / name).is_file() or (target / name).read_bytes() != data]
                  + sorted(present - set(docs)))


def _write_all(target: Path, docs: dict[str, bytes]) -> None:
    """Write every file to a staging folder beside the target, then move them all in place."""
    target.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=target.parent))
    try:
        for name, data in docs.items():
            (staging / name).write_bytes(data)
        for name in docs:
            os.replace(staging / name, target / name)
        for stale in {p.name for p in target.glob("*.xml")} - set(docs):
            (target / stale).unlink()
    finally:
        shutil.rmtree(staging, ignore_errors=True)


__all__ = ["BuildReport", "Made", "STAGES", "Stage", "build", "check_order", "documents", "run"]
