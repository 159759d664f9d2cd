"""The figures of the edition against the gold (issue item 6), as anyone can recompute them.

CER is `pipeline.workbench.evaluate`'s (dinglehopper's: NFC, grapheme clusters, Levenshtein), summed over
the gold rules or the held-out lines (distance over length, not a mean of rates):

- hu-nc-ocr1 raw, and after the repair stage alone (goal ≤ 2 %);
- the collated edition hu-nc as the print reads (a misprint's <sic>, not its correction;
  goal ≤ 0.1 %), and for comparison hu-nc-ocr2 alone and the collation before the editorial
  corrections;
- on synthetic pages never used for training (corpus/training/heldout/), Tesseract `eng`
  output before and after repair (goal: ≥ 75 % of the errors removed) and `hun` output.

A figure that cannot be measured (no trained repair, no held-out data) is None with a note.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .. import corpus
from ..build import segment_source
from ..spans import diplomatic
from ..collate.edition import collate_edition, repaired_source
from ..errors import InputError
from .evaluate import ZERO, Score, score
from .gold import printed, read_gold_texts
from ..model import Line, Unit
from ..paths import TRAINING

HELDOUT = TRAINING / "heldout"
ENGINES = ("eng", "hun")


@dataclass
class Figure:
    """One measured text against its ground truth; `score` None when it cannot be measured."""

    name: str
    score: Score | None
    goal: str | None = None
    met: bool | None = None
    note: str | None = None


@dataclass
class Figures:
    """The figures, with what the gold holds."""

    gold_units: list[str]
    figures: list[Figure] = field(default_factory=list)
    removed: dict[str, float | None] = field(default_factory=dict)   # engine → share of errors repair removed


def compute(heldout: Path = HELDOUT) -> Figures:
    """Every figure of item 6."""
    gold = read_gold_texts()
    texts = corpus.load_corpus()
    ocr1, ocr2, edition = (texts[s] for s in ("hu-nc-ocr1", "hu-nc-ocr2", "hu-nc"))
    out = Figures(list(gold))
    out.figures.append(Figure("hu-nc-ocr1 raw", _against(gold, ocr1.units)))
    try:
        repaired = repaired_source(ocr1.witness)
        cer = _against(gold, ocr1.units, repaired.text)
        out.figures.append(Figure("hu-nc-ocr1 repaired", cer, "≤ 2%", cer.cer <= 0.02))
    except InputError as error:
        out.figures.append(Figure("hu-nc-ocr1 repaired", None, "≤ 2%", note=f"repair unavailable: {error}"))
    out.figures.append(Figure("hu-nc-ocr2 raw", _against(gold, ocr2.units)))
    uncorrected = collate_edition(edition.witness, {t.witness.siglum: t.witness for t in texts.values()},
                                  segment_source)
    out.figures.append(Figure("hu-nc collated, before corrections", _against(gold, uncorrected.units, diplomatic)))
    cer = _against(gold, edition.units, diplomatic)
    out.figures.append(Figure("hu-nc collated", cer, "≤ 0.1%", cer.cer <= 0.001))
    for engine in ENGINES:
        before, after, note = _heldout(heldout / f"{engine}.tsv")
        removed = (1 - after.char_distance / before.char_distance) if after and before.char_distance else None
        out.removed[engine] = removed
        goal = "≥ 75% of errors removed" if engine == "eng" else None
        out.figures.append(Figure(f"heldout {engine} raw", before, note=note))
        out.figures.append(Figure(f"heldout {engine} repaired", after, goal,
                                  None if removed is None or not goal else removed >= 0.75, note))
    return out


def _against(gold: dict[str, str], units: list[Unit], line_text: Callable[[Line], str] = lambda l: l.text) -> Score:
    """The summed score of a transcript's units against the gold units of the same number."""
    by_path = {u.path: u for top in units for u in top.walk()}
    total = ZERO
    for unit_id, text in gold.items():
        unit = by_path.get(unit_id.split(".", 1)[1])
        total += score(text, printed(unit, line_text) if unit else "")
    return total


def _heldout(path: Path) -> tuple[Score | None, Score | None, str | None]:
    """Scores of held-out OCR lines before and after repair, or a note saying why there are none."""
    if not path.exists():
        return None, None, f"no held-out data at {path} (made by `ecarte synth`)"
    from ..repair import repair_text
    from .synth.generate import read_pairs

    pairs = read_pairs(path)
    before = sum((score(clean, noisy) for noisy, clean in pairs), ZERO)
    try:
        fixed = repair_text("\n".join(noisy for noisy, _ in pairs)).split("\n")
    except InputError as error:
        return before, None, f"repair unavailable: {error}"
    after = sum((score(clean, out) for (_, clean), out in zip(pairs, fixed)), ZERO)
    return before, after, None


def to_json(figures: Figures) -> dict:
    """The figures as plain data; an unmeasurable figure's rates are null and its note says why."""
    return {
        "gold": {"units": figures.gold_units, "rules": len(figures.gold_units)},
        "figures": [{"name": f.name, **_rates(f.score), "goal": f.goal, "met": f.met, "note": f.note}
                    for f in figures.figures],
        "errors_removed_by_repair": figures.removed,
    }


def to_text(figures: Figures) -> str:
    """A table of the figures, then the notes."""
    rows = [("text", "CER", "WER", "char dist/len", "goal")]
    for f in figures.figures:
        rates = _rates(f.score)
        rows.append((f.name, _percent(rates["cer"]), _percent(rates["wer"]),
                     f"{rates['char_distance']}/{rates['chars']}" if f.score else "—",
                     f"{f.goal} {'met' if f.met else 'NOT met' if f.met is False else ''}".strip() if f.goal else ""))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]
    lines += [f"errors removed by repair ({engine}): {_percent(share)}"
              for engine, share in figures.removed.items()]
    lines.append(f"gold: {len(figures.gold_units)} rules of hu-nc (tests/gold/)")
    notes = dict.fromkeys(f.note for f in figures.figures if f.note)
    lines += [f"note: {note}" for note in notes]
    return "\n".join(lines)


def _rates(s: Score | None) -> dict:
    if s is None:
        return {"cer": None, "wer": None, "char_distance": None, "chars": None}
    return {"cer": s.cer, "wer": s.wer, "char_distance": s.char_distance, "chars": s.chars}


def _percent(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.3f}%"
