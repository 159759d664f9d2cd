"""How much repair removes of the OCR errors of the synthetic pages of a split, per OCR condition.

Each page is repaired on its own, as `ecarte ocr --repair` repairs a page, its engine's channel
chosen from its text; the figures are summed over the pages, and over the hard pages apart (those the
engine alone reads with at least 1.5 % CER, the goal's figure). A line or page repair leaves with more
errors than it had counts as worsened.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from rapidfuzz.distance import Levenshtein

from ..errors import InputError
from ..workbench.evaluate import ZERO, Score, score
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


HARD_PAGE_CER = 0.015
"""A page the engine alone reads with at least this CER is hard: repair must take it below the goal's 1.5 %."""


@dataclass(frozen=True)
class PageOutcome:
    """One page repaired: its errors before and after, whether its engine was recognized, its lines' changes."""

    before: Score
    after: Score
    own_channel: bool
    lines: int
    lines_worse: int
    lines_better: int


def repair_page(repairer: Repairer, condition: str, page: list[Pair]) -> PageOutcome:
    """Repair a page's noisy lines as one text and compare them with its clean lines, line by line."""
    noisy = "\n".join(n for n, _ in page)
    clean = "\n".join(c for _, c in page)
    repaired = repairer.repair(noisy)
    changes = [Levenshtein.distance(c, r) - Levenshtein.distance(c, n)
               for (n, c), r in zip(page, repaired.split("\n"))]
    return PageOutcome(score(clean, noisy), score(clean, repaired), repairer.condition(noisy) == condition,
                       len(page), sum(change > 0 for change in changes), sum(change < 0 for change in changes))


def summarize(outcomes: list[PageOutcome]) -> Report:
    """The figures of a set of repaired pages, their errors summed."""
    before = sum((o.before for o in outcomes), ZERO)
    after = sum((o.after for o in outcomes), ZERO)
    removed = 1 - after.char_distance / before.char_distance if before.char_distance else 0.0
    return Report(len(outcomes), sum(o.lines for o in outcomes), before.chars, sum(o.own_channel for o in outcomes),
                  before.cer, after.cer, before.wer, after.wer, removed,
                  sum(o.lines_worse for o in outcomes), sum(o.lines_better for o in outcomes),
                  sum(o.after.char_distance > o.before.char_distance for o in outcomes))


def evaluate(lang: str = "hu", root: Path | None = None, split: str = "heldout",
             settings: Settings = Settings()) -> dict[str, dict]:
    """The report of each OCR condition on a split's pages (held-out by default; train for tuning), with
    that of its hard pages (`HARD_PAGE_CER`) under "hard" (None: there are none)."""
    root = root or training.TRAINING
    repairer = make_repairer(lang, settings=settings, root=root)
    reports = {}
    for condition in conditions(split, root):
        outcomes = [repair_page(repairer, condition, page) for page in pages(root, split, condition)]
        hard = [o for o in outcomes if o.before.cer >= HARD_PAGE_CER]
        reports[condition] = asdict(summarize(outcomes)) | {"hard": asdict(summarize(hard)) if hard else None}
    return reports
