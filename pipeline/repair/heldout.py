"""How much repair removes of the OCR errors of the synthetic pages of a split, per OCR condition.

Each page is repaired on its own, as `ecarte ocr --repair` repairs a page, its engine's channel
chosen from its text; the figures are summed over the pages. A line or page repair leaves with more
errors than it had counts as worsened.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from ..errors import InputError
from ..workbench.evaluate import ZERO, score
from ..workbench.synth.generate import Pair, read_pairs
from . import training
from .repairer import Repairer, make_repairer
from .stages import Settings
from .training import conditions



@dataclass(frozen=True)
class Report:
    """Repair of one OCR condition's pages: error rates before and after, and what got worse."""

    pages: int
    lines: int
    chars: int
    own_channel: int          # pages whose engine was recognized (its channel used)
    cer_before: float
    cer_after: float
    wer_before: float
    wer_after: float
    errors_removed: float     # share of the character errors removed (negative: added)
    lines_worse: int
    lines_better: int
    pages_worse: int


def pages(root: Path, split: str, condition: str) -> list[list[Pair]]:
    """The pairs of a split's file cut into its pages, by the pair counts the manifest gives per page."""
    path = root / split / f"{condition}.tsv"
    pairs = read_pairs(path)
    manifest = root / "manifest.json"
    try:
        records = [p for p in json.loads(manifest.read_text(encoding="utf-8"))["pages"] if p["split"] == split]
        counts = [int(p["pairs"][condition]) for p in records]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise InputError(f"cannot read the pages' pair counts: {error}", manifest) from None
    if sum(counts) != len(pairs):
        raise InputError(f"the manifest's pages hold {sum(counts)} pairs of {split}/{condition}.tsv, "
                         f"which has {len(pairs)}: regenerate with `ecarte synth`", manifest)
    out, start = [], 0
    for count in counts:
        if count:
            out.append(pairs[start:start + count])
        start += count
    return out


def measure(repairer: Repairer, condition: str, page_pairs: list[list[Pair]]) -> Report:
    """Repair each page and compare with the clean lines."""
    before = after = ZERO
    own = lines_worse = lines_better = pages_worse = 0
    for page in page_pairs:
        noisy = "\n".join(n for n, _ in page)
        clean = "\n".join(c for _, c in page)
        repaired = repairer.repair(noisy)
        own += repairer.condition(noisy) == condition
        page_before, page_after = score(clean, noisy), score(clean, repaired)
        before, after = before + page_before, after + page_after
        pages_worse += page_after.char_distance > page_before.char_distance
        for (n, c), r in zip(page, repaired.split("\n")):
            change = Levenshtein.distance(c, r) - Levenshtein.distance(c, n)
            lines_worse += change > 0
            lines_better += change < 0
    removed = 1 - after.char_distance / before.char_distance if before.char_distance else 0.0
    return Report(len(page_pairs), sum(map(len, page_pairs)), before.chars, own, before.cer, after.cer,
                  before.wer, after.wer, removed, lines_worse, lines_better, pages_worse)


def evaluate(lang: str = "hu", root: Path | None = None, split: str = "heldout",
             settings: Settings = Settings()) -> dict[str, dict]:
    """The report of each OCR condition on a split's pages (held-out by default; train for tuning)."""
    root = root or training.TRAINING
    repairer = make_repairer(lang, settings=settings, root=root)
    return {condition: asdict(measure(repairer, condition, pages(root, split, condition)))
            for condition in conditions(split, root)}
