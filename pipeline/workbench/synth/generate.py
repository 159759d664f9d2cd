"""Synthetic (noisy, clean) line pairs: pages of real prose typeset, degraded, OCR-ed by `eng` and `hun`."""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import sys
from dataclasses import asdict, dataclass
from importlib.metadata import version
from multiprocessing import Pool
from pathlib import Path

import numpy as np
import pytesseract
from tqdm import tqdm

from ..evaluate import ZERO, Score, score
from ...errors import InputError
from ...files import decode_utf8, write_atomic
from ..ocr import recognize, single_threaded_tesseract
from .line_pairs import pair_lines
from .degrade import degrade
from .prose import PROSE, Split, documents, read_prose
from .text import TextSource
from .typeset import FONTS, Sheet, typeset_page

ENGINES = ("eng", "hun")
PSM = 4
SPLITS = tuple(split.value for split in Split)
Pair = tuple[str, str]


@dataclass(frozen=True)
class PageRecord:
    """What one generated page was and what it yielded."""

    index: int
    split: str
    font: str
    size: int
    period_spelling: bool
    documents: tuple[str, ...]     # the prose documents the page reads, in order
    lines: int
    pairs: dict[str, int]


def make_page(seed: int, index: int, split: str, max_lines: int | None = None) -> tuple[Sheet, TextSource]:
    """The typeset page number `index` of the run seeded with `seed`, of prose from the documents of
    `split`, and the text source it was read from (its spelling, its documents)."""
    rng = random.Random(f"{seed}:{index}")
    source = TextSource(rng, rng.random() < 0.5, documents(Split(split)))
    return typeset_page(source, rng, max_lines), source


def _page_pairs(job: tuple[int, int, str, int | None]) -> tuple[PageRecord, dict[str, list[Pair]]]:
    seed, index, split, max_lines = job
    sheet, source = make_page(seed, index, split, max_lines)
    scan = degrade(sheet.image, np.random.default_rng([seed, index]))
    pairs = {lang: pair_lines(list(sheet.lines), [line.text for line in recognize(scan, lang, PSM)])
             for lang in ENGINES}
    record = PageRecord(index, split, sheet.font, sheet.size, source.period_spelling, tuple(source.read),
                        len(sheet.lines), {lang: len(p) for lang, p in pairs.items()})
    return record, pairs


def escape(field: str) -> str:
    """A TSV field: backslash, tab and newline written as \\\\, \\t and \\n."""
    return field.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def unescape(field: str) -> str:
    """The inverse of `escape`."""
    return re.sub(r"\\(.)", lambda m: {"t": "\t", "n": "\n"}.get(m[1], m[1]), field)


def write_pairs(path: Path, pairs: list[Pair]) -> None:
    """Pairs as `noisy<TAB>clean` rows, UTF-8, newline-terminated."""
    write_atomic(path, "".join(f"{escape(noisy)}\t{escape(clean)}\n" for noisy, clean in pairs))


def read_pairs(path: Path) -> list[Pair]:
    """The (noisy, clean) pairs of a file written by `write_pairs`; an unreadable file or a row that is
    not two tab-separated fields is an InputError naming the file and line."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"cannot read line pairs: {error.strerror}", path) from None
    rows = decode_utf8(data, path, "line pairs").split("\n")     # only newlines: `escape` keeps the rest
    if rows[-1] == "":
        rows.pop()
    pairs = []
    for number, row in enumerate(rows, 1):
        fields = row.split("\t")
        if len(fields) != 2:
            raise InputError(f"a row of line pairs is noisy<TAB>clean: this one has {len(fields) - 1} tabs, "
                             "not one", path, number)
        pairs.append((unescape(fields[0]), unescape(fields[1])))
    return pairs


def _cer_json(s: Score) -> dict:
    return {"pairs_cer": round(s.cer, 5), "char_distance": s.char_distance, "chars": s.chars}


def generate(pages: int, heldout: int, seed: int, out: Path, workers: int | None = None,
             max_lines: int | None = None) -> dict:
    """Generate `pages` pages (the last `heldout` of them held out), write the pairs and a manifest."""
    if out.exists() and not out.is_dir():
        raise InputError("the output must be a folder, this is a file", out)
    jobs = [(seed, i, SPLITS[i >= pages - heldout], max_lines) for i in range(pages)]
    workers = min(workers or os.cpu_count() or 1, len(jobs))
    collected: dict[tuple[str, str], list[Pair]] = {(s, e): [] for s in SPLITS for e in ENGINES}
    records: list[PageRecord] = []
    with tqdm(total=len(jobs), unit="page", file=sys.stderr, disable=not sys.stderr.isatty()) as bar, \
            Pool(workers, initializer=single_threaded_tesseract) as pool:
        for record, pairs in pool.imap(_page_pairs, jobs):
            records.append(record)
            for lang, page_pairs in pairs.items():
                collected[record.split, lang] += page_pairs
            bar.update()
    for (split, lang), pairs in collected.items():
        write_pairs(out / split / f"{lang}.tsv", pairs)
    manifest = _manifest(pages, heldout, seed, max_lines, records, collected)
    write_atomic(out / "manifest.json", json.dumps(manifest, ensure_ascii=False, indent=1) + "\n")
    return manifest


def _manifest(pages: int, heldout: int, seed: int, max_lines: int | None, records: list[PageRecord],
              collected: dict[tuple[str, str], list[Pair]]) -> dict:
    counts = {split: {lang: {"pages": sum(r.split == split for r in records),
                             "lines": sum(r.lines for r in records if r.split == split),
                             "pairs": len(collected[split, lang]),
                             **_cer_json(sum((score(c, n) for n, c in collected[split, lang]), ZERO))}
                      for lang in ENGINES} for split in SPLITS}
    command = f"ecarte synth --pages {pages} --heldout {heldout} --seed {seed}"
    return {
        "command": command + (f" --max-lines {max_lines}" if max_lines else ""),
        "seed": seed,
        "tesseract": str(pytesseract.get_tesseract_version()),
        "tesseract_options": f"--psm {PSM}, pipeline.workbench.ocr preprocessing",
        "fonts": sorted(FONTS),
        "prose": {"file": PROSE.relative_to(PROSE.parents[3]).as_posix(),
                  "sha256": hashlib.sha256(PROSE.read_bytes()).hexdigest(), "extracted_from": read_prose()[0]},
        "software": {name: version(name) for name in ("pillow", "numpy")},
        "counts": counts,
        "pages": [asdict(r) for r in records],
    }
