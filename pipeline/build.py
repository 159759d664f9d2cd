"""`ecarte build`: the whole corpus from its sources, validated, then written atomically."""
from __future__ import annotations

import os
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from . import corpus, tei
from .errors import InputError
from .paths import CORPUS, TEI
from .tei_header import load_context

TEI_DIR = TEI
CORPUS_FILE = "ecarte.xml"


@dataclass
class BuildReport:
    """What a build made: the files, their byte sizes, and for a check the files that differ."""

    files: dict[str, int] = field(default_factory=dict)
    differing: list[str] = field(default_factory=list)
    seconds: float = 0.0


def documents() -> dict[str, bytes]:
    """File name → bytes of every TEI document of the corpus, deterministically."""
    texts = corpus.load_corpus()
    context = load_context(CORPUS)
    out = {f"{siglum}.xml": tei.witness_document(text.witness, text.units, context)
           for siglum, text in texts.items()}
    out[CORPUS_FILE] = tei.corpus_document([t.witness for t in texts.values()], context)
    return out


def build(target: Path = TEI_DIR, check: bool = False, validate: bool = True) -> BuildReport:
    """Rebuild the TEI under `target`; with `check`, only report files that would change."""
    started = time.perf_counter()
    docs = documents()
    report = BuildReport(files={name: len(data) for name, data in docs.items()})
    if check:
        present = {p.name for p in target.glob("*.xml")}
        report.differing = sorted(
            [name for name, data in docs.items()
             if not (target / name).is_file() or (target / name).read_bytes() != data]
            + sorted(present - set(docs)))
    else:
        _write_all(target, docs, validate)
    report.seconds = time.perf_counter() - started
    return report


def _write_all(target: Path, docs: dict[str, bytes], validate: bool) -> None:
    """Write every file to a staging folder, validate them there, then move them in place."""
    target.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=target.parent))
    try:
        for name, data in docs.items():
            (staging / name).write_bytes(data)
        if validate:
            from .validate import validate as run_validation
            problems = run_validation(sorted(staging.glob("*.xml")))
            if problems:
                listed = "; ".join(str(p) for p in problems[:5])
                raise InputError(f"the built TEI is invalid, nothing was written: {listed}"
                                 .replace(str(staging), str(target)))
        for name in docs:
            os.replace(staging / name, target / name)
        for stale in set(p.name for p in target.glob("*.xml")) - set(docs):
            (target / stale).unlink()
    finally:
        shutil.rmtree(staging, ignore_errors=True)
